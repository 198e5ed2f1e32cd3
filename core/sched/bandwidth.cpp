#include "sched/bandwidth.h"

#include <algorithm>

namespace core::bandwidth {

void refill(CfsBandwidth& b, bool burst) {
    if (!b.max.limited())
        return;
    const int64_t quota = b.max.quota->count();
    if (!burst) {
        b.runtime = quota;
        return;
    }
    b.runtime += quota;
    // runtimeSnap - runtime: what was drawn beyond this refill's quota since the last one.
    if (const int64_t over = b.runtimeSnap - b.runtime; over > 0) {
        b.stat.burstTime += SimTime::ns(over);
        ++b.stat.nrBursts;
    }
    b.runtime = std::min(b.runtime, quota + b.max.burst.count());
    b.runtimeSnap = b.runtime;
}

bool assign(CfsBandwidth& b, int64_t& runtimeRemaining, int64_t target, bool& startTimer) {
    // runtimeRemaining <= 0 here, so this is a positive amount.
    const int64_t want = target - runtimeRemaining;
    int64_t amount = 0;
    startTimer = false;
    if (!b.max.limited()) {
        amount = want;
    } else {
        startTimer = true;
        if (b.runtime > 0) {
            amount = std::min(b.runtime, want);
            b.runtime -= amount;
            b.idle = false;
        }
    }
    runtimeRemaining += amount;
    return runtimeRemaining > 0;
}

} // namespace core::bandwidth
