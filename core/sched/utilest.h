#pragma once

#include "base/kernelmodel.h"

#include <cstdint>

namespace core {

/// util_est: what a task's utilisation was when it last went to sleep, smoothed, so that a task
/// that has just woken counts with the size it had rather than with a util_avg that decayed
/// while it slept. The v6 models' balancer and fork placement read it through cpu_util()
/// (docs/balancing.md, "util_est").
enum class UtilEstKind : uint8_t {
    None,           ///< no util_est (v4.11; it came in v4.17)
    EnqueuedEwma,   ///< v4.17-v6.7: `enqueued` (the last value) and `ewma`, with UTIL_EST_FASTUP
    Single,         ///< v6.8-v6.15: one smoothed value, not lowered while the task waited to run
    SingleUncapped, ///< v6.16+: the same, and a sample above the CPU's capacity is not dropped
};

/// A task's estimate (sched_avg.util_est). Under `Single` (and `SingleUncapped`) only `ewma` is
/// used. The flag utilest::kUnchanged sits in `enqueued` (EnqueuedEwma) or in `ewma` (Single).
struct UtilEst {
    uint32_t enqueued = 0;
    uint32_t ewma = 0;
};

namespace utilest {

/// Which util_est a kernel model has.
UtilEstKind kindOf(KernelModel model);

inline constexpr uint32_t kUnchanged = 0x80000000u; ///< UTIL_AVG_UNCHANGED: no PELT update since
inline constexpr uint32_t kMargin = 1024 / 100;     ///< UTIL_EST_MARGIN
inline constexpr uint32_t kWeightShift = 2;         ///< UTIL_EST_WEIGHT_SHIFT: the new sample weighs 1/4

/// _task_util_est(): what the task adds to its CPU's sum while it is enqueued.
uint32_t taskEstimate(const UtilEst& ue, UtilEstKind kind);

/// util_est_update() as the task goes to sleep. `util` is its util_avg, `runnable` its
/// runnable_avg (read only by Single), `capacity` the CPU's original capacity.
void update(UtilEst& ue, UtilEstKind kind, uint64_t util, uint64_t runnable, uint64_t capacity);

/// cfs_se_util_change(): PELT recomputed the task's averages, so the next sleep samples again.
inline void utilChanged(UtilEst& ue) {
    ue.enqueued &= ~kUnchanged;
    ue.ewma &= ~kUnchanged;
}

} // namespace utilest
} // namespace core
