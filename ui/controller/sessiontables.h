#pragma once

#include "base/simtime.h"
#include "query/querytables.h"
#include "scenario/scenariospec.h"

#include <functional>
#include <memory>
#include <string>
#include <vector>

namespace ui {

class Session;

/// What a session's query tables (docs/query.md) are built from, taken on the GUI thread: a
/// simulation's run so far as the scenario it runs (the spec itself: a Compare A/B side's
/// switches and machine are set on it, not in its text), every live command applied since and
/// the present; or an opened recording's file. Building them (any thread) replays that in a
/// fresh engine with the query's recorders, the commands on the scenario's timeline where they
/// were applied, as a saved session replays (exact, unlike History's lanes, which are kept at
/// screen resolution); or reads the recording again.
struct SessionTablesSource {
    std::shared_ptr<const core::ScenarioSpec> spec; ///< a simulation: the scenario it runs
    std::vector<core::TimelineEntry> commands;      ///< a simulation: the live commands so far
    core::SimTime until;                            ///< a simulation: the present
    std::string recording;                          ///< a recording: its file
    std::string error;                              ///< nothing to build from: why
    bool operator==(const SessionTablesSource& o) const {
        return spec == o.spec && commands.size() == o.commands.size() && until == o.until &&
               recording == o.recording && error == o.error;
    }
};

SessionTablesSource tablesSourceOf(const Session& session);

/// The tables of `source`; `progress` gets 0..1 and returns false to cancel.
core::QueryTables buildSessionTables(const SessionTablesSource& source,
                                     const std::function<bool(double)>& progress);

} // namespace ui
