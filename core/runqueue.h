#pragma once

#include "eventqueue.h"
#include "schedentity.h"
#include "simtime.h"
#include "trace.h"

#include <cstdint>
#include <vector>

namespace core {

struct Task;

/// Per-CPU balancing state for one sched-domain level (the kernel keeps it in struct
/// sched_domain, which is per CPU).
struct DomainState {
    uint32_t balanceIntervalMs = 1;
    uint32_t nrBalanceFailed = 0;
    SimTime lastBalance;
    SimTime maxNewidleLbCost;
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
    SimTime idleStamp; ///< when the CPU last went idle
    SimTime avgIdle;
    uint32_t capacity = 1024;

    std::vector<DomainState> domains; ///< by topology level index
    SimTime nextBalance;

    // The trace slice being extended (merged until the CPU does something else).
    bool sliceOpen = false;
    Slice slice;
};

} // namespace core
