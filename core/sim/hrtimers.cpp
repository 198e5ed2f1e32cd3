#include "sim/hrtimers.h"

#include <algorithm>

namespace core {

void Hrtimers::arm(uint32_t cpu, SimTime soft, SimTime hard, uint32_t slot, uint32_t id,
                   EventQueue::Handle handle) {
    if (cpu >= m_queues.size())
        m_queues.resize(cpu + 1);
    std::vector<Timer>& q = m_queues[cpu];
    q.push_back(Timer{soft, hard, m_seq++, slot, id, handle});
    std::push_heap(q.begin(), q.end(), later);
}

void Hrtimers::pop(std::vector<Timer>& q) {
    std::pop_heap(q.begin(), q.end(), later);
    q.pop_back();
}

} // namespace core
