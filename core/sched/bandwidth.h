#pragma once

#include "base/cpumax.h"
#include "base/cpustat.h"
#include "base/simtime.h"

#include <cstdint>
#include <deque>

namespace core {

struct CfsRq;

/// struct cfs_bandwidth: one task group's limit, its global runtime pool and period timer,
/// the queues waiting for runtime, and its statistics.
struct CfsBandwidth {
    CpuMax max;
    int64_t runtime = 0;     ///< the pool, ns
    int64_t runtimeSnap = 0; ///< the pool after the last refill (burst accounting)
    bool idle = false;       ///< no runtime was handed out since the last expiry
    bool timerActive = false;
    uint32_t timerGen = 0; ///< only the period event carrying this generation is live
    SimTime timerExpires;  ///< when the armed period timer fires
    bool slackPending = false;
    uint32_t slackGen = 0;
    std::deque<CfsRq*> throttled; ///< in the order distribution pays them
    CpuStat stat;
};

/// The pool arithmetic of kernel/sched/fair.c, free of queues and time.
namespace bandwidth {

/// sched_cfs_bandwidth_slice_us: what a CPU takes from the pool at a time.
inline constexpr int64_t kSliceNs = 5'000'000;
/// min_cfs_rq_runtime: what a queue that empties keeps of its local runtime.
inline constexpr int64_t kMinCfsRqRuntimeNs = 1'000'000;
/// cfs_bandwidth_slack_period: the delay before returned runtime is redistributed.
inline constexpr int64_t kSlackPeriodNs = 5'000'000;
/// min_bandwidth_expiration: no slack distribution this close to a refill.
inline constexpr int64_t kMinExpirationNs = 2'000'000;

/// __refill_cfs_bandwidth_runtime. With `burst` (v5.14+) the pool keeps unused runtime up to
/// quota + burst and counts a burst when more than a quota was drawn since the last refill;
/// before, the pool is simply reset to one quota.
void refill(CfsBandwidth& b, bool burst);

/// __assign_cfs_rq_runtime: moves runtime from the pool to a CPU's queue so that it holds
/// `target` ns (the whole request when unlimited). Returns true when the queue then has some.
/// `startTimer` is set when the kernel would start the period timer here.
bool assign(CfsBandwidth& b, int64_t& runtimeRemaining, int64_t target, bool& startTimer);

} // namespace bandwidth
} // namespace core
