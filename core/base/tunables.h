#pragma once

#include "base/simtime.h"

#include <bit>
#include <cstdint>

namespace core {

/// Fair-class tunables, scaled like the kernel's SCHED_TUNABLESCALING_LOG: x (1 + log2(min(ncpus, 8))).
struct Tunables {
    SimTime baseSlice = SimTime::us(750); ///< EEVDF sysctl_sched_base_slice (v6.6+)
    SimTime latency = SimTime::us(6000);
    SimTime minGranularity = SimTime::us(750);
    SimTime wakeupGranularity = SimTime::us(1000);
    uint32_t nrLatency = 8;
    SimTime migrationCost = SimTime::us(500);
    uint32_t nrMigrate = 32;
    // The RT class and the fair deadline server (not scaled by the CPU count).
    SimTime rrTimeslice = SimTime::ms(100); ///< RR_TIMESLICE (sched_rr_timeslice_ms)
    SimTime rtPeriod = SimTime::ms(1000);   ///< sched_rt_period_us
    SimTime rtRuntime = SimTime::ms(950);   ///< sched_rt_runtime_us
    SimTime fairServerRuntime = SimTime::ms(50);
    SimTime fairServerPeriod = SimTime::ms(1000);

    /// `baseSlice`: the model's sysctl_sched_base_slice before scaling (0.75 ms; 0.70 ms since v6.15).
    static Tunables forCpus(uint32_t nrCpus, SimTime baseSlice = SimTime::us(750)) {
        Tunables t;
        t.baseSlice = baseSlice;
        const uint32_t n = nrCpus < 8 ? nrCpus : 8;
        const int64_t factor = 1 + (31 - std::countl_zero(n | 1u));
        t.latency = t.latency * factor;
        t.minGranularity = t.minGranularity * factor;
        t.wakeupGranularity = t.wakeupGranularity * factor;
        t.baseSlice = t.baseSlice * factor;
        return t;
    }
};

} // namespace core
