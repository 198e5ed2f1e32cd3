#include "scenario/builtins.h"

namespace core {

// Generated at build time from resources/scenarios/*.json (see cmake/EmbedScenarios.cmake).
std::span<const BuiltinScenario> embeddedScenarios();

std::span<const BuiltinScenario> builtinScenarios() {
    return embeddedScenarios();
}

const BuiltinScenario* findBuiltin(std::string_view name) {
    for (const BuiltinScenario& b : builtinScenarios())
        if (b.name == name)
            return &b;
    return nullptr;
}

} // namespace core
