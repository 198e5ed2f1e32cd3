#pragma once

// What the trace importer (import/traceimporter.h) learns about each recorded task, told as it
// happens, with the identities resolved: a task is the importer's index of one incarnation of a
// pid (a reused pid is a new task). The records the views draw go to a TraceSink; this is for
// those who rebuild the workload itself (import/workloadrecorder.h).

#include "base/taskstate.h"
#include "import/traceevent.h"

#include <cstdint>
#include <string>

namespace core {

/// A task's scheduling attributes as a `record` folder has them (import/recordfolder.h): what
/// sched_getattr, sched_getaffinity and PR_GET_TIMERSLACK said at the start or after a change.
struct TaskAttributes {
    SchedPolicy policy = SchedPolicy::Other;
    int nice = 0;
    uint8_t rtPriority = 0;    ///< 1..99 for fifo and rr
    std::string cpus;          ///< the affinity, as the kernel lists CPUs ("0-3"); empty: not recorded
    int64_t timerSlackNs = -1; ///< -1: not recorded
    bool operator==(const TaskAttributes&) const = default;
};

class TraceObserver {
public:
    virtual ~TraceObserver() = default;

    /// A task (a pid, or a pid used again) is seen for the first time at `t`; a forked one is
    /// then told to forked().
    virtual void taskSeen(int32_t task, int64_t t) = 0;
    /// `task` ran on a CPU from `from` to `to` (one stretch between switches or lost events).
    virtual void ran(int32_t task, int64_t from, int64_t to) = 0;
    /// `task` was switched out at `t` with prev_state `state` ('R' preempted, 'S', 'D', 'Z', 'X', ...).
    virtual void switchedOut(int32_t task, int64_t t, char state) = 0;
    /// A CPU switched from `prev` to `next` at `t` (either -1: the idle task or unknown), told
    /// after switchedOut() of `prev`.
    virtual void switchedTo(int32_t /*prev*/, int32_t /*next*/, int64_t /*t*/) {}
    /// A sleeping `task` is woken at `t` (the first sched_waking or sched_wakeup of the sleep).
    /// `waker` is the task current where it was recorded, or -1 for the idle task and unknown
    /// tasks; `wakerSince` is when the waker's current stretch on that CPU began. `irq`: the
    /// tracer says the wakeup ran in interrupt context (hard or soft), so the waker only happened
    /// to be interrupted.
    virtual void woken(int32_t task, int64_t t, int32_t waker, int64_t wakerSince, bool irq) = 0;
    /// `parent`, running since `parentSince` (-1: not known to be running), forked `child` at `t`.
    virtual void forked(int32_t parent, int64_t parentSince, int32_t child, int64_t t) = 0;
    /// The kernel priority the trace gives `task` (prio: 0-99 RT, 100-139 fair).
    virtual void priority(int32_t task, int prio, int64_t t) = 0;
    /// `task` was attached to cgroup `cgroup` (the importer's id) at `t`.
    virtual void attached(int32_t task, uint32_t cgroup, int64_t t) = 0;
    /// `task`'s scheduling attributes are `a` from `t` on (a `record` folder's; never for a
    /// trace file): those it had when the recording began, told when it is first seen (`t` is
    /// then the recording's start, before any event), or a change it made or was given.
    /// `runningSince` is when its current stretch on a CPU began, -1 when it is not running.
    virtual void attributes(int32_t task, int64_t t, int64_t runningSince, const TaskAttributes& a) = 0;
    /// `task`, running since `runningSince`, entered a system call that moves data through file
    /// descriptor `fd` of thread group `group` (its process; -1: not recorded) at `t` (a `record`
    /// folder's perf.data, or any binary trace with the syscalls tracepoints: import/traceevent.h's
    /// CallEnter).
    virtual void callEntered(int32_t /*task*/, int64_t /*t*/, int64_t /*runningSince*/, DataCall /*call*/,
                             int32_t /*fd*/, int32_t /*group*/) {}
    /// ... and returned `ret` (bytes moved, or -errno) at `t`.
    virtual void callReturned(int32_t /*task*/, int64_t /*t*/, int64_t /*runningSince*/, DataCall /*call*/,
                              int32_t /*ret*/) {}
    /// Events were lost at `t` on `cpu` (-1: every CPU).
    virtual void lost(int32_t cpu, int64_t t) = 0;
};

} // namespace core
