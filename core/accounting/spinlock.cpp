#include "accounting/spinlock.h"

#include <algorithm>

namespace core {

SimSpinlock::Grant SimSpinlock::acquire(SimTime at, uint32_t cpu, SimTime hold, const CostModel& costs) {
    while (!m_granted.empty() && m_granted.front() <= at)
        m_granted.pop_front();
    const int64_t waiters = static_cast<int64_t>(m_granted.size());
    const SimTime start = std::max(at, m_freeAt);
    Grant g;
    g.spin = start - at;
    if (m_lastHolder >= 0 && m_lastHolder != static_cast<int64_t>(cpu))
        g.handover = costs[CostOp::LockHandover] + costs[CostOp::LockHandoverPerWaiter] * waiters;
    m_freeAt = start + g.handover + hold;
    if (start > at)
        m_granted.push_back(start);
    m_lastHolder = cpu;
    return g;
}

} // namespace core
