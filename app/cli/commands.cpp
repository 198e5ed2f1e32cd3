#include "commands.h"

#include "builtins.h"
#include "engine.h"
#include "scenario.h"
#include "summary.h"
#include "tracecsv.h"
#include "traceperfetto.h"

#include <chrono>
#include <cstdio>
#include <fstream>
#include <memory>
#include <sstream>

namespace cli {

using namespace core;

void printUsage() {
    std::printf(
        "usage: schedscope-cli <command> [options]\n\n"
        "commands:\n"
        "  list                          built-in scenarios (run them as builtin:NAME)\n"
        "  validate FILE...              check scenario files; exit 0 if all are valid, 2 if not\n"
        "  run FILE|builtin:NAME         run a scenario and print its summary\n"
        "      --for DUR                 simulate this long instead of the scenario's duration\n"
        "      --seed N                  override the scenario's seed\n"
        "      --opt KEY=on|off          set an optimization (repeatable; KEY=all sets all five)\n"
        "      --format table|json|csv|psi  summary format (default table; psi: /proc/pressure text)\n"
        "      --out PATH                write the summary to PATH instead of stdout\n"
        "      --trace PATH              write run slices and migrations as CSV to PATH\n"
        "      --perfetto PATH           write the trace as Chrome/Perfetto JSON (ui.perfetto.dev)\n"
        "  costs                         the kernel cost model: every entry and its default\n"
        "  bench engine [--quick]        engine speed: pipe ping-pong rates\n"
        "  bench seeds                   the five seed experiments, change off and on, vs published\n"
        "      --quick                   scaled-down workloads (for tests; no published comparison)\n"
        "      --only NAME               one experiment (repeatable): an optimization key\n"
        "      --format table|json|markdown  output format (default table)\n"
        "      --out PATH                write the result to PATH instead of stdout\n"
        "  bench scale                   CPUs x tasks x cgroup depth grid: events/s, wall per simulated s, "
        "peak RSS\n"
        "      --quick                   a small subset, 100 ms simulated per cell\n"
        "      --cell CPUSxTASKSxDEPTH   one cell (repeatable), e.g. 4096x100000x50\n"
        "      --sim DUR                 simulated time per cell (default 1s)\n"
        "      --format table|markdown   output format (default table); --out PATH as above\n"
        "  bench memory [--quick]        engine heap over an hour of builtin:default and 10 M forks\n\n"
        "exit codes: 0 ok, 1 output not written, 2 invalid scenario, 64 bad command line\n");
}

namespace {

bool reportLeftovers(Args& args) {
    auto left = args.leftovers();
    if (left.empty())
        return false;
    for (const std::string& l : left)
        std::fprintf(stderr, "schedscope-cli: unknown option %s\n", l.c_str());
    return true;
}

std::string firstLine(const std::string& s, size_t max) {
    std::string line = s.substr(0, s.find('\n'));
    if (line.size() > max)
        line = line.substr(0, max - 3) + "...";
    return line;
}

/// A file written beside its target and renamed over it only when complete, so a failed run
/// leaves any previous file as it was.
class PendingFile {
public:
    explicit PendingFile(std::string path)
        : m_path(std::move(path))
        , m_tmp(m_path + ".tmp-schedscope") {
        m_out.open(m_tmp, std::ios::binary | std::ios::trunc);
    }
    ~PendingFile() {
        if (!m_committed) {
            m_out.close();
            std::remove(m_tmp.c_str());
        }
    }
    bool ok() const { return bool(m_out); }
    std::ostream& out() { return m_out; }
    bool commit() {
        m_out.close();
        if (!m_out || std::rename(m_tmp.c_str(), m_path.c_str()) != 0)
            return false;
        m_committed = true;
        return true;
    }

private:
    std::string m_path;
    std::string m_tmp;
    std::ofstream m_out;
    bool m_committed = false;
};

/// Sends every trace record to several sinks.
class TeeSink : public TraceSink {
public:
    void add(TraceSink* s) { m_sinks.push_back(s); }
    bool empty() const { return m_sinks.empty(); }
    void slice(const Slice& s) override {
        for (TraceSink* k : m_sinks)
            k->slice(s);
    }
    void migration(const MigrationRecord& m) override {
        for (TraceSink* k : m_sinks)
            k->migration(m);
    }
    void placement(const PlacementRecord& p) override {
        for (TraceSink* k : m_sinks)
            k->placement(p);
    }
    void marker(const Marker& m) override {
        for (TraceSink* k : m_sinks)
            k->marker(m);
    }
    void taskCreated(TaskId id, const std::string& name, CgroupId cgroup) override {
        for (TraceSink* k : m_sinks)
            k->taskCreated(id, name, cgroup);
    }

private:
    std::vector<TraceSink*> m_sinks;
};

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

int cmdRun(Args& args) {
    const auto forText = args.take("--for");
    const auto seedText = args.take("--seed");
    const auto opts = args.takeAll("--opt");
    const std::string format = args.take("--format").value_or("table");
    const auto out = args.take("--out");
    const auto tracePath = args.take("--trace");
    const auto perfettoPath = args.take("--perfetto");
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
    LoadResult r = loadScenario(args.positional()[0]);
    if (!r.ok()) {
        for (const std::string& e : r.errors)
            std::fprintf(stderr, "%s\n", e.c_str());
        return ExitInvalid;
    }
    ScenarioSpec spec = std::move(*r.spec);
    if (forText) {
        DurationParse d = parseDuration(*forText);
        if (!d.value || d.value->count() == 0) {
            std::fprintf(stderr,
                         "schedscope-cli run: --for expects a positive duration such as 2s, found \"%s\"\n",
                         forText->c_str());
            return ExitUsage;
        }
        spec.duration = *d.value;
    }
    if (seedText) {
        char* end = nullptr;
        errno = 0;
        unsigned long long v = std::strtoull(seedText->c_str(), &end, 10);
        if (seedText->empty() || *end || errno || (*seedText)[0] == '-') {
            std::fprintf(stderr, "schedscope-cli run: --seed expects a non-negative integer, found \"%s\"\n",
                         seedText->c_str());
            return ExitUsage;
        }
        spec.seed = v;
    }
    for (const std::string& o : opts) {
        const auto eq = o.find('=');
        const std::string key = o.substr(0, eq);
        const std::string val = eq == std::string::npos ? "" : o.substr(eq + 1);
        if (val != "on" && val != "off") {
            std::fprintf(stderr, "schedscope-cli run: --opt expects KEY=on or KEY=off, found \"%s\"\n",
                         o.c_str());
            return ExitUsage;
        }
        if (key == "all") {
            for (const OptimizationInfo& i : optimizationCatalog())
                spec.optimizations.set(i.id, val == "on");
            continue;
        }
        auto id = optimizationFromKey(key);
        if (!id) {
            std::string known;
            for (const OptimizationInfo& i : optimizationCatalog())
                known += " " + std::string(i.key);
            std::fprintf(stderr, "schedscope-cli run: unknown optimization \"%s\"; known:%s all\n",
                         key.c_str(), known.c_str());
            return ExitUsage;
        }
        spec.optimizations.set(*id, val == "on");
    }

    auto engine = std::make_unique<Engine>(std::make_shared<const ScenarioSpec>(std::move(spec)));
    std::unique_ptr<PendingFile> csvFile, perfettoFile;
    std::unique_ptr<CsvTraceWriter> csvTrace;
    std::unique_ptr<PerfettoTraceWriter> perfettoTrace;
    TeeSink tee;
    if (tracePath) {
        csvFile = std::make_unique<PendingFile>(*tracePath);
        if (!csvFile->ok()) {
            std::fprintf(stderr, "%s: cannot write the trace\n", tracePath->c_str());
            return ExitFailure;
        }
        csvTrace = std::make_unique<CsvTraceWriter>(csvFile->out(), engine->cgroups());
        tee.add(csvTrace.get());
    }
    if (perfettoPath) {
        perfettoFile = std::make_unique<PendingFile>(*perfettoPath);
        if (!perfettoFile->ok()) {
            std::fprintf(stderr, "%s: cannot write the trace\n", perfettoPath->c_str());
            return ExitFailure;
        }
        perfettoTrace = std::make_unique<PerfettoTraceWriter>(perfettoFile->out(), engine->topology(),
                                                              engine->cgroups(), engine->spec().name);
        tee.add(perfettoTrace.get());
    }
    if (!tee.empty())
        engine->setTraceSink(&tee);
    const auto t0 = std::chrono::steady_clock::now();
    engine->runToEnd();
    const double wall = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
    if (const std::string bad = engine->checkInvariants(); !bad.empty()) {
        std::fprintf(stderr, "schedscope-cli: internal error: engine invariant violated: %s\n", bad.c_str());
        return ExitFailure;
    }
    engine->setTraceSink(nullptr);
    if (perfettoTrace)
        perfettoTrace->finish();
    for (auto [file, path] :
         {std::pair{csvFile.get(), tracePath}, std::pair{perfettoFile.get(), perfettoPath}})
        if (file && !file->commit()) {
            std::fprintf(stderr, "%s: cannot write the trace\n", path->c_str());
            return ExitFailure;
        }
    RunSummary s = summarize(*engine);
    s.wallSeconds = wall;
    const std::string text = format == "json"  ? toJson(s, !noWall)
                             : format == "csv" ? toCsv(s)
                             : format == "psi" ? toPsiText(s)
                                               : toTable(s);
    if (out) {
        if (std::string err = writeFileAtomically(*out, text); !err.empty()) {
            std::fprintf(stderr, "%s\n", err.c_str());
            return ExitFailure;
        }
    } else {
        std::fwrite(text.data(), 1, text.size(), stdout);
    }
    return ExitOk;
}

} // namespace cli
