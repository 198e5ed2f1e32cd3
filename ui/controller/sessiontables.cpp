#include "controller/sessiontables.h"

#include "controller/session.h"
#include "query/recordingtables.h"
#include "query/simulationtables.h"
#include "scenario/loader.h"

#include <algorithm>

namespace ui {

SessionTablesSource tablesSourceOf(const Session& session) {
    SessionTablesSource s;
    if (const core::ImportedTrace* trace = session.trace()) {
        s.recording = trace->path;
        return s;
    }
    const core::SessionSave saved = session.savedScenario();
    if (!saved.ok()) {
        s.error = saved.error;
        return s;
    }
    s.scenario = saved.text;
    s.label = session.spec() ? session.spec()->source : std::string();
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
    core::LoadResult r = core::loadScenarioText(source.scenario, "session");
    if (!r.ok()) {
        core::QueryTables t;
        t.error = r.errors.empty() ? std::string("the session does not load") : r.errors.front();
        return t;
    }
    std::vector<core::QueryMetadata> meta = {{"source_file", {}, source.label}};
    return core::simulationTables(
        std::make_shared<const core::ScenarioSpec>(std::move(*r.spec)), std::move(meta), source.until,
        progress ? progress : [](double) { return true; });
}

} // namespace ui
