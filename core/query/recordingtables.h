#pragma once

#include "query/querytables.h"

#include <functional>
#include <string>

namespace core {

/// Reads a recording (anything importTrace reads) with the thread-state recorder and a
/// QueryRecorder attached (as the importer's observer too: the recorded state letters,
/// priorities and cgroup moves) and builds its tables (query/runtables.h). Times count from the
/// recording's first event. Lost events are a warning here and in `metadata`.
QueryTables recordingTables(const std::string& path, const std::function<bool(double)>& progress = {});

} // namespace core
