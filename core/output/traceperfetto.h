#pragma once

#include "base/trace.h"

#include <cstdint>
#include <ostream>
#include <string>
#include <unordered_map>

namespace core {

class CgroupTree;
class Topology;

/// Streams the trace as Chrome/Perfetto trace-event JSON (the "JSON Array/Object" format that
/// ui.perfetto.dev and chrome://tracing open): one track per CPU, named and ordered by socket,
/// core and SMT thread; a complete ("X") event per run slice named after its task, kernel
/// overhead in its own category; every migration as an instant on the destination CPU plus a
/// flow arrow from the source CPU; markers as global instants. Times are microseconds with
/// nanosecond decimals. Call finish() once after the run to close the JSON.
class PerfettoTraceWriter : public TraceSink {
public:
    PerfettoTraceWriter(std::ostream& out, const Topology& topology, const CgroupTree& cgroups,
                        const std::string& scenarioName);
    void slice(const Slice& s) override;
    void migration(const MigrationRecord& m) override;
    void placement(const PlacementRecord& p) override;
    void marker(const Marker& m) override;
    void throttle(const ThrottleRecord& t) override;
    void taskCreated(TaskId id, const std::string& name, CgroupId cgroup, SchedPolicy policy,
                     uint8_t rtPriority) override;
    /// Closes the event array and the object; nothing may be written after.
    void finish();

private:
    void beginEvent();
    std::string taskName(TaskId id) const;
    std::ostream& m_out;
    const CgroupTree& m_cgroups;
    std::unordered_map<uint32_t, std::string> m_names;
    uint64_t m_flowId = 0;
    bool m_first = true;
    bool m_finished = false;
    uint64_t m_throttles = 0; ///< async ids of throttled stretches
};

} // namespace core
