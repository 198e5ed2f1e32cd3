// The v5.5+ load balancer and fork placement of the v6 models: group classification
// (group_is_overloaded, group_has_capacity, group_classify), spreading by idle CPUs and tasks
// rather than load, the SMT spread of two tasks sharing a core, and fork placement that reads
// utilisation (what the autogroup_move_skip revert was about). docs/balancing.md.
#include "base/kernelmodel.h"
#include "scenario/builtins.h"
#include "sched/sglbstats.h"
#include "sim/engine.h"
#include "testutil.h"

#include <QtTest>

#include <set>

using namespace core;
using nlohmann::json;

namespace {

SgLbStats stats(uint32_t weight, uint32_t nr, uint64_t util, uint64_t runnable) {
    SgLbStats s;
    s.weight = weight;
    s.capacity = 1024ull * weight;
    s.sumNrRunning = s.sumHNrRunning = nr;
    s.util = util;
    s.runnable = runnable;
    return s;
}

/// Tasks confined to CPU 0 by the cgroup /start and released to every CPU at 1 ms.
json startedOnCpu0(const std::string& model, int cores, int threads, int count, const std::string& duration) {
    return {{"format", 1},
            {"name", "b"},
            {"duration", duration},
            {"kernel", {{"model", model}}},
            {"topology",
             {{"sockets", 1}, {"cores_per_socket", cores}, {"threads_per_core", threads}, {"numa_nodes", 1}}},
            {"cgroups", {{{"path", "/start"}, {"cpus", "0"}}}},
            {"tasks",
             {{{"name", "h"},
               {"count", count},
               {"cgroup", "/start"},
               {"program", json::parse(R"([{"run": "100s"}])")}}}},
            {"timeline", {{{"at", "1ms"}, {"move", {{"task", "h#*"}, {"cgroup", "/"}}}}}}};
}

struct Migrations : TraceSink {
    std::vector<MigrationRecord> all;
    void slice(const Slice&) override {}
    void marker(const Marker&) override {}
    void migration(const MigrationRecord& m) override { all.push_back(m); }
};

} // namespace

class TestBalanceV6 : public QObject {
    Q_OBJECT
private slots:
    void groupsAreClassifiedByTasksUtilAndRunnable() {
        const uint32_t pct = 117;
        // Fewer tasks than CPUs: spare capacity, whatever the utilisation left behind.
        QCOMPARE(groupClassify(pct, stats(2, 1, 2000, 2000)), SgType::HasSpare);
        // As many tasks as CPUs: fully busy once util passes capacity / 1.17 ...
        QCOMPARE(groupClassify(pct, stats(2, 2, 1700, 1700)), SgType::HasSpare);
        QCOMPARE(groupClassify(pct, stats(2, 2, 1800, 1800)), SgType::FullyBusy);
        // ... or runnable passes capacity x 1.17.
        QCOMPARE(groupClassify(pct, stats(2, 2, 1000, 2500)), SgType::FullyBusy);
        // More tasks than CPUs: overloaded only with the util or runnable margin crossed.
        QCOMPARE(groupClassify(pct, stats(2, 3, 1000, 1000)), SgType::HasSpare);
        QCOMPARE(groupClassify(pct, stats(2, 3, 1800, 1800)), SgType::Overloaded);
        QCOMPARE(groupClassify(pct, stats(2, 3, 1000, 2500)), SgType::Overloaded);
        // Order of the tests: overloaded before imbalanced before smt_balance before fully_busy.
        SgLbStats s = stats(2, 3, 1800, 1800);
        s.imbalanced = s.smtBalance = true;
        QCOMPARE(groupClassify(pct, s), SgType::Overloaded);
        s = stats(2, 2, 1800, 1800);
        s.imbalanced = s.smtBalance = true;
        QCOMPARE(groupClassify(pct, s), SgType::Imbalanced);
        s.imbalanced = false;
        QCOMPARE(groupClassify(pct, s), SgType::SmtBalance);
        QVERIFY(SgType::HasSpare < SgType::FullyBusy && SgType::FullyBusy < SgType::SmtBalance &&
                SgType::SmtBalance < SgType::Imbalanced && SgType::Imbalanced < SgType::Overloaded);
    }

    void halfTheExcessTasksMoveInOnePass_data() {
        QTest::addColumn<QString>("model");
        QTest::newRow("v6.6") << QStringLiteral("v6.6");
        QTest::newRow("v6.12") << QStringLiteral("v6.12");
    }
    void halfTheExcessTasksMoveInOnePass() {
        // Spare capacity is filled by task counts, not load: the first idle CPU to balance
        // sees four tasks on CPU 0 and none of its own, so sibling_imbalance is 4 and it takes
        // half, two tasks at once (the v4.11 balancer moves one per pass by load). Then the
        // tasks settle one per CPU and nothing moves again.
        QFETCH(QString, model);
        Engine e(testutil::load(startedOnCpu0(model.toStdString(), 4, 1, 4, "2s")));
        Migrations log;
        e.setTraceSink(&log);
        QCOMPARE(testutil::runChecked(e, 13), std::string());
        std::set<uint32_t> cpus;
        e.tasks().forEach([&](const Task& t) { cpus.insert(t.cpu.value()); });
        QCOMPARE(cpus.size(), size_t{4});
        QVERIFY(log.all.size() >= 3);
        QCOMPARE(log.all[0].time, log.all[1].time); // one pass, two tasks
        QCOMPARE(log.all[0].to, log.all[1].to);
        QCOMPARE(log.all[0].from, 0u);
        QVERIFY(log.all.back().time < SimTime::ms(100)); // settled
    }

    void twoTasksSharingACoreSpreadToTheIdleCore_data() { halfTheExcessTasksMoveInOnePass_data(); }
    void twoTasksSharingACoreSpreadToTheIdleCore() {
        // 2 cores x SMT2: two hogs on the two threads of core 0 leave core 1 idle. Core 0 is
        // fully busy, not overloaded, so only an idle CPU may pull, by sibling_imbalance (one
        // task); both tasks are running, so the move is an active balance after the failed
        // attempts (nr_balance_failed > cache_nice_tries + 2 with migrate_task).
        QFETCH(QString, model);
        json j = startedOnCpu0(model.toStdString(), 2, 2, 2, "1s");
        j["cgroups"][0]["cpus"] = "0-1"; // one task per thread of core 0, both running
        j["timeline"][0]["at"] = "20ms";
        Engine e(testutil::load(j));
        Migrations log;
        e.setTraceSink(&log);
        QCOMPARE(testutil::runChecked(e, 13), std::string());
        std::set<uint32_t> cores;
        e.tasks().forEach([&](const Task& t) { cores.insert(t.cpu.value() / 2); });
        QCOMPARE(cores.size(), size_t{2});
        bool active = false;
        for (const MigrationRecord& m : log.all)
            active |= m.reason == MigrationReason::Active && m.to / 2 == 1;
        QVERIFY(active);
        QVERIFY(e.counters().balanceFailed >= 3);
    }

    void anIdleThreadLeavesAGroupThatIsNotOverloadedAlone() {
        // 2 cores x SMT2: a and b on the two threads of core 0, c pinned to CPU 2, CPU 3 idle.
        // Core 0 is fully busy, not overloaded: an idle CPU pulls from it only when it has at
        // least two idle CPUs more (CPU 3's core has one), or when sibling_imbalance exceeds one
        // task (2 - 1 here); a busy CPU never does. So nothing moves for 2 s.
        json j = {{"format", 1},
                  {"name", "b"},
                  {"duration", "2s"},
                  {"kernel", {{"model", "v6.6"}}},
                  {"topology",
                   {{"sockets", 1}, {"cores_per_socket", 2}, {"threads_per_core", 2}, {"numa_nodes", 1}}},
                  {"cgroups", {{{"path", "/start"}, {"cpus", "0-1"}}}},
                  {"tasks",
                   {{{"name", "h"},
                     {"count", 2},
                     {"cgroup", "/start"},
                     {"program", json::parse(R"([{"run": "100s"}])")}},
                    {{"name", "c"}, {"cpus", "2"}, {"program", json::parse(R"([{"run": "100s"}])")}}}},
                  {"timeline", {{{"at", "20ms"}, {"move", {{"task", "h#*"}, {"cgroup", "/"}}}}}}};
        Engine e(testutil::load(j));
        Migrations log;
        e.setTraceSink(&log);
        e.runUntil(SimTime::ms(20));
        const size_t before = log.all.size();
        QCOMPARE(testutil::runChecked(e, 13), std::string());
        QCOMPARE(log.all.size(), before);
        std::set<uint32_t> cpus;
        e.tasks().forEach([&](const Task& t) { cpus.insert(t.cpu.value()); });
        QVERIFY(cpus.count(0) && cpus.count(1) && cpus.count(2));
        QVERIFY(e.counters().balanceAttempts > 10);
    }

    void forkPlacementReadsTheUtilisationAnExitLeavesBehind() {
        // The side effect behind the 6.14 revert of autogroup_move_skip: skipping the exit's
        // sched_move_task leaves the task's utilisation in its group until it decays, and the
        // v5.5+ fork placement reads utilisation. With the move's own costs set to zero (so
        // timing alone cannot differ), builtin:autogroup-exit places children differently with
        // the skip on and off under v6.6, and identically under v4.11 (which reads load).
        auto placements = [](const char* model, bool skip) {
            json j = json::parse(findBuiltin("autogroup-exit")->text);
            for (const char* c :
                 {"task_rq_lock", "rq_clock_update", "group_change", "cpu_clock", "enqueue", "dequeue"})
                j["kernel"]["costs"][c] = "0ns";
            j["kernel"]["model"] = model;
            j["optimizations"]["autogroup_move_skip"] = skip;
            Engine e(testutil::load(j));
            e.runToEnd();
            return e.counters().placements;
        };
        QCOMPARE(placements("v4.11", true), placements("v4.11", false));
        const uint64_t on = placements("v6.6", true), off = placements("v6.6", false);
        QVERIFY2(on > off + off / 10, qPrintable(QStringLiteral("%1 %2").arg(on).arg(off)));
    }
};

QTEST_GUILESS_MAIN(TestBalanceV6)
#include "tst_balancev6.moc"
