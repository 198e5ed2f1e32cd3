#pragma once

#include "scenario/loader.h"
#include "scenario/scenariospec.h"

#include <optional>
#include <string>
#include <vector>

namespace core {

/// What shapes a run of a scenario beyond the scenario itself: the options of `schedscope-cli
/// run` (`--model`, `--costs`, `--for`, `--seed`, `--opt KEY=on|off`), as text, so that the CLI
/// and every cell of a sweep turn the same words into the same ScenarioSpec.
struct RunRequest {
    std::optional<std::string> model;    ///< a kernel model name (see kernelModelCatalog)
    std::optional<std::string> costs;    ///< a costs file (schedscope-cli calibrate)
    std::optional<std::string> forText;  ///< a positive duration such as "2s"
    std::optional<std::string> seedText; ///< a non-negative integer
    std::vector<std::string> opts;       ///< "KEY=on" / "KEY=off"; KEY "all" sets every togglable one
};

/// The scenario shaped by a RunRequest, or what stopped it.
struct ShapedRun {
    enum class Problem {
        None,
        Option,   ///< an option's value is wrong (the command line's fault: exit 64)
        Scenario, ///< the scenario or the costs file is invalid (the file's fault: exit 2)
    };
    std::optional<ScenarioSpec> spec;
    Problem problem = Problem::None;
    /// Option problems are worded without a prefix ("--seed expects ..."); file problems name
    /// their file.
    std::vector<std::string> errors;
    /// Settings the scenario named that the asked-for model cannot have, dropped
    /// ("SOURCE: PATH: why").
    std::vector<std::string> notes;
    bool ok() const { return spec.has_value(); }
};

/// Shapes `loaded` (read from `source`) as `schedscope-cli run` does, in its order: rewritten for
/// the model asked for (a scenario refused only for its own model is checked again as written
/// for that one), then shapeSpec.
ShapedRun shapeRun(LoadResult loaded, const std::string& source, const RunRequest& request);

/// The rest of shapeRun for a spec whose model is already what it runs on (a recorded workload,
/// built for the model asked for: `request.model` is not read): the costs file applied, then the
/// duration, the seed and the optimizations.
ShapedRun shapeSpec(ScenarioSpec spec, const RunRequest& request);

/// What is wrong with the request's words, found before any file is read (a recording takes
/// seconds to read): the model, the duration, the seed, and the optimizations against the model
/// (`request.model`, else `model` when known). "" when nothing is.
std::string requestProblem(const RunRequest& request, std::optional<KernelModel> model);

/// One step of shapeRun each, for commands that take only some of the options. Each returns an
/// empty string, or the problem worded as in ShapedRun::errors.
std::string parseModelOption(const std::string& name, KernelModel& model);
/// The costs file applied to `spec`; false with the file's problems in `errors`.
bool applyCostsOption(const std::string& path, ScenarioSpec& spec, std::vector<std::string>& errors);
std::string parseForText(const std::string& text, SimTime& duration);
std::string parseSeedText(const std::string& text, uint64_t& seed);
std::string applyOptTexts(const std::vector<std::string>& opts, ScenarioSpec& spec);
/// The problem of `--opt` texts on `model`, or ""; the settings they make, in order, into
/// `settings` when given ("all" as every optimization the model lets change).
std::string optTextsProblem(const std::vector<std::string>& opts, KernelModel model,
                            std::vector<std::pair<Optimization, bool>>* settings);

} // namespace core
