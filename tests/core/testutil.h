#pragma once

#include "scenario/loader.h"
#include "sim/engine.h"

#include <nlohmann/json.hpp>

#include <memory>
#include <string>

namespace testutil {

/// Loads scenario text; fails the calling test (via QFAIL-style exception) if it is invalid.
std::shared_ptr<const core::ScenarioSpec> load(const std::string& text,
                                               const std::string& source = "test.json");
std::shared_ptr<const core::ScenarioSpec> load(const nlohmann::json& j);

/// Adds a QString column "model" with one row per kernel model (for `_data` functions).
void addKernelModelRows();

/// A minimal valid scenario to mutate in tests.
nlohmann::json baseScenario();

/// The task named `name` in a scenario's `tasks`, or forked by one of them at any depth (a
/// program's `fork` action); null when there is none.
const nlohmann::json* taskNamed(const nlohmann::json& tasks, const std::string& name);

/// Runs an engine to the end, checking every invariant after each event; returns the first
/// violation, or "".
std::string runChecked(core::Engine& e, uint64_t checkEvery = 1);

} // namespace testutil
