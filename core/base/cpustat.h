#pragma once

#include "base/simtime.h"

#include <cstdint>

namespace core {

/// A task group's cpu.stat bandwidth figures, as the kernel counts them.
struct CpuStat {
    uint64_t nrPeriods = 0;   ///< period timer expiries while the limit was active
    uint64_t nrThrottled = 0; ///< periods that ended with a queue of the group throttled
    SimTime throttledTime;    ///< summed over CPUs: throttle to unthrottle of each queue
    uint64_t nrBursts = 0;    ///< periods in which more than a quota was taken from the pool
    SimTime burstTime;        ///< what was taken beyond the quota in those periods
};

} // namespace core
