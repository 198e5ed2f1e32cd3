#include "base/kernelmodel.h"

namespace core {

const std::array<KernelModelInfo, kKernelModelCount>& kernelModelCatalog() {
    static const std::array<KernelModelInfo, kKernelModelCount> kCatalog{{
        {.id = KernelModel::V4_11,
         .name = "v4.11",
         .description = "CFS (vruntime, sched_latency slices, tick preemption) and the v4.11 load balancer",
         .release = "4.11.0",
         .rtThrottling = true,
         .rtRuntimeShare = true},
        {.id = KernelModel::V6_6,
         .name = "v6.6",
         .description = "EEVDF fair class as merged in v6.6, the v5.5+ load balancer with 6.6's SMT balance, "
                        "RT throttling",
         .release = "6.6.0",
         .eevdf = true,
         .bandwidthBurst = true,
         .throttleFifo = true,
         .rtThrottling = true,
         .rtOverloadPushable = false,
         .rtDistribute = true,
         .v6Balancer = true},
        {.id = KernelModel::V6_12,
         .name = "v6.12",
         .description =
             "EEVDF with DELAY_DEQUEUE, PREEMPT_SHORT and per-task slices, the v6.6 load balancer, the "
             "fair deadline server",
         .release = "6.12.0",
         .eevdf = true,
         .delayDequeue = true,
         .preemptShort = true,
         .customSlice = true,
         .reweightKeepsLag = true,
         .relativeDeadline = true,
         .bandwidthBurst = true,
         .throttleFifo = true,
         .throttledTimeQueued = true,
         .rtOverloadPushable = true,
         .rtDistribute = true,
         .fairServer = true,
         .v6Balancer = true,
         .pickTaskFair = true},
        {.id = KernelModel::V6_18,
         .name = "v6.18",
         .description = "EEVDF as in v6.18: slice protection up to the shortest queued slice, PICK_BUDDY, a "
                        "0.70 ms base slice, a fair server that stops lazily",
         .release = "6.18.2",
         .eevdf = true,
         .delayDequeue = true,
         .preemptShort = true,
         .customSlice = true,
         .reweightKeepsLag = true,
         .relativeDeadline = true,
         .bandwidthBurst = true,
         .throttleFifo = true,
         .throttledTimeQueued = true,
         .rtOverloadPushable = true,
         .rtDistribute = true,
         .fairServer = true,
         .v6Balancer = true,
         .pickTaskFair = true,
         .sliceProtection = true,
         .pickBuddy = true,
         .yieldForfeits = true,
         .emptyGroupKeepsWeight = true,
         .reweightPlaces = true,
         .fairServerLazyStop = true,
         .utilEstOverCapacity = true,
         .baseSliceNs = 700'000},
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
        return {kDefaultKernelModel,
                "the default: the recorded kernel release " + quoted + " is not MAJOR.MINOR"};
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
        if (m == KernelModel::V6_18)
            return {false, true,
                    "v6.17 reads the clock once per task change again, for every group, under one per-CPU "
                    "sequence count: always on in this model"};
        return {false, true, "merged in v5.13: always on in this model"};
    case Optimization::PsiDirectIteration:
        return {}; // posted in 2023, never merged: a what-if on the group->parent walk
    case Optimization::AutogroupMoveSkip:
        if (m == KernelModel::V6_18)
            return {false, false, "merged in v6.4, reverted in v6.14: always off in this model"};
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
