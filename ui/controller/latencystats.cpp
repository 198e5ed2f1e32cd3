#include "controller/latencystats.h"

#include "controller/history.h"

#include <algorithm>
#include <unordered_map>
#include <unordered_set>

namespace ui {

LatencyStats computeLatency(const History& h, LatencyStats::GroupBy by, SimNs from, SimNs to) {
    LatencyStats out;
    out.from = from;
    out.to = to;
    out.partial = h.coarseUntil() > from;
    const auto& sw = h.switches();
    const auto [lo, hi] = h.switchesWithin(from, to);
    // Whether each task's last switch out left it runnable (a preemption) or asleep.
    std::unordered_map<uint32_t, bool> preempted;
    std::unordered_map<uint32_t, size_t> rowOf;
    auto row = [&](uint32_t id) -> LatencyRow& {
        auto [it, fresh] = rowOf.try_emplace(id, out.rows.size());
        if (fresh) {
            LatencyRow r;
            r.id = id;
            if (by == LatencyStats::GroupBy::Task) {
                r.name = h.taskName(id);
            } else {
                for (const core::CgroupState& c : h.latest().cgroups)
                    if (c.id.value() == id)
                        r.name = c.path;
            }
            out.rows.push_back(std::move(r));
        }
        return out.rows[it->second];
    };
    for (size_t i = lo; i < hi; ++i) {
        const core::SwitchRecord& s = sw[i];
        if (s.prev.valid())
            preempted[s.prev.value()] = s.prevState == core::TaskState::Runnable;
        if (!s.next.valid())
            continue;
        const uint32_t task = s.next.value();
        const core::SimTime wait = s.time - s.nextRunnableSince;
        LatencyRow& r = row(by == LatencyStats::GroupBy::Task ? task : h.taskCgroup(task));
        const Wait w{task, s.nextRunnableSince.count(), s.time.count()};
        if (r.all.count() == 0 || w.length() > r.longest.length())
            r.longest = w;
        r.all.add(wait);
        auto p = preempted.find(task);
        if (p == preempted.end() || !p->second) {
            if (r.wakeup.count() == 0 || w.length() > r.longestWakeup.length())
                r.longestWakeup = w;
            r.wakeup.add(wait);
        }
    }
    std::sort(out.rows.begin(), out.rows.end(),
              [](const LatencyRow& a, const LatencyRow& b) { return a.id < b.id; });
    return out;
}

std::vector<double> runqueueDelay(const History& h, SimNs from, SimNs to, int bins,
                                  const std::vector<uint32_t>& taskIds) {
    std::vector<double> waiting(static_cast<size_t>(std::max(bins, 1)), 0.0);
    if (to <= from || bins <= 0)
        return waiting;
    const std::unordered_set<uint32_t> only(taskIds.begin(), taskIds.end());
    const double binNs = static_cast<double>(to - from) / bins;
    const auto& sw = h.switches();
    // A wait ends at a switch in at or after `from`; it may have begun before.
    const auto [lo, hi] = h.switchesWithin(from, h.now() + 1);
    for (size_t i = lo; i < hi; ++i) {
        const core::SwitchRecord& s = sw[i];
        if (!s.next.valid() || (!only.empty() && !only.count(s.next.value())))
            continue;
        const SimNs a = std::max(s.nextRunnableSince.count(), from), b = std::min(s.time.count(), to);
        if (b <= a)
            continue;
        // Spread the interval [a, b) over the bins it covers.
        int k = static_cast<int>(static_cast<double>(a - from) / binNs);
        for (; k < bins; ++k) {
            const double lo2 = static_cast<double>(from) + k * binNs, hi2 = lo2 + binNs;
            const double overlap =
                std::min<double>(static_cast<double>(b), hi2) - std::max<double>(static_cast<double>(a), lo2);
            if (overlap <= 0 && static_cast<double>(b) <= lo2)
                break;
            if (overlap > 0)
                waiting[static_cast<size_t>(k)] += overlap / binNs;
        }
    }
    return waiting;
}

} // namespace ui
