#pragma once

#include "accounting/spinlock.h"
#include "context/simcontext.h"
#include "sched/cgroups.h"
#include "sched/machine.h"

#include <cstdint>
#include <vector>

namespace core {

struct Task;

/// The cpuacct controller.
///
/// Usage: every update_curr charges the task's run time (split into user and system) to its
/// cgroup and every ancestor, per CPU, with plain adds (cpuacct_charge). The simulated cost is
/// per level, as in the kernel; the simulator itself keeps each cgroup's hierarchical total
/// (a small array that stays in cache) and, per CPU, only what ran directly in each cgroup. A
/// per-CPU counter of the kernel's is then the sum over the subtree (usageOnCpu): the same
/// numbers, with one cold cache line per charge instead of one per level.
///
/// Stats, as in 2.6.3x: per-cgroup USER and SYSTEM percpu_counters fed by
/// cpuacct_update_stats. A CPU's delta folds into the global count, under the counter's
/// spinlock, once it reaches the batch. Without virtual CPU accounting the value is one jiffy
/// per tick; with it, precise nanoseconds at every context switch and tick, which exceed the
/// default batch every time. cpuacct_batch_scaling multiplies the batch by one jiffy in cputime
/// units (capped at INT_MAX).
class Cpuacct {
public:
    Cpuacct(SimContext& ctx, Machine& machine, CgroupTree& cgroups);

    bool enabled() const { return m_ctx.features.cpuacct; }

    /// The cost of cpuacct_charge for the current task (charged before the time it measures).
    void chargeCost(Rq& rq, const Task& t);
    /// The accounting part of update_curr, common to every class (update_curr_common): the
    /// cpuacct_charge cost, then the current task's time since the last call charged to its
    /// cgroups, user and system apart. Returns that time (the delta for the class's own clocks).
    SimTime chargeExec(Rq& rq, Task& t);
    /// Adds run time to the task's cgroup and its ancestors on this CPU.
    void account(uint32_t cpu, const Task& t, SimTime user, SimTime sys);
    /// Stats at a scheduler tick of the task running on rq.
    void tick(Rq& rq, Task& t);
    /// Stats when a task is switched out (virtual CPU accounting only).
    void switchOut(Rq& rq, Task& t);

    /// Usage of a cgroup (its subtree) in ns; by mode: 0 = user, 1 = system.
    SimTime usage(CgroupId cg) const;
    SimTime usage(CgroupId cg, int mode) const;
    SimTime usageOnCpu(CgroupId cg, uint32_t cpu) const;
    /// Usage charged with the task directly in this cgroup (not its children).
    SimTime ownUsage(CgroupId cg) const;
    /// The percpu_counter batch in force for the stats counters.
    int64_t statBatch() const;
    /// The stats counter as percpu_counter_read() shows it (global count only), cputime units.
    int64_t statRead(CgroupId cg, int mode) const {
        return m_stats[cg.value() * 2 + static_cast<size_t>(mode)].count;
    }
    /// Exact sum of a stats counter (percpu_counter_sum).
    int64_t statSum(CgroupId cg, int mode) const;

private:
    struct PercpuCounter {
        int64_t count = 0; ///< the global count; the per-CPU deltas are in m_statDeltas
        SimSpinlock lock;
    };
    // Per-CPU data is laid out CPU-major, as the kernel's percpu areas are: what one event
    // touches on its CPU is close together.
    size_t ownSlot(CgroupId cg, uint32_t cpu) const {
        return (static_cast<size_t>(cpu) * m_nrCgroups + cg.value()) * 2;
    }
    size_t statSlot(size_t counter, uint32_t cpu) const {
        return static_cast<size_t>(cpu) * m_stats.size() + counter;
    }
    void updateStats(Rq& rq, const Task& t, int mode, int64_t val);
    int64_t cputimeOneJiffy() const;

    SimContext& m_ctx;
    Machine& m_machine;
    CgroupTree& m_cgroups;
    std::vector<uint64_t> m_total;      ///< [cgroup][mode]: the cgroup's subtree, all CPUs
    std::vector<uint64_t> m_ownOnCpu;   ///< [cpu][cgroup][mode]: run directly in the cgroup
    std::vector<PercpuCounter> m_stats; ///< [cgroup][mode]
    std::vector<int64_t> m_statDeltas;  ///< [cpu][cgroup][mode]: the counters' per-CPU deltas
    uint32_t m_nrCpus;
    size_t m_nrCgroups;
};

} // namespace core
