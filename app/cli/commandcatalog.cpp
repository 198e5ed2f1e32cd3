#include "commandcatalog.h"

#include "commands.h"

namespace cli {

namespace {

using V = ValueKind;

// Options several commands take with the same meaning.
constexpr OptionInfo kFor{"--for", "DUR", V::Text, "simulate this long instead of the scenario's duration"};
constexpr OptionInfo kSeed{"--seed", "N", V::Text, "override the scenario's seed"};
constexpr OptionInfo kModel{"--model", "NAME", V::Model,
                            "run on this kernel model instead of the scenario's (see models; a scenario "
                            "that names none runs on v6.12)"};
constexpr OptionInfo kCosts{"--costs", "FILE", V::File,
                            "cost-model overrides from a costs file (schedscope-cli calibrate)"};
constexpr OptionInfo kOpt{"--opt", "KEY=on|off", V::Opt,
                          "set an optimization (repeatable; KEY=all sets every one the model lets change)"};
constexpr OptionInfo kOut{"--out", "PATH", V::File, "write the result to PATH instead of stdout"};
constexpr OptionInfo kTableOrJson{"--format", "table|json", V::Choice, "output format (default table)"};
constexpr OptionInfo kQuick{"--quick", "", V::None, "scaled-down workloads, for tests"};
constexpr OptionInfo kHost{"--host", "FILE", V::File,
                           "the machine from a host file (schedscope-cli host); default: the trace's CPUs "
                           "as single-thread cores"};
constexpr OptionInfo kExclude{"--exclude", "COMM,...", V::Text,
                              "leave these commands out (perf and trace-cmd always are, unless "
                              "--keep-tracer)"};
constexpr OptionInfo kKeepTracer{"--keep-tracer", "", V::None,
                                 "keep the tracer's own threads (perf, perf-exec, trace-cmd)"};

/// Scenarios: check, run, sweep, explain.
std::vector<CommandInfo> scenarioCommands() {
    using O = OperandKind;
    return {
        {"list", "", O::None, "built-in scenarios (run them as builtin:NAME)", {}, cmdList},
        {"validate",
         "FILE...",
         O::File,
         "check scenario files; exit 0 if all are valid, 2 if not",
         {},
         cmdValidate},
        {"models", "", O::None, "kernel models: name, what each simulates (default marked)", {}, cmdModels},
        {"run",
         "FILE|builtin:NAME",
         O::Scenario,
         "run a scenario and print its summary",
         {kFor,
          kSeed,
          kModel,
          kCosts,
          kOpt,
          {"--format", "table|json|csv|psi", V::Choice,
           "summary format (default table; psi: /proc/pressure text)"},
          {"--out", "PATH", V::File, "write the summary to PATH instead of stdout"},
          {"--trace", "PATH", V::File, "write run slices and migrations as CSV to PATH"},
          {"--perfetto", "PATH", V::File,
           "write the trace for ui.perfetto.dev: Perfetto's own protobuf format if PATH ends in .pftrace "
           "or .perfetto-trace (kernel events, process tree, counter tracks), else trace-event JSON"},
          {"--states", "PATH", V::File,
           "write every task's states as CSV: pid,name,state,cpu,start_ns,end_ns"},
          {"--no-wall-time", "", V::None,
           "leave wall_time_s out of --format json, so outputs compare byte "
           "for byte"}},
         cmdRun},
        {"sweep",
         "SPEC.json",
         O::File,
         "run a scenario over a grid of settings (docs/sweeps.md): axes model, opt.KEY, seed (a range), for, "
         "costs, scenario paths such as tasks[0].count; each cell exactly as run; resumable",
         {{"--jobs", "N", V::Text, "cells at once (default: one per core)"},
          {"--out", "DIR", V::Dir,
           "results folder (default SPEC-sweep): sweep.json, cells.jsonl, cells.csv, aggregate.csv, "
           "aggregate.json"},
          {"--format", "table|json|csv", V::Choice, "the aggregate over seeds on stdout (default table)"},
          {"--slurm", "", V::None, "write DIR/sweep.sbatch, a Slurm job array, and run nothing"},
          {"--slices", "K", V::Text,
           "array tasks of --slurm (default: cells, at most 100); --jobs: CPUs per array task (default 1)"},
          {"--slice", "I/K", V::Text, "run only cells whose index % K == I (what an array task runs)"}},
         cmdSweep},
        {"sweep-merge",
         "DIR",
         O::Dir,
         "join a --slurm run's slices into the outputs of a local sweep",
         {{"--format", "table|json|csv", V::Choice, "as for sweep"}},
         cmdSweepMerge},
        {"why",
         "FILE|builtin:NAME|TRACE",
         O::Scenario,
         "who woke a task, what that waker waited on, and back; a scenario is run first (--for, --seed, "
         "--model, --costs and --opt as for run), a recording is read",
         {{"--pid", "P", V::Text, "the task (a recording's pid; a scenario's pid, else the task id)"},
          {"--at", "TIME", V::Text,
           "the wait or sleep that contains TIME (e.g. 1.5s; a recording's time counts from its first "
           "event)"},
          {"--depth", "N", V::Text, "at most N hops (default 10)"},
          kTableOrJson,
          kOut,
          kFor,
          kSeed,
          kModel,
          kCosts,
          kOpt},
         cmdWhy},
        {"query",
         "SOURCE [SQL]",
         O::Scenario,
         "SQL over a scenario's run, a recording or a sweep's results folder, with Perfetto's table names "
         "(sched, thread_state, thread, counter...; docs/query.md); several statements print one result "
         "each; a scenario is run first (--for, --seed, --model, --costs and --opt as for run)",
         {{"--file", "Q.sql", V::File, "read the SQL from a file (- for stdin)"},
          {"--format", "table|csv|json", V::Choice, "result format (default table; csv and json stream)"},
          {"--db", "OUT.sqlite", V::File,
           "also write the database as a standalone SQLite file (atomically); with no SQL, only that"},
          kFor,
          kSeed,
          kModel,
          kCosts,
          kOpt},
         cmdQuery},
        {"costs", "", O::None, "the kernel cost model: every entry and its default", {}, cmdCosts},
    };
}

/// Benchmarks of the engine, the importer and sweeps.
std::vector<CommandInfo> benchCommands() {
    using O = OperandKind;
    return {
        {"bench engine",
         "",
         O::None,
         "engine speed: pipe ping-pong rates",
         {{"--quick", "", V::None, "scaled-down workloads (100,000 round trips; 10 s on 176 CPUs)"},
          {"--vs-kernel", "", V::None,
           "the kernel's perf bench sched pipe (pinned to cpu0) against the simulation of it on every model: "
           "ns per event and the ratio"},
          {"--runs", "N", V::Text,
           "with --vs-kernel: interleaved runs of each (default 3; median and fastest)"}},
         cmdBenchEngine},
        {"bench seeds",
         "",
         O::None,
         "the five seed experiments, change off and on, vs published",
         {{"--quick", "", V::None, "scaled-down workloads (for tests; no published comparison)"},
          {"--only", "NAME", V::Text, "one experiment (repeatable): an optimization key"},
          {"--format", "table|json|markdown", V::Choice, "output format (default table)"},
          kOut},
         cmdBenchSeeds},
        {"bench scale",
         "",
         O::None,
         "CPUs x tasks x cgroup depth grid: events/s, wall per simulated s, peak RSS",
         {{"--quick", "", V::None, "a small subset, 100 ms simulated per cell"},
          {"--cell", "CPUSxTASKSxDEPTH", V::Text, "one cell (repeatable), e.g. 4096x100000x50"},
          {"--sim", "DUR", V::Text, "simulated time per cell (default 1s)"},
          {"--model", "NAME", V::Model, "kernel model of every cell (default v4.11)"},
          {"--format", "table|markdown", V::Choice, "output format (default table)"},
          kOut},
         cmdBenchScale},
        {"bench memory",
         "",
         O::None,
         "engine heap over an hour of builtin:default and 10 M forks",
         {{"--quick", "", V::None, "60 s of builtin:default and 4 s of forks"}},
         cmdBenchMemory},
        {"bench sweep",
         "",
         O::None,
         "1,000 cells of builtin:default --for 1s against one cell's time x cells / cores, and peak RSS "
         "against the grid's size",
         {kQuick,
          {"--cells", "N", V::Text, "cells (default 1000; --quick: 100)"},
          {"--jobs", "N", V::Text, "threads (default: cores)"}},
         cmdBenchSweep},
        {"bench import",
         "",
         O::None,
         "import speed and memory on a generated 10 M-event ftrace trace",
         {kQuick,
          {"--events", "N", V::Text, "events to generate (default 10000000; --quick: 1000000)"},
          {"--keep", "PATH", V::File, "keep the generated trace there"},
          {"--replay", "", V::None, "import-trace and replay of it too"},
          {"--pftrace", "", V::None, "the events written as a .pftrace and read back, timed"}},
         cmdBenchImport},
        {"bench query",
         "",
         O::None,
         "the query tables of bench import's trace against the import's time, a query over them, and "
         "query's peak RSS",
         {kQuick,
          {"--events", "N", V::Text, "events to generate (default 10000000; --quick: 1000000)"},
          {"--keep", "PATH", V::File, "keep the generated trace there"}},
         cmdBenchQuery},
    };
}

/// Recordings, rt-app workloads and this host.
std::vector<CommandInfo> realWorldCommands() {
    using O = OperandKind;
    return {
        {"trace-summary",
         "FILE",
         O::File,
         "summarise a real trace (ftrace, trace-cmd report, perf script text, trace.dat, perf.data, a record "
         "folder, Perfetto) in run's "
         "schema, with wakeup latency",
         {kTableOrJson,
          kOut,
          {"--latency", "waking|perf", V::Choice,
           "waits start at sched_waking (default), or are counted as perf sched latency of perf 6.1 counts "
           "them"},
          {"--states", "PATH", V::File, "every task's states as CSV, as run --states writes them"},
          {"--perfetto", "PATH", V::File, "also write the recording as Perfetto's own trace (.pftrace)"}},
         cmdTraceSummary},
        {"record",
         "-- COMMAND [ARGS...]",
         O::File,
         "run COMMAND (or attach to --pid PID) and write a record folder: perf.data as perf sched record "
         "has it, each task's policy, priority, CPUs and cgroup at the start and every change (tasks.jsonl), "
         "the machine (host.json), record.json; every reader takes the folder (root, or perf allowed)",
         {{"--out", "DIR", V::Dir, "the folder to write (default schedscope-rec-YYYYMMDD-HHMMSS here)"},
          {"--for", "DUR", V::Text, "stop after this long (the command is sent SIGTERM)"},
          {"--pid", "PID", V::Text,
           "record this running process and the machine until it ends, --for or Ctrl+C"},
          {"--perf", "FILE", V::File, "the perf program to record with (default: perf on PATH)"}},
         cmdRecord},
        {"import-trace",
         "TRACE",
         O::File,
         "the recorded workload as a scenario on stdout: one task per thread, its bursts, sleeps, wakeups "
         "(as channels) and forks; what cannot be inferred is a note on stderr",
         {kHost,
          kExclude,
          kKeepTracer,
          {"--out", "PATH", V::File, "write the scenario to PATH (atomically)"}},
         cmdImportTrace},
        {"replay",
         "TRACE",
         O::File,
         "import-trace, simulate it until every task has ended, and print the recording and the simulation "
         "per command",
         {kModel,
          kCosts,
          kOpt,
          {"--for", "DUR", V::Text,
           "simulate this long instead of until every task has ended (at most twice the recording's "
           "length)"},
          kSeed,
          kHost,
          kExclude,
          kKeepTracer,
          {"--format", "table|json", V::Choice, "json: {\"real\": SUMMARY, \"simulated\": SUMMARY}"},
          kOut},
         cmdReplay},
        {"import-rtapp",
         "FILE",
         O::File,
         "translate an rt-app workload (JSON) into a scenario on stdout; what cannot be represented is a "
         "warning on stderr",
         {{"--cpus", "N", V::Text, "CPUs of the machine (default: from the file's affinities)"}},
         cmdImportRtApp},
        {"host",
         "",
         O::None,
         "a scenario skeleton for this machine on stdout: topology, the kernel's CPU numbering, the cgroup "
         "tree; notes on stderr",
         {{"--sysfs", "ROOT", V::Dir, "read the topology under ROOT (default /sys)"},
          {"--cgroupfs", "ROOT", V::Dir, "read the cgroup tree under ROOT (default /sys/fs/cgroup)"},
          {"--kernel-config", "FILE", V::File,
           "kernel.hz from CONFIG_HZ in FILE (text or gzip; default: this kernel's /proc/config.gz or "
           "/boot/config-RELEASE)"},
          {"--out", "PATH", V::File, "write the scenario to PATH (atomically)"}},
         cmdHost},
        {"calibrate",
         "",
         O::None,
         "measure this host's kernel costs (syscall, pipe, switch, wakeup, IPI, fork, exit): a costs file "
         "for "
         "run --costs on stdout, the table and the pipe round-trip check on stderr",
         {{"--out", "PATH", V::File, "write the costs file to PATH (atomically)"},
          {"--model", "NAME", V::Model, "kernel model of the check (default v6.12)"},
          {"--quick", "", V::None, "shorter measurements (about 1 s)"},
          {"--traced", "", V::None,
           "measure while the machine is traced as record traces it (root or perf allowed): the costs a "
           "recorded run paid, for replaying a record folder"}},
         cmdCalibrate},
        {"reality",
         "FILE|builtin:NAME",
         O::Scenario,
         "run the scenario's tasks as real processes on this host's kernel, recorded with perf sched record, "
         "beside its simulation (root)",
         {{"--for", "DUR", V::Text, "how long (default: the scenario's duration, at most 60 s)"},
          {"--model", "NAME", V::Model, "kernel model of the simulation (default: the scenario's)"},
          {"--costs", "FILE", V::File, "cost-model overrides for the simulation (schedscope-cli calibrate)"},
          kTableOrJson,
          kOut,
          {"--keep", "DIR", V::Dir,
           "keep the recording there (perf.data, trace.txt: open trace.txt in the GUI's Compare A/B against "
           "the scenario)"},
          {"--perf", "FILE", V::File, "the perf program to record with (default: perf on PATH)"}},
         cmdReality},
    };
}

/// Every group in the order `help` lists them, `help` last.
std::vector<CommandInfo> makeCatalog() {
    std::vector<CommandInfo> all = scenarioCommands();
    for (const std::vector<CommandInfo>& group : {benchCommands(), realWorldCommands()})
        all.insert(all.end(), group.begin(), group.end());
    using O = OperandKind;
    all.push_back({"help",
                   "[COMMAND]",
                   O::Command,
                   "this list, or one command's options (as COMMAND --help prints them)",
                   {{"--man", "", V::None, "the manual page of schedscope-cli, in roff"},
                    {"--completion", "bash", V::Choice, "the bash completion script of schedscope-cli"}},
                   cmdHelp});
    return all;
}

/// The group and the subcommand of a name: ("bench", "seeds"), or (name, "").
std::pair<std::string_view, std::string_view> splitName(std::string_view name) {
    const size_t space = name.find(' ');
    if (space == std::string_view::npos)
        return {name, {}};
    return {name.substr(0, space), name.substr(space + 1)};
}

} // namespace

const std::vector<CommandInfo>& commandCatalog() {
    static const std::vector<CommandInfo> catalog = makeCatalog();
    return catalog;
}

const CommandInfo* findCommand(const std::string& word, const std::vector<std::string>& positional) {
    for (const CommandInfo& c : commandCatalog()) {
        const auto [group, sub] = splitName(c.name);
        if (group != word)
            continue;
        if (sub.empty() || (positional.size() == 1 && positional[0] == sub))
            return &c;
    }
    return nullptr;
}

std::vector<std::string_view> subcommandsOf(std::string_view word) {
    std::vector<std::string_view> subs;
    for (const CommandInfo& c : commandCatalog())
        if (const auto [group, sub] = splitName(c.name); group == word && !sub.empty())
            subs.push_back(sub);
    return subs;
}

bool isFlagOption(std::string_view name) {
    if (name == "--help" || name == "-h")
        return true;
    for (const CommandInfo& c : commandCatalog())
        for (const OptionInfo& o : c.options)
            if (o.kind == ValueKind::None && o.name == name)
                return true;
    return false;
}

std::string_view exitCodesText() {
    return "0 ok, 1 output not written (reality: the run failed; sweep: some cells failed or are missing), 2 "
           "invalid scenario or sweep spec (reality: also a missing permission or a machine this host cannot "
           "give), 64 bad command line, 130/143 interrupted";
}

} // namespace cli
