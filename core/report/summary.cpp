#include "report/summary.h"

#include "base/bytetext.h"

#include <nlohmann/json.hpp>

#include <algorithm>
#include <cstdio>
#include <sstream>
#include <string_view>
#include <unordered_map>

namespace core {

using nlohmann::ordered_json;

void addCgroupLatency(RunSummary& s) {
    std::unordered_map<std::string_view, CgroupSummary*> byPath;
    for (CgroupSummary& c : s.cgroups)
        byPath.emplace(c.path, &c);
    for (const TaskSummary& t : s.tasks)
        if (auto it = byPath.find(t.cgroup); it != byPath.end())
            it->second->latency.merge(t.latency);
}

namespace {

/// The counters under their JSON keys; a trace's only those a trace measures (the others are
/// the simulator's own).
ordered_json countersJson(const Counters& c, bool tracedOnly = false) {
    ordered_json j;
    for (const CounterInfo& info : counterCatalog())
        if (!info.key.empty() && (info.traced || !tracedOnly))
            j[std::string(info.key)] = info.read(c);
    return j;
}

ordered_json latencyJson(const LatencyHistogram& h) {
    return {{"count", h.count()},
            {"p50_ns", h.percentile(0.50).count()},
            {"p90_ns", h.percentile(0.90).count()},
            {"p99_ns", h.percentile(0.99).count()},
            {"max_ns", h.max().count()},
            {"avg_ns", h.average().count()}};
}

ordered_json psiLineJson(const PsiLine& l) {
    // avg as the kernel prints it (percent with two decimals), total in microseconds.
    auto pct = loadavg::toPercent;
    return {{"avg10", pct(l.avg[0])},
            {"avg60", pct(l.avg[1])},
            {"avg300", pct(l.avg[2])},
            {"total_us", l.totalUs}};
}

ordered_json psiJson(const PsiReport& r) {
    ordered_json j;
    j["cpu"] = {{"some", psiLineJson(r.cpu.some)}, {"full", psiLineJson(r.cpu.full)}};
    j["memory"] = {{"some", psiLineJson(r.memory.some)}, {"full", psiLineJson(r.memory.full)}};
    j["io"] = {{"some", psiLineJson(r.io.some)}, {"full", psiLineJson(r.io.full)}};
    return j;
}

std::string fmt(const char* f, double v) {
    char buf[64];
    std::snprintf(buf, sizeof buf, f, v);
    return buf;
}

std::string pad(std::string s, size_t w, bool right = false) {
    if (s.size() >= w)
        return s;
    return right ? std::string(w - s.size(), ' ') + s : s + std::string(w - s.size(), ' ');
}

} // namespace

std::string toJson(const RunSummary& s, bool withWallTime) {
    ordered_json j;
    const bool real = s.trace.has_value();
    j["scenario"] = bytesAsText(s.scenario);
    if (real) {
        ordered_json tj = {
            {"format", s.trace->format}, {"events", s.trace->events}, {"lost_events", s.trace->lostEvents}};
        ordered_json warnings = ordered_json::array();
        for (const std::string& w : s.trace->warnings)
            warnings.push_back(bytesAsText(w));
        tj["warnings"] = std::move(warnings);
        j["trace"] = std::move(tj);
    } else {
        j["seed"] = s.seed;
        j["model"] = std::string(kernelModelInfo(s.model).name);
    }
    j["sim_time_ns"] = s.simTime.count();
    if (withWallTime)
        j["wall_time_s"] = s.wallSeconds;
    j["events"] = s.events;
    if (!real) {
        ordered_json opts = ordered_json::object();
        for (const OptimizationInfo& i : optimizationCatalog())
            opts[std::string(i.key)] = s.optimizations.test(i.id);
        j["optimizations"] = opts;
    }
    j["counters"] = real ? countersJson(s.counters, true) : countersJson(s.counters);
    ordered_json byReason = ordered_json::object();
    for (size_t r = 0; r < kMigrationReasonCount; ++r)
        byReason[std::string(migrationReasonName(static_cast<MigrationReason>(r)))] =
            s.counters.migrationsByReason[r];
    j["migrations_by_reason"] = byReason;
    if (!real) {
        ordered_json byOp = ordered_json::object();
        for (const CostInfo& ci : costCatalog()) {
            const SimTime t = s.counters.overheadByOp[static_cast<size_t>(ci.op)];
            if (t.count() > 0)
                byOp[std::string(ci.name)] = t.count();
        }
        j["overhead_ns_by_op"] = byOp;
    }
    ordered_json cpus = ordered_json::array();
    for (const CpuSummary& c : s.cpus)
        cpus.push_back({{"cpu", c.cpu},
                        {"socket", c.socket},
                        {"core", c.core},
                        {"thread", c.thread},
                        {"busy_ns", c.busy.count()},
                        {"idle_ns", c.idle.count()},
                        {"overhead_ns", c.overhead.count()}});
    j["cpus"] = cpus;
    ordered_json tasks = ordered_json::array();
    for (const TaskSummary& t : s.tasks) {
        ordered_json tj = {{"id", t.id},
                           {"name", bytesAsText(t.name)},
                           {"pid", t.pid >= 0 ? t.pid : int64_t{t.id}},
                           {"cgroup", bytesAsText(t.cgroup)},
                           {"runtime_ns", t.runtime.count()},
                           {"user_ns", t.user.count()},
                           {"system_ns", t.system.count()},
                           {"wait_ns", t.wait.count()},
                           {"switches", t.switches},
                           {"migrations", t.migrations}};
        tj["exit_ns"] = t.exited ? ordered_json(t.exit.count()) : ordered_json(nullptr);
        tj["latency"] = latencyJson(t.latency);
        if (!s.trace) // a recording does not say when a timer was due
            tj["timer_latency"] = {{"count", t.timerLatency.count()},
                                   {"avg_ns", t.timerLatency.average().count()},
                                   {"p50_ns", t.timerLatency.percentile(0.50).count()},
                                   {"p99_ns", t.timerLatency.percentile(0.99).count()},
                                   {"max_ns", t.timerLatency.max().count()}};
        tasks.push_back(std::move(tj));
    }
    j["tasks"] = tasks;
    j["tasks_not_listed"] = s.tasksNotListed;
    ordered_json chans = ordered_json::array();
    for (const ChannelSummary& c : s.channels)
        chans.push_back({{"name", bytesAsText(c.name)}, {"transfers", c.transfers}});
    j["channels"] = chans;
    ordered_json cgs = ordered_json::array();
    for (const CgroupSummary& c : s.cgroups) {
        ordered_json cj = {{"path", bytesAsText(c.path)},
                           {"weight", c.weight},
                           {"cpuacct_usage_ns", c.usage.count()},
                           {"cpuacct_user_ns", c.user.count()},
                           {"cpuacct_system_ns", c.system.count()}};
        cj["psi"] = psiJson(c.psi);
        cj["cpu_max"] = c.max.fileText();
        cj["latency"] = latencyJson(c.latency);
        cj["cpu_stat"] = {{"nr_periods", c.cpuStat.nrPeriods},
                          {"nr_throttled", c.cpuStat.nrThrottled},
                          {"throttled_usec", c.cpuStat.throttledTime.count() / 1000},
                          {"nr_bursts", c.cpuStat.nrBursts},
                          {"burst_usec", c.cpuStat.burstTime.count() / 1000}};
        cgs.push_back(std::move(cj));
    }
    j["cgroups"] = cgs;
    j["system_psi"] = psiJson(s.systemPsi);
    return j.dump(2) + "\n";
}

std::string toCsv(const RunSummary& s) {
    std::ostringstream o;
    o << "section,key,value\n";
    o << "run,scenario," << csvQuoted(s.scenario) << "\n";
    o << "run,seed," << s.seed << "\nrun,sim_time_ns," << s.simTime.count() << "\nrun,events," << s.events
      << "\n";
    const ordered_json counters = countersJson(s.counters);
    for (auto& [k, v] : counters.items())
        o << "counters," << k << "," << v.dump() << "\n";
    for (size_t r = 0; r < kMigrationReasonCount; ++r)
        o << "migrations_by_reason," << migrationReasonName(static_cast<MigrationReason>(r)) << ","
          << s.counters.migrationsByReason[r] << "\n";
    o << "\ncpu,socket,core,thread,busy_ns,idle_ns,overhead_ns\n";
    for (const CpuSummary& c : s.cpus)
        o << c.cpu << "," << c.socket << "," << c.core << "," << c.thread << "," << c.busy.count() << ","
          << c.idle.count() << "," << c.overhead.count() << "\n";
    o << "\nid,name,cgroup,runtime_ns,user_ns,system_ns,wait_ns,switches,migrations,exit_ns\n";
    for (const TaskSummary& t : s.tasks)
        o << t.id << "," << csvQuoted(t.name) << "," << csvQuoted(t.cgroup) << "," << t.runtime.count() << ","
          << t.user.count() << "," << t.system.count() << "," << t.wait.count() << "," << t.switches << ","
          << t.migrations << "," << (t.exited ? std::to_string(t.exit.count()) : std::string()) << "\n";
    o << "\nchannel,transfers\n";
    for (const ChannelSummary& c : s.channels)
        o << csvQuoted(c.name) << "," << c.transfers << "\n";
    return o.str();
}

std::string toPsiText(const RunSummary& s) {
    std::ostringstream o;
    if (!s.psiEnabled)
        o << "# PSI is disabled in this scenario (kernel.features.psi = false)\n";
    o << "== /proc/pressure (system) ==\n";
    o << "-- cpu\n"
      << formatPsiResource(s.systemPsi.cpu) << "-- memory\n"
      << formatPsiResource(s.systemPsi.memory) << "-- io\n"
      << formatPsiResource(s.systemPsi.io);
    for (const CgroupSummary& c : s.cgroups) {
        if (c.path == "/")
            continue;
        o << "\n== " << bytesAsText(c.path) << " ==\n";
        o << "-- cpu.pressure\n"
          << formatPsiResource(c.psi.cpu) << "-- memory.pressure\n"
          << formatPsiResource(c.psi.memory) << "-- io.pressure\n"
          << formatPsiResource(c.psi.io);
    }
    return o.str();
}

std::string toTable(const RunSummary& s) {
    std::ostringstream o;
    const double simS = s.simTime.seconds();
    if (s.trace) {
        o << "trace      " << bytesAsText(s.scenario) << " (" << s.trace->format << ")\n";
        o << "recorded   " << formatTimeHuman(s.simTime) << "   scheduler events " << s.events << "   lost "
          << s.trace->lostEvents << "\n";
        for (const std::string& w : s.trace->warnings)
            o << "warning    " << bytesAsText(w) << "\n";
    } else {
        o << "scenario   " << bytesAsText(s.scenario) << "\n";
        o << "kernel     " << kernelModelInfo(s.model).name << " (" << kernelModelInfo(s.model).description
          << ")\n";
        o << "simulated  " << formatTimeHuman(s.simTime) << "   events " << s.events;
    }
    if (s.wallSeconds > 0)
        o << "   wall " << fmt("%.3f s", s.wallSeconds) << "   "
          << fmt("%.2f M events/s", static_cast<double>(s.events) / s.wallSeconds / 1e6);
    if (!s.trace) {
        o << "\noptimizations";
        for (const OptimizationInfo& i : optimizationCatalog())
            o << "  " << i.key << "=" << (s.optimizations.test(i.id) ? "on" : "off");
        o << "\n";
    }
    o << "\n";
    const Counters& c = s.counters;
    auto rate = [&](uint64_t v) {
        return simS > 0 ? fmt("%.0f/s", static_cast<double>(v) / simS) : std::string("-");
    };
    o << pad("counter", 24) << pad("total", 14, true) << pad("per second", 16, true) << "\n";
    for (const CounterInfo& info : counterCatalog())
        if (info.inTable && (info.traced || !s.trace)) {
            const uint64_t value = info.read(c);
            o << pad(std::string(info.label), 24) << pad(std::to_string(value), 14, true)
              << pad(rate(value), 16, true) << "\n";
        }
    o << "\nmigrations by reason:";
    for (size_t r = 0; r < kMigrationReasonCount; ++r)
        o << " " << migrationReasonName(static_cast<MigrationReason>(r)) << "=" << c.migrationsByReason[r];
    o << "\n\n"
      << pad("cpu", 6) << pad("s/c/t", 8) << pad("busy", 9, true) << pad("overhead", 10, true)
      << pad("idle", 9, true) << "\n";
    for (const CpuSummary& cpu : s.cpus) {
        const double total = static_cast<double>((cpu.busy + cpu.idle + cpu.overhead).count());
        auto pct = [&](SimTime t) {
            return total > 0 ? fmt("%.1f%%", 100.0 * static_cast<double>(t.count()) / total)
                             : std::string("-");
        };
        o << pad(std::to_string(cpu.cpu), 6)
          << pad(std::to_string(cpu.socket) + "/" + std::to_string(cpu.core) + "/" +
                     std::to_string(cpu.thread),
                 8)
          << pad(pct(cpu.busy), 9, true) << pad(pct(cpu.overhead), 10, true) << pad(pct(cpu.idle), 9, true)
          << "\n";
    }
    o << "\n"
      << pad("task", 24) << pad("cgroup", 20) << pad("runtime", 14, true) << pad("wait", 14, true)
      << pad("switches", 10, true) << pad("migr", 8, true) << pad("lat p99", 12, true)
      << pad("lat max", 12, true) << "\n";
    size_t shown = 0;
    for (const TaskSummary& t : s.tasks) {
        if (++shown > 50) {
            o << "... " << (s.tasks.size() - 50) << " more tasks (see --format json or csv)\n";
            break;
        }
        o << pad(bytesAsText(s.trace ? t.name + ":" + std::to_string(t.pid) : t.name), 24)
          << pad(bytesAsText(t.cgroup), 20) << pad(formatTimeHuman(t.runtime), 14, true)
          << pad(formatTimeHuman(t.wait), 14, true) << pad(std::to_string(t.switches), 10, true)
          << pad(std::to_string(t.migrations), 8, true)
          << pad(formatTimeHuman(t.latency.percentile(0.99)), 12, true)
          << pad(formatTimeHuman(t.latency.max()), 12, true) << "\n";
    }
    if (!s.cgroups.empty()) {
        o << "\n"
          << pad("cgroup", 24) << pad("weight", 8, true) << pad("cpuacct", 14, true) << pad("share", 8, true)
          << pad("cpu some", 10, true) << pad("mem some", 10, true) << pad("io some", 10, true) << "\n";
        const double total = static_cast<double>(s.cgroups.front().usage.count());
        auto avg10 = [](const PsiLine& l) {
            char b[48]; // two 64-bit decimals and a point: never truncated
            std::snprintf(b, sizeof b, "%lu.%02lu", static_cast<unsigned long>(l.avg[0] >> 11),
                          static_cast<unsigned long>(((l.avg[0] & 2047) * 100) >> 11));
            return std::string(b);
        };
        for (const CgroupSummary& c : s.cgroups)
            o << pad(bytesAsText(c.path), 24)
              << pad(c.path == "/" ? std::string("-") : std::to_string(c.weight), 8, true)
              << pad(formatTimeHuman(c.usage), 14, true)
              << pad(total > 0 ? fmt("%.1f%%", 100.0 * static_cast<double>(c.usage.count()) / total) : "-", 8,
                     true)
              << pad(avg10(c.psi.cpu.some), 10, true) << pad(avg10(c.psi.memory.some), 10, true)
              << pad(avg10(c.psi.io.some), 10, true) << "\n";
    }
    if (std::any_of(s.cgroups.begin(), s.cgroups.end(),
                    [](const CgroupSummary& c) { return c.max.limited(); })) {
        o << "\n"
          << pad("cgroup", 24) << pad("cpu.max", 16, true) << pad("nr_periods", 12, true)
          << pad("nr_throttled", 14, true) << pad("throttled", 14, true) << pad("nr_bursts", 11, true)
          << "\n";
        for (const CgroupSummary& c : s.cgroups)
            if (c.max.limited() || c.cpuStat.nrPeriods)
                o << pad(c.path, 24) << pad(c.max.fileText(), 16, true)
                  << pad(std::to_string(c.cpuStat.nrPeriods), 12, true)
                  << pad(std::to_string(c.cpuStat.nrThrottled), 14, true)
                  << pad(formatTimeHuman(c.cpuStat.throttledTime), 14, true)
                  << pad(std::to_string(c.cpuStat.nrBursts), 11, true) << "\n";
    }
    if (!s.channels.empty()) {
        o << "\n" << pad("channel", 24) << pad("transfers", 14, true) << "\n";
        for (const ChannelSummary& ch : s.channels)
            o << pad(ch.name, 24) << pad(std::to_string(ch.transfers), 14, true) << "\n";
    }
    return o.str();
}

} // namespace core
