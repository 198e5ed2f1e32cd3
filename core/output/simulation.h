#pragma once

#include "base/simtime.h"
#include "scenario/scenariospec.h"
#include "sim/engine.h"

#include <functional>
#include <memory>
#include <string>
#include <vector>

namespace core {

class SchedCounterSampler;

/// A trace file a simulation writes as it runs.
struct TraceOutput {
    /// Perfetto: trace-event JSON; PerfettoProto: Perfetto's own protobuf trace (.pftrace).
    enum class Format { Csv, Perfetto, PerfettoProto };
    Format format = Format::Csv;
    std::string path;
};

/// The Perfetto format a file name asks for: native (PerfettoProto) for `.pftrace` and
/// `.perfetto-trace`, trace-event JSON for any other name (`.json`).
TraceOutput::Format perfettoFormatFor(const std::string& path);

struct SimulationOptions {
    /// Where to stop (capped at the scenario's duration); zero: the scenario's duration.
    SimTime until;
    /// Called after each hundredth of the run with the fraction done; false cancels.
    std::function<bool(double)> progress;
    /// Check every engine invariant at the end (the CLI does; a violation is an error).
    bool checkInvariants = false;
    /// Sinks of the caller's that see every record too (the `--states` recorder).
    std::vector<TraceSink*> sinks;
    /// A sampler of the caller's, read on the millisecond grid a native trace's counters use
    /// (the query tables' counter tracks).
    SchedCounterSampler* counters = nullptr;
    /// Called once the engine exists, before it runs (a sink of the caller's that reads it).
    std::function<void(const Engine&)> started;
};

struct SimulationResult {
    std::unique_ptr<Engine> engine; ///< at the end of the run (null when it could not start)
    double wallSeconds = 0;
    bool cancelled = false;
    std::string error; ///< "" on success; else what failed (nothing was written then)
    bool ok() const { return error.empty() && !cancelled; }
};

/// Spec -> engine -> trace sinks -> atomic writes: the one way a scenario is simulated to its end
/// (`schedscope-cli run`, `replay`, `why`, `reality`, every sweep cell, the GUI's trace export).
/// Runs the scenario with a writer attached for each output, in steps for progress and
/// cancellation, and renames each file into place only when the run completed and the file was
/// written whole. On error or cancel no output is touched.
SimulationResult simulate(std::shared_ptr<const ScenarioSpec> spec, const std::vector<TraceOutput>& outputs,
                          const SimulationOptions& options = {});

} // namespace core
