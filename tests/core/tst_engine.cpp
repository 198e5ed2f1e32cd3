// Engine-wide properties: determinism, time conservation, invariants, live commands.
#include "output/recorder.h"
#include "output/summarize.h"
#include "report/snapshot.h"
#include "report/summary.h"
#include "scenario/loader.h"
#include "sim/engine.h"
#include "testutil.h"

#include <nlohmann/json.hpp>

#include <QtTest>

#include <map>
#include <set>
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

Snapshot snapshotAt(int64_t ms, uint32_t slices, bool withTasks) {
    Snapshot s;
    s.generation = 7;
    s.time = SimTime::ms(ms);
    s.counters.contextSwitches = static_cast<uint64_t>(ms);
    s.cpus.resize(2);
    CgroupState& g = s.cgroups.emplace_back();
    g.id = CgroupId(0);
    g.path = "/";
    g.usage = SimTime::ms(ms);
    for (uint32_t i = 0; i < slices; ++i)
        s.slices.push_back(
            {0, SliceKind::Task, TaskId(i), CgroupId(0), SimTime::ms(ms), SimTime::ms(ms + 1)});
    s.hasTasks = withTasks;
    if (withTasks)
        s.tasks.push_back({TaskId(1), "t" + std::to_string(ms), CgroupId(0), TaskState::Running, 0, {}});
    return s;
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
        spawned->program.push_back(
            ActionSpec{.kind = ActionKind::Run,
                       .duration = {DurationDist::Kind::Fixed, SimTime::ms(5), SimTime::ms(5)}});
        QVERIFY(e.spawn(spawned).ok);
        auto bad = std::make_shared<TaskSpec>();
        bad->name = "bad";
        bad->program.push_back(ActionSpec{.kind = ActionKind::Recv, .name = "nochannel"});
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
    // What the engine reports (report/): a snapshot folds newer ones in without losing a
    // record, a reader can take only the state, and the counters reach every output through
    // one catalogue.
    void absorbKeepsEveryDeltaAndTheNewestState() {
        Snapshot older = snapshotAt(1, 2, true);
        older.absorb(snapshotAt(2, 3, false));
        QCOMPARE(older.slices.size(), size_t{5});
        QCOMPARE(older.time, SimTime::ms(2));
        QCOMPARE(older.counters.contextSwitches, uint64_t{2});
        QCOMPARE(older.cgroups[0].usage, SimTime::ms(2));
        // The newer had no task list: the older one's stays the latest known.
        QVERIFY(older.hasTasks);
        QCOMPARE(older.tasks.at(0).name, std::string("t1"));
        older.absorb(snapshotAt(3, 0, true));
        QCOMPARE(older.tasks.at(0).name, std::string("t3"));
        QCOMPARE(older.slices.size(), size_t{5});
    }

    void adoptStateLeavesTheDeltas() {
        Snapshot latest;
        const Snapshot newer = snapshotAt(4, 3, true);
        latest.adoptState(newer);
        QVERIFY(latest.slices.empty());
        QCOMPARE(latest.time, SimTime::ms(4));
        QCOMPARE(latest.generation, uint64_t{7});
        QCOMPARE(latest.cpus.size(), size_t{2});
        QCOMPARE(latest.cgroups.at(0).path, std::string("/"));
        QCOMPARE(latest.tasks.size(), size_t{1});
        QCOMPARE(newer.slices.size(), size_t{3}); // copied from, not moved
    }

    // One catalogue: the summary's JSON has exactly its keys in its order, a trace's only those
    // a recording measures, and the text table the rows it marks.
    void countersComeFromTheCatalogue() {
        LoadResult r = loadScenario("builtin:default");
        QVERIFY(r.ok());
        ScenarioSpec spec = *r.spec;
        spec.duration = SimTime::ms(50);
        Engine e(std::make_shared<const ScenarioSpec>(std::move(spec)));
        e.runUntil(SimTime::ms(50));
        RunSummary s = summarize(e);
        std::vector<std::string> keys, traced;
        std::set<std::string> unique;
        for (const CounterInfo& info : counterCatalog()) {
            QVERIFY(!info.label.empty());
            QVERIFY(!info.meaning.empty());
            if (info.key.empty())
                continue;
            QVERIFY2(unique.insert(std::string(info.key)).second, info.key.data());
            keys.emplace_back(info.key);
            if (info.traced)
                traced.emplace_back(info.key);
        }
        auto keysOf = [](const std::string& json) {
            const nlohmann::ordered_json parsed = nlohmann::ordered_json::parse(json);
            std::vector<std::string> k;
            for (const auto& [key, value] : parsed["counters"].items())
                k.push_back(key);
            return k;
        };
        QCOMPARE(keysOf(toJson(s, false)), keys);
        const nlohmann::json j = nlohmann::json::parse(toJson(s, false));
        QCOMPARE(j["counters"]["context_switches"].get<uint64_t>(), s.counters.contextSwitches);
        QCOMPARE(j["counters"]["lock_wait_ns"].get<int64_t>(), s.counters.lockWait.count());
        s.trace = TraceSource{};
        QCOMPARE(keysOf(toJson(s, false)), traced);
        const std::string table = toTable(s);
        for (const CounterInfo& info : counterCatalog())
            if (info.inTable)
                QCOMPARE(table.find(std::string(info.label) + " ") != std::string::npos, info.traced);
    }

    void psiReportReadsByIndex() {
        PsiReport p;
        p.memory.full.avg[1] = 3 * 2048 + 1024; // 3.5%
        p.io.some.totalUs = 42;
        QCOMPARE(p.percent(1, true, 1), 3.5);
        QCOMPARE(p.line(2, false).totalUs, uint64_t{42});
        QCOMPARE(&p.resource(0), &p.cpu);
        QCOMPARE(formatPsiResource(p.memory),
                 std::string("some avg10=0.00 avg60=0.00 avg300=0.00 total=0\n"
                             "full avg10=0.00 avg60=3.50 avg300=0.00 total=0\n"));
    }
};

QTEST_APPLESS_MAIN(TestEngine)
#include "tst_engine.moc"
