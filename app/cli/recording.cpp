// schedscope-cli import-trace and replay: a recorded workload as a scenario, and that scenario
// simulated beside the recording (docs/record-replay.md).
#include "commands.h"

#include "import/workloadscenario.h"
#include "output/replay.h"
#include "output/summarize.h"
#include "reality/recordingreplay.h"
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

/// The options both commands take to import; false after saying what was wrong.
bool takeWorkloadOptions(Args& args, WorkloadScenarioOptions& o) {
    if (auto host = args.take("--host"))
        o.hostFile = *host;
    for (const std::string& e : args.takeAll("--exclude"))
        for (const std::string& comm : splitList(e))
            o.exclude.push_back(comm);
    o.keepTracer = args.flag("--keep-tracer");
    return true;
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
    std::fprintf(stderr, "%zu tasks, %zu channels; %zu recorded tasks left out\n", w.scenario.tasks,
                 w.scenario.channels, w.scenario.leftOut);
    return writeOutput(out, w.scenario.text);
}

int cmdReplay(Args& args) {
    WorkloadScenarioOptions options;
    takeWorkloadOptions(args, options);
    options.text = false; // simulated from the spec: a long recording's text is more than the loader reads
    const auto modelName = args.take("--model");
    const auto costsPath = args.take("--costs");
    const auto opts = args.takeAll("--opt");
    const auto forText = args.take("--for");
    const std::string format = args.take("--format").value_or("table");
    const auto out = args.take("--out");
    if (reportLeftovers(args))
        return ExitUsage;
    if (!tableOrJson(format, "replay"))
        return ExitUsage;
    std::optional<SimTime> forTime;
    if (forText && !(forTime = parseForOption(*forText, "replay")))
        return ExitUsage;
    if (const int rc = modelOption(modelName, "replay", options.model); rc != ExitOk)
        return rc;
    // Checked before the trace is read (a long one takes seconds), where the model is known.
    if (options.model || options.hostFile.empty()) {
        ScenarioSpec check;
        check.kernel.model = options.model.value_or(kDefaultKernelModel);
        if (!applyOptOptions(opts, check, "replay"))
            return ExitUsage;
    }
    WorkloadImport w;
    if (const int rc = importNamed(args, "replay", options, w); rc != ExitOk)
        return rc;
    ScenarioSpec& spec = *w.scenario.spec;
    if (const int rc = costsOption(costsPath, spec); rc != ExitOk)
        return rc;
    if (!applyOptOptions(opts, spec, "replay"))
        return ExitUsage;
    if (forTime)
        spec.duration = *forTime;
    core::ReplayOptions ro;
    ro.checkInvariants = true;
    ReplayResult run = replay(std::move(w.scenario.spec), {}, ro);
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
