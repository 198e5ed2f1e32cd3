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

/// `cores` single-thread cores in one LLC; `tasks`, `timeline` and `cgroups` complete it.
json singleThreadCores(int cores, const std::string& model, const std::string& tasks,
                       const std::string& timeline, const std::string& cgroups) {
    return json::parse(R"({"format": 1, "name": "wake", "duration": "400ms", "kernel": {"model": ")" + model +
                       R"("}, "topology": {"sockets": 1, "cores_per_socket": )" + std::to_string(cores) +
                       R"(, "threads_per_core": 1, "numa_nodes": 1},
        "cgroups": [)" +
                       cgroups + R"(], "tasks": [)" + tasks + R"(], "timeline": [)" + timeline + "]}");
}

/// The wakeup migrations in a run of `j` (only its sleeper ever wakes).
std::vector<MigrationRecord> wakeMigrations(const json& j) {
    Engine e(testutil::load(j));
    MigrationLog log;
    e.setTraceSink(&log);
    const std::string bad = testutil::runChecked(e, 5);
    if (!bad.empty())
        throw std::runtime_error(bad);
    std::vector<MigrationRecord> out;
    for (const auto& m : log.migrations)
        if (m.reason == MigrationReason::Wakeup)
            out.push_back(m);
    return out;
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

    // ---- the v6 fast path (wakeupfastv6.cpp), against v4.11's ----

    void recentUsedCpuTakesTheWakee_data() { testutil::addKernelModelRows(); }
    void recentUsedCpuTakesTheWakee() {
        // The sleeper runs on CPU 3 (launched confined there), is freed, and wakes at 21 ms with
        // prev 3 busy (hog3, 5-35 ms) and CPU 0 busy (hog0): 6.x remembers 3 as its
        // recent_used_cpu and scans from 0 to the idle CPU 1, as v4.11 does. It wakes again at
        // about 62 ms with prev 1 busy (hog1 from 25 ms): 6.x takes the idle recent CPU 3;
        // v4.11 scans from 1 and takes CPU 2.
        QFETCH(QString, model);
        const json j = singleThreadCores(4, model.toStdString(), R"(
            {"name": "hog0", "cpus": "0", "program": [{"run": "10s"}]},
            {"name": "hog3", "cpus": "3", "start": "5ms", "program": [{"run": "30ms"}, {"exit": true}]},
            {"name": "hog1", "cpus": "1", "start": "25ms", "program": [{"run": "10s"}]},
            {"name": "sleeper", "cgroup": "/pin3", "program": [
              {"run": "1ms"}, {"sleep": "20ms"}, {"run": "1ms"}, {"sleep": "40ms"}, {"run": "100us"}, {"exit": true}]})",
                                         R"({"at": "10ms", "move": {"task": "sleeper", "cgroup": "/"}})",
                                         R"({"path": "/pin3", "cpus": "3"})");
        const auto wakes = wakeMigrations(j);
        QCOMPARE(wakes.size(), size_t(2));
        QCOMPARE(wakes[0].from, 3u);
        QCOMPARE(wakes[0].to, 1u);
        QCOMPARE(wakes[1].from, 1u);
        QCOMPARE(wakes[1].to, model == QStringLiteral("v4.11") ? 2u : 3u);
    }

    void aLoadedLlcIsNotScanned_data() { testutil::addKernelModelRows(); }
    void aLoadedLlcIsNotScanned() {
        // Hogs on CPUs 0 and 2-7 keep an 8-CPU LLC about 7/8 busy (x of about 875 of 1024):
        // SIS_UTIL's budget is (1024 - min(x^2 x 117^2 / 10^4 / 1024, 1024)) x 8 / 1024 = 0, so a
        // 6.x wakeup with a busy prev scans nothing and stays there; v4.11 finds the idle CPU 1.
        QFETCH(QString, model);
        std::string hogs;
        for (int c : {0, 2, 3, 4, 5, 6, 7})
            hogs += json{{"name", "hog" + std::to_string(c)},
                         {"cpus", std::to_string(c)},
                         {"program", json::array({json{{"run", "10s"}}})}}
                        .dump() +
                    ",";
        const json j = singleThreadCores(8, model.toStdString(), hogs + R"(
            {"name": "sleeper", "cgroup": "/pin0", "program": [
              {"run": "1ms"}, {"sleep": "200ms"}, {"run": "100us"}, {"exit": true}]})",
                                         R"({"at": "30ms", "move": {"task": "sleeper", "cgroup": "/"}})",
                                         R"({"path": "/pin0", "cpus": "0"})");
        const auto wakes = wakeMigrations(j);
        if (model == QStringLiteral("v4.11")) {
            QCOMPARE(wakes.size(), size_t(1));
            QCOMPARE(wakes[0].to, 1u);
        } else {
            QVERIFY2(wakes.empty(),
                     qPrintable(QStringLiteral("moved to cpu%1").arg(wakes.empty() ? -1 : int(wakes[0].to))));
        }
    }

    void aQuietLlcIsScanned_data() { testutil::addKernelModelRows(); }
    void aQuietLlcIsScanned() {
        // One hog on CPU 0: the LLC is 25% busy, the budget (1024 - 87) x 4 / 1024 = 3 CPUs once
        // a periodic balance of the LLC has set it, and the scan from CPU 1 finds CPU 1 on every
        // model.
        QFETCH(QString, model);
        const json j = singleThreadCores(4, model.toStdString(), R"(
            {"name": "hog0", "cpus": "0", "program": [{"run": "10s"}]},
            {"name": "sleeper", "cgroup": "/pin0", "program": [
              {"run": "1ms"}, {"sleep": "200ms"}, {"run": "100us"}, {"exit": true}]})",
                                         R"({"at": "30ms", "move": {"task": "sleeper", "cgroup": "/"}})",
                                         R"({"path": "/pin0", "cpus": "0"})");
        const auto wakes = wakeMigrations(j);
        QCOMPARE(wakes.size(), size_t(1));
        QCOMPARE(wakes[0].to, 1u);
    }
};

QTEST_APPLESS_MAIN(TestWakeup)
#include "tst_wakeup.moc"
