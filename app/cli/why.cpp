// schedscope-cli why: the wakeup chain behind one wait of one task, in a run or a recording.
#include "commands.h"

#include "base/bytetext.h"
#include "import/filekind.h"
#include "import/importtrace.h"
#include "output/runstates.h"
#include "output/simulation.h"
#include "output/summarize.h"
#include "report/wakeupchain.h"
#include "sim/engine.h"

#include <nlohmann/json.hpp>

#include <cerrno>
#include <cstdio>
#include <sstream>

namespace cli {

using namespace core;

namespace {

/// What the chain is read from: every task's states, its pids, the kernel's CPU numbers.
struct StatesSource {
    ThreadStates states;
    std::unordered_map<uint32_t, int64_t> pids;
    std::vector<uint32_t> cpuNumbers;
    bool recording = false;
};

int statesOfTrace(const std::string& path, StatesSource& src) {
    ThreadStateRecorder recorder = ThreadStateRecorder::forRecording();
    TraceImportOptions options;
    options.records = &recorder;
    ImportedTrace r = importTrace(path, options);
    if (!r.ok) {
        std::fprintf(stderr, "%s\n", r.error.c_str());
        return ExitInvalid;
    }
    for (const std::string& w : r.summary.trace->warnings)
        std::fprintf(stderr, "warning: %s: %s\n", path.c_str(), w.c_str());
    src.states = statesOfRecording(recorder, r);
    src.pids = pidsOf(r.summary);
    src.recording = true;
    return ExitOk;
}

int statesOfScenario(const std::string& source, const RunRequest& runOptions, StatesSource& src) {
    std::optional<ScenarioSpec> spec;
    if (const int rc = specForRun(source, runOptions, "why", spec); rc != ExitOk)
        return rc;
    ThreadStateRecorder recorder;
    SimulationOptions ro;
    ro.checkInvariants = true;
    ro.sinks.push_back(&recorder);
    SimulationResult run = simulate(std::make_shared<const ScenarioSpec>(std::move(*spec)), {}, ro);
    if (!run.ok()) {
        std::fprintf(stderr, "schedscope-cli: %s\n", run.error.c_str());
        return ExitFailure;
    }
    src.states = statesOfRun(recorder, *run.engine, RecordsAfter::Taken);
    src.pids = pidsOf(summarize(*run.engine));
    src.cpuNumbers = run.engine->spec().topology.cpuNumbers;
    return ExitOk;
}

/// The task with that pid whose track covers `at` (a pid can be reused, or shared by a
/// scenario's copies of a task), else the first with it.
std::optional<TaskId> taskWithPid(const StatesSource& src, int64_t pid, SimTime at) {
    std::optional<TaskId> first;
    for (const TaskTrack& t : src.states.tasks) {
        auto it = src.pids.find(t.id.value());
        const int64_t p = it != src.pids.end() ? it->second : static_cast<int64_t>(t.id.value());
        if (p != pid || t.intervals.empty())
            continue;
        if (t.intervals.front().start <= at && at < t.intervals.back().end)
            return t.id;
        if (!first)
            first = t.id;
    }
    return first;
}

nlohmann::json pidJson(const StatesSource& src, std::optional<TaskId> id) {
    if (!id)
        return nullptr;
    auto it = src.pids.find(id->value());
    return it != src.pids.end() ? it->second : static_cast<int64_t>(id->value());
}

nlohmann::json cpuJson(const StatesSource& src, int32_t cpu) {
    if (cpu < 0)
        return nullptr;
    const auto c = static_cast<size_t>(cpu);
    return c < src.cpuNumbers.size() ? src.cpuNumbers[c] : static_cast<uint32_t>(cpu);
}

std::string chainJson(const StatesSource& src, const WakeupChain& chain) {
    nlohmann::ordered_json hops = nlohmann::ordered_json::array();
    for (const ChainHop& h : chain.hops) {
        nlohmann::ordered_json j;
        j["pid"] = pidJson(src, h.task);
        j["name"] = bytesAsText(h.name);
        j["state"] = threadStateName(h.state);
        j["from_ns"] = h.from.count();
        j["to_ns"] = h.to.count();
        j["woken_by_pid"] = pidJson(src, h.wokenBy);
        j["waker_cpu"] = cpuJson(src, h.wakerCpu);
        j["reason"] = hopEndName(h.end);
        j["woken_at_ns"] = h.wakerCpu >= 0 ? nlohmann::ordered_json(h.wokenAt.count()) : nullptr;
        j["sleeping_ns"] = h.sleeping.count();
        j["runnable_ns"] = h.runnable.count();
        const bool preempted = h.state == ThreadState::Preempted;
        j["preempted_by_pid"] = preempted ? pidJson(src, h.preemptedBy) : nullptr;
        j["preempt_rule"] = preempted ? nlohmann::ordered_json(preemptRuleName(h.rule)) : nullptr;
        nlohmann::ordered_json moves = nlohmann::ordered_json::array();
        for (const MigrationRecord& m : h.moves) {
            nlohmann::ordered_json mj;
            mj["at_ns"] = m.time.count();
            mj["from_cpu"] = cpuJson(src, static_cast<int32_t>(m.from));
            mj["to_cpu"] = cpuJson(src, static_cast<int32_t>(m.to));
            mj["reason"] = migrationReasonName(m.reason);
            mj["level"] = m.level >= 0 ? nlohmann::ordered_json(m.level) : nullptr;
            mj["inferred"] = src.recording; // a recording's reason comes from the task's state
            moves.push_back(std::move(mj));
        }
        j["moves"] = std::move(moves);
        hops.push_back(std::move(j));
    }
    nlohmann::ordered_json j;
    j["hops"] = std::move(hops);
    return j.dump(2) + "\n";
}

std::string us(SimTime t) {
    char buf[40];
    std::snprintf(buf, sizeof buf, "%.3f", static_cast<double>(t.count()) / 1e3);
    return buf;
}

std::string chainTable(const StatesSource& src, const WakeupChain& chain, int64_t pid, SimTime at) {
    std::ostringstream o;
    o << "why: pid " << pid << " at " << us(at) << " us"
      << (src.recording ? " (time since the recording's first event)" : "") << "\n";
    if (chain.wasRunning)
        o << "it was running then: the wait before that run\n";
    char line[512];
    std::snprintf(line, sizeof line, "%-4s %8s  %-16s %-15s %14s %14s %12s %12s %8s %4s  %s\n", "hop", "pid",
                  "name", "state", "from [us]", "to [us]", "asleep [us]", "waiting [us]", "woken by", "cpu",
                  "reason");
    o << line;
    for (size_t i = 0; i < chain.hops.size(); ++i) {
        const ChainHop& h = chain.hops[i];
        const nlohmann::json by = pidJson(src, h.wokenBy), cpu = cpuJson(src, h.wakerCpu);
        std::snprintf(line, sizeof line, "%-4zu %8s  %-16s %-15s %14s %14s %12s %12s %8s %4s  %s\n", i,
                      pidJson(src, h.task).dump().c_str(), bytesAsText(h.name).substr(0, 16).c_str(),
                      std::string(threadStateName(h.state)).c_str(), us(h.from).c_str(), us(h.to).c_str(),
                      us(h.sleeping).c_str(), us(h.runnable).c_str(), by.is_null() ? "-" : by.dump().c_str(),
                      cpu.is_null() ? "-" : cpu.dump().c_str(), std::string(hopEndName(h.end)).c_str());
        o << line;
        if (h.state == ThreadState::Preempted) {
            const nlohmann::json pby = pidJson(src, h.preemptedBy);
            o << "     preempted by " << (pby.is_null() ? std::string("nobody (idle)") : "pid " + pby.dump())
              << ", rule " << preemptRuleName(h.rule) << "\n";
        }
        for (const MigrationRecord& m : h.moves)
            o << "     moved cpu" << cpuJson(src, static_cast<int32_t>(m.from)).dump() << " -> cpu"
              << cpuJson(src, static_cast<int32_t>(m.to)).dump() << " at " << us(m.time) << " us by "
              << migrationReasonName(m.reason)
              << (m.level >= 0 ? " balance, domain level " + std::to_string(m.level) : std::string())
              << (src.recording ? " (inferred)" : "") << "\n";
    }
    return o.str();
}

} // namespace

int cmdWhy(Args& args) {
    const RunRequest runOptions = takeRunOptions(args);
    const auto pidText = args.take("--pid");
    const auto atText = args.take("--at");
    const std::string depthText = args.take("--depth").value_or("10");
    const std::string format = args.take("--format").value_or("table");
    const auto out = args.take("--out");
    if (reportLeftovers(args))
        return ExitUsage;
    if (args.positional().size() != 1) {
        std::fprintf(stderr,
                     "schedscope-cli why: name exactly one scenario (a file or builtin:NAME) or trace\n");
        return ExitUsage;
    }
    if (!tableOrJson(format, "why"))
        return ExitUsage;
    char* end = nullptr;
    errno = 0;
    const long long pid = pidText ? std::strtoll(pidText->c_str(), &end, 10) : -1;
    if (!pidText || pidText->empty() || *end || errno || pid < 0) {
        std::fprintf(stderr, "schedscope-cli why: --pid expects a task's pid, found \"%s\"\n",
                     pidText.value_or("").c_str());
        return ExitUsage;
    }
    const DurationParse at = parseDuration(atText.value_or(""));
    if (!atText || !at.value) {
        std::fprintf(stderr, "schedscope-cli why: --at expects a time such as 1.5s, found \"%s\"\n",
                     atText.value_or("").c_str());
        return ExitUsage;
    }
    const long depth = std::strtol(depthText.c_str(), &end, 10);
    if (depthText.empty() || *end || depth < 1 || depth > 1000) {
        std::fprintf(stderr, "schedscope-cli why: --depth expects 1 to 1000 hops, found \"%s\"\n",
                     depthText.c_str());
        return ExitUsage;
    }
    const std::string& source = args.positional()[0];
    StatesSource src;
    const bool trace = sniff(source) == FileKind::Trace;
    if (trace && (runOptions.forText || runOptions.seedText || runOptions.model || runOptions.costs ||
                  !runOptions.opts.empty())) {
        std::fprintf(stderr,
                     "schedscope-cli why: %s is a recording: --for, --seed, --model, --costs and "
                     "--opt apply to a scenario\n",
                     source.c_str());
        return ExitUsage;
    }
    if (const int rc = trace ? statesOfTrace(source, src) : statesOfScenario(source, runOptions, src);
        rc != ExitOk)
        return rc;
    const std::optional<TaskId> task = taskWithPid(src, pid, *at.value);
    if (!task) {
        std::fprintf(stderr, "schedscope-cli why: %s has no task with pid %lld\n", source.c_str(), pid);
        return ExitInvalid;
    }
    const WakeupChain chain = wakeupChain(src.states, *task, *at.value, static_cast<int>(depth));
    if (!chain.error.empty()) {
        std::fprintf(stderr, "schedscope-cli why: pid %lld at %s: %s\n", pid, atText->c_str(),
                     chain.error.c_str());
        return ExitInvalid;
    }
    return writeOutput(out,
                       format == "json" ? chainJson(src, chain) : chainTable(src, chain, pid, *at.value));
}

} // namespace cli
