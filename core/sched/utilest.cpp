// util_est_update() of v6.6 (enqueued and ewma, UTIL_EST_FASTUP) and of v6.8+ (one value, not
// lowered when the task spent its time waiting rather than running). The sample is taken as
// the task goes to sleep; a sample is taken only once between two PELT updates of the task.
#include "sched/utilest.h"

#include <algorithm>

namespace core::utilest {

namespace {

bool withinMargin(int64_t value) {
    return value > -static_cast<int64_t>(kMargin) && value < kMargin;
}

void updateEnqueuedEwma(UtilEst& ue, uint64_t util, uint64_t capacity) {
    if (ue.enqueued & kUnchanged)
        return;
    const int64_t lastEnqueued = ue.enqueued;
    ue.enqueued = static_cast<uint32_t>(std::min<uint64_t>(util, ~kUnchanged));
    if (ue.ewma < ue.enqueued) { // UTIL_EST_FASTUP: an increase is taken at once
        ue.ewma = ue.enqueued;
    } else {
        const int64_t ewmaDiff = static_cast<int64_t>(ue.enqueued) - ue.ewma;
        if (withinMargin(ewmaDiff)) {
            // Close to the average: keep the average; the last value only if it moved.
            if (withinMargin(lastEnqueued - static_cast<int64_t>(ue.enqueued))) {
                ue.enqueued = static_cast<uint32_t>(lastEnqueued);
                return;
            }
        } else if (util > capacity) {
            ue.enqueued = static_cast<uint32_t>(lastEnqueued);
            return; // a sample above the CPU's capacity says nothing about the task
        } else {
            // ewma = (4 * ewma + (sample - ewma)) / 4, in the kernel's integer steps.
            ue.ewma = static_cast<uint32_t>(((static_cast<int64_t>(ue.ewma) << kWeightShift) + ewmaDiff) >>
                                            kWeightShift);
        }
    }
    ue.enqueued |= kUnchanged;
}

/// `capped`: a sample above the CPU's capacity is dropped (until v6.16 "Allow decaying util_est
/// when util_avg > CPU capacity").
void updateSingle(UtilEst& ue, uint64_t util, uint64_t runnable, uint64_t capacity, bool capped) {
    uint32_t ewma = ue.ewma;
    if (ewma & kUnchanged)
        return;
    const uint64_t dequeued = util;
    if (ewma <= dequeued) {
        ewma = static_cast<uint32_t>(std::min<uint64_t>(dequeued, ~kUnchanged));
    } else {
        const uint32_t diff = ewma - static_cast<uint32_t>(dequeued);
        if (diff >= kMargin) {
            if (capped && dequeued > capacity)
                return;
            // Time spent waiting to run lowers util_avg without the task being smaller: a
            // sample well below its runnable_avg leaves the average alone.
            if (dequeued + kMargin >= runnable)
                ewma = ((ewma << kWeightShift) - diff) >> kWeightShift;
        }
    }
    ue.ewma = ewma | kUnchanged;
}

} // namespace

UtilEstKind kindOf(KernelModel model) {
    switch (model) {
    case KernelModel::V4_11:
        return UtilEstKind::None;
    case KernelModel::V6_6:
        return UtilEstKind::EnqueuedEwma;
    case KernelModel::V6_12:
        return UtilEstKind::Single;
    case KernelModel::V6_18:
        return UtilEstKind::SingleUncapped;
    }
    return UtilEstKind::None;
}

uint32_t taskEstimate(const UtilEst& ue, UtilEstKind kind) {
    switch (kind) {
    case UtilEstKind::EnqueuedEwma:
        return std::max(ue.ewma, ue.enqueued & ~kUnchanged);
    case UtilEstKind::Single:
    case UtilEstKind::SingleUncapped:
        return ue.ewma & ~kUnchanged;
    case UtilEstKind::None:
        break;
    }
    return 0;
}

void update(UtilEst& ue, UtilEstKind kind, uint64_t util, uint64_t runnable, uint64_t capacity) {
    switch (kind) {
    case UtilEstKind::EnqueuedEwma:
        return updateEnqueuedEwma(ue, util, capacity);
    case UtilEstKind::Single:
        return updateSingle(ue, util, runnable, capacity, true);
    case UtilEstKind::SingleUncapped:
        return updateSingle(ue, util, runnable, capacity, false);
    case UtilEstKind::None:
        break;
    }
}

} // namespace core::utilest
