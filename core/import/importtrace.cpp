#include "import/importtrace.h"

#include "base/bytetext.h"
#include "base/tracetee.h"
#include "import/tracedmachine.h"
#include "import/tracefile.h"
#include "import/tracesnapshots.h"
#include "report/runqueuecounts.h"

#include <algorithm>

namespace core {

namespace {

/// The traced machine for the views: the recording's CPUs and cgroups, under the recording's name.
std::shared_ptr<const ScenarioSpec> machineForViews(const RunSummary& summary,
                                                    const std::vector<std::string>& cgroupPaths,
                                                    std::vector<std::string>& warnings) {
    TracedMachine m = tracedMachine(summary.cpus.size(), cgroupPaths);
    if (!m.cgroupProblem.empty())
        warnings.push_back("cgroups not shown: " + m.cgroupProblem);
    ScenarioSpec& spec = m.spec;
    spec.source = summary.scenario;
    // The name comes from the file's name, which may be any bytes.
    spec.name = bytesAsText("trace " + summary.scenario);
    spec.description = "A real trace (" + (summary.trace ? summary.trace->format : std::string("?")) +
                       "), not a simulation.";
    spec.duration = SimTime::ns(std::max<int64_t>(summary.simTime.count(), 1));
    return std::make_shared<const ScenarioSpec>(std::move(spec));
}

} // namespace

ImportedTrace importTrace(const std::string& path, const TraceImportOptions& options) {
    ImportedTrace t;
    t.path = path;
    TraceSnapshots sink;
    TraceFileOptions fileOptions;
    fileOptions.latencyStart = options.latencyStart;
    fileOptions.progress = options.progress;
    fileOptions.observer = options.observer;
    fileOptions.events = options.events;
    TraceTee tee;
    ThreadStateRecorder states = ThreadStateRecorder::forRecording();
    if (options.forViews) {
        tee.add(&sink);
        tee.add(&states);
    }
    tee.add(options.records);
    TraceFileResult r = importTraceFile(path, tee.sink(), fileOptions);
    t.cancelled = r.cancelled;
    if (!r.ok) {
        t.error = std::move(r.error);
        return t;
    }
    if (options.forViews) {
        t.machine = machineForViews(r.summary, r.cgroupPaths, r.summary.trace->warnings);
        t.snapshots = sink.finish(r.summary, r.origin, r.cgroupPaths);
    }
    t.summary = std::move(r.summary);
    t.origin = r.origin;
    t.counters = std::move(r.counters);
    t.kernelRelease = std::move(r.kernelRelease);
    t.record = std::move(r.record);
    if (options.forViews && !t.snapshots.empty()) {
        auto tracks = std::make_shared<ThreadStates>(statesOfRecording(states, t));
        tracks->nrRunning = runQueueCounts(*tracks, t.machine->topology.nrCpus());
        t.snapshots.back()->threadStates = std::move(tracks);
    }
    t.cgroupPaths = std::move(r.cgroupPaths);
    t.ok = true;
    return t;
}

ThreadStates statesOfRecording(ThreadStateRecorder& recorder, const ImportedTrace& trace) {
    recorder.setOrigin(trace.origin);
    ThreadStates states = recorder.take(trace.origin + trace.summary.simTime);
    states.counters = trace.counters;
    for (const CounterTrack& c : states.counters)
        if (!c.points.empty())
            states.countersEnd = std::max(states.countersEnd, c.points.back().time);
    return states;
}

} // namespace core
