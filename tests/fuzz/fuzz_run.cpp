// libFuzzer harness: whatever the loader accepts, the engine runs. Valid scenarios (kept small
// so each input runs in milliseconds) run for at most 20,000 events with every engine
// invariant checked after each one; a violation aborts with its description.
#include "engine.h"
#include "scenario.h"

#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <string>

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
    core::Engine engine(std::make_shared<const core::ScenarioSpec>(std::move(spec)));
    for (int i = 0; i < 20000 && !engine.finished(); ++i) {
        engine.step();
        if (const std::string bad = engine.checkInvariants(); !bad.empty()) {
            std::fprintf(stderr, "invariant violated after event %d: %s\n", i, bad.c_str());
            std::abort();
        }
    }
    return 0;
}
