#pragma once

#include "base/eventqueue.h"
#include "base/simtime.h"

#include <cstdint>
#include <vector>

namespace core {

/// Each CPU's queue of sleep timers (the kernel's hrtimer_cpu_base), for timer slack.
///
/// A sleep of d asks for a timer with a range: it may expire from its soft expiry (now + d) to
/// its hard one (that plus the task's timer slack; `nanosleep` of a fair task has 50 us by
/// default, of an RT task none). The CPU's clock event fires at the earliest hard expiry. Every
/// timer interrupt of the CPU (that one, or the tick's) runs the queued timers in order of hard
/// expiry for as long as their soft expiry has passed, and stops at the first one whose soft
/// expiry has not (`__hrtimer_run_queues`). So a sleep ends at its hard expiry, or earlier at
/// an interrupt that finds it due and nothing still early ahead of it.
///
/// The queue holds the timer's event handle: a timer whose event fired (at its hard expiry) or
/// was cancelled is dropped when it reaches the front.
class Hrtimers {
public:
    struct Timer {
        SimTime soft;
        SimTime hard;
        uint64_t seq = 0; ///< arming order: equal hard expiries run first armed, first run
        uint32_t slot = 0;
        uint32_t id = 0;
        EventQueue::Handle handle;
    };

    explicit Hrtimers(EventQueue& queue)
        : m_queue(queue) {}

    /// Queues the timer of a task's sleep on `cpu`; its event (posted by the caller at the hard
    /// expiry) is `handle`.
    void arm(uint32_t cpu, SimTime soft, SimTime hard, uint32_t slot, uint32_t id, EventQueue::Handle handle);

    /// A timer interrupt on `cpu` at `now`: calls expire(slot, id) for each timer it runs, after
    /// cancelling the timer's own event.
    template <class Expire>
    void interrupt(uint32_t cpu, SimTime now, Expire&& expire) {
        // (A timer's expiry can arm others, here or on another CPU, which may move the queues:
        // the queue is looked up afresh each time round.)
        while (cpu < m_queues.size() && !m_queues[cpu].empty()) {
            std::vector<Timer>& q = m_queues[cpu];
            const Timer t = q.front();
            if (!m_queue.pending(t.handle)) { // fired at its hard expiry, or cancelled
                pop(q);
                continue;
            }
            if (t.soft > now)
                break; // the timers behind it wait for their own interrupt
            pop(q);
            m_queue.cancel(t.handle);
            expire(t.slot, t.id);
        }
    }

private:
    static bool later(const Timer& a, const Timer& b) {
        return a.hard != b.hard ? a.hard > b.hard : a.seq > b.seq;
    }
    static void pop(std::vector<Timer>& q);

    EventQueue& m_queue;
    std::vector<std::vector<Timer>> m_queues; ///< per CPU (grown on first use): a min-heap on (hard, seq)
    uint64_t m_seq = 0;
};

} // namespace core
