#pragma once

#include "context/simcontext.h"
#include "sched/fair.h"
#include "sched/machine.h"
#include "sched/sglbstats.h"

#include <cstdint>
#include <vector>

namespace core {

struct Task;

/// Where a waking or new task goes: select_task_rq_fair of the v4.11..v4.14 era, with
/// wake_wide, wake_affine, select_idle_sibling (idle core, then idle CPU in the LLC, then an
/// idle SMT sibling) and the find_idlest_group / find_idlest_cpu slow path for fork. Under the
/// v6 models a wakeup takes 6.6's fast path (wake_affine_idle / wake_affine_weight,
/// recent_used_cpu, select_idle_cpu under SIS_UTIL; wakeupfastv6.cpp) and fork placement is the
/// v5.5+ find_idlest_group (sched_balance_find_dst_group): groups classified by utilisation and
/// idle CPUs (wakeupv6.cpp).
class Wakeup {
public:
    enum class Kind { Wake, Fork };

    Wakeup(SimContext& ctx, Machine& machine, Fair& fair);

    /// Chooses a CPU for p. `waker` is the task doing the wakeup (null for timers and the
    /// scenario's own launches); scanning work is charged to `wakerCpu`.
    uint32_t selectTaskRq(Task& p, uint32_t prevCpu, uint32_t wakerCpu, Task* waker, Kind kind, bool sync);

    /// A CPU went idle: maybe set its LLC's has_idle_cores hint (__update_idle_core).
    void noteIdle(uint32_t cpu);
    bool hasIdleCores(uint32_t cpu) const { return m_hasIdleCores[llcIndex(cpu)]; }

private:
    bool idle(uint32_t cpu) const { return m_machine.idle(m_machine.rq(cpu)); }
    size_t llcIndex(uint32_t cpu) const { return cpu / m_machine.topology().llc(CpuId(cpu)).count; }
    void recordWakee(Task& waker, Task& p);
    bool wakeWide(const Task& waker, const Task& p) const;
    bool wakeAffine(size_t level, Task& p, uint32_t thisCpu, uint32_t prevCpu, bool sync, Task* waker);
    uint32_t selectIdleSibling(Task& p, uint32_t prev, uint32_t target);
    int selectIdleCore(Task& p, uint32_t target);
    int selectIdleCpu(Task& p, uint32_t target);
    int selectIdleSmt(Task& p, uint32_t target);
    /// First idle CPU of `range` the task may use, scanning from `from` with wrap-around.
    int firstIdleAllowed(Task& p, CpuRange range, uint32_t from);
    uint32_t findIdlestCpu(Task& p, uint32_t cpu, int level);
    int findIdlestGroup(size_t level, Task& p, uint32_t thisCpu);
    /// Does the group have a CPU the task may use (sched_group_span & p->cpus_ptr)?
    static bool groupAllowed(const Task& p, CpuRange group);
    // The v6 wakeup fast path (wakeupfastv6.cpp).
    /// wake_affine of 6.x: wake_affine_idle, then wake_affine_weight; true to take thisCpu.
    bool wakeAffineV6(size_t level, Task& p, uint32_t thisCpu, uint32_t prevCpu, bool sync, Task* waker);
    uint32_t selectIdleSiblingV6(Task& p, uint32_t prev, uint32_t target);
    int selectIdleCpuV6(Task& p, uint32_t target, bool hasIdleCore);
    int selectIdleSmtV6(Task& p, uint32_t prev, uint32_t target);
    bool sharesCache(uint32_t a, uint32_t b) const {
        return m_machine.topology().llc(CpuId(a)).contains(CpuId(b));
    }
    // v5.5+ fork placement (wakeupv6.cpp).
    int findIdlestGroupV6(size_t level, Task& p, uint32_t thisCpu);
    /// update_sg_wakeup_stats: the group's figures as the task's placement sees them.
    SgLbStats wakeupStats(CpuRange group, const Task& p, uint32_t imbalancePct);
    uint32_t findIdlestGroupCpu(CpuRange group, Task& p, uint32_t thisCpu);

    SimContext& m_ctx;
    Machine& m_machine;
    Fair& m_fair;
    const bool m_v6;                     ///< the v6 models: 6.6's wakeup fast path and fork placement
    std::vector<uint8_t> m_hasIdleCores; ///< per LLC
    /// Cores select_idle_core examined in this scan (taken out of its mask), reused per wakeup.
    std::vector<uint8_t> m_coresExamined;
    uint64_t m_scanned = 0;
};

} // namespace core
