#pragma once

#include <nlohmann/json.hpp>

#include <optional>
#include <string>
#include <vector>

namespace core {

/// A path into a JSON document, as sweeps name scenario values and summary metrics:
/// `kernel.hz`, `tasks[0].count`, `tasks[name=hog].runtime_ns` (the element of an array whose
/// `name` is "hog"), `cgroups[path=/busy].psi.cpu.some.total_us`.
struct JsonPathStep {
    enum class Kind { Key, Index, Match };
    Kind kind = Kind::Key;
    std::string key;   ///< Key: the member; Match: the member compared
    size_t index = 0;  ///< Index
    std::string value; ///< Match: the value it must have (a string, or a number's text)
};
using JsonPath = std::vector<JsonPathStep>;

/// Parses a path; nullopt with `error` saying where it is malformed.
std::optional<JsonPath> parseJsonPath(const std::string& text, std::string& error);

/// The value at `path`, or null when any step does not exist.
const nlohmann::ordered_json* findJsonPath(const nlohmann::ordered_json& doc, const JsonPath& path);

/// Sets the value at `path`. Missing members are created (as objects on the way); an array
/// index must exist. Returns "" or what stopped it ("tasks[3]: the array has 2 elements").
std::string setJsonPath(nlohmann::ordered_json& doc, const JsonPath& path, nlohmann::ordered_json value);

} // namespace core
