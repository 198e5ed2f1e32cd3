// Record once, simulate anywhere: a recording's workload written as a scenario (import-trace),
// each inference rule on a hand-made trace, and the scenario simulated beside the recording.
#include "base/bytetext.h"
#include "import/workloadscenario.h"
#include "output/simulation.h"
#include "output/summarize.h"
#include "report/replaycomparison.h"
#include "report/summary.h"
#include "scenario/loader.h"
#include "scenario/scenariotext.h"
#include "sim/engine.h"

#include "testutil.h"
#include <QTemporaryDir>

#include <QtTest>

#include <nlohmann/json.hpp>

#include <fstream>

using namespace core;
using nlohmann::json;
using testutil::taskNamed;

namespace {

// Two CPUs. server (10) runs 1 ms, is preempted by hog (30, nice 5) for 1 ms, runs on, wakes
// client (20) 1.5 ms into the burst and blocks at 4 ms. client sleeps until server wakes it, runs
// 1 ms, sleeps 2 ms until a timer (from idle) wakes it, runs 1 ms, sleeps uninterruptibly until
// an interrupt that arrived while hog ran, runs, forks client (21), and exits (Z; no
// sched_process_exit, as perf sched record has it). perf (40) runs in between: the tracer.
const char* kTrace = R"(# tracer: nop
#
#           TASK-PID     CPU#  |||||  TIMESTAMP  FUNCTION
          <idle>-0       [000] d..2.   0.999000: cgroup_attach_task: dst_root=0 dst_id=5 dst_level=1 dst_path=/work pid=10 comm=server
          <idle>-0       [000] d..2.   1.000000: sched_switch: prev_comm=swapper/0 prev_pid=0 prev_prio=120 prev_state=R ==> next_comm=server next_pid=10 next_prio=120
          <idle>-0       [001] d..2.   1.000000: sched_switch: prev_comm=swapper/1 prev_pid=0 prev_prio=120 prev_state=R ==> next_comm=client next_pid=20 next_prio=120
          client-20      [001] d..2.   1.000500: sched_switch: prev_comm=client prev_pid=20 prev_prio=120 prev_state=S ==> next_comm=swapper/1 next_pid=0 next_prio=120
          server-10      [000] d..2.   1.001000: sched_switch: prev_comm=server prev_pid=10 prev_prio=120 prev_state=R+ ==> next_comm=hog next_pid=30 next_prio=125
             hog-30      [000] d..2.   1.002000: sched_switch: prev_comm=hog prev_pid=30 prev_prio=125 prev_state=R+ ==> next_comm=server next_pid=10 next_prio=120
          server-10      [000] d..2.   1.003500: sched_waking: comm=client pid=20 prio=120 target_cpu=001
          <idle>-0       [001] d..2.   1.003600: sched_switch: prev_comm=swapper/1 prev_pid=0 prev_prio=120 prev_state=R ==> next_comm=client next_pid=20 next_prio=120
          server-10      [000] d..2.   1.004000: sched_switch: prev_comm=server prev_pid=10 prev_prio=120 prev_state=S ==> next_comm=hog next_pid=30 next_prio=125
          client-20      [001] d..2.   1.004600: sched_switch: prev_comm=client prev_pid=20 prev_prio=120 prev_state=S ==> next_comm=perf next_pid=40 next_prio=120
            perf-40      [001] d..2.   1.005000: sched_switch: prev_comm=perf prev_pid=40 prev_prio=120 prev_state=S ==> next_comm=swapper/1 next_pid=0 next_prio=120
          <idle>-0       [001] d.h2.   1.006600: sched_waking: comm=client pid=20 prio=120 target_cpu=001
          <idle>-0       [001] d..2.   1.006700: sched_switch: prev_comm=swapper/1 prev_pid=0 prev_prio=120 prev_state=R ==> next_comm=client next_pid=20 next_prio=120
          client-20      [001] d..2.   1.007700: sched_switch: prev_comm=client prev_pid=20 prev_prio=120 prev_state=D ==> next_comm=swapper/1 next_pid=0 next_prio=120
             hog-30      [000] d.h2.   1.009700: sched_waking: comm=client pid=20 prio=120 target_cpu=001
          <idle>-0       [001] d..2.   1.009800: sched_switch: prev_comm=swapper/1 prev_pid=0 prev_prio=120 prev_state=R ==> next_comm=client next_pid=20 next_prio=120
          client-20      [001] d..2.   1.010000: sched_process_fork: comm=client pid=20 child_comm=client child_pid=21
          client-20      [001] d..2.   1.010000: sched_wakeup_new: comm=client pid=21 prio=120 target_cpu=000
          client-20      [001] d..2.   1.010800: sched_switch: prev_comm=client prev_pid=20 prev_prio=120 prev_state=Z ==> next_comm=swapper/1 next_pid=0 next_prio=120
             hog-30      [000] d..2.   1.011000: sched_switch: prev_comm=hog prev_pid=30 prev_prio=125 prev_state=R+ ==> next_comm=client next_pid=21 next_prio=120
          client-21      [000] d..2.   1.011500: sched_switch: prev_comm=client prev_pid=21 prev_prio=120 prev_state=X ==> next_comm=swapper/0 next_pid=0 next_prio=120
)";

std::string writeFile(const QTemporaryDir& dir, const std::string& name, const std::string& text) {
    const std::string path = dir.filePath(QString::fromStdString(name)).toStdString();
    std::ofstream(path, std::ios::binary) << text;
    return path;
}

/// The scenario as import-trace prints it; a failure to read it back fails the test.
std::string textOf(const WorkloadScenario& w, const WorkloadScenarioOptions& options = {}) {
    const WorkloadText t = workloadScenarioText(w, options);
    if (!t.error.empty())
        qFatal("%s", t.error.c_str());
    return t.text;
}

bool anyNote(const WorkloadScenario& s, const std::string& needle) {
    for (const std::string& n : s.notes)
        if (n.find(needle) != std::string::npos)
            return true;
    return false;
}

/// A pipe pair on CPU 0 as the kernel ran it (docs/record-replay.md, "A preempted waker"): ping
/// (10) wakes pong (20) and is preempted by it at once; pong answers (its write finds ping
/// runnable, so no wakeup is recorded), blocks, and ping runs on and reads the answer without
/// blocking. `rounds` such round trips; with `late`, in the last one ping runs again before pong
/// blocks. With `twoWay`, pong also wakes ping once at the end, as the pair does when their
/// roles swap; without it the pair never talked both ways.
std::string pipePair(int rounds, bool late, bool twoWay) {
    std::string text = "# tracer: nop\n#\n";
    auto line = [&](double t, const char* comm, int pid, const std::string& event) {
        char head[96];
        std::snprintf(head, sizeof head, "%16s-%-7d [000] d..2. %12.6f: ", comm, pid, t);
        text += head + event + "\n";
    };
    auto sw = [&](double t, const char* prev, int prevPid, const char* state, const char* next, int nextPid) {
        line(t, prev, prevPid,
             std::string("sched_switch: prev_comm=") + prev + " prev_pid=" + std::to_string(prevPid) +
                 " prev_prio=120 prev_state=" + state + " ==> next_comm=" + next +
                 " next_pid=" + std::to_string(nextPid) + " next_prio=120");
    };
    auto wake = [&](double t, const char* by, int byPid, const char* comm, int pid) {
        line(t, by, byPid,
             std::string("sched_waking: comm=") + comm + " pid=" + std::to_string(pid) +
                 " prio=120 target_cpu=000");
    };
    sw(1.0, "swapper/0", 0, "R", "pong", 20);
    sw(1.00001, "pong", 20, "S", "ping", 10);
    double t = 1.0001;
    for (int k = 0; k < rounds; ++k, t += 0.0001) {
        wake(t, "ping", 10, "pong", 20);
        sw(t + 0.000002, "ping", 10, "R+", "pong", 20);
        if (late && k == rounds - 1) {
            sw(t + 0.00001, "pong", 20, "R+", "ping", 10); // ping runs again first
            sw(t + 0.00002, "ping", 10, "R+", "pong", 20);
        }
        sw(t + 0.00003, "pong", 20, "S", "ping", 10);
    }
    sw(t, "ping", 10, "S", "swapper/0", 0);
    if (twoWay) {
        wake(t + 0.001, "swapper/0", 0, "pong", 20);
        sw(t + 0.001, "swapper/0", 0, "R", "pong", 20);
        wake(t + 0.00101, "pong", 20, "ping", 10);
        sw(t + 0.00102, "pong", 20, "S", "ping", 10);
        sw(t + 0.00103, "ping", 10, "S", "swapper/0", 0);
    }
    return text;
}

/// A writer (10, on CPU 1) and a reader (20, on CPU 0) of one pipe, with the data calls a `record`
/// folder has (docs/record-replay.md, "Reads wait for their data"): the reader blocks in a read
/// of its fd 3 and the writer's write to its fd 4 wakes it (the link); then the writer writes
/// again while the reader runs (no wakeup) and the reader's next read finds that data. With
/// `perfScript`, the calls as perf script prints them, else as ftrace does. With `twoReaders`, the
/// writer's fd 4 also wakes a reader 30 of its fd 5: which read took which write is not known.
std::string pipeWithCalls(bool perfScript, bool twoReaders) {
    std::string text = perfScript ? "" : "# tracer: nop\n#\n";
    auto line = [&](double t, const char* comm, int pid, int cpu, const std::string& event) {
        char head[96];
        if (perfScript)
            std::snprintf(head, sizeof head, "%16s %7d [%03d] %12.6f: ", comm, pid, cpu, t);
        else
            std::snprintf(head, sizeof head, "%16s-%-7d [%03d] d..2. %12.6f: ", comm, pid, cpu, t);
        text += head + event + "\n";
    };
    auto enter = [&](double t, const char* comm, int pid, int cpu, const char* call, int fd) {
        char e[128];
        if (perfScript)
            std::snprintf(e, sizeof e,
                          "syscalls:sys_enter_%s: fd: 0x%08x, buf: 0x7ffd0000, count: 0x00001000", call, fd);
        else
            std::snprintf(e, sizeof e, "sys_%s(fd: %x, buf: 7ffd0000, count: 1000)", call, fd);
        line(t, comm, pid, cpu, e);
    };
    auto exit = [&](double t, const char* comm, int pid, int cpu, const char* call, int ret) {
        char e[96];
        if (perfScript)
            std::snprintf(e, sizeof e, "syscalls:sys_exit_%s: 0x%x", call, ret);
        else
            std::snprintf(e, sizeof e, "sys_%s -> 0x%x", call, ret);
        line(t, comm, pid, cpu, e);
    };
    auto sw = [&](double t, int cpu, const char* prev, int prevPid, const char* state, const char* next,
                  int nextPid) {
        line(t, prev, prevPid, cpu,
             std::string(perfScript ? "sched:" : "") + "sched_switch: prev_comm=" + prev +
                 " prev_pid=" + std::to_string(prevPid) + " prev_prio=120 prev_state=" + state +
                 " ==> next_comm=" + next + " next_pid=" + std::to_string(nextPid) + " next_prio=120");
    };
    auto wake = [&](double t, int cpu, const char* by, int byPid, const char* comm, int pid, int target) {
        line(t, by, byPid, cpu,
             std::string(perfScript ? "sched:" : "") + "sched_waking: comm=" + comm +
                 " pid=" + std::to_string(pid) + " prio=120 target_cpu=00" + std::to_string(target));
    };
    sw(1.0, 0, "swapper/0", 0, "R", "reader", 20);
    sw(1.0, 1, "swapper/1", 0, "R", "writer", 10);
    enter(1.00001, "reader", 20, 0, "read", 3);
    sw(1.00002, 0, "reader", 20, "S", "swapper/0", 0);
    if (twoReaders) {
        sw(1.000021, 0, "swapper/0", 0, "R", "other", 30);
        enter(1.000022, "other", 30, 0, "read", 5);
        sw(1.000023, 0, "other", 30, "S", "swapper/0", 0);
    }
    enter(1.00005, "writer", 10, 1, "write", 4);
    wake(1.00006, 1, "writer", 10, "reader", 20, 0);
    exit(1.00007, "writer", 10, 1, "write", 0x64);
    sw(1.00008, 0, "swapper/0", 0, "R", "reader", 20);
    exit(1.00009, "reader", 20, 0, "read", 0x64);
    enter(1.0001, "writer", 10, 1, "write", 4);
    if (twoReaders)
        wake(1.000105, 1, "writer", 10, "other", 30, 0);
    exit(1.00011, "writer", 10, 1, "write", 0x64);
    sw(1.0002, 1, "writer", 10, "S", "swapper/1", 0);
    enter(1.0003, "reader", 20, 0, "read", 3);
    exit(1.00031, "reader", 20, 0, "read", 0x64);
    sw(1.0004, 0, "reader", 20, "S", "swapper/0", 0);
    if (twoReaders) {
        sw(1.00041, 0, "swapper/0", 0, "R", "other", 30);
        exit(1.00042, "other", 30, 0, "read", 0x64);
        sw(1.00043, 0, "other", 30, "S", "swapper/0", 0);
    }
    return text;
}

/// Each task's CPU time (pid -> runtime) after running the scenario text to its end; empty,
/// with the error as a warning, when it does not load.
std::map<int32_t, SimTime> runtimesByPid(const std::string& text) {
    LoadResult l = loadScenarioText(text, "b.json");
    std::map<int32_t, SimTime> out;
    if (!l.ok()) {
        qWarning("%s", l.errors.front().c_str());
        return out;
    }
    SimulationResult run = simulate(std::make_shared<const ScenarioSpec>(std::move(*l.spec)), {}, {});
    for (const auto& t : summarize(*run.engine).tasks)
        out[t.pid] = t.runtime;
    return out;
}

} // namespace

class TstRecordReplay : public QObject {
    Q_OBJECT

    QTemporaryDir m_dir;
    WorkloadImport m_import;
    json m_scenario;

private slots:
    void initTestCase() {
        QVERIFY(m_dir.isValid());
        m_import = importWorkload(writeFile(m_dir, "rules.txt", kTrace), {});
        QVERIFY2(m_import.scenario.ok, m_import.scenario.error.c_str());
        m_scenario = json::parse(textOf(m_import.scenario));
    }

    void burstsSpanPreemptionsAndAWakeupBecomesAChannel() {
        // server: 1 ms, preempted for 1 ms (not a new burst), 1.5 ms more, wakes client, 0.5 ms.
        const json* server = taskNamed(m_scenario.at("tasks"), "server");
        QVERIFY(server);
        const json expected =
            json::parse(R"([{"run": "2500000ns"}, {"send": "wake-10-20"}, {"run": "500000ns"},
                                               {"sleep": "7500000ns"}])");
        QCOMPARE(QString::fromStdString(server->at("program").dump()),
                 QString::fromStdString(expected.dump()));
        QCOMPARE(server->at("pid").get<int>(), 10);
        bool declared = false;
        for (const json& c : m_scenario.at("channels"))
            declared |= c.at("name") == "wake-10-20";
        QVERIFY(declared);
    }

    void readsWaitForTheDataTheirWritesCarried() {
        for (const bool perfScript : {false, true}) {
            const WorkloadImport w = importWorkload(
                writeFile(m_dir, perfScript ? "calls.script" : "calls.txt", pipeWithCalls(perfScript, false)),
                {});
            QVERIFY2(w.scenario.ok, w.scenario.error.c_str());
            QVERIFY(anyNote(w.scenario, "1 pipe or socket read end(s) linked to 1 write end(s)"));
            const json s = json::parse(textOf(w.scenario));
            // The reader's fd 3 is a channel; both writes are messages on it; each read waits
            // for the write whose bytes it got, the second too, though no wakeup was recorded
            // for it; the wakeup of the first is the data's, not a channel of its own.
            const json* writer = taskNamed(s.at("tasks"), "writer");
            const json* reader = taskNamed(s.at("tasks"), "reader");
            QVERIFY(writer && reader);
            auto count = [](const json& program, const char* kind, const char* channel) {
                int n = 0;
                for (const json& a : program)
                    n += a.contains(kind) && a.at(kind) == channel;
                return n;
            };
            QCOMPARE(count(writer->at("program"), "send", "data-20-3"), 2);
            QCOMPARE(count(reader->at("program"), "recv", "data-20-3"), 2);
            QCOMPARE(count(writer->at("program"), "send", "wake-10-20"), 0);
            QCOMPARE(count(reader->at("program"), "recv", "wake-10-20"), 0);
            const json expected =
                json::parse(R"([{"run": "10000ns"}, {"recv": "data-20-3"}, {"run": "230000ns"},
                                                   {"recv": "data-20-3"}, {"run": "100000ns"}])");
            QCOMPARE(QString::fromStdString(reader->at("program").dump()),
                     QString::fromStdString(expected.dump()));
            bool declared = false;
            for (const json& c : s.at("channels"))
                declared |= c.at("name") == "data-20-3" && c.at("capacity") == 2;
            QVERIFY(declared);
            // It replays to the end (no read waits for a write made after it: the recorded order
            // is one the replay can follow): the reader runs its last burst.
            LoadResult l = loadScenarioText(textOf(w.scenario), "calls");
            QVERIFY(l.ok());
            const SimulationResult r =
                simulate(std::make_shared<const ScenarioSpec>(std::move(*l.spec)), {}, {});
            QVERIFY2(r.ok(), r.error.c_str());
            bool ran = false;
            for (const TaskSummary& t : summarize(*r.engine).tasks)
                ran |= t.name == "reader" && t.runtime >= SimTime::us(100);
            QVERIFY(ran);
        }
        // A write end that woke readers of two read ends: which read took which write is not
        // known, so the wakeups stay channels of their own and no read waits for data.
        const WorkloadImport two =
            importWorkload(writeFile(m_dir, "calls2.txt", pipeWithCalls(false, true)), {});
        QVERIFY2(two.scenario.ok, two.scenario.error.c_str());
        QVERIFY(!anyNote(two.scenario, "pipe or socket read end"));
        const json s = json::parse(textOf(two.scenario));
        for (const json& c : s.at("channels"))
            QVERIFY2(c.at("name").get<std::string>().rfind("data-", 0) != 0, c.dump().c_str());
        const json* reader = taskNamed(s.at("tasks"), "reader");
        QVERIFY(reader);
        int wakes = 0;
        for (const json& a : reader->at("program"))
            wakes += a.contains("recv") && a.at("recv") == "wake-10-20";
        QCOMPARE(wakes, 1);
    }

    void aPreemptedWakerWaitsForItsWakeesAnswer() {
        // Three round trips of a pair that woke each other: ping's program waits after each
        // send until pong blocked, and pong says so before each sleep.
        WorkloadImport w = importWorkload(writeFile(m_dir, "pair.txt", pipePair(3, false, true)), {});
        QVERIFY2(w.scenario.ok, w.scenario.error.c_str());
        QVERIFY(anyNote(w.scenario, "3 times a waker was preempted by the task it had just woken"));
        json s = json::parse(textOf(w.scenario));
        const json* ping = taskNamed(s.at("tasks"), "ping");
        const json* pong = taskNamed(s.at("tasks"), "pong");
        QVERIFY(ping && pong);
        auto actions = [](const json& task, const std::string& kind, const std::string& channel) {
            int n = 0;
            for (const json& a : task.at("program"))
                n += a.contains(kind) && a.at(kind) == channel;
            return n;
        };
        QCOMPARE(actions(*ping, "recv", "order-20-10"), 3);
        QCOMPARE(actions(*pong, "send", "order-20-10"), 3);
        // Each wait comes where ping was preempted: the 2 us it ran after the send that woke pong.
        const json& prog = ping->at("program");
        for (size_t i = 0; i < prog.size(); ++i)
            if (prog[i].contains("recv") && prog[i].at("recv") == "order-20-10")
                QVERIFY(i > 1 && prog[i - 1] == json({{"run", "2000ns"}}) &&
                        prog[i - 2] == json({{"send", "wake-10-20"}}));
        // ... and pong's release comes before the sleep that follows each answer.
        const json& pprog = pong->at("program");
        for (size_t i = 0; i < pprog.size(); ++i)
            if (pprog[i].contains("send") && pprog[i].at("send") == "order-20-10")
                QVERIFY(i + 1 < pprog.size() &&
                        (pprog[i + 1].contains("recv") || pprog[i + 1].contains("sleep")));
        // Simulated, ping never runs ahead: one switch of each per round trip at least.
        LoadResult l = loadScenarioText(textOf(w.scenario), "pair");
        QVERIFY(l.ok());
        const SimulationResult r = simulate(std::make_shared<const ScenarioSpec>(std::move(*l.spec)), {}, {});
        QVERIFY2(r.ok(), r.error.c_str());
        bool checked = false;
        for (const TaskSummary& t : summarize(*r.engine).tasks)
            if (t.name == "ping") {
                QVERIFY2(t.switches >= 3, std::to_string(t.switches).c_str());
                checked = true;
            }
        QVERIFY(checked);

        // A waker that ran again before its wakee blocked keeps no order for that round.
        w = importWorkload(writeFile(m_dir, "late.txt", pipePair(3, true, true)), {});
        QVERIFY2(w.scenario.ok, w.scenario.error.c_str());
        s = json::parse(textOf(w.scenario));
        QCOMPARE(actions(*taskNamed(s.at("tasks"), "ping"), "recv", "order-20-10"), 2);
        QCOMPARE(actions(*taskNamed(s.at("tasks"), "pong"), "send", "order-20-10"), 2);

        // A pair that never woke each other both ways (a sender and its reader): no order.
        w = importWorkload(writeFile(m_dir, "oneway.txt", pipePair(3, false, false)), {});
        QVERIFY2(w.scenario.ok, w.scenario.error.c_str());
        QVERIFY(!anyNote(w.scenario, "a waker was preempted"));
        QVERIFY(textOf(w.scenario).find("order-") == std::string::npos);
    }

    void sleepsByTimerOrInterruptAreTimedAndForkAndExitKept() {
        const json* client = taskNamed(m_scenario.at("tasks"), "client-20");
        QVERIFY(client);
        // recv (woken by server), a timer sleep woken from idle, a D sleep ended by an interrupt
        // that hit hog (irq flags): io of the recorded length, not a wait for hog.
        const json& p = client->at("program");
        QCOMPARE(p.size(), size_t(9));
        QCOMPARE(p[0].at("run").get<std::string>(), std::string("500000ns"));
        QCOMPARE(p[1].at("recv").get<std::string>(), std::string("wake-10-20"));
        QCOMPARE(p[2].at("run").get<std::string>(), std::string("1000000ns"));
        QCOMPARE(p[3].at("sleep").get<std::string>(), std::string("2000000ns"));
        QCOMPARE(p[4].at("run").get<std::string>(), std::string("1000000ns"));
        QCOMPARE(p[5].at("io").get<std::string>(), std::string("2000000ns"));
        QCOMPARE(p[6].at("run").get<std::string>(), std::string("200000ns"));
        QVERIFY(p[7].contains("fork"));
        QCOMPARE(p[7].at("fork").at("pid").get<int>(), 21);
        QCOMPARE(p[7].at("fork").at("name").get<std::string>(), std::string("client-21"));
        QCOMPARE(p[8].at("run").get<std::string>(), std::string("800000ns"));
        QVERIFY(
            anyNote(m_import.scenario,
                    "client (pid 20): uninterruptible sleeps (D) ended by an interrupt or the idle task: 1"));
        // The recording itself now knows client exited (its last switch out was Z).
        for (const TaskSummary& t : m_import.recording.summary.tasks)
            if (t.pid == 20) {
                QVERIFY(t.exited);
                QCOMPARE(t.exit.count(), int64_t(11'800'000)); // 1.0108 s - the first event at 0.999 s
            }
    }

    void priorityCgroupTracerAndTopology() {
        const json* hog = taskNamed(m_scenario.at("tasks"), "hog");
        QVERIFY(hog);
        QCOMPARE(hog->at("nice").get<int>(), 5);
        QVERIFY(!hog->contains("policy"));
        // hog's program never sends: the interrupt in its context was not its wakeup.
        QCOMPARE(QString::fromStdString(hog->at("program").dump()),
                 QStringLiteral("[{\"run\":\"8000000ns\"}]"));
        QCOMPARE(taskNamed(m_scenario.at("tasks"), "server")->at("cgroup").get<std::string>(),
                 std::string("/work"));
        QVERIFY(!taskNamed(m_scenario.at("tasks"), "perf"));
        QVERIFY(anyNote(m_import.scenario, "tracer itself"));
        QCOMPARE(m_scenario.at("topology").at("cores_per_socket").get<int>(), 2);
        QVERIFY(anyNote(m_import.scenario, "--host FILE"));
        QVERIFY(!m_scenario.at("tasks")[0].contains("cpus")); // never inferred pinning
    }

    void excludeAndRtPriority() {
        std::string trace = kTrace;
        // hog as SCHED_FIFO priority 10 (kernel prio 89).
        for (size_t at; (at = trace.find("prio=125")) != std::string::npos;)
            trace.replace(at, 8, "prio=89");
        WorkloadScenarioOptions o;
        o.exclude = {"server"};
        WorkloadImport w = importWorkload(writeFile(m_dir, "rt.txt", trace), o);
        QVERIFY2(w.scenario.ok, w.scenario.error.c_str());
        const json s = json::parse(textOf(w.scenario, o));
        QVERIFY(!taskNamed(s.at("tasks"), "server"));
        const json* hog = taskNamed(s.at("tasks"), "hog");
        QCOMPARE(hog->at("policy").get<std::string>(), std::string("fifo"));
        QCOMPARE(hog->at("rt_priority").get<int>(), 10);
        // client's wakeup by the excluded server is a timed sleep, with a note.
        const json* client = taskNamed(s.at("tasks"), "client-20");
        QCOMPARE(client->at("program")[1].at("sleep").get<std::string>(), std::string("3000000ns"));
        QVERIFY(anyNote(w.scenario, "wakeups by a task left out"));
    }

    void replayMatchesTheRecordedCpuTime() {
        // Every burst is exact CPU work: the simulation's per-command CPU time is the recording's
        // plus the syscalls the model charges (a few microseconds each).
        LoadResult l = loadScenarioText(textOf(m_import.scenario), "import");
        QVERIFY(l.ok());
        SimulationResult run = simulate(std::make_shared<const ScenarioSpec>(std::move(*l.spec)), {}, {});
        QVERIFY(run.ok());
        const RunSummary sim = summarize(*run.engine);
        bool sawClient = false;
        for (const CommandComparison& c : compareCommands(m_import.recording.summary, sim)) {
            const double real = static_cast<double>(c.real.runtime.count());
            const double simulated = static_cast<double>(c.simulated.runtime.count());
            QVERIFY2(
                std::abs(simulated - real) <= 0.02 * real,
                (c.real.comm + ": " + std::to_string(real) + " vs " + std::to_string(simulated)).c_str());
            QCOMPARE(c.real.tasks, c.simulated.tasks);
            sawClient |= c.real.comm == "client" && c.real.tasks == 2;
        }
        QVERIFY(sawClient);
        for (const TaskSummary& t : sim.tasks)
            QVERIFY(t.pid == 10 || t.pid == 20 || t.pid == 21 || t.pid == 30);
        // replay's JSON: both summaries, parseable.
        const json j = json::parse(replayJson(m_import.recording.summary, sim));
        QVERIFY(j.contains("real") && j.contains("simulated"));
        QCOMPARE(j.at("simulated").at("tasks")[0].contains("pid"), true);
    }

    void theSpecIsWhatTheTextSays() {
        // replay simulates the spec import-trace builds, never the text it writes: the two must
        // be the same scenario (a long recording's text is more than the loader reads).
        LoadResult l = loadScenarioText(textOf(m_import.scenario), "import");
        QVERIFY(l.ok());
        QVERIFY(m_import.scenario.spec);
        std::string fromText, built;
        for (const TaskSpec& t : l.spec->tasks)
            appendTaskText(fromText, t);
        for (const TaskSpec& t : m_import.scenario.spec->tasks)
            appendTaskText(built, t);
        QCOMPARE(QString::fromStdString(built), QString::fromStdString(fromText));
        // A recorded sleep already holds its timer's slack: the replay adds none.
        for (const TaskSpec& t : l.spec->tasks)
            QVERIFY(t.timerSlack && t.timerSlack->count() == 0);
        std::string channelsFromText, channelsBuilt;
        for (const ChannelSpec& c : l.spec->channels)
            appendChannelText(channelsFromText, c);
        for (const ChannelSpec& c : m_import.scenario.spec->channels)
            appendChannelText(channelsBuilt, c);
        QVERIFY(!channelsBuilt.empty());
        QCOMPARE(QString::fromStdString(channelsBuilt), QString::fromStdString(channelsFromText));
        auto summaryOf = [](const ScenarioSpec& spec) {
            SimulationResult run = simulate(std::make_shared<const ScenarioSpec>(spec), {}, {});
            return run.ok() ? toJson(summarize(*run.engine), false) : run.error;
        };
        QCOMPARE(QString::fromStdString(summaryOf(*m_import.scenario.spec)),
                 QString::fromStdString(summaryOf(*l.spec)));
        // A model given by name wins.
        WorkloadScenarioOptions o;
        o.model = KernelModel::V6_12;
        const WorkloadImport w = importWorkload(writeFile(m_dir, "rules.txt", kTrace), o);
        QVERIFY2(w.scenario.ok, w.scenario.error.c_str());
        QCOMPARE(w.scenario.spec->kernel.model, KernelModel::V6_12);
        std::string again;
        for (const TaskSpec& t : w.scenario.spec->tasks)
            appendTaskText(again, t);
        QCOMPARE(QString::fromStdString(again), QString::fromStdString(built));
    }

    void everyActionRoundTripsThroughText() {
        // The writer covers the whole task format, not only what import-trace uses.
        const char* kScenario =
            R"({"format": 1, "name": "all", "duration": "10ms", "kernel": {"model": "v6.12"},
            "topology": {"sockets": 1, "cores_per_socket": 4, "threads_per_core": 1},
            "cgroups": [{"path": "/a"}], "channels": [{"name": "c", "kind": "pipe"}],
            "tasks": [{"name": "x\\y", "count": 2, "policy": "rr", "rt_priority": 5, "cgroup": "/a",
                       "cpus": "0-1,3", "session": "s", "start": "1ms", "program": [
                {"run": {"exp": "1ms"}}, {"sleep": {"uniform": ["1us", "2us"]}}, {"io": "3us"},
                {"memstall": "4us"}, {"send": "c"}, {"recv": "c"}, {"loop": 3, "do": [{"yield": true}]},
                {"fork": {"name": "kid", "nice": -3, "slice": "2ms", "program": [{"exit": true}]}},
                {"wait": "children"}, {"move": "/"}, {"setsid": "t"}, {"nice": -5},
                {"policy": "fifo", "rt_priority": 7}, {"policy": "other", "nice": 3}, {"policy": "idle"},
                {"cpus": "1,3"}, {"exit": true}]},
                      {"name": "b", "policy": "batch", "pid": 7, "program": [{"run": "1ms"}]}]})";
        LoadResult first = loadScenarioText(kScenario, "all");
        QVERIFY2(first.ok(), first.errors.empty() ? "" : first.errors.front().c_str());
        std::string tasks;
        for (const TaskSpec& t : first.spec->tasks)
            appendTaskText(tasks += tasks.empty() ? "" : ", ", t);
        json j = json::parse(kScenario);
        j["tasks"] = json::parse("[" + tasks + "]");
        LoadResult second = loadScenarioText(j.dump(), "again");
        QVERIFY2(second.ok(), second.errors.empty() ? "" : second.errors.front().c_str());
        std::string again;
        for (const TaskSpec& t : second.spec->tasks)
            appendTaskText(again += again.empty() ? "" : ", ", t);
        QCOMPARE(QString::fromStdString(again), QString::fromStdString(tasks));
        QVERIFY(tasks.find("\"uniform\": [\"1000ns\", \"2000ns\"]") != std::string::npos);
        QVERIFY(tasks.find("\"cpus\": \"0-1,3\"") != std::string::npos);
        QVERIFY(
            tasks.find("{\"nice\": -5}, {\"policy\": \"fifo\", \"rt_priority\": 7}, {\"policy\": \"other\", "
                       "\"nice\": 3}, {\"policy\": \"idle\"}, {\"cpus\": \"1,3\"}") != std::string::npos);
    }

    void cpuListsAreWrittenInTheKernelsNumbers() {
        // A machine whose kernel numbers its CPUs otherwise (SMT siblings 0 and 2, 1 and 3): the
        // text has the kernel's numbers, which the loader turns back into the same scenario CPUs.
        const char* kScenario =
            R"({"format": 1, "name": "n", "duration": "10ms",
            "topology": {"sockets": 1, "cores_per_socket": 2, "threads_per_core": 2, "cpu_numbers": [0, 2, 1, 3]},
            "tasks": [{"name": "t", "cpus": "2", "program": [{"cpus": "1,3"}, {"run": "1ms"}]}]})";
        LoadResult first = loadScenarioText(kScenario, "n");
        QVERIFY2(first.ok(), first.errors.empty() ? "" : first.errors.front().c_str());
        const TaskSpec& t = first.spec->tasks[0];
        QCOMPARE(QString::fromStdString(t.cpus->toString()),
                 QStringLiteral("1")); // scenario CPU 1 is kernel CPU 2
        QCOMPARE(QString::fromStdString(t.program[0].name), QStringLiteral("2-3"));
        std::string kernel, scenario;
        appendTaskText(kernel, t, &first.spec->topology);
        appendTaskText(scenario, t);
        QVERIFY2(kernel.find("\"cpus\": \"2\"") != std::string::npos, kernel.c_str());
        QVERIFY2(kernel.find("{\"cpus\": \"1,3\"}") != std::string::npos, kernel.c_str());
        QVERIFY2(scenario.find("{\"cpus\": \"2-3\"}") != std::string::npos, scenario.c_str());
        json j = json::parse(kScenario);
        j["tasks"] = json::parse("[" + kernel + "]");
        LoadResult second = loadScenarioText(j.dump(), "again");
        QVERIFY2(second.ok(), second.errors.empty() ? "" : second.errors.front().c_str());
        QCOMPARE(QString::fromStdString(second.spec->tasks[0].program[0].name), QStringLiteral("2-3"));
    }

    void recordedBurstsAreNotChargedTwice() {
        // kernel.recorded_bursts: the run before a call gives up what the engine charges for
        // the call (here the sleep's system call), the last run the exit's.
        auto runtimeOf = [](bool recorded) {
            const std::string text = std::string(R"({"format": 1, "name": "b", "duration": "1s",
                "topology": {"sockets": 1, "cores_per_socket": 1, "threads_per_core": 1},
                "kernel": {"recorded_bursts": )") +
                                     (recorded ? "true" : "false") + R"(},
                "tasks": [{"name": "t", "pid": 7, "program": [{"run": "1ms"}, {"sleep": "1ms"}, {"run": "1ms"}]}]})";
            LoadResult l = loadScenarioText(text, "b.json");
            if (!l.ok())
                return SimTime();
            SimulationResult run = simulate(std::make_shared<const ScenarioSpec>(std::move(*l.spec)), {}, {});
            const RunSummary s = summarize(*run.engine);
            return s.tasks.size() == 1 && s.tasks[0].pid == 7 ? s.tasks[0].runtime : SimTime();
        };
        const SimTime plain = runtimeOf(false), recorded = runtimeOf(true);
        QVERIFY(plain.count() > 2'000'000);
        const CostModel costs;
        QCOMPARE((plain - recorded).count(), (costs[CostOp::Syscall] + costs[CostOp::Exit]).count());
    }

    void everyKernelWorkInARunComesOutOfIt() {
        // kernel.recorded_bursts "all" (import-trace since 2026-12-07): a recorded burst is the
        // task's CPU time from its switch in to its switch out, so the switch, wakeup, enqueue,
        // tick and PSI work the model charges while the task runs was in it too. It comes out of
        // the run: each task's CPU time is its recorded runs, where `true` adds that work on
        // top (only the calls' costs come out) and `false` adds the calls' as well.
        // Straight programs, a run before every call, as import-trace writes them.
        std::string ping, pong;
        for (int i = 0; i < 50; ++i) {
            ping += R"({"run": "100us"}, {"send": "p"}, {"run": "10us"}, {"recv": "q"}, )";
            pong += R"({"recv": "p"}, {"run": "100us"}, {"send": "q"}, {"run": "10us"}, )";
        }
        auto runtimes = [&](const std::string& bursts) {
            const std::string text = std::string(R"({"format": 1, "name": "b", "duration": "1s",
                "topology": {"sockets": 1, "cores_per_socket": 1, "threads_per_core": 1},
                "kernel": {"recorded_bursts": )") +
                                     bursts + R"(},
                "channels": [{"name": "p", "kind": "pipe"}, {"name": "q", "kind": "pipe"}],
                "tasks": [{"name": "ping", "pid": 7, "program": [)" +
                                     ping + R"({"run": "100us"}]},
                  {"name": "pong", "pid": 8, "program": [)" +
                                     pong + R"({"run": "100us"}]}]})";
            return runtimesByPid(text);
        };
        const auto all = runtimes("\"all\""), calls = runtimes("true"), none = runtimes("false");
        QCOMPARE(all.size(), size_t{2});
        const SimTime recorded = SimTime::us(110) * 50 + SimTime::us(100);
        const CostModel costs;
        for (int32_t pid : {7, 8}) {
            // Only the work after its last run (the exit's dequeue and switch) has no run left to
            // come out of.
            QVERIFY2(all.at(pid) >= recorded && all.at(pid) - recorded < SimTime::us(1),
                     qPrintable(QString::number(all.at(pid).count())));
            // With `true` at least a switch per message comes on top.
            QVERIFY2(calls.at(pid) - recorded > costs[CostOp::ContextSwitch] * 50,
                     qPrintable(QString::number(calls.at(pid).count())));
            QVERIFY(none.at(pid) > calls.at(pid));
        }
        // Nothing else is accepted for the key.
        const LoadResult bad = loadScenarioText(R"({"format": 1, "name": "b", "duration": "1s",
            "topology": {"sockets": 1, "cores_per_socket": 1, "threads_per_core": 1},
            "kernel": {"recorded_bursts": "some"}, "tasks": [{"name": "t", "program": [{"run": "1ms"}]}]})",
                                                "b.json");
        QVERIFY(!bad.ok());
        QVERIFY2(bad.errors.front().find("kernel.recorded_bursts") != std::string::npos &&
                     bad.errors.front().find("true, false or \"all\"") != std::string::npos,
                 bad.errors.front().c_str());
    }

    void aRunShorterThanItsCallsCostCapsTheCharge() {
        // A recorded run held the kernel's work for the call that ended it, so the call took no
        // longer than the run: where the model's cost is more (a thread's fork or exit of a few
        // microseconds against a process's calibrated 250 us and 1 ms), the run gives up all it
        // has and the rest of the cost is not charged. Without it, every short-lived thread of a
        // replay added the calibrated exit to its recorded CPU time (the README's table).
        // Every other cost 0, so that the tasks' CPU time is their runs and these calls alone.
        std::string costs;
        for (size_t i = 0; i < kCostOpCount; ++i) {
            const CostOp op = static_cast<CostOp>(i);
            if (op == CostOp::LockSpin)
                continue; // measured while it happens, not a cost to set
            const char* value = op == CostOp::Syscall ? "1us"
                                : op == CostOp::Fork  ? "300us"
                                : op == CostOp::Exit  ? "1ms"
                                                      : "0ns";
            costs += (costs.empty() ? "\"" : ", \"") + std::string(costName(op)) + "\": \"" + value + "\"";
        }
        auto runtimes = [&costs](bool recorded) {
            const std::string text = std::string(R"({"format": 1, "name": "b", "duration": "1s",
                "topology": {"sockets": 1, "cores_per_socket": 1, "threads_per_core": 1},
                "kernel": {"recorded_bursts": )") +
                                     (recorded ? "true" : "false") + R"(, "costs": {)" + costs + R"(}},
                "tasks": [{"name": "main", "pid": 7, "program": [{"run": "40us"},
                  {"fork": {"name": "child", "pid": 8, "program": [{"run": "30us"}]}},
                  {"run": "2ms"}]}]})";
            return runtimesByPid(text);
        };
        const auto plain = runtimes(false), recorded = runtimes(true);
        QCOMPARE(plain.size(), size_t{2});
        QCOMPARE(recorded.size(), size_t{2});
        // The child: its 30 us run is all its exit may take (1 ms more without the recording).
        QCOMPARE(recorded.at(8).count(), SimTime::us(30).count());
        QCOMPARE(plain.at(8).count(), (SimTime::us(30) + SimTime::ms(1)).count());
        // The parent: 40 us before the fork (1 us system call and 300 us fork), then 2 ms before
        // its exit (1 ms): each call no longer than its run, the runs given up whole or in part,
        // so its CPU time is what was recorded.
        QCOMPARE(recorded.at(7).count(), (SimTime::us(40) + SimTime::ms(2)).count());
        QCOMPARE(plain.at(7).count(), (SimTime::us(40 + 1 + 300) + SimTime::ms(2 + 1)).count());
    }

    void aCommThatIsNotUtf8KeepsItsBytesEscaped() {
        std::string trace = kTrace;
        const std::string latin1 = "caf\xE9\\x"; // a Latin-1 name with a backslash
        for (size_t at; (at = trace.find("hog")) != std::string::npos;)
            trace.replace(at, 3, latin1);
        WorkloadImport w = importWorkload(writeFile(m_dir, "latin1.txt", trace), {});
        QVERIFY2(w.scenario.ok, w.scenario.error.c_str());
        const std::string escaped = "caf\\xE9\\x5Cx";
        QCOMPARE(bytesAsText(latin1), escaped);
        QCOMPARE(bytesOfText(escaped), latin1);
        QVERIFY(taskNamed(json::parse(textOf(w.scenario)).at("tasks"), escaped));
        // Every output of the recording's summary carries it (this aborted before).
        const json j = json::parse(toJson(w.recording.summary, false));
        bool found = false;
        for (const json& t : j.at("tasks"))
            found |= t.at("name") == escaped;
        QVERIFY(found);
        QVERIFY(toCsv(w.recording.summary).find(escaped) != std::string::npos);
        QVERIFY(toTable(w.recording.summary).find("caf\\xE9") != std::string::npos);
    }

    void mutatedRecordingsNeverCrashTheWriters() {
        // 80 mutations of a real recording (truncated, bytes flipped, blocks repeated, lines
        // reordered, garbage in front): each is refused with a message naming the file, or gives
        // a summary every writer prints and a scenario the loader accepts. Before, a flipped byte
        // in a comm (not UTF-8) aborted trace-summary --format json.
        std::ifstream in(std::string(SCHEDSCOPE_TEST_DATA) + "/traces/perf-sched.script", std::ios::binary);
        std::string original((std::istreambuf_iterator<char>(in)), {});
        original.resize(std::min<size_t>(original.size(), 96 * 1024));
        original.resize(original.rfind('\n') + 1);
        uint64_t state = 12345;
        auto next = [&] { return state = state * 6364136223846793005ULL + 1442695040888963407ULL; };
        int accepted = 0;
        for (int k = 0; k < 80; ++k) {
            std::string t = original;
            switch (k % 5) {
            case 0:
                t.resize(next() % t.size());
                break;
            case 1:
                for (int f = 0; f < 20; ++f)
                    t[next() % t.size()] = static_cast<char>(0x80 | (next() & 0x7F));
                break;
            case 2: {
                const size_t at = next() % t.size(), len = next() % 4096;
                t.insert(at, t.substr(at, len));
                break;
            }
            case 3: {
                const size_t a = t.find('\n', next() % t.size()), b = t.find('\n', next() % t.size());
                if (a != std::string::npos && b != std::string::npos && a != b)
                    std::swap(t[a], t[b]);
                break;
            }
            case 4:
                t.insert(0, std::string(next() % 300, static_cast<char>(next() & 0xFF)));
                break;
            }
            const std::string name = "mutated" + std::to_string(k) + ".txt";
            WorkloadImport w = importWorkload(writeFile(m_dir, name, t), {});
            if (!w.recording.ok) {
                QVERIFY2(w.scenario.error.find(name) != std::string::npos, w.scenario.error.c_str());
                continue;
            }
            QVERIFY(!json::parse(toJson(w.recording.summary, false)).is_null());
            QVERIFY(!toCsv(w.recording.summary).empty() && !toTable(w.recording.summary).empty());
            QVERIFY2(w.scenario.ok, w.scenario.error.c_str());
            ++accepted;
        }
        QVERIFY(accepted > 40);
    }

    void badInputIsAnErrorOrANote() {
        // Not a trace: an error naming the file.
        WorkloadImport w = importWorkload(writeFile(m_dir, "empty.txt", "hello\n"), {});
        QVERIFY(!w.scenario.ok);
        QVERIFY(w.scenario.error.find("empty.txt") != std::string::npos);
        // Lost events: a note with the time.
        std::string lost = kTrace;
        lost += "CPU:1 [LOST 12 EVENTS]\n";
        w = importWorkload(writeFile(m_dir, "lost.txt", lost), {});
        QVERIFY2(w.scenario.ok, w.scenario.error.c_str());
        // A truncated trace still gives a valid scenario.
        const std::string cut = std::string(kTrace).substr(0, std::string(kTrace).size() / 2);
        w = importWorkload(writeFile(m_dir, "cut.txt", cut), {});
        QVERIFY2(w.scenario.ok, w.scenario.error.c_str());
        // A host file that is not one.
        WorkloadScenarioOptions o;
        o.hostFile = writeFile(m_dir, "host.json", "{\"format\": 2}");
        w = importWorkload(writeFile(m_dir, "rules2.txt", kTrace), o);
        QVERIFY(!w.scenario.ok);
        QVERIFY(w.scenario.error.find("host.json") != std::string::npos);
    }

    void hostFileGivesTheMachine() {
        WorkloadScenarioOptions o;
        o.hostFile = writeFile(m_dir, "host4.json", R"({"format": 1, "name": "h", "duration": "1s",
            "topology": {"sockets": 1, "cores_per_socket": 2, "threads_per_core": 2},
            "kernel": {"model": "v6.12", "hz": 1000}, "tasks": []})");
        WorkloadImport w = importWorkload(writeFile(m_dir, "rules3.txt", kTrace), o);
        QVERIFY2(w.scenario.ok, w.scenario.error.c_str());
        const json s = json::parse(textOf(w.scenario, o));
        QCOMPARE(s.at("topology").at("threads_per_core").get<int>(), 2);
        QCOMPARE(s.at("kernel").at("hz").get<int>(), 1000);
        QCOMPARE(s.at("kernel").at("model").get<std::string>(), std::string("v6.12"));
    }
};

QTEST_GUILESS_MAIN(TstRecordReplay)
#include "tst_recordreplay.moc"
