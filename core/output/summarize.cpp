#include "output/summarize.h"

#include "sim/engine.h"

#include <algorithm>

namespace core {

RunSummary summarize(const Engine& engine) {
    RunSummary s;
    const ScenarioSpec& spec = engine.spec();
    s.scenario = spec.name;
    s.seed = spec.seed;
    s.simTime = engine.now();
    s.events = engine.counters().events;
    s.optimizations = engine.optimizations();
    s.model = engine.spec().kernel.model;
    s.counters = engine.counters();
    const Topology& topo = engine.topology();
    for (const Rq& rq : engine.machine().rqs()) {
        const CpuInfo& ci = topo.cpu(CpuId(rq.cpu));
        CpuSummary c{spec.topology.kernelCpu(rq.cpu), ci.socket, ci.coreInSocket, ci.thread, {}, {}, {}};
        engine.cpuTimesNow(rq, c.busy, c.idle, c.overhead);
        s.cpus.push_back(c);
    }
    const CgroupTree& cg = engine.cgroups();
    for (const ExitRecord& r : engine.exitRecords())
        s.tasks.push_back({r.id.value(), r.name, cg.at(r.cgroup).path, r.runtime, r.user, r.system, r.wait,
                           r.switches, r.migrations, true, r.exit, r.latency, r.pid, r.start,
                           r.timerLatency});
    engine.tasks().forEach([&](const Task& t) {
        s.tasks.push_back({t.id.value(),
                           t.name,
                           cg.at(t.cgroup).path,
                           t.userTime + t.sysTime,
                           t.userTime,
                           t.sysTime,
                           t.waitTime,
                           t.nvcsw + t.nivcsw,
                           t.migrations,
                           false,
                           {},
                           t.latency,
                           t.pid,
                           t.startTime,
                           t.timerLatency});
    });
    std::sort(s.tasks.begin(), s.tasks.end(),
              [](const TaskSummary& a, const TaskSummary& b) { return a.id < b.id; });
    s.tasksNotListed = engine.exitsNotRecorded();
    for (const Channel& ch : engine.channels())
        s.channels.push_back({ch.name, ch.received});
    s.psiEnabled = engine.spec().kernel.features.psi;
    s.cpuacctEnabled = engine.spec().kernel.features.cpuacct;
    for (const Cgroup& c : cg.all()) {
        CgroupSummary cs;
        cs.path = c.path;
        cs.weight = c.weight;
        cs.user = engine.cpuacct().usage(c.id, 0);
        cs.system = engine.cpuacct().usage(c.id, 1);
        cs.usage = cs.user + cs.system;
        cs.psi = engine.psi().report(c.id);
        if (c.tg && c.tg->parent && c.tg->bandwidth && !c.tg->autogroup) {
            cs.max = c.tg->bandwidth->max;
            cs.cpuStat = c.tg->bandwidth->stat;
        }
        s.cgroups.push_back(std::move(cs));
    }
    addCgroupLatency(s);
    s.systemPsi = engine.psi().report(CgroupId(0));
    return s;
}

} // namespace core
