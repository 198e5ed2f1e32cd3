#include "output/recorder.h"

#include "sim/engine.h"

namespace core {

namespace {

CgroupPoint pointOf(const Engine& engine, const Cgroup& cg) {
    const bool psi = engine.spec().kernel.features.psi;
    const bool cpuacct = engine.spec().kernel.features.cpuacct;
    CgroupPoint p;
    p.weight = cg.weight;
    p.nrTasks = cg.nrTasks;
    p.usage = cpuacct ? engine.cpuacct().usage(cg.id) : SimTime{};
    p.psi = psi ? engine.psi().report(cg.id) : PsiReport{};
    if (const TaskGroup* tg = cg.tg; tg && tg->parent && tg->bandwidth) {
        p.max = tg->bandwidth->max;
        p.cpuStat = tg->bandwidth->stat;
        for (const auto& q : tg->perCpu)
            p.throttledCpus += q && q->cfs.throttled ? 1 : 0;
    }
    return p;
}

} // namespace

void Recorder::sample(const Engine& engine) {
    StateSample& s = m_pending.samples.emplace_back();
    s.time = engine.now();
    s.counters = engine.counters();
    s.optimizations = engine.optimizations();
    s.cgroups.reserve(engine.cgroups().all().size());
    for (const Cgroup& cg : engine.cgroups().all())
        s.cgroups.push_back(pointOf(engine, cg));
}

std::shared_ptr<Snapshot> Recorder::take(Engine& engine, bool withTasks) {
    engine.flushTrace();
    auto s = std::make_shared<Snapshot>(std::move(m_pending));
    m_pending = Snapshot{};
    s->time = engine.now();
    const auto& log = engine.commandLog();
    s->commands.assign(log.begin() + static_cast<std::ptrdiff_t>(std::min(m_commandsSent, log.size())),
                       log.end());
    m_commandsSent = log.size();
    s->finished = engine.finished();
    s->counters = engine.counters();
    s->optimizations = engine.optimizations();
    const Machine& m = engine.machine();
    s->cpus.reserve(m.nrCpus());
    for (const Rq& rq : m.rqs()) {
        CpuState c;
        // The last task to exit can still be curr when the engine finishes: it does not run.
        if (rq.curr && rq.curr->state != TaskState::Dead) {
            c.curr = rq.curr->id;
            c.cgroup = rq.curr->cgroup;
        }
        c.nrRunning = rq.nrRunning;
        engine.cpuTimesNow(rq, c.busy, c.idle, c.overhead);
        s->cpus.push_back(c);
    }
    for (const Cgroup& cg : engine.cgroups().all()) {
        CgroupState& state = s->cgroups.emplace_back();
        static_cast<CgroupPoint&>(state) = pointOf(engine, cg);
        state.id = cg.id;
        state.path = cg.path;
        state.parent = cg.parent;
    }
    for (const Channel& ch : engine.channels())
        s->channels.emplace_back(ch.name, ch.received);
    s->hasTasks = withTasks;
    if (withTasks) {
        s->tasks.reserve(engine.tasks().liveCount());
        engine.tasks().forEach([&](const Task& t) {
            s->tasks.push_back({t.id, t.name, t.cgroup, t.state, t.cpu.value(), t.se.sumExec});
        });
    }
    return s;
}

} // namespace core
