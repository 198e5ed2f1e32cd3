#include "reality/realtask.h"

#include "base/cgrouprules.h"
#include "base/kernelmodel.h"
#include "import/hostfs.h"
#include "reality/realcgroups.h"
#include "scenario/patterns.h"

#include <sched.h>
#include <signal.h>
#include <sys/prctl.h>
#include <sys/resource.h>
#include <sys/syscall.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <cstring>
#include <random>
#include <sstream>

namespace core {

ProcSched parseProcSched(const std::string& text) {
    ProcSched p;
    std::istringstream in(text);
    std::string line;
    int found = 0;
    while (std::getline(in, line)) {
        const auto colon = line.find(':');
        if (colon == std::string::npos)
            continue;
        std::string key = line.substr(0, colon);
        while (!key.empty() && key.back() == ' ')
            key.pop_back();
        const std::string value = line.substr(colon + 1);
        if (key == "se.sum_exec_runtime") {
            // "%Ld.%06ld" milliseconds: the fraction is exactly the nanoseconds.
            const auto dot = value.find('.');
            const int64_t ms = std::strtoll(value.c_str(), nullptr, 10);
            const int64_t frac =
                dot == std::string::npos ? 0 : std::strtoll(value.c_str() + dot + 1, nullptr, 10);
            p.sumExecNs = ms * 1'000'000 + frac;
            ++found;
        } else if (key == "se.nr_migrations") {
            p.migrations = std::strtoll(value.c_str(), nullptr, 10);
            ++found;
        } else if (key == "nr_switches") {
            p.switches = std::strtoll(value.c_str(), nullptr, 10);
            ++found;
        } else if (key == "nr_voluntary_switches") {
            p.voluntary = std::strtoll(value.c_str(), nullptr, 10);
        } else if (key == "nr_involuntary_switches") {
            p.involuntary = std::strtoll(value.c_str(), nullptr, 10);
        }
    }
    p.ok = found == 3;
    return p;
}

ProcSched readProcSched(int pid) {
    return parseProcSched(hostfs::readValue(pid == 0 ? std::string("/proc/self/sched")
                                                     : "/proc/" + std::to_string(pid) + "/sched")
                              .value_or(std::string()));
}

namespace {

int64_t clockNs(clockid_t clock) {
    timespec ts{};
    ::clock_gettime(clock, &ts);
    return ts.tv_sec * 1'000'000'000LL + ts.tv_nsec;
}

void sleepNs(int64_t ns, bool absolute) {
    timespec ts{static_cast<time_t>(ns / 1'000'000'000), static_cast<long>(ns % 1'000'000'000)};
    while (::clock_nanosleep(CLOCK_MONOTONIC, absolute ? TIMER_ABSTIME : 0, &ts, absolute ? nullptr : &ts) ==
           EINTR) {
    }
}

/// sched_setattr's argument (uapi/linux/sched/types.h, SCHED_ATTR_SIZE_VER1).
struct SchedAttr {
    uint32_t size, policy;
    uint64_t flags;
    int32_t nice;
    uint32_t priority;
    uint64_t runtime, deadline, period;
    uint32_t utilMin, utilMax;
};

uint32_t policyNumber(SchedPolicy p) {
    return p == SchedPolicy::Batch  ? SCHED_BATCH
           : p == SchedPolicy::Idle ? SCHED_IDLE
           : p == SchedPolicy::Fifo ? SCHED_FIFO
           : p == SchedPolicy::Rr   ? SCHED_RR
                                    : SCHED_OTHER;
}

/// A task process: the scenario task it runs and what it has to remember.
struct Proc {
    const RealWorld* w = nullptr;
    RealTaskSlot* slot = nullptr;
    uint32_t instance = 0;
    std::mt19937_64 rng;
    std::vector<pid_t> children;
};

[[noreturn]] void fail(const RealWorld& w, const std::string& what) {
    uint32_t expected = 0;
    if (w.shared->errorSet.compare_exchange_strong(expected, 1)) {
        const size_t n = std::min(what.size(), sizeof w.shared->error - 1);
        std::memcpy(w.shared->error, what.data(), n);
        w.shared->error[n] = 0;
        w.shared->errorSet.store(2);
    }
    ::_exit(3);
}

[[noreturn]] void finish(Proc& p) {
    // The kernel's own figures for the task, just before it exits.
    p.slot->proc = readProcSched(0);
    p.slot->state.store(2);
    ::_exit(0);
}

void copyName(char* dst, size_t cap, const std::string& s) {
    const size_t n = std::min(s.size(), cap - 1);
    std::memcpy(dst, s.data(), n);
    dst[n] = 0;
}

/// The CPUs of the nearest cgroup (this one or an ancestor) that sets `cpus`; null when none.
const CpuListParse* cgroupCpus(const ScenarioSpec& spec, std::string path) {
    for (;;) {
        for (const CgroupSpec& c : spec.cgroups)
            if (c.path == path && c.cpus)
                return &*c.cpus;
        if (path == "/" || path.empty())
            return nullptr;
        path = cgroupParent(path);
    }
}

bool inList(const CpuListParse* list, uint32_t cpu) {
    if (!list)
        return true;
    for (const auto& [first, last] : list->ranges)
        if (cpu >= first && cpu <= last)
            return true;
    return false;
}

/// Scenario CPUs to the host's kernel numbers, as an affinity mask.
cpu_set_t hostMask(const ScenarioSpec& spec, const CpuListParse* list, const CpuListParse* cgroup) {
    const uint32_t n = spec.topology.nrCpus();
    cpu_set_t mask;
    CPU_ZERO(&mask);
    bool any = false;
    for (uint32_t cpu = 0; cpu < n; ++cpu)
        if (inList(list, cpu) && inList(cgroup, cpu)) {
            CPU_SET(spec.topology.kernelCpu(cpu), &mask);
            any = true;
        }
    if (!any) // the affinity shares no CPU with the cgroup (the loader refuses this for tasks)
        for (uint32_t cpu = 0; cpu < n; ++cpu)
            if (inList(cgroup, cpu))
                CPU_SET(spec.topology.kernelCpu(cpu), &mask);
    return mask;
}

/// Sets the calling process up as task `t`. `inherited` is false for a scenario or timeline
/// task (everything from `t`), true for a forked child (cgroup and affinity from the parent
/// unless `t` gives them).
void setUp(Proc& p, const TaskSpec& t, const std::string& name, bool forked, pid_t parent) {
    const RealWorld& w = *p.w;
    const uint32_t index = w.shared->nextSlot.fetch_add(1);
    if (index >= RealShared::kSlots)
        fail(w, "the scenario made more than " + std::to_string(RealShared::kSlots) +
                    " processes; the reality check runs at most that many");
    // Dies with its parent, so nothing outlives the run even if the runner is killed.
    ::prctl(PR_SET_PDEATHSIG, SIGKILL);
    if (::getppid() != parent)
        ::_exit(1);
    RealTaskSlot* parentSlot = p.slot;
    p.slot = &w.shared->slots[index];
    p.slot->pid = ::getpid();
    copyName(p.slot->name, sizeof p.slot->name, name);
    p.slot->state.store(1);
    p.rng.seed(w.spec->seed * 1000003ULL + index);
    p.children.clear();
    ::signal(SIGINT, SIG_IGN); // the runner handles a Ctrl-C and stops everything in order
    ::signal(SIGPIPE, SIG_IGN);
    ::prctl(PR_SET_NAME, name.substr(0, 15).c_str());

    std::string cgroup = forked && parentSlot ? parentSlot->cgroup : "/";
    if (t.cgroup)
        cgroup = *t.cgroup;
    copyName(p.slot->cgroup, sizeof p.slot->cgroup, cgroup);
    if (!forked || t.cgroup)
        if (std::string e = w.cgroups->place(0, cgroup); !e.empty())
            fail(w, "task " + name + ": " + e);

    if (!forked || t.cpus) {
        cpu_set_t mask = hostMask(*w.spec, t.cpus ? &*t.cpus : nullptr, cgroupCpus(*w.spec, cgroup));
        if (::sched_setaffinity(0, sizeof mask, &mask) != 0)
            fail(w, "task " + name + ": sched_setaffinity: " + std::strerror(errno));
    }
    // A forked child has its own policy, as in the simulation (fork would copy an RT parent's).
    if (t.slice || t.policy != SchedPolicy::Other || forked) {
        SchedAttr a{};
        a.size = sizeof a;
        a.policy = policyNumber(t.policy);
        a.nice = t.nice;
        a.priority = t.rtPriority;
        a.runtime = t.slice ? static_cast<uint64_t>(t.slice->count()) : 0;
        if (::syscall(SYS_sched_setattr, 0, &a, 0) != 0)
            fail(w, "task " + name + ": sched_setattr (policy " + schedPolicyName(t.policy) +
                        "): " + std::strerror(errno));
    } else if (::setpriority(PRIO_PROCESS, 0, t.nice) != 0) {
        fail(w,
             "task " + name + ": setpriority(nice " + std::to_string(t.nice) + "): " + std::strerror(errno));
    }
    // The timer slack the simulation gives the task: the scenario's, else the kernel's default
    // (50 us) for a scenario task, whatever the runner inherited; a forked child keeps its
    // parent's, as fork copies it. PR_SET_TIMERSLACK of 0 restores the default, so no slack is
    // asked for as 1 ns.
    if (t.timerSlack || !forked) {
        const int64_t slack = t.timerSlack ? t.timerSlack->count() : kDefaultTimerSlackNs;
        const unsigned long ns = static_cast<unsigned long>(std::max<int64_t>(1, slack));
        if (::prctl(PR_SET_TIMERSLACK, ns, 0, 0, 0) != 0)
            fail(w, "task " + name + ": prctl(PR_SET_TIMERSLACK): " + std::strerror(errno));
    }
    if (t.session && !forked)
        ::setsid();
}

} // namespace

void busyFor(int64_t ns) {
    // Reads CLOCK_MONOTONIC, which the vDSO serves without entering the kernel, about every
    // 25 ns; a step of at least kNotRunningGapNs is time the task did not run (a preemption, or
    // the vCPU descheduled) and is not counted. Shorter steps (an interrupt) count, as the
    // kernel charges them to the task without IRQ time accounting.
    // A clock too coarse to tell a preemption from a tick of its own (a jiffies clocksource)
    // would leave every step out and spin for ever: then every step counts (wall time).
    static const bool fine = [] {
        timespec res{};
        return ::clock_getres(CLOCK_MONOTONIC, &res) == 0 && res.tv_sec == 0 &&
               res.tv_nsec < kNotRunningGapNs / 10;
    }();
    int64_t counted = 0;
    int64_t last = clockNs(CLOCK_MONOTONIC);
    while (counted < ns) {
        const int64_t now = clockNs(CLOCK_MONOTONIC);
        if (now - last < kNotRunningGapNs || !fine)
            counted += now - last;
        last = now;
    }
}

namespace {

SimTime draw(Proc& p, const DurationDist& d) {
    switch (d.kind) {
    case DurationDist::Kind::Fixed:
        return d.a;
    case DurationDist::Kind::Exp: {
        std::exponential_distribution<double> e(1.0 / static_cast<double>(std::max<int64_t>(d.a.count(), 1)));
        return SimTime::ns(static_cast<int64_t>(e(p.rng)));
    }
    case DurationDist::Kind::Uniform: {
        std::uniform_int_distribution<int64_t> u(d.a.count(), d.b.count());
        return SimTime::ns(u(p.rng));
    }
    }
    return d.a;
}

const std::pair<int, int>* channel(Proc& p, const std::string& name, uint32_t& index) {
    const std::string n = expandInstance(name, p.instance);
    auto it = p.w->channelIndex.find(n);
    if (it == p.w->channelIndex.end())
        return nullptr;
    index = it->second;
    return &p.w->channels[it->second];
}

void runProgram(Proc& p, const std::vector<ActionSpec>& program);

void waitChildren(Proc& p) {
    for (pid_t c : p.children) {
        int status = 0;
        while (::waitpid(c, &status, 0) < 0 && errno == EINTR) {
        }
    }
    p.children.clear();
}

[[noreturn]] void runTask(Proc& p, const TaskSpec& t, SimTime delay) {
    if (delay.count() > 0)
        sleepNs(delay.count(), false);
    runProgram(p, t.program);
    finish(p);
}

void runAction(Proc& p, const ActionSpec& a) {
    switch (a.kind) {
    case ActionKind::Run: {
        // Busy for this much of the task's own run time: preempted time does not count, as in
        // the simulation. Not measured with a CPU-time clock: each read of one runs the
        // kernel's update_curr, which ends an expired EEVDF slice at once instead of at the
        // next tick and so changes the schedule being measured (docs/reality.md).
        busyFor(draw(p, a.duration).count());
        break;
    }
    case ActionKind::Sleep:
    case ActionKind::Io:       // approximated as a sleep (docs/reality.md)
    case ActionKind::Memstall: // approximated as a sleep (docs/reality.md)
        sleepNs(draw(p, a.duration).count(), false);
        break;
    case ActionKind::Send: {
        uint32_t index = 0;
        if (const auto* ch = channel(p, a.name, index)) {
            const char byte = 1;
            ssize_t n;
            while ((n = ::write(ch->second, &byte, 1)) < 0 && errno == EINTR) {
            }
            if (n != 1)
                finish(p);
        }
        break;
    }
    case ActionKind::Recv: {
        uint32_t index = 0;
        if (const auto* ch = channel(p, a.name, index)) {
            char byte = 0;
            ssize_t n;
            while ((n = ::read(ch->first, &byte, 1)) < 0 && errno == EINTR) {
            }
            if (n != 1)
                finish(p);
            if (index < RealShared::kChannels)
                p.w->shared->received[index].fetch_add(1, std::memory_order_relaxed);
        }
        break;
    }
    case ActionKind::Loop:
        for (int64_t i = 0; a.loopCount < 0 || i < a.loopCount; ++i)
            runProgram(p, a.body);
        break;
    case ActionKind::Fork: {
        const TaskSpec& child = *a.child;
        const pid_t self = ::getpid();
        const pid_t pid = ::fork();
        if (pid == 0) {
            setUp(p, child, child.name, true, self);
            runTask(p, child, child.start);
        }
        if (pid > 0)
            p.children.push_back(pid);
        break;
    }
    case ActionKind::Wait:
        waitChildren(p);
        break;
    case ActionKind::Move:
        if (std::string e = p.w->cgroups->place(0, a.name); e.empty())
            copyName(p.slot->cgroup, sizeof p.slot->cgroup, a.name);
        break;
    case ActionKind::Setsid:
        ::setsid();
        break;
    case ActionKind::Yield:
        ::sched_yield();
        break;
    case ActionKind::Nice:
        ::setpriority(PRIO_PROCESS, 0, a.nice); // as the simulation: a refusal changes nothing
        break;
    case ActionKind::Policy: {
        SchedAttr attr{};
        attr.size = sizeof attr;
        attr.policy = policyNumber(a.policy);
        attr.nice = a.keepNice ? ::getpriority(PRIO_PROCESS, 0) : a.nice;
        attr.priority = a.rtPriority;
        ::syscall(SYS_sched_setattr, 0, &attr, 0);
        break;
    }
    case ActionKind::Cpus: {
        const CpuListParse list = parseCpuList(a.name);
        cpu_set_t mask = hostMask(*p.w->spec, &list, cgroupCpus(*p.w->spec, p.slot->cgroup));
        ::sched_setaffinity(0, sizeof mask, &mask);
        break;
    }
    case ActionKind::Exit:
        finish(p);
    }
}

void runProgram(Proc& p, const std::vector<ActionSpec>& program) {
    for (const ActionSpec& a : program)
        runAction(p, a);
}

} // namespace

pid_t spawnRealTask(const RealWorld& w, const TaskSpec& t, uint32_t instance, const std::string& name,
                    bool waitForGo, std::string& error) {
    const pid_t parent = ::getpid();
    const pid_t pid = ::fork();
    if (pid < 0) {
        error = "cannot start task " + name + ": fork: " + std::strerror(errno);
        return -1;
    }
    if (pid > 0)
        return pid;
    if (w.goWriteFd >= 0)
        ::close(w.goWriteFd);
    Proc p;
    p.w = &w;
    p.instance = instance;
    setUp(p, t, name, false, parent);
    SimTime delay = t.start;
    if (waitForGo) {
        // Its set-up ran before the recording: what /proc counts from here on is comparable.
        p.slot->base = readProcSched(0);
        w.shared->ready.fetch_add(1);
        char c;
        while (::read(w.goFd, &c, 1) < 0 && errno == EINTR) {
        }
        // Start times count from the common start.
        sleepNs(w.shared->t0.load() + t.start.count(), true);
        delay = SimTime();
    }
    runTask(p, t, delay);
}

} // namespace core
