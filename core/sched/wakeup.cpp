#include "sched/wakeup.h"

#include "sched/task.h"

#include <limits>

namespace core {

Wakeup::Wakeup(SimContext& ctx, Machine& machine, Fair& fair)
    : m_ctx(ctx)
    , m_machine(machine)
    , m_fair(fair)
    , m_v6(kernelModelInfo(ctx.model).v6Balancer) {
    const uint32_t llcSize = machine.topology().llc(CpuId(0)).count;
    m_hasIdleCores.assign(machine.nrCpus() / llcSize, 1);
}

void Wakeup::noteIdle(uint32_t cpu) {
    if (!m_machine.topology().hasSmt())
        return;
    const CpuRange core = m_machine.topology().core(CpuId(cpu));
    for (uint32_t c = core.first; c < core.end(); ++c)
        if (c != cpu && !idle(c))
            return;
    m_hasIdleCores[llcIndex(cpu)] = 1;
}

void Wakeup::recordWakee(Task& waker, Task& p) {
    // Decay the flip count once a second (HZ jiffies), then count a change of wakee.
    if (m_ctx.now > waker.wakeeFlipDecay + SimTime::s(1)) {
        waker.wakeeFlips >>= 1;
        waker.wakeeFlipDecay = m_ctx.now;
    }
    if (waker.lastWakee != p.id) {
        waker.lastWakee = p.id;
        ++waker.wakeeFlips;
    }
}

bool Wakeup::wakeWide(const Task& waker, const Task& p) const {
    uint32_t master = waker.wakeeFlips;
    uint32_t slave = p.wakeeFlips;
    const uint32_t factor = m_machine.topology().llc(CpuId(0)).count;
    if (master < slave)
        std::swap(master, slave);
    return !(slave < factor || master < uint64_t{slave} * factor);
}

bool Wakeup::wakeAffine(size_t level, Task& p, uint32_t thisCpu, uint32_t prevCpu, bool sync, Task* waker) {
    const uint32_t pct = m_machine.topology().levels()[level].imbalancePct;
    Rq& thisRq = m_machine.rq(thisCpu);
    Rq& prevRq = m_machine.rq(prevCpu);
    int64_t thisLoad = static_cast<int64_t>(m_fair.cpuLoad(thisRq));
    const int64_t prevLoad = static_cast<int64_t>(m_fair.cpuLoad(prevRq));
    if (sync && waker)
        thisLoad -= static_cast<int64_t>(waker->se.avg.loadAvg);
    int64_t thisEff = 100 * static_cast<int64_t>(prevRq.capacity);
    int64_t prevEff = (100 + (static_cast<int64_t>(pct) - 100) / 2) * static_cast<int64_t>(thisRq.capacity);
    if (thisLoad > 0) {
        thisEff *= thisLoad + static_cast<int64_t>(p.se.avg.loadAvg);
        prevEff *= prevLoad;
    }
    return thisEff <= prevEff;
}

int Wakeup::selectIdleCore(Task& p, uint32_t target) {
    const Topology& topo = m_machine.topology();
    if (!topo.hasSmt() || !hasIdleCores(target))
        return -1;
    const CpuRange llc = topo.llc(CpuId(target));
    const uint32_t tpc = topo.threadsPerCore();
    // Cores in wrap order starting at target's; the CPU returned is the first sibling met.
    // (Wrapping by compare, not modulo: this loop runs over every core of the LLC.)
    uint32_t first = target;
    for (uint32_t k = 0; k < llc.count; k += tpc) {
        const CpuRange core = topo.core(CpuId(first));
        bool allIdle = true;
        int pick = -1;
        for (uint32_t t = 0, c = first; t < tpc; ++t) {
            if (t > 0 && ++c == core.end())
                c = core.first;
            ++m_scanned;
            if (!idle(c)) {
                allIdle = false;
                break;
            }
            if (pick < 0 && p.allowedOn(CpuId(c)))
                pick = static_cast<int>(c);
        }
        if (allIdle && pick >= 0)
            return pick;
        first += tpc;
        if (first >= llc.end())
            first -= llc.count;
    }
    m_hasIdleCores[llcIndex(target)] = 0;
    return -1;
}

int Wakeup::firstIdleAllowed(Task& p, CpuRange range, uint32_t from) {
    for (uint32_t k = 0, c = from; k < range.count; ++k, c = c + 1 == range.end() ? range.first : c + 1) {
        if (!p.allowedOn(CpuId(c)))
            continue;
        ++m_scanned;
        if (idle(c))
            return static_cast<int>(c);
    }
    return -1;
}

int Wakeup::selectIdleCpu(Task& p, uint32_t target) {
    return firstIdleAllowed(p, m_machine.topology().llc(CpuId(target)), target);
}

int Wakeup::selectIdleSmt(Task& p, uint32_t target) {
    if (!m_machine.topology().hasSmt())
        return -1;
    const CpuRange core = m_machine.topology().core(CpuId(target));
    return firstIdleAllowed(p, core, core.first);
}

uint32_t Wakeup::selectIdleSibling(Task& p, uint32_t prev, uint32_t target) {
    ++m_scanned;
    if (idle(target) && p.allowedOn(CpuId(target)))
        return target;
    const Topology& topo = m_machine.topology();
    if (prev != target && topo.llc(CpuId(prev)).contains(CpuId(target))) {
        ++m_scanned;
        if (idle(prev) && p.allowedOn(CpuId(prev)))
            return prev;
    }
    if (topo.llcLevel() < 0)
        return p.allowedOn(CpuId(target)) ? target : prev;
    int i = selectIdleCore(p, target);
    if (i >= 0)
        return static_cast<uint32_t>(i);
    i = selectIdleCpu(p, target);
    if (i >= 0)
        return static_cast<uint32_t>(i);
    i = selectIdleSmt(p, target);
    if (i >= 0)
        return static_cast<uint32_t>(i);
    return p.allowedOn(CpuId(target)) ? target : prev;
}

bool Wakeup::groupAllowed(const Task& p, CpuRange group) {
    for (uint32_t c = group.first; c < group.end(); ++c)
        if (p.allowedOn(CpuId(c)))
            return true;
    return false;
}

int Wakeup::findIdlestGroup(size_t level, Task& p, uint32_t thisCpu) {
    const Topology& topo = m_machine.topology();
    const DomainLevelInfo& d = topo.levels()[level];
    const CpuRange span = topo.span(level, CpuId(thisCpu));
    const uint64_t imbalance = uint64_t{1024} * (d.imbalancePct - 100) / 100;
    const uint64_t imbalanceScale = 100 + (d.imbalancePct - 100) / 2;
    const uint64_t kMax = std::numeric_limits<uint64_t>::max();
    uint64_t minRunnable = kMax, minAvg = kMax, thisRunnable = 0, thisAvg = 0;
    int idlest = -1;
    for (uint32_t g = span.first; g < span.end(); g += d.groupSize) {
        if (!groupAllowed(p, {g, d.groupSize}))
            continue;
        const bool local = thisCpu >= g && thisCpu < g + d.groupSize;
        uint64_t runnable = 0, avg = 0, capacity = 0;
        for (uint32_t c = g; c < g + d.groupSize; ++c) {
            Rq& rq = m_machine.rq(c);
            ++m_scanned;
            runnable += m_fair.cpuLoad(rq);
            avg += rq.cfs.avg.loadAvg; // cpuLoad just brought the averages to now
            capacity += rq.capacity;
        }
        runnable = runnable * 1024 / capacity;
        avg = avg * 1024 / capacity;
        if (local) {
            thisRunnable = runnable;
            thisAvg = avg;
        } else if (minRunnable == kMax || runnable + imbalance < minRunnable) {
            minRunnable = runnable;
            minAvg = avg;
            idlest = static_cast<int>(g);
        } else if (runnable < minRunnable + imbalance && avg * imbalanceScale < minAvg * 100) {
            minAvg = avg;
            idlest = static_cast<int>(g);
        }
    }
    if (idlest < 0)
        return -1;
    if (minRunnable > thisRunnable + imbalance)
        return -1;
    if (thisRunnable < minRunnable + imbalance && 100 * thisAvg < imbalanceScale * minAvg)
        return -1;
    return idlest;
}

uint32_t Wakeup::findIdlestGroupCpu(CpuRange group, Task& p, uint32_t thisCpu) {
    if (group.count == 1)
        return group.first;
    int idlest = -1;
    SimTime latestIdle;
    int leastLoaded = -1;
    uint64_t minLoad = std::numeric_limits<uint64_t>::max();
    for (uint32_t c = group.first; c < group.end(); ++c) {
        if (!p.allowedOn(CpuId(c)))
            continue;
        ++m_scanned;
        Rq& rq = m_machine.rq(c);
        if (idle(c)) {
            // All idle states are equally shallow here: prefer the most recently idled CPU.
            if (idlest < 0 || rq.idleStamp > latestIdle) {
                latestIdle = rq.idleStamp;
                idlest = static_cast<int>(c);
            }
        } else if (idlest < 0) {
            uint64_t load = m_fair.cpuLoad(rq);
            if (m_v6)
                load = rq.cfs.avg.loadAvg; // cpu_load(): load_avg, blocked load included
            if (load < minLoad || (load == minLoad && c == thisCpu)) {
                minLoad = load;
                leastLoaded = static_cast<int>(c);
            }
        }
    }
    if (idlest >= 0)
        return static_cast<uint32_t>(idlest);
    return leastLoaded >= 0 ? static_cast<uint32_t>(leastLoaded) : thisCpu;
}

uint32_t Wakeup::findIdlestCpu(Task& p, uint32_t cpu, int level) {
    const Topology& topo = m_machine.topology();
    while (level >= 0) {
        const size_t l = static_cast<size_t>(level);
        const int g = m_v6 ? findIdlestGroupV6(l, p, cpu) : findIdlestGroup(l, p, cpu);
        if (g < 0) {
            --level;
            continue;
        }
        const uint32_t groupSize = topo.levels()[l].groupSize;
        const uint32_t newCpu = findIdlestGroupCpu({static_cast<uint32_t>(g), groupSize}, p, cpu);
        if (newCpu == cpu) {
            --level;
            continue;
        }
        // Continue below the level whose span was just searched, from the chosen CPU.
        cpu = newCpu;
        --level;
    }
    return cpu;
}

uint32_t Wakeup::selectTaskRq(Task& p, uint32_t prevCpu, uint32_t wakerCpu, Task* waker, Kind kind,
                              bool sync) {
    m_scanned = 0;
    const Topology& topo = m_machine.topology();
    const uint32_t sdFlag = kind == Kind::Fork ? SD_BALANCE_FORK : SD_BALANCE_WAKE;
    bool wantAffine = false;
    if (kind == Kind::Wake && waker) {
        recordWakee(*waker, p);
        wantAffine = !wakeWide(*waker, p) && p.allowedOn(CpuId(wakerCpu));
    }
    int affine = -1;
    int balance = -1;
    for (size_t l = 0; l < topo.levels().size(); ++l) {
        const DomainLevelInfo& d = topo.levels()[l];
        if (!(d.flags & SD_LOAD_BALANCE))
            break;
        if (wantAffine && (d.flags & SD_WAKE_AFFINE) &&
            topo.span(l, CpuId(wakerCpu)).contains(CpuId(prevCpu))) {
            affine = static_cast<int>(l);
            break;
        }
        if (d.flags & sdFlag)
            balance = static_cast<int>(l);
        else if (!wantAffine)
            break;
    }
    uint32_t newCpu = prevCpu;
    if (affine >= 0) {
        balance = -1;
        const size_t level = static_cast<size_t>(affine);
        if (wakerCpu != prevCpu && (m_v6 ? wakeAffineV6(level, p, wakerCpu, prevCpu, sync, waker)
                                         : wakeAffine(level, p, wakerCpu, prevCpu, sync, waker)))
            newCpu = wakerCpu;
    }
    if (balance < 0) {
        if (kind == Kind::Wake)
            newCpu = m_v6 ? selectIdleSiblingV6(p, prevCpu, newCpu) : selectIdleSibling(p, prevCpu, newCpu);
    } else {
        newCpu = findIdlestCpu(p, kind == Kind::Fork ? wakerCpu : newCpu, balance);
    }
    if (!p.allowedOn(CpuId(newCpu))) {
        // Fallback (select_fallback_rq): the first allowed CPU.
        newCpu = p.allowed->first().value();
    }
    m_ctx.counters.idleScans += m_scanned;
    m_machine.chargeN(m_machine.rq(wakerCpu), CostOp::IdleScan, m_scanned);
    return newCpu;
}

} // namespace core
