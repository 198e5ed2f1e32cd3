#pragma once

#include "experiments/sweepspec.h"

#include <nlohmann/json_fwd.hpp>

#include <functional>
#include <optional>
#include <string>
#include <vector>

namespace core {

/// One finished cell as its results folder holds it: the chosen metrics read from its summary.
struct SweepCellResult {
    size_t index = 0;
    std::vector<std::pair<std::string, std::string>> values; ///< axis, canonical JSON value
    std::vector<std::optional<double>> metrics; ///< per SweepSpec::metrics; empty: not in the summary
    std::string error;                          ///< the cell failed: why
    double wallSeconds = 0;
};

/// A sweep's results: its spec and every finished cell, in index order.
struct SweepResults {
    SweepSpec spec;
    std::vector<SweepCellResult> cells;
    std::vector<size_t> missing;       ///< cells of the grid with no result (yet)
    std::vector<std::string> warnings; ///< metrics no cell has, and the like
};

struct SweepResultsLoad {
    std::optional<SweepResults> results;
    std::vector<std::string> errors; ///< "FILE:LINE: what" per problem
    bool ok() const { return results.has_value(); }
};

/// Told each finished cell's index and summary (`run --format json`'s) as cells are read: for
/// those who read more of a cell than its metrics (the query tables).
using SweepSummaryVisitor = std::function<void(size_t index, const nlohmann::ordered_json& summary)>;

/// Reads a results folder: DIR/sweep.json and DIR/cells.jsonl.
SweepResultsLoad readSweepResults(const std::string& dir, const SweepSummaryVisitor& onSummary = {});

/// The same from every cells.jsonl given (a Slurm run's slices): each cell must be in one
/// file only. `spec` is the folder's sweep.json.
SweepResultsLoad readSweepCells(const SweepSpec& spec, const std::vector<std::string>& cellFiles,
                                const SweepSummaryVisitor& onSummary = {});

/// A metric of every cell of one combination of the axes other than `seed`, over its seeds.
struct SweepStat {
    size_t n = 0;
    double mean = 0;
    double stdErr = 0; ///< sample standard deviation / sqrt(n); 0 for one value
    double min = 0;
    double max = 0;
};
struct SweepGroup {
    std::vector<std::pair<std::string, std::string>> values; ///< the axes other than seed
    size_t cells = 0;
    size_t failed = 0;
    std::vector<std::optional<SweepStat>> metrics; ///< empty: no cell of the group has it
};
/// Groups in the order their first cell comes in the grid.
std::vector<SweepGroup> aggregateOverSeeds(const SweepResults& results);

/// The outputs of a sweep (docs/sweeps.md): cells.csv (one row per cell: index, axes, metrics,
/// error), aggregate.csv and aggregate.json (per group and metric: n, mean, stderr, min, max).
/// Deterministic: the same cells give the same bytes, whichever order they ran in.
std::string sweepCellsCsv(const SweepResults& results);
std::string sweepAggregateCsv(const SweepResults& results, const std::vector<SweepGroup>& groups);
std::string sweepAggregateJson(const SweepResults& results, const std::vector<SweepGroup>& groups);
std::string sweepAggregateTable(const SweepResults& results, const std::vector<SweepGroup>& groups);

/// Writes cells.csv, aggregate.csv and aggregate.json into `dir`, each atomically; "" or the
/// first error.
std::string writeSweepOutputs(const std::string& dir, const SweepResults& results);

/// Joins the slices of a Slurm run (DIR/slice-*/cells.jsonl) into DIR/cells.jsonl, in index
/// order, and writes the outputs as a local sweep does. "" or what is wrong (a missing or
/// doubled cell names its index).
struct SweepMerge {
    std::optional<SweepResults> results;
    std::vector<std::string> errors;
    size_t slices = 0;
};
SweepMerge mergeSweepSlices(const std::string& dir);

} // namespace core
