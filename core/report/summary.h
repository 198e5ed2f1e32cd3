#pragma once

#include "base/counters.h"
#include "base/cpumax.h"
#include "base/cpustat.h"
#include "base/kernelmodel.h"
#include "base/latency.h"
#include "base/optimizations.h"
#include "base/psireport.h"
#include "base/simtime.h"

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

namespace core {

struct CpuSummary {
    uint32_t cpu; ///< the kernel's CPU number (topology.cpu_numbers; the scenario's when absent)
    uint32_t socket, core, thread;
    SimTime busy, idle, overhead;
};

struct TaskSummary {
    uint32_t id;
    std::string name;
    std::string cgroup;
    SimTime runtime, user, system, wait;
    uint64_t switches, migrations;
    bool exited = false;
    SimTime exit;
    LatencyHistogram latency; ///< runnable-to-running waits (docs/latency.md)
    int64_t pid = -1;         ///< the kernel's pid: recorded, or given by the scenario (-1: none)
    SimTime start;            ///< when it started (a recording: first seen); not in the JSON
    /// From a sleep timer's expiry to running (cyclictest's figure); a simulation's only.
    LatencyHistogram timerLatency;
};

/// One cgroup: weight, cpuacct usage and pressure.
struct CgroupSummary {
    std::string path;
    uint32_t weight = 100;
    SimTime usage, user, system;
    PsiReport psi;
    CpuMax max;               ///< cpu.max at the end of the run
    CpuStat cpuStat;          ///< its bandwidth figures (zeros when it never had a limit)
    LatencyHistogram latency; ///< its tasks' waits (those listed, in it at the end)
};

struct ChannelSummary {
    std::string name;
    uint64_t transfers;
};

/// Where a summary came from when it was read from a real trace rather than simulated
/// (schedscope-cli trace-summary; docs/traces.md).
struct TraceSource {
    std::string format;                ///< "ftrace", "trace-cmd-report", "perf-script", "trace.dat"
    uint64_t events = 0;               ///< scheduler events used
    uint64_t lostEvents = 0;           ///< events the tracer reported lost or overwritten
    std::vector<std::string> warnings; ///< everything that makes the picture incomplete
};

/// What a run produced, as the CLI prints it.
struct RunSummary {
    std::string scenario;
    uint64_t seed = 0;
    KernelModel model = kDefaultKernelModel;
    SimTime simTime;
    double wallSeconds = 0; ///< filled by the caller; not part of the deterministic result
    uint64_t events = 0;
    OptimizationSet optimizations;
    Counters counters;
    std::vector<CpuSummary> cpus;
    std::vector<TaskSummary> tasks;
    uint64_t tasksNotListed = 0; ///< exited tasks beyond the record cap
    std::vector<ChannelSummary> channels;
    std::vector<CgroupSummary> cgroups; ///< the root first, then by path
    PsiReport systemPsi;                ///< /proc/pressure (the root group, cpu full zeroed)
    bool psiEnabled = true;
    bool cpuacctEnabled = true;
    /// Set when the summary describes a real trace: JSON then carries "trace" and leaves out
    /// what only a simulation has (seed, model, optimizations, simulated overhead).
    std::optional<TraceSource> trace;
};

/// Fills each cgroup's latency from the tasks listed in it.
void addCgroupLatency(RunSummary& s);

/// JSON as documented in docs/cli.md (stable keys; more may be added).
std::string toJson(const RunSummary& s, bool withWallTime = true);
/// One CSV table per section, separated by blank lines.
std::string toCsv(const RunSummary& s);
/// Human-readable tables.
std::string toTable(const RunSummary& s);
/// Each cgroup's /proc/pressure-style files (cpu, memory, io), the system's first.
std::string toPsiText(const RunSummary& s);

} // namespace core
