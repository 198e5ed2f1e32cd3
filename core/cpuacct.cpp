#include "cpuacct.h"

#include "task.h"

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
    , m_nrCpus(machine.nrCpus()) {
    const size_t n = cgroups.size();
    m_usage.assign(n * m_nrCpus * 2, 0);
    m_own.assign(n, SimTime());
    m_stats.resize(n * 2);
    for (PercpuCounter& c : m_stats)
        c.deltas.assign(m_nrCpus, 0);
}

void Cpuacct::chargeCost(Rq& rq, const Task& t) {
    if (!enabled())
        return;
    const uint64_t levels = m_cgroups.at(t.cgroup).depth + 1;
    m_ctx.counters.cpuacctAdds += levels;
    m_machine.chargeN(rq, CostOp::CpuacctCharge, levels);
}

void Cpuacct::account(uint32_t cpu, const Task& t, SimTime user, SimTime sys) {
    if (!enabled())
        return;
    m_own[t.cgroup.value()] += user + sys;
    for (CgroupId cg = t.cgroup; cg.valid(); cg = m_cgroups.at(cg).parent) {
        const size_t base = (static_cast<size_t>(cg.value()) * m_nrCpus + cpu) * 2;
        m_usage[base + kUser] += static_cast<uint64_t>(user.count());
        m_usage[base + kSystem] += static_cast<uint64_t>(sys.count());
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
    for (CgroupId cg = t.cgroup; cg.valid(); cg = m_cgroups.at(cg).parent) {
        PercpuCounter& c = m_stats[static_cast<size_t>(cg.value()) * 2 + static_cast<size_t>(mode)];
        ++m_ctx.counters.cpuacctAdds;
        m_machine.charge(rq, CostOp::CpuacctStatAdd);
        const int64_t v = c.deltas[rq.cpu] + val;
        if (std::llabs(v) < batch) {
            c.deltas[rq.cpu] = v;
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
        c.deltas[rq.cpu] = 0;
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
    uint64_t sum = 0;
    for (uint32_t c = 0; c < m_nrCpus; ++c)
        sum += m_usage[(static_cast<size_t>(cg.value()) * m_nrCpus + c) * 2 + static_cast<size_t>(mode)];
    return SimTime::ns(static_cast<int64_t>(sum));
}

SimTime Cpuacct::usage(CgroupId cg) const {
    return usage(cg, kUser) + usage(cg, kSystem);
}

SimTime Cpuacct::usageOnCpu(CgroupId cg, uint32_t cpu) const {
    const size_t base = (static_cast<size_t>(cg.value()) * m_nrCpus + cpu) * 2;
    return SimTime::ns(static_cast<int64_t>(m_usage[base] + m_usage[base + 1]));
}

int64_t Cpuacct::statSum(CgroupId cg, int mode) const {
    const PercpuCounter& c = m_stats[static_cast<size_t>(cg.value()) * 2 + static_cast<size_t>(mode)];
    int64_t sum = c.count;
    for (int64_t d : c.deltas)
        sum += d;
    return sum;
}

} // namespace core
