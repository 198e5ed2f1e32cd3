#include "report/replaycomparison.h"

#include "base/bytetext.h"
#include "report/comparetable.h"

#include <nlohmann/json.hpp>

#include <algorithm>
#include <cstdio>
#include <map>

namespace core {

namespace {

/// Adds a task; `span` holds the first start until Grouper::finish() makes it a length.
void add(CommandFigures& f, const TaskSummary& t) {
    f.span = f.tasks == 0 ? t.start : std::min(f.span, t.start);
    ++f.tasks;
    f.runtime += t.runtime;
    f.switches += t.switches;
    f.migrations += t.migrations;
    f.latency.merge(t.latency);
}

SimTime endOf(const TaskSummary& t, SimTime runEnd) {
    return t.exited ? t.exit : runEnd;
}

/// Per command: the tasks' sums and the span from the first start to the last end.
struct Grouper {
    std::map<std::string, CommandFigures> byComm;
    std::map<std::string, SimTime> lastEnd;
    CommandFigures all;
    SimTime allEnd;

    void take(const std::string& comm, const TaskSummary& t, SimTime runEnd) {
        CommandFigures& f = byComm[comm];
        f.comm = comm;
        add(f, t);
        lastEnd[comm] = std::max(lastEnd[comm], endOf(t, runEnd));
        add(all, t);
        allEnd = std::max(allEnd, endOf(t, runEnd));
    }
    void finish() {
        for (auto& [comm, f] : byComm)
            f.span = lastEnd[comm] - f.span;
        all.comm = "all tasks";
        all.span = allEnd - all.span;
    }
};

} // namespace

std::vector<CommandComparison> compareCommands(const RunSummary& real, const RunSummary& sim) {
    std::multimap<int64_t, const TaskSummary*> realByPid;
    for (const TaskSummary& t : real.tasks)
        realByPid.emplace(t.pid, &t);
    Grouper r, s;
    std::map<const TaskSummary*, bool> used;
    for (const TaskSummary& t : sim.tasks) {
        if (t.pid < 0)
            continue;
        // The recorded task with this pid whose comm the simulated name starts with ("comm" or
        // "comm-pid"): a reused pid has more than one.
        const TaskSummary* match = nullptr;
        auto [lo, hi] = realByPid.equal_range(t.pid);
        for (auto it = lo; it != hi && !match; ++it)
            if (!used[it->second] && t.name.rfind(it->second->name, 0) == 0)
                match = it->second;
        if (!match)
            continue;
        used[match] = true;
        r.take(match->name, *match, real.simTime);
        s.take(match->name, t, sim.simTime);
    }
    r.finish();
    s.finish();
    std::vector<CommandComparison> out;
    for (const auto& [comm, f] : r.byComm)
        out.push_back({f, s.byComm[comm]});
    std::stable_sort(out.begin(), out.end(), [](const CommandComparison& a, const CommandComparison& b) {
        return a.real.runtime > b.real.runtime;
    });
    out.push_back({r.all, s.all});
    return out;
}

std::string replayTable(const RunSummary& real, const RunSummary& sim, const std::string& model,
                        const std::vector<std::string>& notes) {
    using Unit = CompareTable::Unit;
    CompareTable t;
    auto& o = t.out();
    o << "Replay of the recording " << bytesAsText(real.scenario) << "\n"
      << "recorded:   " << CompareTable::value(static_cast<double>(real.simTime.count()), Unit::Duration)
      << " (" << (real.trace ? real.trace->format : std::string("trace")) << ")\n"
      << "simulation: kernel model " << model << ", "
      << CompareTable::value(static_cast<double>(sim.simTime.count()), Unit::Duration) << "\n\n";
    char head[256];
    std::snprintf(head, sizeof head, "%-22s %-20s %14s %14s %9s\n", "command", "", "recorded", "simulated",
                  "diff");
    o << head;
    auto d = [](SimTime x) { return static_cast<double>(x.count()); };
    auto c = [](uint64_t x) { return static_cast<double>(x); };
    for (const CommandComparison& cc : compareCommands(real, sim)) {
        const CommandFigures &r = cc.real, &s = cc.simulated;
        std::string name = bytesAsText(r.comm);
        if (name.size() > 22)
            name = name.substr(0, 21) + "~";
        t.row(name, "tasks", c(r.tasks), c(s.tasks), Unit::Count);
        t.row("", "CPU time", d(r.runtime), d(s.runtime), Unit::Duration);
        t.row("", "switches", c(r.switches), c(s.switches), Unit::Count);
        t.row("", "migrations", c(r.migrations), c(s.migrations), Unit::Count);
        t.row("", "span", d(r.span), d(s.span), Unit::Duration);
        if (r.latency.count() + s.latency.count() > 0) {
            t.row("", "waits", c(r.latency.count()), c(s.latency.count()), Unit::Count);
            t.row("", "wait p50", d(r.latency.percentile(0.5)), d(s.latency.percentile(0.5)), Unit::Duration);
            t.row("", "wait p99", d(r.latency.percentile(0.99)), d(s.latency.percentile(0.99)),
                  Unit::Duration);
        }
    }
    o << "\nCPU time: on-CPU time of the command's tasks. switches: context switches (voluntary and\n"
         "preempted). span: first task's start to last task's end. waits: runnable to running.\n"
         "diff: (simulated - recorded) / recorded.\n";
    for (const std::string& n : notes)
        o << "note: " << bytesAsText(n) << "\n";
    return o.str();
}

namespace {

nlohmann::ordered_json figuresJson(const CommandFigures& f) {
    return {{"tasks", f.tasks},
            {"runtime_ns", f.runtime.count()},
            {"switches", f.switches},
            {"migrations", f.migrations},
            {"span_ns", f.span.count()},
            {"waits", f.latency.count()},
            {"wait_p50_ns", f.latency.percentile(0.5).count()},
            {"wait_p99_ns", f.latency.percentile(0.99).count()}};
}

} // namespace

std::string replayJson(const RunSummary& real, const RunSummary& sim) {
    std::string r = toJson(real, false), s = toJson(sim, false);
    while (!r.empty() && r.back() == '\n')
        r.pop_back();
    while (!s.empty() && s.back() == '\n')
        s.pop_back();
    nlohmann::ordered_json commands = nlohmann::ordered_json::array();
    for (const CommandComparison& c : compareCommands(real, sim))
        commands.push_back({{"command", bytesAsText(c.real.comm)},
                            {"real", figuresJson(c.real)},
                            {"simulated", figuresJson(c.simulated)}});
    return "{\"real\": " + r + ",\n\"simulated\": " + s + ",\n\"commands\": " + commands.dump(2) + "}\n";
}

} // namespace core
