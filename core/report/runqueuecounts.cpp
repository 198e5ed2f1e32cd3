#include "report/runqueuecounts.h"

#include <algorithm>

namespace core {

std::vector<std::vector<CounterStep>> runQueueCounts(const ThreadStates& states, uint32_t nrCpus) {
    // +1 where a task starts to count on a CPU, -1 where it stops; summed in time order.
    std::vector<std::vector<std::pair<SimTime, int>>> changes(nrCpus);
    for (const TaskTrack& t : states.tasks)
        for (const StateInterval& i : t.intervals) {
            const bool counted = i.state == ThreadState::Running || i.state == ThreadState::Runnable ||
                                 i.state == ThreadState::Preempted;
            if (!counted || i.cpu < 0 || static_cast<uint32_t>(i.cpu) >= nrCpus || i.end <= i.start)
                continue;
            auto& c = changes[static_cast<size_t>(i.cpu)];
            c.emplace_back(i.start, +1);
            c.emplace_back(i.end, -1);
        }
    std::vector<std::vector<CounterStep>> out(nrCpus);
    for (uint32_t cpu = 0; cpu < nrCpus; ++cpu) {
        auto& c = changes[cpu];
        std::sort(c.begin(), c.end());
        std::vector<CounterStep>& steps = out[cpu];
        steps.push_back({SimTime{}, 0});
        int64_t value = 0;
        for (size_t k = 0; k < c.size();) {
            const SimTime at = c[k].first;
            for (; k < c.size() && c[k].first == at; ++k)
                value += c[k].second;
            const auto v = static_cast<uint32_t>(std::max<int64_t>(0, value));
            if (steps.back().time == at)
                steps.back().value = v;
            else if (steps.back().value != v)
                steps.push_back({at, v});
            if (steps.size() >= 2 && steps[steps.size() - 2].value == steps.back().value)
                steps.pop_back();
        }
    }
    return out;
}

} // namespace core
