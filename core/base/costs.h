#pragma once

#include "base/simtime.h"

#include <array>
#include <cstdint>
#include <optional>
#include <string_view>

namespace core {

/// Kernel operations that cost simulated time on the CPU that performs them.
/// docs/cost-model.md documents every entry, its default and where the default comes from.
enum class CostOp : uint8_t {
    CpuClock,              ///< one cpu_clock()/sched_clock() read
    ContextSwitch,         ///< schedule() switching prev -> next (switch_mm, switch_to, ...)
    Syscall,               ///< entry and exit of one system call
    PipeTransfer,          ///< copy one message into or out of a pipe
    SocketTransfer,        ///< copy one message into or out of an AF_UNIX socket
    Wakeup,                ///< try_to_wake_up on the waker's CPU (state change, select_task_rq)
    Ipi,                   ///< reschedule IPI taken by a remote CPU (idle exit included)
    Enqueue,               ///< enqueue_entity, per cgroup level
    Dequeue,               ///< dequeue_entity, per cgroup level
    Tick,                  ///< scheduler_tick() base cost
    Fork,                  ///< copy_process + wake_up_new_task
    Exit,                  ///< do_exit (mm teardown, reaping)
    Migration,             ///< set_task_cpu and the cross-runqueue locking around it
    CacheCold,             ///< extra run time a migrated task pays on its next run (not overhead)
    IdleScan,              ///< examining one CPU in select_idle_sibling / find_idlest_*
    PsiGroupUpdate,        ///< psi_group_change on one group: counters, state mask, record_times
    PsiWalkParent,         ///< one step up via psi_group->parent (cached pointer)
    PsiWalkDirect,         ///< one step up via the cgroup's parent link (direct iteration)
    PsiWalkCacheMiss,      ///< extra miss per level beyond the cache-resident depth (direct walk)
    CpuacctCharge,         ///< cpuacct_charge: per-CPU usage add, per level
    CpuacctStatAdd,        ///< percpu_counter add that stays per-CPU, per level
    PercpuCounterFold,     ///< folding a per-CPU delta into the global count (lock held)
    LockHandover,          ///< acquiring a contended spinlock's cache line
    LockHandoverPerWaiter, ///< extra hand-over cost per CPU spinning on the same lock
    TaskRqLock,            ///< task_rq_lock + unlock (pi_lock and the runqueue lock)
    RqClockUpdate,         ///< update_rq_clock bookkeeping (plus one CpuClock read)
    GroupChange,           ///< sched_change_group: detach/attach entity and PELT load
    BalanceStatsPerCpu,    ///< load balancer: gathering statistics of one CPU
    BalanceLock,           ///< load balancer: locking source and destination runqueues
    BalanceMoveTask,       ///< load balancer: detaching and attaching one task
    LockSpin,              ///< time spent spinning on a held lock (measured, no fixed cost)
    TimerDelivery,         ///< a sleep's timer expiry to its interrupt handler: a delay, not CPU time
};
inline constexpr size_t kCostOpCount = static_cast<size_t>(CostOp::TimerDelivery) + 1;

struct CostInfo {
    CostOp op;
    std::string_view name; ///< key in the scenario's kernel.costs
    SimTime defaultCost;
    std::string_view meaning;
};

const std::array<CostInfo, kCostOpCount>& costCatalog();
std::optional<CostOp> costOpFromName(std::string_view name);
inline std::string_view costName(CostOp op) {
    return costCatalog()[static_cast<size_t>(op)].name;
}

/// Cost-model parameters that are counts, not durations (same `kernel.costs` object).
enum class CostCount : uint8_t {
    PsiWalkResidentLevels, ///< levels of a direct PSI walk that stay cache-resident
};
inline constexpr size_t kCostCountCount = 1;

struct CostCountInfo {
    CostCount param;
    std::string_view name; ///< key in the scenario's kernel.costs
    uint32_t defaultValue;
    uint32_t maxValue;
    std::string_view meaning;
};

const std::array<CostCountInfo, kCostCountCount>& costCountCatalog();
std::optional<CostCount> costCountFromName(std::string_view name);

/// The cost of each operation for one run: defaults overridden by the scenario.
class CostModel {
public:
    CostModel();
    SimTime operator[](CostOp op) const { return m_cost[static_cast<size_t>(op)]; }
    void set(CostOp op, SimTime t) { m_cost[static_cast<size_t>(op)] = t; }
    uint32_t count(CostCount c) const { return m_count[static_cast<size_t>(c)]; }
    void set(CostCount c, uint32_t v) { m_count[static_cast<size_t>(c)] = v; }

private:
    std::array<SimTime, kCostOpCount> m_cost;
    std::array<uint32_t, kCostCountCount> m_count;
};

} // namespace core
