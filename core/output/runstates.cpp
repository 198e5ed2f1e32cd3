#include "output/runstates.h"

#include "sim/engine.h"

namespace core {

ThreadStates statesOfRun(ThreadStateRecorder& recorder, const Engine& engine) {
    std::vector<int32_t> parents;
    for (const Cgroup& c : engine.cgroups().all()) {
        if (parents.size() <= c.id.value())
            parents.resize(c.id.value() + 1, -1);
        parents[c.id.value()] = c.parent.valid() ? static_cast<int32_t>(c.parent.value()) : -1;
    }
    recorder.setCgroupParents(std::move(parents));
    if (const auto full = recorder.fullAt())
        return recorder.finish(*full);
    return recorder.finish(engine.now(), engine.machine().openSlices());
}

} // namespace core
