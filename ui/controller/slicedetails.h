#pragma once

#include "base/trace.h"
#include "controller/format.h"

#include <cstdint>
#include <optional>

namespace ui {

class History;

/// What the detail panel says about one run of a task on a CPU: from the context switch that
/// put it there to the one that took it off, read from the switch and migration records the
/// way `perf sched timehist` reads sched_switch and sched_migrate_task.
struct SliceDetails {
    uint32_t cpu = 0;
    uint32_t task = UINT32_MAX; ///< UINT32_MAX: kernel work on behalf of no task
    uint32_t cgroup = UINT32_MAX;
    SimNs start = 0;
    SimNs end = 0;
    bool stillRunning = false; ///< no switch out yet: `end` is the latest time known
    /// Switch records held for the whole run; false when older history was compacted (then
    /// start and end are those of the recorded slice and how it began or ended is unknown).
    bool exact = false;

    // How it began.
    std::optional<SimNs> runnableSince;  ///< woken or preempted at; the wait is start - this
    uint32_t switchedInFor = UINT32_MAX; ///< the task it replaced (UINT32_MAX: idle or stopper)

    // How it ended.
    core::TaskState endState = core::TaskState::Runnable; ///< Runnable = preempted
    core::BlockReason blockedOn = core::BlockReason::None;
    uint32_t channel = 0;           ///< channel index when blockedOn is a channel
    uint32_t nextTask = UINT32_MAX; ///< who got the CPU (UINT32_MAX: idle or stopper)
    /// The task's first migration after the run, before it ran again.
    std::optional<core::MigrationRecord> migratedAfter;
    /// When it next ran (anywhere), if it did within the history held.
    std::optional<SimNs> nextRun;
};

/// Describes the run on `cpu` covering time t; nullopt when the CPU was idle then.
std::optional<SliceDetails> describeSlice(const History& history, uint32_t cpu, SimNs t);

/// Describes the first run of `task` on `cpu` that begins at or after `from` (a migration's
/// time): found by the switch that puts it there, then its slice, which starts after the
/// kernel's switch work. nullopt when it has not run there since, within the history held.
std::optional<SliceDetails> describeRunAfter(const History& history, uint32_t cpu, uint32_t task, SimNs from);

} // namespace ui
