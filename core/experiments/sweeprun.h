#pragma once

#include "experiments/sweepspec.h"

#include <atomic>
#include <functional>
#include <string>
#include <vector>

namespace core {

class Engine;

/// How far a sweep has come, for a progress line.
struct SweepProgress {
    size_t done = 0;    ///< cells finished in this run (including failed ones)
    size_t failed = 0;  ///< of which failed
    size_t skipped = 0; ///< cells a previous run had finished
    size_t total = 0;   ///< cells this run has to do (its slice, less the skipped)
    double elapsedSeconds = 0;
    double etaSeconds = 0; ///< the time left at the rate so far (0 until the first cell ends)
};

struct SweepRunOptions {
    std::string outDir; ///< where sweep.json and cells.jsonl go (created)
    unsigned jobs = 0;  ///< threads; 0: one per core
    /// This run does the cells whose index % sliceCount == sliceIndex (a Slurm array task).
    size_t sliceIndex = 0;
    size_t sliceCount = 1;
    /// Called after every cell, from the thread that ran it, one at a time.
    std::function<void(const SweepProgress&)> progress;
    /// Set (from a signal handler, say) to stop: cells running are abandoned, none is started.
    const std::atomic<bool>* stop = nullptr;
};

struct SweepRunResult {
    SweepProgress progress;
    bool interrupted = false;
    std::string error; ///< the folder could not be used (nothing ran)
    bool ok() const { return error.empty() && !interrupted; }
};

/// Runs a sweep's cells (docs/sweeps.md). Each cell is run exactly as `schedscope-cli run`
/// runs it (same shaping, invariants checked) and appended, as one JSON line, to
/// OUT/cells.jsonl as it ends: {"index", "cell", "wall_s", "summary"} or {"index", "cell",
/// "error"}. Cells already in that file are skipped, so an interrupted sweep resumes; a folder
/// holding another sweep is refused. Only the cells in flight are in memory.
SweepRunResult runSweep(const SweepSpec& spec, const SweepRunOptions& options);

/// One cell run as `run` would: its line for cells.jsonl (without the newline).
struct SweepCellLine {
    std::string line;       ///< empty when cancelled
    bool failed = false;    ///< the line holds an error instead of a summary
    bool cancelled = false; ///< `keepGoing` returned false
};
SweepCellLine runSweepCell(const SweepSpec& spec, const SweepCell& cell,
                           const std::function<bool()>& keepGoing);

/// Runs fn(i) for every i in [0, n) on `jobs` threads (0: one per core), each index once, in
/// increasing order of start. Stops starting new ones once `stop` is set. What the sweep and
/// the seed experiments run their cells on.
void forEachCellInParallel(size_t n, unsigned jobs, const std::function<void(size_t)>& fn,
                           const std::atomic<bool>* stop = nullptr);

/// Shapes every cell of `spec` as a sweep does, builds its engine and calls `measure` on it,
/// on `jobs` threads: the values of each cell, in cell order. For experiments whose figure is
/// not in run's summary (the seed experiments). A cell that cannot be shaped throws
/// std::logic_error (the experiments' scenarios are built in).
std::vector<std::vector<double>>
measureSweepCells(const SweepSpec& spec, unsigned jobs,
                  const std::function<std::vector<double>(Engine&)>& measure);

/// The folder's files.
inline constexpr const char* kSweepSpecFile = "sweep.json";
inline constexpr const char* kSweepCellsFile = "cells.jsonl";

} // namespace core
