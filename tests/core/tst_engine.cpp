// Engine-wide properties: determinism, time conservation, invariants, live commands.
#include "output/recorder.h"
#include "output/summarize.h"
#include "sim/engine.h"
#include "testutil.h"

#include <QtTest>

#include <map>
#include <thread>

using namespace core;
using nlohmann::json;

namespace {

std::string runJson(std::shared_ptr<const ScenarioSpec> spec, SimTime until) {
    Engine e(std::move(spec));
    e.runUntil(until);
    return toJson(summarize(e), false);
}

std::shared_ptr<const ScenarioSpec> builtin(const std::string& name, std::optional<uint64_t> seed = {}) {
    auto r = loadScenario("builtin:" + name);
    if (!r.ok())
        throw std::runtime_error(r.errors[0]);
    if (seed)
        r.spec->seed = *seed;
    return std::make_shared<const ScenarioSpec>(std::move(*r.spec));
}

} // namespace

class TestEngine : public QObject {
    Q_OBJECT
private slots:
    void deterministic() {
        const std::string a = runJson(builtin("default"), SimTime::s(3));
        const std::string b = runJson(builtin("default"), SimTime::s(3));
        QCOMPARE(a, b);
        const std::string c = runJson(builtin("default", 7), SimTime::s(3));
        QVERIFY(a != c); // the seed matters
    }

    void enginesShareNothingAcrossThreads() {
        const std::string sequential = runJson(builtin("default"), SimTime::s(2));
        std::string r1, r2;
        std::thread t1([&] { r1 = runJson(builtin("default"), SimTime::s(2)); });
        std::thread t2([&] { r2 = runJson(builtin("default"), SimTime::s(2)); });
        t1.join();
        t2.join();
        QCOMPARE(r1, sequential);
        QCOMPARE(r2, sequential);
    }

    void everySwitchIsRecordedAsSchedSwitchReportsIt() {
        // What the GUI's detail panel reads: one record per counted context switch, chained per
        // CPU (each switch's prev is the previous switch's next), preemptions matching the
        // tasks' involuntary switch counts.
        struct Switches : TraceSink {
            std::vector<SwitchRecord> all;
            void slice(const Slice&) override {}
            void migration(const MigrationRecord&) override {}
            void marker(const Marker&) override {}
            void contextSwitch(const SwitchRecord& s) override { all.push_back(s); }
        } log;
        uint64_t checked = 0; // live tasks compared (exited ones are gone from the table)
        for (const char* name : {"default", "autogroup-exit", "psi-clock-pipe"}) {
            log.all.clear();
            auto spec = builtin(name);
            Engine e(spec);
            e.setTraceSink(&log);
            e.runUntil(std::min(spec->duration, SimTime::ms(500)));
            QCOMPARE(uint64_t(log.all.size()), e.counters().contextSwitches);
            QVERIFY(log.all.size() > 100);
            std::vector<TaskId> running(e.machine().topology().nrCpus(), TaskId::invalid());
            std::map<uint32_t, uint64_t> preempted, voluntary;
            SimTime last;
            for (const SwitchRecord& r : log.all) {
                QVERIFY(r.time >= last);
                last = r.time;
                QCOMPARE(r.prev, running[r.cpu]);
                running[r.cpu] = r.next;
                if (r.next.valid())
                    QVERIFY(r.nextRunnableSince <= r.time);
                if (!r.prev.valid())
                    continue;
                if (r.prevState == TaskState::Runnable)
                    ++preempted[r.prev.value()];
                else if (r.prevState != TaskState::Dead)
                    ++voluntary[r.prev.value()];
                QVERIFY(r.prevState != TaskState::Running && r.prevState != TaskState::New);
            }
            e.tasks().forEach([&](const Task& t) {
                QCOMPARE(preempted[t.id.value()], t.nivcsw);
                QCOMPARE(voluntary[t.id.value()], t.nvcsw);
                ++checked;
            });
        }
        QVERIFY(checked > 10);
    }

    void invariantsHoldAtEveryEvent() {
        auto spec = std::make_shared<ScenarioSpec>(*builtin("default"));
        spec->duration = SimTime::s(9); // covers every timeline entry but the last spawn's end
        Engine e(spec);
        QCOMPARE(testutil::runChecked(e), std::string());
    }

    void cpuTimeIsConserved() {
        Engine e(builtin("default"));
        e.runUntil(SimTime::ms(2500));
        e.flushTrace(); // accounting catches up with the clock
        SimTime busySum, overheadSum;
        for (const Rq& rq : e.machine().rqs()) {
            SimTime busy, idle, overhead;
            e.cpuTimesNow(rq, busy, idle, overhead);
            QCOMPARE((busy + idle + overhead).count(), e.now().count());
            QVERIFY(overhead.count() > 0 && busy.count() > 0);
            busySum += busy;
            overheadSum += rq.overhead; // including work charged past now
        }
        // Every nanosecond of busy time is exactly one task's user time; system time is the
        // part of the overhead done in a task's context.
        SimTime user, sys;
        e.tasks().forEach([&](const Task& t) {
            user += t.userTime;
            sys += t.sysTime;
        });
        for (const ExitRecord& r : e.exitRecords()) {
            user += r.user;
            sys += r.system;
        }
        QCOMPARE(user.count(), busySum.count());
        QVERIFY(sys <= overheadSum);
        QVERIFY(sys.count() > overheadSum.count() / 2);
    }

    void endsEarlyWhenEveryTaskExited() {
        Engine e(testutil::load(testutil::baseScenario()));
        e.runToEnd();
        QVERIFY(e.finished());
        QVERIFY(e.now() < SimTime::ms(2));
        QVERIFY(e.now() >= SimTime::ms(1));
    }

    void liveCommandsApplyAndAreLogged() {
        Engine e(builtin("default"));
        e.runUntil(SimTime::ms(700));
        QVERIFY(e.setOptimization(Optimization::PsiClockOnce, false).ok);
        QVERIFY(!e.optimizations().test(Optimization::PsiClockOnce));
        auto mv = e.moveTasks("cc#*", "/user.slice");
        QVERIFY(mv.ok);
        QCOMPARE(mv.affected, size_t(4));
        e.tasks().forEach([&](const Task& t) {
            if (t.name.rfind("cc#", 0) == 0)
                QCOMPARE(e.cgroups().at(t.cgroup).path, std::string("/user.slice"));
        });
        QVERIFY(e.setCgroupWeight("/batch", 1000).ok);
        QVERIFY(!e.setCgroupWeight("/", 5).ok);
        QVERIFY(!e.setCgroupWeight("/nope", 5).ok);
        QVERIFY(!e.moveTasks("nobody", "/batch").ok);
        QVERIFY(!e.moveTasks("cc#0", "/nope").ok);
        auto spawned = std::make_shared<TaskSpec>();
        spawned->name = "extra";
        spawned->count = 2;
        spawned->program.push_back(ActionSpec{
            ActionKind::Run, {DurationDist::Kind::Fixed, SimTime::ms(5), SimTime::ms(5)}, {}, 0, {}, {}});
        QVERIFY(e.spawn(spawned).ok);
        auto bad = std::make_shared<TaskSpec>();
        bad->name = "bad";
        bad->program.push_back(ActionSpec{ActionKind::Recv, {}, "nochannel", 0, {}, {}});
        QVERIFY(!e.spawn(bad).ok);
        QVERIFY(e.kill("db#1").ok);
        QCOMPARE(e.commandLog().size(), size_t(5));
        QCOMPARE(e.commandLog()[0].at, SimTime::ms(700));
        e.runUntil(SimTime::s(1));
        QCOMPARE(e.checkInvariants(), std::string());
        QVERIFY(!e.findTask(TaskId(9999999)));
    }

    void recorderSnapshotsLoseNothing() {
        Engine e(builtin("default"));
        Recorder rec;
        e.setTraceSink(&rec);
        Snapshot merged;
        size_t migrations = 0;
        SimTime t;
        while (!e.finished() && t < SimTime::s(2)) {
            t += SimTime::ms(37);
            e.runUntil(t);
            auto s = rec.take(e, false);
            migrations += s->migrations.size();
            merged.absorb(std::move(*s));
        }
        QCOMPARE(uint64_t(migrations), e.counters().migrations);
        QCOMPARE(uint64_t(merged.migrations.size()), e.counters().migrations);
        // Slices of each CPU tile its busy + overhead time up to the last snapshot.
        std::vector<SimTime> covered(e.machine().nrCpus());
        for (const Slice& s : merged.slices)
            covered[s.cpu] += s.end - s.start;
        for (const Rq& rq : e.machine().rqs()) {
            SimTime busy, idle, overhead;
            e.cpuTimesNow(rq, busy, idle, overhead);
            QCOMPARE(covered[rq.cpu].count(), (busy + overhead).count());
        }
    }
};

QTEST_APPLESS_MAIN(TestEngine)
#include "tst_engine.moc"
