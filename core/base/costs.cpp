#include "base/costs.h"

namespace core {

const std::array<CostInfo, kCostOpCount>& costCatalog() {
    using T = SimTime;
    static const std::array<CostInfo, kCostOpCount> kCatalog{{
        {CostOp::CpuClock, "cpu_clock", T::ns(25), "one cpu_clock() read"},
        {CostOp::ContextSwitch, "context_switch", T::ns(1200), "schedule() switching tasks"},
        {CostOp::Syscall, "syscall", T::ns(100), "system call entry and exit"},
        {CostOp::PipeTransfer, "pipe_transfer", T::ns(250), "one pipe message copy (each side)"},
        {CostOp::SocketTransfer, "socket_transfer", T::ns(600), "one socket message copy (each side)"},
        {CostOp::Wakeup, "wakeup", T::ns(200), "try_to_wake_up on the waker's CPU"},
        {CostOp::Ipi, "ipi", T::ns(400), "reschedule IPI on the target CPU"},
        {CostOp::Enqueue, "enqueue", T::ns(50), "enqueue_entity, per level"},
        {CostOp::Dequeue, "dequeue", T::ns(50), "dequeue_entity, per level"},
        {CostOp::Tick, "tick", T::ns(150), "scheduler tick"},
        {CostOp::Fork, "fork", T::us(20), "fork: copy_process and wake_up_new_task"},
        {CostOp::Exit, "exit", T::us(8), "do_exit"},
        {CostOp::Migration, "migration", T::ns(200), "set_task_cpu and runqueue locking"},
        {CostOp::CacheCold, "cache_cold", T::us(1), "run-time penalty after a migration"},
        {CostOp::IdleScan, "idle_scan", T::ns(5), "one CPU examined by an idle-CPU scan"},
        {CostOp::PsiGroupUpdate, "psi_group_update", T::ns(60), "psi_group_change on one group"},
        {CostOp::PsiWalkParent, "psi_walk_parent", T::ns(12), "PSI walk step via cached parent"},
        {CostOp::PsiWalkDirect, "psi_walk_direct", T::ns(1), "PSI walk step via cgroup parent"},
        {CostOp::PsiWalkCacheMiss, "psi_walk_cache_miss", T::ns(45),
         "cache miss per deep level in the direct walk"},
        {CostOp::CpuacctCharge, "cpuacct_charge", T::ns(10), "cpuacct usage add, per level"},
        {CostOp::CpuacctStatAdd, "cpuacct_stat_add", T::ns(8), "percpu_counter add, per level"},
        {CostOp::PercpuCounterFold, "percpu_counter_fold", T::ns(60), "fold under the counter lock"},
        {CostOp::LockHandover, "lock_handover", T::ns(120), "contended lock cache-line transfer"},
        {CostOp::LockHandoverPerWaiter, "lock_handover_per_waiter", T::ns(155),
         "extra hand-over cost per spinning CPU"},
        {CostOp::TaskRqLock, "task_rq_lock", T::ns(200), "task_rq_lock and unlock"},
        {CostOp::RqClockUpdate, "rq_clock_update", T::ns(15), "update_rq_clock bookkeeping"},
        {CostOp::GroupChange, "group_change", T::ns(250), "sched_change_group detach/attach"},
        {CostOp::BalanceStatsPerCpu, "balance_stats_per_cpu", T::ns(15), "balancer stats, per CPU"},
        {CostOp::BalanceLock, "balance_lock", T::ns(150), "balancer double runqueue lock"},
        {CostOp::BalanceMoveTask, "balance_move_task", T::ns(250), "balancer detach+attach a task"},
        {CostOp::LockSpin, "lock_spin", T::ns(0), "spinning on a held lock (measured)"},
        {CostOp::TimerDelivery, "timer_delivery", T::ns(0),
         "a sleep's timer expiry to its interrupt (a delay; calibrate measures it)"},
    }};
    return kCatalog;
}

std::optional<CostOp> costOpFromName(std::string_view name) {
    for (const CostInfo& i : costCatalog())
        if (i.name == name && i.op != CostOp::LockSpin)
            return i.op;
    return std::nullopt;
}

const std::array<CostCountInfo, kCostCountCount>& costCountCatalog() {
    static const std::array<CostCountInfo, kCostCountCount> kCatalog{{
        {CostCount::PsiWalkResidentLevels, "psi_walk_resident_levels", 6, 1000,
         "levels of a direct PSI walk whose cgroups stay cache-resident"},
    }};
    return kCatalog;
}

std::optional<CostCount> costCountFromName(std::string_view name) {
    for (const CostCountInfo& i : costCountCatalog())
        if (i.name == name)
            return i.param;
    return std::nullopt;
}

CostModel::CostModel() {
    for (const CostInfo& i : costCatalog())
        m_cost[static_cast<size_t>(i.op)] = i.defaultCost;
    for (const CostCountInfo& i : costCountCatalog())
        m_count[static_cast<size_t>(i.param)] = i.defaultValue;
}

} // namespace core
