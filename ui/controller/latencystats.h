#pragma once

#include "base/latency.h"
#include "controller/format.h"

#include <cstdint>
#include <string>
#include <vector>

namespace ui {

class History;

/// Runnable-to-running waits read back from a run's switch records (a simulation's or an
/// imported trace's), per task and per cgroup: what `perf sched latency` and `perf sched
/// timehist` show. Each switch in of a task is one wait, from its `nextRunnableSince` (its
/// wakeup, or the moment it was preempted) to the switch.
/// One wait: whose, from when it became runnable to when it ran.
struct Wait {
    uint32_t task = 0;
    SimNs from = 0;
    SimNs to = 0;
    SimNs length() const { return to - from; }
};

struct LatencyRow {
    uint32_t id = 0;               ///< task id, or cgroup id
    std::string name;              ///< task name, or cgroup path
    core::LatencyHistogram all;    ///< every wait (perf sched latency's count)
    core::LatencyHistogram wakeup; ///< only those that follow a sleep (not a preemption)
    Wait longest;                  ///< the longest of `all` (the first of equal ones)
    Wait longestWakeup;            ///< the longest of `wakeup`
};

struct LatencyStats {
    enum class GroupBy { Task, Cgroup };
    std::vector<LatencyRow> rows; ///< by id
    SimNs from = 0, to = 0;       ///< the switches counted: time in [from, to)
    /// Whether the records before `from` were compacted away (the figures then start later).
    bool partial = false;
};

/// Reads the switch records in [from, to). Cgroups are the tasks' cgroups when they were created.
LatencyStats computeLatency(const History& h, LatencyStats::GroupBy by, SimNs from, SimNs to);

/// Time-weighted number of tasks waiting for a CPU in each of `bins` equal intervals of
/// [from, to), from the same records (only tasks in `ids` when it is not empty).
std::vector<double> runqueueDelay(const History& h, SimNs from, SimNs to, int bins,
                                  const std::vector<uint32_t>& taskIds = {});

} // namespace ui
