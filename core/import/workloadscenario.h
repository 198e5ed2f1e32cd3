#pragma once

// A recorded workload (import/workloadrecorder.h) written as a scenario that reproduces it
// (docs/record-replay.md): one task per recorded thread, its bursts as CPU work, its sleeps as
// timed sleeps or as waits on a channel the task that woke it sends on, its forks as forks.

#include "import/importtrace.h"
#include "import/workloadrecorder.h"

#include <memory>
#include <optional>
#include <string>
#include <string_view>
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
    /// The kernel model to simulate on, instead of the host file's (or the default).
    std::optional<KernelModel> model;
    /// Write the scenario's text as well as its spec (replay needs only the spec).
    bool text = true;
};

struct WorkloadScenario {
    bool ok = false;
    std::string error; ///< names the file and what was expected
    /// The scenario, validated: the machine, cgroups and channels read by the loader, the tasks
    /// built directly (what the loader reads from `text` for them; tests/core/tst_recordreplay).
    std::shared_ptr<ScenarioSpec> spec;
    std::string text;               ///< the scenario (JSON, format 1), when options.text
    std::vector<std::string> notes; ///< what could not be inferred, naming the task and the time
    size_t tasks = 0, channels = 0, leftOut = 0;
};

/// The scenario for `trace` (read with `recorder` as its observer; recorder.finish() called).
WorkloadScenario writeWorkloadScenario(const WorkloadRecorder& recorder, const ImportedTrace& trace,
                                       const WorkloadScenarioOptions& options);

/// The command a task of such a scenario stands for: its name without the "-PID", ".N" and "'"
/// import-trace adds to tell threads apart ("client-20" -> "client"); other names unchanged.
std::string commandOf(std::string_view taskName);

/// A trace read and written as a scenario: importTrace with a WorkloadRecorder, then
/// writeWorkloadScenario. `recording` is the trace's own summary. Never throws for bad input.
struct WorkloadImport {
    ImportedTrace recording;
    WorkloadScenario scenario;
};
WorkloadImport importWorkload(const std::string& tracePath, const WorkloadScenarioOptions& options,
                              const TraceImportOptions& traceOptions = {});

} // namespace core
