#pragma once

#include "base/trace.h"

#include <vector>

namespace core {

/// Sends every trace record to several sinks, in the order they were added.
class TraceTee : public TraceSink {
public:
    void add(TraceSink* s) {
        if (s)
            m_sinks.push_back(s);
    }
    bool empty() const { return m_sinks.empty(); }
    /// The one sink when there is exactly one (no forwarding needed), else this tee or null.
    TraceSink* sink() { return m_sinks.size() == 1 ? m_sinks.front() : m_sinks.empty() ? nullptr : this; }

    void slice(const Slice& s) override;
    void migration(const MigrationRecord& m) override;
    void placement(const PlacementRecord& p) override;
    void marker(const Marker& m) override;
    void contextSwitch(const SwitchRecord& s) override;
    void throttle(const ThrottleRecord& t) override;
    void wakeup(const WakeupRecord& w) override;
    void lost(SimTime t, int32_t cpu) override;
    void taskCreated(TaskId id, const std::string& name, CgroupId cgroup, SchedPolicy policy,
                     uint8_t rtPriority) override;
    void advanceTo(SimTime t, const Counters& counters) override;

private:
    std::vector<TraceSink*> m_sinks;
};

} // namespace core
