#pragma once

#include "base/counters.h"
#include "base/cpumax.h"
#include "base/cpustat.h"
#include "base/ids.h"
#include "base/optimizations.h"
#include "base/psireport.h"
#include "base/simtime.h"
#include "base/taskstate.h"
#include "base/trace.h"
#include "report/threadstates.h"
#include "scenario/scenariospec.h"

#include <cstdint>
#include <memory>
#include <string>
#include <vector>

namespace core {

/// One CPU at the snapshot's time.
struct CpuState {
    TaskId curr; ///< invalid when idle
    CgroupId cgroup;
    uint32_t nrRunning = 0;
    SimTime busy, idle, overhead;
};

/// A cgroup's accounting at one moment: what its cgroup files read (weight, cgroup.procs
/// count, cpuacct usage, the *.pressure files, cpu.max and cpu.stat). Snapshots carry it with
/// the cgroup's identity (CgroupState), periodic samples without, and the GUI's History keeps
/// these as they come.
struct CgroupPoint {
    uint32_t weight = 100;
    uint32_t nrTasks = 0;
    SimTime usage; ///< cpuacct usage, the whole subtree (zero when cpuacct is off)
    PsiReport psi; ///< as its cpu/memory/io.pressure files read now (zeros when PSI is off)
    CpuMax max;    ///< cpu.max (unlimited unless set)
    CpuStat cpuStat;
    uint32_t throttledCpus = 0; ///< CPUs on which its queue is throttled now
};

/// One cgroup at the snapshot's time: which cgroup, and its accounting.
struct CgroupState : CgroupPoint {
    CgroupId id;
    std::string path;
    CgroupId parent;
};

/// The counters and every cgroup's accounting at one moment between snapshots, taken at a
/// fixed simulated interval so charts have their points however fast the run goes.
struct StateSample {
    SimTime time;
    Counters counters;
    OptimizationSet optimizations;
    std::vector<CgroupPoint> cgroups; ///< indexed like Snapshot::cgroups
};

/// A task created since the previous snapshot: its name and class, for the views.
struct NewTask {
    TaskId id;
    std::string name;
    CgroupId cgroup; ///< where it was created
    SchedPolicy policy = SchedPolicy::Other;
    uint8_t rtPriority = 0; ///< 1..99 for fifo and rr
};

/// One live task at the snapshot's time.
struct TaskInfo {
    TaskId id;
    std::string name;
    CgroupId cgroup;
    TaskState state = TaskState::New;
    uint32_t cpu = 0;
    SimTime runtime;
};

/// What the engine looked like at one moment, plus everything that happened since the previous
/// snapshot (slices, migrations, markers). Immutable once published; shared between threads as
/// shared_ptr<const Snapshot>.
struct Snapshot {
    /// Which run this belongs to (the producer counts its restarts); a reader drops snapshots
    /// of a run it has left, and the mailbox never merges across runs.
    uint64_t generation = 0;
    SimTime time;
    bool finished = false;
    Counters counters;
    OptimizationSet optimizations;
    std::vector<CpuState> cpus;
    std::vector<CgroupState> cgroups;
    /// The live tasks, when `hasTasks` (taking them is costly, so not every snapshot does; an
    /// empty list with `hasTasks` means no task is alive).
    std::vector<TaskInfo> tasks;
    bool hasTasks = false;
    /// Messages received so far per channel (the scenario's throughput), in declaration order.
    std::vector<std::pair<std::string, uint64_t>> channels;
    // Deltas since the previous snapshot.
    std::vector<Slice> slices;
    std::vector<MigrationRecord> migrations;
    std::vector<SwitchRecord> switches;
    std::vector<Marker> markers;
    std::vector<ThrottleRecord> throttles; ///< cpu.max throttled stretches (ended or flushed)
    std::vector<NewTask> newTasks;
    /// Periodic samples since the previous snapshot (Recorder::sample), oldest first.
    std::vector<StateSample> samples;
    /// Live commands applied since (Engine::commandLog), for saving the session.
    std::vector<TimelineEntry> commands;
    /// Every task's thread-state track up to `threadStates->end`, when the producer built them
    /// (building costs a pass over the whole run, so not every snapshot has them; null: the
    /// latest ones stay). State, not a delta: a newer snapshot's replace an older's.
    std::shared_ptr<const ThreadStates> threadStates;

    /// Folds a newer snapshot into this (unread) one: state from the newer, deltas appended,
    /// so nothing is dropped when the reader is slow.
    void absorb(Snapshot&& newer);
    /// Takes the newer snapshot's state (time, counters, CPUs, cgroups, channels, and its task
    /// list when it has one) and leaves this one's deltas alone: what a reader that keeps the
    /// deltas elsewhere (the GUI's History) holds as the latest state.
    void adoptState(const Snapshot& newer);
    void adoptState(Snapshot&& newer);
};

} // namespace core
