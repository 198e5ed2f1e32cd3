#pragma once

#include "import/recordfolder.h"
#include "import/traceimporter.h"
#include "report/summary.h"
#include "report/threadstates.h"

#include <functional>
#include <memory>
#include <string>
#include <string_view>

namespace core {

struct TraceFileOptions {
    LatencyStart latencyStart = LatencyStart::Waking;
    /// Called now and then with the fraction read (0..1); returning false cancels the import.
    std::function<bool(double)> progress;
    /// Told what each task does (import/traceobserver.h), for rebuilding the workload.
    TraceObserver* observer = nullptr;
    /// Handed every event before the importer takes it (may be null).
    TraceEventTap* events = nullptr;
};

/// The outcome of opening a trace: a summary (with `summary.trace` saying what the trace could
/// not tell), or an error naming the file, the place, what was expected and what was found.
struct TraceFileResult {
    bool ok = false;
    bool cancelled = false;
    std::string error;
    RunSummary summary;
    SimTime origin;                       ///< the trace's first timestamp (the summary starts there)
    std::vector<std::string> cgroupPaths; ///< by the cgroup ids in the records
    /// A Perfetto trace's counter tracks (a simulation's model counters: import/perfettotracks),
    /// in time since `origin`.
    std::vector<CounterTrack> counters;
    /// The recording kernel's release (`uname -r`) where the file says it (perf.data's header, a
    /// record folder's manifest); "" otherwise.
    std::string kernelRelease;
    /// A `schedscope-cli record` folder's manifest and side files (null for a trace file).
    std::shared_ptr<const RecordFolder> record;
};

/// Reads a scheduler trace, whatever its form (detected from the content, not the name):
/// ftrace text, `trace-cmd report` text, `perf script` text, trace-cmd's trace.dat, a Perfetto
/// trace, perf.data, or a `schedscope-cli record` folder (its perf.data and side files).
/// Everything it finds goes to `sink` (may be null) in time order, then the summary is built.
TraceFileResult importTraceFile(const std::string& path, TraceSink* sink,
                                const TraceFileOptions& options = {});

/// The same for text already in memory (`name` is used in messages).
TraceFileResult importTraceText(std::string_view text, const std::string& name, TraceSink* sink,
                                const TraceFileOptions& options = {});

/// Whether the bytes at the start of a file look like a trace this reader understands; the
/// GUI's File > Open uses it to tell traces from scenarios.
bool looksLikeTrace(std::string_view head);

} // namespace core
