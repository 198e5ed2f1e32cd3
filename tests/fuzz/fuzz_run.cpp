// libFuzzer harness: whatever the loader accepts, the engine runs. Valid scenarios (kept small
// so each input runs in milliseconds) run for at most 20,000 events with every engine
// invariant checked after each one, and the balancer's work conservation sampled every
// simulated millisecond (core/workconservation.h); a violation aborts with its description.
#include "experiments/workconservation.h"
#include "scenario/loader.h"
#include "sim/engine.h"

#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <string>

namespace {

bool equalAndFree(const std::vector<core::ActionSpec>& program);

/// Every task free to use every CPU, at nice 0, in the root cgroup: the v4.11 balancer is work-conserving
/// only then (docs/balancing.md: pinned work and unequal weights can leave CPUs idle by design).
bool equalAndFree(const core::TaskSpec& t) {
    return !t.cpus && t.nice == 0 && (!t.cgroup || *t.cgroup == "/") && equalAndFree(t.program);
}

bool equalAndFree(const std::vector<core::ActionSpec>& program) {
    for (const core::ActionSpec& a : program) {
        if (a.kind == core::ActionKind::Move || a.kind == core::ActionKind::Setsid)
            return false;
        if (a.child && !equalAndFree(*a.child))
            return false;
        if (!equalAndFree(a.body))
            return false;
    }
    return true;
}

bool conservationApplies(const core::ScenarioSpec& spec) {
    if (spec.kernel.features.autogroup)
        return false;
    for (const auto& cg : spec.cgroups)
        if (cg.cpus || cg.weight != 100 || cg.max.limited())
            return false;
    for (const auto& t : spec.tasks)
        if (!equalAndFree(t))
            return false;
    for (const auto& e : spec.timeline)
        if (e.kind == core::TimelineEntry::Kind::Affinity ||
            e.kind == core::TimelineEntry::Kind::CgroupWeight || e.kind == core::TimelineEntry::Kind::Move ||
            e.kind == core::TimelineEntry::Kind::CgroupMax || (e.spawn && !equalAndFree(*e.spawn)))
            return false;
    return true;
}

} // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
    const std::string_view text(reinterpret_cast<const char*>(data), size);
    core::LoadResult r = core::loadScenarioText(text, "fuzz.json");
    if (!r.ok())
        return 0;
    core::ScenarioSpec& spec = *r.spec;
    size_t tasks = 0;
    for (const auto& t : spec.tasks)
        tasks += t.count;
    const core::Topology topology(spec.topology);
    if (tasks > 512 || topology.nrCpus() > 64)
        return -1; // valid but too big to be quick: not added to the corpus
    const bool checkConservation = conservationApplies(spec);
    core::Engine engine(std::make_shared<const core::ScenarioSpec>(std::move(spec)));
    core::WorkConservationCheck conservation(engine);
    core::SimTime nextSample = core::SimTime::ms(1);
    for (int i = 0; i < 20000 && !engine.finished(); ++i) {
        engine.step();
        if (const std::string bad = engine.checkInvariants(); !bad.empty()) {
            std::fprintf(stderr, "invariant violated after event %d: %s\n", i, bad.c_str());
            std::abort();
        }
        if (checkConservation && engine.now() >= nextSample) {
            nextSample = engine.now() + core::SimTime::ms(1);
            if (auto v = conservation.sample()) {
                std::fprintf(stderr, "work conservation violated: %s\n", v->describe().c_str());
                std::abort();
            }
        }
    }
    return 0;
}
