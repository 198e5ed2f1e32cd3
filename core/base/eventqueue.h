#pragma once

#include "base/simtime.h"

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
/// run is deterministic. Events are cancelled through their handle: a cancelled event stays in
/// the heap but no longer matches its slot's generation and is discarded when it reaches the
/// top (lazy deletion keeps push and pop free of position bookkeeping). A pop leaves its slot
/// at the root as a hole that the next insert fills by sifting down (most events schedule the
/// next one: one sift instead of two); anything else that looks at the top closes it first.
/// Pushing an event earlier than the last popped one is a logic error and asserted.
class EventQueue {
public:
    struct Handle {
        uint32_t slot = UINT32_MAX;
        uint32_t generation = 0;
        bool valid() const { return slot != UINT32_MAX; }
    };

    /// Schedules an event that can be cancelled through the returned handle.
    Handle push(SimTime at, const Event& ev);
    /// Schedules an event that is never cancelled (cheaper: no handle bookkeeping). Owners
    /// that need to supersede such events put a generation number in the event instead.
    void post(SimTime at, const Event& ev);
    /// Like post, but the event comes after every other event at the same time, including
    /// ones pushed later (among such events, insertion order). Scenario timeline entries use
    /// it, so that they apply when everything else at their time is done, as a live command
    /// does (Engine::settle), and a saved session replays exactly.
    void postLast(SimTime at, const Event& ev);
    /// Removes a pending event; returns false if it already fired or was cancelled.
    bool cancel(Handle h);
    bool pending(Handle h) const {
        return h.valid() && h.slot < m_generation.size() && m_generation[h.slot] == h.generation &&
               m_live[h.slot];
    }

    bool empty() {
        dropCancelled();
        return m_heap.empty();
    }
    /// The time of the earliest live event, if any.
    bool peek(SimTime& at) {
        dropCancelled();
        if (m_heap.empty())
            return false;
        at = SimTime::ns(m_heap.front().time);
        return true;
    }
    /// Live (not cancelled) events.
    size_t size() const { return m_liveCount + m_posted; }
    SimTime nextTime() {
        dropCancelled();
        return SimTime::ns(m_heap.front().time);
    }
    /// Time of the last popped event (the simulation's present as far as the queue knows).
    SimTime lastPopped() const { return SimTime::ns(m_lastPopped); }

    struct Popped {
        SimTime time;
        Event event;
    };
    /// The earliest live event; the queue must not be empty.
    Popped pop();

    void clear();

private:
    struct Entry {
        int64_t time;
        uint64_t seq;
        Event event;
        uint32_t slot;
        uint32_t generation;
    };
    static bool before(const Entry& x, const Entry& y) {
        return x.time < y.time || (x.time == y.time && x.seq < y.seq);
    }
    static constexpr uint32_t kNoSlot = UINT32_MAX;
    static constexpr uint64_t kLastBit = uint64_t{1} << 63;
    bool stale(const Entry& e) const {
        return e.slot != kNoSlot && (m_generation[e.slot] != e.generation || !m_live[e.slot]);
    }
    void insert(const Entry& e);
    void dropCancelled();
    void popTop();
    /// Fills the root from position 0 down with e (the root's entry is gone).
    void siftDownFromRoot(const Entry& e);
    /// Closes the hole a pop left at the root.
    void closeHole() {
        if (m_hole) {
            m_hole = false;
            popTop();
        }
    }
    void releaseSlot(uint32_t slot);

    std::vector<Entry> m_heap;
    std::vector<uint32_t> m_generation; ///< per slot
    std::vector<uint8_t> m_live;        ///< per slot: holds a pending event
    std::vector<uint32_t> m_freeSlots;
    uint64_t m_nextSeq = 0;
    int64_t m_lastPopped = 0;
    size_t m_liveCount = 0;
    size_t m_posted = 0; ///< pending events without a slot
    bool m_hole = false; ///< m_heap[0] was popped and not yet replaced
};

} // namespace core
