#pragma once

#include <span>
#include <string_view>

namespace core {

/// A scenario shipped inside the binaries (resources/scenarios/NAME.json).
struct BuiltinScenario {
    std::string_view name;
    std::string_view text;
};

/// Every built-in scenario, sorted by name. "default" is the one the GUI opens first.
std::span<const BuiltinScenario> builtinScenarios();
const BuiltinScenario* findBuiltin(std::string_view name);

} // namespace core
