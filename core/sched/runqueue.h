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

/// One CPU's runqueue and its time accounting.
///
/// CPU time is classified by a cursor: everything before `cursor` is known to be task time,
/// kernel overhead or idle. Kernel work charged to the CPU pushes the cursor into the future;
/// the current task only makes progress after it.
struct Rq {
    uint32_t cpu = 0;
    CfsRq cfs;
    Task* curr = nullptr;
    uint32_t nrRunning = 0; ///< CFS tasks on this runqueue, the current one included

    SimTime cursor;
    SimTime pendingExec; ///< current task's time (user + system) not yet passed to update_curr
    SimTime busy;
    SimTime idle;
    SimTime overhead;
    uint64_t nrSwitches = 0;

    uint32_t resumeGen = 0;   ///< only the CpuResume event carrying this generation is live
    bool resumeArmed = false; ///< a live CpuResume event is pending
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
    /// cfs_tasks: the runqueue's tasks, most recently picked or enqueued first.
    Task* cfsTasksHead = nullptr;
    Task* cfsTasksTail = nullptr;

    // The trace slice being extended (merged until the CPU does something else).
    bool sliceOpen = false;
    Slice slice;
};

} // namespace core
