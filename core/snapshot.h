#pragma once

#include "counters.h"
#include "ids.h"
#include "optimizations.h"
#include "psi.h"
#include "simtime.h"
#include "trace.h"

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

/// One cgroup at the snapshot's time.
struct CgroupState {
    CgroupId id;
    std::string path;
    CgroupId parent;
    uint32_t weight = 100;
    uint32_t nrTasks = 0;
    SimTime usage; ///< cpuacct usage, the whole subtree (zero when cpuacct is off)
    PsiReport psi; ///< as its cpu/memory/io.pressure files read now (zeros when PSI is off)
};

/// One live task at the snapshot's time.
struct TaskInfo {
    TaskId id;
    std::string name;
    CgroupId cgroup;
    uint8_t state = 0; ///< core::TaskState
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
    std::vector<TaskInfo> tasks;
    // Deltas since the previous snapshot.
    std::vector<Slice> slices;
    std::vector<MigrationRecord> migrations;
    std::vector<Marker> markers;
    std::vector<std::pair<TaskId, std::string>> newTasks;

    /// Folds a newer snapshot into this (unread) one: state from the newer, deltas appended,
    /// so nothing is dropped when the reader is slow.
    void absorb(Snapshot&& newer);
};

} // namespace core
