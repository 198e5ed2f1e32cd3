// Wakeup placement: an idle core beats an idle SMT sibling; fork spreads over idle CPUs.
#include "sim/engine.h"
#include "testutil.h"

#include <QtTest>

#include <set>

using namespace core;
using nlohmann::json;

namespace {

struct MigrationLog : TraceSink {
    std::vector<MigrationRecord> migrations;
    void slice(const Slice&) override {}
    void migration(const MigrationRecord& m) override { migrations.push_back(m); }
    void marker(const Marker&) override {}
};

/// 2 cores x SMT2 (core 0 = CPUs 0,1; core 1 = CPUs 2,3). "hog" is pinned to CPU 0; "sleeper"
/// is confined to CPU 0 by its cgroup while it runs and goes to sleep, is moved to the root
/// cgroup while asleep (so nothing but its wakeup can move it), and wakes with prev = CPU 0,
/// which is busy: the wakeup must find it a CPU.
json scenario(const std::string& extraHogs) {
    return json::parse(R"({"format": 1, "name": "wake", "duration": "200ms", "kernel": {"model": "v4.11"},
        "topology": {"sockets": 1, "cores_per_socket": 2, "threads_per_core": 2, "numa_nodes": 1},
        "cgroups": [{"path": "/pin0", "cpus": "0"}],
        "tasks": [
          {"name": "hog", "cpus": "0", "program": [{"run": "10s"}]},
          {"name": "sleeper", "cgroup": "/pin0", "program": [
            {"run": "2ms"}, {"sleep": "50ms"}, {"run": "100us"}, {"exit": true}]})" +
                       extraHogs + R"(],
        "timeline": [{"at": "30ms", "move": {"task": "sleeper", "cgroup": "/"}}]})");
}

} // namespace

class TestWakeup : public QObject {
    Q_OBJECT
private slots:
    void prefersIdleCoreOverIdleSibling() {
        Engine e(testutil::load(scenario("")));
        MigrationLog log;
        e.setTraceSink(&log);
        QCOMPARE(testutil::runChecked(e), std::string());
        std::vector<MigrationRecord> wakes;
        for (const auto& m : log.migrations)
            if (m.reason == MigrationReason::Wakeup)
                wakes.push_back(m);
        QCOMPARE(wakes.size(), size_t(1));
        QCOMPARE(wakes[0].from, 0u);
        QVERIFY2(wakes[0].to == 2 || wakes[0].to == 3, qPrintable(QString::number(wakes[0].to)));
    }

    void fallsBackToIdleSiblingWhenNoCoreIsIdle() {
        // Core 1 fully busy: the only idle CPU is the hog's SMT sibling, CPU 1.
        Engine e(testutil::load(scenario(R"(,
            {"name": "busy2", "cpus": "2", "program": [{"run": "10s"}]},
            {"name": "busy3", "cpus": "3", "program": [{"run": "10s"}]})")));
        MigrationLog log;
        e.setTraceSink(&log);
        QCOMPARE(testutil::runChecked(e), std::string());
        bool sawWake = false;
        for (const auto& m : log.migrations)
            if (m.reason == MigrationReason::Wakeup) {
                sawWake = true;
                QCOMPARE(m.to, 1u);
            }
        QVERIFY(sawWake);
    }

    void forkSpreadsOverIdleCores() {
        // Four hogs forked at once on an idle 2 x SMT2 machine end up on four different CPUs.
        Engine e(testutil::load(
            json::parse(R"({"format": 1, "name": "fork", "duration": "50ms", "kernel": {"model": "v4.11"},
            "topology": {"sockets": 1, "cores_per_socket": 2, "threads_per_core": 2, "numa_nodes": 1},
            "tasks": [{"name": "h", "count": 4, "program": [{"run": "1s"}]}]})")));
        e.runUntil(SimTime::ms(10));
        std::set<uint32_t> cpus;
        e.tasks().forEach([&](const Task& t) { cpus.insert(t.cpu.value()); });
        QCOMPARE(cpus.size(), size_t(4));
        // The first two go to different cores (idle core first), not to SMT siblings.
        Engine two(testutil::load(
            json::parse(R"({"format": 1, "name": "fork2", "duration": "50ms", "kernel": {"model": "v4.11"},
            "topology": {"sockets": 1, "cores_per_socket": 2, "threads_per_core": 2, "numa_nodes": 1},
            "tasks": [{"name": "h", "count": 2, "program": [{"run": "1s"}]}]})")));
        two.runUntil(SimTime::ms(10));
        std::set<uint32_t> cores;
        two.tasks().forEach([&](const Task& t) { cores.insert(t.cpu.value() / 2); });
        QCOMPARE(cores.size(), size_t(2));
    }

    void pingPongStaysOnTwoCpus() {
        // perf bench sched pipe on an idle machine: wake_affine plus select_idle_sibling keep
        // each task on its own (idle) CPU, so after the start almost nothing migrates.
        Engine e(testutil::load(
            json::parse(R"({"format": 1, "name": "pp", "duration": "10s", "kernel": {"model": "v4.11"},
            "topology": {"sockets": 1, "cores_per_socket": 4, "threads_per_core": 1, "numa_nodes": 1},
            "channels": [{"name": "a", "kind": "pipe"}, {"name": "b", "kind": "pipe"}],
            "tasks": [{"name": "s", "program": [{"loop": 10000, "do": [{"send": "a"}, {"recv": "b"}]}]},
                      {"name": "r", "program": [{"loop": 10000, "do": [{"recv": "a"}, {"send": "b"}]}]}]})")));
        e.runToEnd();
        QVERIFY2(e.counters().migrationsByReason[static_cast<size_t>(MigrationReason::Wakeup)] < 10,
                 qPrintable(QString::number(e.counters().migrations)));
    }

    void pinnedTasksSkipTheClassSelection() {
        // select_task_rq asks the class only for a task allowed on more than one CPU: a pipe
        // pair pinned to CPU 0 wakes with no idle-CPU scan and no wakee record; the same pair
        // allowed on CPUs 0-1 runs select_task_rq_fair at every wakeup.
        auto run = [](const std::string& cpus) {
            auto e = std::make_unique<Engine>(testutil::load(json::parse(
                R"({"format": 1, "name": "pp",
                "duration": "10ms",
                "topology": {"sockets": 1, "cores_per_socket": 4, "threads_per_core": 1, "numa_nodes": 1},
                "channels": [{"name": "a", "kind": "pipe"}, {"name": "b", "kind": "pipe"}],
                "tasks": [{"name": "s", "cpus": ")" +
                cpus + R"(", "program": [{"loop": 1000000, "do": [{"send": "a"}, {"recv": "b"}]}]},
                          {"name": "r", "cpus": ")" +
                cpus + R"(", "program": [{"loop": 1000000, "do": [{"recv": "a"}, {"send": "b"}]}]}]})")));
            e->runToEnd();
            uint32_t flips = 0;
            e->tasks().forEach([&](const Task& t) { flips += t.wakeeFlips; });
            return std::make_pair(std::move(e), flips);
        };
        const auto [pinned, pinnedFlips] = run("0");
        QVERIFY(pinned->counters().wakeups > 1000);
        QCOMPARE(pinned->counters().idleScans, uint64_t(0));
        QCOMPARE(pinnedFlips, 0u);
        QCOMPARE(pinned->counters().migrations, uint64_t(0));
        const auto [pair, pairFlips] = run("0-1");
        QVERIFY(pair->counters().wakeups > 1000);
        QVERIFY(pair->counters().idleScans > 0);
        QVERIFY(pairFlips > 0);
    }
};

QTEST_APPLESS_MAIN(TestWakeup)
#include "tst_wakeup.moc"
