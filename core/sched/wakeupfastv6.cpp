// The wakeup fast path of the v6 models, as in 6.6 (6.12 differs only on machines with a
// cluster level, which the scenario topology has not): wake_affine_idle and wake_affine_weight,
// then select_idle_sibling with recent_used_cpu, select_idle_smt on prev and select_idle_cpu
// under SIS_UTIL. docs/balancing.md, "The v6 wakeup path", has the rules and what is left out.
#include "sched/task.h"
#include "sched/wakeup.h"

namespace core {

namespace {

constexpr int kNoCpu = -1;

} // namespace

bool Wakeup::wakeAffineV6(size_t level, Task& p, uint32_t thisCpu, uint32_t prevCpu, bool sync, Task* waker) {
    // wake_affine_idle (WA_IDLE): an idle waking CPU sharing the cache takes the wakee, unless
    // prev is idle too (cache-hot); a sync wakeup from a CPU running only the waker takes it; an
    // idle prev keeps it.
    if (idle(thisCpu) && sharesCache(thisCpu, prevCpu))
        return !idle(prevCpu);
    if (sync && m_machine.rq(thisCpu).nrRunning == 1)
        return true;
    if (idle(prevCpu))
        return false;
    // wake_affine_weight (WA_WEIGHT, WA_BIAS): the waking CPU's load with the wakee against
    // prev's without it, prev's side raised by half the domain's imbalance_pct; strictly less.
    const uint32_t pct = m_machine.topology().levels()[level].imbalancePct;
    Rq& thisRq = m_machine.rq(thisCpu);
    Rq& prevRq = m_machine.rq(prevCpu);
    // cpu_load() of 6.x: the root queue's load average, blocked load included.
    (void)m_fair.cpuLoad(thisRq);
    (void)m_fair.cpuLoad(prevRq);
    int64_t thisEff = static_cast<int64_t>(thisRq.cfs.avg.loadAvg);
    if (sync && waker) {
        const int64_t current = static_cast<int64_t>(m_fair.taskHLoad(*waker));
        if (current > thisEff)
            return true;
        thisEff -= current;
    }
    const int64_t taskLoad = static_cast<int64_t>(m_fair.taskHLoad(p));
    thisEff = (thisEff + taskLoad) * 100 * static_cast<int64_t>(prevRq.capacity);
    int64_t prevEff = (static_cast<int64_t>(prevRq.cfs.avg.loadAvg) - taskLoad) *
                      (100 + (static_cast<int64_t>(pct) - 100) / 2) * static_cast<int64_t>(thisRq.capacity);
    if (sync)
        prevEff += 1;
    return thisEff < prevEff;
}

int Wakeup::selectIdleSmtV6(Task& p, uint32_t prev, uint32_t target) {
    // prev's idle SMT siblings inside target's LLC, prev itself excluded.
    const CpuRange core = m_machine.topology().core(CpuId(prev));
    const CpuRange llc = m_machine.topology().llc(CpuId(target));
    for (uint32_t c = core.first; c < core.end(); ++c) {
        if (c == prev || !p.allowedOn(CpuId(c)) || !llc.contains(CpuId(c)))
            continue;
        ++m_scanned;
        if (idle(c))
            return static_cast<int>(c);
    }
    return kNoCpu;
}

int Wakeup::selectIdleCpuV6(Task& p, uint32_t target, bool hasIdleCore) {
    const Topology& topo = m_machine.topology();
    const CpuRange llc = topo.llc(CpuId(target));
    // SIS_UTIL: the budget the last periodic balance of this LLC left; none at all when it found
    // the LLC loaded, even if an idle core is advertised.
    int64_t nr = static_cast<int64_t>(m_machine.llcShared(target).nrIdleScan) + 1;
    if (nr == 1)
        return kNoCpu;
    const uint32_t tpc = topo.threadsPerCore();
    std::vector<uint8_t>& skipped = m_coresExamined; // kept: no allocation per wakeup
    if (hasIdleCore)
        skipped.assign(llc.count / tpc, 0);
    int idleCpu = kNoCpu;
    // for_each_cpu_wrap from target + 1 over the LLC's CPUs the task may use.
    for (uint32_t k = 0, c = target; k < llc.count; ++k) {
        c = c + 1 == llc.end() ? llc.first : c + 1;
        if (!p.allowedOn(CpuId(c)))
            continue;
        if (hasIdleCore) {
            const uint32_t coreIndex = (c - llc.first) / tpc;
            if (skipped[coreIndex])
                continue;
            // select_idle_core: the whole core idle, else remember its first usable idle CPU.
            const CpuRange core = topo.core(CpuId(c));
            bool allIdle = true;
            for (uint32_t s = core.first; s < core.end(); ++s) {
                ++m_scanned;
                if (!idle(s)) {
                    allIdle = false;
                    if (idleCpu != kNoCpu)
                        break;
                    continue; // still looking for a fallback among the other siblings
                }
                if (idleCpu == kNoCpu && p.allowedOn(CpuId(s)))
                    idleCpu = static_cast<int>(s);
            }
            if (allIdle)
                return static_cast<int>(c);
            skipped[coreIndex] = 1;
        } else {
            if (--nr <= 0)
                return kNoCpu;
            ++m_scanned;
            if (idle(c)) {
                idleCpu = static_cast<int>(c);
                break;
            }
        }
    }
    if (hasIdleCore)
        m_hasIdleCores[llcIndex(target)] = 0; // set_idle_cores(target, false)
    return idleCpu;
}

uint32_t Wakeup::selectIdleSiblingV6(Task& p, uint32_t prev, uint32_t target) {
    // As in 6.6, target and prev are taken without asking the task's affinity: a CPU it may not
    // use goes to select_task_rq's fallback (selectTaskRq), and recent_used_cpu is left alone.
    ++m_scanned;
    if (idle(target))
        return target;
    if (prev != target && sharesCache(prev, target)) {
        ++m_scanned;
        if (idle(prev))
            return prev;
    }
    // recent_used_cpu: the prev of the last wakeup that got this far (set here whatever follows).
    const int32_t recent = p.recentUsedCpu;
    p.recentUsedCpu = static_cast<int32_t>(prev);
    if (recent >= 0) {
        const uint32_t r = static_cast<uint32_t>(recent);
        if (r != prev && r != target && sharesCache(r, target) && p.allowedOn(CpuId(r))) {
            ++m_scanned;
            if (idle(r))
                return r;
        }
    }
    const Topology& topo = m_machine.topology();
    if (topo.llcLevel() < 0)
        return target;
    bool hasIdleCore = false;
    if (topo.hasSmt()) {
        hasIdleCore = hasIdleCores(target);
        if (!hasIdleCore && sharesCache(prev, target)) {
            const int i = selectIdleSmtV6(p, prev, target);
            if (i >= 0)
                return static_cast<uint32_t>(i);
        }
    }
    const int i = selectIdleCpuV6(p, target, hasIdleCore);
    if (i >= 0)
        return static_cast<uint32_t>(i);
    return target;
}

} // namespace core
