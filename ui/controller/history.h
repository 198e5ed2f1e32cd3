#pragma once

#include "controller/format.h"
#include "controller/lanestore.h"
#include "report/snapshot.h"

#include <cstdint>
#include <deque>
#include <string>
#include <unordered_map>
#include <vector>

namespace core {
struct ScenarioSpec;
}

namespace ui {

/// A stretch during which a cgroup's queue on a CPU was throttled (cpu.max).
struct Throttled {
    SimNs start = 0;
    SimNs end = 0;
    uint32_t cgroup = 0;
};

/// The state the engine published at one moment.
struct HistorySample {
    SimNs time = 0;
    core::Counters counters;
    core::OptimizationSet optimizations;
    std::vector<core::CgroupPoint> cgroups; ///< indexed by cgroup id
};

/// What the GUI remembers of a run: per-CPU occupancy at several resolutions, migrations,
/// markers, samples of counters, cgroup usage and pressure, and the latest state. Lives on the
/// GUI thread and is fed the snapshots in order. Stays within a memory cap: when over it, the
/// older half keeps only coarse occupancy, every other sample, and no migration or switch records (their
/// counts stay in the samples); if that is not enough, the oldest half is dropped.
class History {
public:
    static constexpr size_t kDefaultCap = size_t(512) << 20;

    explicit History(size_t capBytes = kDefaultCap);

    /// Starts over for a new run on `nrCpus` CPUs.
    void reset(uint32_t nrCpus);
    void append(const core::Snapshot& s);

    void setCap(size_t bytes);
    size_t cap() const { return m_cap; }
    /// Memory held, estimated from container capacities.
    size_t bytes() const;
    int compactions() const { return m_compactions; }

    // ---- the timeline ---------------------------------------------------------------------
    SimNs start() const { return m_start; } ///< earliest time held (ns)
    SimNs now() const { return m_now; }
    /// Data before this time is held at reduced resolution (no migration or switch records, thinned samples).
    SimNs coarseUntil() const { return m_coarseUntil; }
    uint32_t nrCpus() const { return static_cast<uint32_t>(m_lanes.size()); }
    const LaneStore& lane(uint32_t cpu) const { return m_lanes[cpu]; }
    const std::deque<core::MigrationRecord>& migrations() const { return m_migrations; }
    /// Context switches, in time order (dropped with the migration records by compaction).
    const std::deque<core::SwitchRecord>& switches() const { return m_switches; }
    const std::vector<core::Marker>& markers() const { return m_markers; }
    /// A CPU's throttled stretches (cpu.max), in order of their end.
    const std::vector<Throttled>& throttled(uint32_t cpu) const { return m_throttles[cpu]; }
    /// Every live command of the run, in order (never compacted: they are few).
    const std::vector<core::TimelineEntry>& commands() const { return m_commands; }
    const std::vector<HistorySample>& samples() const { return m_samples; }
    /// Index of the last sample at or before t (0 if none is).
    size_t sampleAt(SimNs t) const;
    /// Where "the whole run" starts for rates: nothing counted at time 0 while the start is held,
    /// else the oldest sample kept.
    HistorySample runOrigin() const;
    /// Migration records with time in [from, to).
    std::pair<size_t, size_t> migrationsWithin(SimNs from, SimNs to) const;
    /// Switch records with time in [from, to).
    std::pair<size_t, size_t> switchesWithin(SimNs from, SimNs to) const;
    /// Every migration delivered so far (records dropped by compaction included).
    uint64_t migrationsDelivered() const { return m_migrationsDelivered; }
    uint64_t snapshotsReceived() const { return m_snapshots; }

    // ---- the latest state ------------------------------------------------------------------
    /// The newest snapshot's state (cpus, cgroups, counters; tasks from the newest that had
    /// them). Its delta lists are empty.
    const core::Snapshot& latest() const { return m_latest; }
    /// The task's name, "" if unknown (never seen, or forgotten with old history).
    const std::string& taskName(uint32_t id) const;
    /// The task's policy and RT priority (other, 0 if unknown).
    struct TaskClass {
        core::SchedPolicy policy = core::SchedPolicy::Other;
        uint8_t rtPriority = 0;
        bool rt() const { return core::rtPolicy(policy); }
    };
    TaskClass taskClass(uint32_t id) const;
    /// The cgroup the task was created in (0, the root, if unknown).
    uint32_t taskCgroup(uint32_t id) const;
    /// Has an RT task been seen in this run?
    bool anyRtTask() const { return m_anyRt; }
    /// Whether this history was read from a real trace (migration reasons are then inferred;
    /// there is no PSI). Cleared by reset().
    bool fromTrace() const { return m_fromTrace; }
    /// The kernel's CPU numbers (topology.cpu_numbers) for naming CPUs; reset() clears them.
    void setCpuNumbers(std::vector<uint32_t> numbers) { m_cpuNumbers = std::move(numbers); }
    /// The kernel's number of lane `cpu`.
    uint32_t kernelCpu(uint32_t cpu) const { return cpu < m_cpuNumbers.size() ? m_cpuNumbers[cpu] : cpu; }
    void markFromTrace() { m_fromTrace = true; }

private:
    template <class Cgroups>
    void addSample(SimNs time, const core::Counters& counters, const core::OptimizationSet& opts,
                   const Cgroups& cgroups);
    void compactIfNeeded();
    void coarsenBefore(SimNs mid);
    void dropBefore(SimNs mid);
    void forgetUnreferencedNames(SimNs keepCreatedAfter);

    size_t m_cap;
    std::vector<LaneStore> m_lanes;
    std::deque<core::MigrationRecord> m_migrations;
    std::deque<core::SwitchRecord> m_switches;
    std::vector<core::Marker> m_markers;
    std::vector<std::vector<Throttled>> m_throttles; ///< by CPU
    std::vector<core::TimelineEntry> m_commands;
    std::vector<HistorySample> m_samples;
    struct Name {
        uint32_t index;
        SimNs created;
        uint32_t cgroup = 0;
        core::SchedPolicy policy = core::SchedPolicy::Other;
        uint8_t rtPriority = 0;
    };
    std::unordered_map<uint32_t, Name> m_taskNames;
    std::vector<std::string> m_names;
    std::unordered_map<std::string, uint32_t> m_nameIndex;
    core::Snapshot m_latest;
    SimNs m_start = 0;
    SimNs m_now = 0;
    SimNs m_coarseUntil = 0;
    uint64_t m_migrationsDelivered = 0;
    uint64_t m_snapshots = 0;
    bool m_anyRt = false;
    bool m_fromTrace = false;
    std::vector<uint32_t> m_cpuNumbers;
    int m_compactions = 0;
};

} // namespace ui
