#pragma once

#include "controller/format.h"

#include <cstdint>
#include <functional>
#include <map>
#include <string>

namespace core {
struct RunSummary;
struct ScenarioSpec;
} // namespace core

namespace ui {

class History;

/// One command's share of a run over some time: its tasks together.
struct CommandUse {
    SimNs cpu = 0;            ///< CPU time, kernel work on the tasks' behalf included
    uint64_t switchesOut = 0; ///< times one of its tasks was switched out
    uint32_t tasks = 0;       ///< tasks that ran
};

/// Per command, from what a History holds over a stretch of time.
struct CommandUseTable {
    std::map<std::string, CommandUse> byCommand;
    /// The time from which the table is whole: later than the stretch's start where the history
    /// dropped its finest detail (compaction), whose part is then missing (`partial`).
    SimNs from = 0;
    bool partial = false;
};

/// The command a task of a History counts under.
using CommandOf = std::function<std::string(uint32_t task)>;

/// A recording's commands: each task's comm as recorded ("memfd:sealed-91" is a comm, not a
/// comm and a pid).
CommandOf recordedCommands(const History& h);
/// A simulation's commands. Of a recording's workload (`recording` the recorded summary): a
/// task with a recorded pid (its scenario task's `pid`) counts under the comm of the recorded
/// task with that pid whose comm its name starts with, as `replay` matches them
/// (report/replaycomparison); any other task under core::commandOf its name, which takes the
/// "-pid" off a simulated "comm-pid".
CommandOf simulatedCommands(const History& h, const core::ScenarioSpec& spec,
                            const core::RunSummary* recording = nullptr);

/// Reads every CPU's finest lane level and the switch records within [from, to): O(what is held).
CommandUseTable commandUseWithin(const History& h, SimNs from, SimNs to, const CommandOf& commandOf);

} // namespace ui
