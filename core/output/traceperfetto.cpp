#include "output/traceperfetto.h"

#include "base/bytetext.h"
#include "sched/cgroups.h"
#include "sched/topology.h"

#include <nlohmann/json.hpp>

#include <cinttypes>
#include <cstdio>

namespace core {

namespace {

constexpr int kPid = 1;

/// ns as microseconds with three decimals, exactly (no floating point).
std::string micros(SimTime t) {
    const int64_t ns = t.count();
    char buf[32];
    std::snprintf(buf, sizeof buf, "%" PRId64 ".%03" PRId64, ns / 1000, ns % 1000);
    return buf;
}

/// A name (bytes, base/bytetext.h) as a JSON string.
std::string quoted(const std::string& s) {
    return nlohmann::json(bytesAsText(s)).dump();
}

int tid(uint32_t cpu) {
    return static_cast<int>(cpu) + 1; // tid 0 is reserved in the legacy importer
}

} // namespace

PerfettoTraceWriter::PerfettoTraceWriter(std::ostream& out, const Topology& topology,
                                         const CgroupTree& cgroups, const std::string& scenarioName)
    : m_out(out)
    , m_cgroups(cgroups) {
    m_out << "{\"displayTimeUnit\":\"ns\",\"otherData\":{\"generator\":\"SchedScope\",\"scenario\":"
          << quoted(scenarioName) << "},\"traceEvents\":[";
    beginEvent();
    m_out << "{\"ph\":\"M\",\"pid\":" << kPid
          << ",\"name\":\"process_name\",\"args\":{\"name\":" << quoted("CPUs (" + scenarioName + ")")
          << "}}";
    for (uint32_t c = 0; c < topology.nrCpus(); ++c) {
        beginEvent();
        m_out << "{\"ph\":\"M\",\"pid\":" << kPid << ",\"tid\":" << tid(c)
              << ",\"name\":\"thread_name\",\"args\":{\"name\":" << quoted(topology.cpuLabel(CpuId(c)))
              << "}}";
        beginEvent();
        m_out << "{\"ph\":\"M\",\"pid\":" << kPid << ",\"tid\":" << tid(c)
              << ",\"name\":\"thread_sort_index\",\"args\":{\"sort_index\":" << c << "}}";
    }
}

void PerfettoTraceWriter::beginEvent() {
    if (!m_first)
        m_out << ',';
    m_out << '\n';
    m_first = false;
}

std::string PerfettoTraceWriter::taskName(TaskId id) const {
    auto it = m_names.find(id.value());
    return it == m_names.end() ? "task " + std::to_string(id.value()) : it->second;
}

void PerfettoTraceWriter::taskCreated(TaskId id, const std::string& name, CgroupId, SchedPolicy, uint8_t) {
    m_names[id.value()] = name;
}

void PerfettoTraceWriter::slice(const Slice& s) {
    if (m_finished || s.end <= s.start)
        return;
    const bool task = s.kind == SliceKind::Task;
    std::string name = task ? taskName(s.task) : std::string("kernel overhead");
    beginEvent();
    m_out << "{\"ph\":\"X\",\"pid\":" << kPid << ",\"tid\":" << tid(s.cpu) << ",\"ts\":" << micros(s.start)
          << ",\"dur\":" << micros(s.end - s.start) << ",\"cat\":\"" << (task ? "task" : "overhead")
          << "\",\"name\":" << quoted(name);
    if (s.task.valid()) {
        m_out << ",\"args\":{\"task_id\":" << s.task.value();
        if (!task)
            m_out << ",\"on_behalf_of\":" << quoted(taskName(s.task));
        if (s.cgroup.valid())
            m_out << ",\"cgroup\":" << quoted(m_cgroups.at(s.cgroup).path);
        m_out << '}';
    }
    m_out << '}';
}

void PerfettoTraceWriter::throttle(const ThrottleRecord& t) {
    if (m_finished || t.end <= t.start)
        return;
    // An async slice (begin/end pair with its own id): throttled stretches of several cgroups
    // overlap each other and the CPU's task slices, so they cannot go on the CPU's thread.
    const std::string name = "throttled " + m_cgroups.at(t.cgroup).path + " on cpu" + std::to_string(t.cpu);
    const uint64_t id = ++m_throttles;
    for (const auto& [ph, at] : {std::pair{"b", t.start}, std::pair{"e", t.end}}) {
        beginEvent();
        m_out << "{\"ph\":\"" << ph << "\",\"pid\":" << kPid << ",\"cat\":\"throttle\",\"id\":" << id
              << ",\"ts\":" << micros(at) << ",\"name\":" << quoted(name)
              << ",\"args\":{\"cgroup\":" << quoted(m_cgroups.at(t.cgroup).path) << ",\"cpu\":" << t.cpu
              << "}}";
    }
}

void PerfettoTraceWriter::migration(const MigrationRecord& m) {
    if (m_finished)
        return;
    const std::string name = "migrate " + taskName(m.task);
    const std::string ts = micros(m.time);
    beginEvent();
    m_out << "{\"ph\":\"i\",\"s\":\"t\",\"pid\":" << kPid << ",\"tid\":" << tid(m.to) << ",\"ts\":" << ts
          << ",\"cat\":\"migration\",\"name\":" << quoted(name) << ",\"args\":{\"task_id\":" << m.task.value()
          << ",\"from_cpu\":" << m.from << ",\"to_cpu\":" << m.to
          << ",\"reason\":" << quoted(std::string(migrationReasonName(m.reason)));
    if (m.level >= 0)
        m_out << ",\"domain_level\":" << int(m.level);
    m_out << "}}";
    // A flow arrow from the source CPU's track to the destination's.
    const uint64_t id = ++m_flowId;
    beginEvent();
    m_out << "{\"ph\":\"s\",\"pid\":" << kPid << ",\"tid\":" << tid(m.from) << ",\"ts\":" << ts
          << ",\"cat\":\"migration\",\"name\":" << quoted(name) << ",\"id\":" << id << '}';
    beginEvent();
    m_out << "{\"ph\":\"f\",\"bp\":\"e\",\"pid\":" << kPid << ",\"tid\":" << tid(m.to) << ",\"ts\":" << ts
          << ",\"cat\":\"migration\",\"name\":" << quoted(name) << ",\"id\":" << id << '}';
}

void PerfettoTraceWriter::placement(const PlacementRecord& p) {
    if (m_finished)
        return;
    beginEvent();
    m_out << "{\"ph\":\"i\",\"s\":\"t\",\"pid\":" << kPid << ",\"tid\":" << tid(p.to)
          << ",\"ts\":" << micros(p.time)
          << ",\"cat\":\"placement\",\"name\":" << quoted("place " + taskName(p.task))
          << ",\"args\":{\"task_id\":" << p.task.value() << ",\"parent_cpu\":" << p.from
          << ",\"cpu\":" << p.to << "}}";
}

void PerfettoTraceWriter::marker(const Marker& m) {
    if (m_finished)
        return;
    beginEvent();
    m_out << "{\"ph\":\"i\",\"s\":\"g\",\"pid\":" << kPid << ",\"tid\":0,\"ts\":" << micros(m.time)
          << ",\"cat\":\"marker\",\"name\":" << quoted(m.label) << '}';
}

void PerfettoTraceWriter::finish() {
    if (m_finished)
        return;
    m_finished = true;
    m_out << "\n]}\n";
}

} // namespace core
