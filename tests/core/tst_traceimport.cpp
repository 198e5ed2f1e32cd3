// Real trace import: the three text forms, every pitfall that breaks real traces, and the
// wakeup latency against `perf sched latency` on a recording made on a real kernel.
#include "base/latency.h"
#include "import/filekind.h"
#include "import/importtrace.h"
#include "import/tracedat.h"
#include "import/tracedmachine.h"
#include "import/tracefile.h"
#include "import/traceparser.h"
#include "report/summary.h"
#include "scenario/modelselection.h"

#include <QtTest>

#include <cmath>
#include <fstream>
#include <map>
#include <regex>
#include <sstream>

using namespace core;

namespace {

std::string dataFile(const std::string& name) {
    return std::string(SCHEDSCOPE_TEST_DATA) + "/traces/" + name;
}

const TaskSummary* byPid(const RunSummary& s, int64_t pid) {
    for (const TaskSummary& t : s.tasks)
        if (t.pid == pid)
            return &t;
    return nullptr;
}

bool anyWarning(const RunSummary& s, const std::string& needle) {
    for (const std::string& w : s.trace->warnings)
        if (w.find(needle) != std::string::npos)
            return true;
    return false;
}

std::string warnings(const RunSummary& s) {
    std::string all;
    for (const std::string& w : s.trace->warnings)
        all += w + "\n";
    return all;
}

/// Collects what an import hands to the views.
struct Collect : TraceSink {
    std::vector<Slice> slices;
    std::vector<MigrationRecord> migrations;
    std::vector<SwitchRecord> switches;
    std::vector<Marker> markers;
    std::map<uint32_t, std::string> names;
    void slice(const Slice& s) override { slices.push_back(s); }
    void migration(const MigrationRecord& m) override { migrations.push_back(m); }
    void marker(const Marker& m) override { markers.push_back(m); }
    void contextSwitch(const SwitchRecord& s) override { switches.push_back(s); }
    void taskCreated(TaskId id, const std::string& name, CgroupId, SchedPolicy, uint8_t) override {
        names[id.value()] = name;
    }
};

// A small ftrace text: two CPUs, a waker and a wakee, 1 ms apart.
const char* kFtrace = R"(# tracer: nop
#
# entries-in-buffer/entries-written: 8/8   #P:2
#
#           TASK-PID     CPU#  |||||  TIMESTAMP  FUNCTION
            bash-100     [000] d..2.  10.000000: sched_waking: comm=worker pid=200 prio=120 target_cpu=001
            bash-100     [000] d..2.  10.000010: sched_wakeup: comm=worker pid=200 prio=120 target_cpu=001
          <idle>-0       [001] d..2.  10.000050: sched_switch: prev_comm=swapper/1 prev_pid=0 prev_prio=120 prev_state=R ==> next_comm=worker next_pid=200 next_prio=120
          worker-200     [001] d..2.  10.002050: sched_switch: prev_comm=worker prev_pid=200 prev_prio=120 prev_state=S ==> next_comm=swapper/1 next_pid=0 next_prio=120
            bash-100     [000] d..2.  10.003000: sched_switch: prev_comm=bash prev_pid=100 prev_prio=120 prev_state=S ==> next_comm=swapper/0 next_pid=0 next_prio=120
)";

} // namespace

class TstTraceImport : public QObject {
    Q_OBJECT
private slots:
    void latencyHistogram() {
        LatencyHistogram h;
        QCOMPARE(h.count(), uint64_t(0));
        QCOMPARE(h.percentile(0.5).count(), 0);
        for (int v = 1; v <= 100; ++v)
            h.add(SimTime::ns(v)); // below 128 ns: exact
        QCOMPARE(h.count(), uint64_t(100));
        QCOMPARE(h.percentile(0.5).count(), 50);
        QCOMPARE(h.percentile(0.9).count(), 90);
        QCOMPARE(h.percentile(0.99).count(), 99);
        QCOMPARE(h.max().count(), 100);
        QCOMPARE(h.average().count(), 50); // 5050 / 100
        // Large values: within 0.8% of the nearest-rank value.
        LatencyHistogram g;
        std::vector<int64_t> values;
        for (int i = 0; i < 1000; ++i)
            values.push_back(1000 + int64_t(i) * int64_t(i) * 37);
        for (int64_t v : values)
            g.add(SimTime::ns(v));
        for (double q : {0.5, 0.9, 0.99}) {
            const int64_t exact = values[size_t(std::ceil(q * 1000)) - 1];
            const double got = double(g.percentile(q).count());
            QVERIFY2(std::abs(got - double(exact)) <= 0.008 * double(exact),
                     qPrintable(QStringLiteral("q=%1 exact %2 got %3").arg(q).arg(exact).arg(got)));
        }
        QCOMPARE(g.max().count(), values.back());
        // Merging equals adding everything to one.
        LatencyHistogram m = h;
        m.merge(g);
        QCOMPARE(m.count(), uint64_t(1100));
        QCOMPARE(m.max().count(), values.back());
        QCOMPARE(m.min().count(), 1);
        QCOMPARE(m.sum(), h.sum() + g.sum());
    }

    void parsesEachTextForm_data() {
        QTest::addColumn<QString>("line");
        QTest::addColumn<int>("type");
        QTest::addColumn<qlonglong>("time");
        QTest::addColumn<int>("cpu");
        QTest::addColumn<int>("a");
        QTest::addColumn<int>("b");
        QTest::addColumn<QString>("name");
        QTest::newRow("ftrace switch")
            << QStringLiteral("     rcu_preempt-15      [000] d..2.   386.553931: sched_switch: "
                              "prev_comm=rcu_preempt prev_pid=15 "
                              "prev_prio=120 prev_state=I ==> next_comm=swapper/0 next_pid=0 next_prio=120")
            << int(TraceEventType::Switch) << 386553931000LL << 0 << 15 << 0 << QStringLiteral("rcu_preempt");
        QTest::newRow("perf script waking, ns")
            << QStringLiteral("            perf  4465 [000]   356.382004464:       sched:sched_waking: "
                              "comm=migration/0 pid=18 "
                              "prio=0 target_cpu=000")
            << int(TraceEventType::Waking) << 356382004464LL << 0 << 18 << -1
            << QStringLiteral("migration/0");
        QTest::newRow("comm with spaces, vendor field")
            << QStringLiteral("  Web Content-3130  [003] .... 100.000001: sched_wakeup: comm=Web Content "
                              "pid=3130 prio=120 "
                              "success=1 target_cpu=002 vendor_hint=7")
            << int(TraceEventType::Wakeup) << 100000001000LL << 3 << 3130 << -1
            << QStringLiteral("Web Content");
        QTest::newRow("trace-cmd report plugin switch")
            << QStringLiteral("            bash-4626  [001]  386.552700: sched_switch:         bash:4626 "
                              "[120] S ==> kworker/1:2:88 "
                              "[120]")
            << int(TraceEventType::Switch) << 386552700000LL << 1 << 4626 << 88 << QStringLiteral("bash");
        QTest::newRow("trace-cmd report plugin wakeup")
            << QStringLiteral(
                   "            bash-4626  [001]  386.552247: sched_wakeup_new:     bash:4646 [120] CPU:001")
            << int(TraceEventType::WakeupNew) << 386552247000LL << 1 << 4646 << -1 << QStringLiteral("bash");
        QTest::newRow("tgid column") << QStringLiteral("            bash-4626  (   4626) [001] d..2.  1.5: "
                                                       "sched_migrate_task: comm=bash pid=4626 prio=120 "
                                                       "orig_cpu=1 dest_cpu=0")
                                     << int(TraceEventType::Migrate) << 1500000000LL << 1 << 4626 << 1
                                     << QStringLiteral("bash");
        QTest::newRow("exec: the comm is the file's base name")
            << QStringLiteral("   perf-exec-4467  [000] .....  2.000000: sched_process_exec: "
                              "filename=/usr/local/bin/workload "
                              "pid=4467 old_pid=4467")
            << int(TraceEventType::Exec) << 2000000000LL << 0 << 4467 << 4467 << QStringLiteral("workload");
        QTest::newRow("an event it does not model")
            << QStringLiteral(
                   "          <idle>-0       [001] d.h1.  3.000000: irq_handler_entry: irq=24 name=virtio0")
            << int(TraceEventType::Unknown) << 3000000000LL << 1 << -1 << -1
            << QStringLiteral("irq_handler_entry");
    }
    void parsesEachTextForm() {
        QFETCH(QString, line);
        QFETCH(int, type);
        QFETCH(qlonglong, time);
        QFETCH(int, cpu);
        QFETCH(int, a);
        QFETCH(int, b);
        QFETCH(QString, name);
        StringTable strings;
        TraceTextParser p(strings);
        TraceEvent ev;
        const std::string text = line.toStdString();
        QCOMPARE(int(p.parse(text, 7, ev)), int(TraceTextParser::Result::Event));
        QCOMPARE(int(ev.type), type);
        QCOMPARE(qlonglong(ev.time), time);
        QCOMPARE(ev.cpu, cpu);
        QCOMPARE(ev.a, a);
        QCOMPARE(ev.b, b);
        QCOMPARE(QString::fromStdString(strings.at(ev.name)), name);
        QCOMPARE(ev.line, uint32_t(7));
    }

    void malformedLinesSayWhatWasExpected() {
        StringTable strings;
        TraceTextParser p(strings);
        TraceEvent ev;
        QCOMPARE(int(p.parse("hello world", 3, ev)), int(TraceTextParser::Result::Malformed));
        QVERIFY(p.error().find("expected") == 0);
        QVERIFY(p.error().find("found \"hello world\"") != std::string::npos);
        QCOMPARE(int(p.parse("  x-1 [000] d..2. 1.0: sched_switch: prev_comm=x prev_state=S", 4, ev)),
                 int(TraceTextParser::Result::Malformed));
        QVERIFY2(p.error().find("prev_pid=NUMBER") != std::string::npos, p.error().c_str());
        QCOMPARE(int(p.parse("# just a comment", 5, ev)), int(TraceTextParser::Result::Skip));
    }

    void smallFtraceTrace() {
        Collect sink;
        TraceFileResult r = importTraceText(kFtrace, "small.txt", &sink);
        QVERIFY2(r.ok, r.error.c_str());
        const RunSummary& s = r.summary;
        QCOMPARE(s.trace->format, std::string("ftrace"));
        QCOMPARE(s.trace->events, uint64_t(5));
        QCOMPARE(s.trace->lostEvents, uint64_t(0));
        const TaskSummary* w = byPid(s, 200);
        QVERIFY(w);
        QCOMPARE(w->name, std::string("worker"));
        QCOMPARE(w->runtime.count(), int64_t(2'000'000));
        QCOMPARE(w->switches, uint64_t(1));
        // From sched_waking (10.000000) to the switch in (10.000050).
        QCOMPARE(w->latency.count(), uint64_t(1));
        QCOMPARE(w->latency.max().count(), int64_t(50'000));
        QCOMPARE(s.counters.contextSwitches, uint64_t(3));
        QCOMPARE(s.counters.wakeups, uint64_t(1));
        // CPU 1: seen from 10.000050 (its first event): busy 2 ms, then idle to the end (10.003).
        QCOMPARE(s.cpus.size(), size_t(2));
        QCOMPARE(s.cpus[1].busy.count(), int64_t(2'000'000));
        QCOMPARE(s.cpus[1].idle.count(), int64_t(950'000)); // its window starts at its first event
        // The views get the run as a slice and both switches on CPU 1.
        QCOMPARE(sink.names[w->id], std::string("worker"));
        bool found = false;
        for (const Slice& sl : sink.slices)
            found |= sl.cpu == 1 && sl.task.value() == w->id && sl.start.count() == 10'000'050'000 &&
                     sl.end.count() == 10'002'050'000;
        QVERIFY(found);
        // Counted as perf sched latency does, the wait starts at sched_wakeup instead.
        TraceFileOptions o;
        o.latencyStart = LatencyStart::PerfSchedLatency;
        TraceFileResult r2 = importTraceText(kFtrace, "small.txt", nullptr, o);
        QCOMPARE(byPid(r2.summary, 200)->latency.max().count(), int64_t(40'000));
    }

    // The pitfalls of real traces: each gives a message or a marker, never a silent picture.
    void lostEventsMarkTheCpuUnknown() {
        std::string t = kFtrace;
        t.insert(t.find("          worker-200"), "CPU:1 [LOST 42 EVENTS]\n");
        Collect sink;
        TraceFileResult r = importTraceText(t, "lost.txt", &sink);
        QVERIFY(r.ok);
        QCOMPARE(r.summary.trace->lostEvents, uint64_t(42));
        QVERIFY2(anyWarning(r.summary, "42 events lost on CPU 1"), warnings(r.summary).c_str());
        QVERIFY(!sink.markers.empty());
        QVERIFY(sink.markers.front().label.find("lost 42") != std::string::npos);
    }
    void overwrittenRingBuffer() {
        std::string t = kFtrace;
        t.replace(t.find("8/8"), 3, "8/5008");
        TraceFileResult r = importTraceText(t, "overwritten.txt", nullptr);
        QVERIFY(r.ok);
        QCOMPARE(r.summary.trace->lostEvents, uint64_t(5000));
        QVERIFY(anyWarning(r.summary, "overwritten"));
    }
    void cpuFirstSeenLate() {
        // CPU 1's first event comes 50 us after the trace starts: below the 1 ms threshold, no
        // note; move it 5 ms later and its earlier time is unknown, not idle.
        TraceFileResult quiet = importTraceText(kFtrace, "a.txt", nullptr);
        QVERIFY(!anyWarning(quiet.summary, "first event"));
        std::string t = kFtrace;
        t.replace(t.find("10.000050"), 9, "10.000900");
        t.replace(t.find("10.002050"), 9, "10.008000");
        t.replace(t.find("10.003000"), 9, "10.009000");
        t.replace(t.find("10.000900"), 9, "10.006000");
        TraceFileResult r = importTraceText(t, "late.txt", nullptr);
        QVERIFY(r.ok);
        QVERIFY2(anyWarning(r.summary, "CPU 1: first event at"), warnings(r.summary).c_str());
        // Its busy + idle cover only what was seen: 10.006 .. 10.009.
        QCOMPARE((r.summary.cpus[1].busy + r.summary.cpus[1].idle).count(), int64_t(3'000'000));
    }
    void outOfOrderCpuStream() {
        // Two lines of CPU 1 swapped: its stream runs backwards; the import sorts and says so.
        std::string t = kFtrace;
        const size_t a = t.find("          <idle>-0       [001]");
        const size_t b = t.find("          worker-200");
        const size_t c = t.find("            bash-100     [000] d..2.  10.003000");
        const std::string first = t.substr(a, b - a), second = t.substr(b, c - b);
        t.replace(a, c - a, second + first);
        TraceFileResult r = importTraceText(t, "order.txt", nullptr);
        QVERIFY(r.ok);
        QVERIFY2(anyWarning(r.summary, "out of order"), warnings(r.summary).c_str());
        QCOMPARE(byPid(r.summary, 200)->runtime.count(), int64_t(2'000'000)); // sorted: same result
    }
    void pidReuseMakesTwoTasks() {
        const char* t = R"(# tracer: nop
  bash-100  [000] d..2.  1.000000: sched_process_fork: comm=bash pid=100 child_comm=job child_pid=300
  bash-100  [000] d..2.  1.000100: sched_switch: prev_comm=bash prev_pid=100 prev_prio=120 prev_state=S ==> next_comm=job next_pid=300 next_prio=120
  job-300   [000] d..2.  1.001000: sched_process_exit: comm=job pid=300 prio=120
  job-300   [000] d..2.  1.001100: sched_switch: prev_comm=job prev_pid=300 prev_prio=120 prev_state=X ==> next_comm=swapper/0 next_pid=0 next_prio=120
  <idle>-0  [000] d..2.  1.002000: sched_switch: prev_comm=swapper/0 prev_pid=0 prev_prio=120 prev_state=R ==> next_comm=other next_pid=300 next_prio=120
  other-300 [000] d..2.  1.005000: sched_switch: prev_comm=other prev_pid=300 prev_prio=120 prev_state=S ==> next_comm=swapper/0 next_pid=0 next_prio=120
)";
        TraceFileResult r = importTraceText(t, "reuse.txt", nullptr);
        QVERIFY2(r.ok, r.error.c_str());
        int with300 = 0;
        for (const TaskSummary& ts : r.summary.tasks)
            with300 += ts.pid == 300;
        QCOMPARE(with300, 2);
        QVERIFY2(anyWarning(r.summary, "pids were reused"), warnings(r.summary).c_str());
        QCOMPARE(r.summary.counters.forks, uint64_t(1));
        QCOMPARE(r.summary.counters.exits, uint64_t(1));
    }
    void truncatedLastLine() {
        std::string t = kFtrace;
        t += "            bash-100     [000] d..2.  10.004000: sched_switch: prev_comm=swapper/0 prev_p";
        TraceFileResult r = importTraceText(t, "cut.txt", nullptr);
        QVERIFY(r.ok);
        QVERIFY2(anyWarning(r.summary, "no end of line"), warnings(r.summary).c_str());
        QCOMPARE(r.summary.trace->events, uint64_t(5));
    }
    void unknownEventsAreCounted() {
        std::string t = kFtrace;
        const std::string irq =
            "          <idle>-0       [001] d.h1.  10.000020: irq_handler_entry: irq=24 name=virtio0\n";
        t.insert(t.find("          <idle>-0"), irq + irq);
        TraceFileResult r = importTraceText(t, "irq.txt", nullptr);
        QVERIFY(r.ok);
        QVERIFY2(anyWarning(r.summary, "irq_handler_entry x2"), warnings(r.summary).c_str());
        QCOMPARE(r.summary.trace->events, uint64_t(5));
    }
    void missingSwitchIsNoticed() {
        // CPU 1 runs "worker" by the switch, but the next event there comes from pid 555.
        std::string t = kFtrace;
        t.insert(t.find("          worker-200"),
                 "           ghost-555     [001] d..2.  10.001000: sched_waking: comm=bash pid=100 prio=120 "
                 "target_cpu=000\n");
        TraceFileResult r = importTraceText(t, "ghost.txt", nullptr);
        QVERIFY(r.ok);
        QVERIFY2(anyWarning(r.summary, "switches are missing"), warnings(r.summary).c_str());
    }
    void notATrace() {
        TraceFileResult r = importTraceText("{\"format\": 1}\n", "scenario.json", nullptr);
        QVERIFY(!r.ok);
        QVERIFY2(r.error.find("scenario.json: not a scheduler trace: line 1: expected") == 0,
                 r.error.c_str());
        TraceFileResult missing = importTraceFile("/nonexistent/trace.txt", nullptr);
        QVERIFY(!missing.ok);
        QVERIFY(missing.error.find("/nonexistent/trace.txt: cannot open") == 0);
    }
    void cancelLeavesNothing() {
        TraceFileOptions o;
        o.progress = [](double) { return false; };
        TraceFileResult r = importTraceFile(dataFile("ftrace.txt"), nullptr, o);
        QVERIFY(!r.ok);
        QVERIFY(r.cancelled);
    }

    // importTrace: the one entry of the CLI, the GUI and the reality runner.
    void importTraceGivesWhatViewsNeed() {
        ImportedTrace plain = importTrace(dataFile("ftrace.txt"));
        QVERIFY2(plain.ok, plain.error.c_str());
        QVERIFY(!plain.machine);
        QVERIFY(plain.snapshots.empty());
        TraceImportOptions o;
        o.forViews = true;
        ImportedTrace t = importTrace(dataFile("ftrace.txt"), o);
        QVERIFY2(t.ok, t.error.c_str());
        QVERIFY(t.machine);
        QCOMPARE(t.machine->topology.nrCpus(), static_cast<uint32_t>(t.summary.cpus.size()));
        QVERIFY(t.machine->tasks.empty());
        QVERIFY(!t.snapshots.empty());
        QVERIFY(t.snapshots.back()->finished);
        // The summary is the same with or without what views need.
        QCOMPARE(toJson(t.summary, false), toJson(plain.summary, false));
        ImportedTrace missing = importTrace("/nonexistent/trace.txt", o);
        QVERIFY(!missing.ok);
        QVERIFY2(missing.error.find("/nonexistent/trace.txt: cannot open") == 0, missing.error.c_str());
        o.progress = [](double) { return false; };
        ImportedTrace cancelled = importTrace(dataFile("ftrace.txt"), o);
        QVERIFY(!cancelled.ok);
        QVERIFY(cancelled.cancelled);
    }

    // The traced machine keeps the recorded cgroups and their ancestors, sorted as the loader
    // leaves a tree, or none with the reason when one of them cannot be a scenario cgroup: the
    // records index the whole list, so all or nothing.
    void tracedMachineCgroups() {
        TracedMachine m = tracedMachine(3, {"/", "/b/c/d", "/a", "/b/c"});
        QVERIFY2(m.cgroupProblem.empty(), m.cgroupProblem.c_str());
        QCOMPARE(m.spec.topology.nrCpus(), 3u);
        QCOMPARE(m.spec.topology.threadsPerCore, 1u);
        std::vector<std::string> paths;
        for (const CgroupSpec& c : m.spec.cgroups)
            paths.push_back(c.path);
        QCOMPARE(paths, (std::vector<std::string>{"/a", "/b", "/b/c", "/b/c/d"}));
        for (const std::string& bad :
             {std::string("/x\xff\xfey"), std::string("/a/../b"), std::string("/tab\there")}) {
            m = tracedMachine(3, {"/", "/a", bad});
            QVERIFY(m.spec.cgroups.empty());
            QVERIFY(!m.cgroupProblem.empty());
        }
        // Bytes that are not UTF-8 are named as every output names them.
        m = tracedMachine(3, {"/x\xff"});
        QVERIFY2(m.cgroupProblem.find("xFF\" is not valid UTF-8") != std::string::npos,
                 m.cgroupProblem.c_str());
        // A host's topology, model and tick; a model asked for wins, and gets what it fixes.
        ScenarioSpec host;
        host.topology.sockets = 2;
        host.topology.threadsPerCore = 2;
        host.kernel.model = KernelModel::V6_6;
        host.kernel.hz = 1000;
        m = tracedMachine(3, {}, &host);
        QCOMPARE(m.spec.topology.nrCpus(), 4u);
        QCOMPARE(m.spec.kernel.model, KernelModel::V6_6);
        QCOMPARE(m.spec.kernel.hz, 1000u);
        m = tracedMachine(3, {}, &host, KernelModel::V4_11);
        QCOMPARE(m.spec.kernel.model, KernelModel::V4_11);
        OptimizationSet fixed;
        applyFixedOptimizations(fixed, KernelModel::V4_11);
        QVERIFY(m.spec.optimizations == fixed);
    }

    // The machine the views draw a recording on: its CPUs, its name's bytes escaped.
    void machineForViews() {
        TraceImportOptions o;
        o.forViews = true;
        ImportedTrace t = importTrace(dataFile("ftrace.txt"), o);
        QVERIFY2(t.ok, t.error.c_str());
        QVERIFY(t.machine);
        QCOMPARE(t.machine->topology.nrCpus(), uint32_t(t.summary.cpus.size()));
        QCOMPARE(t.machine->name, "trace " + t.summary.scenario);
        QVERIFY(t.machine->tasks.empty());
    }

    void sniffTellsTracesFromScenarios() {
        QCOMPARE(sniff("builtin:default"), FileKind::Builtin);
        QCOMPARE(sniff(dataFile("ftrace.txt")), FileKind::Trace);
        QCOMPARE(sniff(dataFile("perf-sched.script")), FileKind::Trace);
        QCOMPARE(sniff(dataFile("trace.dat")), FileKind::Trace);
        QCOMPARE(sniff(SCHEDSCOPE_TEST_DATA "/valid-minimal.json"), FileKind::Workload);
        QCOMPARE(sniff(SCHEDSCOPE_TEST_DATA "/rtapp/barrier.json"), FileKind::Workload);
        QCOMPARE(sniff("/nonexistent/file"), FileKind::Workload); // its loader says why
    }

    // Recorded on a 2-CPU KVM guest, kernel 6.18 (scripts/record-trace-fixtures.sh).
    void ftraceFixture() {
        Collect sink;
        TraceFileResult r = importTraceFile(dataFile("ftrace.txt"), &sink);
        QVERIFY2(r.ok, r.error.c_str());
        const RunSummary& s = r.summary;
        QCOMPARE(s.trace->format, std::string("ftrace"));
        QCOMPARE(s.trace->lostEvents, uint64_t(0));
        std::map<std::string, const TaskSummary*> named;
        for (const TaskSummary& t : s.tasks)
            named[t.name] = &t;
        for (const char* n : {"pinger", "ponger", "sleeper", "hog0", "hog1"})
            QVERIFY2(named.count(n), n);
        // Each hog spins 100 ms of wall time, sharing 2 CPUs with the others: 50..101 ms each.
        for (const char* n : {"hog0", "hog1"}) {
            const double ms = named[n]->runtime.count() / 1e6;
            QVERIFY2(ms > 50 && ms < 101,
                     qPrintable(QStringLiteral("%1 ran %2 ms").arg(QLatin1String(n)).arg(ms)));
        }
        // The ping-pong pair blocks 1000 times each; the sleeper 50 times.
        QVERIFY(named["pinger"]->switches >= 1000);
        QVERIFY(named["ponger"]->switches >= 1000);
        QVERIFY(named["sleeper"]->switches >= 50);
        QVERIFY(named["sleeper"]->latency.count() >= 50);
        QVERIFY(!sink.slices.empty());
        // Busy + idle of each CPU is its observed span (nothing counted twice, nothing lost).
        for (const CpuSummary& c : s.cpus)
            QVERIFY((c.busy + c.idle).count() <= s.simTime.count());
    }

    /// The same tracefs buffer as ftrace text, as trace.dat (libtracecmd) and as trace-cmd report
    /// text: three readers, one picture (up to the microseconds the text forms print).
    void threeFormsOfOneBuffer() {
        TraceFileResult text = importTraceFile(dataFile("ftrace.txt"), nullptr);
        TraceFileResult report = importTraceFile(dataFile("trace-cmd.report"), nullptr);
        QVERIFY2(text.ok, text.error.c_str());
        QVERIFY2(report.ok, report.error.c_str());
        QCOMPARE(report.summary.trace->format, std::string("trace-cmd-report"));
        std::vector<const RunSummary*> all{&text.summary, &report.summary};
        TraceFileResult dat = importTraceFile(dataFile("trace.dat"), nullptr);
        if (traceDatSupported()) {
            QVERIFY2(dat.ok, dat.error.c_str());
            QCOMPARE(dat.summary.trace->format, std::string("trace.dat"));
            all.push_back(&dat.summary);
        } else {
            QVERIFY(!dat.ok);
            QVERIFY(dat.error.find("libtracecmd") != std::string::npos);
        }
        const RunSummary& ref = text.summary;
        for (const RunSummary* s : all) {
            QCOMPARE(s->counters.contextSwitches, ref.counters.contextSwitches);
            QCOMPARE(s->counters.migrations, ref.counters.migrations);
            QCOMPARE(s->tasks.size(), ref.tasks.size());
            for (const TaskSummary& t : ref.tasks) {
                const TaskSummary* o = byPid(*s, t.pid);
                QVERIFY2(o, t.name.c_str());
                QCOMPARE(o->switches, t.switches);
                QCOMPARE(o->latency.count(), t.latency.count());
                // Each stretch is exact to the microsecond the text prints.
                const int64_t slack = int64_t(2'000) * int64_t(o->switches + 1);
                QVERIFY2(std::abs(o->runtime.count() - t.runtime.count()) <= slack, t.name.c_str());
            }
        }
    }

    /// perf sched latency -p on the same recording: per task, the count of waits, their average
    /// and maximum. perf 6.1 ignores sched_waking and samples it cannot attribute to a thread: compare with
    /// --latency perf, which does the same.
    void latencyAgreesWithPerfSchedLatency() {
        TraceFileOptions o;
        o.latencyStart = LatencyStart::PerfSchedLatency;
        TraceFileResult r = importTraceFile(dataFile("perf-sched.script"), nullptr, o);
        QVERIFY2(r.ok, r.error.c_str());
        QCOMPARE(r.summary.trace->format, std::string("perf-script"));
        std::ifstream in(dataFile("perf-sched.latency"));
        QVERIFY(in);
        const std::regex row(
            R"(^\s+(.+):(\d+)\s+\|\s+([\d.]+) ms \|\s+(\d+) \| avg:\s+([\d.]+) ms \| max:\s+([\d.]+) ms)");
        std::string line;
        int compared = 0;
        while (std::getline(in, line)) {
            std::smatch m;
            if (!std::regex_search(line, m, row))
                continue;
            const int64_t pid = std::stoll(m[2]);
            const uint64_t count = std::stoull(m[4]);
            const double avgMs = std::stod(m[5]), maxMs = std::stod(m[6]);
            const TaskSummary* t = byPid(r.summary, pid);
            QVERIFY2(
                t,
                qPrintable(QStringLiteral("pid %1 (%2) missing").arg(pid).arg(QString::fromStdString(m[1]))));
            QVERIFY2(t->latency.count() == count, qPrintable(QStringLiteral("%1: count %2, perf %3")
                                                                 .arg(QString::fromStdString(line))
                                                                 .arg(t->latency.count())
                                                                 .arg(count)));
            // perf prints milliseconds with three decimals.
            QVERIFY2(std::abs(t->latency.max().count() / 1e6 - maxMs) <= 0.0006,
                     qPrintable(QStringLiteral("%1: max %2 ms")
                                    .arg(QString::fromStdString(line))
                                    .arg(t->latency.max().count() / 1e6)));
            QVERIFY2(std::abs(t->latency.average().count() / 1e6 - avgMs) <= 0.0006,
                     qPrintable(QStringLiteral("%1: avg %2 ms")
                                    .arg(QString::fromStdString(line))
                                    .arg(t->latency.average().count() / 1e6)));
            ++compared;
        }
        QVERIFY2(compared >= 8, qPrintable(QStringLiteral("only %1 rows compared").arg(compared)));
    }
};

QTEST_APPLESS_MAIN(TstTraceImport)
#include "tst_traceimport.moc"
