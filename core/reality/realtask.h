#pragma once

#include "scenario/scenariospec.h"

#include <sys/types.h>

#include <atomic>
#include <cstdint>
#include <map>
#include <string>
#include <vector>

namespace core {

class RealCgroups;

/// What the kernel's /proc/PID/sched said about a task.
struct ProcSched {
    bool ok = false;
    int64_t sumExecNs = 0;                                ///< se.sum_exec_runtime
    int64_t migrations = 0;                               ///< se.nr_migrations
    int64_t switches = 0, voluntary = 0, involuntary = 0; ///< nr_switches, nr_(in)voluntary_switches
};

/// Parses /proc/PID/sched's text.
ProcSched parseProcSched(const std::string& text);
/// Reads /proc/PID/sched (pid 0: the caller's own).
ProcSched readProcSched(int pid);

/// One real task process, written by the process itself (and by the runner for tasks still
/// running at the end). Lives in memory shared by the runner and every task process.
struct RealTaskSlot {
    std::atomic<int32_t> state; ///< 0 free, 1 running, 2 finished (its figures are final)
    int32_t pid;
    char name[64];    ///< the scenario's task name (instance and fork names)
    char cgroup[256]; ///< its scenario cgroup at the end
    ProcSched base;   ///< /proc/PID/sched when it was set up, before the start (zeros: forked later)
    ProcSched proc;   ///< /proc/PID/sched just before it exited or was stopped
};

/// The memory shared by the runner and the task processes (one anonymous shared mapping).
struct RealShared {
    static constexpr uint32_t kSlots = 2048;
    static constexpr uint32_t kChannels = 512;
    std::atomic<uint32_t> nextSlot;
    std::atomic<uint32_t> ready;    ///< tasks set up and waiting for the start
    std::atomic<int64_t> t0;        ///< CLOCK_MONOTONIC ns of the start
    std::atomic<uint32_t> errorSet; ///< a task failed to set itself up (error[] says how)
    char error[1024];
    std::atomic<uint64_t> received[kChannels]; ///< messages read per channel
    RealTaskSlot slots[kSlots];
};

/// Everything a task process needs to run its program on the real kernel.
struct RealWorld {
    const ScenarioSpec* spec = nullptr;
    RealShared* shared = nullptr;
    const RealCgroups* cgroups = nullptr;
    std::vector<std::pair<int, int>> channels; ///< read and write descriptors, as spec->channels
    std::map<std::string, uint32_t> channelIndex;
    int goFd = -1;      ///< read end of the start pipe: EOF means go
    int goWriteFd = -1; ///< its write end (the runner's; task processes close it)
};

/// A step of the monotonic clock at least this long, seen by a busy loop, is time the loop did
/// not run: the smallest preemption (two switches and the other task's turn) takes longer, an
/// interrupt on this VM less (docs/reality.md).
inline constexpr int64_t kNotRunningGapNs = 10'000;

/// Busy for `ns` of the caller's own run time without entering the kernel: the vDSO's
/// monotonic clock, with every step of at least kNotRunningGapNs left out.
void busyFor(int64_t ns);

/// Forks a process that sets itself up as task `t` (instance `instance`, named `name`: cgroup,
/// nice, policy, affinity, comm), waits for the start when `waitForGo`, sleeps until its start
/// time and runs its program: `run` as a busy loop (busyFor), `sleep` with the timer slack the
/// simulation gives the task, `send`/`recv` over the pipes and socketpairs, `fork`, `wait`, `exit`, `move`,
/// `setsid`, `yield`; `io` and `memstall` as sleeps (docs/reality.md). Returns the pid or -1.
pid_t spawnRealTask(const RealWorld& w, const TaskSpec& t, uint32_t instance, const std::string& name,
                    bool waitForGo, std::string& error);

} // namespace core
