// Fork placement of the v5.5+ kernels (find_idlest_group, renamed sched_balance_find_dst_group
// in v6.10), used by the v6 models: groups are classified as the load balancer classifies them
// and compared by type, then idle CPUs, then utilisation; load only between busy groups.
#include "sched/task.h"
#include "sched/wakeup.h"

#include <algorithm>
#include <cstdlib>
#include <limits>

namespace core {

namespace {

/// update_pick_idlest: is `s` a better target than the best group so far?
bool pickIdlest(const SgLbStats& s, const SgLbStats& idlest) {
    if (s.type != idlest.type)
        return s.type < idlest.type;
    switch (s.type) {
    case SgType::Overloaded:
    case SgType::FullyBusy:
        return s.avgLoad < idlest.avgLoad;
    case SgType::HasSpare:
        if (s.idleCpus != idlest.idleCpus)
            return s.idleCpus > idlest.idleCpus;
        return s.util < idlest.util;
    default: // imbalanced, asym_packing, smt_balance and misfit are never chosen here
        return false;
    }
}

} // namespace

SgLbStats Wakeup::wakeupStats(CpuRange group, const Task& p, uint32_t imbalancePct) {
    SgLbStats s;
    for (uint32_t c = group.first; c < group.end(); ++c) {
        Rq& rq = m_machine.rq(c);
        ++m_scanned;
        // The task's own contribution is taken out where it is queued (cpu_util_without and
        // friends); a new task is queued nowhere yet.
        const bool own = p.queued() && p.cpu.value() == c;
        const bool ownAttached = own && p.se.attached;
        // (cpuUtil brings the averages to now, so it comes before the load is read.)
        const uint64_t u = m_fair.cpuUtil(rq, ownAttached ? &p : nullptr);
        uint64_t load = rq.cfs.avg.loadAvg;
        if (ownAttached)
            load -= std::min(load, m_fair.taskHLoad(p));
        s.load += load;
        s.util += u;
        s.runnable += rq.cfs.avg.runnableLoadAvg;
        const uint32_t nr = rq.nrRunning - (own ? 1 : 0);
        s.sumNrRunning += nr;
        s.sumHNrRunning += rq.cfs.hNrRunning - (own ? 1 : 0);
        if (nr == 0 && (!rq.curr || rq.curr == &p))
            ++s.idleCpus;
        s.capacity += rq.capacity;
        ++s.weight;
    }
    s.type = groupClassify(imbalancePct, s);
    if (s.type == SgType::FullyBusy || s.type == SgType::Overloaded)
        s.avgLoad = s.load * 1024 / std::max<uint64_t>(s.capacity, 1);
    return s;
}

int Wakeup::findIdlestGroupV6(size_t level, Task& p, uint32_t thisCpu) {
    const Topology& topo = m_machine.topology();
    const DomainLevelInfo& d = topo.levels()[level];
    const CpuRange span = topo.span(level, CpuId(thisCpu));
    SgLbStats local, idlest;
    idlest.type = SgType::Overloaded;
    idlest.avgLoad = std::numeric_limits<uint64_t>::max();
    bool haveLocal = false;
    int idlestGroup = -1;
    for (uint32_t g = span.first; g < span.end(); g += d.groupSize) {
        if (!groupAllowed(p, {g, d.groupSize}))
            continue;
        const SgLbStats s = wakeupStats({g, d.groupSize}, p, d.imbalancePct);
        if (thisCpu >= g && thisCpu < g + d.groupSize) {
            local = s;
            haveLocal = true;
        } else if (pickIdlest(s, idlest)) {
            idlest = s;
            idlestGroup = static_cast<int>(g);
        }
    }
    if (idlestGroup < 0)
        return -1;
    if (!haveLocal) // the local group has no CPU the task may use
        return idlestGroup;
    if (local.type != idlest.type)
        return local.type < idlest.type ? -1 : idlestGroup;
    switch (local.type) {
    case SgType::Overloaded:
    case SgType::FullyBusy: {
        const uint64_t imb = uint64_t{1024} * (d.imbalancePct - 100) / 100;
        if ((d.flags & SD_NUMA) && idlest.avgLoad + imb >= local.avgLoad)
            return -1;
        if (idlest.avgLoad >= local.avgLoad + imb)
            return -1;
        if (100 * local.avgLoad <= d.imbalancePct * idlest.avgLoad)
            return -1;
        return idlestGroup;
    }
    case SgType::HasSpare:
        if (d.flags & SD_NUMA) {
            // adjust_numa_imbalance: a small idle-CPU difference is left alone while the local
            // node runs few tasks (imb_numa_nr: the LLCs under the node, at least 1).
            const uint32_t llcs = std::max<uint32_t>(1, d.groupSize / topo.llc(CpuId(thisCpu)).count);
            const uint32_t imbNumaNr = llcs == 1 ? std::max<uint32_t>(1, d.groupSize >> 3) : llcs;
            const int64_t imb = std::abs(static_cast<int64_t>(local.idleCpus) - idlest.idleCpus);
            if (local.sumNrRunning + 1 <= imbNumaNr && imb <= 2)
                return -1;
        }
        return local.idleCpus >= idlest.idleCpus ? -1 : idlestGroup;
    default:
        return -1;
    }
}

} // namespace core
