#include "recorder.h"

#include "engine.h"

namespace core {

void Snapshot::absorb(Snapshot&& newer) {
    auto append = [](auto& dst, auto& src) {
        if (dst.empty())
            dst = std::move(src);
        else
            dst.insert(dst.end(), std::make_move_iterator(src.begin()), std::make_move_iterator(src.end()));
    };
    append(slices, newer.slices);
    append(migrations, newer.migrations);
    append(markers, newer.markers);
    append(newTasks, newer.newTasks);
    generation = newer.generation;
    time = newer.time;
    finished = newer.finished;
    counters = newer.counters;
    optimizations = newer.optimizations;
    cpus = std::move(newer.cpus);
    cgroups = std::move(newer.cgroups);
    if (!newer.tasks.empty() || tasks.empty())
        tasks = std::move(newer.tasks);
}

std::shared_ptr<Snapshot> Recorder::take(Engine& engine, bool withTasks) {
    engine.flushTrace();
    auto s = std::make_shared<Snapshot>(std::move(m_pending));
    m_pending = Snapshot{};
    s->time = engine.now();
    s->finished = engine.finished();
    s->counters = engine.counters();
    s->optimizations = engine.optimizations();
    const Machine& m = engine.machine();
    s->cpus.reserve(m.nrCpus());
    for (const Rq& rq : m.rqs()) {
        CpuState c;
        if (rq.curr) {
            c.curr = rq.curr->id;
            c.cgroup = rq.curr->cgroup;
        }
        c.nrRunning = rq.nrRunning;
        engine.cpuTimesNow(rq, c.busy, c.idle, c.overhead);
        s->cpus.push_back(c);
    }
    const bool psi = engine.spec().kernel.features.psi;
    const bool cpuacct = engine.spec().kernel.features.cpuacct;
    for (const Cgroup& cg : engine.cgroups().all())
        s->cgroups.push_back({cg.id, cg.path, cg.parent, cg.weight, cg.nrTasks,
                              cpuacct ? engine.cpuacct().usage(cg.id) : SimTime{},
                              psi ? engine.psi().report(cg.id) : PsiReport{}});
    if (withTasks) {
        s->tasks.reserve(engine.tasks().liveCount());
        engine.tasks().forEach([&](const Task& t) {
            s->tasks.push_back(
                {t.id, t.name, t.cgroup, static_cast<uint8_t>(t.state), t.cpu.value(), t.se.sumExec});
        });
    }
    return s;
}

} // namespace core
