#pragma once

#include "base/kernelmodel.h"
#include "scenario/loader.h"

#include <nlohmann/json_fwd.hpp>

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

/// A scenario's text loaded to run on `model`: rewritten (scenarioForModel) and checked like any
/// file. `result.text` is the rewritten text; `dropped` lists what the rewrite removed. The CLI's
/// --model, the GUI's kernel model menu and each side of Compare A/B load through this.
struct ModelLoad {
    LoadResult result;
    std::vector<ModelConflict> dropped;
};
ModelLoad loadScenarioForModel(std::string_view text, const std::string& source, KernelModel model);

/// Gives the optimizations a model fixes their fixed setting.
void applyFixedOptimizations(OptimizationSet& set, KernelModel model);

} // namespace core
