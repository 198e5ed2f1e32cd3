#include "reality/realityrun.h"

#include "base/cpuset.h"
#include "import/hostfs.h"
#include "import/hostschedsysctls.h"
#include "import/importtrace.h"
#include "reality/perfrecorder.h"
#include "reality/realcgroups.h"
#include "reality/realtask.h"
#include "scenario/patterns.h"

#include <fcntl.h>
#include <sched.h>
#include <signal.h>
#include <sys/mman.h>
#include <sys/prctl.h>
#include <sys/socket.h>
#include <sys/stat.h>
#include <sys/utsname.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <cmath>
#include <cstdio>
#include <cstring>
#include <map>
#include <set>
#include <sstream>

namespace core {

namespace {

int64_t monoNs() {
    timespec ts{};
    ::clock_gettime(CLOCK_MONOTONIC, &ts);
    return ts.tv_sec * 1'000'000'000LL + ts.tv_nsec;
}

void sleepUntil(int64_t ns) {
    timespec ts{static_cast<time_t>(ns / 1'000'000'000), static_cast<long>(ns % 1'000'000'000)};
    while (::clock_nanosleep(CLOCK_MONOTONIC, TIMER_ABSTIME, &ts, nullptr) == EINTR) {
    }
}

std::string slurp(const std::string& path) {
    return hostfs::readValue(path).value_or(std::string());
}

/// Every cgroup path the scenario can put a task in ("/" first).
void collectCgroups(const std::vector<ActionSpec>& program, std::set<std::string>& out);
void collectTask(const TaskSpec& t, std::set<std::string>& out) {
    if (t.cgroup)
        out.insert(*t.cgroup);
    collectCgroups(t.program, out);
}
void collectCgroups(const std::vector<ActionSpec>& program, std::set<std::string>& out) {
    for (const ActionSpec& a : program) {
        if (a.kind == ActionKind::Move)
            out.insert(a.name);
        if (a.child)
            collectTask(*a.child, out);
        collectCgroups(a.body, out);
    }
}

/// What in a program the real run can only approximate.
void scanActions(const std::vector<ActionSpec>& program, std::set<ActionKind>& kinds) {
    for (const ActionSpec& a : program) {
        kinds.insert(a.kind);
        if (a.child)
            scanActions(a.child->program, kinds);
        scanActions(a.body, kinds);
    }
}

uint64_t instances(const ScenarioSpec& spec) {
    uint64_t n = 0;
    for (const TaskSpec& t : spec.tasks)
        n += t.count;
    return n;
}

/// Deletes the run's files unless they are to be kept, and the directory it made.
struct WorkDir {
    std::string path;
    bool keep = false, made = false;
    std::vector<std::string> files;
    ~WorkDir() {
        if (keep)
            return;
        for (const std::string& f : files)
            ::unlink((path + "/" + f).c_str());
        if (made)
            ::rmdir(path.c_str());
    }
};

/// The run's task processes: killed and reaped on every way out. Only they are reaped here
/// (by pid): perf is waited for by its recorder.
struct Workers {
    RealShared* shared = nullptr;
    std::vector<bool> reaped;
    uint32_t count() const { return shared ? std::min(shared->nextSlot.load(), RealShared::kSlots) : 0; }
    void killAll() {
        for (uint32_t i = 0; i < count(); ++i)
            if (shared->slots[i].pid > 0)
                ::kill(shared->slots[i].pid, SIGKILL);
    }
    /// Reaps the task processes that have ended and are the runner's children (the runner is
    /// the subreaper of the orphaned ones); a task that died without finishing is marked done.
    /// Returns how many are still to be reaped.
    uint32_t reap() {
        reaped.resize(count(), false);
        uint32_t left = 0;
        for (uint32_t i = 0; i < count(); ++i) {
            RealTaskSlot& s = shared->slots[i];
            if (reaped[i] || s.pid <= 0)
                continue;
            int status = 0;
            const pid_t r = ::waitpid(s.pid, &status, WNOHANG | __WALL);
            if (r == s.pid || (r < 0 && errno == ECHILD && ::kill(s.pid, 0) != 0)) {
                reaped[i] = true;
                int32_t running = 1;
                s.state.compare_exchange_strong(running, 2);
            } else {
                ++left;
            }
        }
        return left;
    }
    ~Workers() {
        if (!shared)
            return;
        killAll();
        for (int tries = 0; tries < 2000 && reap() > 0; ++tries)
            ::usleep(1000);
        ::munmap(shared, sizeof(RealShared));
    }
};

std::string hostCpuList(std::vector<uint32_t>& online) {
    const std::string text = slurp("/sys/devices/system/cpu/online");
    std::string t = text.substr(0, text.find('\n'));
    const CpuListParse p = parseCpuList(t);
    for (const auto& [a, b] : p.ranges)
        for (uint32_t c = a; c <= b; ++c)
            online.push_back(c);
    return t;
}

std::string relDiffText(double a, double b) {
    char buf[48];
    std::snprintf(buf, sizeof buf, "%.0f vs %.0f", a, b);
    return buf;
}

/// The descriptors of the channels and the start pipe's read end: closed on every way out.
struct Descriptors {
    std::vector<int> fds;
    ~Descriptors() {
        for (int fd : fds)
            ::close(fd);
    }
};

/// The start pipe's write end: closing it starts the tasks; closed on every way out.
struct StartPipe {
    int writeFd = -1;
    bool open = false;
    void close() {
        ::close(writeFd);
        open = false;
    }
    ~StartPipe() {
        if (open)
            ::close(writeFd);
    }
};

/// The recording's fork placements (sched_wakeup_new onto another CPU than the one that ran
/// the fork), by the importer's task id: the real summary counts its own tasks' only, not those
/// of everything else the host forked meanwhile.
class PlacementsOfTasks final : public TraceSink {
public:
    void slice(const Slice&) override {}
    void migration(const MigrationRecord&) override {}
    void marker(const Marker&) override {}
    void placement(const PlacementRecord& p) override { placed.insert(p.task.value()); }

    std::set<uint32_t> placed;
};

/// What a reality run holds from phase to phase. The members that own something are declared
/// in the order the run sets them up, so whichever phase ends the run they are released in
/// reverse: perf stopped, the descriptors closed, the task processes killed and reaped, the
/// cgroups removed, the files deleted (unless kept).
struct RealityRunState {
    const ScenarioSpec& spec;
    const RealityOptions& options;
    RealityRun& out;

    std::vector<uint32_t> used;  ///< the kernel number of each scenario CPU
    std::string perf;            ///< the perf executable
    std::set<std::string> paths; ///< every cgroup path the scenario can use ("/" first)
    WorkDir work;                ///< perf.data, perf's log, the perf script text
    RealCgroups cgroups;         ///< the scenario's cgroups, made real
    Workers workers;             ///< the shared memory and the task processes
    RealWorld world;             ///< what the task processes are given
    Descriptors descriptors;     ///< channels and the start pipe's read end
    StartPipe go;                ///< the start pipe's write end
    PerfRecorder recorder;       ///< perf sched record
    uint32_t started = 0;        ///< tasks started before the run (the scenario's instances)
    bool interrupted = false;    ///< stopped by a stop request during the run
    std::map<std::string, CgroupReading> readings; ///< each cgroup at the end, by path
    PsiReport systemPsi;                           ///< /proc/pressure at the end
    ImportedTrace imported;                        ///< the recording, read back
    PlacementsOfTasks placements;                  ///< its fork placements

    RealityRunState(const ScenarioSpec& s, const RealityOptions& o, RealityRun& r)
        : spec(s)
        , options(o)
        , out(r) {}
    void say(const std::string& text) const {
        if (options.status)
            options.status(text);
    }
    bool stopped() const { return options.stopRequested && options.stopRequested(); }
    RealShared& shared() { return *workers.shared; }
};

/// The machine: every scenario CPU must be an online CPU of this host, and the scenario within
/// what the shared memory holds. False (the run refused) otherwise.
bool checkMachine(RealityRunState& st) {
    const ScenarioSpec& spec = st.spec;
    RealityRun& out = st.out;
    std::vector<uint32_t> online;
    out.hostCpus = hostCpuList(online);
    const uint32_t n = spec.topology.nrCpus();
    std::vector<uint32_t>& used = st.used;
    for (uint32_t c = 0; c < n; ++c)
        used.push_back(spec.topology.kernelCpu(c));
    for (uint32_t c : used)
        if (std::find(online.begin(), online.end(), c) == online.end()) {
            out.status = RealityRun::Status::Refused;
            out.error = spec.source + ": the scenario's machine has " + std::to_string(n) +
                        " CPUs (kernel numbers " + formatCpuList([&] {
                            auto s = used;
                            std::sort(s.begin(), s.end());
                            return s;
                        }()) +
                        "), but this host's online CPUs are " + out.hostCpus +
                        ": use a smaller topology, or topology.cpu_numbers naming this host's CPUs "
                        "(schedscope-cli host writes them)";
            return false;
        }
    if (n < online.size())
        out.notes.push_back("the scenario's " + std::to_string(n) + " CPUs are this host's " +
                            formatCpuList([&] {
                                auto s = used;
                                std::sort(s.begin(), s.end());
                                return s;
                            }()) +
                            "; its tasks are kept there by their affinity");
    if (spec.channels.size() > RealShared::kChannels || instances(spec) > RealShared::kSlots / 2) {
        out.status = RealityRun::Status::Refused;
        out.error = spec.source + ": the reality check runs at most " +
                    std::to_string(RealShared::kChannels) + " channels and " +
                    std::to_string(RealShared::kSlots / 2) + " tasks; the scenario has " +
                    std::to_string(spec.channels.size()) + " and " + std::to_string(instances(spec));
        return false;
    }
    return true;
}

/// What the real run approximates: a note each.
void noteApproximations(RealityRunState& st) {
    const ScenarioSpec& spec = st.spec;
    RealityRun& out = st.out;
    std::set<ActionKind> kinds;
    bool sessions = false;
    for (const TaskSpec& t : spec.tasks) {
        scanActions(t.program, kinds);
        sessions = sessions || t.session;
    }
    for (const TimelineEntry& e : spec.timeline)
        if (e.spawn)
            scanActions(e.spawn->program, kinds);
    if (kinds.count(ActionKind::Io))
        out.notes.push_back(
            "io actions are sleeps here: no iowait and no io pressure, unlike the simulation");
    if (kinds.count(ActionKind::Memstall))
        out.notes.push_back("memstall actions are sleeps here: no memory pressure, unlike the simulation");
    if (sessions || kinds.count(ActionKind::Setsid))
        out.notes.push_back(
            "sessions are setsid() calls: each task that names one gets a session of its own");
    if (!spec.channels.empty())
        out.notes.push_back(
            "channels are pipes and socketpairs carrying 1-byte messages; their capacity is the "
            "kernel's (64 KiB), not the scenario's message count");
    for (const TimelineEntry& e : spec.timeline)
        if (e.kind == TimelineEntry::Kind::Optimizations) {
            out.notes.push_back(
                "timeline optimization switches exist only in the simulation; the host's kernel "
                "runs as built");
            break;
        }
}

/// A kernel with scheduling rules of its own is not the upstream kernel the models follow.
void noteOwnSchedulerSettings(RealityRun& out) {
    if (const HostSchedSysctls sysctls = readSchedSysctls("/proc/sys/kernel"); !sysctls.note.empty())
        out.notes.push_back(sysctls.note + " (docs/reality.md)");
}

/// Permissions and tools: perf, and the right to record every CPU.
bool checkPermissions(RealityRunState& st) {
    RealityRun& out = st.out;
    st.perf = st.options.perf.empty() ? PerfRecorder::find() : st.options.perf;
    const std::string& perf = st.perf;
    if (const std::string problem = perfRecordingProblem(perf); !problem.empty()) {
        out.status = RealityRun::Status::NoPermission;
        out.error = problem + (problem.rfind("recording", 0) == 0
                                   ? ", and write access to the cgroup hierarchies"
                                   : "; the reality check records with perf sched record");
        return false;
    }
    out.recorder = "perf sched record (" + PerfRecorder::version(perf) + ")";
    return true;
}

/// Files: the directory to keep them in, or a temporary one.
bool makeWorkDir(RealityRunState& st) {
    WorkDir& work = st.work;
    work.keep = !st.options.keepDir.empty();
    if (work.keep) {
        work.path = st.options.keepDir;
        if (::mkdir(work.path.c_str(), 0755) != 0 && errno != EEXIST) {
            st.out.error = work.path + ": cannot create the directory: " + std::strerror(errno);
            return false;
        }
    } else {
        char tmpl[] = "/tmp/schedscope-reality-XXXXXX";
        if (!::mkdtemp(tmpl)) {
            st.out.error = std::string("cannot create a directory in /tmp: ") + std::strerror(errno);
            return false;
        }
        work.path = tmpl;
        work.made = true;
    }
    work.files = {"perf.data", "perf.data.old", "perf.log", "trace.txt"};
    return true;
}

/// Cgroups: every path the scenario can use, created in a private subtree, with the scenario's
/// weights and limits.
bool makeCgroups(RealityRunState& st) {
    const ScenarioSpec& spec = st.spec;
    RealityRun& out = st.out;
    std::set<std::string>& paths = st.paths;
    paths.insert("/");
    for (const CgroupSpec& c : spec.cgroups)
        paths.insert(c.path);
    for (const TaskSpec& t : spec.tasks)
        collectTask(t, paths);
    for (const TimelineEntry& e : spec.timeline) {
        if (!e.cgroupPath.empty())
            paths.insert(e.cgroupPath);
        if (e.spawn)
            collectTask(*e.spawn, paths);
    }
    RealCgroups& cgroups = st.cgroups;
    const std::string tag = "schedscope-reality-" + std::to_string(::getpid());
    bool permission = false;
    if (std::string e = cgroups.create(findCgroupMounts(slurp("/proc/self/mounts")), tag,
                                       {paths.begin(), paths.end()}, permission);
        !e.empty()) {
        cgroups.destroy();
        out.status = permission ? RealityRun::Status::NoPermission : RealityRun::Status::Failed;
        out.error = e;
        return false;
    }
    out.cgroupMode = cgroups.mode();
    out.notes.insert(out.notes.end(), cgroups.notes().begin(), cgroups.notes().end());
    for (const CgroupSpec& c : spec.cgroups) {
        std::string e = cgroups.setWeight(c.path, c.weight);
        if (e.empty() && c.max.limited())
            e = cgroups.setMax(c.path, c.max);
        if (!e.empty()) {
            out.error = e;
            return false;
        }
    }
    return true;
}

/// Shared memory, channels, the start pipe: the world the task processes are forked into.
bool makeSharedMemory(RealityRunState& st) {
    RealityRun& out = st.out;
    void* mem =
        ::mmap(nullptr, sizeof(RealShared), PROT_READ | PROT_WRITE, MAP_SHARED | MAP_ANONYMOUS, -1, 0);
    if (mem == MAP_FAILED) {
        out.error = std::string("cannot map shared memory: ") + std::strerror(errno);
        return false;
    }
    std::memset(mem, 0, sizeof(RealShared));
    st.workers.shared = static_cast<RealShared*>(mem);

    RealWorld& world = st.world;
    world.spec = &st.spec;
    world.shared = &st.shared();
    world.cgroups = &st.cgroups;
    std::vector<int>& fds = st.descriptors.fds;
    for (const ChannelSpec& c : st.spec.channels) {
        int p[2];
        const int r = c.kind == ChannelKind::Pipe ? ::pipe(p) : ::socketpair(AF_UNIX, SOCK_STREAM, 0, p);
        if (r != 0) {
            out.error = "cannot create channel " + c.name + ": " + std::strerror(errno);
            return false;
        }
        fds.push_back(p[0]);
        fds.push_back(p[1]);
        // A pipe is read at p[0] and written at p[1]; a socketpair is used the same way round.
        world.channelIndex[c.name] = static_cast<uint32_t>(world.channels.size());
        world.channels.emplace_back(p[0], p[1]);
    }
    int go[2];
    if (::pipe2(go, O_CLOEXEC) != 0) {
        out.error = std::string("cannot create a pipe: ") + std::strerror(errno);
        return false;
    }
    world.goFd = go[0];
    world.goWriteFd = go[1];
    fds.push_back(go[0]);
    st.go.writeFd = go[1];
    st.go.open = true;
    return true;
}

/// The recorder first (its set-up takes a while and is not recorded), then the tasks, each
/// waiting for the start once set up; then the recording is switched on.
bool startTasks(RealityRunState& st) {
    const ScenarioSpec& spec = st.spec;
    RealityRun& out = st.out;
    RealShared& shared = st.shared();
    st.say("starting perf sched record (" + st.work.path + ")");
    if (std::string e = st.recorder.start(st.perf, st.work.path + "/perf.data", st.work.path + "/perf.log");
        !e.empty()) {
        out.error = e;
        return false;
    }
    for (const TaskSpec& t : spec.tasks)
        for (uint32_t i = 0; i < t.count; ++i) {
            std::string err;
            if (spawnRealTask(st.world, t, i, instanceName(t.name, t.count, i), true, err) < 0) {
                out.error = err;
                return false;
            }
            ++st.started;
        }
    const int64_t setupUntil = monoNs() + 10'000'000'000LL;
    while (shared.ready.load() < st.started && shared.errorSet.load() == 0) {
        if (monoNs() > setupUntil || st.stopped()) {
            out.status = st.stopped() ? RealityRun::Status::Interrupted : RealityRun::Status::Failed;
            out.error =
                st.stopped() ? "interrupted" : "the task processes did not set themselves up within 10 s";
            return false;
        }
        ::usleep(1000);
    }
    if (shared.errorSet.load()) {
        while (shared.errorSet.load() != 2)
            ::usleep(100);
        out.error = spec.source + ": " + shared.error;
        out.status = std::string(shared.error).find("Operation not permitted") != std::string::npos
                         ? RealityRun::Status::NoPermission
                         : RealityRun::Status::Failed;
        return false;
    }
    if (std::string e = st.recorder.enable(); !e.empty()) {
        out.error = e;
        return false;
    }
    return true;
}

/// The slots of the tasks still running.
std::vector<uint32_t> liveSlots(const RealShared& shared) {
    std::vector<uint32_t> v;
    const uint32_t k = std::min(shared.nextSlot.load(), RealShared::kSlots);
    for (uint32_t i = 0; i < k; ++i)
        if (shared.slots[i].state.load() == 1)
            v.push_back(i);
    return v;
}

/// One timeline entry, now: on the live tasks it names (kill, move, affinity), on a cgroup
/// (weight, max) or spawning tasks. What fails is a note; the run goes on.
void applyTimelineEntry(RealityRunState& st, const TimelineEntry& e) {
    const ScenarioSpec& spec = st.spec;
    RealShared& shared = st.shared();
    RealCgroups& cgroups = st.cgroups;
    const uint32_t n = spec.topology.nrCpus();
    std::string err;
    for (uint32_t i : liveSlots(shared)) {
        RealTaskSlot& s = shared.slots[i];
        if (!e.taskPattern.empty() && !matchPattern(e.taskPattern, s.name))
            continue;
        if (e.kind == TimelineEntry::Kind::Kill) {
            s.proc = readProcSched(s.pid);
            s.state.store(2);
            ::kill(s.pid, SIGKILL);
        } else if (e.kind == TimelineEntry::Kind::Move) {
            err = cgroups.place(s.pid, e.cgroupPath);
            std::snprintf(s.cgroup, sizeof s.cgroup, "%s", e.cgroupPath.c_str());
        } else if (e.kind == TimelineEntry::Kind::Affinity && e.cpus) {
            cpu_set_t mask;
            CPU_ZERO(&mask);
            for (const auto& [a, b] : e.cpus->ranges)
                for (uint32_t c = a; c <= b && c < n; ++c)
                    CPU_SET(spec.topology.kernelCpu(c), &mask);
            ::sched_setaffinity(s.pid, sizeof mask, &mask);
        }
    }
    if (e.kind == TimelineEntry::Kind::CgroupWeight)
        err = cgroups.setWeight(e.cgroupPath, e.weight);
    else if (e.kind == TimelineEntry::Kind::CgroupMax)
        err = cgroups.setMax(e.cgroupPath, e.max);
    else if (e.kind == TimelineEntry::Kind::Spawn)
        for (uint32_t i = 0; i < e.spawn->count && err.empty(); ++i)
            spawnRealTask(st.world, *e.spawn, i, instanceName(e.spawn->name, e.spawn->count, i), false, err);
    if (!err.empty())
        st.out.notes.push_back("timeline at " + formatDuration(e.at) + ": " + err);
}

/// Go: the start pipe is closed, then the timeline is applied at its times and ended tasks are
/// reaped until the run's bound, a stop request, or the end of every task.
void runTimeline(RealityRunState& st) {
    const ScenarioSpec& spec = st.spec;
    RealShared& shared = st.shared();
    st.say("running " + std::to_string(st.started) + " tasks for at most " + formatDuration(st.out.duration));
    const int64_t t0 = monoNs();
    shared.t0.store(t0);
    st.go.close();
    const int64_t deadline = t0 + st.out.duration.count();
    size_t nextEntry = 0;
    for (;;) {
        const int64_t now = monoNs();
        if (now >= deadline)
            break;
        if (st.stopped()) {
            st.interrupted = true;
            break;
        }
        while (nextEntry < spec.timeline.size() && t0 + spec.timeline[nextEntry].at.count() <= now)
            applyTimelineEntry(st, spec.timeline[nextEntry++]);
        st.workers.reap();
        if (liveSlots(shared).empty() && nextEntry == spec.timeline.size() && shared.nextSlot.load() > 0)
            break; // every task has exited
        int64_t wake = std::min(deadline, now + 2'000'000);
        if (nextEntry < spec.timeline.size())
            wake = std::min(wake, t0 + spec.timeline[nextEntry].at.count());
        sleepUntil(wake);
    }
    const int64_t t1 = monoNs();
    st.out.elapsed = SimTime::ns(t1 - t0);
}

/// The kernel's figures before anything is stopped: each live task's /proc/PID/sched, each
/// cgroup's usage and pressure, the system's pressure.
void readKernel(RealityRunState& st) {
    RealShared& shared = st.shared();
    for (uint32_t i : liveSlots(shared)) {
        shared.slots[i].proc = readProcSched(shared.slots[i].pid);
        shared.slots[i].state.store(2);
    }
    for (const std::string& p : st.paths)
        st.readings[p] = st.cgroups.read(p);
    parsePressure(slurp("/proc/pressure/cpu"), st.systemPsi.cpu);
    parsePressure(slurp("/proc/pressure/memory"), st.systemPsi.memory);
    parsePressure(slurp("/proc/pressure/io"), st.systemPsi.io);
}

/// The end of the run on the host: tasks killed, cgroups removed, perf stopped. False when the
/// run ends here (interrupted, or perf failed).
bool stopRun(RealityRunState& st) {
    RealityRun& out = st.out;
    st.workers.killAll();
    const std::string cgError = st.cgroups.destroy();
    if (!cgError.empty())
        out.notes.push_back("cgroups not removed: " + cgError);
    st.say("stopping perf");
    const std::string perfError = st.recorder.stop();
    st.workers.reap();
    if (st.interrupted) {
        out.status = RealityRun::Status::Interrupted;
        out.error = "interrupted; every process and cgroup of the run was removed";
        return false;
    }
    if (!perfError.empty()) {
        out.error = perfError;
        return false;
    }
    return true;
}

/// The recording, as text, into the trace importer.
bool importRecording(RealityRunState& st) {
    RealityRun& out = st.out;
    st.say("reading the recording (perf script)");
    const std::string tracePath = st.work.path + "/trace.txt";
    if (std::string e =
            perfScript(st.perf, st.work.path + "/perf.data", tracePath, [&st] { return st.stopped(); });
        !e.empty()) {
        out.status = e == "cancelled" ? RealityRun::Status::Interrupted : RealityRun::Status::Failed;
        out.error = e;
        return false;
    }
    TraceImportOptions to;
    to.progress = [&st](double) { return !st.stopped(); };
    to.records = &st.placements;
    st.imported = importTrace(tracePath, to);
    if (!st.imported.ok) {
        out.status = st.imported.cancelled ? RealityRun::Status::Interrupted : RealityRun::Status::Failed;
        out.error = st.imported.error;
        return false;
    }
    if (st.work.keep)
        out.keptTrace = tracePath;
    return true;
}

/// Steal time so far of the given CPUs (kernel numbers), in ms, from /proc/stat (its eighth
/// figure, in USER_HZ ticks); -1 when it cannot be read.
double stealMsOf(const std::vector<uint32_t>& cpus) {
    std::istringstream in(slurp("/proc/stat"));
    const double tick = 1000.0 / static_cast<double>(std::max(1L, ::sysconf(_SC_CLK_TCK)));
    double total = 0;
    bool any = false;
    for (std::string line; std::getline(in, line);) {
        unsigned cpu = 0;
        unsigned long long f[8] = {};
        if (std::sscanf(line.c_str(), "cpu%u %llu %llu %llu %llu %llu %llu %llu %llu", &cpu, &f[0], &f[1],
                        &f[2], &f[3], &f[4], &f[5], &f[6], &f[7]) != 9)
            continue;
        if (std::find(cpus.begin(), cpus.end(), cpu) == cpus.end())
            continue;
        total += static_cast<double>(f[7]) * tick;
        any = true;
    }
    return any ? total : -1;
}

/// /proc counts from the process's fork, the trace from the start: the figures at set-up are
/// taken off, and a few switches around the start are allowed for. Each figure is a check; one
/// that disagrees is also a warning of the trace.
void crossCheck(RealityRun& out, const RealTaskSlot& slot, const TaskSummary& t) {
    RunSummary& s = out.real;
    const ProcSched& b = slot.base;
    auto check = [&](const char* figure, double trace, double proc, double slack) {
        ProcCrossCheck c{t.name, figure, trace, proc, std::abs(trace - proc) <= slack};
        out.checks.push_back(c);
        if (!c.agree && s.trace)
            s.trace->warnings.push_back("task " + t.name + ": " + figure + " " + relDiffText(trace, proc) +
                                        " (trace vs /proc/" + std::to_string(slot.pid) + "/sched)");
    };
    const double runtimeMs = static_cast<double>(t.runtime.count()) / 1e6;
    const double procMs = static_cast<double>(slot.proc.sumExecNs - b.sumExecNs) / 1e6;
    const auto switches = static_cast<double>(slot.proc.switches - b.switches);
    // The kernel starts a task's clock when it picks it, before the sched_switch event
    // is written (and charges it the way out of idle): 1.5 to 14 us a switch on the test
    // VM (docs/reality.md).
    // And the host's steal time: the trace's slices count it, sum_exec_runtime does not
    // (CONFIG_PARAVIRT_TIME_ACCOUNTING); at most what the run's CPUs had in all.
    const double steal = std::max(0.0, out.stealMs);
    check("runtime_ms", runtimeMs, procMs, 1.0 + 0.01 * procMs + 0.015 * switches + steal);
    const auto migrations = static_cast<double>(slot.proc.migrations - b.migrations);
    check("switches", static_cast<double>(t.switches), switches, 3 + 0.01 * switches);
    check("migrations", static_cast<double>(t.migrations), migrations, 2 + 0.01 * migrations);
}

/// The scenario's tasks, named as the scenario names them, with the trace's figures for their
/// pids, checked against /proc.
void summarizeTasks(RealityRunState& st) {
    RealityRun& out = st.out;
    RunSummary& s = out.real;
    const RealShared& shared = st.shared();
    std::map<int64_t, const TaskSummary*> byPid; // the last incarnation of each pid
    for (const TaskSummary& t : st.imported.summary.tasks)
        byPid[t.pid] = &t;
    const uint32_t slotCount = std::min(shared.nextSlot.load(), RealShared::kSlots);
    for (uint32_t i = 0; i < slotCount; ++i) {
        const RealTaskSlot& slot = shared.slots[i];
        auto it = byPid.find(slot.pid);
        TaskSummary t = it != byPid.end() ? *it->second : TaskSummary{};
        if (it != byPid.end() && st.placements.placed.count(t.id))
            ++s.counters.placements;
        t.id = i;
        t.name = slot.name;
        t.cgroup = slot.cgroup;
        t.pid = slot.pid;
        if (it == byPid.end())
            out.notes.push_back("task " + t.name + " (pid " + std::to_string(slot.pid) +
                                ") is not in the recording");
        s.counters.contextSwitches += t.switches;
        s.counters.migrations += t.migrations;
        s.counters.wakeups += t.latency.count();
        s.counters.exits += t.exited;
        if (slot.proc.ok)
            crossCheck(out, slot, t);
        s.tasks.push_back(std::move(t));
    }
    s.counters.forks = slotCount > st.started ? slotCount - st.started : 0;
}

/// The run's summary in run's schema: the tasks, the scenario's CPUs, channels and cgroups.
void summarize(RealityRunState& st) {
    const ScenarioSpec& spec = st.spec;
    RealityRun& out = st.out;
    const ImportedTrace& imported = st.imported;
    RunSummary& s = out.real;
    s.scenario = spec.name;
    s.simTime = out.elapsed;
    s.events = imported.summary.events;
    s.trace = imported.summary.trace;
    s.psiEnabled = ::access("/proc/pressure/cpu", R_OK) == 0;
    s.cpuacctEnabled = st.readings["/"].ok;
    summarizeTasks(st);
    for (const CpuSummary& c : imported.summary.cpus)
        if (std::find(st.used.begin(), st.used.end(), c.cpu) != st.used.end())
            s.cpus.push_back(c);
    for (size_t i = 0; i < spec.channels.size(); ++i)
        s.channels.push_back({spec.channels[i].name, st.shared().received[i].load()});
    for (const std::string& p : st.paths) {
        CgroupSummary c;
        c.path = p;
        for (const CgroupSpec& cs : spec.cgroups)
            if (cs.path == p) {
                c.weight = cs.weight;
                c.max = cs.max;
            }
        const CgroupReading& r = st.readings[p];
        c.usage = r.usage;
        c.user = r.user;
        c.system = r.system;
        c.psi = r.psi;
        s.cgroups.push_back(std::move(c));
    }
    s.systemPsi = st.systemPsi;
    addCgroupLatency(s);
    out.status = RealityRun::Status::Ok;
}

} // namespace

SimTime realityDuration(const ScenarioSpec& spec, std::optional<SimTime> requested) {
    if (requested)
        return *requested;
    return std::min(spec.duration, kRealityDefaultCap);
}

RealityRun runReality(const ScenarioSpec& spec, const RealityOptions& options) {
    RealityRun out;
    RealityRunState st(spec, options, out);
    out.duration = realityDuration(spec, options.duration);
    utsname u{};
    out.kernel = ::uname(&u) == 0 ? std::string(u.sysname) + " " + u.release : "unknown";

    // Preflight: the machine, what is approximated, permissions and tools, the files.
    if (!checkMachine(st))
        return out;
    noteApproximations(st);
    noteOwnSchedulerSettings(out);
    if (!checkPermissions(st) || !makeWorkDir(st))
        return out;
    // Orphaned task processes come back to the runner, which reaps them and kills them at the end.
    ::prctl(PR_SET_CHILD_SUBREAPER, 1);

    // Cgroups, then the start: shared memory, channels, perf and the task processes.
    if (!makeCgroups(st) || !makeSharedMemory(st) || !startTasks(st))
        return out;

    // The timeline, then the kernel read before anything is stopped.
    const double stealBefore = stealMsOf(st.used);
    runTimeline(st);
    readKernel(st);
    if (const double stealAfter = stealMsOf(st.used); stealBefore >= 0 && stealAfter >= 0)
        out.stealMs = stealAfter - stealBefore;
    if (!stopRun(st) || !importRecording(st))
        return out;

    summarize(st);
    return out;
}

} // namespace core
