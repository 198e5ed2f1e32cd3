#include "output/tracecsv.h"

#include "base/bytetext.h"
#include "sched/cgroups.h"

namespace core {

CsvTraceWriter::CsvTraceWriter(std::ostream& out, const CgroupTree& cgroups, std::vector<uint32_t> cpuNumbers)
    : m_out(out)
    , m_cgroups(cgroups)
    , m_cpuNumbers(std::move(cpuNumbers)) {
    m_out << "record,start_ns,end_ns,cpu,task_id,task,cgroup,from_cpu,to_cpu,reason,domain_level,label\n";
}

std::string CsvTraceWriter::taskName(TaskId id) const {
    auto it = m_names.find(id.value());
    return it == m_names.end() ? std::string() : it->second;
}

void CsvTraceWriter::taskCreated(TaskId id, const std::string& name, CgroupId, SchedPolicy, uint8_t) {
    m_names[id.value()] = name;
}

void CsvTraceWriter::slice(const Slice& s) {
    m_out << (s.kind == SliceKind::Task ? "task" : "overhead") << ',' << s.start.count() << ','
          << s.end.count() << ',' << cpu(s.cpu) << ',';
    if (s.task.valid())
        m_out << s.task.value() << ',' << csvQuoted(taskName(s.task)) << ','
              << csvQuoted(s.cgroup.valid() ? m_cgroups.at(s.cgroup).path : std::string());
    else
        m_out << ",,";
    m_out << ",,,,,\n";
}

void CsvTraceWriter::migration(const MigrationRecord& m) {
    m_out << "migration," << m.time.count() << ',' << m.time.count() << ',' << cpu(m.to) << ','
          << m.task.value() << ',' << csvQuoted(taskName(m.task)) << ",," << cpu(m.from) << ',' << cpu(m.to)
          << ',' << migrationReasonName(m.reason) << ','
          << (m.level >= 0 ? std::to_string(m.level) : std::string()) << ",\n";
}

void CsvTraceWriter::placement(const PlacementRecord& p) {
    m_out << "placement," << p.time.count() << ',' << p.time.count() << ',' << cpu(p.to) << ','
          << p.task.value() << ',' << csvQuoted(taskName(p.task)) << ",," << cpu(p.from) << ',' << cpu(p.to)
          << ",fork,,\n";
}

void CsvTraceWriter::throttle(const ThrottleRecord& t) {
    m_out << "throttle," << t.start.count() << ',' << t.end.count() << ',' << cpu(t.cpu) << ",,,"
          << csvQuoted(m_cgroups.at(t.cgroup).path) << ",,,cpu.max,,\n";
}

void CsvTraceWriter::marker(const Marker& m) {
    m_out << "marker," << m.time.count() << ',' << m.time.count() << ",,,,,,,,," << csvQuoted(m.label)
          << '\n';
}

} // namespace core
