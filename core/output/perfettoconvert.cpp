#include "output/perfettoconvert.h"

#include "base/atomicfile.h"
#include "base/tracetee.h"
#include "output/traceperfettoproto.h"
#include "report/runqueuecounts.h"
#include "report/threadstates.h"

namespace core {

namespace {

/// An import's task id is its pid, plus a reuse count above PID_MAX_LIMIT (2^22).
constexpr uint32_t kPidMask = (1u << 22) - 1;

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
    o.task = [](TaskId id) {
        PerfettoTask who;
        who.pid = static_cast<int32_t>(id.value() & kPidMask);
        return who;
    };
    PerfettoProtoWriter writer(file.out(), o);
    ThreadStateRecorder own = ThreadStateRecorder::forRecording();
    own.setSliceLimit(kPerfettoStateSlices); // the caller's recorder keeps its own limit
    ThreadStateRecorder& recorder = states ? *states : own;
    TraceTee tee;
    tee.add(&writer);
    tee.add(&recorder);
    if (options.records)
        tee.add(options.records);
    TraceImportOptions withWriter = options;
    withWriter.records = tee.sink();
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
    writer.finish(counters);
    if (!file.commit())
        c.error = file.error();
    return c;
}

} // namespace core
