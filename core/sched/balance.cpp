#include "sched/balance.h"

#include "sched/cfstasks.h"
#include "sched/task.h"

#include <algorithm>
#include <limits>

namespace core {

namespace {

constexpr uint32_t kMaxPinnedIntervalMs = 512;
constexpr uint64_t kCapacityScale = 1024;

/// cpu_load[] decay for ticks missed while tickless (the kernel's degrade tables, v4.11).
constexpr uint8_t kDegradeZeroTicks[5] = {0, 8, 32, 64, 128};
constexpr uint8_t kDegradeFactor[5][8] = {{0, 0, 0, 0, 0, 0, 0, 0},
                                          {64, 32, 8, 0, 0, 0, 0, 0},
                                          {96, 72, 40, 12, 1, 0, 0, 0},
                                          {112, 98, 75, 43, 15, 1, 0, 0},
                                          {120, 112, 98, 76, 45, 16, 2, 0}};
constexpr int kDegradeShift = 7;

uint64_t decayLoadMissed(uint64_t load, int64_t missed, int idx) {
    if (missed <= 0)
        return load;
    if (missed >= kDegradeZeroTicks[idx])
        return 0;
    if (idx == 1)
        return load >> missed;
    for (int j = 0; missed; ++j, missed >>= 1)
        if (missed & 1)
            load = (load * kDegradeFactor[idx][j]) >> kDegradeShift;
    return load;
}

/// Load index per level and idle type (busy_idx, idle_idx, newidle_idx of v4.11's sd_init).
int levelLoadIdx(DomainLevel level, Balancer::Idle idle) {
    switch (level) {
    case DomainLevel::Smt:
        return 0;
    case DomainLevel::Mc:
        return idle == Balancer::Idle::NotIdle ? 2 : 0;
    case DomainLevel::Pkg:
        return idle == Balancer::Idle::NotIdle ? 2 : idle == Balancer::Idle::Idle ? 1 : 0;
    case DomainLevel::Numa:
        return idle == Balancer::Idle::NotIdle ? 3 : idle == Balancer::Idle::Idle ? 2 : 0;
    }
    return 0;
}

} // namespace

Balancer::Balancer(SimContext& ctx, Machine& machine, Fair& fair, TaskMover& mover)
    : m_ctx(ctx)
    , m_machine(machine)
    , m_fair(fair)
    , m_mover(mover)
    , m_v6(kernelModelInfo(ctx.model).v6Balancer) {
    const Topology& topo = machine.topology();
    const uint32_t llcSize = topo.llc(CpuId(0)).count;
    m_nrBusyCpus.assign(machine.nrCpus() / llcSize, 0);
    m_nohzCpus = machine.nrCpus(); // everything starts idle, tick stopped
    for (Rq& rq : machine.rqs())
        rq.nohzIdle = true;
    m_imbalance.resize(topo.levels().size());
    for (size_t l = 0; l < topo.levels().size(); ++l)
        m_imbalance[l].assign(machine.nrCpus() / topo.levels()[l].groupSize, 0);
    m_maxLoadBalanceInterval = std::max<int64_t>(1, static_cast<int64_t>(ctx.hz) * machine.nrCpus() / 10);
}

// ---- bookkeeping ------------------------------------------------------------------------------

void Balancer::enterIdle(Rq& rq) {
    if (rq.nohzIdle)
        return;
    rq.nohzIdle = true;
    ++m_nohzCpus;
    --m_nrBusyCpus[rq.cpu / m_machine.topology().llc(CpuId(rq.cpu)).count];
    m_nohzNextBalance = std::min(m_nohzNextBalance, rq.nextBalance);
}

void Balancer::exitIdle(Rq& rq) {
    if (!rq.nohzIdle)
        return;
    rq.nohzIdle = false;
    --m_nohzCpus;
    ++m_nrBusyCpus[rq.cpu / m_machine.topology().llc(CpuId(rq.cpu)).count];
    updateCpuLoad(rq); // catch up on the ticks missed while tickless
}

void Balancer::noteWakeupOnIdle(Rq& rq) {
    if (!rq.idleStampSet)
        return;
    // ttwu_do_wakeup: avg_idle is a 1/8 running average of idle periods, capped.
    const int64_t sample = (m_ctx.now - rq.idleStamp).count();
    int64_t avg = rq.avgIdle.count();
    avg += (sample - avg) / 8;
    const int64_t max = 2 * rq.maxIdleBalanceCost.count();
    rq.avgIdle = SimTime::ns(std::min(avg, max));
    rq.idleStampSet = false;
}

void Balancer::updateCpuLoad(Rq& rq) {
    const int64_t j = jiffies();
    const int64_t pending = j - rq.lastLoadUpdateTick;
    if (pending <= 0)
        return;
    rq.lastLoadUpdateTick = j;
    const uint64_t load = cpuIdle(rq) ? 0 : m_fair.cpuLoad(rq);
    rq.cpuLoad[0] = load;
    uint64_t scale = 2;
    for (int i = 1; i < 5; ++i, scale += scale) {
        const uint64_t old = decayLoadMissed(rq.cpuLoad[static_cast<size_t>(i)], pending - 1, i);
        uint64_t newLoad = load;
        if (newLoad > old)
            newLoad += scale - 1; // round up while rising
        rq.cpuLoad[static_cast<size_t>(i)] = (old * (scale - 1) + newLoad) >> i;
    }
}

uint64_t Balancer::sourceLoad(Rq& rq, int idx) {
    const uint64_t total = m_fair.cpuLoad(rq);
    return idx == 0 ? total : std::min(rq.cpuLoad[static_cast<size_t>(idx - 1)], total);
}

uint64_t Balancer::targetLoad(Rq& rq, int idx) {
    const uint64_t total = m_fair.cpuLoad(rq);
    return idx == 0 ? total : std::max(rq.cpuLoad[static_cast<size_t>(idx - 1)], total);
}

int Balancer::loadIdx(size_t level, Idle idle) const {
    return levelLoadIdx(m_machine.topology().levels()[level].level, idle);
}

uint64_t Balancer::groupCapacity(CpuRange g) const {
    uint64_t c = 0;
    for (uint32_t cpu = g.first; cpu < g.end(); ++cpu)
        c += m_machine.rq(cpu).capacity;
    return c;
}

uint8_t& Balancer::groupImbalance(size_t level, uint32_t cpu) {
    return m_imbalance[level][cpu / m_machine.topology().levels()[level].groupSize];
}

bool Balancer::Env::candidate(uint32_t cpu) const {
    return excludedCount == 0 || !excluded[cpu];
}

void Balancer::Env::exclude(uint32_t cpu, uint32_t nrCpus) {
    if (excluded.empty())
        excluded.assign(nrCpus, false);
    if (!excluded[cpu]) {
        excluded[cpu] = true;
        ++excludedCount;
    }
}

// ---- periodic balancing -------------------------------------------------------------------------

void Balancer::tick(Rq& rq) {
    updateCpuLoad(rq);
    if (jiffies() >= rq.nextBalance)
        rebalanceDomains(rq, cpuIdle(rq) ? Idle::Idle : Idle::NotIdle, MigrationReason::Periodic, rq);
    if (nohzKickNeeded(rq)) {
        // Kick the first tickless idle CPU to balance on behalf of every idle CPU.
        for (Rq& ilb : m_machine.rqs()) {
            if (!ilb.nohzIdle || !cpuIdle(ilb))
                continue;
            if (ilb.nohzKick)
                break;
            ilb.nohzKick = true;
            ++m_nohzNextBalance;
            ++m_ctx.counters.nohzKicks;
            m_machine.charge(ilb, CostOp::Ipi);
            nohzIdleBalance(ilb);
            break;
        }
    }
}

int64_t Balancer::intervalJiffies(size_t level, const Rq& rq, bool busy) const {
    const DomainLevelInfo& info = m_machine.topology().levels()[level];
    uint64_t ms = rq.domains[level].balanceIntervalMs;
    if (busy)
        ms *= info.busyFactor;
    // msecs_to_jiffies rounds up; since v5.x a busy CPU's interval is one jiffy shorter, so
    // that balancing does not slip a whole tick behind the interval.
    int64_t j = static_cast<int64_t>((ms * m_ctx.hz + 999) / 1000);
    if (m_v6 && busy)
        --j;
    return std::clamp<int64_t>(j, 1, m_maxLoadBalanceInterval);
}

void Balancer::rebalanceDomains(Rq& rq, Idle idle, MigrationReason reason, Rq& pay) {
    const int64_t j = jiffies();
    bool continueBalancing = true;
    int64_t nextBalance = j + 60 * static_cast<int64_t>(m_ctx.hz);
    bool update = false;
    for (size_t l = 0; l < m_machine.topology().levels().size(); ++l) {
        DomainState& d = rq.domains[l];
        if (m_ctx.now > d.nextDecayMaxLbCost) {
            d.maxNewidleLbCost = d.maxNewidleLbCost * 253 / 256;
            d.nextDecayMaxLbCost = m_ctx.now + SimTime::s(1);
        }
        if (!continueBalancing)
            break;
        int64_t interval = intervalJiffies(l, rq, idle != Idle::Idle);
        if (j >= d.lastBalance + interval) {
            if (loadBalance(rq, l, idle, continueBalancing, reason, pay))
                idle = cpuIdle(rq) ? Idle::Idle : Idle::NotIdle;
            d.lastBalance = j;
            interval = intervalJiffies(l, rq, idle != Idle::Idle);
        }
        if (nextBalance > d.lastBalance + interval) {
            nextBalance = d.lastBalance + interval;
            update = true;
        }
    }
    if (update) {
        rq.nextBalance = nextBalance;
        if (idle == Idle::Idle)
            m_nohzNextBalance = std::min(m_nohzNextBalance, rq.nextBalance);
    }
}

bool Balancer::shouldWeBalance(const Env& env) {
    if (env.idle == Idle::NewlyIdle)
        return true;
    // Only the first idle CPU of the local group (or its first CPU) balances at this level.
    const CpuRange g = m_machine.topology().group(env.level, CpuId(env.dstCpu));
    uint32_t balanceCpu = g.first;
    for (uint32_t c = g.first; c < g.end(); ++c)
        if (env.candidate(c) && cpuIdle(m_machine.rq(c))) {
            balanceCpu = c;
            break;
        }
    return balanceCpu == env.dstCpu;
}

bool Balancer::groupHasCapacity(size_t level, const GroupStats& s) const {
    const uint64_t pct = m_machine.topology().levels()[level].imbalancePct;
    if (s.sumNrRunning < s.groupWeight)
        return true;
    return s.groupCapacity * 100 > s.groupUtil * pct;
}

bool Balancer::groupIsOverloaded(size_t level, const GroupStats& s) const {
    const uint64_t pct = m_machine.topology().levels()[level].imbalancePct;
    if (s.sumNrRunning <= s.groupWeight)
        return false;
    return s.groupCapacity * 100 < s.groupUtil * pct;
}

Balancer::GroupType Balancer::groupClassify(size_t level, CpuRange group, const GroupStats& s) const {
    if (s.noCapacity)
        return GroupType::Overloaded;
    if (m_imbalance[level][group.first / m_machine.topology().levels()[level].groupSize])
        return GroupType::Imbalanced;
    return GroupType::Other;
}

void Balancer::updateGroupStats(Env& env, CpuRange group, int idx, bool local, GroupStats& s,
                                bool& overload) {
    Rq& pay = m_machine.rq(env.payCpu);
    uint64_t examined = 0;
    for (uint32_t c = group.first; c < group.end(); ++c) {
        if (!env.candidate(c))
            continue;
        Rq& r = m_machine.rq(c);
        ++examined;
        s.groupLoad += local ? targetLoad(r, idx) : sourceLoad(r, idx);
        s.groupUtil += m_fair.cpuUtil(r);
        s.sumNrRunning += r.cfs.hNrRunning;
        if (r.nrRunning > 1)
            overload = true;
        s.sumWeightedLoad += m_fair.cpuLoad(r);
        if (r.nrRunning == 0 && cpuIdle(r))
            ++s.idleCpus;
    }
    m_machine.chargeN(pay, CostOp::BalanceStatsPerCpu, examined);
    s.groupCapacity = groupCapacity(group);
    s.avgLoad = s.groupLoad * kCapacityScale / s.groupCapacity;
    if (s.sumNrRunning)
        s.loadPerTask = s.sumWeightedLoad / s.sumNrRunning;
    s.groupWeight = group.count;
    s.noCapacity = groupIsOverloaded(env.level, s);
    s.groupType = groupClassify(env.level, group, s);
}

bool Balancer::pickBusiest(const GroupStats& s, const GroupStats& busiest) const {
    if (s.groupType > busiest.groupType)
        return true;
    if (s.groupType < busiest.groupType)
        return false;
    return s.avgLoad > busiest.avgLoad;
}

int Balancer::findBusiestGroup(Env& env, DomainStats& sds) {
    const Topology& topo = m_machine.topology();
    const DomainLevelInfo& info = topo.levels()[env.level];
    const CpuRange span = topo.span(env.level, CpuId(env.dstCpu));
    // The child domain asks to spread its excess tasks into sibling groups first.
    const bool preferSibling = env.level > 0 && (topo.levels()[env.level - 1].flags & SD_PREFER_SIBLING);
    const bool preferLocal = m_ctx.optimizations.test(Optimization::PreferSiblingLocal);
    const int idx = loadIdx(env.level, env.idle);
    const uint32_t localFirst = topo.group(env.level, CpuId(env.dstCpu)).first;
    bool overload = false;
    // sd->groups starts at the local group, so the local statistics are known first.
    for (uint32_t k = 0; k < info.groupsPerSpan(); ++k) {
        const uint32_t first = span.first + (localFirst - span.first + k * info.groupSize) % span.count;
        const CpuRange group{first, info.groupSize};
        GroupStats s;
        const bool local = k == 0;
        updateGroupStats(env, group, idx, local, s, overload);
        if (local) {
            sds.local = static_cast<int>(first);
            sds.localStat = s;
        } else {
            // prefer_sibling: before the 2017 change any busier sibling with more than one task
            // counted as out of capacity; after it, only one running more than one task more than
            // the local group.
            const uint32_t threshold = preferLocal ? sds.localStat.sumNrRunning + 1 : 1;
            if (preferSibling && groupHasCapacity(env.level, sds.localStat) && s.sumNrRunning > threshold) {
                s.noCapacity = true;
                s.groupType = groupClassify(env.level, group, s);
            }
            if (pickBusiest(s, sds.busiestStat)) {
                sds.busiest = static_cast<int>(first);
                sds.busiestStat = s;
            }
        }
        sds.totalLoad += s.groupLoad;
        sds.totalCapacity += s.groupCapacity;
    }
    if (env.level + 1 == topo.levels().size())
        m_overload = overload; // the root domain publishes rd->overload

    const GroupStats& local = sds.localStat;
    const GroupStats& busiest = sds.busiestStat;
    if (sds.busiest < 0 || busiest.sumNrRunning == 0) {
        env.imbalance = 0;
        return -1;
    }
    sds.avgLoad = kCapacityScale * sds.totalLoad / sds.totalCapacity;
    bool force = busiest.groupType == GroupType::Imbalanced ||
                 (env.idle == Idle::NewlyIdle && groupHasCapacity(env.level, local) && busiest.noCapacity);
    if (!force) {
        if (local.avgLoad >= busiest.avgLoad || local.avgLoad >= sds.avgLoad) {
            env.imbalance = 0;
            return -1;
        }
        if (env.idle == Idle::Idle) {
            if (busiest.groupType != GroupType::Overloaded && local.idleCpus <= busiest.idleCpus + 1) {
                env.imbalance = 0;
                return -1;
            }
        } else if (100 * busiest.avgLoad <= info.imbalancePct * local.avgLoad) {
            env.imbalance = 0;
            return -1;
        }
    }
    calculateImbalance(env, sds);
    // As the kernel: no imbalance worth a move, no busiest group (otherwise detach_tasks would
    // move nothing and the busiest CPU would be taken for all-pinned).
    return env.imbalance > 0 ? sds.busiest : -1;
}

void Balancer::calculateImbalance(Env& env, DomainStats& sds) {
    GroupStats& local = sds.localStat;
    GroupStats& busiest = sds.busiestStat;
    if (busiest.groupType == GroupType::Imbalanced)
        busiest.loadPerTask = std::min(busiest.loadPerTask, sds.avgLoad);
    if (busiest.avgLoad <= sds.avgLoad || local.avgLoad >= sds.avgLoad) {
        env.imbalance = 0;
        fixSmallImbalance(env, sds);
        return;
    }
    uint64_t loadAboveCapacity = std::numeric_limits<uint64_t>::max();
    if (busiest.groupType == GroupType::Overloaded && local.groupType == GroupType::Overloaded) {
        loadAboveCapacity = uint64_t{busiest.sumNrRunning} * kCapacityScale;
        if (loadAboveCapacity > busiest.groupCapacity)
            loadAboveCapacity = (loadAboveCapacity - busiest.groupCapacity) * 1024 / busiest.groupCapacity;
        else
            loadAboveCapacity = std::numeric_limits<uint64_t>::max();
    }
    const uint64_t maxPull = std::min(busiest.avgLoad - sds.avgLoad, loadAboveCapacity);
    env.imbalance = static_cast<int64_t>(
        std::min(maxPull * busiest.groupCapacity, (sds.avgLoad - local.avgLoad) * local.groupCapacity) /
        kCapacityScale);
    if (env.imbalance < static_cast<int64_t>(busiest.loadPerTask))
        fixSmallImbalance(env, sds);
}

void Balancer::fixSmallImbalance(Env& env, DomainStats& sds) {
    GroupStats& local = sds.localStat;
    GroupStats& busiest = sds.busiestStat;
    uint64_t imbn = 2;
    if (!local.sumNrRunning) {
        Rq& dst = m_machine.rq(env.dstCpu);
        local.loadPerTask = dst.nrRunning ? m_fair.cpuLoad(dst) / dst.nrRunning : 0;
    } else if (busiest.loadPerTask > local.loadPerTask) {
        imbn = 1;
    }
    const uint64_t scaled = busiest.loadPerTask * kCapacityScale / busiest.groupCapacity;
    if (busiest.avgLoad + scaled >= local.avgLoad + scaled * imbn) {
        env.imbalance = static_cast<int64_t>(busiest.loadPerTask);
        return;
    }
    // Not enough imbalance to move a task, unless moving one uses more total capacity.
    uint64_t capaNow = busiest.groupCapacity * std::min(busiest.loadPerTask, busiest.avgLoad) +
                       local.groupCapacity * std::min(local.loadPerTask, local.avgLoad);
    capaNow /= kCapacityScale;
    uint64_t capaMove = 0;
    if (busiest.avgLoad > scaled)
        capaMove += busiest.groupCapacity * std::min(busiest.loadPerTask, busiest.avgLoad - scaled);
    uint64_t tmp;
    if (busiest.avgLoad * busiest.groupCapacity < busiest.loadPerTask * kCapacityScale)
        tmp = busiest.avgLoad * busiest.groupCapacity / local.groupCapacity;
    else
        tmp = busiest.loadPerTask * kCapacityScale / local.groupCapacity;
    capaMove += local.groupCapacity * std::min(local.loadPerTask, local.avgLoad + tmp);
    capaMove /= kCapacityScale;
    if (capaMove > capaNow)
        env.imbalance = static_cast<int64_t>(busiest.loadPerTask);
}

int Balancer::findBusiestQueue(Env& env, CpuRange group) {
    int busiest = -1;
    uint64_t busiestLoad = 0, busiestCapacity = 1;
    for (uint32_t c = group.first; c < group.end(); ++c) {
        if (!env.candidate(c))
            continue;
        Rq& r = m_machine.rq(c);
        const uint64_t capacity = r.capacity;
        const uint64_t wl = m_fair.cpuLoad(r);
        // A lone task bigger than the imbalance would only move the problem.
        if (r.nrRunning == 1 && static_cast<int64_t>(wl) > env.imbalance)
            continue;
        if (wl * busiestCapacity > busiestLoad * capacity) {
            busiestLoad = wl;
            busiestCapacity = capacity;
            busiest = static_cast<int>(c);
        }
    }
    return busiest;
}

// ---- moving tasks -----------------------------------------------------------------------------

bool Balancer::taskHot(const Task& p, const Env& env, const Rq& src, const Rq& dst) const {
    (void)src;
    if (p.policy == SchedPolicy::Idle) // an idle-policy task is never cache hot
        return false;
    if (m_v6 && (m_machine.topology().levels()[env.level].flags & SD_SHARE_CPUCAPACITY))
        return false; // SMT siblings share every cache (since v5.10)
    // Buddy candidates are cache hot (CACHE_HOT_BUDDY).
    if (dst.nrRunning && (&p.se == p.se.cfsRq->next || &p.se == p.se.cfsRq->last))
        return true;
    return m_ctx.now - p.se.execStart < m_ctx.tunables.migrationCost;
}

bool Balancer::canMigrateTask(Task& p, Env& env, Rq& src) {
    if (m_fair.throttledLbPair(*p.tg, src.cpu, env.dstCpu))
        return false; // its group is throttled on one side: moving it would dodge or waste the limit
    if (!p.allowedOn(CpuId(env.dstCpu))) {
        env.flags |= LBF_SOME_PINNED;
        // Remember another CPU of the local group this task could go to, for a retry.
        if (env.dstGroup.count == 0 || (env.flags & LBF_DST_PINNED))
            return false;
        for (uint32_t c = env.dstGroup.first; c < env.dstGroup.end(); ++c)
            if (env.candidate(c) && p.allowedOn(CpuId(c))) {
                env.flags |= LBF_DST_PINNED;
                env.newDstCpu = c;
                break;
            }
        return false;
    }
    env.flags &= ~LBF_ALL_PINNED;
    if (src.curr == &p)
        return false; // running: only an active balance moves it
    const Rq& dst = m_machine.rq(env.dstCpu);
    const DomainState& sd = m_machine.rq(env.dstCpu).domains[env.level];
    if (!taskHot(p, env, src, dst) ||
        sd.nrBalanceFailed > m_machine.topology().levels()[env.level].cacheNiceTries)
        return true;
    ++m_ctx.counters.balanceHotSkips;
    return false;
}

bool Balancer::detachDone(Env& env, const Rq& src) const {
    // Never steal the last task of a CPU for an idle one: it would be treated likewise.
    if (env.idle != Idle::NotIdle && src.nrRunning <= 1)
        return true;
    if (++env.loop > env.loopMax)
        return true;
    if (env.loop > env.loopBreak) { // sched_nr_migrate_break: let the lock go, then go on
        env.loopBreak += kNrMigrateBreak;
        env.flags |= LBF_NEED_BREAK;
        return true;
    }
    return false;
}

int Balancer::detachTasks(Env& env, Rq& src) {
    if (env.imbalance <= 0)
        return 0;
    Rq& pay = m_machine.rq(env.payCpu);
    int detached = 0;
    while (src.cfsTasksHead && !detachDone(env, src)) {
        Task& p = *src.cfsTasksHead;
        if (!canMigrateTask(p, env, src)) {
            cfstasks::moveTail(src, p);
            continue;
        }
        const uint64_t load = m_fair.taskHLoad(p);
        if (static_cast<int64_t>(load / 2) > env.imbalance) {
            cfstasks::moveTail(src, p);
            continue;
        }
        // detach_task + attach_task: off the source runqueue at once, onto the destination.
        m_machine.charge(pay, CostOp::BalanceMoveTask);
        m_mover.migrateQueued(p, env.dstCpu, env.reason, static_cast<int>(env.level), pay);
        ++detached;
        env.imbalance -= static_cast<int64_t>(load);
        if (env.imbalance <= 0)
            break;
    }
    return detached;
}

bool Balancer::needActiveBalance(const Env& env, const Rq& src) const {
    (void)src;
    const DomainState& sd = m_machine.rq(env.dstCpu).domains[env.level];
    const bool failedEnough =
        sd.nrBalanceFailed > m_machine.topology().levels()[env.level].cacheNiceTries + 2;
    // v6.6: the failures count only when tasks are to move (imbalanced_active_balance).
    return failedEnough && (!m_v6 || env.migrationType == MigrationType::Task);
}

void Balancer::activeBalance(Rq& busiest, uint32_t target) {
    // active_load_balance_cpu_stop, run at once on the busiest CPU: the stopper preempts the
    // running task, so every queued task there (the preempted one included) may move.
    busiest.activeBalance = false;
    if (busiest.nrRunning == 0 || busiest.cpu == target)
        return;
    ++m_ctx.counters.activeBalances;
    const Topology& topo = m_machine.topology();
    size_t level = 0;
    while (level < topo.levels().size() && !topo.span(level, CpuId(target)).contains(CpuId(busiest.cpu)))
        ++level;
    if (level == topo.levels().size())
        return;
    Env env;
    env.level = level;
    env.dstCpu = target;
    env.idle = Idle::Idle;
    for (Task* p = busiest.cfsTasksHead; p; p = p->lbNext) {
        if (!p->allowedOn(CpuId(target)))
            continue;
        const Rq& dst = m_machine.rq(target);
        const DomainState& sd = dst.domains[level];
        if (taskHot(*p, env, busiest, dst) && sd.nrBalanceFailed <= topo.levels()[level].cacheNiceTries)
            continue;
        m_machine.charge(busiest, CostOp::BalanceMoveTask);
        if (busiest.curr == p)
            m_mover.migrateRunning(*p, target, MigrationReason::Active, static_cast<int>(level));
        else
            m_mover.migrateQueued(*p, target, MigrationReason::Active, static_cast<int>(level), busiest);
        return;
    }
}

int Balancer::loadBalance(Rq& rq, size_t level, Idle idle, bool& continueBalancing, MigrationReason reason,
                          Rq& pay) {
    const Topology& topo = m_machine.topology();
    const DomainLevelInfo& info = topo.levels()[level];
    DomainState& sd = rq.domains[level];
    const bool hasParent = level + 1 < topo.levels().size();
    Env env;
    env.level = level;
    env.dstCpu = rq.cpu;
    env.payCpu = pay.cpu;
    env.reason = reason;
    env.dstGroup = idle == Idle::NewlyIdle ? CpuRange{} : topo.group(level, CpuId(rq.cpu));
    env.idle = idle;
    env.loopBreak = kNrMigrateBreak;
    int moved = 0;
    bool activeBal = false;
    int busiestCpu = -1;
    DomainStats sds;

redo:
    if (!(m_v6 ? shouldWeBalanceV6(env) : shouldWeBalance(env))) {
        continueBalancing = false;
        goto outBalanced;
    }
    ++m_ctx.counters.balanceAttempts;
    {
        int busiestGroup;
        if (m_v6) {
            SdLbStats sds6;
            busiestGroup = findBusiestGroupV6(env, sds6);
        } else {
            sds = DomainStats{};
            busiestGroup = findBusiestGroup(env, sds);
        }
        if (busiestGroup < 0)
            goto outBalanced;
        const CpuRange group{static_cast<uint32_t>(busiestGroup), info.groupSize};
        busiestCpu = m_v6 ? findBusiestQueueV6(env, group) : findBusiestQueue(env, group);
        if (busiestCpu < 0)
            goto outBalanced;
    }
    env.srcCpu = static_cast<uint32_t>(busiestCpu);
    if (m_machine.rq(env.srcCpu).nrRunning > 1) {
        Rq& src = m_machine.rq(env.srcCpu);
        env.flags |= LBF_ALL_PINNED;
        env.loopMax = std::min<uint32_t>(m_ctx.tunables.nrMigrate, src.nrRunning);
    moreBalance:
        m_machine.charge(pay, CostOp::BalanceLock); // double_rq_lock(dst, src)
        moved += m_v6 ? detachTasksV6(env, src) : detachTasks(env, src);
        if (env.flags & LBF_NEED_BREAK) {
            env.flags &= ~LBF_NEED_BREAK;
            goto moreBalance;
        }
        // Some tasks could only run elsewhere in the local group: retry for that CPU.
        if ((env.flags & LBF_DST_PINNED) && env.imbalance > 0) {
            env.exclude(env.dstCpu, m_machine.nrCpus());
            env.dstCpu = env.newDstCpu;
            env.flags &= ~LBF_DST_PINNED;
            env.loop = 0;
            env.loopBreak = kNrMigrateBreak;
            goto moreBalance;
        }
        // Affinity kept part of the imbalance here: tell the parent level.
        if (hasParent && (env.flags & LBF_SOME_PINNED) && env.imbalance > 0)
            groupImbalance(level + 1, rq.cpu) = 1;
        if (env.flags & LBF_ALL_PINNED) {
            env.exclude(env.srcCpu, m_machine.nrCpus());
            // Another busiest CPU may remain outside the local group: start over without this one.
            const CpuRange span = topo.span(level, CpuId(rq.cpu));
            bool outside = false;
            for (uint32_t c = span.first; c < span.end() && !outside; ++c)
                outside = env.candidate(c) && !env.dstGroup.contains(CpuId(c));
            if (outside) {
                env.loop = 0;
                env.loopBreak = kNrMigrateBreak;
                env.dstCpu = rq.cpu;
                goto redo;
            }
            goto outAllPinned;
        }
    }

    if (!moved) {
        ++m_ctx.counters.balanceFailed;
        if (idle != Idle::NewlyIdle)
            ++sd.nrBalanceFailed;
        Rq& src = m_machine.rq(env.srcCpu);
        if (needActiveBalance(env, src)) {
            if (!src.curr || !src.curr->allowedOn(CpuId(rq.cpu))) {
                env.flags |= LBF_ALL_PINNED;
                goto outOnePinned;
            }
            if (!src.activeBalance) {
                src.activeBalance = true;
                activeBal = true;
            }
            // Kicked active balancing: force the next migrations even of cache-hot tasks
            // (v4.11; v6.6 no longer does).
            if (!m_v6)
                sd.nrBalanceFailed = info.cacheNiceTries + 1;
            if (activeBal)
                activeBalance(src, rq.cpu);
        }
    } else {
        sd.nrBalanceFailed = 0;
    }
    if (!activeBal)
        sd.balanceIntervalMs = info.minIntervalMs;
    else if (sd.balanceIntervalMs < info.maxIntervalMs)
        sd.balanceIntervalMs *= 2;
    return moved;

outBalanced:
    if (continueBalancing)
        ++m_ctx.counters.balanceBalanced;
    if (hasParent)
        groupImbalance(level + 1, rq.cpu) = 0;
outAllPinned:
    sd.nrBalanceFailed = 0;
outOnePinned:
    if (((env.flags & LBF_ALL_PINNED) && sd.balanceIntervalMs < kMaxPinnedIntervalMs) ||
        sd.balanceIntervalMs < info.maxIntervalMs)
        sd.balanceIntervalMs *= 2;
    return 0;
}

// ---- newly idle and NOHZ ------------------------------------------------------------------------

bool Balancer::idleBalance(Rq& rq) {
    rq.idleStamp = m_ctx.now;
    rq.idleStampSet = true;
    const Topology& topo = m_machine.topology();
    int64_t next = jiffies() + static_cast<int64_t>(m_ctx.hz);
    auto updateNext = [&](size_t l) {
        next = std::min(next, rq.domains[l].lastBalance + intervalJiffies(l, rq, false));
    };
    int pulled = 0;
    if (topo.levels().empty())
        return false;
    if (rq.avgIdle < m_ctx.tunables.migrationCost || !m_overload) {
        updateNext(0);
    } else {
        SimTime curCost;
        for (size_t l = 0; l < topo.levels().size(); ++l) {
            DomainState& d = rq.domains[l];
            if (rq.avgIdle < curCost + d.maxNewidleLbCost) {
                updateNext(l);
                break;
            }
            if (topo.levels()[l].flags & SD_BALANCE_NEWIDLE) {
                const SimTime before = rq.overhead;
                bool cont = true;
                pulled = loadBalance(rq, l, Idle::NewlyIdle, cont, MigrationReason::Newidle, rq);
                const SimTime cost = rq.overhead - before;
                d.maxNewidleLbCost = std::max(d.maxNewidleLbCost, cost);
                curCost += cost;
            }
            updateNext(l);
            if (pulled || rq.nrRunning > 0)
                break;
        }
        rq.maxIdleBalanceCost = std::max(rq.maxIdleBalanceCost, curCost);
        if (rq.cfs.hNrRunning && !pulled)
            pulled = 1;
    }
    if (rq.nextBalance > next)
        rq.nextBalance = next;
    if (pulled)
        rq.idleStampSet = false;
    return pulled > 0;
}

bool Balancer::nohzKickNeeded(Rq& rq) {
    if (rq.nohzIdle || m_nohzCpus == 0 || jiffies() < m_nohzNextBalance)
        return false;
    if (rq.nrRunning >= 2)
        return true;
    return m_nrBusyCpus[rq.cpu / m_machine.topology().llc(CpuId(rq.cpu)).count] > 1;
}

void Balancer::nohzIdleBalance(Rq& ilb) {
    ilb.nohzKick = false;
    if (!cpuIdle(ilb))
        return;
    const int64_t j = jiffies();
    int64_t next = j + 60 * static_cast<int64_t>(m_ctx.hz);
    bool update = false;
    for (Rq& r : m_machine.rqs()) {
        if (&r == &ilb || !r.nohzIdle || !cpuIdle(r))
            continue;
        if (!cpuIdle(ilb))
            break; // the balancer got work of its own: leave the rest to the next one
        if (j >= r.nextBalance) {
            updateCpuLoad(r);
            rebalanceDomains(r, Idle::Idle, MigrationReason::Nohz, ilb);
        }
        if (next > r.nextBalance) {
            next = r.nextBalance;
            update = true;
        }
    }
    if (update)
        m_nohzNextBalance = next;
    if (cpuIdle(ilb))
        rebalanceDomains(ilb, Idle::Idle, MigrationReason::Nohz, ilb);
}

} // namespace core
