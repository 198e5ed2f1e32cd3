// schedscope-cli import-trace and replay: a recorded workload as a scenario (printed as text), and
// that scenario simulated beside the recording (docs/record-replay.md). The walk of a recording
// from its file to the replay table is in docs/architecture.md.
#include "commands.h"

#include "import/workloadscenario.h"
#include "output/simulation.h"
#include "output/summarize.h"
#include "report/replaycomparison.h"
#include "scenario/runrequest.h"
#include "sim/engine.h"

#include <cstdio>
#include <memory>

namespace cli {

using namespace core;

namespace {

std::vector<std::string> splitList(const std::string& text) {
    std::vector<std::string> out;
    size_t from = 0;
    while (from <= text.size()) {
        const size_t comma = text.find(',', from);
        const std::string item =
            text.substr(from, comma == std::string::npos ? std::string::npos : comma - from);
        if (!item.empty())
            out.push_back(item);
        if (comma == std::string::npos)
            break;
        from = comma + 1;
    }
    return out;
}

/// The options both commands take to import.
void takeWorkloadOptions(Args& args, WorkloadScenarioOptions& o) {
    if (auto host = args.take("--host"))
        o.hostFile = *host;
    for (const std::string& e : args.takeAll("--exclude"))
        for (const std::string& comm : splitList(e))
            o.exclude.push_back(comm);
    o.keepTracer = args.flag("--keep-tracer");
}

/// Imports the trace named by the one positional argument; prints the notes. ExitOk or the code.
int importNamed(Args& args, const char* command, const WorkloadScenarioOptions& options, WorkloadImport& w) {
    if (args.positional().size() != 1) {
        std::fprintf(stderr, "schedscope-cli %s: name exactly one trace file\n", command);
        return ExitUsage;
    }
    const std::string& path = args.positional()[0];
    w = importWorkload(path, options);
    if (!w.scenario.ok) {
        std::fprintf(stderr, "%s\n", w.scenario.error.c_str());
        return ExitInvalid;
    }
    for (const std::string& warning : w.recording.summary.trace->warnings)
        std::fprintf(stderr, "warning: %s: %s\n", path.c_str(), warning.c_str());
    for (const std::string& n : w.scenario.notes)
        std::fprintf(stderr, "note: %s: %s\n", path.c_str(), n.c_str());
    return ExitOk;
}

} // namespace

int cmdImportTrace(Args& args) {
    WorkloadScenarioOptions options;
    takeWorkloadOptions(args, options);
    const auto out = args.take("--out");
    if (reportLeftovers(args))
        return ExitUsage;
    WorkloadImport w;
    if (const int rc = importNamed(args, "import-trace", options, w); rc != ExitOk)
        return rc;
    const WorkloadText text = workloadScenarioText(w.scenario, options);
    if (!text.error.empty()) {
        std::fprintf(stderr, "%s\n", text.error.c_str());
        return ExitInvalid;
    }
    if (!text.note.empty())
        std::fprintf(stderr, "note: %s: %s\n", args.positional()[0].c_str(), text.note.c_str());
    std::fprintf(stderr, "%zu tasks, %zu channels; %zu recorded tasks left out\n", w.scenario.tasks,
                 w.scenario.channels, w.scenario.leftOut);
    return writeOutput(out, text.text);
}

int cmdReplay(Args& args) {
    WorkloadScenarioOptions options;
    takeWorkloadOptions(args, options);
    const RunRequest request = takeRunOptions(args);
    const std::string format = args.take("--format").value_or("table");
    const auto out = args.take("--out");
    if (reportLeftovers(args))
        return ExitUsage;
    if (!tableOrJson(format, "replay"))
        return ExitUsage;
    // The options' words are checked before the trace is read (a long one takes seconds); the
    // optimizations too where the model is known (a host file may name another).
    const std::optional<KernelModel> known =
        options.hostFile.empty() ? std::optional<KernelModel>(kDefaultKernelModel) : std::nullopt;
    if (const std::string e = requestProblem(request, known); !e.empty()) {
        std::fprintf(stderr, "schedscope-cli replay: %s\n", e.c_str());
        return ExitUsage;
    }
    if (request.model) {
        KernelModel m{};
        parseModelOption(*request.model, m);
        options.model = m;
    }
    WorkloadImport w;
    if (const int rc = importNamed(args, "replay", options, w); rc != ExitOk)
        return rc;
    // The model is the workload's own (built for the one asked for); the rest shaped as run does.
    std::optional<ScenarioSpec> spec;
    if (const int rc = reportShaped(shapeSpec(std::move(*w.scenario.spec), request), "replay", spec);
        rc != ExitOk)
        return rc;
    SimulationOptions so;
    so.checkInvariants = true;
    SimulationResult run = simulate(std::make_shared<const ScenarioSpec>(std::move(*spec)), {}, so);
    if (!run.ok()) {
        std::fprintf(stderr, "schedscope-cli replay: %s\n", run.error.c_str());
        return ExitFailure;
    }
    const RunSummary sim = summarize(*run.engine);
    const std::string model(kernelModelInfo(sim.model).name);
    const std::string text = format == "json"
                                 ? replayJson(w.recording.summary, sim)
                                 : replayTable(w.recording.summary, sim, model, w.scenario.notes);
    return writeOutput(out, text);
}

} // namespace cli
