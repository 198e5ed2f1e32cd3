// cpuacct: usage adds up across the hierarchy and CPUs; the stats counters' batch and lock.
#include "sim/engine.h"
#include "testutil.h"

#include <QtTest>

#include <climits>

using namespace core;
using nlohmann::json;

namespace {

json ctxswitch(int cpus, bool virt, bool scaling, int hz = 250) {
    // One pipe ping-pong pair pinned to each CPU (the seed's context_switch benchmark).
    json j = {{"format", 1},
              {"name", "cs"},
              {"duration", "20ms"},
              {"topology",
               {{"sockets", 1}, {"cores_per_socket", cpus}, {"threads_per_core", 1}, {"numa_nodes", 1}}},
              {"kernel", {{"model", "v4.11"}, {"hz", hz}, {"features", {{"virt_cpu_accounting", virt}}}}},
              {"optimizations", {{"cpuacct_batch_scaling", scaling}}},
              {"channels",
               {{{"name", "a{i}"}, {"kind", "pipe"}, {"count", cpus}},
                {{"name", "b{i}"}, {"kind", "pipe"}, {"count", cpus}}}},
              {"tasks", json::array()}};
    for (int c = 0; c < cpus; ++c) {
        const std::string cs = std::to_string(c);
        j["tasks"].push_back(
            {{"name", "ping" + cs},
             {"cpus", cs},
             {"program",
              {{{"loop", -1}, {"do", {{{"run", "200ns"}}, {{"send", "a" + cs}}, {{"recv", "b" + cs}}}}}}}});
        j["tasks"].push_back(
            {{"name", "pong" + cs},
             {"cpus", cs},
             {"program",
              {{{"loop", -1}, {"do", {{{"recv", "a" + cs}}, {{"run", "200ns"}}, {{"send", "b" + cs}}}}}}}});
    }
    return j;
}

} // namespace

class TestCpuacct : public QObject {
    Q_OBJECT
private slots:
    void usageAddsUp() {
        auto r = loadScenario("builtin:default");
        QVERIFY(r.ok());
        Engine e(std::make_shared<const ScenarioSpec>(std::move(*r.spec)));
        e.runUntil(SimTime::s(9));
        e.flushTrace();
        const Cpuacct& acct = e.cpuacct();
        // Every parent is its own tasks plus its children (also checked as an invariant).
        for (const Cgroup& cg : e.cgroups().all()) {
            SimTime sum = acct.ownUsage(cg.id);
            for (CgroupId c : cg.children)
                sum += acct.usage(c);
            QCOMPARE(sum.count(), acct.usage(cg.id).count());
        }
        // The root over all CPUs is every task's run time; its user part every task's user time.
        SimTime runtime, user;
        e.tasks().forEach([&](const Task& t) {
            runtime += t.se.sumExec;
            user += t.acctUser;
        });
        for (const ExitRecord& x : e.exitRecords()) {
            runtime += x.runtime;
            user += x.user;
        }
        QCOMPARE(acct.usage(CgroupId(0)).count(), runtime.count());
        QCOMPARE(acct.usage(CgroupId(0), 0).count(), user.count());
        SimTime perCpu;
        for (uint32_t c = 0; c < e.machine().nrCpus(); ++c)
            perCpu += acct.usageOnCpu(CgroupId(0), c);
        QCOMPARE(perCpu.count(), runtime.count());
    }

    void statBatch() {
        // percpu_counter_batch = max(32, 2 x CPUs); scaled by one jiffy of cputime when the
        // change is on (cputime is ns with virtual accounting, jiffies without), capped at INT_MAX.
        auto batch = [](int cpus, bool virt, bool scaling, int hz) {
            Engine e(testutil::load(ctxswitch(cpus, virt, scaling, hz)));
            return e.cpuacct().statBatch();
        };
        QCOMPARE(batch(4, false, false, 250), int64_t(32));
        QCOMPARE(batch(4, false, true, 250), int64_t(32)); // cputime_one_jiffy = 1: unchanged
        QCOMPARE(batch(64, true, false, 250), int64_t(128));
        QCOMPARE(batch(64, true, true, 250), int64_t(128) * 4000000);
        QCOMPARE(batch(64, true, true, 100), int64_t(128) * 10000000); // 1.28e9 still fits
        QCOMPARE(batch(128, true, true, 100), int64_t(INT_MAX));       // 256 x 10 ms does not
    }

    void virtualAccountingFoldsEverySwitchWithoutTheChange() {
        Engine before(testutil::load(ctxswitch(4, true, false)));
        before.runToEnd();
        Engine after(testutil::load(ctxswitch(4, true, true)));
        after.runToEnd();
        // Without the change each switch-out of a task folds its user and system time into
        // the root's two counters; with it they stay per CPU.
        const uint64_t switches = before.counters().contextSwitches;
        QVERIFY(switches > 1000);
        QVERIFY2(before.counters().percpuCounterFolds >= switches,
                 qPrintable(QString::number(before.counters().percpuCounterFolds)));
        QCOMPARE(after.counters().percpuCounterFolds, uint64_t(0));
        // The shared lock makes CPUs wait, so fewer switches get done in the same time.
        QVERIFY(before.counters().lockWait.count() > 0);
        QCOMPARE(after.counters().lockWait.count(), int64_t(0));
        QVERIFY(after.counters().contextSwitches > before.counters().contextSwitches);
        // Both count exactly (percpu_counter_sum) the time accounted at switches and ticks; with
        // the change percpu_counter_read() lags behind, the price of the bigger batch.
        for (Engine* e : {&before, &after}) {
            SimTime sys, user;
            e->tasks().forEach([&](const Task& t) {
                sys += t.statSys;
                user += t.statUser;
            });
            QCOMPARE(e->cpuacct().statSum(CgroupId(0), 1), sys.count());
            QCOMPARE(e->cpuacct().statSum(CgroupId(0), 0), user.count());
        }
        QCOMPARE(before.cpuacct().statRead(CgroupId(0), 1), before.cpuacct().statSum(CgroupId(0), 1));
        QCOMPARE(after.cpuacct().statRead(CgroupId(0), 1), int64_t(0));
    }

    void tickAccountingFoldsOncePerBatch() {
        // Without virtual accounting the stats get one jiffy per tick: a CPU-bound task folds
        // once every 32 ticks (the batch on 4 CPUs).
        Engine e(testutil::load(
            json::parse(R"({"format": 1, "name": "t", "duration": "1s", "kernel": {"model": "v4.11"},
            "topology": {"sockets": 1, "cores_per_socket": 4, "threads_per_core": 1, "numa_nodes": 1},
            "tasks": [{"name": "h", "cpus": "0", "program": [{"run": "10s"}]}]})")));
        e.runToEnd();
        const uint64_t ticks = e.counters().ticks;
        QVERIFY(ticks >= 249 && ticks <= 251);
        QCOMPARE(e.counters().percpuCounterFolds, ticks / 32);
        QCOMPARE(e.cpuacct().statSum(CgroupId(0), 0), int64_t(ticks)); // all user-mode ticks
    }

    void disabledMeansNoAccounting() {
        json j = ctxswitch(2, true, false);
        j["kernel"]["features"]["cpuacct"] = false;
        Engine e(testutil::load(j));
        e.runToEnd();
        QCOMPARE(e.counters().cpuacctAdds, uint64_t(0));
        QCOMPARE(e.cpuacct().usage(CgroupId(0)).count(), int64_t(0));
    }
};

QTEST_APPLESS_MAIN(TestCpuacct)
#include "tst_cpuacct.moc"
