#pragma once

// A recorded workload (import/workloadrecorder.h) written as a scenario that reproduces it
// (docs/record-replay.md): one task per recorded thread, its bursts as CPU work, its sleeps as
// timed sleeps or as waits on a channel the task that woke it sends on, its forks as forks.

#include "import/importtrace.h"
#include "import/workloadrecorder.h"

#include <string>
#include <vector>

namespace core {

struct WorkloadScenarioOptions {
    /// A `schedscope-cli host` file: the machine (topology, kernel model and tick) to run on.
    /// Empty: the CPUs the trace shows, as single-thread cores.
    std::string hostFile;
    /// Commands (comms, as the trace ends with them) left out besides the tracer itself.
    std::vector<std::string> exclude;
    /// Keep the tracer (perf, trace-cmd) in the workload.
    bool keepTracer = false;
};

struct WorkloadScenario {
    bool ok = false;
    std::string error;              ///< names the file and what was expected
    std::string text;               ///< the scenario (JSON, format 1)
    std::vector<std::string> notes; ///< what could not be inferred, naming the task and the time
    size_t tasks = 0, channels = 0, leftOut = 0;
};

/// The scenario for `trace` (read with `recorder` as its observer; recorder.finish() called).
WorkloadScenario writeWorkloadScenario(const WorkloadRecorder& recorder, const ImportedTrace& trace,
                                       const WorkloadScenarioOptions& options);

/// A trace read and written as a scenario: importTrace with a WorkloadRecorder, then
/// writeWorkloadScenario. `recording` is the trace's own summary. Never throws for bad input.
struct WorkloadImport {
    ImportedTrace recording;
    WorkloadScenario scenario;
};
WorkloadImport importWorkload(const std::string& tracePath, const WorkloadScenarioOptions& options,
                              const TraceImportOptions& traceOptions = {});

} // namespace core
