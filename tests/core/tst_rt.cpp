// The RT class (SCHED_FIFO, SCHED_RR) on every kernel model: FIFO and RR order, preemption of
// fair tasks and by priority, select_task_rq_rt, push and pull, RT throttling (v4.11 with
// RT_RUNTIME_SHARE, v6.6) and the fair deadline server (v6.12). Each test names the rule it
// checks (docs/rt.md); each would fail without it.
#include "base/kernelmodel.h"
#include "sim/engine.h"
#include "testutil.h"

#include <QtTest>

using namespace core;
using nlohmann::json;

namespace {

json machine(const QString& model, int cpus, const json& tasks, const std::string& duration) {
    json j = testutil::baseScenario();
    j["duration"] = duration;
    j["topology"] = {{"sockets", 1}, {"cores_per_socket", cpus}, {"threads_per_core", 1}, {"numa_nodes", 1}};
    j["kernel"] = {{"model", model.toStdString()}};
    j["tasks"] = tasks;
    return j;
}

const Task& task(const Engine& e, const std::string& name) {
    const Task* found = nullptr;
    e.tasks().forEach([&](const Task& t) {
        if (t.name == name)
            found = &t;
    });
    if (!found)
        throw std::runtime_error("no task " + name);
    return *found;
}

double ms(SimTime t) {
    return static_cast<double>(t.count()) / 1e6;
}
double cpuMs(const Task& t) {
    return ms(t.userTime + t.sysTime);
}

/// Who ran on each CPU, switch by switch.
struct Switches : TraceSink {
    const Engine* engine = nullptr;
    struct Entry {
        SimTime time;
        uint32_t cpu;
        std::string prev, next;
    };
    std::vector<Entry> all;
    std::vector<MigrationRecord> migrations;
    void slice(const Slice&) override {}
    void marker(const Marker&) override {}
    void migration(const MigrationRecord& m) override { migrations.push_back(m); }
    void contextSwitch(const SwitchRecord& s) override {
        auto name = [&](TaskId id) {
            const Task* t = id.valid() ? engine->findTask(id) : nullptr;
            return t ? t->name : std::string();
        };
        all.push_back({s.time, s.cpu, name(s.prev), name(s.next)});
    }
    /// When `name` was switched in, in order.
    std::vector<SimTime> switchesTo(const std::string& name) const {
        std::vector<SimTime> out;
        for (const Entry& e : all)
            if (e.next == name)
                out.push_back(e.time);
        return out;
    }
};

json hog(const std::string& name, const std::string& policy, int prio, const std::string& run = "100s") {
    json t = {{"name", name}, {"program", json::array({{{"run", run}}})}};
    if (policy != "other") {
        t["policy"] = policy;
        t["rt_priority"] = prio;
    }
    return t;
}

} // namespace

class TestRt : public QObject {
    Q_OBJECT
private slots:
    void models_data() { testutil::addKernelModelRows(); }

    void fifoRunsToCompletionAmongEquals_data() { models_data(); }
    void fifoRunsToCompletionAmongEquals() {
        // SCHED_FIFO has no slice and an equal-priority wakeup does not preempt: the first
        // runs its 50 ms out, then the second.
        QFETCH(QString, model);
        Engine e(testutil::load(machine(
            model, 1, json::array({hog("a", "fifo", 50, "50ms"), hog("b", "fifo", 50, "50ms")}), "200ms")));
        QCOMPARE(testutil::runChecked(e), std::string());
        e.tasks().forEach([](const Task& t) { QCOMPARE(t.nivcsw, uint64_t{0}); });
        QCOMPARE(e.counters().contextSwitches, uint64_t{3}); // idle -> first -> second -> idle
    }

    void rrRotatesEvery100ms_data() { models_data(); }
    void rrRotatesEvery100ms() {
        // SCHED_RR: a 100 ms slice counted in ticks; at its end the task goes to the back of
        // its priority's list when another task waits there.
        QFETCH(QString, model);
        Engine e(testutil::load(machine(
            model, 1, json::array({hog("a", "rr", 30, "300ms"), hog("b", "rr", 30, "300ms")}), "1s")));
        Switches log;
        log.engine = &e;
        e.setTraceSink(&log);
        QCOMPARE(testutil::runChecked(e), std::string());
        std::vector<SimTime> turns;
        for (const auto& s : log.all)
            if (!s.prev.empty() && !s.next.empty())
                turns.push_back(s.time);
        // a b a b a b, 100 ms each (then the few microseconds of run the switches' system time
        // took from each slice).
        QVERIFY2(turns.size() >= 5 && turns.size() <= 7, qPrintable(QString::number(turns.size())));
        for (size_t i = 1; i < 5; ++i) {
            const double slice = ms(turns[i] - turns[i - 1]);
            QVERIFY2(slice > 99 && slice < 101, qPrintable(QString::number(slice)));
        }
        // Alone at its priority, an RR task keeps the CPU when its slice ends.
        Engine alone(testutil::load(
            machine(model, 1, json::array({hog("a", "rr", 30), hog("b", "rr", 20)}), "500ms")));
        QCOMPARE(testutil::runChecked(alone), std::string());
        QCOMPARE(task(alone, "a").nivcsw, uint64_t{0});
        // Its only wait is its start: the enqueue the CPU does before it switches to it.
        QVERIFY2(task(alone, "a").waitTime < SimTime::us(2),
                 qPrintable(QString::number(task(alone, "a").waitTime.count())));
    }

    void rtPreemptsFairAndFairNeverPreemptsRt_data() { models_data(); }
    void rtPreemptsFairAndFairNeverPreemptsRt() {
        QFETCH(QString, model);
        const json waker = json::parse(R"([{"loop": -1, "do": [{"run": "100us"}, {"sleep": "1ms"}]}])");
        json rtWaker = {{"name", "w"}, {"policy", "fifo"}, {"rt_priority", 1}, {"program", waker}};
        Engine e(testutil::load(machine(model, 1, json::array({hog("h", "other", 0), rtWaker}), "500ms")));
        QCOMPARE(testutil::runChecked(e, 7), std::string());
        const Task& w = task(e, "w");
        // Every wakeup of the RT task preempts the nice-0 hog at once.
        QVERIFY2(e.counters().wakeupPreemptions > 400,
                 qPrintable(QString::number(e.counters().wakeupPreemptions)));
        QVERIFY2(ms(w.waitTime) < 5, qPrintable(QString::number(ms(w.waitTime))));
        // The other way round a fair waker waits for the RT hog until RT throttling or the fair
        // server lets it run, which is after 950 ms: not within this half second.
        json fairWaker = {{"name", "w"}, {"program", waker}};
        Engine f(testutil::load(machine(model, 1, json::array({hog("h", "fifo", 1), fairWaker}), "500ms")));
        QCOMPARE(testutil::runChecked(f, 7), std::string());
        QCOMPARE(f.counters().wakeupPreemptions, uint64_t{0});
        QCOMPARE(cpuMs(task(f, "w")), 0.0);
    }

    void higherPriorityPreemptsLower_data() { models_data(); }
    void higherPriorityPreemptsLower() {
        QFETCH(QString, model);
        const json waker = json::parse(R"([{"loop": -1, "do": [{"run": "100us"}, {"sleep": "1ms"}]}])");
        for (int prio : {90, 10}) {
            json w = {{"name", "w"}, {"policy", "fifo"}, {"rt_priority", prio}, {"program", waker}};
            Engine e(testutil::load(machine(model, 1, json::array({hog("h", "fifo", 50), w}), "300ms")));
            QCOMPARE(testutil::runChecked(e, 7), std::string());
            if (prio > 50)
                QVERIFY2(ms(task(e, "w").waitTime) < 5,
                         qPrintable(QString::number(ms(task(e, "w").waitTime))));
            else
                QCOMPARE(cpuMs(task(e, "w")), 0.0); // below the hog: it never runs
        }
    }

    void aWakingRtTaskStaysOnACpuRunningFairWork_data() { models_data(); }
    void aWakingRtTaskStaysOnACpuRunningFairWork() {
        // select_task_rq_rt looks elsewhere only when its CPU runs RT work it would not
        // preempt: over a fair hog it stays and preempts, though the other CPU is idle (the
        // fair class would have woken it there).
        QFETCH(QString, model);
        json h = hog("h", "other", 0);
        h["cpus"] = "0";
        json w = {{"name", "w"},
                  {"policy", "fifo"},
                  {"rt_priority", 10},
                  {"start", "10ms"},
                  {"program", json::parse(R"([{"loop": -1, "do": [{"run": "100us"}, {"sleep": "1ms"}]}])")}};
        Engine e(testutil::load(machine(model, 2, json::array({h, w}), "300ms")));
        QCOMPARE(testutil::runChecked(e, 7), std::string());
        QCOMPARE(task(e, "w").migrations, uint64_t{0});
        QCOMPARE(task(e, "w").cpu, CpuId(0));
        QVERIFY(e.counters().wakeupPreemptions > 200);
        QVERIFY(e.machine().rq(1).busy < SimTime::ms(1));
        // Over an RT task it would not preempt, it goes where lower work runs.
        h = hog("h", "fifo", 50);
        h["cpus"] = "0";
        Engine r(testutil::load(machine(model, 2, json::array({h, w}), "300ms")));
        QCOMPARE(testutil::runChecked(r, 7), std::string());
        QCOMPARE(task(r, "w").cpu, CpuId(1));
        QVERIFY(ms(task(r, "w").waitTime) < 1);
    }

    void aPreemptedRtTaskIsPushedToACpuRunningLowerWork_data() { models_data(); }
    void aPreemptedRtTaskIsPushedToACpuRunningLowerWork() {
        // push_rt_task after the switch to the higher task: the preempted one goes to the CPU
        // at the lowest cpupri level (here the one running a fair hog) and runs there at once.
        QFETCH(QString, model);
        json low = hog("low", "fifo", 20);
        json fair = hog("fair", "other", 0);
        fair["cpus"] = "1";
        json high = {
            {"name", "high"},
            {"policy", "fifo"},
            {"rt_priority", 80},
            {"cpus", "0"},
            {"start", "10ms"},
            {"program", json::parse(R"([{"loop": -1, "do": [{"run": "5ms"}, {"sleep": "10ms"}]}])")}};
        Engine e(testutil::load(machine(model, 2, json::array({low, fair, high}), "300ms")));
        Switches log;
        log.engine = &e;
        e.setTraceSink(&log);
        QCOMPARE(testutil::runChecked(e, 7), std::string());
        const auto pushes = e.counters().migrationsByReason[static_cast<size_t>(MigrationReason::RtPush)];
        QVERIFY2(pushes >= 1, qPrintable(QString::number(pushes)));
        QCOMPARE(task(e, "low").cpu, CpuId(1));
        QVERIFY2(ms(task(e, "low").waitTime) < 1, qPrintable(QString::number(ms(task(e, "low").waitTime))));
        bool named = false;
        for (const MigrationRecord& m : log.migrations)
            named |= m.reason == MigrationReason::RtPush && m.from == 0 && m.to == 1;
        QVERIFY(named);
    }

    void aCpuWhoseRtPriorityDropsPullsWaitingRtWork_data() { models_data(); }
    void aCpuWhoseRtPriorityDropsPullsWaitingRtWork() {
        // b cannot run anywhere at first (both CPUs run higher RT tasks) and waits on CPU 0.
        // When c sleeps, CPU 1's RT priority drops and it pulls b (with RT_PUSH_IPI: CPU 0 pushes
        // it on request), every time.
        QFETCH(QString, model);
        json a = hog("a", "fifo", 50);
        a["cpus"] = "0";
        json b = hog("b", "fifo", 40);
        b["start"] = "5ms";
        json c = {{"name", "c"},
                  {"policy", "fifo"},
                  {"rt_priority", 60},
                  {"cpus", "1"},
                  {"program", json::parse(R"([{"loop": -1, "do": [{"run": "20ms"}, {"sleep": "20ms"}]}])")}};
        Engine e(testutil::load(machine(model, 2, json::array({a, b, c}), "500ms")));
        QCOMPARE(testutil::runChecked(e, 7), std::string());
        const auto pulls = e.counters().migrationsByReason[static_cast<size_t>(MigrationReason::RtPull)];
        QVERIFY2(pulls >= 1, qPrintable(QString::number(pulls)));
        // b runs while c sleeps: about half of CPU 1.
        const double bMs = cpuMs(task(e, "b"));
        QVERIFY2(bMs > 200 && bMs < 260, qPrintable(QString::number(bMs)));
    }

    void rtThrottlingLeavesFairTasks50msPerSecond_data() {
        QTest::addColumn<QString>("model");
        QTest::newRow("v4.11") << QStringLiteral("v4.11");
        QTest::newRow("v6.6") << QStringLiteral("v6.6");
    }
    void rtThrottlingLeavesFairTasks50msPerSecond() {
        // sched_rt_runtime_us 950000 of sched_rt_period_us 1000000, per CPU: the RT hog is
        // throttled ~950 ms into each period and the fair task runs the rest of it.
        QFETCH(QString, model);
        Engine e(testutil::load(
            machine(model, 1, json::array({hog("rt", "fifo", 50), hog("fair", "other", 0)}), "3s")));
        Switches log;
        log.engine = &e;
        e.setTraceSink(&log);
        QCOMPARE(testutil::runChecked(e, 101), std::string());
        QCOMPARE(e.counters().rtThrottles, uint64_t{3});
        const double fair = cpuMs(task(e, "fair"));
        QVERIFY2(fair > 140 && fair < 151, qPrintable(QString::number(fair)));
        const auto in = log.switchesTo("fair");
        QCOMPARE(in.size(), size_t{3});
        QVERIFY2(ms(in[0]) >= 950 && ms(in[0]) < 955, qPrintable(QString::number(ms(in[0]))));
    }

    void rtRuntimeShareLetsALoneHogStarveItsCpu_data() {
        QTest::addColumn<QString>("model");
        QTest::addColumn<bool>("share");
        QTest::newRow("v4.11") << QStringLiteral("v4.11") << true;
        QTest::newRow("v6.6") << QStringLiteral("v6.6") << false;
    }
    void rtRuntimeShareLetsALoneHogStarveItsCpu() {
        // RT_RUNTIME_SHARE (on until v5.10): a CPU out of RT runtime borrows the idle CPU's, up
        // to the whole period, so a fair task pinned beside an RT hog never runs.
        QFETCH(QString, model);
        QFETCH(bool, share);
        json rt = hog("rt", "fifo", 50);
        rt["cpus"] = "0";
        json fair = hog("fair", "other", 0);
        fair["cpus"] = "0";
        Engine e(testutil::load(machine(model, 2, json::array({rt, fair}), "3s")));
        QCOMPARE(testutil::runChecked(e, 101), std::string());
        const double fairMs = cpuMs(task(e, "fair"));
        if (share) {
            QCOMPARE(e.counters().rtThrottles, uint64_t{0});
            QCOMPARE(fairMs, 0.0);
        } else {
            QCOMPARE(e.counters().rtThrottles, uint64_t{3});
            QVERIFY2(fairMs > 140 && fairMs < 151, qPrintable(QString::number(fairMs)));
        }
    }

    void theFairServerReplacesThrottlingInV612() {
        // v6.12: no RT throttling; the deferred fair server gives the starved fair task the
        // rest of 50 ms once 950 ms of a period have passed, then 50 ms each period.
        Engine e(
            testutil::load(machine(QStringLiteral("v6.12"), 1,
                                   json::array({hog("rt", "fifo", 50), hog("fair", "other", 0)}), "3s")));
        Switches log;
        log.engine = &e;
        e.setTraceSink(&log);
        QCOMPARE(testutil::runChecked(e, 101), std::string());
        QCOMPARE(e.counters().rtThrottles, uint64_t{0});
        QVERIFY(e.counters().fairServerServes >= 3);
        const double fair = cpuMs(task(e, "fair"));
        QVERIFY2(fair > 145 && fair < 151, qPrintable(QString::number(fair)));
        const auto in = log.switchesTo("fair");
        QVERIFY(!in.empty());
        QVERIFY2(ms(in[0]) >= 950 && ms(in[0]) < 951, qPrintable(QString::number(ms(in[0]))));
        // Without RT pressure it never runs.
        Engine quiet(testutil::load(machine(
            QStringLiteral("v6.12"), 1, json::array({hog("a", "other", 0), hog("b", "other", 0)}), "3s")));
        quiet.runToEnd();
        QCOMPARE(quiet.counters().fairServerServes, uint64_t{0});
    }

    void starvedFairTasksShowCpuPressure_data() { models_data(); }
    void starvedFairTasksShowCpuPressure() {
        // PSI does not care about the class: a fair task queued behind an RT hog is a CPU stall.
        QFETCH(QString, model);
        Engine e(testutil::load(
            machine(model, 1, json::array({hog("rt", "fifo", 50), hog("fair", "other", 0)}), "900ms")));
        QCOMPARE(testutil::runChecked(e, 101), std::string());
        const PsiReport r = e.psi().report(CgroupId(0));
        QVERIFY2(r.cpu.some.totalUs > 850000, qPrintable(QString::number(r.cpu.some.totalUs)));
    }

    void mixedWorkloadKeepsEveryInvariant_data() { models_data(); }
    void mixedWorkloadKeepsEveryInvariant() {
        QFETCH(QString, model);
        json j = json::parse(R"({
          "format": 1, "name": "rt mix", "seed": 3, "duration": "1500ms",
          "topology": { "sockets": 1, "cores_per_socket": 2, "threads_per_core": 2, "numa_nodes": 1 },
          "cgroups": [ { "path": "/a" } ],
          "tasks": [
            { "name": "ctl", "policy": "fifo", "rt_priority": 80, "count": 2,
              "program": [ { "loop": -1, "do": [ { "run": { "exp": "300us" } }, { "sleep": { "exp": "1ms" } } ] } ] },
            { "name": "rr", "policy": "rr", "rt_priority": 40, "count": 3, "cgroup": "/a",
              "program": [ { "loop": -1, "do": [ { "run": { "exp": "30ms" } }, { "sleep": { "exp": "20ms" } },
                                                 { "move": "/" }, { "yield": true }, { "move": "/a" } ] } ] },
            { "name": "pin", "policy": "fifo", "rt_priority": 60, "cpus": "1",
              "program": [ { "loop": -1, "do": [ { "run": "2ms" }, { "sleep": "5ms" } ] } ] },
            { "name": "fair", "count": 4,
              "program": [ { "loop": -1, "do": [ { "run": { "exp": "3ms" } }, { "sleep": { "exp": "2ms" } } ] } ] },
            { "name": "hogs", "count": 2, "policy": "fifo", "rt_priority": 10, "start": "500ms",
              "program": [ { "run": "1s" }, { "exit": true } ] }
          ]})");
        j["kernel"] = {{"model", model.toStdString()}};
        Engine e(testutil::load(j));
        QCOMPARE(testutil::runChecked(e), std::string());
        const auto& by = e.counters().migrationsByReason;
        QVERIFY(by[static_cast<size_t>(MigrationReason::RtPush)] > 0);
        QVERIFY(by[static_cast<size_t>(MigrationReason::RtPull)] > 0);
    }
};

QTEST_GUILESS_MAIN(TestRt)
#include "tst_rt.moc"
