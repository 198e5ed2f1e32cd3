#include "accounting/psi.h"

#include "sched/task.h"

#include <algorithm>
#include <bit>
#include <cassert>
#include <cstdio>

namespace core {

namespace loadavg {

uint64_t calcLoad(uint64_t load, uint64_t exp, uint64_t active) {
    uint64_t newload = load * exp + active * (kFixed1 - exp);
    if (active >= load)
        newload += kFixed1 - 1;
    return newload / kFixed1;
}

uint64_t fixedPowerInt(uint64_t x, uint64_t fracBits, uint64_t n) {
    uint64_t result = uint64_t{1} << fracBits;
    if (n) {
        for (;;) {
            if (n & 1) {
                result *= x;
                result += uint64_t{1} << (fracBits - 1);
                result >>= fracBits;
            }
            n >>= 1;
            if (!n)
                break;
            x *= x;
            x += uint64_t{1} << (fracBits - 1);
            x >>= fracBits;
        }
    }
    return result;
}

uint64_t calcLoadN(uint64_t load, uint64_t exp, uint64_t active, uint64_t n) {
    return calcLoad(load, fixedPowerInt(exp, kFshift, n), active);
}

} // namespace loadavg

namespace {

constexpr uint32_t bit(int s) {
    return 1u << s;
}

/// test_state() of v5.17+ for every state, from the counts and the ONCPU bit.
uint32_t computeStates(const std::array<uint32_t, kPsiTaskCounts>& t, bool oncpu) {
    const uint32_t io = t[0], ms = t[1], run = t[2], msr = t[3];
    uint32_t m = 0;
    if (io)
        m |= bit(PSI_IO_SOME);
    if (io && !run)
        m |= bit(PSI_IO_FULL);
    if (ms)
        m |= bit(PSI_MEM_SOME);
    if (ms && run == msr)
        m |= bit(PSI_MEM_FULL);
    if (run > (oncpu ? 1u : 0u))
        m |= bit(PSI_CPU_SOME);
    if (run && !oncpu)
        m |= bit(PSI_CPU_FULL);
    if (io || ms || run)
        m |= bit(PSI_NONIDLE);
    return m;
}

} // namespace

Psi::Psi(SimContext& ctx, Machine& machine, CgroupTree& cgroups)
    : m_ctx(ctx)
    , m_machine(machine)
    , m_cgroups(cgroups) {
    m_jiffyNs = static_cast<uint64_t>(ctx.tickPeriod.count());
    m_period = SimTime::ns(static_cast<int64_t>((2 * ctx.hz + 1) * m_jiffyNs)); // PSI_FREQ jiffies
    for (const Cgroup& cg : cgroups.all()) {
        auto g = std::make_unique<PsiGroup>();
        g->cgroup = cg.id;
        g->index = cg.id.value();
        g->parent = cg.parent.valid() ? m_groups[cg.parent.value()].get() : nullptr;
        g->avgNextUpdate = m_period; // group_init: the averaging grid starts at creation (t = 0)
        m_groups.push_back(std::move(g));
    }
    m_chunksPerCpu = static_cast<uint32_t>((m_groups.size() + kChunkGroups - 1) / kChunkGroups);
    m_pcpuChunks.resize(size_t{m_chunksPerCpu} * machine.nrCpus());
}

PsiGroup& Psi::leaf(const Task& p) {
    return *m_groups[p.cgroup.value()];
}

inline size_t Psi::chunkIndex(const PsiGroup& g, uint32_t cpu) const {
    return size_t{cpu} * m_chunksPerCpu + g.index / kChunkGroups;
}

inline PsiGroupCpu& Psi::pcpu(const PsiGroup& g, uint32_t cpu) {
    auto& chunk = m_pcpuChunks[chunkIndex(g, cpu)];
    if (!chunk)
        chunk = std::make_unique<PsiGroupCpu[]>(kChunkGroups);
    return chunk[g.index % kChunkGroups];
}

PsiGroupCpu* Psi::findPcpu(const PsiGroup& g, uint32_t cpu) {
    const auto& chunk = m_pcpuChunks[chunkIndex(g, cpu)];
    return chunk ? &chunk[g.index % kChunkGroups] : nullptr;
}

const PsiGroupCpu* Psi::findPcpu(const PsiGroup& g, uint32_t cpu) const {
    const auto& chunk = m_pcpuChunks[chunkIndex(g, cpu)];
    return chunk ? &chunk[g.index % kChunkGroups] : nullptr;
}

void Psi::flagsChange(Task& p, uint32_t clear, uint32_t set) {
    // psi_flags_change: inconsistent requests are a kernel bug report; keep going, as it does.
    if (((p.psiFlags & clear) != clear || (p.psiFlags & set)) && !m_reportedUnderflow)
        m_reportedUnderflow = true;
    p.psiFlags = static_cast<uint8_t>((p.psiFlags & ~clear) | set);
}

SimTime Psi::readClockOnce(Rq& rq) {
    m_machine.charge(rq, CostOp::CpuClock);
    ++m_ctx.counters.cpuClockReads;
    return std::max(rq.cursor, m_ctx.now);
}

void Psi::recordTimes(PsiGroupCpu& gc, SimTime now) {
    // Charges the time since the last change to the states that were active during it.
    const uint64_t delta = now > gc.stateStart ? static_cast<uint64_t>((now - gc.stateStart).count()) : 0;
    gc.stateStart = std::max(gc.stateStart, now);
    for (uint32_t m = gc.stateMask & (bit(kPsiStates) - 1); m; m &= m - 1)
        gc.times[static_cast<size_t>(std::countr_zero(m))] += delta;
}

void Psi::chargeLevels(Rq& rq, size_t from, size_t to, uint64_t clockReads) {
    const uint64_t n = to - from;
    m_ctx.counters.psiGroupUpdates += n;
    // Reaching each group: the parent-cache walk or the direct cgroup walk; with the latter,
    // the levels past those whose cgroups stay cache-resident miss (docs/cost-model.md:
    // psi_walk_resident_levels, psi_walk_cache_miss).
    const bool direct = m_ctx.optimizations.test(Optimization::PsiDirectIteration);
    const size_t resident = m_ctx.costs.count(CostCount::PsiWalkResidentLevels);
    const uint64_t misses = direct && to > resident ? to - std::max(from, resident) : 0;
    m_machine.chargeAll(rq, {{direct ? CostOp::PsiWalkDirect : CostOp::PsiWalkParent, n},
                             {CostOp::PsiWalkCacheMiss, misses},
                             {CostOp::PsiGroupUpdate, n},
                             {CostOp::CpuClock, clockReads}});
}

SimTime Psi::levelStamp(Rq& rq, size_t level, SimTime once) {
    if (m_clockOnce)
        return once;
    // Before the 2021 change every level read the clock itself (record_times did), after
    // reaching and updating its group.
    chargeLevels(rq, level, level + 1, 1);
    ++m_ctx.counters.cpuClockReads;
    return std::max(rq.cursor, m_ctx.now);
}

void Psi::endWalk(Rq& rq, size_t levels) {
    // With the clock read once nothing reads it during the walk, so the levels' work is
    // charged here in one piece: the same time, counters and trace as level by level.
    if (m_clockOnce)
        chargeLevels(rq, 0, levels, 0);
}

bool Psi::reclaimOnCpu(uint32_t cpu) const {
    const Task* curr = m_machine.rq(cpu).curr;
    return curr && curr->inMemstall;
}

void Psi::groupChange(uint32_t cpu, PsiGroup& g, uint32_t clear, uint32_t set, SimTime now, bool reclaim) {
    PsiGroupCpu& gc = pcpu(g, cpu);
    uint32_t mask;
    if (clear & TSK_ONCPU) {
        mask = 0;
        clear &= ~uint32_t{TSK_ONCPU};
    } else if (set & TSK_ONCPU) {
        mask = PSI_ONCPU;
        set &= ~uint32_t{TSK_ONCPU};
    } else {
        mask = gc.stateMask & PSI_ONCPU;
    }
    // The counted flags are the low kPsiTaskCounts bits; visit only those that are set.
    for (uint32_t c = clear; c; c &= c - 1) {
        uint32_t& count = gc.tasks[static_cast<size_t>(std::countr_zero(c))];
        if (count == 0) {
            m_reportedUnderflow = true; // the kernel reports once and keeps the count at 0
            continue;
        }
        --count;
    }
    for (uint32_t c = set; c; c &= c - 1)
        ++gc.tasks[static_cast<size_t>(std::countr_zero(c))];
    mask |= computeStates(gc.tasks, mask & PSI_ONCPU);
    // Reclaim on the CPU is a total loss of productivity for the group.
    if ((mask & PSI_ONCPU) && reclaim)
        mask |= bit(PSI_MEM_FULL);
    recordTimes(gc, now);
    gc.stateMask = mask;
    if (!g.work.valid())
        armWork(g, m_period);
}

void Psi::taskChange(Rq& rq, Task& p, uint32_t clear, uint32_t set) {
    // psi_task_change changes the state of the task's own CPU (task_cpu(p)); the CPU that runs
    // the hook (rq, the waker's for psi_ttwu_dequeue) pays for it and reads the clock.
    if (!enabled())
        return;
    flagsChange(p, clear, set);
    m_clockOnce = m_ctx.optimizations.test(Optimization::PsiClockOnce);
    const SimTime once = m_clockOnce ? readClockOnce(rq) : SimTime();
    const uint32_t cpu = p.cpu.value();
    const bool reclaim = reclaimOnCpu(cpu);
    size_t level = 0;
    for (PsiGroup* g = &leaf(p); g; g = g->parent, ++level)
        groupChange(cpu, *g, clear, set, levelStamp(rq, level, once), reclaim);
    endWalk(rq, level);
}

void Psi::enqueue(Rq& cpuRq, Task& p, bool wakeup) {
    uint32_t clear = 0, set = TSK_RUNNING;
    if (p.inMemstall)
        set |= TSK_MEMSTALL_RUNNING;
    if (!wakeup) {
        if (p.inMemstall)
            set |= TSK_MEMSTALL;
    } else if (p.inIowait) {
        clear |= TSK_IOWAIT;
    }
    taskChange(cpuRq, p, clear, set);
}

void Psi::dequeue(Rq& cpuRq, Task& p, bool sleep) {
    // A voluntary sleep is handled by the task switch (one walk instead of two).
    if (sleep)
        return;
    taskChange(cpuRq, p, p.psiFlags, 0);
}

void Psi::ttwuDequeue(Rq& wakerRq, Task& p) {
    if (p.psiFlags)
        taskChange(wakerRq, p, p.psiFlags, 0);
}

void Psi::memstallEnter(Rq& rq, Task& p) {
    if (!enabled()) {
        p.inMemstall = true;
        return;
    }
    p.inMemstall = true;
    taskChange(rq, p, 0, TSK_MEMSTALL | TSK_MEMSTALL_RUNNING);
}

void Psi::memstallLeave(Rq& rq, Task& p) {
    p.inMemstall = false;
    taskChange(rq, p, TSK_MEMSTALL | TSK_MEMSTALL_RUNNING, 0);
}

void Psi::cgroupMove(Rq& rq, Task& p, CgroupId from, CgroupId to) {
    const uint32_t flags = p.psiFlags;
    p.cgroup = from;
    if (flags)
        taskChange(rq, p, flags, 0);
    p.cgroup = to;
    if (flags)
        taskChange(rq, p, 0, flags);
}

void Psi::taskGone(Rq& rq, Task& p) {
    if (p.psiFlags)
        taskChange(rq, p, p.psiFlags, 0);
}

void Psi::taskSwitch(Rq& rq, Task* prev, Task* next, bool sleep) {
    if (!enabled())
        return;
    m_clockOnce = m_ctx.optimizations.test(Optimization::PsiClockOnce);
    const SimTime once = m_clockOnce ? readClockOnce(rq) : SimTime();
    const bool reclaim = reclaimOnCpu(rq.cpu);
    PsiGroup* common = nullptr;
    if (next) {
        flagsChange(*next, 0, TSK_ONCPU);
        size_t level = 0;
        for (PsiGroup* g = &leaf(*next); g; g = g->parent, ++level) {
            // prev still holds ONCPU in all its groups: the first one found is the common
            // ancestor, and above it nothing changes for ONCPU.
            if (pcpu(*g, rq.cpu).stateMask & PSI_ONCPU) {
                common = g;
                break;
            }
            groupChange(rq.cpu, *g, 0, TSK_ONCPU, levelStamp(rq, level, once), reclaim);
        }
        endWalk(rq, level);
    }
    if (prev) {
        uint32_t clear = TSK_ONCPU, set = 0;
        if (sleep) {
            clear |= TSK_RUNNING;
            if (prev->inMemstall)
                clear |= TSK_MEMSTALL_RUNNING;
            if (prev->inIowait)
                set |= TSK_IOWAIT;
        }
        flagsChange(*prev, clear, set);
        PsiGroup* g = &leaf(*prev);
        size_t level = 0;
        for (; g && g != common; g = g->parent, ++level)
            groupChange(rq.cpu, *g, clear, set, levelStamp(rq, level, once), reclaim);
        // Above the common ancestor only the non-ONCPU changes matter; when prev and next have
        // the same flags there, the aggregate does not change and the walk stops.
        const uint32_t nextFlags = next ? next->psiFlags : 0;
        if (g && ((prev->psiFlags ^ nextFlags) & ~uint32_t{TSK_ONCPU})) {
            clear &= ~uint32_t{TSK_ONCPU};
            for (; g; g = g->parent, ++level)
                groupChange(rq.cpu, *g, clear, set, levelStamp(rq, level, once), reclaim);
        }
        endWalk(rq, level);
    }
}

// ---- averaging ---------------------------------------------------------------------------------

void Psi::armWork(PsiGroup& g, SimTime delay) {
    // schedule_delayed_work: the timer fires at the tick where jiffies reach now + delay.
    const int64_t jiffy = static_cast<int64_t>(m_jiffyNs);
    const int64_t jiffies = m_ctx.now.count() / jiffy + delay.count() / jiffy;
    g.work = m_ctx.queue.push(SimTime::ns(jiffies * jiffy),
                              Event{static_cast<uint32_t>(EventKind::PsiAvgs), g.index, 0});
}

bool Psi::collect(PsiGroup& g, const std::vector<PsiGroupCpu*>& cpus, SimTime now, uint64_t jiffyNs) {
    std::array<uint64_t, kPsiReported> deltas{};
    uint64_t nonidleTotal = 0;
    bool anyNonidle = false;
    for (PsiGroupCpu* slot : cpus) {
        if (!slot)
            continue;
        PsiGroupCpu& gc = *slot;
        std::array<uint64_t, kPsiStates> d{};
        const uint64_t live = now > gc.stateStart ? static_cast<uint64_t>((now - gc.stateStart).count()) : 0;
        for (int s = 0; s < kPsiStates; ++s) {
            uint64_t t = gc.times[static_cast<size_t>(s)];
            if (gc.stateMask & bit(s))
                t += live; // long stalls show before they end
            const uint64_t prev = gc.timesPrev[static_cast<size_t>(s)];
            d[static_cast<size_t>(s)] = t > prev ? t - prev : 0;
            gc.timesPrev[static_cast<size_t>(s)] = std::max(t, prev);
        }
        if (gc.stateMask & bit(PSI_NONIDLE))
            anyNonidle = true;
        // Each CPU weighs by its non-idle time in whole jiffies (nsecs_to_jiffies).
        const uint64_t nonidle = d[PSI_NONIDLE] / jiffyNs;
        nonidleTotal += nonidle;
        for (int s = 0; s < kPsiReported; ++s)
            deltas[static_cast<size_t>(s)] += d[static_cast<size_t>(s)] * nonidle;
    }
    for (int s = 0; s < kPsiReported; ++s)
        g.total[static_cast<size_t>(s)] +=
            deltas[static_cast<size_t>(s)] / std::max<uint64_t>(nonidleTotal, 1);
    return anyNonidle;
}

SimTime Psi::updateAverages(PsiGroup& g, SimTime now, SimTime period) {
    const SimTime expires = g.avgNextUpdate;
    uint64_t missed = 0;
    if (now - expires >= period)
        missed = static_cast<uint64_t>((now - expires).count() / period.count());
    const SimTime next = expires + period * static_cast<int64_t>(1 + missed);
    const uint64_t len =
        static_cast<uint64_t>((now - (g.avgLastUpdate + period * static_cast<int64_t>(missed))).count());
    g.avgLastUpdate = now;
    for (size_t s = 0; s < kPsiReported; ++s) {
        // Overshoot beyond the period is carried into the next one.
        uint64_t sample = g.total[s] - g.avgTotal[s];
        if (sample > len)
            sample = len;
        g.avgTotal[s] += sample;
        auto& a = g.avg[s];
        if (missed) {
            a[0] = loadavg::calcLoadN(a[0], loadavg::kExp10s, 0, missed);
            a[1] = loadavg::calcLoadN(a[1], loadavg::kExp60s, 0, missed);
            a[2] = loadavg::calcLoadN(a[2], loadavg::kExp300s, 0, missed);
        }
        const uint64_t pct = (len ? sample * 100 / len : 0) * loadavg::kFixed1;
        a[0] = loadavg::calcLoad(a[0], loadavg::kExp10s, pct);
        a[1] = loadavg::calcLoad(a[1], loadavg::kExp60s, pct);
        a[2] = loadavg::calcLoad(a[2], loadavg::kExp300s, pct);
    }
    return next;
}

void Psi::avgsWork(uint32_t groupIndex) {
    PsiGroup& g = *m_groups[groupIndex];
    g.work = {};
    const SimTime now = m_ctx.now;
    std::vector<PsiGroupCpu*> cpus(m_machine.nrCpus());
    for (uint32_t c = 0; c < m_machine.nrCpus(); ++c)
        cpus[c] = findPcpu(g, c);
    const bool nonidle = collect(g, cpus, now, m_jiffyNs);
    if (now >= g.avgNextUpdate)
        g.avgNextUpdate = updateAverages(g, now, m_period);
    // Keep running while the group is busy; an idle group restarts it with its next change.
    if (nonidle) {
        const int64_t jiffy = static_cast<int64_t>(m_jiffyNs);
        const int64_t untilNext = (g.avgNextUpdate - now).count() / jiffy + 1;
        armWork(g, SimTime::ns(untilNext * jiffy));
    }
}

PsiReport Psi::report(CgroupId cg) const {
    // psi_show on a copy: collect and, if due, update the averages, without touching the group.
    const PsiGroup& live = *m_groups[cg.value()];
    PsiGroup g;
    g.total = live.total;
    g.avgTotal = live.avgTotal;
    g.avg = live.avg;
    g.avgLastUpdate = live.avgLastUpdate;
    g.avgNextUpdate = live.avgNextUpdate;
    std::vector<PsiGroupCpu> copies(m_machine.nrCpus());
    std::vector<PsiGroupCpu*> cpus(m_machine.nrCpus());
    for (uint32_t c = 0; c < m_machine.nrCpus(); ++c)
        if (const PsiGroupCpu* gc = findPcpu(live, c)) {
            copies[c] = *gc;
            cpus[c] = &copies[c];
        }
    collect(g, cpus, m_ctx.now, m_jiffyNs);
    if (m_ctx.now >= g.avgNextUpdate)
        updateAverages(g, m_ctx.now, m_period);
    PsiReport r;
    auto line = [&](int s) {
        PsiLine l;
        for (int k = 0; k < 3; ++k)
            l.avg[k] = g.avg[static_cast<size_t>(s)][static_cast<size_t>(k)];
        l.totalUs = g.total[static_cast<size_t>(s)] / 1000;
        return l;
    };
    r.io = {line(PSI_IO_SOME), line(PSI_IO_FULL)};
    r.memory = {line(PSI_MEM_SOME), line(PSI_MEM_FULL)};
    r.cpu = {line(PSI_CPU_SOME), line(PSI_CPU_FULL)};
    if (!live.parent)
        r.cpu.full = PsiLine{}; // system-wide CPU full has no meaning: all zeros
    return r;
}

std::string Psi::checkConsistency(const TaskTable& tasks) const {
    if (m_reportedUnderflow)
        return "psi: a task flag or counter went out of step (psi_bug)";
    if (!m_ctx.features.psi)
        return {};
    // Recount every group's per-CPU task counts from the tasks' flags.
    std::vector<std::vector<std::array<uint32_t, kPsiTaskCounts>>> expect(
        m_groups.size(), std::vector<std::array<uint32_t, kPsiTaskCounts>>(m_machine.nrCpus()));
    std::vector<std::vector<bool>> oncpu(m_groups.size(), std::vector<bool>(m_machine.nrCpus()));
    tasks.forEach([&](const Task& t) {
        for (const PsiGroup* g = m_groups[t.cgroup.value()].get(); g; g = g->parent) {
            for (int f = 0; f < kPsiTaskCounts; ++f)
                if (t.psiFlags & bit(f))
                    ++expect[g->index][t.cpu.value()][static_cast<size_t>(f)];
            if (t.psiFlags & TSK_ONCPU)
                oncpu[g->index][t.cpu.value()] = true;
        }
    });
    for (const auto& g : m_groups)
        for (uint32_t c = 0; c < m_machine.nrCpus(); ++c) {
            const PsiGroupCpu* gc = findPcpu(*g, c);
            const std::array<uint32_t, kPsiTaskCounts> zero{};
            const auto& have = gc ? gc->tasks : zero;
            if (have != expect[g->index][c])
                return "psi: " + m_cgroups.at(g->cgroup).path + " cpu" + std::to_string(c) +
                       ": task counts differ from the tasks' flags";
            if ((gc && (gc->stateMask & PSI_ONCPU)) != oncpu[g->index][c])
                return "psi: " + m_cgroups.at(g->cgroup).path + " cpu" + std::to_string(c) +
                       ": ONCPU bit differs from the running task";
        }
    return {};
}

} // namespace core
