#include "output/simulation.h"

#include "base/atomicfile.h"
#include "base/tracetee.h"
#include "output/runstates.h"
#include "output/schedcounters.h"
#include "output/tracecsv.h"
#include "output/traceperfetto.h"
#include "output/traceperfettoproto.h"
#include "report/runqueuecounts.h"
#include "sim/engine.h"

#include <algorithm>
#include <chrono>

namespace core {

TraceOutput::Format perfettoFormatFor(const std::string& path) {
    return path.ends_with(".pftrace") || path.ends_with(".perfetto-trace")
               ? TraceOutput::Format::PerfettoProto
               : TraceOutput::Format::Perfetto;
}

SimulationResult simulate(std::shared_ptr<const ScenarioSpec> spec, const std::vector<TraceOutput>& outputs,
                          const SimulationOptions& options) {
    SimulationResult result;
    result.engine = std::make_unique<Engine>(std::move(spec));
    Engine& engine = *result.engine;
    std::vector<std::unique_ptr<AtomicFile>> files;
    std::vector<std::unique_ptr<TraceSink>> writers;
    std::vector<PerfettoTraceWriter*> perfetto;
    std::vector<PerfettoProtoWriter*> native;
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
        } else if (o.format == TraceOutput::Format::PerfettoProto) {
            auto w = std::make_unique<PerfettoProtoWriter>(f.out(), perfettoOptionsOf(engine));
            native.push_back(w.get());
            writers.push_back(std::move(w));
        } else {
            auto w = std::make_unique<PerfettoTraceWriter>(f.out(), engine.topology(), engine.cgroups(),
                                                           engine.spec().name);
            perfetto.push_back(w.get());
            writers.push_back(std::move(w));
        }
        tee.add(writers.back().get());
    }
    // A native Perfetto trace carries the model's counters and each CPU's nr_running too: the
    // same thread-state tracks and samples (every millisecond) as the GUI's Threads view.
    ThreadStateRecorder states;
    SchedCounterSampler counters;
    if (!native.empty()) {
        states.setSliceLimit(kPerfettoStateSlices);
        counters.setPointLimit(kPerfettoCounterPoints);
        tee.add(&states);
    }
    for (TraceSink* s : options.sinks)
        tee.add(s);
    if (options.started)
        options.started(engine);
    if (!tee.empty())
        engine.setTraceSink(tee.sink());
    const SimTime until =
        options.until.count() > 0 ? std::min(options.until, engine.duration()) : engine.duration();
    const auto t0 = std::chrono::steady_clock::now();
    // Progress in hundredths of the run; samples on the millisecond grid. Steps change no record.
    const int64_t step = options.progress ? std::max<int64_t>(1, until.count() / 100) : until.count();
    const bool sampling = !native.empty() || options.counters;
    const int64_t every = sampling ? kPerfettoSampleEvery.count() : until.count();
    int64_t nextProgress = step;
    while (engine.now() < until && !engine.finished()) {
        const int64_t now = engine.now().count();
        const int64_t nextSample = std::max<int64_t>(1, (now / every + 1) * every);
        const int64_t goal = std::min({until.count(), nextProgress, nextSample});
        engine.runUntil(SimTime::ns(goal));
        if (goal == nextSample) {
            if (!native.empty())
                counters.sample(engine);
            if (options.counters)
                options.counters->sample(engine);
        }
        if (goal >= nextProgress) {
            nextProgress += step;
            const double done = double(engine.now().count()) / double(std::max<int64_t>(1, until.count()));
            if (options.progress && !options.progress(done)) {
                engine.setTraceSink(nullptr);
                result.cancelled = true;
                return result;
            }
        }
    }
    if (!native.empty())
        counters.sample(engine);
    if (options.counters)
        options.counters->sample(engine);
    result.wallSeconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
    engine.setTraceSink(nullptr);
    if (options.checkInvariants)
        if (const std::string bad = engine.checkInvariants(); !bad.empty()) {
            result.error = "internal error: engine invariant violated: " + bad;
            return result;
        }
    for (PerfettoTraceWriter* w : perfetto)
        w->finish();
    if (!native.empty()) {
        ThreadStates tracks = statesOfRun(states, engine, RecordsAfter::Taken);
        PerfettoCounters extra = perfettoCountersOf(engine, counters.tracks());
        extra.nrRunning = runQueueCounts(tracks, engine.topology().nrCpus());
        for (PerfettoProtoWriter* w : native)
            w->finish(extra);
    }
    for (auto& f : files)
        if (!f->commit()) {
            result.error = f->error();
            return result;
        }
    return result;
}

} // namespace core
