#pragma once

#include "import/recordfolder.h"
#include "import/traceimporter.h"
#include "report/snapshot.h"
#include "report/summary.h"
#include "report/threadstates.h"
#include "scenario/scenariospec.h"

#include <functional>
#include <memory>
#include <string>
#include <vector>

namespace core {

struct TraceImportOptions {
    LatencyStart latencyStart = LatencyStart::Waking;
    /// Called now and then with the fraction read (0..1); returning false cancels the import.
    std::function<bool(double)> progress;
    /// Also what views need: the records cut into snapshots, as a simulation's (what a GUI
    /// History is fed; the last one with the thread-state tracks), and the traced machine as a
    /// scenario.
    bool forViews = false;
    /// Told what each task does as the trace is read (import/traceobserver.h).
    TraceObserver* observer = nullptr;
    /// Also sent every record (slices, switches, wakeups, ...), as read: the `--states`
    /// recorder. Times are the trace's own (ImportedTrace::origin is the first).
    TraceSink* records = nullptr;
    /// Also handed every event the importer takes, in its order, before it takes it.
    TraceEventTap* events = nullptr;
};

/// A real trace read whole: what every entry point (the CLI's trace-summary, the GUI, the
/// reality runner) needs of it.
struct ImportedTrace {
    bool ok = false;
    bool cancelled = false;
    std::string error; ///< names the file, the place, what was expected and what was found
    std::string path;
    RunSummary summary; ///< with `summary.trace`: the format and what the trace could not tell
    SimTime origin;     ///< the trace's first timestamp: time 0 of the records and snapshots
    std::vector<std::string> cgroupPaths; ///< by the cgroup ids in the records
    /// The counter tracks a Perfetto trace of a simulation carries (the model's), in time since
    /// `origin`; a recording of a real kernel has none.
    std::vector<CounterTrack> counters;
    /// The recording kernel's `uname -r` where the recording says it (perf.data, a record
    /// folder), else "".
    std::string kernelRelease;
    /// A `schedscope-cli record` folder's manifest and side files; null for a trace file.
    std::shared_ptr<const RecordFolder> record;
    /// With TraceImportOptions::forViews: the traced machine as a scenario (its CPUs as
    /// single-thread cores, the cgroups its tasks were in; no tasks), and the records cut into
    /// snapshots.
    std::shared_ptr<const ScenarioSpec> machine;
    std::vector<std::shared_ptr<Snapshot>> snapshots;
};

/// Reads a scheduler trace, whatever its form (detected from the content: ftrace text,
/// trace-cmd report, perf script, trace.dat, Perfetto, perf.data), or a `record` folder. Never
/// throws for bad input: `ok` false and `error` say why.
ImportedTrace importTrace(const std::string& path, const TraceImportOptions& options = {});

/// The thread-state tracks of a recording read with `recorder` as TraceImportOptions::records,
/// in time since its first event, with the trace's counter tracks. The recorder's records are
/// moved into them (it is empty after).
ThreadStates statesOfRecording(ThreadStateRecorder& recorder, const ImportedTrace& trace);

} // namespace core
