#pragma once

// Specs written back as scenario text (docs/scenario-format.md): what the loader reads into an
// equal spec. import-trace builds the tasks of a recorded workload as TaskSpecs (a long recording
// has millions of actions, more than the loader parses) and writes them with this.

#include "scenario/scenariospec.h"

#include <string>

namespace core {

/// Appends `task` as a scenario task object (one line; its program inline). CPU lists are written
/// in scenario numbering, as the loader leaves them; names that are not UTF-8 as bytesAsText.
void appendTaskText(std::string& out, const TaskSpec& task);

/// Appends `channel` as a scenario channel object.
void appendChannelText(std::string& out, const ChannelSpec& channel);

/// A duration exactly as the loader reads it back ("1500ns"; negative ones as 0).
std::string durationText(SimTime t);
void appendDurationText(std::string& out, SimTime t);

} // namespace core
