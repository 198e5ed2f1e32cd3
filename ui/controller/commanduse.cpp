#include "controller/commanduse.h"

#include "controller/history.h"
#include "import/workloadscenario.h"
#include "report/summary.h"
#include "scenario/scenariospec.h"

#include <algorithm>
#include <memory>
#include <unordered_map>

namespace ui {

namespace {

/// Every task a scenario starts or forks, by name, with its recorded pid.
void collectPids(const core::TaskSpec& t, std::unordered_map<std::string, int64_t>& out);

void collectPids(const std::vector<core::ActionSpec>& program,
                 std::unordered_map<std::string, int64_t>& out) {
    for (const core::ActionSpec& a : program) {
        if (a.child)
            collectPids(*a.child, out);
        collectPids(a.body, out);
    }
}

void collectPids(const core::TaskSpec& t, std::unordered_map<std::string, int64_t>& out) {
    if (t.pid)
        out.emplace(t.name, *t.pid);
    collectPids(t.program, out);
}

} // namespace

CommandOf recordedCommands(const History& h) {
    return [&h](uint32_t task) { return h.taskName(task); };
}

CommandOf simulatedCommands(const History& h, const core::ScenarioSpec& spec,
                            const core::RunSummary* recording) {
    auto pids = std::make_shared<std::unordered_map<std::string, int64_t>>();
    auto comms = std::make_shared<std::unordered_multimap<int64_t, std::string>>();
    if (recording) {
        for (const core::TaskSpec& t : spec.tasks)
            collectPids(t, *pids);
        for (const core::TaskSummary& t : recording->tasks)
            comms->emplace(t.pid, t.name);
    }
    return [&h, pids, comms](uint32_t task) {
        const std::string& name = h.taskName(task);
        if (const auto pid = pids->find(name); pid != pids->end()) {
            const auto [lo, hi] = comms->equal_range(pid->second);
            for (auto it = lo; it != hi; ++it)
                if (name.rfind(it->second, 0) == 0)
                    return it->second;
        }
        return core::commandOf(name);
    };
}

CommandUseTable commandUseWithin(const History& h, SimNs from, SimNs to, const CommandOf& commandOf) {
    struct PerTask {
        SimNs cpu = 0;
        uint64_t switchesOut = 0;
        bool ran = false;
    };
    std::unordered_map<uint32_t, PerTask> tasks;
    CommandUseTable out;
    out.from = from;
    for (uint32_t cpu = 0; cpu < h.nrCpus(); ++cpu) {
        const LaneStore& lane = h.lane(cpu);
        out.partial = out.partial || lane.validFrom(0) > from;
        out.from = std::max(out.from, lane.validFrom(0));
        const LaneBlocks& blocks = lane.blocks(0);
        blocks.visitFrom(blocks.firstEndingAfter(from), [&](const LaneBlock& b) {
            if (b.start >= to)
                return false;
            const SimNs a = std::max(b.start, from), z = std::min(b.end, to);
            if (b.task != UINT32_MAX && b.busy > 0 && z > a) {
                PerTask& p = tasks[b.task];
                p.cpu += b.busy * (z - a) / std::max<SimNs>(b.end - b.start, 1);
                p.ran = true;
            }
            return true;
        });
    }
    const auto [first, last] = h.switchesWithin(std::max(from, h.start()), to);
    for (size_t i = first; i < last; ++i) {
        const core::SwitchRecord& s = h.switches()[i];
        if (s.prev.valid())
            ++tasks[s.prev.value()].switchesOut;
    }
    for (const auto& [id, p] : tasks) {
        CommandUse& c = out.byCommand[commandOf(id)];
        c.cpu += p.cpu;
        c.switchesOut += p.switchesOut;
        c.tasks += p.ran ? 1 : 0;
    }
    return out;
}

} // namespace ui
