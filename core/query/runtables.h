#pragma once

#include "query/columntable.h"
#include "query/queryrun.h"
#include "query/querytables.h"

#include <memory>
#include <vector>

namespace core {

/// The tables of a simulation or a recording, with Perfetto's names where Perfetto has the
/// table (docs/query.md lists every column): `sched`, `thread_state`, `thread`, `process`,
/// `cpu`, `counter_track`, `cpu_counter_track`, `thread_counter_track`, `cgroup_counter_track`,
/// `counter`; and SchedScope's own `wakeup`, `migration`, `preemption`, `cgroup`,
/// `thread_cgroup` and `metadata`. utid 0 is the idle thread; a task's utid is its place in the
/// tracks plus one. Rows come in no particular order (a thread's, then the next thread's): a
/// query that needs one says ORDER BY.
std::vector<std::shared_ptr<const ColumnTable>> runTables(const QueryRun& run);

/// `out`'s tables from `run`: its warnings added to `run`'s metadata as `warning` rows, the
/// tables built, each utid's task id listed. What a simulation's and a recording's builders end
/// with.
void finishRunTables(QueryRun& run, QueryTables& out);

} // namespace core
