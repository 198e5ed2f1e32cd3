#pragma once

// How late a sleeping thread on this host runs after its timer expires: the measurement
// cyclictest makes (clock_nanosleep to an absolute time, then read the clock), on one CPU,
// optionally beside a busy fair task on the same CPU. `calibrate` derives `timer_delivery` from
// it on an idle CPU; tst_reality compares the model with cyclictest beside a busy task.

#include <string>

namespace core {

struct TimerLatencyOptions {
    int cpu = 0;                ///< the CPU both threads are pinned to
    long periodUs = 1000;       ///< the interval between expiries (absolute, like cyclictest -i)
    double seconds = 1.0;       ///< how long to measure
    bool fifo = false;          ///< SCHED_FIFO priority 80 (cyclictest -p 80), else SCHED_OTHER
    bool busyNeighbour = false; ///< a fair busy loop on the same CPU while it measures
    /// Hold /dev/cpu_dma_latency at 0 while measuring, as cyclictest does: an idle CPU then
    /// polls instead of halting, so what is measured is the timer's way into a CPU that is not
    /// asleep (on a VM, a halted vCPU adds the host's wakeup of it). Needs root; without it the
    /// measurement runs anyway and `dmaLatencyHeld` says so.
    bool holdDmaLatencyZero = false;
};

struct TimerLatency {
    long samples = 0;
    double avgNs = 0;
    double medianNs = 0;
    double maxNs = 0;
    /// Without the samples of 1 ms or more: on a VM those are the host not running the vCPU
    /// (nothing in the guest keeps a SCHED_FIFO thread from a CPU that long).
    long over1ms = 0;
    double avgUnder1msNs = 0;
    bool dmaLatencyHeld = false;
};

/// Measures on this host. The sleeping thread's timer slack is set to 1 ns (a SCHED_OTHER
/// thread's default of 50 us would be measured otherwise). Throws std::runtime_error naming
/// the call that failed (SCHED_FIFO needs root or CAP_SYS_NICE).
TimerLatency measureTimerLatency(const TimerLatencyOptions& options);

} // namespace core
