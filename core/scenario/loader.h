#pragma once

#include "scenario/scenariospec.h"

#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace core {

/// Outcome of loading a scenario: a validated spec, or every problem found.
struct LoadResult {
    std::optional<ScenarioSpec> spec;
    /// One line per problem: "file:line:col: what" for malformed JSON, otherwise
    /// "file: json.path: what was expected, what was found".
    std::vector<std::string> errors;
    /// The text it was loaded from, whenever it was JSON, valid or not (to save a session on top
    /// of it, or to load it again for another kernel model).
    std::string text;
    bool ok() const { return spec.has_value(); }
};

/// Largest scenario file accepted (a guard against unbounded reads).
inline constexpr size_t kMaxScenarioBytes = 64u << 20;

/// Parses and validates scenario text. `source` names the file in messages.
LoadResult loadScenarioText(std::string_view text, const std::string& source);

/// Reads a whole file of at most kMaxScenarioBytes (a scenario, costs or sweep spec file, before
/// it is parsed); nullopt with "PATH: why" in `errors`.
std::optional<std::string> readScenarioText(const std::string& path, std::vector<std::string>& errors);
/// Reads a file (at most kMaxScenarioBytes) and loads it.
LoadResult loadScenarioFile(const std::string& path);

/// Loads "builtin:NAME" from the embedded library, or a file path otherwise.
LoadResult loadScenario(const std::string& fileOrBuiltin);

/// A costs file: cost-model overrides for a host, as `schedscope-cli calibrate` writes them
/// ({"format": 1, "costs": {NAME: DURATION, ...}, "host": ..., "measured": ...};
/// docs/cost-model.md). Errors are worded as the scenario loader's.
struct CostsFile {
    KernelSpec kernel; ///< only costs and costCounts are filled
    std::vector<std::string> errors;
    bool ok() const { return errors.empty(); }
};
CostsFile loadCostsText(std::string_view text, const std::string& source);
CostsFile loadCostsFile(const std::string& path);
/// The file's costs replace the scenario's own values of the same names.
void applyCosts(ScenarioSpec& spec, const CostsFile& costs);

} // namespace core
