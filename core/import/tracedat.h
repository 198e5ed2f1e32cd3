#pragma once

#include "import/traceevent.h"

#include <functional>
#include <string>

namespace core {

/// Reads trace-cmd's binary trace.dat through libtracecmd and libtraceevent, in time order,
/// handing each scheduler record (and each "events dropped" gap) to `add`. Returns an empty
/// string, or an error naming the file and what went wrong. `progress` (may be empty) gets the
/// fraction done and may cancel by returning false (then the error is "cancelled").
std::string readTraceDat(const std::string& path, StringTable& strings,
                         const std::function<void(const TraceEvent&)>& add,
                         const std::function<bool(double)>& progress);

/// Whether this build can read trace.dat files (libtracecmd was found).
bool traceDatSupported();

} // namespace core
