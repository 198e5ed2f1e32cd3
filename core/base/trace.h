#pragma once

#include "base/ids.h"
#include "base/simtime.h"
#include "base/taskstate.h"

#include <array>
#include <cstdint>
#include <string>
#include <string_view>

namespace core {

/// Why a task changed CPU. A migration is what the kernel counts as one: `set_task_cpu` to
/// another CPU, which increments `se.nr_migrations` and fires perf's `cpu-migrations` event.
/// Placing a new task (`wake_up_new_task`) is not one; see PlacementRecord.
/// Why a task changed CPU. RtPush: an RT-overloaded CPU pushed a queued RT task to a CPU
/// running lower-priority work; RtPull: a CPU whose RT priority dropped got one (with
/// RT_PUSH_IPI the overloaded CPU pushes it on that request).
enum class MigrationReason : uint8_t {
    Wakeup,
    Periodic,
    Newidle,
    Nohz,
    Active,
    Affinity,
    Move,
    RtPush,
    RtPull
};
inline constexpr size_t kMigrationReasonCount = 9;
std::string_view migrationReasonName(MigrationReason r);

enum class SliceKind : uint8_t { Task, Overhead };

/// A stretch of one CPU's time: a task running, or kernel overhead (idle is the gaps).
struct Slice {
    uint32_t cpu = 0;
    SliceKind kind = SliceKind::Task;
    TaskId task;     ///< the task running, or on whose behalf the kernel works (may be invalid)
    CgroupId cgroup; ///< the task's cgroup
    SimTime start;
    SimTime end;
};

/// One task migration, as Perfetto models it.
struct MigrationRecord {
    SimTime time;
    TaskId task;
    uint32_t from = 0;
    uint32_t to = 0;
    MigrationReason reason = MigrationReason::Wakeup;
    int8_t level = -1; ///< sched-domain level index for balancer migrations, -1 otherwise
};

/// A new task placed on a CPU other than its parent's (`wake_up_new_task` with
/// `__set_task_cpu`): not a migration for the kernel, perf or the counters above.
struct PlacementRecord {
    SimTime time;
    TaskId task;
    uint32_t from = 0; ///< the parent's CPU
    uint32_t to = 0;   ///< the CPU the fork path chose
};

/// A labelled instant: a toggled optimization or another live command.
struct Marker {
    SimTime time;
    std::string label;
};

/// Why the scheduler took the CPU from a task that could still run: the rule behind a
/// preemption, which the model knows and a recording does not carry (Unknown there).
enum class PreemptRule : uint8_t {
    None,       ///< not a preemption: the task blocked, exited or the CPU was idle
    Wakeup,     ///< a woken fair task preempted it (check_preempt_wakeup, EEVDF's pick)
    RtPriority, ///< an RT task of higher priority (or any RT task over a fair one) arrived
    Tick,       ///< the tick found its share used up (CFS's ideal runtime, RR's timeslice)
    Deadline,   ///< EEVDF: its slice ran out, its virtual deadline passed (update_deadline)
    ShortSlice, ///< EEVDF (v6.12): a shorter-slice waker cancelled its run to parity
    Protection, ///< EEVDF (v6.17+): its protected run ended before its slice (a shorter slice queued)
    CpuMax,     ///< its cgroup ran out of cpu.max runtime
    RtThrottle, ///< RT throttling (sched_rt_runtime_us) stopped the RT class
    FairServer, ///< the fair server (v6.12) took the CPU from RT for starved fair tasks
    Yield,      ///< it called sched_yield
    Other,      ///< a cgroup move, an affinity change, the stopper moving it, another rescheduling
    Unknown     ///< a recording: the trace does not say
};
inline constexpr size_t kPreemptRuleCount = 13;
std::string_view preemptRuleName(PreemptRule r);

/// One context switch on a CPU, as the sched_switch tracepoint reports it: the task leaving
/// (invalid for the idle task or the stopper), the state it leaves in (Runnable = preempted,
/// the kernel's prev_state R), what it blocked on, the task coming in and since when that task
/// had been runnable (its wakeup, or the moment it was preempted: perf sched timehist counts
/// its "sch delay" from there).
struct SwitchRecord {
    SimTime time;
    uint32_t cpu = 0;
    TaskId prev;
    TaskId next;
    TaskState prevState = TaskState::Runnable;
    BlockReason prevBlock = BlockReason::None;
    uint32_t prevChannel = 0; ///< channel slot when prevBlock is a channel
    SimTime nextRunnableSince;
    /// Why prev was preempted (prevState Runnable); None when it was not, Unknown in a recording.
    PreemptRule rule = PreemptRule::Unknown;
};

/// A stretch during which a cgroup's queue on one CPU was throttled (cpu.max): its tasks were
/// queued but could not run until the next refill or returned slack paid its debt. An interval
/// still open when the trace is flushed is reported up to then and continues in a later record.
struct ThrottleRecord {
    SimTime start;
    SimTime end;
    uint32_t cpu = 0;
    CgroupId cgroup;
};

/// What ended a sleep. Task: another task's wakeup (a send, an exit, a lock); Timer: a timer
/// the task armed (its sleep ended); Interrupt: a recording's wakeup from interrupt context, or
/// from a CPU running no task; Fork: a new task's first wakeup (`wake_up_new_task`), by its
/// parent where it has one.
enum class WakeSource : uint8_t { Task, Timer, Interrupt, Fork };
std::string_view wakeSourceName(WakeSource s);

/// A sleeping (or new) task made runnable, as sched_waking / sched_wakeup_new report it: who
/// woke it (invalid for a timer, an interrupt or a task started by nobody), on which CPU the
/// wakeup ran and which CPU the task was placed on.
struct WakeupRecord {
    SimTime time;
    TaskId task;
    TaskId waker;
    uint32_t wakerCpu = 0;
    uint32_t targetCpu = 0;
    WakeSource source = WakeSource::Task;
};

struct Counters;

/// Receives what happens, as it happens. The engine calls it only when one is attached.
class TraceSink {
public:
    virtual ~TraceSink() = default;
    virtual void slice(const Slice& s) = 0;
    virtual void migration(const MigrationRecord& m) = 0;
    /// A new task placed away from its parent's CPU (not a migration).
    virtual void placement(const PlacementRecord& p) {}
    virtual void marker(const Marker& m) = 0;
    /// A CPU switched tasks (every switch the context-switch counter counts).
    virtual void contextSwitch(const SwitchRecord& s) {}
    /// A cgroup's queue on a CPU was throttled for a while (cpu.max).
    virtual void throttle(const ThrottleRecord& t) {}
    /// A sleeping or new task became runnable (the wakeups the `wakeups` counter counts, and
    /// every new task's first).
    virtual void wakeup(const WakeupRecord& w) {}
    /// A recording lost events on a CPU (-1: on every CPU) at time t: what tasks did there is
    /// unknown until their next event.
    virtual void lost(SimTime t, int32_t cpu) {}
    /// A task came into existence (names for ids in the trace; its class for the views).
    virtual void taskCreated(TaskId id, const std::string& name, CgroupId cgroup, SchedPolicy policy,
                             uint8_t rtPriority) {}
    /// A recording's reader is about to take its next event, at time t: `counters` hold what was
    /// counted before it (they stay valid for the whole read), for a sink that samples them.
    virtual void advanceTo(SimTime t, const Counters& counters) {}
};

} // namespace core
