#include "experiments/workconservation.h"

#include "sim/engine.h"

#include <algorithm>

namespace core {

std::string WorkConservationViolation::describe() const {
    return "cpu" + std::to_string(idleCpu) + " idle from " + formatDuration(since) + " to " +
           formatDuration(at) + " (more than " + formatDuration(limit) + ") while cpu" +
           std::to_string(busyCpu) + " had two or more runnable tasks, " + waitingTask +
           " waiting and allowed on cpu" + std::to_string(idleCpu);
}

WorkConservationCheck::WorkConservationCheck(const Engine& engine, WorkConservationLimits limits)
    : m_engine(engine)
    , m_limits(limits)
    , m_starved(engine.machine().nrCpus()) {}

uint32_t WorkConservationCheck::balancerInterval(uint32_t cpu, size_t level) const {
    const Machine& m = m_engine.machine();
    const Topology& topo = m.topology();
    uint32_t interval = 0;
    for (size_t k = 0; k <= level; ++k) {
        const CpuRange g = topo.group(k, CpuId(cpu));
        for (uint32_t c = g.first; c < g.end(); ++c)
            if (c == cpu || m.rq(c).nrRunning == 0)
                interval = std::max(interval, m.rq(c).domains[k].balanceIntervalMs);
    }
    return interval;
}

SimTime WorkConservationCheck::untilNextBalance(uint32_t cpu, size_t level) const {
    const Machine& m = m_engine.machine();
    const SimTime tick = SimTime::ns(1000000000 / m_engine.spec().kernel.hz);
    const CpuRange g = m.topology().group(level, CpuId(cpu));
    SimTime wait;
    for (uint32_t c = g.first; c < g.end(); ++c) {
        if (c != cpu && m.rq(c).nrRunning != 0)
            continue;
        // A CPU balances no earlier than its next_balance, set by its last balancing.
        const SimTime next = SimTime::ns(m.rq(c).nextBalance * tick.count());
        if (next > m_engine.now())
            wait = std::max(wait, next - m_engine.now());
    }
    return wait;
}

std::optional<WorkConservationViolation> WorkConservationCheck::sample() {
    const Machine& m = m_engine.machine();
    const Topology& topo = m.topology();
    const uint32_t n = m.nrCpus();
    const SimTime now = m_engine.now();
    std::vector<bool> starvedNow(n, false);
    std::vector<uint32_t> busyOf(n, 0), intervalOf(n, 0);
    std::vector<size_t> levelOf(n, 0);
    std::vector<const Task*> waiterOf(n, nullptr);
    for (uint32_t j = 0; j < n; ++j) {
        const Rq& busy = m.rq(j);
        if (busy.nrRunning < 2)
            continue;
        for (const Task* w = busy.cfsTasksHead; w; w = w->lbNext) {
            if (w == busy.curr || !w->runnable())
                continue;
            for (size_t l = 0; l < topo.levels().size(); ++l) {
                const CpuRange span = topo.span(l, CpuId(j));
                for (uint32_t i = span.first; i < span.end(); ++i) {
                    if (i == j || starvedNow[i] || m.rq(i).nrRunning != 0 || !w->allowedOn(CpuId(i)))
                        continue;
                    // The smallest level spanning both: the first one that reaches i.
                    if (l > 0 && topo.span(l - 1, CpuId(j)).contains(CpuId(i)))
                        continue;
                    starvedNow[i] = true;
                    busyOf[i] = j;
                    waiterOf[i] = w;
                    levelOf[i] = l;
                    // Balancing at this level or below can pull. At a level whose groups
                    // hold several CPUs only the group's first idle CPU balances for it
                    // (should_we_balance): the intervals of every idle CPU of i's group count.
                    intervalOf[i] = balancerInterval(i, l);
                }
            }
        }
    }
    const SimTime tick = SimTime::ns(1000000000 / m_engine.spec().kernel.hz);
    for (uint32_t i = 0; i < n; ++i) {
        Starved& s = m_starved[i];
        if (!starvedNow[i]) {
            s.active = false;
            continue;
        }
        if (!s.active) {
            const SimTime wait = m_limits.untilNextBalance ? untilNextBalance(i, levelOf[i]) : SimTime();
            s = {true, now, busyOf[i], intervalOf[i], wait, waiterOf[i]->name};
            continue;
        }
        s.maxIntervalMs = std::max(s.maxIntervalMs, intervalOf[i]);
        const SimTime limit = s.untilNextBalance +
                              SimTime::ms(int64_t{m_limits.intervals} * s.maxIntervalMs) + tick + tick +
                              m_limits.peltRamp;
        if (now - s.since > limit)
            return WorkConservationViolation{i, busyOf[i], waiterOf[i]->name, s.since, now, limit};
    }
    return std::nullopt;
}

std::optional<WorkConservationViolation>
runCheckingWorkConservation(Engine& engine, SimTime until, SimTime period, WorkConservationLimits limits) {
    WorkConservationCheck check(engine, limits);
    for (SimTime t = engine.now() + period; !engine.finished(); t = t + period) {
        engine.runUntil(std::min(t, until));
        if (auto v = check.sample())
            return v;
        if (t >= until)
            break;
    }
    return std::nullopt;
}

} // namespace core
