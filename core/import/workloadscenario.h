#pragma once

// A recorded workload (import/workloadrecorder.h) as a scenario that reproduces it
// (docs/record-replay.md): one task per recorded thread, its bursts as CPU work, its sleeps as
// timed sleeps or as waits on a channel the task that woke it sends on, its forks as forks. Built
// as a ScenarioSpec; written as text only where it is printed or kept (workloadScenarioText).

#include "import/importtrace.h"
#include "import/pininference.h"
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
};

struct WorkloadScenario {
    bool ok = false;
    std::string error; ///< names the file and what was expected
    /// The scenario: the traced machine (import/tracedmachine.h), the channels and the tasks,
    /// built as the loader would read them from its text (tests/core/tst_recordreplay).
    std::shared_ptr<ScenarioSpec> spec;
    std::vector<std::string> notes; ///< what could not be inferred, naming the task and the time
    size_t tasks = 0, channels = 0, leftOut = 0;
    /// The host file the machine came from (the option's, or a record folder's host.json), ""
    /// for the CPUs the trace shows; and whether a model was chosen (the option, or a record
    /// folder's kernel release) rather than left to the default.
    std::string hostFile;
    bool modelChosen = false;
    size_t pinsInferred = 0; ///< tasks taken as pinned from the evidence (import/pininference.h)
};

/// The scenario for `trace` (read with `recorder` as its observer; recorder.finish() called, and
/// `pins`, when given, as its records). A `record` folder gives the machine (its host.json) and
/// the model (the newest not newer than its kernel release) where the options do not, and each
/// task's recorded attributes; for a trace file, `pins` gives the pinning the trace proves.
WorkloadScenario workloadScenario(const WorkloadRecorder& recorder, const ImportedTrace& trace,
                                  const WorkloadScenarioOptions& options, const PinEvidence* pins = nullptr);

/// The scenario as text (JSON, format 1): what import-trace prints and the GUI's Simulate This
/// Recording keeps for its session. Read back to check it; `error` set (and no text) if it does
/// not read (a bug here); `note` set when it is more than the loader reads. The options are those
/// the workload was made with (what they chose is in `workload`).
struct WorkloadText {
    std::string text;
    std::string error;
    std::string note;
};
WorkloadText workloadScenarioText(const WorkloadScenario& workload, const WorkloadScenarioOptions& options);

/// The command a task of such a scenario stands for: its name without the "-PID", ".N" and "'"
/// import-trace adds to tell threads apart ("client-20" -> "client"); other names unchanged.
std::string commandOf(std::string_view taskName);

/// A trace read and made a scenario: importTrace with a WorkloadRecorder, then
/// workloadScenario. `recording` is the trace's own summary. Never throws for bad input.
struct WorkloadImport {
    ImportedTrace recording;
    WorkloadScenario scenario;
};
WorkloadImport importWorkload(const std::string& tracePath, const WorkloadScenarioOptions& options,
                              const TraceImportOptions& traceOptions = {});

} // namespace core
