#pragma once

// Specs written back as scenario text (docs/scenario-format.md): what the loader reads into an
// equal spec. import-trace builds a recorded workload as a ScenarioSpec (a long recording has
// millions of actions, more than the loader parses) and writes it with these.

#include "scenario/scenariospec.h"

#include <string>

namespace core {

/// Appends `task` as a scenario task object (one line; its program inline). CPU lists (its
/// `cpus`, its `cpus` actions) are written in scenario numbering, as the loader leaves them, or,
/// given the machine's `numbering`, in the kernel's numbers (topology.cpu_numbers) that the
/// loader translates back; names that are not UTF-8 as bytesAsText.
void appendTaskText(std::string& out, const TaskSpec& task, const TopologySpec* numbering = nullptr);

/// Appends `channel` as a scenario channel object.
void appendChannelText(std::string& out, const ChannelSpec& channel);

/// Appends `topology` as a scenario topology object: sockets, cores and threads; numa_nodes when
/// not 1 and cpu_numbers when the kernel numbers the CPUs otherwise.
void appendTopologyText(std::string& out, const TopologySpec& topology);

/// Appends `cgroup` as a scenario cgroup object: its path, and what differs from the defaults
/// (its CPU list in scenario numbering, as appendTaskText writes them).
void appendCgroupText(std::string& out, const CgroupSpec& cgroup);

/// A duration exactly as the loader reads it back ("1500ns"; negative ones as 0).
std::string durationText(SimTime t);
void appendDurationText(std::string& out, SimTime t);

} // namespace core
