#pragma once

#include "scenario/scenariospec.h"

#include <algorithm>
#include <cstdint>
#include <string>
#include <vector>

namespace core {

struct Task;

/// Tasks blocked on a channel, first come first served: a vector and a read position. A channel
/// rarely holds more than a few, and one nobody waits on costs nothing (a std::deque allocates
/// some 600 bytes as it is made, which a recording's 100,000 channels felt: record-replay.md).
class TaskFifo {
public:
    bool empty() const { return m_head == m_items.size(); }
    Task* front() const { return m_items[m_head]; }
    void push_back(Task* t) { m_items.push_back(t); }
    void pop_front() {
        if (++m_head == m_items.size()) {
            m_items.clear();
            m_head = 0;
        } else if (m_head >= 64 && 2 * m_head >= m_items.size()) { // never empty: drop the read part
            m_items.erase(m_items.begin(), m_items.begin() + static_cast<std::ptrdiff_t>(m_head));
            m_head = 0;
        }
    }
    /// Takes `t` out wherever it waits (a blocked task killed or moved).
    void remove(Task* t) {
        m_items.erase(std::remove(m_items.begin() + static_cast<std::ptrdiff_t>(m_head), m_items.end(), t),
                      m_items.end());
        if (empty()) {
            m_items.clear();
            m_head = 0;
        }
    }

private:
    std::vector<Task*> m_items;
    size_t m_head = 0;
};

/// A pipe or socket carrying whole messages between tasks, with blocking semantics:
/// a reader sleeps while it is empty, a writer while it is full. Who a transfer wakes differs
/// (Interpreter::transfer): a pipe wakes one partner per message; a socket wakes every blocked
/// reader on a write, and its blocked writers, all of them, once reads have drained it to a
/// quarter of its capacity.
struct Channel {
    std::string name;
    ChannelKind kind = ChannelKind::Pipe;
    uint32_t capacity = 16;
    uint32_t count = 0;    ///< messages buffered
    uint64_t sent = 0;     ///< messages written
    uint64_t received = 0; ///< messages read: completed transfers
    TaskFifo readers;      ///< blocked readers
    TaskFifo writers;      ///< blocked writers
};

} // namespace core
