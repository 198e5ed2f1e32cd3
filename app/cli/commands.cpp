#include "commands.h"

#include "experiments/runrequest.h"
#include "output/atomicfile.h"
#include "output/replay.h"
#include "output/runstates.h"
#include "output/summarize.h"
#include "scenario/builtins.h"
#include "scenario/loader.h"
#include "scenario/modelselection.h"
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

int loadScenarioForRun(const std::string& source, const std::optional<std::string>& modelName,
                       const std::optional<std::string>& costsPath, const char* command,
                       std::optional<ScenarioSpec>& spec) {
    return prepareForRun(loadScenario(source), source, modelName, costsPath, command, spec);
}

int modelOption(const std::optional<std::string>& name, const char* command,
                std::optional<KernelModel>& model) {
    if (!name)
        return ExitOk;
    KernelModel m{};
    if (const std::string e = parseModelOption(*name, m); !e.empty()) {
        std::fprintf(stderr, "schedscope-cli %s: %s\n", command, e.c_str());
        return ExitUsage;
    }
    model = m;
    return ExitOk;
}

int costsOption(const std::optional<std::string>& path, ScenarioSpec& spec) {
    std::vector<std::string> errors;
    if (!path || applyCostsOption(*path, spec, errors))
        return ExitOk;
    for (const std::string& e : errors)
        std::fprintf(stderr, "%s\n", e.c_str());
    return ExitInvalid;
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

int prepareForRun(LoadResult r, const std::string& source, const std::optional<std::string>& modelName,
                  const std::optional<std::string>& costsPath, const char* command,
                  std::optional<ScenarioSpec>& spec) {
    RunRequest request;
    request.model = modelName;
    request.costs = costsPath;
    return reportShaped(shapeRun(std::move(r), source, request), command, spec);
}

bool applyOptOptions(const std::vector<std::string>& opts, ScenarioSpec& spec, const char* command) {
    if (const std::string e = applyOptTexts(opts, spec); !e.empty()) {
        std::fprintf(stderr, "schedscope-cli %s: %s\n", command, e.c_str());
        return false;
    }
    return true;
}

void printUsage() {
    std::printf(
        "usage: schedscope-cli <command> [options]\n\n"
        "commands:\n"
        "  list                          built-in scenarios (run them as builtin:NAME)\n"
        "  validate FILE...              check scenario files; exit 0 if all are valid, 2 if not\n"
        "  models                        kernel models: name, what each simulates (default marked)\n"
        "  run FILE|builtin:NAME         run a scenario and print its summary\n"
        "      --for DUR                 simulate this long instead of the scenario's duration\n"
        "      --seed N                  override the scenario's seed\n"
        "      --model NAME              run on this kernel model instead of the scenario's (see models;\n"
        "                                a scenario that names none runs on v6.12)\n"
        "      --costs FILE              cost-model overrides from a costs file (schedscope-cli calibrate)\n"
        "      --opt KEY=on|off          set an optimization (repeatable; KEY=all sets every one the\n"
        "                                model lets change)\n"
        "      --format table|json|csv|psi  summary format (default table; psi: /proc/pressure text)\n"
        "      --out PATH                write the summary to PATH instead of stdout\n"
        "      --trace PATH              write run slices and migrations as CSV to PATH\n"
        "      --perfetto PATH           write the trace for ui.perfetto.dev: Perfetto's own protobuf\n"
        "                                format if PATH ends in .pftrace or .perfetto-trace (kernel\n"
        "                                events, process tree, counter tracks), else trace-event JSON\n"
        "      --states PATH             write every task's states as CSV: "
        "pid,name,state,cpu,start_ns,end_ns\n"
        "  sweep SPEC.json               run a scenario over a grid of settings (docs/sweeps.md): axes\n"
        "                                model, opt.KEY, seed (a range), for, costs, scenario paths such\n"
        "                                as tasks[0].count; each cell exactly as run; resumable\n"
        "      --jobs N                  cells at once (default: one per core)\n"
        "      --out DIR                 results folder (default SPEC-sweep): sweep.json, cells.jsonl,\n"
        "                                cells.csv, aggregate.csv, aggregate.json\n"
        "      --format table|json|csv   the aggregate over seeds on stdout (default table)\n"
        "      --slurm                   write DIR/sweep.sbatch, a Slurm job array, and run nothing\n"
        "      --slices K                array tasks of --slurm (default: cells, at most 100); --jobs:\n"
        "                                CPUs per array task (default 1)\n"
        "      --slice I/K               run only cells whose index %% K == I (what an array task runs)\n"
        "  sweep-merge DIR               join a --slurm run's slices into the outputs of a local sweep\n"
        "      --format table|json|csv   as for sweep\n"
        "  why FILE|builtin:NAME|TRACE   who woke a task, what that waker waited on, and back\n"
        "      --pid P                   the task (a recording's pid; a scenario's pid, else the task id)\n"
        "      --at TIME                 the wait or sleep that contains TIME (e.g. 1.5s; a recording's\n"
        "                                time counts from its first event)\n"
        "      --depth N                 at most N hops (default 10)\n"
        "      --format table|json       output format (default table); --out PATH as above\n"
        "      --for, --seed, --model, --costs, --opt   as for run (a scenario only)\n"
        "  query SOURCE [SQL]            SQL over a scenario's run, a recording or a sweep's results folder, "
        "with\n"
        "                                Perfetto's table names (sched, thread_state, thread, counter...;\n"
        "                                docs/query.md); several statements print one result each\n"
        "      --file Q.sql              read the SQL from a file (- for stdin)\n"
        "      --format table|csv|json   result format (default table; csv and json stream)\n"
        "      --db OUT.sqlite           also write the database as a standalone SQLite file (atomically);\n"
        "                                with no SQL, only that\n"
        "      --for, --seed, --model, --costs, --opt   as for run (a scenario only)\n"
        "  costs                         the kernel cost model: every entry and its default\n"
        "  bench engine [--quick]        engine speed: pipe ping-pong rates\n"
        "      --vs-kernel               the kernel's perf bench sched pipe (pinned to cpu0) against\n"
        "                                the simulation of it, both models, and the ratio\n"
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
        "      --model NAME              kernel model of every cell (default v4.11)\n"
        "      --format table|markdown   output format (default table); --out PATH as above\n"
        "  bench memory [--quick]        engine heap over an hour of builtin:default and 10 M forks\n"
        "  bench sweep [--quick]         1,000 cells of builtin:default --for 1s against one cell's time\n"
        "                                x cells / cores, and peak RSS against the grid's size\n"
        "      --cells N, --jobs N       cells (default 1000; --quick: 100) and threads (default: cores)\n"
        "  bench import [--replay]       import speed and memory on a generated 10 M-event ftrace trace;\n"
        "                                --replay: import-trace and replay of it too; --pftrace: the\n"
        "                                events written as a .pftrace and read back, timed\n"
        "      --events N                events to generate (default 10000000; --quick: 1000000)\n"
        "      --keep PATH               keep the generated trace there\n"
        "  bench query [--quick]         the query tables of bench import's trace against the import's time, "
        "a\n"
        "                                query over them, and query's peak RSS (--events N, --keep PATH as "
        "there)\n"
        "  trace-summary FILE            summarise a real trace (ftrace, trace-cmd report, perf script\n"
        "                                text, trace.dat) in run's schema, with wakeup latency\n"
        "      --format table|json       output format (default table); --out PATH as above\n"
        "      --latency waking|perf     waits start at sched_waking (default), or are counted as\n"
        "                                perf sched latency of perf 6.1 counts them\n"
        "      --states PATH             every task's states as CSV, as run --states writes them\n"
        "      --perfetto PATH           also write the recording as Perfetto's own trace (.pftrace)\n"
        "  import-trace TRACE            the recorded workload as a scenario on stdout: one task per\n"
        "                                thread, its bursts, sleeps, wakeups (as channels) and forks;\n"
        "                                what cannot be inferred is a note on stderr\n"
        "      --host FILE               the machine from a host file (schedscope-cli host); default:\n"
        "                                the trace's CPUs as single-thread cores\n"
        "      --exclude COMM,...        leave these commands out (perf and trace-cmd always are,\n"
        "                                unless --keep-tracer)\n"
        "      --out PATH                write the scenario to PATH (atomically)\n"
        "  replay TRACE                  import-trace, simulate it until every task has ended, and\n"
        "                                print the recording and the simulation per command\n"
        "      --model NAME, --costs FILE, --opt KEY=on|off, --for DUR   as for run\n"
        "      --host FILE, --exclude COMM,...                           as for import-trace\n"
        "      --format table|json       json: {\"real\": SUMMARY, \"simulated\": SUMMARY}\n"
        "      --out PATH                write the result to PATH instead of stdout\n"
        "  import-rtapp FILE             translate an rt-app workload (JSON) into a scenario on stdout;\n"
        "                                what cannot be represented is a warning on stderr\n"
        "      --cpus N                  CPUs of the machine (default: from the file's affinities)\n"
        "  host                          a scenario skeleton for this machine on stdout: topology, the\n"
        "                                kernel's CPU numbering, the cgroup tree; notes on stderr\n"
        "      --sysfs ROOT              read the topology under ROOT (default /sys)\n"
        "      --cgroupfs ROOT           read the cgroup tree under ROOT (default /sys/fs/cgroup)\n"
        "      --kernel-config FILE      kernel.hz from CONFIG_HZ in FILE (text or gzip; default: this\n"
        "                                kernel's /proc/config.gz or /boot/config-RELEASE)\n"
        "      --out PATH                write the scenario to PATH (atomically)\n"
        "  calibrate                     measure this host's kernel costs (syscall, pipe, switch,\n"
        "                                wakeup, IPI, fork, exit): a costs file for run --costs on\n"
        "                                stdout, the table and the pipe round-trip check on stderr\n"
        "      --out PATH                write the costs file to PATH (atomically)\n"
        "      --model NAME              kernel model of the check (default v6.12)\n"
        "      --quick                   shorter measurements (about 1 s)\n"
        "  reality FILE|builtin:NAME     run the scenario's tasks as real processes on this host's kernel,\n"
        "                                recorded with perf sched record, beside its simulation (root)\n"
        "      --for DUR                 how long (default: the scenario's duration, at most 60 s)\n"
        "      --model NAME              kernel model of the simulation (default: the scenario's)\n"
        "      --costs FILE              cost-model overrides for the simulation (schedscope-cli calibrate)\n"
        "      --format table|json       output format (default table); --out PATH as above\n"
        "      --keep DIR                keep the recording there (perf.data, trace.txt: open trace.txt\n"
        "                                in the GUI's Compare A/B against the scenario)\n\n"
        "exit codes: 0 ok, 1 output not written (reality: the run failed; sweep: some cells failed or are\n"
        "missing), 2 invalid scenario or sweep spec (reality: also a missing permission or a machine this\n"
        "host cannot give), 64 bad command line, 130/143 interrupted\n");
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
    ReplayOptions ro;
    ro.checkInvariants = true;
    if (statesPath)
        ro.sinks.push_back(&states);
    ReplayResult run = replay(std::make_shared<const ScenarioSpec>(std::move(*spec)), traces, ro);
    if (!run.ok()) {
        std::fprintf(stderr, "schedscope-cli: %s\n", run.error.c_str());
        return ExitFailure;
    }
    const Engine* engine = run.engine.get();
    RunSummary s = summarize(*engine);
    s.wallSeconds = run.wallSeconds;
    if (statesPath) {
        const std::string csv =
            toStatesCsv(statesOfRun(states, *engine), pidsOf(s), engine->spec().topology.cpuNumbers);
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
