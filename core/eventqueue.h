#pragma once

#include "simtime.h"

#include <cstdint>
#include <vector>

namespace core {

/// What an event carries: a kind the owner interprets and two operands.
struct Event {
    uint32_t kind = 0;
    uint32_t a = 0;
    uint64_t b = 0;
};

/// Pending events ordered by (time, insertion sequence): ties break by insertion order, so a
/// run is deterministic. Events can be cancelled in O(log n) through their handle.
/// Popping an event earlier than the last popped one is impossible by construction; pushing
/// one is a logic error and asserted.
class EventQueue {
public:
    struct Handle {
        uint32_t slot = UINT32_MAX;
        uint32_t generation = 0;
        bool valid() const { return slot != UINT32_MAX; }
    };

    Handle push(SimTime at, const Event& ev);
    /// Removes a pending event; returns false if it already fired or was cancelled.
    bool cancel(Handle h);
    bool pending(Handle h) const;

    bool empty() const { return m_heap.empty(); }
    size_t size() const { return m_heap.size(); }
    SimTime nextTime() const { return SimTime::ns(m_heap.front().time); }
    /// Time of the last popped event (the simulation's present as far as the queue knows).
    SimTime lastPopped() const { return SimTime::ns(m_lastPopped); }

    struct Popped {
        SimTime time;
        Event event;
    };
    Popped pop();

    void clear();

private:
    struct Entry {
        int64_t time;
        uint64_t seq;
        uint32_t slot;
    };
    struct Slot {
        uint32_t heapPos;
        uint32_t generation;
        Event event;
    };
    static bool before(const Entry& x, const Entry& y) {
        return x.time < y.time || (x.time == y.time && x.seq < y.seq);
    }
    void siftUp(size_t i);
    void siftDown(size_t i);
    void place(size_t i, const Entry& e) {
        m_heap[i] = e;
        m_slots[e.slot].heapPos = static_cast<uint32_t>(i);
    }
    void removeAt(size_t i);

    std::vector<Entry> m_heap;
    std::vector<Slot> m_slots;
    std::vector<uint32_t> m_freeSlots;
    uint64_t m_nextSeq = 0;
    int64_t m_lastPopped = 0;
};

} // namespace core
