// A `schedscope-cli record` folder read without perf or root: perf.data natively (its header, its
// tracepoints, common_flags' interrupt bits), the manifest and tasks.jsonl (each change a program
// action where it happened), the model chosen from the kernel release, bad folders; the pinning
// a plain trace proves, each rule on a hand-made trace; the recorder's syscall lines.
#include "base/kernelmodel.h"
#include "import/filekind.h"
#include "import/importtrace.h"
#include "import/perfdata.h"
#include "import/recordfolder.h"
#include "import/workloadscenario.h"
#include "reality/attributewatch.h"

#include "testutil.h"

#include <QtTest>

#include <QTemporaryDir>

#include <nlohmann/json.hpp>

#include <filesystem>
#include <fstream>
#include <string>

using namespace core;
using nlohmann::json;
using testutil::taskNamed;

namespace {

const std::string kSmall = SCHEDSCOPE_TEST_DATA "/record/small";

std::string slurp(const std::string& path) {
    std::ifstream in(path, std::ios::binary);
    return std::string(std::istreambuf_iterator<char>(in), {});
}

void spit(const std::string& path, const std::string& text) {
    std::ofstream(path, std::ios::binary) << text;
}

/// A copy of the small folder in `dir`, to damage.
std::string copyOfSmall(const QTemporaryDir& dir) {
    const std::string to = dir.filePath(QStringLiteral("rec")).toStdString();
    std::filesystem::copy(kSmall, to);
    return to;
}

json scenarioOf(const WorkloadImport& w) {
    const WorkloadText t = workloadScenarioText(w.scenario, {});
    if (!t.error.empty())
        qFatal("%s", t.error.c_str());
    return json::parse(t.text);
}

bool anyNote(const WorkloadScenario& s, const std::string& needle) {
    for (const std::string& n : s.notes)
        if (n.find(needle) != std::string::npos)
            return true;
    return false;
}

/// ftrace text lines for the pinning rules: two CPUs, CPU 1 idle from the start.
class HandTrace {
public:
    HandTrace() {
        m_text = "# tracer: nop\n#\n";
        // CPU 1: bg goes to sleep and nothing runs there again.
        sw(1, 1.0, "bg", 50, 'S', "swapper/1", 0);
    }
    void line(int cpu, double t, const std::string& comm, int pid, const std::string& event) {
        char head[128];
        std::snprintf(head, sizeof head, "%16s-%-7d [%03d] d..2. %12.6f: ", comm.c_str(), pid, cpu, t);
        m_text += head + event + "\n";
    }
    void sw(int cpu, double t, const std::string& prev, int prevPid, char state, const std::string& next,
            int nextPid, bool preempt = false) {
        line(cpu, t, prev, prevPid,
             "sched_switch: prev_comm=" + prev + " prev_pid=" + std::to_string(prevPid) +
                 " prev_prio=120 prev_state=" + state + (preempt ? "+" : "") + " ==> next_comm=" + next +
                 " next_pid=" + std::to_string(nextPid) + " next_prio=120");
    }
    void waking(int cpu, double t, const std::string& by, int byPid, const std::string& comm, int pid) {
        line(cpu, t, by, byPid,
             "sched_waking: comm=" + comm + " pid=" + std::to_string(pid) + " prio=120 target_cpu=00" +
                 std::to_string(cpu));
    }
    std::string write(const QTemporaryDir& dir, const char* name) const {
        const std::string path = dir.filePath(QLatin1String(name)).toStdString();
        spit(path, m_text);
        return path;
    }

private:
    std::string m_text;
};

/// `task` woken `n` times onto CPU 0 while hog runs there and CPU 1 is idle; each time it waits
/// 0.5 ms for hog to be preempted, runs 0.3 ms and sleeps. With `escape`, it runs once on CPU 1.
HandTrace wokenOntoBusyCpu(int n, bool escape) {
    HandTrace h;
    h.sw(0, 1.0, "swapper/0", 0, 'R', "task", 20);
    h.sw(0, 1.0002, "task", 20, 'S', "hog", 30);
    double t = 1.001;
    for (int i = 0; i < n; ++i, t += 0.002) {
        h.waking(0, t, "hog", 30, "task", 20);
        h.sw(0, t + 0.0005, "hog", 30, 'R', "task", 20, true);
        h.sw(0, t + 0.0008, "task", 20, 'S', "hog", 30);
    }
    if (escape) {
        h.waking(1, t, "swapper/1", 0, "task", 20);
        h.sw(1, t + 0.00001, "swapper/1", 0, 'R', "task", 20);
        h.sw(1, t + 0.0003, "task", 20, 'S', "swapper/1", 0);
    }
    h.sw(0, t + 0.001, "hog", 30, 'S', "swapper/0", 0);
    return h;
}

} // namespace

class TstRecordFolder : public QObject {
    Q_OBJECT

private slots:
    void theModelIsTheNewestNotNewerThanTheRelease() {
        // Whatever the catalog holds: each model's own release picks it, a later patch level too.
        std::pair<int, int> low{1000, 0}, high{0, 0};
        KernelModel oldest = kDefaultKernelModel, newest = kDefaultKernelModel;
        for (const KernelModelInfo& i : kernelModelCatalog()) {
            int major = 0, minor = 0;
            QCOMPARE(std::sscanf(std::string(i.name).c_str(), "v%d.%d", &major, &minor), 2);
            const std::string v = std::to_string(major) + "." + std::to_string(minor);
            QCOMPARE(kernelModelForRelease(v + ".44-fc-v1272").model, i.id);
            QCOMPARE(kernelModelForRelease(v).model, i.id);
            if (std::pair(major, minor) < low)
                low = {major, minor}, oldest = i.id;
            if (std::pair(major, minor) > high)
                high = {major, minor}, newest = i.id;
        }
        QCOMPARE(kernelModelForRelease("99.1.0").model, newest);
        QCOMPARE(kernelModelForRelease("2.6.32").model, oldest);
        QVERIFY(kernelModelForRelease("2.6.32").why.find("older than every model") != std::string::npos);
        QCOMPARE(kernelModelForRelease("6.1.0").model, *kernelModelFromName("v4.11"));
        QCOMPARE(kernelModelForRelease("6.11.2").model, *kernelModelFromName("v6.6"));
        QCOMPARE(kernelModelForRelease("6.13").model, *kernelModelFromName("v6.12"));
        QCOMPARE(kernelModelForRelease("linux").model, kDefaultKernelModel);
        QVERIFY(kernelModelForRelease("linux").why.find("not MAJOR.MINOR") != std::string::npos);
    }

    void perfDataIsReadWithItsHeaderAndInterruptFlags() {
        StringTable strings;
        PerfDataInfo info;
        size_t events = 0, switches = 0, irqWakeups = 0;
        const std::string error = readPerfData(
            kSmall + "/perf.data", strings,
            [&](const TraceEvent& ev) {
                ++events;
                switches += ev.type == TraceEventType::Switch;
                irqWakeups += ev.irq && ev.type == TraceEventType::Waking;
            },
            {}, info);
        QVERIFY2(error.empty(), error.c_str());
        QCOMPARE(info.osRelease, std::string("6.18.44-fc-v1272"));
        QVERIFY(info.perfVersion.rfind("6.1", 0) == 0);
        QVERIFY(info.commandLine.find("sched record") != std::string::npos);
        QVERIFY(switches > 100);
        // The timer that ended `sleep 0.05` fired in hard interrupt context (common_flags 0x08).
        QVERIFY(irqWakeups > 0);
        QCOMPARE(info.samples, static_cast<uint64_t>(events));
    }

    void damagedPerfDataIsAnErrorNeverACrash() {
        // Cut short anywhere, or with bytes changed: an error naming the file, or events; the
        // reader neither crashes nor hangs (the sanitizer builds run this too).
        const std::string bytes = slurp(kSmall + "/perf.data");
        QTemporaryDir dir;
        const std::string path = dir.filePath(QStringLiteral("perf.data")).toStdString();
        uint64_t seed = 0x9e3779b97f4a7c15ull;
        auto next = [&seed] { return (seed = seed * 6364136223846793005ull + 1442695040888963407ull) >> 33; };
        int errors = 0;
        for (int i = 0; i < 120; ++i) {
            std::string damaged = bytes;
            if (i < 40) {
                damaged.resize(bytes.size() * static_cast<size_t>(i) / 40);
            } else {
                for (int k = 0; k < 1 + i % 8; ++k)
                    damaged[next() % damaged.size()] = static_cast<char>(next());
            }
            spit(path, damaged);
            StringTable strings;
            PerfDataInfo info;
            const std::string e = readPerfData(
                path, strings, [](const TraceEvent&) {}, {}, info);
            if (!e.empty()) {
                ++errors;
                QVERIFY2(e.rfind(path, 0) == 0, e.c_str());
            }
            const ImportedTrace t = importTrace(path);
            QVERIFY(t.ok || !t.error.empty());
        }
        QVERIFY(errors >= 40); // every cut-short file at least
    }

    void perfDataAloneOpensAsATrace() {
        const ImportedTrace t = importTrace(kSmall + "/perf.data");
        QVERIFY2(t.ok, t.error.c_str());
        QCOMPARE(t.summary.trace->format, std::string("perf.data"));
        QCOMPARE(t.kernelRelease, std::string("6.18.44-fc-v1272"));
        QVERIFY(!t.record);
    }

    void aRecordFolderReplaysItsChangesOnItsMachineAndModel() {
        const WorkloadImport w = importWorkload(kSmall, {});
        QVERIFY2(w.scenario.ok, w.scenario.error.c_str());
        QVERIFY(w.recording.record);
        QCOMPARE(w.scenario.hostFile, kSmall + "/host.json");
        QVERIFY(anyNote(w.scenario, "kernel model v6.12") || anyNote(w.scenario, "kernel model v6.18"));
        QVERIFY(anyNote(w.scenario, "schedscope-cli record) left out: 3 task(s)"));
        const json s = scenarioOf(w);
        // `nice -n 5 sleep 0.05`: nice's setpriority, then the exec of sleep, which keeps nice 5.
        const json* sleep = taskNamed(s.at("tasks"), "sleep");
        QVERIFY(sleep);
        QVERIFY(!sleep->contains("nice"));
        const std::string program = sleep->at("program").dump();
        QVERIFY2(program.find("{\"nice\":5}") != std::string::npos, program.c_str());
        QVERIFY(program.find("{\"nice\":5}") < program.find("\"sleep\""));
        // `taskset -c 0 true`: its own sched_setaffinity, then the exec of true.
        const json* truth = taskNamed(s.at("tasks"), "true");
        QVERIFY(truth);
        QVERIFY2(truth->at("program").dump().find("{\"cpus\":\"0\"}") != std::string::npos,
                 truth->at("program").dump().c_str());
        // The recorder itself is not a task of the workload.
        QVERIFY(!taskNamed(s.at("tasks"), "perf"));
        QVERIFY(!taskNamed(s.at("tasks"), "schedscope-cli"));
        QCOMPARE(s.at("kernel").at("model").get<std::string>(),
                 std::string(kernelModelInfo(kernelModelForRelease("6.18.44").model).name));
    }

    void theManifestSaysWhatWasRecorded() {
        std::string error;
        const auto f = readRecordFolder(kSmall, error);
        QVERIFY2(f, error.c_str());
        QCOMPARE(f->exitCode, std::optional<int>(3));
        QCOMPARE(f->command.front(), std::string("sh"));
        QCOMPARE(f->recorderPids.size(), size_t(3));
        QVERIFY(f->tasks.size() > 100);
        QVERIFY(isRecordFolder(kSmall));
        QVERIFY(!isRecordFolder(kSmall + "/perf.data"));
        // What the writer writes, the reader reads back.
        RecordedAttributes r;
        r.t = 5;
        r.tid = 7;
        r.attributes.policy = SchedPolicy::Rr;
        r.attributes.rtPriority = 12;
        r.attributes.cpus = "0,2-3";
        r.attributes.timerSlackNs = 1;
        QTemporaryDir dir;
        const std::string copy = copyOfSmall(dir);
        spit(copy + "/tasks.jsonl", recordedAttributesLine(r));
        spit(copy + "/record.json", recordManifestText(*f));
        const auto back = readRecordFolder(copy, error);
        QVERIFY2(back, error.c_str());
        QCOMPARE(back->tasks.size(), size_t(1));
        QVERIFY(back->tasks[0].attributes == r.attributes);
        QCOMPARE(back->command, f->command);
        QCOMPARE(back->exitCode, f->exitCode);
    }

    void badFoldersSayWhereAndWhat_data() {
        QTest::addColumn<QString>("file");
        QTest::addColumn<QString>("text"); // "" removes the file
        QTest::addColumn<QString>("expected");
        QTest::newRow("no perf.data") << "perf.data"
                                      << ""
                                      << "perf.data: expected the recording's scheduler events";
        QTest::newRow("truncated manifest") << "record.json"
                                            << "{\"format\": \"schedscope-record\", \"ver"
                                            << "record.json: line 1, column";
        QTest::newRow("no manifest") << "record.json"
                                     << ""
                                     << "found a folder without it";
        QTest::newRow("newer version")
            << "record.json"
            << "{\"format\": \"schedscope-record\", \"version\": 2, \"kernel_release\": \"6.1\"}"
            << "\"version\": expected 1 (what this build reads), found 2";
        QTest::newRow("no release") << "record.json"
                                    << "{\"format\": \"schedscope-record\", \"version\": 1}"
                                    << "expected the key \"kernel_release\", found none";
        QTest::newRow("bad task line") << "tasks.jsonl"
                                       << "{\"t\": 0, \"tid\": 1, \"policy\": \"deadline\", \"nice\": 0, "
                                          "\"rt_priority\": 0}\n"
                                       << "tasks.jsonl: line 1, \"policy\": expected \"other\", \"batch\"";
        QTest::newRow("nice out of range")
            << "tasks.jsonl"
            << "{\"t\": 0, \"tid\": 1, \"policy\": \"other\", \"nice\": 40, "
               "\"rt_priority\": 0}\n"
            << "\"nice\": expected an integer from -20 to 19, found the number 40";
    }

    void badFoldersSayWhereAndWhat() {
        QFETCH(QString, file);
        QFETCH(QString, text);
        QFETCH(QString, expected);
        QTemporaryDir dir;
        const std::string copy = copyOfSmall(dir);
        const std::string path = copy + "/" + file.toStdString();
        if (text.isEmpty())
            std::filesystem::remove(path);
        else
            spit(path, text.toStdString());
        const ImportedTrace t = importTrace(copy);
        QVERIFY(!t.ok);
        QVERIFY2(t.error.find(expected.toStdString()) != std::string::npos, t.error.c_str());
    }

    void anInterruptedRecordingSaysSo() {
        QTemporaryDir dir;
        const std::string copy = copyOfSmall(dir);
        std::filesystem::remove(copy + "/record.json");
        spit(copy + "/INCOMPLETE", "x\n");
        QCOMPARE(sniff(copy), FileKind::Trace);
        const ImportedTrace t = importTrace(copy);
        QVERIFY(!t.ok);
        QVERIFY2(t.error.find("stopped before it finished") != std::string::npos, t.error.c_str());
        // A last tasks.jsonl line without its end of line (the recorder stopped mid-line) is a note.
        spit(copy + "/record.json", slurp(kSmall + "/record.json"));
        spit(copy + "/tasks.jsonl", slurp(kSmall + "/tasks.jsonl") + "{\"t\": 0, \"ti");
        const ImportedTrace cut = importTrace(copy);
        QVERIFY2(cut.ok, cut.error.c_str());
    }

    // ---- pinning a plain trace proves ----

    void wokenOntoABusyCpuWhileAnotherWasIdleIsPinned() {
        QTemporaryDir dir;
        const WorkloadImport w = importWorkload(wokenOntoBusyCpu(25, false).write(dir, "pinned.txt"), {});
        QVERIFY2(w.scenario.ok, w.scenario.error.c_str());
        QCOMPARE(w.scenario.pinsInferred, size_t(1));
        QVERIFY(anyNote(w.scenario, "task (pid 20): ran only on CPU 0; at 25 of its 25 wakeups CPU 1"));
        QVERIFY(anyNote(w.scenario, "taken as pinned to CPU 0"));
        const json s = scenarioOf(w);
        QCOMPARE(taskNamed(s.at("tasks"), "task")->at("cpus").get<std::string>(), std::string("0"));
        QVERIFY(!taskNamed(s.at("tasks"), "hog")->contains("cpus"));
    }

    void tooFewWakeupsOrOneRunElsewhereProveNothing() {
        QTemporaryDir dir;
        const WorkloadImport few =
            importWorkload(wokenOntoBusyCpu(kPinWakeups - 1, false).write(dir, "few.txt"), {});
        QVERIFY2(few.scenario.ok, few.scenario.error.c_str());
        QCOMPARE(few.scenario.pinsInferred, size_t(0));
        const WorkloadImport escaped =
            importWorkload(wokenOntoBusyCpu(25, true).write(dir, "escape.txt"), {});
        QVERIFY2(escaped.scenario.ok, escaped.scenario.error.c_str());
        QCOMPARE(escaped.scenario.pinsInferred, size_t(0));
        QVERIFY(!taskNamed(scenarioOf(escaped).at("tasks"), "task")->contains("cpus"));
    }

    void waitingManyTicksWhileAnotherCpuWasIdleIsPinned() {
        // No wakeups: `task` is preempted by hog 5 times and waits 50 ms each time, CPU 1 idle.
        HandTrace h;
        h.sw(0, 1.0, "swapper/0", 0, 'R', "task", 20);
        double t = 1.0;
        for (int i = 0; i < 5; ++i, t += 0.051) {
            h.sw(0, t + 0.001, "task", 20, 'R', "hog", 30, true);
            h.sw(0, t + 0.051, "hog", 30, 'R', "task", 20, true);
        }
        h.sw(0, t + 0.001, "task", 20, 'S', "swapper/0", 0);
        QTemporaryDir dir;
        const WorkloadImport w = importWorkload(h.write(dir, "waits.txt"), {});
        QVERIFY2(w.scenario.ok, w.scenario.error.c_str());
        QVERIFY(anyNote(w.scenario, "task (pid 20): ran only on CPU 0; at 0 of its 0 wakeups CPU 1"));
        QVERIFY(anyNote(w.scenario, "it waited 250.0 ms in all while that CPU was idle"));
        // hog waited 1 ms each time: not enough.
        QCOMPARE(w.scenario.pinsInferred, size_t(1));
    }

    void aTaskThatMerelyRanOnOneCpuIsNotPinned() {
        // Woken onto idle CPU 0 every time, never waiting: where it ran says nothing.
        HandTrace h;
        double t = 1.0;
        for (int i = 0; i < 30; ++i, t += 0.002) {
            h.waking(0, t, "swapper/0", 0, "task", 20);
            h.sw(0, t, "swapper/0", 0, 'R', "task", 20);
            h.sw(0, t + 0.001, "task", 20, 'S', "swapper/0", 0);
        }
        QTemporaryDir dir;
        const WorkloadImport w = importWorkload(h.write(dir, "lucky.txt"), {});
        QVERIFY2(w.scenario.ok, w.scenario.error.c_str());
        QCOMPARE(w.scenario.pinsInferred, size_t(0));
    }

    // ---- the recorder's syscall lines (reality/attributewatch) ----

    void syscallLinesAreRead() {
        SyscallLine enter, exit;
        QVERIFY(
            parseSyscallLine("        taskset-4242    [001] ..... 15089.425265: sys_sched_setaffinity(pid: "
                             "0x00000000, len: 0x00000080, user_mask_ptr: 0x7ffc5e0f1e10)",
                             enter));
        QCOMPARE(enter.tid, 4242);
        QCOMPARE(enter.t, int64_t(15089425265000));
        QCOMPARE(enter.name, std::string("sched_setaffinity"));
        QVERIFY(!enter.exit);
        QCOMPARE(enter.arg("len"), 0x80ull);
        QVERIFY(
            parseSyscallLine("  a-b c-4242  [001] d..1. 15089.425270: sys_sched_setaffinity -> 0x0", exit));
        QVERIFY(exit.exit);
        QCOMPARE(exit.ret, 0ll);
        QCOMPARE(exit.tid, 4242);
        std::vector<pid_t> tids;
        QVERIFY(changedThreads(enter, tids));
        QCOMPARE(tids, std::vector<pid_t>{4242}); // pid 0: the caller
        QVERIFY(parseSyscallLine("x-7 [000] ..... 1.000001: sys_setpriority -> 0xfffffffffffffff3", exit));
        QCOMPARE(exit.ret, -13ll); // EACCES: no change
        SyscallLine pgrp;
        QVERIFY(parseSyscallLine("x-7 [000] ..... 1.000001: sys_setpriority(which: 0x00000001, who: 0x0, "
                                 "niceval: 0x5)",
                                 pgrp));
        QVERIFY(changedThreads(pgrp, tids));
        QVERIFY(tids.empty()); // a process group: every task is read again
        SyscallLine other;
        QVERIFY(
            parseSyscallLine("x-7 [000] ..... 1.000001: sys_prctl(option: 0xf, arg2: 0x0, arg3: 0x0, arg4: "
                             "0x0, arg5: 0x0)",
                             other));
        QVERIFY(!changedThreads(other, tids)); // PR_SET_NAME is no scheduling change
        QVERIFY(!parseSyscallLine("x-7 [000] ..... 1.000001: sched_switch: prev_comm=a", other));
        QVERIFY(!parseSyscallLine("garbage", other));
        QVERIFY(!parseSyscallLine("x-7 [000] ..... 1.0x: sys_prctl -> 0x0", other));
    }
};

QTEST_GUILESS_MAIN(TstRecordFolder)
#include "tst_recordfolder.moc"
