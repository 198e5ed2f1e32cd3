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
    /// The text it was loaded from, when valid (to save a session on top of it).
    std::string text;
    bool ok() const { return spec.has_value(); }
};

/// Largest scenario file accepted (a guard against unbounded reads).
inline constexpr size_t kMaxScenarioBytes = 64u << 20;

/// Parses and validates scenario text. `source` names the file in messages.
LoadResult loadScenarioText(std::string_view text, const std::string& source);

/// Reads a file (at most kMaxScenarioBytes) and loads it.
LoadResult loadScenarioFile(const std::string& path);

/// Loads "builtin:NAME" from the embedded library, or a file path otherwise.
LoadResult loadScenario(const std::string& fileOrBuiltin);

} // namespace core
