#pragma once

#include "scenario/runrequest.h"

#include <cstddef>
#include <optional>
#include <string>
#include <utility>
#include <vector>

namespace core {

/// One axis of a sweep: a name and the values it takes, each as canonical JSON text ("v6.12"
/// with its quotes, 4, true). Names: `model`, `opt.KEY`, `seed`, `for`, `costs`, or a path
/// into the scenario (`tasks[0].count`, `topology.sockets`, `cgroups[1].weight`, `kernel.hz`).
struct SweepAxis {
    std::string name;
    std::vector<std::string> values;
};

/// One cell of a sweep: its place in the grid and the value of every axis that sets it.
struct SweepCell {
    size_t index = 0;
    std::vector<std::pair<std::string, std::string>> values; ///< axis name, canonical JSON value
    /// {"AXIS": VALUE, ...} in axis order: how a cell is named in every output.
    std::string json() const;
};

/// A sweep (docs/sweeps.md): a scenario, settings every cell shares, and either axes whose
/// cartesian product is the grid or an explicit list of cells. Cells are numbered in the
/// product's order, the last axis varying fastest.
struct SweepSpec {
    std::string file;         ///< where it was read from (messages)
    std::string scenarioName; ///< builtin:NAME or the scenario file, as given
    std::string scenarioText; ///< the scenario every cell starts from
    RunRequest fixed;         ///< `model`, `for`, `seed`, `costs`, `opt` set for every cell
    std::vector<SweepAxis> axes;
    /// An explicit list of cells instead of a product (empty: the product of `axes`). Every
    /// cell's axes are listed in `axes`, with the values used anywhere, for the views.
    std::vector<std::vector<std::pair<std::string, std::string>>> explicitCells;
    std::vector<std::string> metrics; ///< paths into run's JSON summary

    size_t cellCount() const;
    SweepCell cell(size_t index) const;
    /// The normalized spec: the scenario inlined, paths made absolute. What a results folder
    /// keeps as sweep.json, and what a Slurm array task and the GUI read back.
    std::string normalizedJson() const;
};

/// A spec read and checked, or what is wrong with it ("FILE: axes.NAME: ..." per problem).
struct SweepSpecLoad {
    std::optional<SweepSpec> spec;
    std::vector<std::string> errors;
    bool ok() const { return spec.has_value(); }
};

/// Reads a sweep spec and checks every axis before any cell runs: names and paths that exist,
/// values each axis can take, ranges that are not empty. Relative scenario and costs paths are
/// read relative to the spec's folder.
SweepSpecLoad loadSweepSpec(const std::string& path);
SweepSpecLoad parseSweepSpec(const std::string& text, const std::string& file);

/// The metrics a spec without `metrics` reports.
std::vector<std::string> defaultSweepMetrics();

/// A cell turned into what `run` would be given: the scenario text with the cell's scenario
/// paths set, and the run options (`--model`, `--opt`, `--seed`, `--for`, `--costs`).
struct CellRun {
    std::string scenarioText;
    RunRequest request;
    std::string error; ///< a scenario path the cell could not set
};
CellRun cellRun(const SweepSpec& spec, const SweepCell& cell);

/// The cell shaped as `schedscope-cli run` shapes it.
ShapedRun shapeCell(const SweepSpec& spec, const SweepCell& cell);

/// The value of a `costs` axis that means no costs file: the scenario's own costs.
inline constexpr const char* kScenarioCosts = "default";

/// A value's text for people: strings without their quotes.
std::string sweepValueLabel(const std::string& jsonValue);

} // namespace core
