#pragma once

#include <cstdint>

namespace core {

/// Task states as the kernel distinguishes them (for PSI: sleeping is not a stall).
enum class TaskState : uint8_t { New, Running, Runnable, Sleeping, IoWait, MemStall, Dead };
const char* taskStateName(TaskState s);

/// A task's scheduling policy (sched_setscheduler). The fair class runs OTHER (SCHED_NORMAL),
/// BATCH and IDLE; the RT class runs FIFO and RR (docs/rt.md).
enum class SchedPolicy : uint8_t { Other, Batch, Idle, Fifo, Rr };
const char* schedPolicyName(SchedPolicy p);
inline bool rtPolicy(SchedPolicy p) {
    return p == SchedPolicy::Fifo || p == SchedPolicy::Rr;
}

/// Why a sleeping task sleeps.
enum class BlockReason : uint8_t { None, Timer, ChannelRecv, ChannelSend, Children };

} // namespace core
