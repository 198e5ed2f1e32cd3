#pragma once

#include "base/ids.h"
#include "base/simtime.h"
#include "report/threadstates.h"

#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace core {

/// Why a hop's wait ended, or why the chain stops there.
enum class HopEnd : uint8_t {
    Woken,     ///< another task woke it: the chain goes on with that task
    Forked,    ///< its first wakeup, by its parent: the chain goes on with the parent
    Timer,     ///< a timer it armed (a simulation's sleep)
    Interrupt, ///< a recording's wakeup in interrupt context or from an idle CPU
    Start,     ///< the task was started by nobody, or the recording starts here
    Preempted, ///< it never slept: switched out runnable, it waited for a CPU only
    Throttled, ///< it never slept: its cgroup's queue was throttled (cpu.max)
    Unknown,   ///< no wakeup was recorded (events lost)
    NotYet     ///< still asleep or waiting when the run or recording (or the tracks) end
};
std::string_view hopEndName(HopEnd e);

/// A task that ran on the CPU a hop's task was waiting for, while it waited: who, where, when
/// (its run clipped to the wait) and how that run ended.
struct CpuHolder {
    TaskId task;
    uint32_t cpu = 0;
    SimTime from;
    SimTime to;
    /// The holder's state right after the run: Running when it still ran where the wait ended
    /// (it was preempted, or the track ends), Preempted, Sleeping, ..., Unknown where no state
    /// follows (it exited, or the tracks end).
    ThreadState then = ThreadState::Unknown;
    PreemptRule rule = PreemptRule::None; ///< then == Preempted: the rule that switched it out
    std::optional<TaskId> preemptedBy;    ///< then == Preempted: who took the CPU from it
};

/// One task's stretch off the CPU and what ended it. `from`..`to` is the whole stretch (from
/// leaving the CPU to running again); `sleeping` the part asleep (S, D or unknown), `runnable`
/// the part waiting for a CPU (runnable, preempted, throttled).
struct ChainHop {
    TaskId task;
    std::string name;
    ThreadState state = ThreadState::Unknown; ///< how it left the CPU: the stretch's first state
    SimTime from;
    SimTime to;
    SimTime sleeping;
    SimTime runnable;
    std::optional<TaskId> wokenBy; ///< the waker (Woken) or parent (Forked)
    int32_t wakerCpu = -1;         ///< where the wakeup ran (model CPU), -1 where none
    SimTime wokenAt;               ///< when it was woken (valid with wakerCpu >= 0)
    int32_t targetCpu = -1;        ///< the CPU the wakeup placed it on
    HopEnd end = HopEnd::Unknown;
    /// Left the CPU runnable: the task that took the CPU (invalid: none) and the rule.
    std::optional<TaskId> preemptedBy;
    PreemptRule rule = PreemptRule::None;
    /// The migrations within the stretch: the wakeup placement or the balancer pass (and its
    /// sched-domain level) that moved it while it waited.
    std::vector<MigrationRecord> moves;
    /// Who held the CPU while it waited for one (its runnable and preempted part), in time
    /// order, at most kMaxHolders: the first is the task the wakeup did not preempt.
    std::vector<CpuHolder> holders;
    static constexpr size_t kMaxHolders = 8;
};

struct WakeupChain {
    std::vector<ChainHop> hops; ///< the first hop is the task asked about
    bool wasRunning = false;    ///< the time asked about fell in a run: the wait before it is used
    std::string error;          ///< the task or the time has no wait to explain
};

/// Perfetto's "critical path lite": the wait or sleep of `task` that contains `at` (or, if it
/// was running then, the one before that run), who woke it, what that waker was itself waiting
/// on just before, and so on back, at most `depth` hops, to a timer, an interrupt or the start.
WakeupChain wakeupChain(const ThreadStates& states, TaskId task, SimTime at, int depth);

} // namespace core
