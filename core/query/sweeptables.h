#pragma once

#include "query/querytables.h"

#include <string>

namespace core {

/// Whether `path` is a sweep's results folder (a folder holding sweep.json).
bool isSweepFolder(const std::string& path);

/// The tables of a sweep's results folder (docs/sweeps.md; docs/query.md lists them):
/// - `cell`: one row per finished cell, as cells.csv has it: its index (`id`), each axis as a
///   column, each metric as a column, `error` (NULL when it ran) and `wall_s`;
/// - `cell_summary`: each cell's summary (`run --format json`'s) with its objects flattened into
///   columns (`counters_migrations`, `system_psi_cpu_some_total_us`, ...);
/// - `cell_task`, `cell_cgroup`, `cell_cpu`, `cell_channel`: the summary's lists, a row per
///   element with `cell_id`, flattened the same way (`latency_p99_ns`, `psi_cpu_some_avg10`);
/// - `sweep_axis(name, column)` and `sweep_metric(path, column)`: which column is which;
/// - `metadata`.
/// A column's name is the axis, metric or key path with every run of characters other than
/// letters, digits and `_` made one `_` (`opt.autogroup_move_skip` -> `opt_autogroup_move_skip`,
/// `tasks[name=db].latency.p99_ns` -> `tasks_name_db_latency_p99_ns`), `_2`, `_3`... added
/// where two would be the same.
QueryTables sweepTables(const std::string& dir);

} // namespace core
