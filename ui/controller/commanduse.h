#pragma once

#include "controller/format.h"

#include <cstdint>
#include <map>
#include <string>

namespace ui {

class History;

/// One command's share of a run up to some time: its tasks together.
struct CommandUse {
    SimNs cpu = 0;            ///< CPU time, kernel work on the tasks' behalf included
    uint64_t switchesOut = 0; ///< times one of its tasks was switched out
    uint32_t tasks = 0;       ///< tasks that ran
};

/// Per command (core::commandOf the task's name, so that a recording's "comm" and its
/// simulation's "comm-pid" line up), from what a History holds up to `t`.
struct CommandUseTable {
    std::map<std::string, CommandUse> byCommand;
    /// The time from which the table is whole: later than the run's start where the history
    /// dropped its finest detail (compaction), whose part is then missing.
    SimNs from = 0;
};

/// Reads every CPU's finest lane level and the switch records up to `t`: O(what is held).
CommandUseTable commandUseUntil(const History& h, SimNs t);

} // namespace ui
