#pragma once

#include "base/costs.h"
#include "base/cpumax.h"
#include "base/cpuset.h"
#include "base/kernelmodel.h"
#include "base/optimizations.h"
#include "base/simtime.h"
#include "base/taskstate.h"

#include <cstdint>
#include <map>
#include <memory>
#include <optional>
#include <string>
#include <vector>

namespace core {

/// kernel.recorded_bursts: how much of the kernel's work a task's recorded runs already hold.
enum class RecordedBursts : uint8_t { No, Calls, All };

/// The machine as the scenario describes it.
struct TopologySpec {
    uint32_t sockets = 1;
    uint32_t coresPerSocket = 1;
    uint32_t threadsPerCore = 1;
    uint32_t numaNodes = 1;
    /// The kernel's number of each CPU (topology.cpu_numbers), in scenario order; empty when
    /// the kernel numbers CPUs as the scenario does. CPU lists in the file use these numbers; the
    /// loader translates them, so everything after it works on scenario CPU numbers.
    std::vector<uint32_t> cpuNumbers;
    uint32_t nrCpus() const { return sockets * coresPerSocket * threadsPerCore; }
    /// The number the kernel (and the views) give scenario CPU `cpu`.
    uint32_t kernelCpu(uint32_t cpu) const { return cpu < cpuNumbers.size() ? cpuNumbers[cpu] : cpu; }
};

/// A duration an action takes: fixed, or drawn from the scenario's seeded generator.
struct DurationDist {
    enum class Kind : uint8_t { Fixed, Exp, Uniform };
    Kind kind = Kind::Fixed;
    SimTime a; ///< the value, the mean (exp) or the lower bound (uniform)
    SimTime b; ///< upper bound (uniform)
    bool operator==(const DurationDist&) const = default;
};

enum class ActionKind : uint8_t {
    Run,
    Sleep,
    Io,
    Memstall,
    Send,
    Recv,
    Loop,
    Fork,
    Wait,
    Move,
    Setsid,
    Yield,
    Exit,
    Nice,   ///< setpriority(): the task's own nice (set_user_nice)
    Policy, ///< sched_setscheduler() / sched_setattr(): its policy, RT priority, nice
    Cpus    ///< sched_setaffinity(): its own CPUs
};

struct TaskSpec;

/// One program action, as written in the scenario (validated).
struct ActionSpec {
    ActionKind kind = ActionKind::Exit;
    // nice, policy (in what would be padding: a recording's millions of actions stay 112 bytes).
    SchedPolicy policy = SchedPolicy::Other; ///< policy
    uint8_t rtPriority = 0;                  ///< policy fifo and rr: 1..99
    int8_t nice = 0;                         ///< nice; policy other, batch, idle (unless keepNice)
    bool keepNice = false;                   ///< policy: a fair policy without "nice" keeps the task's
    DurationDist duration;                   ///< run, sleep, io, memstall
    /// channel (send/recv, may contain {i}), cgroup (move), session (setsid), CPU list in scenario
    /// numbering (cpus)
    std::string name;
    int64_t loopCount = 0;                 ///< loop: -1 repeats forever
    std::vector<ActionSpec> body;          ///< loop
    std::shared_ptr<const TaskSpec> child; ///< fork
};

struct TaskSpec {
    std::string name;
    uint32_t count = 1;
    std::optional<std::string> cgroup; ///< absent: "/" (or the parent's, for fork)
    int nice = 0;
    SchedPolicy policy = SchedPolicy::Other;
    uint8_t rtPriority = 0;       ///< 1..99 for "fifo" and "rr"
    std::optional<SimTime> slice; ///< custom slice (v6.12 sched_attr.sched_runtime); absent: base slice
    /// prctl(PR_SET_TIMERSLACK): how late its sleeps may end; absent: 50 us (the kernel's default)
    /// or, for fork, the parent's
    std::optional<SimTime> timerSlack;
    std::optional<CpuListParse> cpus;   ///< affinity; absent = all CPUs
    std::optional<std::string> session; ///< absent: none (or the parent's, for fork)
    SimTime start;
    std::vector<ActionSpec> program;
    std::optional<int32_t> pid; ///< the recorded pid of an imported task (summaries report it)
};

struct CgroupSpec {
    std::string path;
    uint32_t weight = 100;
    std::optional<CpuListParse> cpus;
    CpuMax max; ///< cpu.max and cpu.max.burst (unlimited by default)
};

enum class ChannelKind : uint8_t { Pipe, Socket };

struct ChannelSpec {
    std::string name; ///< after {i} expansion
    ChannelKind kind = ChannelKind::Pipe;
    uint32_t capacity = 16;
};

struct KernelFeatures {
    bool psi = true;
    bool cpuacct = true;
    bool autogroup = false;
    bool virtCpuAccounting = false;
    bool groupSched = true;
};

struct KernelSpec {
    KernelModel model = kDefaultKernelModel;
    uint32_t hz = 250;
    KernelFeatures features;
    std::map<CostOp, SimTime> costs;          ///< overrides of the default cost model
    std::map<CostCount, uint32_t> costCounts; ///< overrides of the cost model's count parameters
    bool smtGainCapacity = false;             ///< extension: v4.11 smt_gain CPU capacity
    /// Extension: the tasks' runs are CPU time measured in a recording (import-trace), which
    /// already holds the kernel's work done while the task was on its CPU. Calls (`true`): the
    /// engine deducts the cost it charges for the call that ends a run from the run before it
    /// (context/program.cpp). All (`"all"`, import-trace since 2026-12-07): that too, and every
    /// other cost charged while the task runs (switch, wakeup, enqueue, tick, PSI, ...) comes out
    /// of its current run or, when that is spent, its next ones (sched/machine.h).
    RecordedBursts recordedBursts = RecordedBursts::No;
};

/// A live change applied at a simulated time (timeline entry or GUI command).
struct TimelineEntry {
    enum class Kind : uint8_t { Optimizations, Move, CgroupWeight, Spawn, Kill, Affinity, CgroupMax };
    SimTime at;
    Kind kind = Kind::Optimizations;
    std::map<Optimization, bool> optimizations;
    std::string taskPattern;               ///< move, kill, affinity
    std::optional<CpuListParse> cpus;      ///< affinity (sched_setaffinity)
    std::string cgroupPath;                ///< move target, weight change
    uint32_t weight = 100;                 ///< weight change
    CpuMax max;                            ///< bandwidth change
    std::shared_ptr<const TaskSpec> spawn; ///< spawn
};

/// A point in a run the user marked, with a note (the GUI's bookmarks, saved with a session).
/// The engine ignores them.
struct Bookmark {
    SimTime at;
    std::string note;
};

/// A validated scenario: everything the engine needs, nothing it has to check again.
struct ScenarioSpec {
    std::string source; ///< file name or builtin:NAME, for messages
    std::string name;
    std::string description;
    uint64_t seed = 1;
    SimTime duration;
    TopologySpec topology;
    KernelSpec kernel;
    OptimizationSet optimizations;
    std::vector<CgroupSpec> cgroups;
    std::vector<ChannelSpec> channels;
    std::vector<TaskSpec> tasks;
    std::vector<TimelineEntry> timeline; ///< sorted by time, ties in file order
    std::vector<Bookmark> bookmarks;     ///< in file order (not for the engine)
};

} // namespace core
