#pragma once

#include "base/simtime.h"
#include "query/querytables.h"

#include <functional>
#include <string>

namespace ui {

class Session;

/// What a session's query tables (docs/query.md) are built from, taken on the GUI thread: a
/// simulation's run so far as the saved session (its scenario and every live command) and the
/// present, or an opened recording's file. Building them (any thread) replays the saved session
/// to the present in a fresh engine with the query's recorders, as the trace export does: exact,
/// unlike History's lanes, which are kept at screen resolution; or reads the recording again.
struct SessionTablesSource {
    std::string scenario;  ///< a simulation: the saved session's scenario text
    core::SimTime until;   ///< a simulation: the present
    std::string recording; ///< a recording: its file
    std::string label;     ///< a simulation: where its scenario came from (a file, builtin:NAME)
    std::string error;     ///< nothing to build from: why
    bool operator==(const SessionTablesSource&) const = default;
};

SessionTablesSource tablesSourceOf(const Session& session);

/// The tables of `source`; `progress` gets 0..1 and returns false to cancel.
core::QueryTables buildSessionTables(const SessionTablesSource& source,
                                     const std::function<bool(double)>& progress);

} // namespace ui
