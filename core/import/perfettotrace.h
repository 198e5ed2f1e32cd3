#pragma once

#include "import/perfettotracks.h"
#include "import/traceevent.h"

#include <functional>
#include <string>
#include <string_view>
#include <vector>

namespace core {

/// What reading a Perfetto trace found besides its events.
struct PerfettoReadResult {
    std::string error;                 ///< "" when read; else file, offset, expected, found
    std::vector<std::string> warnings; ///< what was skipped and why, counted
    uint64_t lostBundles = 0;          ///< bundles that said the tracer lost events before them
    /// The counter tracks an import uses (import/perfettotracks.h): the model's, in a trace
    /// SchedScope wrote of a simulation.
    std::vector<PerfettoCounterTrack> counters;
};

/// Reads Perfetto's protobuf trace (`.pftrace`, `.perfetto-trace`: a Trace message, packet by
/// packet) and hands each scheduler event of its ftrace bundles to `add`: sched_switch,
/// sched_waking, sched_wakeup, sched_wakeup_new, sched_migrate_task, sched_process_fork (and
/// task_newtask where a trace has no fork event), sched_process_exit, task_rename,
/// cgroup_attach_task, in per-event or `compact_sched` encoding. prev_state is decoded for the
/// kernel the SystemInfo packet names (4.4's layout without one, as Perfetto does). The process
/// tree names tasks that no event names, and the task that recorded an event (FtraceEvent has
/// no common_comm). sched_process_exec and sched_stat_runtime (a GenericFtraceEvent) are read
/// too; a bundle without a CPU number is CPU 0's. Counter tracks named for a CPU, a task or a
/// cgroup are kept (PerfettoTracks). Packets and events of other kinds are skipped and counted
/// in the warnings; a packet cut short ends the read with a warning. `progress` (may be
/// empty) gets the fraction read and may cancel by returning false (error "... cancelled").
PerfettoReadResult readPerfettoTrace(const std::string& path, StringTable& strings,
                                     const std::function<void(const TraceEvent&)>& add,
                                     const std::function<bool(double)>& progress);

/// The same for bytes already in memory (`name` is used in messages).
PerfettoReadResult readPerfettoBytes(std::string_view data, const std::string& name, StringTable& strings,
                                     const std::function<void(const TraceEvent&)>& add);

/// Whether the first bytes of a file look like a Perfetto trace: a packet (field 1,
/// length-delimited) whose first field is well formed, in bytes that are not text.
bool looksLikePerfettoTrace(std::string_view head);

} // namespace core
