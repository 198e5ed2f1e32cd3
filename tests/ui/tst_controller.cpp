// SimulationController: the engine on its thread, snapshots to the GUI without loss, commands
// from the GUI applied between slices.
#include "controller/format.h"
#include "controller/session.h"
#include "controller/simulationcontroller.h"
#include "report/snapshot.h"
#include "scenario/loader.h"

#include <QSignalSpy>
#include <QtTest>

#include <thread>

using namespace core;
using namespace ui;

namespace {

std::shared_ptr<const ScenarioSpec> spec(const std::string& fileOrBuiltin) {
    LoadResult r = loadScenario(fileOrBuiltin);
    if (!r.ok())
        throw std::runtime_error(r.errors.front());
    return std::make_shared<const ScenarioSpec>(std::move(*r.spec));
}

std::shared_ptr<const ScenarioSpec> specText(const std::string& text) {
    LoadResult r = loadScenarioText(text, "test.json");
    if (!r.ok())
        throw std::runtime_error(r.errors.front());
    return std::make_shared<const ScenarioSpec>(std::move(*r.spec));
}

/// Two cgroups, CPU-bound tasks in /a, one in /b; runs 2 s.
std::string twoGroups() {
    // v4.11: the five changes are switches there (the live toggles below).
    return "{\"format\": 1, \"name\": \"two groups\", \"duration\": \"2s\", \"kernel\": {\"model\": "
           "\"v4.11\"},"
           "\"topology\": {\"sockets\": 1, \"cores_per_socket\": 2, \"threads_per_core\": 2, \"numa_nodes\": "
           "1},"
           "\"cgroups\": [{\"path\": \"/a\"}, {\"path\": \"/b\"}],"
           "\"tasks\": [{\"name\": \"hog\", \"count\": 3, \"cgroup\": \"/a\", \"program\": [{\"loop\": -1, "
           "\"do\": "
           "[{\"run\": \"3ms\"}, {\"sleep\": \"1ms\"}]}]},"
           "{\"name\": \"lone\", \"cgroup\": \"/b\", \"program\": [{\"run\": \"10s\"}]}]}";
}

/// The newest snapshot a spy has seen.
std::shared_ptr<const Snapshot> last(const QSignalSpy& spy) {
    return spy.isEmpty() ? nullptr : spy.last().first().value<std::shared_ptr<const Snapshot>>();
}

/// Waits until `pred` holds for the newest snapshot (processing events meanwhile).
template <typename Pred>
bool waitFor(QSignalSpy& spy, Pred pred, int timeoutMs = 10000) {
    return QTest::qWaitFor([&] { return !spy.isEmpty() && pred(*last(spy)); }, timeoutMs);
}

} // namespace

Q_DECLARE_METATYPE(std::shared_ptr<const core::Snapshot>)

class TestController : public QObject {
    Q_OBJECT
private slots:
    // ---- how the ui writes a time (format.h) ----------------------------------------------------

    void timesRoundOneWayEverywhere() {
        // Half away from zero from the integer nanoseconds: a wait of 3,731,500 ns read 3.731 ms
        // in one place and 3.732 ms in another when binary fractions did the rounding.
        QCOMPARE(formatNs(3'731'500), QStringLiteral("3.732 ms"));
        QCOMPARE(formatNs(3'731'499), QStringLiteral("3.731 ms"));
        QCOMPARE(formatNs(-3'731'500), QStringLiteral("-3.732 ms"));
        QCOMPARE(formatNs(2'500'000'000), QStringLiteral("2.500 s"));
        QCOMPARE(formatNs(800), QStringLiteral("800 ns"));
        QCOMPARE(formatNs(0), QStringLiteral("0 ns"));
        // 999.9996 ms is a second, not "1000.000 ms".
        QCOMPARE(formatNs(999'999'600), QStringLiteral("1.000 s"));
        QCOMPARE(formatNsShort(3'731'500), QStringLiteral("3.73 ms"));
        QCOMPARE(formatNsShort(4'320), QStringLiteral("4.32 us"));
        QCOMPARE(formatNsShort(60'740), QStringLiteral("60.7 us"));
    }

    void timesHaveTheDigitsTheirSpanNeeds() {
        // The issue's "from 1.559 s to 1.559 s (188.938 us)": the ends of a span read apart.
        const SimNs from = 1'559'204'310, to = from + 188'938;
        QCOMPARE(resolutionFor(to - from), SimNs(1'000));
        QCOMPARE(formatNs(from, resolutionFor(to - from)), QStringLiteral("1.559204 s"));
        QCOMPARE(formatNs(to, resolutionFor(to - from)), QStringLiteral("1.559393 s"));
        QVERIFY(formatNs(from, resolutionFor(to - from)) != formatNs(to, resolutionFor(to - from)));
        QCOMPARE(formatNs(to - from), QStringLiteral("188.938 us"));
        // Ruler ticks: the decimals a tick every `step` needs, in the time's own unit.
        QCOMPARE(formatNs(130'200'000, 200'000), QStringLiteral("130.2 ms"));
        QCOMPARE(formatNs(130'000'000, 200'000), QStringLiteral("130.0 ms"));
        QCOMPARE(formatNs(2'000'000'000, 500'000'000), QStringLiteral("2.0 s"));
        QCOMPARE(formatNs(500'000'000, 100'000'000), QStringLiteral("500 ms"));
        QCOMPARE(formatNs(0, 100'000'000), QStringLiteral("0 ns"));
        QCOMPARE(formatNs(1500, 20), QStringLiteral("1.50 us"));
        QCOMPARE(formatNs(7'971'909'404'000, kEventResolution), QStringLiteral("7971.909404 s"));
    }

    void initTestCase() { qRegisterMetaType<std::shared_ptr<const core::Snapshot>>(); }

    void snapshotsArriveWhileRunning() {
        SimulationController c;
        QSignalSpy spy(&c, &SimulationController::snapshot);
        c.open(spec("builtin:default"));
        QVERIFY(waitFor(spy, [](const Snapshot& s) { return s.time == SimTime(); }));
        c.setSpeed(0);
        c.run();
        QVERIFY(QTest::qWaitFor([&] { return c.isRunning(); }, 5000));
        // Several snapshots while it runs, with time moving forward.
        QVERIFY(QTest::qWaitFor([&] { return spy.size() >= 5; }, 10000));
        SimTime prev;
        for (const auto& args : spy) {
            const auto s = args.first().value<std::shared_ptr<const Snapshot>>();
            QVERIFY(s->time >= prev);
            prev = s->time;
        }
        QVERIFY(prev > SimTime());
        c.pause();
        QVERIFY(QTest::qWaitFor([&] { return !c.isRunning(); }, 5000));
    }

    void nothingIsLostWhenTheGuiIsSlow() {
        SimulationController c;
        uint64_t migrations = 0, slices = 0, snapshots = 0;
        std::shared_ptr<const Snapshot> final;
        connect(&c, &SimulationController::snapshot, this, [&](std::shared_ptr<const Snapshot> s) {
            migrations += s->migrations.size();
            slices += s->slices.size();
            ++snapshots;
            final = s;
            // A GUI thread far slower than the worker's publishing rate.
            std::this_thread::sleep_for(std::chrono::milliseconds(40));
        });
        c.open(spec("builtin:default"));
        c.setSpeed(0);
        c.run();
        QVERIFY(QTest::qWaitFor([&] { return final && final->finished; }, 60000));
        QVERIFY(final->counters.migrations > 1000);
        QCOMPARE(migrations, final->counters.migrations);
        QVERIFY(slices > 0);
        // The worker had to merge: more posts than deliveries.
        QVERIFY2(c.mergedSnapshots() > 0, "the slow reader never made the worker merge");
        qInfo("%llu snapshots delivered, %llu merged into unread ones, %llu migrations",
              static_cast<unsigned long long>(snapshots),
              static_cast<unsigned long long>(c.mergedSnapshots()),
              static_cast<unsigned long long>(migrations));
    }

    void stepCommands() {
        SimulationController c;
        QSignalSpy spy(&c, &SimulationController::snapshot);
        c.open(spec("builtin:default"));
        QVERIFY(waitFor(spy, [](const Snapshot&) { return true; }));
        const uint64_t events0 = last(spy)->counters.events;
        c.stepEvent();
        QVERIFY(waitFor(spy, [&](const Snapshot& s) { return s.counters.events == events0 + 1; }));
        c.stepTick();
        // The default scenario runs at 250 Hz: the next jiffy boundary is 4 ms.
        QVERIFY(waitFor(spy, [](const Snapshot& s) { return s.time == SimTime::ms(4); }));
        c.stepFor(SimTime::ms(10));
        QVERIFY(waitFor(spy, [](const Snapshot& s) { return s.time == SimTime::ms(14); }));
        QVERIFY(QTest::qWaitFor([&] { return !c.isRunning(); }, 5000));
        c.runTo(SimTime::ms(100));
        QVERIFY(waitFor(spy, [](const Snapshot& s) { return s.time == SimTime::ms(100); }));
        c.reset();
        QVERIFY(
            waitFor(spy, [](const Snapshot& s) { return s.time == SimTime() && s.counters.events == 0; }));
    }

    void liveCommandsChangeTheEngine() {
        SimulationController c;
        QSignalSpy spy(&c, &SimulationController::snapshot);
        QSignalSpy done(&c, &SimulationController::commandDone);
        c.open(specText(twoGroups()));
        c.stepFor(SimTime::ms(20));
        QVERIFY(waitFor(spy, [](const Snapshot& s) { return s.time == SimTime::ms(20); }));

        // Toggle: the engine's set changes and a marker records it.
        QVERIFY(last(spy)->optimizations.test(Optimization::PreferSiblingLocal));
        c.setOptimization(Optimization::PreferSiblingLocal, false);
        QVERIFY(waitFor(
            spy, [](const Snapshot& s) { return !s.optimizations.test(Optimization::PreferSiblingLocal); }));
        bool marker = false;
        for (const auto& args : spy)
            for (const Marker& m : args.first().value<std::shared_ptr<const Snapshot>>()->markers)
                marker = marker || m.label.find("prefer_sibling_local") != std::string::npos;
        QVERIFY(marker);

        // Weight of /b.
        c.setCgroupWeight(QStringLiteral("/b"), 400);
        QVERIFY(waitFor(spy, [](const Snapshot& s) {
            for (const CgroupState& cg : s.cgroups)
                if (cg.path == "/b")
                    return cg.weight == 400u;
            return false;
        }));

        // Move the lone task from /b to /a: the live sched_move_task.
        TaskId lone;
        for (const TaskInfo& t : last(spy)->tasks)
            if (t.name == "lone")
                lone = t.id;
        QVERIFY(lone.valid());
        c.moveTask(lone, QStringLiteral("/a"));
        QVERIFY(waitFor(spy, [&](const Snapshot& s) {
            uint32_t a = 0;
            for (const CgroupState& cg : s.cgroups)
                if (cg.path == "/a")
                    a = cg.id.value();
            for (const TaskInfo& t : s.tasks)
                if (t.id == lone)
                    return t.cgroup.value() == a;
            return false;
        }));
        QVERIFY(QTest::qWaitFor([&] { return done.size() >= 3; }, 5000));
        for (const auto& args : done)
            QVERIFY2(args.first().toBool(), qPrintable(args.at(1).toString()));

        // A bad command is reported, and nothing changes.
        c.setCgroupWeight(QStringLiteral("/nope"), 100);
        QVERIFY(QTest::qWaitFor([&] { return done.size() >= 4; }, 5000));
        QVERIFY(!done.last().first().toBool());
    }

    void aLiveQuotaThrottlesTheGroupAndShowsWhere() {
        // cpu.max set live on a group whose hog had a CPU to itself: the snapshots carry the limit
        // and cpu.stat, History the throttled stretches of that CPU, the tree the limit.
        Session s;
        s.open(specText(R"({"format": 1, "name": "bw", "duration": "2s", "kernel": {"model": "v6.12"},
            "topology": {"sockets": 1, "cores_per_socket": 1, "threads_per_core": 1, "numa_nodes": 1},
            "tasks": [{"name": "hog", "cgroup": "/lim", "program": [{"run": "10s"}]}]})"));
        s.controller().stepFor(SimTime::ms(100));
        QVERIFY(QTest::qWaitFor([&] { return s.history().now() >= SimTime::ms(100).count(); }, 10000));
        CpuMax max;
        max.quota = SimTime::ms(10);
        s.controller().setCgroupMax(QStringLiteral("/lim"), max);
        s.controller().runTo(SimTime::ms(600));
        QVERIFY(QTest::qWaitFor([&] { return s.history().now() >= SimTime::ms(600).count(); }, 10000));
        const CgroupState* lim = nullptr;
        for (const CgroupState& c : s.history().latest().cgroups)
            if (c.path == "/lim")
                lim = &c;
        QVERIFY(lim);
        QCOMPARE(lim->max, max);
        QVERIFY2(lim->cpuStat.nrThrottled >= 4, qPrintable(QString::number(lim->cpuStat.nrThrottled)));
        // Every period after the change the hog waits about 90 ms: History holds those stretches.
        SimNs throttled = 0;
        for (const Throttled& t : s.history().throttled(0)) {
            QCOMPARE(t.cgroup, lim->id.value());
            QVERIFY(t.start >= SimTime::ms(100).count());
            throttled += t.end - t.start;
        }
        QVERIFY2(throttled > SimTime::ms(350).count() && throttled < SimTime::ms(480).count(),
                 qPrintable(QString::number(throttled)));
    }

    void theFinalSnapshotIsFinal() {
        // autogroup-exit ends when its last task exits: nothing may still look alive.
        Session s;
        s.open(spec("builtin:autogroup-exit"));
        s.controller().runTo(SimTime::s(60));
        QVERIFY(QTest::qWaitFor([&] { return s.history().latest().finished; }, 60000));
        const Snapshot& end = s.history().latest();
        QCOMPARE(end.counters.exits, end.counters.forks + 1); // every child and bash
        QVERIFY2(end.tasks.empty(), qPrintable(QString::number(end.tasks.size())));
        for (const CpuState& c : end.cpus)
            QVERIFY(!c.curr.valid());
        // The tree's source, a merge of snapshots, says the same as a single one.
        Snapshot older;
        older.hasTasks = true;
        older.tasks.push_back({TaskId(1), "bash", CgroupId(1), TaskState::Running, 0, {}});
        Snapshot last;
        last.hasTasks = true; // taken with the task list, and it is empty
        older.absorb(std::move(last));
        QVERIFY(older.tasks.empty());
        Snapshot withoutList; // a snapshot that did not take the list leaves it as it was
        Snapshot known;
        known.hasTasks = true;
        known.tasks.push_back({TaskId(2), "x", CgroupId(0), TaskState::Sleeping, 0, {}});
        known.absorb(std::move(withoutList));
        QCOMPARE(known.tasks.size(), size_t(1));
    }

    void aNewRunDropsTheOldRunsSnapshots() {
        Session session;
        session.open(spec("builtin:default"));
        session.controller().setSpeed(0);
        session.controller().run();
        QVERIFY(QTest::qWaitFor([&] { return session.history().now() > 50000000; }, 10000));
        // Open a different machine while the first still runs: nothing of the old run may reach
        // the new History (its CPU count would not even match).
        session.open(specText(twoGroups()));
        QVERIFY(QTest::qWaitFor([&] { return session.history().snapshotsReceived() > 0; }, 10000));
        QCOMPARE(session.history().nrCpus(), 4u);
        QCOMPARE(session.history().now(), int64_t(0));
        session.controller().stepFor(SimTime::ms(10));
        QVERIFY(QTest::qWaitFor([&] { return session.history().now() == 10000000; }, 10000));
        for (const core::CgroupState& cg : session.history().latest().cgroups)
            QVERIFY(cg.path == "/" || cg.path == "/a" || cg.path == "/b");
    }
};

QTEST_MAIN(TestController)
#include "tst_controller.moc"
