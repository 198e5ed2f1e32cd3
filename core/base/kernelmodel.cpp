#include "base/kernelmodel.h"

namespace core {

const std::array<KernelModelInfo, kKernelModelCount>& kernelModelCatalog() {
    static const std::array<KernelModelInfo, kKernelModelCount> kCatalog{{
        {KernelModel::V4_11, "v4.11",
         "CFS (vruntime, sched_latency slices, tick preemption) and the v4.11 load balancer", false, false,
         false, false, false, false, false, false, false, true, true, false, false, false, false, false},
        {KernelModel::V6_6, "v6.6",
         "EEVDF fair class as merged in v6.6, the v5.5+ load balancer with 6.6's SMT balance, RT throttling",
         true, false, false, false, false, false, true, true, false, true, false, false, true, false, true,
         false},
        {KernelModel::V6_12, "v6.12",
         "EEVDF with DELAY_DEQUEUE, PREEMPT_SHORT and per-task slices, the v6.6 load balancer, the fair "
         "deadline server",
         true, true, true, true, true, true, true, true, true, false, false, true, true, true, true, true},
    }};
    return kCatalog;
}

const KernelModelInfo& kernelModelInfo(KernelModel m) {
    return kernelModelCatalog()[static_cast<size_t>(m)];
}

std::optional<KernelModel> kernelModelFromName(std::string_view name) {
    for (const KernelModelInfo& i : kernelModelCatalog())
        if (i.name == name)
            return i.id;
    return std::nullopt;
}

namespace {

/// "6.18.44-fc" or "v6.12" as (6, 18) and (6, 12); nullopt when it does not start MAJOR.MINOR.
std::optional<std::pair<int, int>> majorMinor(std::string_view s) {
    if (!s.empty() && s.front() == 'v')
        s.remove_prefix(1);
    auto number = [&s]() -> std::optional<int> {
        int v = 0;
        size_t n = 0;
        while (n < s.size() && n < 6 && s[n] >= '0' && s[n] <= '9')
            v = v * 10 + (s[n++] - '0');
        if (n == 0)
            return std::nullopt;
        s.remove_prefix(n);
        return v;
    };
    const auto major = number();
    if (!major || s.empty() || s.front() != '.')
        return std::nullopt;
    s.remove_prefix(1);
    const auto minor = number();
    if (!minor)
        return std::nullopt;
    return std::make_pair(*major, *minor);
}

} // namespace

ModelForRelease kernelModelForRelease(std::string_view release) {
    const std::string quoted = "\"" + std::string(release) + "\"";
    const auto version = majorMinor(release);
    if (!version)
        return {kDefaultKernelModel, "the default: the recorded kernel release " + quoted + " is not MAJOR.MINOR"};
    const KernelModelInfo* best = nullptr;
    const KernelModelInfo* oldest = nullptr;
    for (const KernelModelInfo& i : kernelModelCatalog()) {
        const auto v = majorMinor(i.name);
        if (!v)
            continue;
        if (!oldest || *v < *majorMinor(oldest->name))
            oldest = &i;
        if (*v <= *version && (!best || *v > *majorMinor(best->name)))
            best = &i;
    }
    if (!best)
        return {oldest->id, "the oldest model: the recorded kernel " + quoted + " is older than every model"};
    return {best->id, "the newest model not newer than the recorded kernel " + quoted};
}

OptimizationApplicability optimizationApplicability(Optimization o, KernelModel m) {
    // v4.11 is the model the five changes were measured on: each is a switch there. A v6
    // model is a released kernel: a change that is part of it, or that its code no longer
    // has, is fixed; one that was proposed but never merged, or merged and later reverted,
    // stays a switch (docs/eevdf.md).
    if (m == KernelModel::V4_11)
        return {};
    switch (o) {
    case Optimization::PsiClockOnce:
        if (m == KernelModel::V6_12)
            return {false, false,
                    "v6.12 reads the clock inside every group's update again (the fix for bogus "
                    "pressure spikes): always off in this model"};
        return {false, true, "merged in v5.13: always on in this model"};
    case Optimization::PsiDirectIteration:
        return {}; // posted in 2023, never merged: a what-if on the group->parent walk
    case Optimization::AutogroupMoveSkip:
        return {}; // merged in v6.4, reverted in v6.14: the revert is the experiment
    case Optimization::CpuacctBatchScaling:
        return {false, true,
                "cpuacct statistics are per-CPU without a shared counter since v3.x: no global "
                "lock to batch, always on in this model"};
    case Optimization::PreferSiblingLocal:
        return {false, true, "part of the load balancer since v4.14: always on in this model"};
    }
    return {};
}

} // namespace core
