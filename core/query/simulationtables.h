#pragma once

#include "base/simtime.h"
#include "query/queryrun.h"
#include "query/querytables.h"
#include "scenario/scenariospec.h"

#include <functional>
#include <memory>
#include <string>
#include <vector>

namespace core {

/// Runs a scenario with everything the query tables need attached (the thread-state recorder,
/// a QueryRecorder, the model's counter sampler on the millisecond grid a native trace uses)
/// through the one replay routine, and builds the tables (query/runtables.h). `until` stops it
/// early (zero: the scenario's duration; the GUI's run so far). `metadata` is added to what the
/// run tells (the source as given, the costs file): see docs/query.md.
QueryTables simulationTables(std::shared_ptr<const ScenarioSpec> spec, std::vector<QueryMetadata> metadata,
                             SimTime until = {}, const std::function<bool(double)>& progress = {});

} // namespace core
