// libFuzzer harness: any bytes as a recording. Whatever the trace importer accepts must give a
// summary every writer can print (JSON, CSV, table: names are bytes, base/bytetext.h) and a
// scenario (import-trace) that the loader accepts; that scenario then runs for at most 20,000
// events with the engine's invariants checked. Anything else aborts.
#include "import/tracefile.h"
#include "import/workloadscenario.h"
#include "report/summary.h"
#include "scenario/loader.h"
#include "sim/engine.h"

#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <string>

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
    const std::string_view text(reinterpret_cast<const char*>(data), size);
    core::WorkloadRecorder recorder;
    core::TraceFileOptions options;
    options.observer = &recorder;
    core::TraceFileResult r = core::importTraceText(text, "fuzz.txt", nullptr, options);
    if (!r.ok)
        return 0;
    // Every writer takes the summary as it is.
    (void)core::toJson(r.summary, false);
    (void)core::toCsv(r.summary);
    (void)core::toTable(r.summary);
    recorder.finish(r.origin.count() + r.summary.simTime.count());
    core::ImportedTrace trace;
    trace.ok = true;
    trace.path = "fuzz.txt";
    trace.summary = std::move(r.summary);
    trace.origin = r.origin;
    trace.cgroupPaths = std::move(r.cgroupPaths);
    const core::WorkloadScenario s = core::workloadScenario(recorder, trace, {});
    const core::WorkloadText text = s.ok ? core::workloadScenarioText(s, {}) : core::WorkloadText{};
    if (!s.ok || !text.error.empty()) {
        std::fprintf(stderr, "the scenario written for an accepted trace is invalid: %s%s\n", s.error.c_str(),
                     text.error.c_str());
        std::abort();
    }
    core::LoadResult l = core::loadScenarioText(text.text, "fuzz.json");
    if (!l.ok())
        std::abort();
    if (l.spec->topology.nrCpus() > 64)
        return 0;
    core::Engine engine(std::make_shared<const core::ScenarioSpec>(std::move(*l.spec)));
    for (int i = 0; i < 20000 && !engine.finished(); ++i) {
        engine.step();
        if (const std::string bad = engine.checkInvariants(); !bad.empty()) {
            std::fprintf(stderr, "invariant violated after event %d: %s\n", i, bad.c_str());
            std::abort();
        }
    }
    return 0;
}
