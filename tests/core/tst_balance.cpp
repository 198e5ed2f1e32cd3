// The load balancer: spreading over cores, affinity, cache-hot tasks, active balance, the
// prefer-sibling toggle, and invariants under a randomized stress.
#include "base/rng.h"
#include "sim/engine.h"
#include "testutil.h"

#include <QtTest>

#include <set>

using namespace core;
using nlohmann::json;

namespace {

struct Log : TraceSink {
    const Engine* engine = nullptr;
    struct Entry {
        MigrationRecord m;
        uint64_t hotSkips;
        bool allowed;
        std::string name;
    };
    std::vector<Entry> migrations;
    void slice(const Slice&) override {}
    void marker(const Marker&) override {}
    void migration(const MigrationRecord& m) override {
        const Task* t = engine->findTask(m.task);
        migrations.push_back(
            {m, engine->counters().balanceHotSkips, !t || t->allowedOn(CpuId(m.to)), t ? t->name : ""});
    }
};

/// Tasks that start confined to CPU 0 (cgroup /start) and are released to every CPU at 1 ms.
json startedOnCpu0(int cores, int threads, const json& program, int count, const std::string& duration) {
    return {{"format", 1},
            {"kernel", {{"model", "v4.11"}}}, // the v4.11 balancer these tests were written for
            {"name", "b"},
            {"duration", duration},
            {"topology",
             {{"sockets", 1}, {"cores_per_socket", cores}, {"threads_per_core", threads}, {"numa_nodes", 1}}},
            {"cgroups", {{{"path", "/start"}, {"cpus", "0"}}}},
            {"tasks", {{{"name", "h"}, {"count", count}, {"cgroup", "/start"}, {"program", program}}}},
            {"timeline", {{{"at", "1ms"}, {"move", {{"task", "h#*"}, {"cgroup", "/"}}}}}}};
}

json ebizzy(int threads, bool preferLocal) {
    // See resources/scenarios/ebizzy-smt8.json for why these parameters.
    return {
        {"format", 1},
        {"kernel", {{"model", "v4.11"}}},
        {"name", "ebizzy"},
        {"duration", "30s"},
        {"seed", 7},
        {"topology", {{"sockets", 1}, {"cores_per_socket", 22}, {"threads_per_core", 8}, {"numa_nodes", 1}}},
        {"optimizations", {{"prefer_sibling_local", preferLocal}}},
        {"tasks",
         {{{"name", "ebizzy"},
           {"count", threads},
           {"program",
            json::parse(R"([{"loop": -1, "do": [{"run": {"exp": "1s"}}, {"sleep": {"exp": "100us"}}]}])")}},
          {{"name", "bg"},
           {"count", 2},
           {"program",
            json::parse(
                R"([{"loop": -1, "do": [{"run": {"exp": "300ms"}}, {"sleep": {"exp": "300ms"}}]}])")}}}}};
}

uint64_t taskMigrations(const Engine& e, const std::string& prefix) {
    uint64_t n = 0;
    e.tasks().forEach([&](const Task& t) {
        if (t.name.rfind(prefix, 0) == 0)
            n += t.migrations;
    });
    return n;
}

json stressScenario() {
    Rng rng(1234);
    json j = {
        {"format", 1},
        {"kernel", {{"model", "v4.11"}}},
        {"name", "stress"},
        {"duration", "60s"},
        {"seed", 5},
        {"topology", {{"sockets", 2}, {"cores_per_socket", 4}, {"threads_per_core", 2}, {"numa_nodes", 2}}},
        {"cgroups",
         {{{"path", "/a"}, {"cpus", "0-7"}},
          {{"path", "/b"}, {"weight", 300}},
          {{"path", "/b/c"}, {"cpus", "4-11"}},
          {{"path", "/d"}, {"cpus", "15"}}}},
        {"tasks", json::array()},
        {"timeline", json::array()}};
    const char* groups[] = {"/", "/a", "/b", "/b/c", "/d"};
    for (int i = 0; i < 24; ++i)
        j["tasks"].push_back(
            {{"name", "w" + std::to_string(i)},
             {"cgroup", groups[i % 5]},
             {"start", std::to_string(rng.uniformInt(0, 5000)) + "ms"},
             {"program",
              {{{"loop", rng.uniformInt(-1, 3000)},
                {"do",
                 {{{"run", {{"exp", std::to_string(rng.uniformInt(50, 5000)) + "us"}}}},
                  {{"sleep", {{"exp", std::to_string(rng.uniformInt(10, 3000)) + "us"}}}}}}}}}});
    for (int i = 0; i < 300; ++i) {
        const std::string at = std::to_string(100 + i * 190) + "ms";
        const int kind = static_cast<int>(rng.uniformInt(0, 3));
        if (kind == 0)
            j["timeline"].push_back({{"at", at},
                                     {"move",
                                      {{"task", "w" + std::to_string(rng.uniformInt(0, 23))},
                                       {"cgroup", groups[rng.uniformInt(0, 4)]}}}});
        else if (kind == 1)
            j["timeline"].push_back(
                {{"at", at}, {"optimizations", {{"prefer_sibling_local", rng.uniformInt(0, 1) == 1}}}});
        else {
            json program = json::array({{{"run", std::to_string(rng.uniformInt(1, 400)) + "ms"}}});
            json spawn = {{"name", "s" + std::to_string(i)},
                          {"count", rng.uniformInt(1, 3)},
                          {"cgroup", groups[rng.uniformInt(0, 4)]},
                          {"program", program}};
            j["timeline"].push_back({{"at", at}, {"spawn", spawn}});
        }
    }
    return j;
}

} // namespace

class TestBalance : public QObject {
    Q_OBJECT
private slots:
    void twoHogsEndUpOnDifferentCoresAndStay() {
        // 2 cores x SMT2, two CPU-bound tasks on CPU 0: an idle sibling pulls the waiting one,
        // then balancing between cores (prefer_sibling from the SMT level) moves one to the
        // other core; only an active balance can move a running task.
        Engine e(testutil::load(startedOnCpu0(2, 2, json::parse(R"([{"run": "100s"}])"), 2, "11s")));
        Log log;
        log.engine = &e;
        e.setTraceSink(&log);
        e.runUntil(SimTime::ms(101));
        std::set<uint32_t> cores;
        e.tasks().forEach([&](const Task& t) { cores.insert(t.cpu.value() / 2); });
        QCOMPARE(cores.size(), size_t(2));
        const size_t settled = log.migrations.size();
        QVERIFY(settled >= 1);
        for (const auto& m : log.migrations) // balancer moves only (a running task by active balance)
            QVERIFY(m.m.reason == MigrationReason::Periodic || m.m.reason == MigrationReason::Nohz ||
                    m.m.reason == MigrationReason::Newidle || m.m.reason == MigrationReason::Active);
        e.runUntil(SimTime::ms(10101));
        QCOMPARE(log.migrations.size(), settled); // nothing moves in the following 10 s
        QCOMPARE(e.checkInvariants(), std::string());
    }

    void cacheHotTasksWaitForFailedBalancing() {
        // Two tasks alternating every 100 us on CPU 0 of a 2-core machine: the waiting one ran
        // less than sched_migration_cost (500 us) ago, so it is cache-hot. The MC level
        // (cache_nice_tries 1) leaves it in place until balancing failed more than once.
        Engine e(testutil::load(startedOnCpu0(
            2, 1, json::parse(R"([{"loop": -1, "do": [{"run": "100us"}, {"yield": true}]}])"), 2, "2s")));
        Log log;
        log.engine = &e;
        e.setTraceSink(&log);
        e.runToEnd();
        QVERIFY(!log.migrations.empty());
        const auto& first = log.migrations.front();
        QVERIFY(first.m.reason != MigrationReason::Wakeup);
        QVERIFY2(first.hotSkips >= 2, qPrintable(QString::number(first.hotSkips)));
    }

    void pinnedTasksNeverMove() {
        // Half the tasks pinned to one CPU each on a crowded machine: they never migrate, and
        // every migration of the others respects their affinity.
        json j = {{"format", 1},
                  {"kernel", {{"model", "v4.11"}}},
                  {"name", "pin"},
                  {"duration", "5s"},
                  {"topology",
                   {{"sockets", 1}, {"cores_per_socket", 4}, {"threads_per_core", 2}, {"numa_nodes", 1}}},
                  {"tasks", json::array()}};
        for (int i = 0; i < 8; ++i)
            j["tasks"].push_back(
                {{"name", "pinned" + std::to_string(i)},
                 {"cpus", std::to_string(i % 3)},
                 {"program",
                  json::parse(
                      R"([{"loop": -1, "do": [{"run": {"exp": "3ms"}}, {"sleep": {"exp": "1ms"}}]}])")}});
        j["tasks"].push_back(
            {{"name", "free"},
             {"count", 12},
             {"cpus", "0-5"},
             {"program",
              json::parse(R"([{"loop": -1, "do": [{"run": {"exp": "5ms"}}, {"sleep": {"exp": "2ms"}}]}])")}});
        Engine e(testutil::load(j));
        Log log;
        log.engine = &e;
        e.setTraceSink(&log);
        QCOMPARE(testutil::runChecked(e, 53), std::string());
        uint64_t freeMoves = 0;
        for (const auto& m : log.migrations) {
            QVERIFY(m.allowed);
            QVERIFY(m.m.to <= 5);
            // A pinned task is placed at start (wake_up_new_task, not a migration) and never moves.
            QVERIFY2(m.name.rfind("pinned", 0) != 0, m.name.c_str());
            ++freeMoves;
        }
        QVERIFY(freeMoves > 10);
        QVERIFY(e.counters().balanceAttempts > 100);
    }

    void preferSiblingToggleCutsPingPong_data() {
        QTest::addColumn<int>("threads");
        QTest::newRow("22 threads") << 22;
        QTest::newRow("48 threads") << 48;
        QTest::newRow("96 threads") << 96;
    }
    void preferSiblingToggleCutsPingPong() {
        // The seed's machine (22 cores x SMT8) running ebizzy-like threads: with the 2017 rule
        // (only pull from a sibling group running at least two more tasks) far fewer migrations.
        QFETCH(int, threads);
        Engine before(testutil::load(ebizzy(threads, false)));
        before.runToEnd();
        Engine after(testutil::load(ebizzy(threads, true)));
        after.runToEnd();
        const uint64_t b = taskMigrations(before, "ebizzy"), a = taskMigrations(after, "ebizzy");
        QVERIFY2(a < b, qPrintable(QStringLiteral("%1 -> %2").arg(b).arg(a)));
        QVERIFY2(a * 2 < b, qPrintable(QStringLiteral("%1 -> %2").arg(b).arg(a)));
        QVERIFY(before.counters().activeBalances > after.counters().activeBalances);
    }

    void toggleActsLive() {
        // The same run with the change switched on half way: migrations stop growing.
        json j = ebizzy(48, false);
        j["timeline"] = {{{"at", "15s"}, {"optimizations", {{"prefer_sibling_local", true}}}}};
        Engine e(testutil::load(j));
        e.runUntil(SimTime::s(15));
        const uint64_t firstHalf = taskMigrations(e, "ebizzy");
        e.runToEnd();
        const uint64_t secondHalf = taskMigrations(e, "ebizzy") - firstHalf;
        QVERIFY2(secondHalf * 4 < firstHalf,
                 qPrintable(QStringLiteral("%1 then %2").arg(firstHalf).arg(secondHalf)));
    }

    void randomizedStressKeepsInvariants() {
        // 60 s on 2 NUMA nodes x 2 sockets x 4 cores x SMT2: tasks arriving, sleeping, exiting,
        // moving between cgroups with different cpusets, toggles flipping.
        json j = stressScenario();
        Engine e(testutil::load(j));
        Log log;
        log.engine = &e;
        e.setTraceSink(&log);
        QCOMPARE(testutil::runChecked(e, 211), std::string());
        for (const auto& m : log.migrations)
            QVERIFY(m.allowed);
        QVERIFY(e.counters().migrations > 500);
        QVERIFY(e.counters().migrationsByReason[static_cast<size_t>(MigrationReason::Move)] > 0);
        // No task lost or duplicated: every created task is live or has exited exactly once.
        QCOMPARE(e.tasks().liveCount() + e.exitRecords().size(), size_t(e.tasks().nextId()));
    }
};

QTEST_APPLESS_MAIN(TestBalance)
#include "tst_balance.moc"
