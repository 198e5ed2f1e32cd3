#include "base/tracetee.h"

namespace core {

void TraceTee::slice(const Slice& s) {
    for (TraceSink* k : m_sinks)
        k->slice(s);
}

void TraceTee::migration(const MigrationRecord& m) {
    for (TraceSink* k : m_sinks)
        k->migration(m);
}

void TraceTee::placement(const PlacementRecord& p) {
    for (TraceSink* k : m_sinks)
        k->placement(p);
}

void TraceTee::marker(const Marker& m) {
    for (TraceSink* k : m_sinks)
        k->marker(m);
}

void TraceTee::contextSwitch(const SwitchRecord& s) {
    for (TraceSink* k : m_sinks)
        k->contextSwitch(s);
}

void TraceTee::throttle(const ThrottleRecord& t) {
    for (TraceSink* k : m_sinks)
        k->throttle(t);
}

void TraceTee::wakeup(const WakeupRecord& w) {
    for (TraceSink* k : m_sinks)
        k->wakeup(w);
}

void TraceTee::lost(SimTime t, int32_t cpu) {
    for (TraceSink* k : m_sinks)
        k->lost(t, cpu);
}

void TraceTee::taskCreated(TaskId id, const std::string& name, CgroupId cgroup, SchedPolicy policy,
                           uint8_t rtPriority) {
    for (TraceSink* k : m_sinks)
        k->taskCreated(id, name, cgroup, policy, rtPriority);
}

void TraceTee::advanceTo(SimTime t, const Counters& counters) {
    for (TraceSink* k : m_sinks)
        k->advanceTo(t, counters);
}

} // namespace core
