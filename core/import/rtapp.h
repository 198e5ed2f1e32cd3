#pragma once

// Importer for rt-app workload descriptions (https://github.com/scheduler-tools/rt-app, its
// doc/tutorial.txt and src/rt-app_parse_config.c): translates the JSON that rt-app reads into a
// SchedScope scenario (docs/scenario-format.md). What is translated, how, and every approximation
// and warning are described in docs/rtapp.md. Standard C++ and nlohmann-json only.

#include <cstdint>
#include <stdexcept>
#include <string>
#include <string_view>
#include <vector>

namespace core {

struct RtAppImport {
    std::string scenarioJson;          ///< a valid SchedScope scenario (2-space indented JSON)
    std::vector<std::string> warnings; ///< "FILE: path.to.key: what is not modelled; what was done instead"
};

/// The text is not rt-app JSON: malformed ("FILE:LINE:COL: expected ..., found ..."), or a value of
/// the wrong type or range ("FILE: path.to.key: expected ..., found ...").
struct RtAppError : std::runtime_error {
    using std::runtime_error::runtime_error;
};

/// Largest rt-app file accepted (the same guard as for scenario files).
inline constexpr size_t kMaxRtAppBytes = 64u << 20;

/// Translates rt-app JSON text. `source` names the file in messages. `cpus` is the number of CPUs of
/// the simulated machine; 0 takes 1 + the highest CPU the file names (in "cpus" lists and the
/// "CPUn" calibration setting), at least 1. Throws RtAppError when the text is not rt-app JSON.
RtAppImport importRtApp(std::string_view text, const std::string& source, uint32_t cpus = 0);

} // namespace core
