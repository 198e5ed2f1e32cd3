#include "sched/schedentity.h"

namespace core {

SchedEntity* EntityHeap::second() const {
    if (m_heap.size() < 2)
        return nullptr;
    if (m_heap.size() == 2)
        return m_heap[1];
    return entityBefore(m_heap[1], m_heap[2]) ? m_heap[1] : m_heap[2];
}

void EntityHeap::insert(SchedEntity* se) {
    m_heap.push_back(se);
    put(m_heap.size() - 1, se);
    siftUp(m_heap.size() - 1);
}

void EntityHeap::erase(SchedEntity* se) {
    const size_t i = static_cast<size_t>(se->heapPos);
    se->heapPos = -1;
    SchedEntity* last = m_heap.back();
    m_heap.pop_back();
    if (i == m_heap.size())
        return;
    put(i, last);
    if (i > 0 && entityBefore(m_heap[i], m_heap[(i - 1) / 2]))
        siftUp(i);
    else
        siftDown(i);
}

void EntityHeap::siftUp(size_t i) {
    SchedEntity* se = m_heap[i];
    while (i > 0) {
        const size_t parent = (i - 1) / 2;
        if (!entityBefore(se, m_heap[parent]))
            break;
        put(i, m_heap[parent]);
        i = parent;
    }
    put(i, se);
}

void EntityHeap::siftDown(size_t i) {
    SchedEntity* se = m_heap[i];
    const size_t n = m_heap.size();
    while (true) {
        size_t c = 2 * i + 1;
        if (c >= n)
            break;
        if (c + 1 < n && entityBefore(m_heap[c + 1], m_heap[c]))
            ++c;
        if (!entityBefore(m_heap[c], se))
            break;
        put(i, m_heap[c]);
        i = c;
    }
    put(i, se);
}

} // namespace core
