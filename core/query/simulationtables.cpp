#include "query/simulationtables.h"

#include "output/runstates.h"
#include "output/schedcounters.h"
#include "output/simulation.h"
#include "output/summarize.h"
#include "output/traceperfettoproto.h"
#include "query/queryrecorder.h"
#include "query/runtables.h"
#include "sched/cgroups.h"
#include "sched/topology.h"
#include "sim/engine.h"

#include <map>

namespace core {

namespace {

std::string optimizationsText(const OptimizationSet& set) {
    std::string out;
    for (const OptimizationInfo& o : optimizationCatalog()) {
        if (!out.empty())
            out += ',';
        out.append(o.key).append(set.test(o.id) ? "=on" : "=off");
    }
    return out;
}

void describeMachine(const Engine& engine, QueryRun& run) {
    const Topology& topo = engine.topology();
    for (uint32_t c = 0; c < topo.nrCpus(); ++c) {
        const CpuInfo& info = topo.cpu(CpuId(c));
        const CpuRange llc = topo.llc(CpuId(c));
        run.cpus.push_back({topo.kernelCpu(CpuId(c)), info.socket, info.core, info.thread,
                            llc.count ? llc.first / llc.count : c, info.node});
    }
    for (const DomainLevelInfo& l : topo.levels())
        run.domainLevels.emplace_back(domainLevelName(l.level));
    const RunSummary summary = summarize(engine);
    std::map<std::string, const CgroupSummary*> byPath;
    for (const CgroupSummary& g : summary.cgroups)
        byPath[g.path] = &g;
    for (const Cgroup& g : engine.cgroups().all()) {
        QueryCgroup q;
        q.id = g.id.value();
        q.path = g.path;
        if (g.parent.valid())
            q.parent = g.parent.value();
        q.weight = g.weight;
        if (const auto it = byPath.find(g.path); it != byPath.end()) {
            q.cpuMax = it->second->max.fileText();
            if (summary.psiEnabled)
                q.psi = it->second->psi;
            if (summary.cpuacctEnabled)
                q.usage = it->second->usage;
        }
        run.cgroups.push_back(std::move(q));
    }
}

} // namespace

QueryTables simulationTables(std::shared_ptr<const ScenarioSpec> spec, std::vector<QueryMetadata> metadata,
                             SimTime until, const std::function<bool(double)>& progress) {
    QueryTables out;
    std::function<PerfettoTask(TaskId)> who; // the engine's tasks as a native trace names them
    QueryRecorder::Options ro;
    ro.deadState = spec->kernel.model == KernelModel::V4_11 ? "x" : "Z";
    ro.priorityOf = [&who](TaskId id, SchedPolicy policy, uint8_t rt) {
        return rtPolicy(policy) ? 99 - int(rt) : 120 + (who ? who(id).nice : 0);
    };
    QueryRecorder recorder(ro);
    ThreadStateRecorder states;
    SchedCounterSampler counters;
    counters.setPointLimit(kPerfettoCounterPoints);
    SimulationOptions options;
    options.until = until;
    options.progress = progress;
    options.checkInvariants = true;
    options.sinks = {&states, &recorder};
    options.counters = &counters;
    options.started = [&who](const Engine& e) { who = perfettoOptionsOf(e).task; };
    const SimulationResult r = simulate(std::move(spec), {}, options);
    if (r.cancelled) {
        out.cancelled = true;
        return out;
    }
    if (!r.ok()) {
        out.error = r.error;
        return out;
    }
    const Engine& engine = *r.engine;
    QueryRun run;
    run.states = statesOfRun(states, engine, RecordsAfter::Taken);
    run.states.counters = counters.tracks();
    run.states.countersEnd = counters.sampledUpTo();
    recorder.moveInto(run, SimTime{});
    for (const TaskTrack& t : run.states.tasks) {
        const auto pid = run.states.pids.find(t.id.value());
        run.tids[t.id.value()] = pid != run.states.pids.end() ? pid->second : int64_t(t.id.value()) + 1;
    }
    describeMachine(engine, run);
    const ScenarioSpec& s = engine.spec();
    run.metadata = {{"source_kind", {}, "simulation"},
                    {"scenario", {}, s.name},
                    {"model", {}, std::string(kernelModelInfo(s.kernel.model).name)},
                    {"kernel_release", {}, perfettoOptionsOf(engine).kernelRelease},
                    {"seed", int64_t(s.seed), {}},
                    {"optimizations", {}, optimizationsText(s.optimizations)},
                    {"cpus", int64_t(engine.topology().nrCpus()), {}}};
    for (QueryMetadata& m : metadata)
        run.metadata.push_back(std::move(m));
    if (const auto full = counters.fullAt()) {
        out.warnings.push_back("the model's counters stop at " + std::to_string(full->count()) +
                               " ns: their limit of " + std::to_string(kPerfettoCounterPoints) + " points");
    }
    if (counters.skippedTasks())
        out.warnings.push_back("task counters were not sampled while more than " +
                               std::to_string(SchedCounterSampler::kMaxTasks) + " tasks were alive");
    finishRunTables(run, out);
    return out;
}

} // namespace core
