// The v5.5+ load balancer as in v6.6 (Vincent Guittot's rework, with the SMT balance and
// sibling_imbalance of 6.6), used by the v6 models: groups classified by utilisation, runnable
// time and idle CPUs, an imbalance in load, utilisation or tasks by migration type, and a
// detach_tasks that moves what that type counts. docs/balancing.md, "The v6 balancer", lists
// the rules and where the model differs.
#include "sched/balance.h"

#include "sched/cfstasks.h"
#include "sched/task.h"

#include <algorithm>
#include <limits>

namespace core {

namespace {

constexpr uint64_t kScale = 1024;

} // namespace

bool Balancer::smtGroups(size_t level) const {
    // sched_group->flags are the child domain's: the groups are SMT cores.
    return level > 0 && (m_machine.topology().levels()[level - 1].flags & SD_SHARE_CPUCAPACITY);
}

bool Balancer::coreIdle(uint32_t cpu) const {
    const CpuRange core = m_machine.topology().core(CpuId(cpu));
    for (uint32_t c = core.first; c < core.end(); ++c)
        if (!cpuIdle(m_machine.rq(c)))
            return false;
    return true;
}

bool Balancer::shouldWeBalanceV6(const Env& env) {
    if (env.idle == Idle::NewlyIdle)
        return true;
    // The first idle CPU of the local group on a wholly idle core balances; failing that the
    // first idle SMT thread of a busy core; failing that the group's first CPU.
    const Topology& topo = m_machine.topology();
    const CpuRange g = topo.group(env.level, CpuId(env.dstCpu));
    const bool smtLevel = topo.levels()[env.level].flags & SD_SHARE_CPUCAPACITY;
    int idleSmt = -1;
    for (uint32_t c = g.first; c < g.end(); ++c) {
        if (!env.candidate(c) || !cpuIdle(m_machine.rq(c)))
            continue;
        if (!smtLevel && topo.hasSmt() && !coreIdle(c)) {
            if (idleSmt < 0)
                idleSmt = static_cast<int>(c);
            continue;
        }
        return c == env.dstCpu;
    }
    if (idleSmt >= 0)
        return static_cast<uint32_t>(idleSmt) == env.dstCpu;
    return g.first == env.dstCpu;
}

void Balancer::updateSgLbStats(Env& env, CpuRange group, bool local, SgLbStats& s, bool& overload) {
    const Topology& topo = m_machine.topology();
    Rq& pay = m_machine.rq(env.payCpu);
    uint64_t examined = 0;
    for (uint32_t c = group.first; c < group.end(); ++c) {
        if (!env.candidate(c))
            continue;
        Rq& r = m_machine.rq(c);
        ++examined;
        s.util += m_fair.cpuUtil(r); // brings the averages to now, capped at capacity
        s.load += r.cfs.avg.loadAvg; // cpu_load(): blocked load included
        s.runnable += r.cfs.avg.runnableLoadAvg;
        s.sumHNrRunning += r.cfs.hNrRunning;
        s.sumNrRunning += r.nrRunning;
        if (r.nrRunning > 1)
            overload = true;
        if (r.nrRunning == 0 && cpuIdle(r))
            ++s.idleCpus;
    }
    m_machine.chargeN(pay, CostOp::BalanceStatsPerCpu, examined);
    s.capacity = groupCapacity(group);
    s.weight = group.count;
    s.cores = std::max<uint32_t>(1, group.count / topo.threadsPerCore());
    s.imbalanced = m_imbalance[env.level][group.first / topo.levels()[env.level].groupSize] != 0;
    // 6.6: an idle CPU sees an SMT core running more than one fair task as worth one task.
    s.smtBalance = !local && env.idle != Idle::NotIdle && smtGroups(env.level) && s.sumHNrRunning > 1;
    s.type = core::groupClassify(topo.levels()[env.level].imbalancePct, s);
    if (s.type == SgType::Overloaded)
        s.avgLoad = s.load * kScale / std::max<uint64_t>(s.capacity, 1);
}

bool Balancer::updateSdPickBusiest(size_t level, const SgLbStats& s, const SgLbStats& busiest) const {
    if (s.sumHNrRunning == 0)
        return false; // nothing to pull
    if (s.type != busiest.type)
        return s.type > busiest.type;
    auto hasSpare = [&] {
        if (s.idleCpus != busiest.idleCpus)
            return s.idleCpus < busiest.idleCpus;
        return s.sumNrRunning > busiest.sumNrRunning;
    };
    switch (s.type) {
    case SgType::Overloaded:
        return s.avgLoad > busiest.avgLoad;
    case SgType::Imbalanced:
        return false; // the first one found
    case SgType::SmtBalance:
        if (s.idleCpus != 0 || busiest.idleCpus != 0)
            return hasSpare();
        [[fallthrough]];
    case SgType::FullyBusy:
        // Both average loads are 0 here: the later group wins, except that of SMT groups the
        // first is kept.
        if (s.avgLoad < busiest.avgLoad)
            return false;
        return !(s.avgLoad == busiest.avgLoad && smtGroups(level));
    case SgType::HasSpare:
        return hasSpare();
    default:
        return false;
    }
}

uint32_t Balancer::siblingImbalance(const Env& env, const SgLbStats& busiest, const SgLbStats& local) const {
    if (env.idle == Idle::NotIdle || busiest.sumNrRunning == 0)
        return 0;
    int64_t imb;
    if (busiest.cores == local.cores) {
        imb = std::max<int64_t>(0, static_cast<int64_t>(busiest.sumNrRunning) - local.sumNrRunning);
    } else {
        // Normalised by cores, doubled and rounded (calculate_imbalance halves it again).
        const int64_t nl = local.cores, nb = busiest.cores;
        imb = std::max<int64_t>(0, nl * busiest.sumNrRunning - nb * local.sumNrRunning);
        imb = (2 * imb + nl + nb) / (nl + nb);
    }
    if (imb <= 1 && local.sumNrRunning == 0 && busiest.sumNrRunning > 1)
        imb = 2; // so that one task moves to an empty group
    return static_cast<uint32_t>(imb);
}

void Balancer::calculateImbalanceV6(Env& env, SdLbStats& sds) {
    const DomainLevelInfo& info = m_machine.topology().levels()[env.level];
    SgLbStats& local = sds.localStat;
    SgLbStats& busiest = sds.busiestStat;
    env.imbalance = 0;
    if (busiest.type == SgType::SmtBalance || busiest.type == SgType::Imbalanced) {
        env.migrationType = MigrationType::Task;
        env.imbalance = 1;
        return;
    }
    if (local.type == SgType::HasSpare) {
        if (busiest.type > SgType::FullyBusy && !(info.flags & SD_SHARE_PKG_RESOURCES)) {
            // Above the LLC, fill the local group's spare capacity by utilisation.
            env.migrationType = MigrationType::Util;
            env.imbalance = static_cast<int64_t>(std::max(local.capacity, local.util) - local.util);
            if (env.idle != Idle::NotIdle && env.imbalance == 0) {
                env.migrationType = MigrationType::Task;
                env.imbalance = 1;
            }
            return;
        }
        env.migrationType = MigrationType::Task;
        if (busiest.weight == 1 || sds.preferSibling)
            env.imbalance = siblingImbalance(env, busiest, local);
        else
            env.imbalance = std::max<int64_t>(0, static_cast<int64_t>(local.idleCpus) - busiest.idleCpus);
        if (info.flags & SD_NUMA) {
            // adjust_numa_imbalance: a small difference stays while the node runs few tasks.
            const uint32_t llcs =
                std::max<uint32_t>(1, info.groupSize / m_machine.topology().llc(CpuId(env.dstCpu)).count);
            const uint32_t imbNumaNr = llcs == 1 ? std::max<uint32_t>(1, info.groupSize >> 3) : llcs;
            if (local.sumNrRunning + 1 <= imbNumaNr && env.imbalance <= 2)
                env.imbalance = 0;
        }
        env.imbalance >>= 1;
        return;
    }
    if (local.type < SgType::Overloaded) {
        local.avgLoad = local.load * kScale / std::max<uint64_t>(local.capacity, 1);
        if (local.avgLoad >= busiest.avgLoad)
            return;
        sds.avgLoad = sds.totalLoad * kScale / std::max<uint64_t>(sds.totalCapacity, 1);
        if (local.avgLoad >= sds.avgLoad)
            return;
    }
    env.migrationType = MigrationType::Load;
    if (busiest.avgLoad <= sds.avgLoad)
        return;
    env.imbalance =
        static_cast<int64_t>(std::min((busiest.avgLoad - sds.avgLoad) * busiest.capacity,
                                      (sds.avgLoad - std::min(sds.avgLoad, local.avgLoad)) * local.capacity) /
                             kScale);
}

int Balancer::findBusiestGroupV6(Env& env, SdLbStats& sds) {
    const Topology& topo = m_machine.topology();
    const DomainLevelInfo& info = topo.levels()[env.level];
    const CpuRange span = topo.span(env.level, CpuId(env.dstCpu));
    const uint32_t localFirst = topo.group(env.level, CpuId(env.dstCpu)).first;
    bool overload = false;
    uint64_t sumUtil = 0;
    for (uint32_t k = 0; k < info.groupsPerSpan(); ++k) {
        const uint32_t first = span.first + (localFirst - span.first + k * info.groupSize) % span.count;
        const CpuRange group{first, info.groupSize};
        const bool local = k == 0;
        SgLbStats s;
        updateSgLbStats(env, group, local, s, overload);
        if (local) {
            sds.local = static_cast<int>(first);
            sds.localStat = s;
        } else if (updateSdPickBusiest(env.level, s, sds.busiestStat)) {
            sds.busiest = static_cast<int>(first);
            sds.busiestStat = s;
        }
        sds.totalLoad += s.load;
        sds.totalCapacity += s.capacity;
        sumUtil += s.util;
    }
    // SIS_UTIL: a periodic balance of the LLC domain sets its wakeups' scan budget.
    if (env.idle != Idle::NewlyIdle && span.count == topo.llc(CpuId(env.dstCpu)).count)
        updateIdleCpuScan(env.dstCpu, sumUtil, info.imbalancePct);
    // The busiest group's flags are its child domain's.
    sds.preferSibling =
        sds.busiest >= 0 && env.level > 0 && (topo.levels()[env.level - 1].flags & SD_PREFER_SIBLING);
    if (env.level + 1 == topo.levels().size())
        m_overload = overload; // the root domain publishes rd->overload

    SgLbStats& local = sds.localStat;
    SgLbStats& busiest = sds.busiestStat;
    auto balanced = [&] {
        env.imbalance = 0;
        return -1;
    };
    if (sds.busiest < 0)
        return balanced();
    bool force = busiest.type == SgType::Imbalanced;
    if (!force) {
        if (local.type > busiest.type)
            return balanced();
        if (local.type == SgType::Overloaded) {
            if (local.avgLoad >= busiest.avgLoad)
                return balanced();
            sds.avgLoad = sds.totalLoad * kScale / std::max<uint64_t>(sds.totalCapacity, 1);
            if (local.avgLoad >= sds.avgLoad)
                return balanced();
            if (100 * busiest.avgLoad <= info.imbalancePct * local.avgLoad)
                return balanced();
        }
        if (sds.preferSibling && local.type == SgType::HasSpare && siblingImbalance(env, busiest, local) > 1)
            force = true;
    }
    if (!force && busiest.type != SgType::Overloaded) {
        if (env.idle == Idle::NotIdle)
            return balanced(); // only an idle CPU pulls from a group that is not overloaded
        if (busiest.weight > 1 && local.idleCpus <= busiest.idleCpus + 1)
            return balanced();
        if (busiest.sumHNrRunning == 1)
            return balanced(); // nothing waits there
    }
    calculateImbalanceV6(env, sds);
    return env.imbalance > 0 ? sds.busiest : -1;
}

int Balancer::findBusiestQueueV6(Env& env, CpuRange group) {
    int busiest = -1;
    uint64_t best = 0, bestCap = 1;
    uint32_t bestNr = 0;
    for (uint32_t c = group.first; c < group.end(); ++c) {
        if (!env.candidate(c))
            continue;
        Rq& r = m_machine.rq(c);
        const uint32_t nr = r.cfs.hNrRunning;
        if (nr == 0)
            continue;
        switch (env.migrationType) {
        case MigrationType::Load: {
            (void)m_fair.cpuLoad(r);
            const uint64_t load = r.cfs.avg.loadAvg;
            // A lone task bigger than the imbalance would only move the problem.
            if (nr == 1 && static_cast<int64_t>(load) > env.imbalance)
                continue;
            if (load * bestCap > best * r.capacity) {
                best = load;
                bestCap = r.capacity;
                busiest = static_cast<int>(c);
            }
            break;
        }
        case MigrationType::Util: {
            const uint64_t util = m_fair.cpuUtil(r, nullptr, true); // cpu_util_cfs_boost
            if (nr <= 1)
                continue;
            if (util > best) {
                best = util;
                busiest = static_cast<int>(c);
            }
            break;
        }
        case MigrationType::Task:
            if (nr > bestNr) {
                bestNr = nr;
                busiest = static_cast<int>(c);
            }
            break;
        }
    }
    return busiest;
}

int Balancer::detachTasksV6(Env& env, Rq& src) {
    if (env.imbalance <= 0 || src.nrRunning <= 1)
        return 0;
    Rq& pay = m_machine.rq(env.payCpu);
    const uint32_t failed =
        std::min<uint32_t>(m_machine.rq(env.dstCpu).domains[env.level].nrBalanceFailed, 63);
    int detached = 0;
    while (src.cfsTasksTail && !detachDone(env, src)) {
        // From the least recently run end; a task left alone goes to the other end.
        Task& p = *src.cfsTasksTail;
        if (!canMigrateTask(p, env, src)) {
            cfstasks::moveHead(src, p);
            continue;
        }
        int64_t amount = 1;
        switch (env.migrationType) {
        case MigrationType::Load:
            amount = static_cast<int64_t>(std::max<uint64_t>(m_fair.taskHLoad(p), 1));
            break;
        case MigrationType::Util:
            amount = static_cast<int64_t>(m_fair.taskUtilEst(p));
            break;
        case MigrationType::Task:
            break;
        }
        // A task bigger than what is left becomes movable as failed attempts accumulate.
        if (env.migrationType != MigrationType::Task && (amount >> failed) > env.imbalance) {
            cfstasks::moveHead(src, p);
            continue;
        }
        m_machine.charge(pay, CostOp::BalanceMoveTask);
        m_mover.migrateQueued(p, env.dstCpu, env.reason, static_cast<int>(env.level), pay);
        ++detached;
        env.imbalance -= amount;
        // A newly idle CPU takes one task and runs it (CONFIG_PREEMPTION).
        if (env.idle == Idle::NewlyIdle || env.imbalance <= 0)
            break;
    }
    return detached;
}

void Balancer::updateIdleCpuScan(uint32_t cpu, uint64_t sumUtil, uint32_t imbalancePct) {
    // update_idle_cpu_scan: the LLC's average utilisation x (of 1024) decides how many CPUs the
    // next wakeups may scan, y = llc_weight * (1 - x^2 * pct^2 / 10^4 / 1024^2), clamped at 0: none
    // from about 85% busy (pct 117).
    const uint64_t llcWeight = m_machine.topology().llc(CpuId(cpu)).count;
    const uint64_t x = sumUtil / llcWeight;
    const uint64_t pct = imbalancePct;
    uint64_t tmp = x * x * pct * pct;
    tmp /= 10000ull * 1024ull;
    tmp = std::min<uint64_t>(tmp, 1024);
    const uint64_t y = (1024 - tmp) * llcWeight / 1024;
    m_machine.llcShared(cpu).nrIdleScan = static_cast<uint32_t>(y);
}

} // namespace core
