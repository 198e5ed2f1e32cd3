#pragma once

// The machine a recording ran on, as a scenario without tasks: what the views draw a recording
// on (ImportedTrace::machine) and what its workload replays on (import/workloadscenario.h). Built
// here once, as a spec; text is written only where a scenario is printed.

#include "scenario/scenariospec.h"

#include <optional>
#include <string>
#include <vector>

namespace core {

struct TracedMachine {
    /// The topology, the kernel's model and tick, the recorded cgroups with their ancestors and
    /// the optimizations the model fixes; no name, duration, tasks or channels.
    ScenarioSpec spec;
    /// Why the recorded cgroups are left out (a path the scenario format refuses: the records'
    /// cgroup ids index the whole list, so it is all or nothing), or "" when they are in.
    std::string cgroupProblem;
};

/// `cpus`: how many CPUs the recording shows. Without a host, they are single-thread cores of one
/// socket (a recording does not say which CPUs share a core or a cache); with one (a
/// `schedscope-cli host` file, loaded), its topology, kernel model and tick. `model`, when
/// given, replaces the model.
TracedMachine tracedMachine(size_t cpus, const std::vector<std::string>& cgroupPaths,
                            const ScenarioSpec* host = nullptr, std::optional<KernelModel> model = {});

/// Why a recorded cgroup path cannot be a scenario cgroup (the validator's path rule, or bytes
/// that are not UTF-8 text), or empty.
std::string recordedCgroupProblem(const std::string& path);

} // namespace core
