#pragma once

// A running task's scheduling attributes, read as `schedscope-cli record` needs them
// (docs/record-replay.md, "The record folder"): sched_getattr (policy, nice, rt priority),
// sched_getaffinity (its CPUs), /proc/PID/task/TID/timerslack_ns and its cgroup v2 path.

#include "import/traceobserver.h"

#include <sys/types.h>

#include <optional>
#include <string>
#include <vector>

namespace core {

struct LiveAttributes {
    TaskAttributes attributes;
    std::string cgroup; ///< its cgroup v2 path ("" when not readable)
};

/// `tid`'s attributes now; nullopt when it has gone (or cannot be read: `why` says so). A
/// SCHED_DEADLINE task reads as fifo 99, its nearest, with `why` saying so.
std::optional<LiveAttributes> readLiveAttributes(pid_t tid, std::string* why = nullptr);

/// Every thread of the machine now (/proc/PID/task/TID), ascending.
std::vector<pid_t> liveThreads();

/// The threads of process `pid` now.
std::vector<pid_t> threadsOf(pid_t pid);

} // namespace core
