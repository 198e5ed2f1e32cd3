#include "output/perfettoconvert.h"

#include "base/atomicfile.h"
#include "base/tracetee.h"
#include "output/traceperfettoproto.h"
#include "report/runqueuecounts.h"
#include "report/threadstates.h"

namespace core {

namespace {

/// Hands the import's events to the writer (and to the caller's tap), as the importer takes them.
struct EventsToWriter : TraceEventTap {
    EventsToWriter(PerfettoProtoWriter& w, TraceEventTap* callers)
        : writer(w)
        , also(callers) {}
    void event(const TraceEvent& ev, const StringTable& strings) override {
        writer.recorded(ev, strings);
        if (also)
            also->event(ev, strings);
    }
    PerfettoProtoWriter& writer;
    TraceEventTap* also;
};

} // namespace

PerfettoConversion convertToPerfetto(const std::string& tracePath, const std::string& outPath,
                                     const TraceImportOptions& options, ThreadStateRecorder* states) {
    PerfettoConversion c;
    AtomicFile file(outPath);
    if (!file.ok()) {
        c.error = file.error();
        return c;
    }
    PerfettoProtoWriter::Options o;
    o.kernelRelease = "4.14.0-unknown";
    o.version = "converted by SchedScope from " + tracePath + "; the recording does not name its kernel";
    PerfettoProtoWriter writer(file.out(), o);
    // The events as read, not the records made of them: records leave out what changed nothing
    // the records show (a waking of a running task, sched_wakeup after sched_waking,
    // sched_stat_runtime, the tracer's comm of the current task, ...), and the import counts
    // and times by those too.
    EventsToWriter events(writer, options.events);
    ThreadStateRecorder own = ThreadStateRecorder::forRecording();
    own.setSliceLimit(kPerfettoStateSlices); // the caller's recorder keeps its own limit
    ThreadStateRecorder& recorder = states ? *states : own;
    TraceTee tee;
    tee.add(&recorder);
    if (options.records)
        tee.add(options.records);
    TraceImportOptions withWriter = options;
    withWriter.records = tee.sink();
    withWriter.events = &events;
    c.trace = importTrace(tracePath, withWriter);
    if (!c.trace.ok) {
        c.error = c.trace.error;
        c.cancelled = c.trace.cancelled;
        return c;
    }
    // The tracks count from the recording's first event; the file keeps the trace's own times.
    ThreadStates tracks = statesOfRecording(recorder, c.trace);
    PerfettoCounters counters;
    counters.nrRunning = runQueueCounts(tracks, static_cast<uint32_t>(c.trace.summary.cpus.size()));
    for (auto& steps : counters.nrRunning)
        for (CounterStep& s : steps)
            s.time = s.time + c.trace.origin;
    // A Perfetto trace of a simulation carries the model's counters: they go on as they came.
    counters.model = c.trace.counters;
    for (CounterTrack& t : counters.model)
        for (CounterTrack::Point& p : t.points)
            p.time = p.time + c.trace.origin;
    std::unordered_map<uint32_t, const TaskSummary*> taskById;
    for (const TaskSummary& t : c.trace.summary.tasks)
        taskById[t.id] = &t;
    counters.ownerName = [&](const CounterTrack& t) {
        if (t.owner == CounterOwner::Cgroup)
            return t.id < c.trace.cgroupPaths.size() ? c.trace.cgroupPaths[t.id]
                                                     : "cgroup " + std::to_string(t.id);
        const auto it = taskById.find(t.id);
        return it == taskById.end() ? "task " + std::to_string(t.id)
                                    : it->second->name + "[" + std::to_string(it->second->pid) + "]";
    };
    writer.finish(counters);
    if (writer.dropped() > 0 && c.trace.summary.trace)
        c.trace.summary.trace->warnings.push_back(
            std::to_string(writer.dropped()) + " events on CPUs numbered " +
            std::to_string(PerfettoProtoWriter::kMaxCpus) + " or more were not written to " + outPath);
    if (!file.commit())
        c.error = file.error();
    return c;
}

} // namespace core
