#include "base/eventqueue.h"

#include <cassert>

namespace core {

EventQueue::Handle EventQueue::push(SimTime at, const Event& ev) {
    assert(at.count() >= m_lastPopped && "event scheduled in the past");
    uint32_t slot;
    if (!m_freeSlots.empty()) {
        slot = m_freeSlots.back();
        m_freeSlots.pop_back();
    } else {
        slot = static_cast<uint32_t>(m_generation.size());
        m_generation.push_back(0);
        m_live.push_back(0);
    }
    m_live[slot] = 1;
    ++m_liveCount;
    insert(Entry{at.count(), m_nextSeq++, ev, slot, m_generation[slot]});
    return {slot, m_generation[slot]};
}

void EventQueue::post(SimTime at, const Event& ev) {
    assert(at.count() >= m_lastPopped && "event scheduled in the past");
    ++m_posted;
    insert(Entry{at.count(), m_nextSeq++, ev, kNoSlot, 0});
}

void EventQueue::postLast(SimTime at, const Event& ev) {
    assert(at.count() >= m_lastPopped && "event scheduled in the past");
    ++m_posted;
    insert(Entry{at.count(), m_nextSeq++ | kLastBit, ev, kNoSlot, 0});
}

void EventQueue::insert(const Entry& e) {
    if (m_hole) {
        // The popped root's place: the new entry goes in from the top.
        m_hole = false;
        siftDownFromRoot(e);
        return;
    }
    // Sift up with a hole: one write per level.
    size_t i = m_heap.size();
    m_heap.push_back(e);
    while (i > 0) {
        const size_t parent = (i - 1) / 2;
        if (!before(e, m_heap[parent]))
            break;
        m_heap[i] = m_heap[parent];
        i = parent;
    }
    m_heap[i] = e;
}

void EventQueue::releaseSlot(uint32_t slot) {
    m_live[slot] = 0;
    ++m_generation[slot]; // stale handles and heap entries stop matching
    m_freeSlots.push_back(slot);
    --m_liveCount;
}

bool EventQueue::cancel(Handle h) {
    if (!pending(h))
        return false;
    releaseSlot(h.slot);
    return true;
}

void EventQueue::popTop() {
    const Entry last = m_heap.back();
    m_heap.pop_back();
    if (m_heap.empty())
        return;
    siftDownFromRoot(last);
}

void EventQueue::siftDownFromRoot(const Entry& last) {
    // Sift down from the root, with a hole: one write per level.
    const size_t n = m_heap.size();
    size_t i = 0;
    while (true) {
        size_t c = 2 * i + 1;
        if (c >= n)
            break;
        if (c + 1 < n && before(m_heap[c + 1], m_heap[c]))
            ++c;
        if (!before(m_heap[c], last))
            break;
        m_heap[i] = m_heap[c];
        i = c;
    }
    m_heap[i] = last;
}

void EventQueue::dropCancelled() {
    closeHole();
    while (!m_heap.empty() && stale(m_heap.front()))
        popTop();
}

EventQueue::Popped EventQueue::pop() {
    dropCancelled();
    assert(!m_heap.empty());
    const Entry& top = m_heap.front();
    Popped out{SimTime::ns(top.time), top.event};
    if (top.slot == kNoSlot)
        --m_posted;
    else
        releaseSlot(top.slot);
    m_lastPopped = top.time;
    m_hole = true;
    return out;
}

void EventQueue::clear() {
    closeHole();
    for (const Entry& e : m_heap)
        if (e.slot != kNoSlot && !stale(e))
            releaseSlot(e.slot);
    m_heap.clear();
    m_posted = 0;
}

} // namespace core
