#include "reality/realitycompare.h"

#include "report/comparetable.h"

#include <nlohmann/json.hpp>

#include <cmath>
#include <cstdio>
#include <map>
#include <sstream>

namespace core {

namespace {

using Unit = CompareTable::Unit;
using Table = CompareTable;

std::string value(double v, Unit u) {
    return CompareTable::value(v, u);
}

double ns(SimTime t) {
    return static_cast<double>(t.count());
}

double share(SimTime runtime, SimTime over) {
    return over.count() > 0 ? ns(runtime) / ns(over) : 0;
}

double avgPercent(const PsiLine& l, int i) {
    return static_cast<double>(l.avg[i]) / 2048.0;
}

/// Simulated tasks matched to real ones by name, in order where a name repeats.
std::vector<const TaskSummary*> matchTasks(const RunSummary& real, const RunSummary& sim) {
    std::map<std::string, std::vector<const TaskSummary*>> byName;
    for (const TaskSummary& t : sim.tasks)
        byName[t.name].push_back(&t);
    std::map<std::string, size_t> used;
    std::vector<const TaskSummary*> out;
    for (const TaskSummary& t : real.tasks) {
        auto& list = byName[t.name];
        size_t& k = used[t.name];
        out.push_back(k < list.size() ? list[k] : nullptr);
        ++k;
    }
    return out;
}

const CgroupSummary* findCgroup(const RunSummary& s, const std::string& path) {
    for (const CgroupSummary& c : s.cgroups)
        if (c.path == path)
            return &c;
    return nullptr;
}

} // namespace

std::string realityTable(const RealityRun& run, const RunSummary& sim, const std::string& model) {
    Table t;
    auto& o = t.out();
    const RunSummary& real = run.real;
    o << "Reality check: " << real.scenario << "\n"
      << "host:       " << run.kernel << ", CPUs " << run.hostCpus << "\n"
      << "cgroups:    " << run.cgroupMode << "\n"
      << "recorder:   " << run.recorder << "\n"
      << "real run:   " << value(ns(run.elapsed), Unit::Duration) << " (bound "
      << formatDuration(run.duration) << ")\n"
      << "simulation: kernel model " << model << ", " << formatDuration(sim.simTime) << "\n\n";
    char head[256];
    std::snprintf(head, sizeof head, "%-22s %-20s %14s %14s %9s\n", "", "", "real", "simulated", "diff");
    o << head;
    const auto matched = matchTasks(real, sim);
    for (size_t i = 0; i < real.tasks.size(); ++i) {
        const TaskSummary& r = real.tasks[i];
        if (!matched[i]) {
            o << r.name << ": not in the simulation's summary\n";
            continue;
        }
        const TaskSummary& s = *matched[i];
        const std::string name = r.name.size() > 22 ? r.name.substr(0, 21) + "~" : r.name;
        t.row(name, "CPU share", share(r.runtime, real.simTime), share(s.runtime, sim.simTime),
              Unit::Fraction);
        t.row("", "runtime", ns(r.runtime), ns(s.runtime), Unit::Duration);
        t.row("", "switches", static_cast<double>(r.switches), static_cast<double>(s.switches), Unit::Count);
        t.row("", "migrations", static_cast<double>(r.migrations), static_cast<double>(s.migrations),
              Unit::Count);
        t.row("", "waits", static_cast<double>(r.latency.count()), static_cast<double>(s.latency.count()),
              Unit::Count);
        if (r.latency.count() + s.latency.count() > 0) {
            t.row("", "wait p50", ns(r.latency.percentile(0.5)), ns(s.latency.percentile(0.5)),
                  Unit::Duration);
            t.row("", "wait p99", ns(r.latency.percentile(0.99)), ns(s.latency.percentile(0.99)),
                  Unit::Duration);
            t.row("", "wait max", ns(r.latency.max()), ns(s.latency.max()), Unit::Duration);
        }
    }
    for (const CgroupSummary& r : real.cgroups) {
        const CgroupSummary* s = findCgroup(sim, r.path);
        if (!s)
            continue;
        const std::string name = "cgroup " + r.path;
        t.row(name.size() > 22 ? name.substr(0, 21) + "~" : name, "CPU share (usage)",
              share(r.usage, real.simTime), share(s->usage, sim.simTime), Unit::Fraction);
        t.row("", "cpu some avg10", avgPercent(r.psi.cpu.some, 0), avgPercent(s->psi.cpu.some, 0),
              Unit::Percent);
        t.row("", "cpu full avg10", avgPercent(r.psi.cpu.full, 0), avgPercent(s->psi.cpu.full, 0),
              Unit::Percent);
        t.row("", "cpu some total", static_cast<double>(r.psi.cpu.some.totalUs) * 1000,
              static_cast<double>(s->psi.cpu.some.totalUs) * 1000, Unit::Duration);
        t.row("", "cpu full total", static_cast<double>(r.psi.cpu.full.totalUs) * 1000,
              static_cast<double>(s->psi.cpu.full.totalUs) * 1000, Unit::Duration);
    }
    for (size_t i = 0; i < real.channels.size() && i < sim.channels.size(); ++i) {
        const double rs = real.simTime.seconds(), ss = sim.simTime.seconds();
        t.row("channel " + real.channels[i].name, "transfers per s",
              rs > 0 ? static_cast<double>(real.channels[i].transfers) / rs : 0,
              ss > 0 ? static_cast<double>(sim.channels[i].transfers) / ss : 0, Unit::Rate);
    }
    o << "\nCPU share: runtime / run length. Waits: runnable to running (wakeups and preemptions).\n"
         "PSI: the real cgroup's cpu.pressure at the end; avg10 is a 10 s average, so a short run\n"
         "shows the start of the curve. diff: (simulated - real) / real.\n";
    for (const std::string& n : run.notes)
        o << "note: " << n << "\n";
    size_t disagree = 0;
    for (const ProcCrossCheck& c : run.checks)
        disagree += !c.agree;
    o << "cross-check against /proc/PID/sched: " << run.checks.size() - disagree << " of "
      << run.checks.size() << " figures agree\n";
    if (run.stealMs > 0)
        o << "host: " << run.stealMs << " ms of steal time on the run's CPUs (the host took them)\n";
    if (real.trace)
        for (const std::string& w : real.trace->warnings)
            o << "trace: " << w << "\n";
    return o.str();
}

std::string realityJson(const RealityRun& run, const RunSummary& sim, const std::string& model) {
    nlohmann::ordered_json host;
    host["kernel"] = run.kernel;
    host["cpus"] = run.hostCpus;
    host["cgroups"] = run.cgroupMode;
    host["recorder"] = run.recorder;
    host["duration_s"] = run.duration.seconds();
    host["elapsed_s"] = run.elapsed.seconds();
    host["model"] = model;
    host["notes"] = run.notes;
    if (run.stealMs >= 0)
        host["steal_ms"] = run.stealMs;
    nlohmann::ordered_json checks = nlohmann::ordered_json::array();
    for (const ProcCrossCheck& c : run.checks)
        checks.push_back({{"task", c.task},
                          {"figure", c.figure},
                          {"trace", c.trace},
                          {"proc", c.proc},
                          {"agree", c.agree}});
    host["cross_checks"] = checks;
    nlohmann::ordered_json j;
    j["host"] = host;
    j["real"] = nlohmann::ordered_json::parse(toJson(run.real, false));
    j["simulated"] = nlohmann::ordered_json::parse(toJson(sim, false));
    return j.dump(2) + "\n";
}

} // namespace core
