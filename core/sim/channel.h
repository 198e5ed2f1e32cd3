#pragma once

#include "scenario/scenariospec.h"

#include <cstdint>
#include <deque>
#include <string>

namespace core {

struct Task;

/// A pipe or socket carrying whole messages between tasks, with blocking semantics:
/// a reader sleeps while it is empty, a writer while it is full.
struct Channel {
    std::string name;
    ChannelKind kind = ChannelKind::Pipe;
    uint32_t capacity = 16;
    uint32_t count = 0;        ///< messages buffered
    uint64_t sent = 0;         ///< messages written
    uint64_t received = 0;     ///< messages read: completed transfers
    std::deque<Task*> readers; ///< blocked readers, FIFO
    std::deque<Task*> writers; ///< blocked writers, FIFO
};

} // namespace core
