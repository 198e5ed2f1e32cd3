#pragma once

#include "base/kernelmodel.h"

#include <nlohmann/json.hpp>

#include <string>
#include <string_view>
#include <vector>

namespace core {

/// Something a scenario asks for that a kernel model does not have.
struct ModelConflict {
    std::string path;    ///< where in the scenario, as the validator names places
    std::string message; ///< what the model does instead
};

/// What a scenario (parsed JSON) sets that `model` does not have: an optimization the model
/// fixes the other way (top level or on the timeline), or a task `slice` where the model has no
/// custom slices. With `drop`, each is also removed from `scenario`.
std::vector<ModelConflict> modelConflicts(nlohmann::json& scenario, KernelModel model, bool drop);

/// A scenario rewritten to run on another kernel model (a command-line or GUI override of a
/// scenario written for another kernel): `kernel.model` set, and what the model does not have
/// removed and listed (a custom slice is dropped as v6.6 ignores sched_runtime for fair tasks).
struct ModelRewrite {
    std::string text;
    std::vector<ModelConflict> dropped;
    std::string error; ///< the text is not a JSON object
};
ModelRewrite scenarioForModel(std::string_view text, KernelModel model);

/// Gives the optimizations a model fixes their fixed setting.
void applyFixedOptimizations(OptimizationSet& set, KernelModel model);

} // namespace core
