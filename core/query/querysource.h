#pragma once

#include <string>

namespace core {

/// What a query's SOURCE names (docs/query.md), told apart by what is there, not by its name: a
/// sweep's results folder (it holds sweep.json), a recording (any trace importTrace reads, by
/// content; another folder is handed to it too), or a scenario (a file or builtin:NAME),
/// simulated first.
enum class QuerySourceKind { Scenario, Recording, Sweep };

QuerySourceKind querySourceKind(const std::string& source);

} // namespace core
