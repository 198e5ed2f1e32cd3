#include "import/pininference.h"

#include <algorithm>

namespace core {

PinEvidence::Cpu& PinEvidence::cpu(uint32_t n) {
    if (n >= m_cpus.size())
        m_cpus.resize(static_cast<size_t>(n) + 1);
    return m_cpus[n];
}

void PinEvidence::wakeup(const WakeupRecord& w) {
    if (w.task.valid())
        m_lastWakeup[w.task.value()] = w.time.count();
}

void PinEvidence::lost(SimTime, int32_t lostCpu) {
    // What the CPUs did there is unknown: none of them counts as idle until it switches again.
    for (size_t n = 0; n < m_cpus.size(); ++n)
        if (lostCpu < 0 || static_cast<size_t>(lostCpu) == n)
            m_cpus[n].idle = false;
}

void PinEvidence::contextSwitch(const SwitchRecord& s) {
    Cpu& c = cpu(s.cpu);
    if (!s.next.valid()) {
        c.idle = true;
        c.since = s.time.count();
        return;
    }
    c.idle = false;
    Task& t = m_tasks[s.next.value()];
    if (!std::binary_search(t.ranOn.begin(), t.ranOn.end(), s.cpu))
        t.ranOn.insert(std::lower_bound(t.ranOn.begin(), t.ranOn.end(), s.cpu), s.cpu);
    const int64_t from = s.nextRunnableSince.count();
    const int64_t to = s.time.count();
    if (to <= from)
        return;
    const auto w = m_lastWakeup.find(s.next.value());
    const bool woken = w != m_lastWakeup.end() && w->second == from;
    t.wakeups += woken;
    for (uint32_t n = 0; n < m_cpus.size(); ++n) {
        const Cpu& other = m_cpus[n];
        if (n == s.cpu || !other.idle || other.since > from)
            continue;
        // Idle from before the wait began until now: the task could have run there.
        if (woken)
            ++t.idleAtWakeup[n];
        t.idleWhileWaiting[n] += to - from;
        if (t.first < 0)
            t.first = from;
    }
}

std::map<uint32_t, InferredPin> inferPins(const PinEvidence& evidence,
                                          const std::function<bool(uint32_t, uint32_t)>& sameCache,
                                          int64_t tickNs) {
    std::map<uint32_t, InferredPin> out;
    for (const auto& [id, t] : evidence.tasks()) {
        if (t.ranOn.empty())
            continue;
        InferredPin best;
        bool proven = false;
        for (const auto& [idle, waited] : t.idleWhileWaiting) {
            const auto w = t.idleAtWakeup.find(idle);
            const uint64_t wakeups = w == t.idleAtWakeup.end() ? 0 : w->second;
            if (std::binary_search(t.ranOn.begin(), t.ranOn.end(), idle))
                continue; // it ran there: not kept away from it
            if (!std::all_of(t.ranOn.begin(), t.ranOn.end(), [&](uint32_t c) { return sameCache(c, idle); }))
                continue; // another cache: the wakeup path does not look there
            const bool enough = wakeups >= kPinWakeups || (tickNs > 0 && waited >= kPinWaitTicks * tickNs);
            if (!enough || (proven && wakeups <= best.idleAtWakeup && waited <= best.waitedNs))
                continue;
            proven = true;
            best.idleCpu = idle;
            best.idleAtWakeup = wakeups;
            best.waitedNs = waited;
        }
        if (!proven)
            continue;
        best.cpus = t.ranOn;
        best.wakeups = t.wakeups;
        best.first = t.first;
        out.emplace(id, std::move(best));
    }
    return out;
}

} // namespace core
