#include "accounting/cpuacct.h"

#include "sched/task.h"

#include <algorithm>
#include <climits>
#include <cstdlib>

namespace core {

namespace {
constexpr int kUser = 0;
constexpr int kSystem = 1;
} // namespace

Cpuacct::Cpuacct(SimContext& ctx, Machine& machine, CgroupTree& cgroups)
    : m_ctx(ctx)
    , m_machine(machine)
    , m_cgroups(cgroups)
    , m_nrCpus(machine.nrCpus())
    , m_nrCgroups(cgroups.size()) {
    const size_t n = m_nrCgroups;
    m_total.assign(n * 2, 0);
    m_ownOnCpu.assign(n * m_nrCpus * 2, 0);
    m_statDeltas.assign(m_nrCpus * n * 2, 0);
    m_stats.resize(n * 2);
}

void Cpuacct::chargeCost(Rq& rq, const Task& t) {
    if (!enabled())
        return;
    const uint64_t levels = m_cgroups.at(t.cgroup).depth + 1;
    m_ctx.counters.cpuacctAdds += levels;
    m_machine.chargeN(rq, CostOp::CpuacctCharge, levels);
}

SimTime Cpuacct::chargeExec(Rq& rq, Task& t) {
    // cpuacct_charge is part of update_curr: its cost is in the time it measures.
    chargeCost(rq, t);
    const SimTime d = rq.pendingExec;
    rq.pendingExec = SimTime();
    const SimTime user = std::min(d, t.userTime - t.acctUser);
    t.acctUser += user;
    account(rq.cpu, t, user, d - user);
    return d;
}

void Cpuacct::account(uint32_t cpu, const Task& t, SimTime user, SimTime sys) {
    if (!enabled())
        return;
    const size_t own = ownSlot(t.cgroup, cpu);
    m_ownOnCpu[own + kUser] += static_cast<uint64_t>(user.count());
    m_ownOnCpu[own + kSystem] += static_cast<uint64_t>(sys.count());
    for (CgroupId cg = t.cgroup; cg.valid(); cg = m_cgroups.parent(cg)) {
        const size_t base = static_cast<size_t>(cg.value()) * 2;
        m_total[base + kUser] += static_cast<uint64_t>(user.count());
        m_total[base + kSystem] += static_cast<uint64_t>(sys.count());
    }
}

int64_t Cpuacct::cputimeOneJiffy() const {
    // With virtual CPU accounting cputime is kept in fine units (ns here); otherwise in jiffies.
    return m_ctx.features.virtCpuAccounting ? m_ctx.tickPeriod.count() : 1;
}

int64_t Cpuacct::statBatch() const {
    const int64_t batch = std::max<int64_t>(32, 2 * static_cast<int64_t>(m_nrCpus)); // percpu_counter_batch
    if (!m_ctx.optimizations.test(Optimization::CpuacctBatchScaling))
        return batch;
    return std::min<int64_t>(batch * cputimeOneJiffy(), INT_MAX);
}

void Cpuacct::updateStats(Rq& rq, const Task& t, int mode, int64_t val) {
    const int64_t batch = statBatch();
    for (CgroupId cg = t.cgroup; cg.valid(); cg = m_cgroups.parent(cg)) {
        const size_t counter = static_cast<size_t>(cg.value()) * 2 + static_cast<size_t>(mode);
        PercpuCounter& c = m_stats[counter];
        int64_t& delta = m_statDeltas[statSlot(counter, rq.cpu)];
        ++m_ctx.counters.cpuacctAdds;
        m_machine.charge(rq, CostOp::CpuacctStatAdd);
        const int64_t v = delta + val;
        if (std::llabs(v) < batch) {
            delta = v;
            continue;
        }
        // Fold into the global count under the counter's spinlock.
        const SimTime at = std::max(m_ctx.now, rq.cursor);
        const SimSpinlock::Grant g =
            c.lock.acquire(at, rq.cpu, m_ctx.costs[CostOp::PercpuCounterFold], m_ctx.costs);
        m_machine.charge(rq, CostOp::LockSpin, g.spin);
        m_ctx.counters.lockWait += g.spin;
        m_machine.charge(rq, CostOp::LockHandover, g.handover);
        m_machine.charge(rq, CostOp::PercpuCounterFold);
        ++m_ctx.counters.percpuCounterFolds;
        c.count += v;
        delta = 0;
    }
}

void Cpuacct::tick(Rq& rq, Task& t) {
    if (!enabled())
        return;
    if (m_ctx.features.virtCpuAccounting) {
        switchOut(rq, t);
        return;
    }
    // account_user_time / account_system_time: one jiffy, by the mode the tick interrupted.
    updateStats(rq, t, rq.cursor <= m_ctx.now ? kUser : kSystem, 1);
}

void Cpuacct::switchOut(Rq& rq, Task& t) {
    if (!enabled() || !m_ctx.features.virtCpuAccounting)
        return;
    const SimTime u = t.userTime - t.statUser;
    const SimTime s = t.sysTime - t.statSys;
    t.statUser = t.userTime;
    t.statSys = t.sysTime;
    if (u.count() > 0)
        updateStats(rq, t, kUser, u.count());
    if (s.count() > 0)
        updateStats(rq, t, kSystem, s.count());
}

SimTime Cpuacct::usage(CgroupId cg, int mode) const {
    return SimTime::ns(
        static_cast<int64_t>(m_total[static_cast<size_t>(cg.value()) * 2 + static_cast<size_t>(mode)]));
}

SimTime Cpuacct::usage(CgroupId cg) const {
    return usage(cg, kUser) + usage(cg, kSystem);
}

SimTime Cpuacct::ownUsage(CgroupId cg) const {
    uint64_t sum = 0;
    for (uint32_t cpu = 0; cpu < m_nrCpus; ++cpu) {
        const size_t base = ownSlot(cg, cpu);
        sum += m_ownOnCpu[base + kUser] + m_ownOnCpu[base + kSystem];
    }
    return SimTime::ns(static_cast<int64_t>(sum));
}

SimTime Cpuacct::usageOnCpu(CgroupId cg, uint32_t cpu) const {
    // The kernel's per-CPU counter of cg: what cg and every cgroup below it ran on this CPU.
    const size_t base = ownSlot(cg, cpu);
    SimTime sum = SimTime::ns(static_cast<int64_t>(m_ownOnCpu[base + kUser] + m_ownOnCpu[base + kSystem]));
    for (CgroupId child : m_cgroups.at(cg).children)
        sum += usageOnCpu(child, cpu);
    return sum;
}

int64_t Cpuacct::statSum(CgroupId cg, int mode) const {
    const size_t counter = static_cast<size_t>(cg.value()) * 2 + static_cast<size_t>(mode);
    int64_t sum = m_stats[counter].count;
    for (uint32_t cpu = 0; cpu < m_nrCpus; ++cpu)
        sum += m_statDeltas[statSlot(counter, cpu)];
    return sum;
}

} // namespace core
