// PSI: hand-worked values. Every expected number below was computed by hand from the kernel's
// rules as kernel-mechanisms.md section 1.10 states them (calc_load with EXP_10s/60s/300s,
// FIXED_1 = 2048, PSI_FREQ = 2*HZ+1 jiffies, non-idle weighting in whole jiffies), never by
// calling the code under test. Kernel costs are zeroed so every state change falls exactly on
// the scenario's own instants.
#include "accounting/psi.h"
#include "context/simcontext.h"
#include "sched/cgroups.h"
#include "sched/machine.h"
#include "sched/task.h"
#include "sim/engine.h"
#include "testutil.h"

#include <QtTest>

using namespace core;
using nlohmann::json;

namespace {

json zeroCosts() {
    json costs = json::object();
    for (const CostInfo& c : costCatalog())
        if (c.op != CostOp::LockSpin)
            costs[std::string(c.name)] = "0ns";
    return costs;
}

json scenario(int cpus, const json& tasks, const json& cgroups = json::array(),
              const std::string& duration = "10s") {
    json j = {{"format", 1},
              {"name", "psi"},
              {"duration", duration},
              {"topology",
               {{"sockets", 1}, {"cores_per_socket", cpus}, {"threads_per_core", 1}, {"numa_nodes", 1}}},
              {"kernel", {{"model", "v4.11"}, {"hz", 250}, {"costs", zeroCosts()}}},
              {"cgroups", cgroups},
              {"tasks", tasks}};
    return j;
}

std::string pressure(const Engine& e, const std::string& cgroup, const char* resource) {
    const CgroupId id = e.cgroups().find(cgroup);
    const PsiReport r = e.psi().report(id);
    const PsiResource& res = std::string(resource) == "cpu"      ? r.cpu
                             : std::string(resource) == "memory" ? r.memory
                                                                 : r.io;
    return formatPsiResource(res);
}

const std::string kZero =
    "some avg10=0.00 avg60=0.00 avg300=0.00 total=0\nfull avg10=0.00 avg60=0.00 avg300=0.00 total=0\n";

} // namespace

class TestPsi : public QObject {
    Q_OBJECT
private slots:
    void loadAverageArithmetic() {
        // calc_load(0, 1677, 100% = 204800): (0 + 204800 * 371 + 2047) / 2048 = 37100.
        QCOMPARE(loadavg::calcLoad(0, loadavg::kExp10s, 204800), uint64_t(37100));
        // Falling: no rounding up. (37100 * 1677) / 2048 = 30379.
        QCOMPARE(loadavg::calcLoad(37100, loadavg::kExp10s, 0), uint64_t(30379));
        // 1677^5 in 11-bit fixed point, rounding each multiply: 1373, 920, 753 (by squaring).
        QCOMPARE(loadavg::fixedPowerInt(1677, 11, 5), uint64_t(753));
        QCOMPARE(loadavg::fixedPowerInt(1677, 11, 0), uint64_t(2048));
        // Five missed periods decay 100% to 204800 * 753 / 2048 = 75300.
        QCOMPARE(loadavg::calcLoadN(204800, loadavg::kExp10s, 0, 5), uint64_t(75300));
    }

    void twoCpuHogsInOneGroup() {
        // One CPU, two CPU-bound tasks in /a for 10 s: cpu "some" the whole time, never "full"
        // (one of them is always on the CPU). The averaging work runs at 2.004, 4.012, 6.016
        // and 8.020 s (first after PSI_FREQ = 501 jiffies, then one jiffy past each grid point
        // 2.004 k), each period 100%:
        //   avg10: 0 -> 37100 -> 66513 -> 90173 -> 112726 = 55.04%
        //   avg60: 0 -> ... -> 25514 = 12.45%; avg300: ... -> 5544 = 2.70%
        // total = 10 s = 10000000 us (the read at 10 s extrapolates the live state).
        Engine e(testutil::load(scenario(
            1, json::parse(R"([{"name": "h", "count": 2, "cgroup": "/a", "program": [{"run": "100s"}]}])"))));
        QCOMPARE(testutil::runChecked(e, 101), std::string());
        const std::string some = "some avg10=55.04 avg60=12.45 avg300=2.70 total=10000000\n";
        QCOMPARE(pressure(e, "/a", "cpu"), some + "full avg10=0.00 avg60=0.00 avg300=0.00 total=0\n");
        QCOMPARE(pressure(e, "/", "cpu"), some + "full avg10=0.00 avg60=0.00 avg300=0.00 total=0\n");
        QCOMPARE(pressure(e, "/a", "memory"), kZero);
        QCOMPARE(pressure(e, "/a", "io"), kZero);
    }

    void stalledThreeOfFourMilliseconds_data() {
        QTest::addColumn<QString>("action");
        QTest::addColumn<QString>("stalled");
        QTest::addColumn<QString>("other");
        QTest::newRow("io") << QStringLiteral("io") << QStringLiteral("io") << QStringLiteral("memory");
        QTest::newRow("memstall") << QStringLiteral("memstall") << QStringLiteral("memory")
                                  << QStringLiteral("io");
    }
    void stalledThreeOfFourMilliseconds() {
        // run 1 ms, then stall 3 ms (io, or memory), alone on the CPU: stalled 3 ms of every 4
        // with nothing else runnable, so some = full = 75% in every period (each period is a
        // whole number of 4 ms cycles):
        //   avg10 -> 84545 = 41.28%, avg60 -> 19136 = 9.34%, avg300 -> 4158 = 2.03%
        // total = 2500 cycles x 3 ms = 7.5 s. The CPU is never contended.
        QFETCH(QString, action);
        QFETCH(QString, stalled);
        QFETCH(QString, other);
        json program = {{{"loop", -1}, {"do", {{{"run", "1ms"}}, {{action.toStdString(), "3ms"}}}}}};
        Engine e(testutil::load(scenario(1, json::array({{{"name", "t"}, {"program", program}}}))));
        QCOMPARE(testutil::runChecked(e, 7), std::string());
        const std::string line = "avg10=41.28 avg60=9.34 avg300=2.03 total=7500000\n";
        QCOMPARE(pressure(e, "/", stalled.toLatin1().constData()), "some " + line + "full " + line);
        QCOMPARE(pressure(e, "/", other.toLatin1().constData()), kZero);
        QCOMPARE(pressure(e, "/", "cpu"), kZero);
    }

    void nonIdleWeighting() {
        // Two CPUs. CPU 0: two hogs of /a, cpu some 100% of the time. CPU 1: a task of /a that
        // runs 1 ms and sleeps 3 ms (no stall, no timer slack), non-idle 25% of the time. Each CPU weighs by
        // its non-idle time in whole jiffies (4 ms): per 2.004 s period CPU 0 counts 501, CPU 1 125 (0.501
        // s), so the group's stall is 2.004 s * 501 / 626 = 80% of the period, not the plain mean of 50%.
        //   periods: 501/125, 502/125, 501/125, 501/125 jiffies -> 80% each (floor)
        //   avg10 -> 90181 = 44.03%, avg60 -> 20412 = 9.96%, avg300 -> 4436 = 2.16%
        //   total = 2004e6*501/626 + 2008e6*502/627 + 2 * 2004e6*501/626 + 1980e6*495/618
        //         = 8005124115 ns = 8005124 us
        Engine e(testutil::load(scenario(2, json::parse(R"([
            {"name": "h", "count": 2, "cgroup": "/a", "cpus": "0", "program": [{"run": "100s"}]},
            {"name": "p", "cgroup": "/a", "cpus": "1", "timer_slack": "0us", "program": [{"loop": -1, "do": [{"run": "1ms"}, {"sleep": "3ms"}]}]}])"))));
        QCOMPARE(testutil::runChecked(e, 13), std::string());
        QCOMPARE(pressure(e, "/a", "cpu"),
                 std::string("some avg10=44.03 avg60=9.96 avg300=2.16 total=8005124\n"
                             "full avg10=0.00 avg60=0.00 avg300=0.00 total=0\n"));
    }

    void cpuFullInACgroupButNotForTheSystem() {
        // /a's only task waits while /b's hog holds the CPU half the time (equal weights):
        // /a is "full" whenever it waits. The system's cpu full line is always zero.
        Engine e(testutil::load(scenario(1, json::parse(R"([
            {"name": "a", "cgroup": "/a", "program": [{"run": "100s"}]},
            {"name": "b", "cgroup": "/b", "program": [{"run": "100s"}]}])"),
                                         json::array(), "4s")));
        e.runToEnd();
        const PsiReport a = e.psi().report(e.cgroups().find("/a"));
        QVERIFY(a.cpu.full.totalUs > 1500000 && a.cpu.full.totalUs < 2500000);
        QCOMPARE(a.cpu.full.totalUs, a.cpu.some.totalUs); // alone in /a: some == full
        const PsiReport sys = e.psi().report(CgroupId(0));
        QCOMPARE(sys.cpu.full.totalUs, uint64_t(0));
        QVERIFY(sys.cpu.some.totalUs > 3900000);
    }

    void switchWithSharedAncestorUpdatesOnlyBelowIt() {
        // Two hogs preempting each other on one CPU. Under a common parent /p the switch
        // touches only /p/a and /p/b (2 group updates); from different subtrees /x/y/a and
        // /z/w/b it stops only at the root: /z/w/b, /z/w, /z and /x/y/a, /x/y, /x (6).
        auto run = [](const char* ca, const char* cb) {
            json tasks = json::array(
                {{{"name", "a"}, {"cgroup", ca}, {"program", json::parse(R"([{"run": "100s"}])")}},
                 {{"name", "b"}, {"cgroup", cb}, {"program", json::parse(R"([{"run": "100s"}])")}}});
            json j = scenario(1, tasks, json::array(), "1s");
            j["kernel"].erase("costs");
            Engine e(testutil::load(j));
            e.runUntil(SimTime::ms(100));
            const uint64_t u0 = e.counters().psiGroupUpdates, s0 = e.counters().contextSwitches;
            e.runToEnd();
            const uint64_t du = e.counters().psiGroupUpdates - u0, ds = e.counters().contextSwitches - s0;
            return std::make_pair(du, ds);
        };
        auto [u1, s1] = run("/p/a", "/p/b");
        QVERIFY(s1 > 100);
        QCOMPARE(u1, 2 * s1);
        auto [u2, s2] = run("/x/y/a", "/z/w/b");
        QVERIFY(s2 > 100);
        QCOMPARE(u2, 6 * s2);
    }

    void clockReadsPerPipeRoundTrip_data() {
        QTest::addColumn<int>("depth");
        QTest::newRow("root") << 0;
        QTest::newRow("3 levels") << 3;
        QTest::newRow("8 levels") << 8;
    }
    void clockReadsPerPipeRoundTrip() {
        // Documented in docs/cost-model.md: a pipe round trip between two tasks on two idle
        // CPUs makes 6 PSI calls (per task: the wakeup's enqueue, the switch in from idle, the
        // switch out to idle), each walking the d+1 groups from the task's cgroup to the root.
        //   psi_clock_once on:  6 clock reads, 6(d+1) group updates
        //   psi_clock_once off: 6(d+1) clock reads, 6(d+1) group updates
        QFETCH(int, depth);
        std::string cg;
        for (int i = 0; i < depth; ++i)
            cg += "/l" + std::to_string(i);
        if (cg.empty())
            cg = "/";
        for (bool once : {true, false}) {
            json j =
                json::parse(R"({"format": 1, "name": "pp", "duration": "100s", "kernel": {"model": "v4.11"},
                "topology": {"sockets": 1, "cores_per_socket": 2, "threads_per_core": 1, "numa_nodes": 1},
                "channels": [{"name": "p1", "kind": "pipe"}, {"name": "p2", "kind": "pipe"}],
                "tasks": [{"name": "s", "program": [{"loop": 3000, "do": [{"send": "p1"}, {"recv": "p2"}]}]},
                          {"name": "r", "program": [{"loop": 3000, "do": [{"recv": "p1"}, {"send": "p2"}]}]}]})");
            j["tasks"][0]["cgroup"] = cg;
            j["tasks"][1]["cgroup"] = cg;
            j["optimizations"] = {{"psi_clock_once", once}};
            Engine e(testutil::load(j));
            // Measure between round trip 1000 and 2000, away from start and exit.
            auto roundTrips = [&] { return e.channels()[1].received; };
            while (roundTrips() < 1000 && e.step()) {
            }
            const uint64_t r0 = e.counters().cpuClockReads, g0 = e.counters().psiGroupUpdates;
            while (roundTrips() < 2000 && e.step()) {
            }
            const uint64_t reads = e.counters().cpuClockReads - r0,
                           groups = e.counters().psiGroupUpdates - g0;
            const uint64_t n = 1000, levels = static_cast<uint64_t>(depth) + 1;
            QCOMPARE(groups, 6 * levels * n);
            QCOMPARE(reads, once ? 6 * n : 6 * levels * n);
        }
    }

    void ttwuDequeueChangesTheWakeesCpu() {
        // psi_ttwu_dequeue: an iowait task on CPU 1 woken by a task on CPU 0 onto CPU 0. Its
        // IOWAIT count leaves CPU 1 (task_cpu(p)), not the waker's CPU 0, which has none.
        const json j = scenario(2, json::array({{{"name", "t"}, {"program", json::array()}}}));
        const auto spec = testutil::load(j);
        SimContext ctx(*spec);
        Machine machine(spec->topology, ctx);
        CgroupTree cgroups(*spec, 2, machine.rqs());
        Psi psi(ctx, machine, cgroups);
        TaskTable tasks;
        Task& p = tasks.create("io");
        p.cgroup = CgroupId(0);
        p.cpu = CpuId(1);
        Rq& waker = machine.rq(0);
        Rq& home = machine.rq(1);
        psi.enqueue(home, p, false);              // runnable on CPU 1
        psi.taskSwitch(home, nullptr, &p, false); // runs there
        ctx.now = SimTime::ms(1);
        p.inIowait = true;
        psi.taskSwitch(home, &p, nullptr, true); // sleeps in io_schedule
        QCOMPARE(psi.checkConsistency(tasks), std::string());
        ctx.now = SimTime::ms(3);
        psi.ttwuDequeue(waker, p); // woken from CPU 0 onto CPU 0: leaves CPU 1 first
        QCOMPARE(psi.checkConsistency(tasks), std::string());
        p.cpu = CpuId(0);
        p.inIowait = false;
        psi.enqueue(waker, p, false); // a migrated wakeup re-adds RUNNING on the new CPU
        QCOMPARE(psi.checkConsistency(tasks), std::string());
    }

    void readingDoesNotChangeTheRun() {
        // Reports work on a copy: reading pressure mid-run must not perturb the results.
        auto spec = testutil::load(
            json::parse(R"({"format": 1, "name": "r", "duration": "5s", "kernel": {"model": "v4.11"},
            "topology": {"sockets": 1, "cores_per_socket": 2, "threads_per_core": 1, "numa_nodes": 1},
            "tasks": [{"name": "h", "count": 3, "cgroup": "/a", "program": [{"loop": -1, "do": [{"run": {"exp": "3ms"}}, {"io": {"exp": "2ms"}}]}]}]})"));
        Engine quiet(spec), reader(spec);
        for (SimTime t = SimTime::ms(13); t < SimTime::s(5); t += SimTime::ms(13)) {
            quiet.runUntil(t);
            reader.runUntil(t);
            (void)reader.psi().report(reader.cgroups().find("/a"));
        }
        quiet.runToEnd();
        reader.runToEnd();
        QCOMPARE(pressure(reader, "/a", "io"), pressure(quiet, "/a", "io"));
        QCOMPARE(reader.counters().events, quiet.counters().events);
    }
};

QTEST_APPLESS_MAIN(TestPsi)
#include "tst_psi.moc"
