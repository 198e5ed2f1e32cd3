#pragma once

#include "query/columntable.h"

#include <cstdint>
#include <memory>
#include <string>
#include <vector>

namespace core {

/// The tables of one source, ready for a QueryDatabase, or why there are none.
struct QueryTables {
    std::vector<std::shared_ptr<const ColumnTable>> tables;
    /// What makes the picture incomplete (a recording's lost events, a sweep's failed cells):
    /// the `metadata` table says it too.
    std::vector<std::string> warnings;
    /// Nothing was built: why, naming the file, the place, what was expected and found.
    std::string error;
    /// The source itself is at fault (an invalid scenario, an unreadable trace, not a sweep
    /// folder), not the machine: the CLI's exit 2.
    bool invalidSource = false;
    bool cancelled = false;
    /// A run's or a recording's task id (what the records and the views call it) by utid - 1.
    std::vector<uint32_t> taskIds;
    bool ok() const { return error.empty() && !cancelled; }
};

} // namespace core
