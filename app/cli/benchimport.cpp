// schedscope-cli bench import: how fast a large real-format trace imports, and in how much memory;
// with --replay, also import-trace and replay of it (the commands users run, each in a process
// of its own so that each one's peak memory is its own).
#include "commands.h"

#include "base/trace.h"
#include "import/tracefile.h"
#include "output/traceperfettoproto.h"

#include <fcntl.h>
#include <sys/resource.h>
#include <sys/wait.h>

#include <chrono>
#include <cinttypes>
#include <cstdio>
#include <cstdlib>
#include <fstream>
#include <random>
#include <string>
#include <unistd.h>
#include <variant>
#include <vector>

namespace cli {

using namespace core;

namespace {

/// Counts what an import hands to a view, as the GUI's recorder would receive it.
struct CountingSink : TraceSink {
    uint64_t slices = 0, migrations = 0, switches = 0, tasks = 0;
    void slice(const Slice&) override { ++slices; }
    void migration(const MigrationRecord&) override { ++migrations; }
    void marker(const Marker&) override {}
    void contextSwitch(const SwitchRecord&) override { ++switches; }
    void taskCreated(TaskId, const std::string&, CgroupId, SchedPolicy, uint8_t) override { ++tasks; }
};

/// Keeps every record an import hands over, in order, to write them again.
struct StoringSink : TraceSink {
    struct Task {
        TaskId id;
        std::string name;
        SchedPolicy policy;
        uint8_t rtPriority;
    };
    std::vector<std::variant<SwitchRecord, WakeupRecord, MigrationRecord, Task>> records;
    void slice(const Slice&) override {}
    void marker(const Marker&) override {}
    void migration(const MigrationRecord& m) override { records.emplace_back(m); }
    void contextSwitch(const SwitchRecord& s) override { records.emplace_back(s); }
    void wakeup(const WakeupRecord& w) override { records.emplace_back(w); }
    void taskCreated(TaskId id, const std::string& name, CgroupId, SchedPolicy policy,
                     uint8_t prio) override {
        records.emplace_back(Task{id, name, policy, prio});
    }
};

/// import-trace and replay of `path`, as users run them.
bool benchReplay(const std::string& path, uint64_t events) {
    const std::string scenario = path + ".scenario.json";
    const BenchChildRun imported = runSelf({"import-trace", path, "--out", scenario});
    const double mb = fileMiB(scenario);
    std::remove(scenario.c_str());
    const BenchChildRun replayed = runSelf({"replay", path});
    if (!imported.ok || !replayed.ok) {
        std::fprintf(stderr, "schedscope-cli bench import --replay: %s failed\n",
                     imported.ok ? "replay" : "import-trace");
        return false;
    }
    std::printf("import-trace and replay of the same %" PRIu64 " events, each in a process of its own\n",
                events);
    std::printf("  import-trace   wall %6.2f s   peak RSS %5.0f MiB   (scenario written: %.0f MiB)\n",
                imported.wall, imported.rssMiB, mb);
    std::printf(
        "  replay         wall %6.2f s   peak RSS %5.0f MiB   (import, then the simulation to the end)\n",
        replayed.wall, replayed.rssMiB);
    return true;
}

/// Perfetto's own format, both ways, on the same events: the records an import gives written by
/// the .pftrace writer alone (in this process), then the file read back by trace-summary (a
/// process of its own, so that its peak memory is its own).
bool benchPerfetto(const std::string& path, uint64_t events) {
    StoringSink stored;
    if (!importTraceFile(path, &stored).ok)
        return false;
    const std::string out = path + ".pftrace";
    double writeWall = 0;
    uint64_t written = 0;
    {
        std::ofstream file(out, std::ios::binary);
        PerfettoProtoWriter::Options o;
        o.kernelRelease = "6.12.0";
        o.task = [](TaskId id) {
            return PerfettoTask{static_cast<int32_t>(id.value() & ((1u << 22) - 1)), 0, 0};
        };
        const auto t0 = std::chrono::steady_clock::now();
        PerfettoProtoWriter w(file, o);
        for (const auto& r : stored.records) {
            if (const auto* s = std::get_if<SwitchRecord>(&r))
                w.contextSwitch(*s);
            else if (const auto* k = std::get_if<WakeupRecord>(&r))
                w.wakeup(*k);
            else if (const auto* m = std::get_if<MigrationRecord>(&r))
                w.migration(*m);
            else if (const auto* t = std::get_if<StoringSink::Task>(&r))
                w.taskCreated(t->id, t->name, CgroupId(), t->policy, t->rtPriority);
        }
        w.finish();
        file.close();
        writeWall = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
        written = w.events();
    }
    stored.records.clear();
    stored.records.shrink_to_fit();
    const double mb = fileMiB(out);
    const BenchChildRun read = runSelf({"trace-summary", out});
    std::remove(out.c_str());
    if (!read.ok) {
        std::fprintf(stderr, "schedscope-cli bench import --pftrace: trace-summary of the .pftrace failed\n");
        return false;
    }
    std::printf("the same %" PRIu64 " events as Perfetto's own trace (%" PRIu64 " ftrace events, %.0f MiB)\n",
                events, written, mb);
    std::printf("  write (.pftrace writer alone, one thread)   wall %6.2f s   %.2f M events/s\n", writeWall,
                static_cast<double>(written) / writeWall / 1e6);
    std::printf("  read (trace-summary of it, own process)     wall %6.2f s   peak RSS %5.0f MiB\n",
                read.wall, read.rssMiB);
    return true;
}

} // namespace

/// Writes an ftrace-format trace of `events` consistent scheduler events (tasks wake on a CPU,
/// sometimes after a migration, and are switched in; the previous task sleeps) on 8 CPUs and
/// 400 tasks, one microsecond apart. Returns the bytes written, 0 on error.
uint64_t generateBenchTrace(const std::string& path, uint64_t events) {
    FILE* f = std::fopen(path.c_str(), "w");
    if (!f)
        return 0;
    constexpr int kCpus = 8, kTasks = 400;
    std::fprintf(
        f, "# tracer: nop\n#\n# entries-in-buffer/entries-written: %" PRIu64 "/%" PRIu64 "   #P:%d\n#\n",
        events, events, kCpus);
    std::mt19937_64 rng(42);
    std::vector<int> curr(kCpus, 0); // pid running per CPU, 0 = idle
    std::vector<int> lastCpu(kTasks + 1, 0);
    std::vector<int> sleeping;
    for (int p = 1; p <= kTasks; ++p) {
        sleeping.push_back(p + 999);
        lastCpu[static_cast<size_t>(p)] = p % kCpus;
    }
    auto comm = [](int pid) {
        return pid == 0 ? std::string("swapper") : "task" + std::to_string(pid % 1000);
    };
    uint64_t written = 0;
    uint64_t usec = 1'000'000;
    char line[512];
    auto emit = [&](int cpu, int pid, const char* body) {
        if (written >= events) // exactly `events` lines, even if that cuts a wakeup short
            return;
        const int n = std::snprintf(
            line, sizeof line, "%16s-%-7d [%03d] d..2. %5" PRIu64 ".%06" PRIu64 ": %s\n",
            pid == 0 ? "<idle>" : comm(pid).c_str(), pid, cpu, usec / 1'000'000, usec % 1'000'000, body);
        std::fwrite(line, 1, static_cast<size_t>(n), f);
        ++written;
        ++usec;
    };
    char body[400];
    while (written < events) {
        const int cpu = static_cast<int>(rng() % kCpus);
        const size_t pick = rng() % sleeping.size();
        const int wakee = sleeping[pick];
        sleeping[pick] = sleeping.back();
        sleeping.pop_back();
        const int cur = curr[static_cast<size_t>(cpu)];
        const std::string wc = comm(wakee);
        std::snprintf(body, sizeof body, "sched_waking: comm=%s pid=%d prio=120 target_cpu=%03d", wc.c_str(),
                      wakee, lastCpu[static_cast<size_t>(wakee - 999)]);
        emit(cpu, cur, body);
        if (lastCpu[static_cast<size_t>(wakee - 999)] != cpu) {
            std::snprintf(body, sizeof body,
                          "sched_migrate_task: comm=%s pid=%d prio=120 orig_cpu=%d dest_cpu=%d", wc.c_str(),
                          wakee, lastCpu[static_cast<size_t>(wakee - 999)], cpu);
            emit(cpu, cur, body);
            lastCpu[static_cast<size_t>(wakee - 999)] = cpu;
        }
        std::snprintf(body, sizeof body, "sched_wakeup: comm=%s pid=%d prio=120 target_cpu=%03d", wc.c_str(),
                      wakee, cpu);
        emit(cpu, cur, body);
        const std::string pc = cur == 0 ? "swapper/" + std::to_string(cpu) : comm(cur);
        std::snprintf(body, sizeof body,
                      "sched_switch: prev_comm=%s prev_pid=%d prev_prio=120 prev_state=%s ==> next_comm=%s "
                      "next_pid=%d next_prio=120",
                      pc.c_str(), cur, cur == 0 ? "R" : "S", wc.c_str(), wakee);
        emit(cpu, cur, body);
        if (cur != 0)
            sleeping.push_back(cur);
        curr[static_cast<size_t>(cpu)] = wakee;
    }
    const bool ok = std::fclose(f) == 0;
    return ok ? written : 0;
}

/// A file's size in MiB (0 when it cannot be read).
double fileMiB(const std::string& path) {
    std::FILE* f = std::fopen(path.c_str(), "r");
    if (!f)
        return 0;
    std::fseek(f, 0, SEEK_END);
    const double mb = static_cast<double>(std::ftell(f)) / (1024.0 * 1024.0);
    std::fclose(f);
    return mb;
}

/// Runs this program with `args`, its output to /dev/null; its wall time and peak memory.
BenchChildRun runSelf(const std::vector<std::string>& args) {
    std::vector<char*> argv;
    std::string self = "schedscope-cli";
    argv.push_back(self.data());
    std::vector<std::string> copy = args;
    for (std::string& a : copy)
        argv.push_back(a.data());
    argv.push_back(nullptr);
    const auto t0 = std::chrono::steady_clock::now();
    const pid_t pid = fork();
    if (pid < 0)
        return {};
    if (pid == 0) {
        const int null = open("/dev/null", O_WRONLY);
        dup2(null, 1);
        dup2(null, 2);
        execv("/proc/self/exe", argv.data());
        _exit(127);
    }
    int status = 0;
    rusage usage{};
    if (wait4(pid, &status, 0, &usage) != pid)
        return {};
    BenchChildRun r;
    r.ok = WIFEXITED(status) && WEXITSTATUS(status) == 0;
    r.wall = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
    r.rssMiB = static_cast<double>(usage.ru_maxrss) / 1024.0;
    return r;
}

bool benchEventsOption(const std::optional<std::string>& text, bool quick, const char* command,
                       uint64_t& events) {
    events = quick ? 1'000'000 : 10'000'000;
    if (!text)
        return true;
    char* end = nullptr;
    events = std::strtoull(text->c_str(), &end, 10);
    if (text->empty() || *end || events == 0) {
        std::fprintf(stderr, "schedscope-cli bench %s: --events expects a positive count, found \"%s\"\n",
                     command, text->c_str());
        return false;
    }
    return true;
}

int cmdBenchImport(Args& args) {
    const bool quick = args.flag("--quick");
    const bool alsoReplay = args.flag("--replay");
    const bool alsoPerfetto = args.flag("--pftrace");
    const auto eventsText = args.take("--events");
    const auto keep = args.take("--keep");
    if (!args.leftovers().empty()) {
        std::fprintf(stderr, "schedscope-cli bench import: unknown option %s\n", args.leftovers()[0].c_str());
        return ExitUsage;
    }
    uint64_t events = 0;
    if (!benchEventsOption(eventsText, quick, "import", events))
        return ExitUsage;
    const std::string path =
        keep ? *keep : "/tmp/schedscope-bench-import-" + std::to_string(getpid()) + ".txt";
    std::fprintf(stderr, "writing a %" PRIu64 "-event ftrace text trace to %s...\n", events, path.c_str());
    const uint64_t written = generateBenchTrace(path, events);
    if (written == 0) {
        std::fprintf(stderr, "schedscope-cli bench import: cannot write %s\n", path.c_str());
        return ExitFailure;
    }
    const double mb = fileMiB(path);
    std::fprintf(stderr, "importing...\n");
    CountingSink sink;
    rusage before{}, after{};
    getrusage(RUSAGE_SELF, &before);
    const auto t0 = std::chrono::steady_clock::now();
    const TraceFileResult r = importTraceFile(path, &sink);
    const double wall = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
    getrusage(RUSAGE_SELF, &after);
    if (!r.ok) {
        if (!keep)
            std::remove(path.c_str());
        std::fprintf(stderr, "schedscope-cli bench import: %s\n", r.error.c_str());
        return ExitFailure;
    }
    auto secs = [](const timeval& tv) {
        return static_cast<double>(tv.tv_sec) + static_cast<double>(tv.tv_usec) / 1e6;
    };
    const double cpu =
        secs(after.ru_utime) - secs(before.ru_utime) + secs(after.ru_stime) - secs(before.ru_stime);
    std::printf("import of %" PRIu64 " scheduler events (%.0f MiB of ftrace text, 8 CPUs, 400 tasks)\n",
                r.summary.events, mb);
    std::printf("  wall %.2f s   cpu %.2f s (one thread)   %.2f M events/s   peak RSS %.0f MiB\n", wall, cpu,
                static_cast<double>(r.summary.events) / wall / 1e6,
                static_cast<double>(after.ru_maxrss) / 1024.0);
    std::printf("  handed to the views: %" PRIu64 " slices, %" PRIu64 " switches, %" PRIu64
                " migrations, %" PRIu64 " task records; %zu warnings\n",
                sink.slices, sink.switches, sink.migrations, sink.tasks, r.summary.trace->warnings.size());
    for (const std::string& w : r.summary.trace->warnings)
        std::printf("  warning: %s\n", w.c_str());
    const bool replayed = !alsoReplay || benchReplay(path, r.summary.events);
    const bool perfetto = !alsoPerfetto || benchPerfetto(path, r.summary.events);
    if (!keep)
        std::remove(path.c_str());
    return replayed && perfetto ? ExitOk : ExitFailure;
}

} // namespace cli
