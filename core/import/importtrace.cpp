#include "import/importtrace.h"

#include "base/tracetee.h"
#include "import/rtappjson.h"
#include "import/tracefile.h"
#include "import/tracesnapshots.h"
#include "report/runqueuecounts.h"
#include "scenario/loader.h"
#include "scenario/validator.h"

#include <nlohmann/json.hpp>

#include <algorithm>

namespace core {

std::string recordedCgroupProblem(const std::string& path) {
    if (const std::string clean = rtappjson::cleanUtf8(path, path.size()); clean != path)
        return validation::quoteJson(clean) + " is not valid UTF-8 text";
    return validation::cgroupPathProblem(path);
}

std::shared_ptr<const ScenarioSpec> tracedMachine(const RunSummary& summary,
                                                  const std::vector<std::string>& cgroupPaths,
                                                  std::vector<std::string>& warnings, std::string& error) {
    using nlohmann::ordered_json;
    ordered_json j;
    j["format"] = 1;
    j["name"] = "trace " + summary.scenario;
    j["description"] = "A real trace (" + (summary.trace ? summary.trace->format : std::string("?")) +
                       "), not a simulation.";
    j["duration"] = std::to_string(std::max<int64_t>(summary.simTime.count(), 1)) + "ns";
    // A trace does not say which CPUs share a core: one socket of single-thread cores.
    j["topology"] = {{"sockets", 1},
                     {"cores_per_socket", std::max<size_t>(summary.cpus.size(), 1)},
                     {"threads_per_core", 1}};
    ordered_json cgroups = ordered_json::array();
    for (const std::string& p : cgroupPaths) {
        if (p == "/")
            continue;
        if (std::string problem = recordedCgroupProblem(p); !problem.empty()) {
            warnings.push_back("cgroups not shown: " + problem);
            cgroups.clear();
            break;
        }
        cgroups.push_back({{"path", p}});
    }
    j["cgroups"] = cgroups;
    j["tasks"] = ordered_json::array();
    // The name comes from the file's name, which may be any bytes.
    const std::string text = j.dump(-1, ' ', false, ordered_json::error_handler_t::replace);
    LoadResult l = loadScenarioText(text, summary.scenario);
    if (!l.ok()) {
        error = l.errors.empty() ? std::string("the traced machine cannot be described") : l.errors.front();
        return nullptr;
    }
    return std::make_shared<const ScenarioSpec>(std::move(*l.spec));
}

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
        std::string error;
        t.machine = tracedMachine(r.summary, r.cgroupPaths, r.summary.trace->warnings, error);
        if (!t.machine) {
            t.error = path + ": the traced machine cannot be described (" + error + ")";
            return t;
        }
        t.snapshots = sink.finish(r.summary, r.origin, r.cgroupPaths);
    }
    t.summary = std::move(r.summary);
    t.origin = r.origin;
    t.counters = std::move(r.counters);
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
    ThreadStates states = recorder.finish(trace.origin + trace.summary.simTime);
    states.counters = trace.counters;
    for (const CounterTrack& c : states.counters)
        if (!c.points.empty())
            states.countersEnd = std::max(states.countersEnd, c.points.back().time);
    return states;
}

} // namespace core
