#include "controller/commanduse.h"

#include "controller/history.h"
#include "import/workloadscenario.h"

#include <algorithm>
#include <unordered_map>

namespace ui {

CommandUseTable commandUseUntil(const History& h, SimNs t) {
    struct PerTask {
        SimNs cpu = 0;
        uint64_t switchesOut = 0;
        bool ran = false;
    };
    std::unordered_map<uint32_t, PerTask> tasks;
    CommandUseTable out;
    for (uint32_t cpu = 0; cpu < h.nrCpus(); ++cpu) {
        const LaneStore& lane = h.lane(cpu);
        out.from = std::max(out.from, lane.validFrom(0));
        lane.blocks(0).visitFrom(0, [&](const LaneBlock& b) {
            if (b.start >= t)
                return false;
            if (b.task != UINT32_MAX && b.busy > 0) {
                PerTask& p = tasks[b.task];
                p.cpu += std::min(b.end, t) > b.start
                             ? b.busy * (std::min(b.end, t) - b.start) / std::max<SimNs>(b.end - b.start, 1)
                             : 0;
                p.ran = true;
            }
            return true;
        });
    }
    const auto [first, last] = h.switchesWithin(h.start(), t);
    for (size_t i = first; i < last; ++i) {
        const core::SwitchRecord& s = h.switches()[i];
        if (s.prev.valid())
            ++tasks[s.prev.value()].switchesOut;
    }
    for (const auto& [id, p] : tasks) {
        CommandUse& c = out.byCommand[core::commandOf(h.taskName(id))];
        c.cpu += p.cpu;
        c.switchesOut += p.switchesOut;
        c.tasks += p.ran ? 1 : 0;
    }
    return out;
}

} // namespace ui
