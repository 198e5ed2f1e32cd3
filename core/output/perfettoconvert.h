#pragma once

#include "import/importtrace.h"

#include <string>

namespace core {

class ThreadStateRecorder;

/// A recording written as Perfetto's own trace: what `trace-summary --perfetto` and the GUI's
/// Export Trace for Perfetto do with an opened recording.
struct PerfettoConversion {
    ImportedTrace trace; ///< the import, as importTrace gives it
    std::string error;   ///< "" when written; else why (nothing was written then)
    bool cancelled = false;
};

/// Reads the recording at `tracePath` (any form importTrace reads) and writes it to `outPath`
/// (atomically) as Perfetto's own trace: its events exactly as the import takes them, each as
/// the ftrace event it was, per CPU, with the tracer's comms in a process tree and each CPU's
/// nr_running, so that reading the file gives the same import (docs/traces.md). A recording
/// does not say its kernel: the SystemInfo release is "4.14.0-unknown", the prev_state encoding
/// written. `states` (may be null) also receives every record (the `--states` recorder).
PerfettoConversion convertToPerfetto(const std::string& tracePath, const std::string& outPath,
                                     const TraceImportOptions& options,
                                     ThreadStateRecorder* states = nullptr);

} // namespace core
