#pragma once

#include "base/simtime.h"
#include "report/summary.h"
#include "scenario/scenariospec.h"

#include <functional>
#include <optional>
#include <string>
#include <vector>

namespace core {

/// The longest a reality run lasts unless the caller asks for more (`--for`).
inline constexpr SimTime kRealityDefaultCap = SimTime::s(60);

struct RealityOptions {
    std::optional<SimTime> duration; ///< `--for`; default: the scenario's, at most 60 s
    std::string keepDir;             ///< keep perf.data, the perf script text and perf's log here
    std::string perf;                ///< the perf executable ("" = from PATH)
    std::function<void(const std::string&)> status; ///< progress lines (may be empty)
    std::function<bool()> stopRequested;            ///< SIGINT/SIGTERM arrived (may be empty)
};

/// One figure the trace gave for a task, beside what the kernel's /proc/PID/sched said.
struct ProcCrossCheck {
    std::string task, figure; ///< figure: "runtime_ms", "switches", "migrations"
    double trace = 0, proc = 0;
    bool agree = true;
};

/// The outcome of running a scenario's tasks on this host's kernel.
struct RealityRun {
    enum class Status { Ok, NoPermission, Refused, Failed, Interrupted };
    Status status = Status::Failed;
    std::string error; ///< why, when not Ok (naming the file or the permission)
    RunSummary real;   ///< run's schema: the scenario's tasks, its cgroups, their pressure
    SimTime duration;  ///< the bound the run had
    SimTime elapsed;   ///< start to stop on the host's clock
    std::string kernel, hostCpus, cgroupMode, recorder;
    std::vector<std::string> notes;     ///< how the scenario was made real, where approximated
    std::vector<ProcCrossCheck> checks; ///< trace totals against /proc
    std::string keptTrace;              ///< the perf script text, when kept
    /// Steal time on the run's CPUs during the run (/proc/stat, in its 10 ms ticks): time the
    /// host took, which the trace's slices count and sum_exec_runtime does not; -1 unread.
    double stealMs = -1;
};

/// The bound of a reality run: `requested`, or the scenario's duration capped at 60 s.
SimTime realityDuration(const ScenarioSpec& spec, std::optional<SimTime> requested);

/// Runs the scenario's tasks as real processes on this host (docs/reality.md), recording the
/// machine with `perf sched record`, and summarises what the kernel did in run's schema.
/// Everything it creates (processes, cgroups, files unless kept) is gone when it returns,
/// whatever the outcome. Single-threaded callers only (it forks).
RealityRun runReality(const ScenarioSpec& spec, const RealityOptions& options);

} // namespace core
