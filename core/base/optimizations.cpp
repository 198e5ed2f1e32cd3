#include "base/optimizations.h"

namespace core {

const std::array<OptimizationInfo, kOptimizationCount>& optimizationCatalog() {
    static const std::array<OptimizationInfo, kOptimizationCount> kCatalog{{
        {Optimization::PsiClockOnce, "psi_clock_once", "psi: reduce calls to sched_clock()",
         "Read the CPU clock once per task change or switch and stamp every PSI group level with it,\n"
         "instead of one clock read per cgroup level visited.",
         "000_93be3a949b5de959.txt", "2021"},
        {Optimization::PsiDirectIteration, "psi_direct_iteration",
         "sched/psi: simplify cgroup psi retrieving + iterate cgroups directly",
         "Walk PSI groups through the cgroups' own parent links instead of a cached parent pointer:\n"
         "fewer instructions per level, but more cache misses in deep hierarchies.",
         "003_e3fe6b8f340621ea.txt", "2023"},
        {Optimization::AutogroupMoveSkip, "autogroup_move_skip",
         "sched/core: reduce cost of sched_move_task with autogroup",
         "sched_move_task returns early when the task's effective group does not change, skipping\n"
         "the dequeue/enqueue on every exit of a task in a non-root cgroup.",
         "001_e51d975cbef298bc.txt", "2023"},
        {Optimization::CpuacctBatchScaling, "cpuacct_batch_scaling",
         "cpuacct: bigger percpu counter batch for stats counters",
         "Scale the cpuacct stats counter batch by one jiffy of cputime, so adds stay per-CPU instead\n"
         "of taking the counter's global spinlock on every context switch.",
         "002_25bd9f06bbac41fb.txt", "2010"},
        {Optimization::PreferSiblingLocal, "prefer_sibling_local",
         "sched/fair: prefer sibling only if local group is under-utilized",
         "The load balancer force-pulls from a busier sibling group only when it runs more than one\n"
         "task more than the local group, ending task ping-pong between cores.",
         "004_66cc97d9acca1639.txt", "2017"},
    }};
    return kCatalog;
}

bool optimizationSimulated(Optimization o) {
    switch (o) {
    case Optimization::PsiClockOnce:
    case Optimization::PsiDirectIteration:
    case Optimization::AutogroupMoveSkip:
    case Optimization::CpuacctBatchScaling:
    case Optimization::PreferSiblingLocal:
        return true;
    }
    return false;
}

const OptimizationInfo& optimizationInfo(Optimization o) {
    return optimizationCatalog()[static_cast<size_t>(o)];
}

std::optional<Optimization> optimizationFromKey(std::string_view key) {
    for (const OptimizationInfo& i : optimizationCatalog())
        if (i.key == key)
            return i.id;
    return std::nullopt;
}

} // namespace core
