#include "eventqueue.h"

#include <cassert>

namespace core {

namespace {
constexpr uint32_t kNotInHeap = UINT32_MAX;
}

EventQueue::Handle EventQueue::push(SimTime at, const Event& ev) {
    assert(at.count() >= m_lastPopped && "event scheduled in the past");
    uint32_t slot;
    if (!m_freeSlots.empty()) {
        slot = m_freeSlots.back();
        m_freeSlots.pop_back();
    } else {
        slot = static_cast<uint32_t>(m_slots.size());
        m_slots.push_back({kNotInHeap, 0, {}});
    }
    m_slots[slot].event = ev;
    m_heap.push_back({});
    place(m_heap.size() - 1, {at.count(), m_nextSeq++, slot});
    siftUp(m_heap.size() - 1);
    return {slot, m_slots[slot].generation};
}

bool EventQueue::pending(Handle h) const {
    return h.valid() && h.slot < m_slots.size() && m_slots[h.slot].generation == h.generation &&
           m_slots[h.slot].heapPos != kNotInHeap;
}

bool EventQueue::cancel(Handle h) {
    if (!pending(h))
        return false;
    removeAt(m_slots[h.slot].heapPos);
    return true;
}

EventQueue::Popped EventQueue::pop() {
    assert(!m_heap.empty());
    const Entry top = m_heap.front();
    Popped out{SimTime::ns(top.time), m_slots[top.slot].event};
    removeAt(0);
    m_lastPopped = top.time;
    return out;
}

void EventQueue::removeAt(size_t i) {
    const uint32_t slot = m_heap[i].slot;
    Slot& s = m_slots[slot];
    s.heapPos = kNotInHeap;
    ++s.generation; // stale handles stop matching
    m_freeSlots.push_back(slot);
    const Entry last = m_heap.back();
    m_heap.pop_back();
    if (i == m_heap.size())
        return;
    place(i, last);
    if (i > 0 && before(m_heap[i], m_heap[(i - 1) / 2]))
        siftUp(i);
    else
        siftDown(i);
}

void EventQueue::siftUp(size_t i) {
    const Entry e = m_heap[i];
    while (i > 0) {
        size_t parent = (i - 1) / 2;
        if (!before(e, m_heap[parent]))
            break;
        place(i, m_heap[parent]);
        i = parent;
    }
    place(i, e);
}

void EventQueue::siftDown(size_t i) {
    const Entry e = m_heap[i];
    const size_t n = m_heap.size();
    while (true) {
        size_t child = 2 * i + 1;
        if (child >= n)
            break;
        if (child + 1 < n && before(m_heap[child + 1], m_heap[child]))
            ++child;
        if (!before(m_heap[child], e))
            break;
        place(i, m_heap[child]);
        i = child;
    }
    place(i, e);
}

void EventQueue::clear() {
    for (const Entry& e : m_heap) {
        m_slots[e.slot].heapPos = kNotInHeap;
        ++m_slots[e.slot].generation;
        m_freeSlots.push_back(e.slot);
    }
    m_heap.clear();
}

} // namespace core
