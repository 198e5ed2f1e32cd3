#pragma once

#include "base/eventqueue.h"
#include "base/simtime.h"
#include "base/trace.h"
#include "sched/schedentity.h"

#include <array>
#include <cstdint>
#include <vector>

namespace core {

struct Task;

/// Per-CPU balancing state for one sched-domain level (the kernel keeps it in struct
/// sched_domain, which is per CPU).
struct DomainState {
    uint32_t balanceIntervalMs = 1;
    uint32_t nrBalanceFailed = 0;
    int64_t lastBalance = 0; ///< jiffies
    SimTime maxNewidleLbCost;
    SimTime nextDecayMaxLbCost;
};

/// One CPU's RT runqueue (struct rt_rq without RT group scheduling). The kernel keeps one FIFO
/// list per priority; here one vector holds them all in pick order (best priority first, FIFO
/// within a priority). The running RT task stays in it, as in the kernel.
struct RtRq {
    std::vector<Task*> queue;
    bool queued = true; ///< rt_queued: its tasks count in rq.nrRunning (false while throttled)
    bool throttled = false;
    SimTime rtTime;              ///< RT run time in the current period (rt_rq->rt_time)
    SimTime runtime;             ///< this CPU's budget per period (rt_rq->rt_runtime; borrowing moves it)
    SimTime execTotal;           ///< every nanosecond RT tasks have run here (the fair server reads it)
    uint32_t distributePrev = 0; ///< cpumask_any_and_distribute's rotation, per CPU

    uint32_t nrRunning() const { return static_cast<uint32_t>(queue.size()); }
};

/// The CPU's fair deadline server (v6.12, fair_server): a deferred 50 ms / 1 s reservation that
/// runs fair tasks above the RT class when RT has starved them for most of a period.
struct FairServerState {
    enum class State : uint8_t { Off, Deferred, Serving, Throttled };
    State state = State::Off;
    bool deferRunning = false; ///< dl_defer_running: starved last period, so this one is not deferred
    SimTime periodStart;       ///< the deadline is periodStart + period
    SimTime rtExecAtStart;     ///< RtRq::execTotal at periodStart
    uint32_t gen = 0;          ///< only the FairServer event carrying this generation is live
};

/// One CPU's runqueue and its time accounting.
///
/// CPU time is classified by a cursor: everything before `cursor` is known to be task time,
/// kernel overhead or idle. Kernel work charged to the CPU pushes the cursor into the future;
/// the current task only makes progress after it.
struct Rq {
    uint32_t cpu = 0;
    CfsRq cfs;
    RtRq rt;
    FairServerState fairServer;
    Task* curr = nullptr;
    uint32_t nrRunning = 0; ///< tasks of every class on this runqueue, the current one included

    SimTime cursor;
    SimTime pendingExec; ///< current task's time (user + system) not yet passed to update_curr
    SimTime busy;
    SimTime idle;
    SimTime overhead;
    uint64_t nrSwitches = 0;

    uint32_t resumeGen = 0;    ///< only the CpuResume event carrying this generation is live
    bool resumeArmed = false;  ///< a live CpuResume event is pending
    bool reschedArmed = false; ///< a Resched event is pending (a wakeup's switch waits for the cursor)
    bool tickArmed = false;
    SimTime idleStamp; ///< when the CPU last went idle (0 = not idle since the last wakeup)
    bool idleStampSet = false;
    SimTime avgIdle = SimTime::us(1000);           ///< 2 x sched_migration_cost initially
    SimTime maxIdleBalanceCost = SimTime::us(500); ///< sched_migration_cost initially
    uint32_t capacity = 1024;

    // Load balancing (per CPU, as the kernel keeps it).
    std::vector<DomainState> domains;  ///< by topology level index
    int64_t nextBalance = 0;           ///< jiffies
    std::array<uint64_t, 5> cpuLoad{}; ///< cpu_load[] decayed load indices
    int64_t lastLoadUpdateTick = 0;    ///< jiffies
    bool nohzIdle = false;             ///< idle with the tick stopped
    bool nohzKick = false;             ///< NOHZ_BALANCE_KICK pending
    bool activeBalance = false;        ///< a stopper push is pending
    bool picking = false;              ///< inside schedule() choosing the next task
    bool needResched = false;          ///< EEVDF: the current task's slice ended (resched_curr)
    /// Why the next schedule() preempts curr, if it does: the first rule that asked since the last.
    PreemptRule reschedRule = PreemptRule::None;
    /// cfs_tasks: the runqueue's tasks, most recently picked or enqueued first.
    Task* cfsTasksHead = nullptr;
    Task* cfsTasksTail = nullptr;

    // The trace slice being extended (merged until the CPU does something else).
    bool sliceOpen = false;
    Slice slice;
};

} // namespace core
