#include "query/recordingtables.h"

#include "base/tracetee.h"
#include "import/importtrace.h"
#include "import/tracedmachine.h"
#include "query/queryrecorder.h"
#include "query/runtables.h"
#include "sched/topology.h"

#include <algorithm>

namespace core {

namespace {

/// The traced machine's CPUs as the `cpu` table lists them: where importTrace's scenario of it
/// places each (one socket of single-thread cores unless it knew more).
void describeMachine(const ImportedTrace& trace, QueryRun& run) {
    const TracedMachine machine = tracedMachine(trace.summary.cpus.size(), trace.cgroupPaths);
    const uint32_t n = static_cast<uint32_t>(trace.summary.cpus.size());
    std::optional<Topology> topo;
    if (machine.spec.topology.nrCpus() >= n)
        topo.emplace(machine.spec.topology);
    for (uint32_t c = 0; c < n; ++c) {
        QueryCpu q;
        q.number = c;
        if (topo) {
            const CpuInfo& info = topo->cpu(CpuId(c));
            const CpuRange llc = topo->llc(CpuId(c));
            q = {topo->kernelCpu(CpuId(c)),
                 info.socket,
                 info.core,
                 info.thread,
                 llc.count ? llc.first / llc.count : c,
                 info.node};
        }
        run.cpus.push_back(q);
    }
    for (size_t i = 0; i < trace.cgroupPaths.size(); ++i) {
        QueryCgroup g;
        g.id = static_cast<uint32_t>(i);
        g.path = trace.cgroupPaths[i];
        // The parent: the longest other path that is a prefix of this one at a '/'.
        size_t best = 0;
        for (size_t j = 0; j < trace.cgroupPaths.size(); ++j) {
            const std::string& p = trace.cgroupPaths[j];
            const bool prefix = j != i && p.size() < g.path.size() && g.path.compare(0, p.size(), p) == 0 &&
                                (p == "/" || g.path[p.size()] == '/');
            if (prefix && p.size() >= best) {
                best = p.size();
                g.parent = static_cast<uint32_t>(j);
            }
        }
        run.cgroups.push_back(std::move(g));
    }
}

} // namespace

QueryTables recordingTables(const std::string& path, const std::function<bool(double)>& progress) {
    QueryTables out;
    ThreadStateRecorder states = ThreadStateRecorder::forRecording();
    QueryRecorder::Options ro;
    ro.recording = true;
    QueryRecorder recorder(ro);
    TraceTee tee;
    tee.add(&states);
    tee.add(&recorder);
    TraceImportOptions options;
    options.progress = progress;
    options.records = &tee;
    options.observer = &recorder;
    const ImportedTrace trace = importTrace(path, options);
    if (trace.cancelled) {
        out.cancelled = true;
        return out;
    }
    if (!trace.ok) {
        out.error = trace.error;
        out.invalidSource = true;
        return out;
    }
    QueryRun run;
    run.recording = true;
    run.states = statesOfRecording(states, trace);
    recorder.moveInto(run, trace.origin);
    run.tids = pidsOf(trace.summary);
    describeMachine(trace, run);
    const TraceSource& src = *trace.summary.trace;
    run.metadata = {{"source_kind", {}, "recording"},
                    {"source_file", {}, path},
                    {"trace_format", {}, src.format},
                    {"trace_origin_ns", trace.origin.count(), {}},
                    {"events", int64_t(src.events), {}},
                    {"lost_events", int64_t(src.lostEvents), {}},
                    {"cpus", int64_t(trace.summary.cpus.size()), {}}};
    out.warnings = src.warnings;
    if (src.lostEvents > 0 &&
        std::none_of(out.warnings.begin(), out.warnings.end(),
                     [](const std::string& w) { return w.find("lost") != std::string::npos; }))
        out.warnings.push_back(
            std::to_string(src.lostEvents) +
            " events were lost: what tasks did after each loss is unknown until their next "
            "event (state Unknown)");
    finishRunTables(run, out);
    return out;
}

} // namespace core
