#pragma once

// A scenario moved to another machine (Compare A/B's "Machine from Host File" on one side; the
// host files `schedscope-cli host` writes): its tasks, cgroups and timeline kept, the topology
// replaced.

#include "scenario/scenariospec.h"

#include <string>

namespace core {

/// Replaces `spec`'s topology with `topology`. Every CPU list in the scenario (task and cgroup
/// affinity, forked children, timeline entries) must name CPUs the new machine has; otherwise
/// `spec` is left as it was and the returned text names the first list that does not fit.
std::string moveToTopology(ScenarioSpec& spec, const TopologySpec& topology);

} // namespace core
