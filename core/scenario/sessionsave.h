#pragma once

#include "scenario/scenariospec.h"

#include <string>
#include <vector>

namespace core {

/// The result of turning a session into a scenario file.
struct SessionSave {
    std::string text;  ///< the scenario, when ok
    std::string error; ///< why it could not be made
    bool ok() const { return error.empty(); }
};

/// A scenario that replays a session: the original scenario text with the live commands
/// (Engine::commandLog) appended to its timeline at the simulated times they were applied.
/// Everything else in the file is kept. Running it gives the session's results exactly, since
/// timeline entries apply at the same point in event order as live commands do.
/// `bookmarks`, when given, replace the file's own (none: the key is dropped); they do not
/// change the run.
SessionSave scenarioWithTimeline(const std::string& originalText, const std::vector<TimelineEntry>& commands,
                                 const std::vector<Bookmark>* bookmarks = nullptr);

} // namespace core
