#include "output/schedcounters.h"

#include "accounting/psi.h"
#include "base/kernelmodel.h"
#include "sched/cgroups.h"
#include "sched/eevdf.h"
#include "sched/machine.h"
#include "sched/task.h"
#include "sim/engine.h"

namespace core {

namespace {

/// The counters by slot: the kernel's names and their units.
struct CounterName {
    const char* name;
    const char* unit;
};
constexpr CounterName kCounters[] = {
    {"load_avg", ""},
    {"runnable_avg", ""},
    {"util_avg", ""},
    {"vruntime", "ns"},
    {"lag", "ns"},
    {"deadline", "ns"},
    {"min_vruntime", "ns"},
    {"runtime_left", "ns"},
    {"throttled_cpus", ""},
    {"psi_cpu_some_avg10", "%"},
    {"psi_cpu_full_avg10", "%"},
};
enum Counter : int {
    LoadAvg,
    RunnableAvg,
    UtilAvg,
    Vruntime,
    Lag,
    Deadline,
    MinVruntime,
    RuntimeLeft,
    ThrottledCpus,
    PsiSome,
    PsiFull
};

/// Virtual times are u64 that wrap; shown as signed (they start near 0 in the model).
double vtime(uint64_t v) {
    return static_cast<double>(static_cast<int64_t>(v));
}

} // namespace

void SchedCounterSampler::put(CounterOwner owner, uint32_t id, int counter, SimTime t, double v) {
    const uint64_t key = (uint64_t(owner) << 40) | (uint64_t(id) << 8) | uint64_t(counter);
    auto [it, added] = m_index.try_emplace(key, m_tracks.size());
    if (added) {
        CounterTrack& n = m_tracks.emplace_back();
        n.owner = owner;
        n.id = id;
        n.name = kCounters[counter].name;
        n.unit = kCounters[counter].unit;
    }
    CounterTrack& track = m_tracks[it->second];
    if (!track.points.empty() && track.points.back().value == v)
        return;
    track.points.push_back({t, v});
    ++m_points;
}

void SchedCounterSampler::sample(const Engine& engine) {
    if (m_fullAt)
        return;
    const SimTime now = engine.now();
    if (m_sampledAny && now <= m_lastSample)
        return; // time has not moved (a run that ended before the sample's time)
    m_sampledAny = true;
    m_lastSample = now;
    if (m_points >= m_limit) {
        m_fullAt = now;
        return;
    }
    sampleCpus(engine, now);
    sampleTasks(engine, now);
    sampleCgroups(engine, now);
}

void SchedCounterSampler::sampleCpus(const Engine& engine, SimTime now) {
    for (const Rq& rq : engine.machine().rqs()) {
        const PeltAvg& a = rq.cfs.avg;
        put(CounterOwner::Cpu, rq.cpu, LoadAvg, now, static_cast<double>(a.loadAvg));
        put(CounterOwner::Cpu, rq.cpu, RunnableAvg, now, static_cast<double>(a.runnableLoadAvg));
        put(CounterOwner::Cpu, rq.cpu, UtilAvg, now, static_cast<double>(a.utilAvg));
    }
}

void SchedCounterSampler::sampleTasks(const Engine& engine, SimTime now) {
    if (engine.tasks().liveCount() > kMaxTasks) {
        m_skippedTasks = true;
        return;
    }
    const bool eevdf = kernelModelInfo(engine.spec().kernel.model).eevdf;
    engine.tasks().forEach([&](const Task& t) {
        if (t.rt() || t.state == TaskState::Dead || !t.se.cfsRq)
            return;
        const uint32_t id = t.id.value();
        const SchedEntity& se = t.se;
        put(CounterOwner::Task, id, Vruntime, now, vtime(se.vruntime));
        put(CounterOwner::Task, id, UtilAvg, now, static_cast<double>(se.avg.utilAvg));
        if (eevdf) {
            // The lag as the kernel would compute it now for a queued entity (V - v); a
            // sleeper's is the one saved when it left the queue (se->vlag).
            const int64_t lag =
                se.onRq ? static_cast<int64_t>(eevdf::avgVruntime(*se.cfsRq) - se.vruntime) : se.vlag;
            put(CounterOwner::Task, id, Lag, now, static_cast<double>(lag));
            put(CounterOwner::Task, id, Deadline, now, vtime(se.deadline));
        } else {
            put(CounterOwner::Task, id, MinVruntime, now, vtime(se.cfsRq->minVruntime));
        }
    });
}

void SchedCounterSampler::sampleCgroups(const Engine& engine, SimTime now) {
    // Reading a group's pressure collects every CPU's state: every 10 ms is enough for a share.
    if (m_cgroupSampled && now - m_lastCgroupSample < kCgroupEvery)
        return;
    const auto& groups = engine.cgroups().all();
    const bool psi = engine.spec().kernel.features.psi;
    for (const Cgroup& cg : groups) {
        const uint32_t id = cg.id.value();
        if (const TaskGroup* tg = cg.tg; tg && tg->parent && tg->bandwidth && tg->bandwidth->max.quota) {
            put(CounterOwner::Cgroup, id, RuntimeLeft, now, static_cast<double>(tg->bandwidth->runtime));
            uint32_t throttled = 0;
            for (const auto& q : tg->perCpu)
                throttled += q && q->cfs.throttled ? 1 : 0;
            put(CounterOwner::Cgroup, id, ThrottledCpus, now, throttled);
        }
        if (!psi)
            continue;
        // What the group's cpu.pressure reads as avg10 (the kernel's own average, updated
        // every 2 s). Not the growth of its totals: a read here is pure (it must not change the
        // run), and pure reads of the kernel's nonidle-weighted totals need not grow (see
        // docs/thread-states.md).
        const PsiReport r = engine.psi().report(cg.id);
        put(CounterOwner::Cgroup, id, PsiSome, now, r.percent(0, false, 0));
        put(CounterOwner::Cgroup, id, PsiFull, now, r.percent(0, true, 0));
    }
    m_lastCgroupSample = now;
    m_cgroupSampled = true;
}

std::vector<CounterTrack> SchedCounterSampler::tracks() const {
    return m_tracks;
}

} // namespace core
