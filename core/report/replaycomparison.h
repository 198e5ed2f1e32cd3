#pragma once

// A recording beside its replay (schedscope-cli replay; docs/record-replay.md): the recorded
// workload and the simulation of the scenario import-trace wrote for it, compared per command.

#include "report/summary.h"

#include <string>
#include <vector>

namespace core {

/// One command's (comm's) figures in a run: its tasks together.
struct CommandFigures {
    std::string comm;
    uint32_t tasks = 0;
    SimTime runtime, span; ///< span: from its first task's start to its last task's end
    uint64_t switches = 0, migrations = 0;
    LatencyHistogram latency;
};

struct CommandComparison {
    CommandFigures real, simulated;
};

/// The commands of the recording that the simulation has (its tasks carry the recorded pids),
/// real beside simulated, in order of recorded CPU time; the last entry is the whole workload
/// ("all tasks").
std::vector<CommandComparison> compareCommands(const RunSummary& real, const RunSummary& simulated);

/// The table `replay` prints: per command, recorded and simulated, and the relative difference.
std::string replayTable(const RunSummary& real, const RunSummary& simulated, const std::string& model,
                        const std::vector<std::string>& notes);

/// {"real": SUMMARY, "simulated": SUMMARY, "commands": [...]}: the summaries in run's JSON schema,
/// then compareCommands as {"command", "real": FIGURES, "simulated": FIGURES} with FIGURES
/// {"tasks", "runtime_ns", "switches", "migrations", "span_ns", "waits", "wait_p50_ns",
/// "wait_p99_ns"}.
std::string replayJson(const RunSummary& real, const RunSummary& simulated);

} // namespace core
