#pragma once

#include <cstdint>

namespace core {

/// Task states as the kernel distinguishes them (for PSI: sleeping is not a stall).
enum class TaskState : uint8_t { New, Running, Runnable, Sleeping, IoWait, MemStall, Dead };
const char* taskStateName(TaskState s);

/// Why a sleeping task sleeps.
enum class BlockReason : uint8_t { None, Timer, ChannelRecv, ChannelSend, Children };

} // namespace core
