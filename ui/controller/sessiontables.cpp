#include "controller/sessiontables.h"

#include "controller/session.h"
#include "query/recordingtables.h"
#include "query/simulationtables.h"

#include <algorithm>

namespace ui {

SessionTablesSource tablesSourceOf(const Session& session) {
    SessionTablesSource s;
    if (const core::ImportedTrace* trace = session.trace()) {
        s.recording = trace->path;
        return s;
    }
    s.spec = session.spec();
    if (!s.spec) {
        s.error = "nothing is open";
        return s;
    }
    s.commands = session.history().commands();
    // Nothing has run yet: the tables of the first nanosecond (a replay to 0 would run it all).
    s.until = core::SimTime::ns(std::max<SimNs>(1, session.history().now()));
    return s;
}

core::QueryTables buildSessionTables(const SessionTablesSource& source,
                                     const std::function<bool(double)>& progress) {
    if (!source.error.empty()) {
        core::QueryTables t;
        t.error = source.error;
        return t;
    }
    if (!source.recording.empty())
        return core::recordingTables(source.recording, progress);
    // The live commands join the timeline after the scenario's own entries of the same time, as
    // the loader orders a saved session's (core::scenarioWithTimeline).
    auto spec = std::make_shared<core::ScenarioSpec>(*source.spec);
    spec->timeline.insert(spec->timeline.end(), source.commands.begin(), source.commands.end());
    std::stable_sort(spec->timeline.begin(), spec->timeline.end(),
                     [](const core::TimelineEntry& a, const core::TimelineEntry& b) { return a.at < b.at; });
    std::vector<core::QueryMetadata> meta = {{"source_file", {}, spec->source}};
    return core::simulationTables(
        std::move(spec), std::move(meta), source.until, progress ? progress : [](double) { return true; });
}

} // namespace ui
