#pragma once

// The planned rt-app workload (import/rtappplan.h) -> a SchedScope scenario (format 1): each
// unit's task with its program (the thread loop over the phases, each event an action), forked
// children written in full, the channels, the machine and a duration. Internal to the rt-app
// importer (import/rtapp.h).

#include "import/rtappmodel.h"
#include "import/rtappplan.h"

namespace core::rtapp {

/// The scenario. The mutex and condition channels the programs use are declared in `plan`.
ojson emitScenario(const Workload& w, Plan& plan, Messages& msg);

} // namespace core::rtapp
