#include "query/queryrecorder.h"

namespace core {

namespace {

/// sched_switch's prev_state letters for a simulated switch out, as Perfetto shows them.
SwitchOut switchOutOf(const SwitchRecord& s, const std::string& dead) {
    switch (s.prevState) {
    case TaskState::New:
    case TaskState::Running:
    case TaskState::Runnable:
        // Switched out runnable: preempted (R+), unless it gave the CPU up itself (R).
        return {s.time, s.rule == PreemptRule::Yield ? "R" : "R+"};
    case TaskState::Sleeping:
        return {s.time, "S"};
    case TaskState::IoWait:
        return {s.time, "D", 1};
    case TaskState::MemStall:
        return {s.time, "D", 0};
    case TaskState::Dead:
        break;
    }
    return {s.time, dead};
}

int defaultPriority(SchedPolicy policy, uint8_t rtPriority) {
    return rtPolicy(policy) ? 99 - rtPriority : 120;
}

} // namespace

void QueryRecorder::stay(uint32_t id, SimTime t, uint32_t cgroup) {
    std::vector<CgroupStay>& v = m_stays[id];
    if (v.empty() || v.back().cgroup != cgroup)
        v.push_back({t, cgroup});
}

void QueryRecorder::slice(const Slice& s) {
    // A simulated task's cgroup shows in its slices (a task moving itself splits its slice there);
    // a recording's moves come from the observer, at the time the trace gives.
    if (m_options.recording || s.kind != SliceKind::Task || !s.task.valid() || !s.cgroup.valid())
        return;
    stay(s.task.value(), s.start, s.cgroup.value());
}

void QueryRecorder::contextSwitch(const SwitchRecord& s) {
    if (s.cpu >= m_cpuFirst.size() && s.cpu < (1u << 16))
        m_cpuFirst.resize(size_t(s.cpu) + 1);
    if (s.cpu < m_cpuFirst.size() && !m_cpuFirst[s.cpu])
        m_cpuFirst[s.cpu] = s.time;
    if (m_options.recording || !s.prev.valid())
        return;
    m_switchOuts[s.prev.value()].push_back(switchOutOf(s, m_options.deadState));
}

void QueryRecorder::taskCreated(TaskId id, const std::string&, CgroupId cgroup, SchedPolicy policy,
                                uint8_t rtPriority) {
    m_lastCreated = id.value();
    if (m_stays.count(id.value()))
        return; // a recording names a task again when its comm changes
    stay(id.value(), kFromStart, cgroup.valid() ? cgroup.value() : 0);
    if (m_options.recording)
        return;
    const int prio = m_options.priorityOf ? m_options.priorityOf(id, policy, rtPriority)
                                          : defaultPriority(policy, rtPriority);
    m_priorities[id.value()].push_back({kFromStart, prio});
}

uint32_t QueryRecorder::idOf(int32_t task) const {
    return task >= 0 && static_cast<size_t>(task) < m_byIndex.size() ? m_byIndex[static_cast<size_t>(task)]
                                                                     : UINT32_MAX;
}

void QueryRecorder::taskSeen(int32_t task, int64_t) {
    if (task < 0)
        return;
    if (static_cast<size_t>(task) >= m_byIndex.size()) {
        m_byIndex.resize(static_cast<size_t>(task) + 1, UINT32_MAX);
        m_observed.resize(m_byIndex.size());
    }
    m_byIndex[static_cast<size_t>(task)] = m_lastCreated;
}

void QueryRecorder::switchedOut(int32_t task, int64_t t, char state) {
    if (idOf(task) == UINT32_MAX)
        return;
    // The importer reports a preempted task (R or R+) as 'R': Perfetto's letters for it are R+.
    const char letter[2] = {state, 0};
    m_observed[static_cast<size_t>(task)].outs.emplace_back(
        SimTime::ns(t), state == 'R' ? std::string_view("R+") : std::string_view(letter));
}

void QueryRecorder::priority(int32_t task, int prio, int64_t t) {
    if (idOf(task) == UINT32_MAX)
        return;
    std::vector<PriorityChange>& v = m_observed[static_cast<size_t>(task)].priorities;
    if (v.empty() || v.back().prio != prio)
        v.push_back({SimTime::ns(t), prio});
}

void QueryRecorder::attached(int32_t task, uint32_t cgroup, int64_t t) {
    const uint32_t id = idOf(task);
    if (id != UINT32_MAX)
        stay(id, SimTime::ns(t), cgroup);
}

void QueryRecorder::moveInto(QueryRun& run, SimTime origin) {
    for (size_t i = 0; i < m_observed.size(); ++i) {
        if (m_byIndex[i] == UINT32_MAX)
            continue;
        if (!m_observed[i].outs.empty())
            m_switchOuts[m_byIndex[i]] = std::move(m_observed[i].outs);
        if (!m_observed[i].priorities.empty())
            m_priorities[m_byIndex[i]] = std::move(m_observed[i].priorities);
    }
    m_observed.clear();
    auto shift = [&](SimTime t) { return t == kFromStart ? t : SimTime::ns(t.count() - origin.count()); };
    for (auto& [id, v] : m_switchOuts)
        for (SwitchOut& o : v)
            o.time = shift(o.time);
    for (auto& [id, v] : m_priorities)
        for (PriorityChange& p : v)
            p.time = shift(p.time);
    for (auto& [id, v] : m_stays)
        for (CgroupStay& s : v)
            s.time = shift(s.time);
    if (m_options.recording)
        for (const std::optional<SimTime>& t : m_cpuFirst)
            run.cpuKnownFrom.push_back(t ? std::optional<SimTime>(shift(*t)) : std::nullopt);
    run.switchOuts = std::move(m_switchOuts);
    run.priorities = std::move(m_priorities);
    run.cgroupStays = std::move(m_stays);
}

} // namespace core
