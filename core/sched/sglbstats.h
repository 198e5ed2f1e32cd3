#pragma once

#include <cstdint>

namespace core {

/// group_type of the v5.5+ load balancer, in its order: a higher type is the busier group.
/// (misfit_task and asym_packing need asymmetric CPUs, which the model does not have.)
enum class SgType : uint8_t {
    HasSpare,
    FullyBusy,
    MisfitTask,
    SmtBalance,
    AsymPacking,
    Imbalanced,
    Overloaded
};
const char* sgTypeName(SgType t);

/// struct sg_lb_stats of the v5.5+ balancer, as update_sg_lb_stats and update_sg_wakeup_stats
/// fill it (docs/balancing.md, "The v6 balancer").
struct SgLbStats {
    uint64_t avgLoad = 0;  ///< group_load * 1024 / capacity, only for the busy types
    uint64_t load = 0;     ///< sum of cfs load_avg (blocked load included)
    uint64_t util = 0;     ///< sum of cfs util_avg, each capped at its CPU's capacity
    uint64_t runnable = 0; ///< sum of cfs runnable averages
    uint64_t capacity = 0;
    uint32_t sumNrRunning = 0;  ///< tasks of every class
    uint32_t sumHNrRunning = 0; ///< fair tasks
    uint32_t idleCpus = 0;
    uint32_t weight = 0; ///< CPUs in the group
    uint32_t cores = 0;  ///< distinct cores in the group (sched_group->cores)
    bool smtBalance = false;
    bool imbalanced = false; ///< sgc->imbalance
    SgType type = SgType::HasSpare;
};

/// group_is_overloaded: more tasks than CPUs and util or runnable over the imbalance margin.
bool groupIsOverloaded(uint32_t imbalancePct, const SgLbStats& s);
/// group_has_capacity: fewer tasks than CPUs, or util and runnable both under the margin.
bool groupHasCapacity(uint32_t imbalancePct, const SgLbStats& s);
/// group_classify in its order of tests.
SgType groupClassify(uint32_t imbalancePct, const SgLbStats& s);

} // namespace core
