#pragma once

#include "scenario/loader.h"

#include <string>
#include <vector>

namespace core {

/// What File > Open reads: a scenario, or an rt-app workload translated into one.
struct WorkloadLoad {
    LoadResult result;                 ///< the scenario (for an rt-app file: the translation)
    bool fromRtApp = false;            ///< the file was an rt-app workload
    std::vector<std::string> warnings; ///< what the translation could not represent exactly
};

/// Loads "builtin:NAME" or a file. A file that is not a valid scenario but is rt-app JSON is
/// translated (docs/rtapp.md); when it is neither, the errors are the scenario loader's.
WorkloadLoad loadScenarioOrWorkload(const std::string& fileOrBuiltin);

} // namespace core
