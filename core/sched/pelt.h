#pragma once

#include "sched/utilest.h"

#include <cstdint>

namespace core {

/// Per-entity load tracking (PELT) state, v4.15 layout: geometric series over 1024 us
/// periods with y^32 = 1/2, integer arithmetic as in the kernel.
struct PeltAvg {
    uint64_t lastUpdate = 0; ///< ns, multiple of 1024; 0 = never attached (new or migrated)
    uint64_t loadSum = 0;
    uint64_t runnableLoadSum = 0;
    uint64_t utilSum = 0;
    uint32_t periodContrib = 0;
    uint64_t loadAvg = 0;
    uint64_t runnableLoadAvg = 0;
    uint64_t utilAvg = 0;
    UtilEst utilEst; ///< a task's estimate (sched/utilest.h); unused by queues and groups
};

namespace pelt {

inline constexpr uint32_t kLoadAvgPeriod = 32;
inline constexpr uint32_t kLoadAvgMax = 47742;
inline constexpr uint32_t kCapacityScale = 1024;

/// val * y^n, with y^32 = 1/2.
uint64_t decayLoad(uint64_t val, uint64_t n);

/// Adds `contrib` us of this state to the sums (no decay: within one period).
inline void accumulate(PeltAvg& sa, uint64_t contrib, uint64_t load, uint64_t runnable, bool running) {
    if (load)
        sa.loadSum += load * contrib;
    if (runnable)
        sa.runnableLoadSum += runnable * contrib;
    if (running)
        sa.utilSum += contrib * kCapacityScale;
}

/// Accumulates the sums up to `now` (ns). `load` and `runnable` are the weights while
/// runnable (0 when blocked); `running` whether the entity is on the CPU. Returns true when at
/// least one 1024 us period boundary was crossed (the averages then need recomputing).
bool updateSumSlow(PeltAvg& sa, uint64_t now, uint64_t load, uint64_t runnable, bool running);
inline bool updateSum(PeltAvg& sa, uint64_t now, uint64_t load, uint64_t runnable, bool running) {
    if (now < sa.lastUpdate)
        return updateSumSlow(sa, now, load, runnable, running);
    // Most calls land within the 1024 ns the sums were last brought to (every level of every
    // walk asks again at the same instant): nothing to do, and no call for it.
    const uint64_t delta = (now - sa.lastUpdate) >> 10;
    if (delta == 0)
        return false;
    // Most of the rest stay within the current 1024 us period: no decay, no call either.
    if (delta + sa.periodContrib >= 1024)
        return updateSumSlow(sa, now, load, runnable, running);
    sa.lastUpdate += delta << 10;
    sa.periodContrib += static_cast<uint32_t>(delta);
    accumulate(sa, delta, load, runnable, running);
    return false;
}

/// Recomputes the averages from the sums: avg = weight * sum / divider.
void updateAvg(PeltAvg& sa, uint64_t load, uint64_t runnable);

/// A task's runnable_avg as v5.7+ keeps it: the share of recent time it was runnable, of 1024.
/// The v4.15 layout's runnable sum of a task counts time (its weight enters only the average),
/// so the value follows from it.
inline uint64_t taskRunnableAvg(const PeltAvg& sa) {
    return (sa.runnableLoadSum << 10) / (kLoadAvgMax - 1024 + sa.periodContrib);
}

} // namespace pelt
} // namespace core
