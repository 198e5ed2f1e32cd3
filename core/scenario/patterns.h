#pragma once

#include <cstdint>
#include <string>
#include <string_view>

namespace core {

/// Task and channel names of a scenario: instance expansion and name patterns. Used by the
/// validator (to check references) and by the engine (to create and find tasks), so neither
/// depends on the other.

/// Replaces "{i}" in a channel name with the instance index.
std::string expandInstance(const std::string& text, uint32_t index);

/// The name of instance i of a task entry with `count` instances: "name#i", or "name" alone.
std::string instanceName(const std::string& base, uint32_t count, uint32_t i);

/// Shell-like match where '*' matches any run of characters (move/kill/affinity task patterns).
bool matchPattern(std::string_view pattern, std::string_view name);

} // namespace core
