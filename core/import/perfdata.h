#pragma once

// perf.data as `perf record` (and `perf sched record`) writes it, read without perf: the file
// header, the event attributes, the tracing data (each tracepoint's format, which says where its
// fields are) and the records of the data section. Tracepoint samples become TraceEvents with
// their `common_flags` (so a wakeup in interrupt context is known as such, which `perf script`
// text loses), COMM records name the task that recorded each event, LOST records are lost
// events. docs/traces.md lists what is read and what is refused.

#include "import/traceevent.h"

#include <cstdint>
#include <functional>
#include <string>
#include <string_view>
#include <vector>

namespace core {

/// What the file's header says about the machine and the recording (its feature sections).
struct PerfDataInfo {
    std::string osRelease;   ///< HEADER_OSRELEASE: the recording kernel's `uname -r`
    std::string hostname;    ///< HEADER_HOSTNAME
    std::string perfVersion; ///< HEADER_VERSION: the perf that wrote it
    std::string commandLine; ///< HEADER_CMDLINE, its words joined by spaces
    uint32_t cpusOnline = 0; ///< HEADER_NRCPUS (0: not recorded)
    uint64_t samples = 0;    ///< tracepoint samples read
    std::vector<std::string> warnings;
};

/// Whether the bytes at the start of a file are perf.data's (the magic "PERFILE2").
bool looksLikePerfData(std::string_view head);

/// Reads `path`, handing every tracepoint sample and lost-events mark to `add` in time order
/// (file order within a nanosecond). `progress` (may be empty) is called with the fraction read
/// and cancels when it returns false. Returns "" or an error naming the file, the byte offset,
/// what was expected and what was found.
std::string readPerfData(const std::string& path, StringTable& strings,
                         const std::function<void(const TraceEvent&)>& add,
                         const std::function<bool(double)>& progress, PerfDataInfo& info);

} // namespace core
