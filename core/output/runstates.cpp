#include "output/runstates.h"

#include "sched/task.h"
#include "sim/engine.h"

namespace core {

ThreadStates statesOfRun(ThreadStateRecorder& recorder, const Engine& engine, RecordsAfter records) {
    std::vector<int32_t> parents;
    for (const Cgroup& c : engine.cgroups().all()) {
        if (parents.size() <= c.id.value())
            parents.resize(c.id.value() + 1, -1);
        parents[c.id.value()] = c.parent.valid() ? static_cast<int32_t>(c.parent.value()) : -1;
    }
    recorder.setCgroupParents(std::move(parents));
    const auto full = recorder.fullAt();
    const SimTime end = full ? *full : engine.now();
    const std::vector<Slice> open = full ? std::vector<Slice>() : engine.machine().openSlices();
    ThreadStates states =
        records == RecordsAfter::Taken ? recorder.take(end, open) : recorder.finish(end, open);
    // Tasks with a pid of their own (an imported workload's recorded pids).
    for (const ExitRecord& r : engine.exitRecords())
        if (r.pid >= 0)
            states.pids[r.id.value()] = r.pid;
    engine.tasks().forEach([&](const Task& t) {
        if (t.pid >= 0)
            states.pids[t.id.value()] = t.pid;
    });
    return states;
}

} // namespace core
