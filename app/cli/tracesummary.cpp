// schedscope-cli trace-summary: a real scheduler trace summarised in run's schema.
#include "commands.h"

#include "import/importtrace.h"
#include "output/perfettoconvert.h"
#include "output/simulation.h"
#include "report/summary.h"
#include "report/threadstates.h"

#include <cstdio>

namespace cli {

using namespace core;

int cmdTraceSummary(Args& args) {
    const std::string format = args.take("--format").value_or("table");
    const std::string from = args.take("--latency").value_or("waking");
    const auto out = args.take("--out");
    const auto statesPath = args.take("--states");
    const auto perfettoPath = args.take("--perfetto");
    if (!args.leftovers().empty()) {
        for (const std::string& l : args.leftovers())
            std::fprintf(stderr, "schedscope-cli trace-summary: unknown option %s\n", l.c_str());
        return ExitUsage;
    }
    if (args.positional().size() != 1) {
        std::fprintf(stderr, "schedscope-cli trace-summary: name exactly one trace file\n");
        return ExitUsage;
    }
    if (!tableOrJson(format, "trace-summary"))
        return ExitUsage;
    if (from != "waking" && from != "perf") {
        std::fprintf(stderr, "schedscope-cli trace-summary: --latency must be waking or perf, not \"%s\"\n",
                     from.c_str());
        return ExitUsage;
    }
    if (perfettoPath && perfettoFormatFor(*perfettoPath) != TraceOutput::Format::PerfettoProto) {
        std::fprintf(stderr,
                     "schedscope-cli trace-summary: --perfetto writes Perfetto's own format: name the file "
                     ".pftrace or .perfetto-trace, not \"%s\"\n",
                     perfettoPath->c_str());
        return ExitUsage;
    }
    TraceImportOptions options;
    options.latencyStart = from == "perf" ? LatencyStart::PerfSchedLatency : LatencyStart::Waking;
    ThreadStateRecorder states = ThreadStateRecorder::forRecording();
    if (statesPath)
        options.records = &states;
    ImportedTrace r;
    if (perfettoPath) {
        options.records = nullptr;
        PerfettoConversion c =
            convertToPerfetto(args.positional()[0], *perfettoPath, options, statesPath ? &states : nullptr);
        if (!c.error.empty()) {
            std::fprintf(stderr, "schedscope-cli: %s\n", c.error.c_str());
            return c.trace.ok ? ExitFailure : ExitInvalid;
        }
        r = std::move(c.trace);
    } else {
        r = importTrace(args.positional()[0], options);
    }
    if (!r.ok) {
        std::fprintf(stderr, "%s\n", r.error.c_str());
        return ExitInvalid;
    }
    for (const std::string& w : r.summary.trace->warnings)
        std::fprintf(stderr, "warning: %s: %s\n", args.positional()[0].c_str(), w.c_str());
    if (statesPath)
        if (const int rc =
                writeOutput(statesPath, toStatesCsv(statesOfRecording(states, r), pidsOf(r.summary)));
            rc != ExitOk)
            return rc;
    const std::string text = format == "json" ? toJson(r.summary, false) : toTable(r.summary);
    return writeOutput(out, text);
}

} // namespace cli
