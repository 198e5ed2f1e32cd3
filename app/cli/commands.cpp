#include "commands.h"

#include "base/atomicfile.h"
#include "output/runstates.h"
#include "output/simulation.h"
#include "output/summarize.h"
#include "scenario/builtins.h"
#include "scenario/loader.h"
#include "scenario/modelselection.h"
#include "scenario/runrequest.h"
#include "sim/engine.h"

#include <chrono>
#include <cstdio>
#include <fstream>
#include <memory>
#include <sstream>

namespace cli {

using namespace core;

int writeOutput(const std::optional<std::string>& path, const std::string& text) {
    if (!path) {
        std::fwrite(text.data(), 1, text.size(), stdout);
        return ExitOk;
    }
    if (std::string err = core::writeFileAtomically(*path, text); !err.empty()) {
        std::fprintf(stderr, "%s\n", err.c_str());
        return ExitFailure;
    }
    return ExitOk;
}

bool tableOrJson(const std::string& format, const char* command) {
    if (format == "table" || format == "json")
        return true;
    std::fprintf(stderr, "schedscope-cli %s: --format must be table or json, not \"%s\"\n", command,
                 format.c_str());
    return false;
}

std::optional<SimTime> parseForOption(const std::string& text, const char* command) {
    SimTime d;
    if (const std::string e = parseForText(text, d); !e.empty()) {
        std::fprintf(stderr, "schedscope-cli %s: %s\n", command, e.c_str());
        return std::nullopt;
    }
    return d;
}

int reportShaped(ShapedRun shaped, const char* command, std::optional<ScenarioSpec>& spec) {
    for (const std::string& n : shaped.notes)
        std::fprintf(stderr, "note: %s\n", n.c_str());
    if (shaped.ok()) {
        spec = std::move(shaped.spec);
        return ExitOk;
    }
    const bool option = shaped.problem == ShapedRun::Problem::Option;
    for (const std::string& e : shaped.errors) {
        if (option)
            std::fprintf(stderr, "schedscope-cli %s: %s\n", command, e.c_str());
        else
            std::fprintf(stderr, "%s\n", e.c_str());
    }
    return option ? ExitUsage : ExitInvalid;
}

bool reportLeftovers(Args& args) {
    auto left = args.leftovers();
    if (left.empty())
        return false;
    for (const std::string& l : left)
        std::fprintf(stderr, "schedscope-cli: unknown option %s\n", l.c_str());
    return true;
}

namespace {

std::string firstLine(const std::string& s, size_t max) {
    std::string line = s.substr(0, s.find('\n'));
    if (line.size() > max)
        line = line.substr(0, max - 3) + "...";
    return line;
}

} // namespace

int cmdList(Args& args) {
    if (reportLeftovers(args))
        return ExitUsage;
    for (const BuiltinScenario& b : builtinScenarios()) {
        LoadResult r = loadScenarioText(b.text, "builtin:" + std::string(b.name));
        std::printf("%-24s %s\n", std::string(b.name).c_str(),
                    r.ok() ? firstLine(r.spec->name, 90).c_str() : "(invalid!)");
    }
    return ExitOk;
}

int cmdCosts(Args& args) {
    if (reportLeftovers(args))
        return ExitUsage;
    std::printf("| name | default | operation |\n|---|---|---|\n");
    for (const CostInfo& c : costCatalog())
        if (c.op != CostOp::LockSpin)
            std::printf("| `%s` | %s | %s |\n", std::string(c.name).c_str(),
                        formatDuration(c.defaultCost).c_str(), std::string(c.meaning).c_str());
    for (const CostCountInfo& c : costCountCatalog())
        std::printf("| `%s` | %u | %s |\n", std::string(c.name).c_str(), c.defaultValue,
                    std::string(c.meaning).c_str());
    return ExitOk;
}

int cmdModels(Args& args) {
    if (reportLeftovers(args))
        return ExitUsage;
    for (const KernelModelInfo& m : kernelModelCatalog()) {
        std::printf("%-6s %s%s\n", std::string(m.name).c_str(), std::string(m.description).c_str(),
                    m.id == kDefaultKernelModel ? " (default)" : "");
        for (const OptimizationInfo& o : optimizationCatalog()) {
            const OptimizationApplicability a = optimizationApplicability(o.id, m.id);
            if (!a.togglable)
                std::printf("       %s fixed %s: %s\n", std::string(o.key).c_str(), a.fixedOn ? "on" : "off",
                            std::string(a.reason).c_str());
        }
    }
    return ExitOk;
}

int cmdValidate(Args& args) {
    if (reportLeftovers(args))
        return ExitUsage;
    if (args.positional().empty()) {
        std::fprintf(stderr, "schedscope-cli validate: name at least one scenario file\n");
        return ExitUsage;
    }
    bool allOk = true;
    for (const std::string& f : args.positional()) {
        LoadResult r = loadScenario(f);
        if (r.ok()) {
            std::printf("%s: ok\n", f.c_str());
        } else {
            allOk = false;
            for (const std::string& e : r.errors)
                std::fprintf(stderr, "%s\n", e.c_str());
        }
    }
    return allOk ? ExitOk : ExitInvalid;
}

RunRequest takeRunOptions(Args& args) {
    RunRequest o;
    o.forText = args.take("--for");
    o.seedText = args.take("--seed");
    o.opts = args.takeAll("--opt");
    o.model = args.take("--model");
    o.costs = args.take("--costs");
    return o;
}

int specForRun(const std::string& source, const RunRequest& o, const char* command,
               std::optional<ScenarioSpec>& spec) {
    return reportShaped(shapeRun(loadScenario(source), source, o), command, spec);
}

int cmdRun(Args& args) {
    const RunRequest runOptions = takeRunOptions(args);
    const std::string format = args.take("--format").value_or("table");
    const auto out = args.take("--out");
    const auto tracePath = args.take("--trace");
    const auto perfettoPath = args.take("--perfetto");
    const auto statesPath = args.take("--states");
    const bool noWall = args.flag("--no-wall-time");
    if (reportLeftovers(args))
        return ExitUsage;
    if (args.positional().size() != 1) {
        std::fprintf(stderr, "schedscope-cli run: name exactly one scenario (a file or builtin:NAME)\n");
        return ExitUsage;
    }
    if (format != "table" && format != "json" && format != "csv" && format != "psi") {
        std::fprintf(stderr, "schedscope-cli run: --format must be table, json, csv or psi, not \"%s\"\n",
                     format.c_str());
        return ExitUsage;
    }
    std::optional<ScenarioSpec> spec;
    if (const int rc = specForRun(args.positional()[0], runOptions, "run", spec); rc != ExitOk)
        return rc;

    std::vector<TraceOutput> traces;
    if (tracePath)
        traces.push_back({TraceOutput::Format::Csv, *tracePath});
    if (perfettoPath)
        traces.push_back({perfettoFormatFor(*perfettoPath), *perfettoPath});
    ThreadStateRecorder states;
    SimulationOptions ro;
    ro.checkInvariants = true;
    if (statesPath)
        ro.sinks.push_back(&states);
    SimulationResult run = simulate(std::make_shared<const ScenarioSpec>(std::move(*spec)), traces, ro);
    if (!run.ok()) {
        std::fprintf(stderr, "schedscope-cli: %s\n", run.error.c_str());
        return ExitFailure;
    }
    const Engine* engine = run.engine.get();
    RunSummary s = summarize(*engine);
    s.wallSeconds = run.wallSeconds;
    if (statesPath) {
        const std::string csv = toStatesCsv(statesOfRun(states, *engine, RecordsAfter::Taken), pidsOf(s),
                                            engine->spec().topology.cpuNumbers);
        if (const int rc = writeOutput(statesPath, csv); rc != ExitOk)
            return rc;
    }
    const std::string text = format == "json"  ? toJson(s, !noWall)
                             : format == "csv" ? toCsv(s)
                             : format == "psi" ? toPsiText(s)
                                               : toTable(s);
    return writeOutput(out, text);
}

} // namespace cli
