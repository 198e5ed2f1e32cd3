#pragma once

#include "base/trace.h"
#include "report/snapshot.h"
#include "report/summary.h"

#include <memory>
#include <string>
#include <vector>

namespace core {

/// Turns an imported trace's records into the snapshots a GUI History is fed, exactly as a
/// simulation's: slices, switches, migrations, placements, markers and new tasks, cut into
/// pieces of bounded size, with a sample of the counters and of each cgroup's on-CPU time every
/// `sampleEvery` of trace time. Times are moved so that the trace starts at 0.
class TraceSnapshots : public TraceSink {
public:
    explicit TraceSnapshots(SimTime sampleEvery = SimTime::ms(10))
        : m_every(sampleEvery) {}

    void slice(const Slice& s) override;
    void migration(const MigrationRecord& m) override;
    void placement(const PlacementRecord& p) override;
    void marker(const Marker& m) override;
    void contextSwitch(const SwitchRecord& s) override;
    void taskCreated(TaskId id, const std::string& name, CgroupId cgroup, SchedPolicy policy,
                     uint8_t rtPriority) override;
    /// Samples take the reader's counters from here on (all of them: wakeups, forks and exits
    /// too), instead of only what the records above show.
    void advanceTo(SimTime t, const Counters& counters) override;

    /// The snapshots, oldest first; the last holds the final state (`finished`). `origin` is
    /// the trace's first timestamp, `cgroupPaths` the paths by cgroup id.
    std::vector<std::shared_ptr<Snapshot>> finish(const RunSummary& summary, SimTime origin,
                                                  const std::vector<std::string>& cgroupPaths);

private:
    void advance(SimTime t);
    void cutIfLarge();

    SimTime m_every;
    const Counters* m_live = nullptr;
    SimTime m_nextSample;
    bool m_started = false;
    Counters m_counters;
    std::vector<SimTime> m_usage; ///< on-CPU time by cgroup id, so far
    Snapshot m_pending;
    std::vector<std::shared_ptr<Snapshot>> m_done;
};

} // namespace core
