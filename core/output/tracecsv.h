#pragma once

#include "base/trace.h"

#include <ostream>
#include <string>
#include <unordered_map>
#include <vector>

namespace core {

class CgroupTree;

/// Streams the trace as one CSV table: run slices, overhead slices, migrations, placements of
/// new tasks and markers,
/// one row each (the `record` column says which), in the order they complete.
class CsvTraceWriter : public TraceSink {
public:
    /// CPUs are written by the kernel's numbers: `cpuNumbers` is topology.cpu_numbers (empty:
    /// the scenario's own numbering).
    CsvTraceWriter(std::ostream& out, const CgroupTree& cgroups, std::vector<uint32_t> cpuNumbers = {});
    void slice(const Slice& s) override;
    void migration(const MigrationRecord& m) override;
    void placement(const PlacementRecord& p) override;
    void marker(const Marker& m) override;
    void throttle(const ThrottleRecord& t) override;
    void taskCreated(TaskId id, const std::string& name, CgroupId cgroup, SchedPolicy policy,
                     uint8_t rtPriority) override;

private:
    std::string taskName(TaskId id) const;
    uint32_t cpu(uint32_t c) const { return c < m_cpuNumbers.size() ? m_cpuNumbers[c] : c; }
    std::ostream& m_out;
    const CgroupTree& m_cgroups;
    std::unordered_map<uint32_t, std::string> m_names;
    std::vector<uint32_t> m_cpuNumbers;
};

} // namespace core
