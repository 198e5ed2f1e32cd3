#include "output/replay.h"

#include "base/tracetee.h"
#include "output/atomicfile.h"
#include "output/tracecsv.h"
#include "output/traceperfetto.h"
#include "sim/engine.h"

#include <algorithm>
#include <chrono>

namespace core {

ReplayResult replay(std::shared_ptr<const ScenarioSpec> spec, const std::vector<TraceOutput>& outputs,
                    const ReplayOptions& options) {
    ReplayResult result;
    result.engine = std::make_unique<Engine>(std::move(spec));
    Engine& engine = *result.engine;
    std::vector<std::unique_ptr<AtomicFile>> files;
    std::vector<std::unique_ptr<TraceSink>> writers;
    std::vector<PerfettoTraceWriter*> perfetto;
    TraceTee tee;
    for (const TraceOutput& o : outputs) {
        files.push_back(std::make_unique<AtomicFile>(o.path));
        AtomicFile& f = *files.back();
        if (!f.ok()) {
            result.error = f.error();
            return result;
        }
        if (o.format == TraceOutput::Format::Csv) {
            writers.push_back(std::make_unique<CsvTraceWriter>(f.out(), engine.cgroups(),
                                                               engine.spec().topology.cpuNumbers));
        } else {
            auto w = std::make_unique<PerfettoTraceWriter>(f.out(), engine.topology(), engine.cgroups(),
                                                           engine.spec().name);
            perfetto.push_back(w.get());
            writers.push_back(std::move(w));
        }
        tee.add(writers.back().get());
    }
    for (TraceSink* s : options.sinks)
        tee.add(s);
    if (!tee.empty())
        engine.setTraceSink(tee.sink());
    const SimTime until =
        options.until.count() > 0 ? std::min(options.until, engine.duration()) : engine.duration();
    const auto t0 = std::chrono::steady_clock::now();
    if (!options.progress) {
        engine.runUntil(until);
    } else {
        // In steps of a hundredth of the run, for progress and cancel.
        const int64_t step = std::max<int64_t>(1, until.count() / 100);
        while (engine.now() < until && !engine.finished()) {
            engine.runUntil(std::min(until, engine.now() + SimTime::ns(step)));
            const double done = double(engine.now().count()) / double(std::max<int64_t>(1, until.count()));
            if (!options.progress(done)) {
                engine.setTraceSink(nullptr);
                result.cancelled = true;
                return result;
            }
        }
    }
    result.wallSeconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
    engine.setTraceSink(nullptr);
    if (options.checkInvariants)
        if (const std::string bad = engine.checkInvariants(); !bad.empty()) {
            result.error = "internal error: engine invariant violated: " + bad;
            return result;
        }
    for (PerfettoTraceWriter* w : perfetto)
        w->finish();
    for (auto& f : files)
        if (!f->commit()) {
            result.error = f->error();
            return result;
        }
    return result;
}

} // namespace core
