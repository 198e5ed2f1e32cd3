#pragma once

#include "reality/realityrun.h"
#include "report/summary.h"

#include <string>

namespace core {

/// The reality check's table: per task, per cgroup and per channel, the real figure beside the
/// simulated one and the relative difference (simulated - real) / real; then how the run was
/// made real, the /proc cross-checks and what the trace could not tell (docs/reality.md).
std::string realityTable(const RealityRun& run, const RunSummary& simulated, const std::string& model);

/// {"host": {...}, "real": SUMMARY, "simulated": SUMMARY}: both summaries in run's JSON schema.
std::string realityJson(const RealityRun& run, const RunSummary& simulated, const std::string& model);

} // namespace core
