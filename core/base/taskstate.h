#pragma once

#include <cstdint>

namespace core {

/// Task states as the kernel distinguishes them (for PSI: sleeping is not a stall).
enum class TaskState : uint8_t { New, Running, Runnable, Sleeping, IoWait, MemStall, Dead };
const char* taskStateName(TaskState s);

/// A task's scheduling policy (sched_setscheduler). The fair class runs OTHER (SCHED_NORMAL),
/// BATCH and IDLE; FIFO and RR belong to the RT class, which is not simulated yet.
enum class SchedPolicy : uint8_t { Other, Batch, Idle, Fifo, Rr };
const char* schedPolicyName(SchedPolicy p);

/// Why a sleeping task sleeps.
enum class BlockReason : uint8_t { None, Timer, ChannelRecv, ChannelSend, Children };

} // namespace core
