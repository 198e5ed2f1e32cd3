#include "import/tracesnapshots.h"

#include <algorithm>

namespace core {

namespace {
constexpr size_t kRecordsPerSnapshot = 1u << 18;
} // namespace

void TraceSnapshots::advance(SimTime t) {
    if (!m_started) {
        m_started = true;
        m_nextSample = t + m_every;
        return;
    }
    while (t >= m_nextSample) {
        StateSample s;
        s.time = m_nextSample;
        s.counters = m_live ? *m_live : m_counters;
        s.cgroups.resize(m_usage.size());
        for (size_t i = 0; i < m_usage.size(); ++i)
            s.cgroups[i].usage = m_usage[i];
        m_pending.samples.push_back(std::move(s));
        m_nextSample += m_every;
    }
}

void TraceSnapshots::advanceTo(SimTime t, const Counters& counters) {
    m_live = &counters;
    advance(t);
}

void TraceSnapshots::cutIfLarge() {
    const size_t n = m_pending.slices.size() + m_pending.switches.size() + m_pending.migrations.size();
    if (n < kRecordsPerSnapshot)
        return;
    m_pending.counters = m_live ? *m_live : m_counters; // as counted so far, not at the end
    m_done.push_back(std::make_shared<Snapshot>(std::move(m_pending)));
    m_pending = Snapshot{};
}

void TraceSnapshots::slice(const Slice& s) {
    advance(s.end);
    if (s.cgroup.value() >= m_usage.size())
        m_usage.resize(s.cgroup.value() + 1);
    m_usage[s.cgroup.value()] += s.end - s.start;
    m_pending.slices.push_back(s);
    cutIfLarge();
}

void TraceSnapshots::migration(const MigrationRecord& m) {
    advance(m.time);
    ++m_counters.migrations;
    ++m_counters.migrationsByReason[static_cast<size_t>(m.reason)];
    m_pending.migrations.push_back(m);
    cutIfLarge();
}

void TraceSnapshots::placement(const PlacementRecord& p) {
    advance(p.time);
    ++m_counters.placements;
}

void TraceSnapshots::marker(const Marker& m) {
    advance(m.time);
    m_pending.markers.push_back(m);
}

void TraceSnapshots::contextSwitch(const SwitchRecord& s) {
    advance(s.time);
    ++m_counters.contextSwitches;
    m_pending.switches.push_back(s);
    cutIfLarge();
}

void TraceSnapshots::taskCreated(TaskId id, const std::string& name, CgroupId cgroup, SchedPolicy policy,
                                 uint8_t rtPriority) {
    m_pending.newTasks.push_back({id, name, cgroup, policy, rtPriority});
}

std::vector<std::shared_ptr<Snapshot>> TraceSnapshots::finish(const RunSummary& summary, SimTime origin,
                                                              const std::vector<std::string>& cgroupPaths) {
    m_live = nullptr; // the reader that kept them is done
    m_done.push_back(std::make_shared<Snapshot>(std::move(m_pending)));
    m_pending = Snapshot{};
    // The final state: every CPU's busy and idle, every cgroup with its parent and on-CPU time.
    std::vector<CpuState> cpus;
    for (const CpuSummary& c : summary.cpus) {
        CpuState cs;
        cs.busy = c.busy;
        cs.idle = c.idle;
        cpus.push_back(cs);
    }
    std::vector<CgroupState> cgroups;
    for (size_t i = 0; i < cgroupPaths.size(); ++i) {
        CgroupState g;
        g.id = CgroupId(static_cast<uint32_t>(i));
        g.path = cgroupPaths[i];
        // The parent is the longest path that prefixes this one, the root otherwise.
        size_t best = 0, bestLength = 0;
        for (size_t k = 1; k < cgroupPaths.size(); ++k) {
            const std::string& p = cgroupPaths[k];
            if (k != i && p.size() > bestLength && g.path.size() > p.size() &&
                g.path.rfind(p + "/", 0) == 0) {
                best = k;
                bestLength = p.size();
            }
        }
        g.parent = i == 0 ? CgroupId::invalid() : CgroupId(static_cast<uint32_t>(best)); // the root has none
        g.usage = i < m_usage.size() ? m_usage[i] : SimTime();
        cgroups.push_back(std::move(g));
    }
    auto shift = [&](SimTime& t) { t = t - origin; };
    for (const auto& snap : m_done) {
        for (Slice& s : snap->slices) {
            shift(s.start);
            shift(s.end);
        }
        for (MigrationRecord& m : snap->migrations)
            shift(m.time);
        for (SwitchRecord& s : snap->switches) {
            shift(s.time);
            shift(s.nextRunnableSince);
        }
        for (Marker& m : snap->markers)
            shift(m.time);
        for (StateSample& s : snap->samples) {
            shift(s.time);
            s.cgroups.resize(cgroups.size());
        }
        snap->cpus = cpus;
        snap->cgroups = cgroups;
        SimTime last;
        if (!snap->slices.empty())
            last = std::max(last, snap->slices.back().end);
        if (!snap->switches.empty())
            last = std::max(last, snap->switches.back().time);
        snap->time = last;
    }
    Snapshot& final = *m_done.back();
    final.time = summary.simTime;
    final.finished = true;
    final.counters = summary.counters;
    std::vector<std::shared_ptr<Snapshot>> out;
    out.swap(m_done);
    return out;
}

} // namespace core
