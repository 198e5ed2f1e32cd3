#pragma once

#include "base/costs.h"
#include "base/simtime.h"

#include <cstdint>
#include <deque>

namespace core {

/// A spinlock shared by CPUs, in simulated time. Acquisitions are granted in the order the
/// engine processes them (FIFO, like a ticket lock). A CPU that finds the lock held spins until
/// it is free; taking the lock's cache line from another CPU costs a hand-over that grows with
/// the number of CPUs spinning on it (cache-line bouncing).
class SimSpinlock {
public:
    struct Grant {
        SimTime spin;     ///< time spent waiting for the lock
        SimTime handover; ///< cost of pulling the lock's cache line over
    };

    /// `cpu` wants the lock at time `at` and will hold it for `hold` once it has it.
    Grant acquire(SimTime at, uint32_t cpu, SimTime hold, const CostModel& costs);

private:
    SimTime m_freeAt;
    int64_t m_lastHolder = -1;
    std::deque<SimTime> m_granted; ///< grant times still in the future: CPUs spinning
};

} // namespace core
