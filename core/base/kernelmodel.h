#pragma once

#include "base/optimizations.h"

#include <array>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

namespace core {

/// Which kernel the scheduler model follows. The model selects the fair class, its rules and
/// tunables as a set; docs/eevdf.md says what each one models and what it does not.
enum class KernelModel : uint8_t {
    V4_11, ///< v4.x CFS with the v4.11 load balancer (the original model)
    V6_6,  ///< EEVDF as merged in v6.6
    V6_12, ///< EEVDF with the v6.12 additions (the default: a scenario that names no model)
    V6_18, ///< EEVDF as in v6.18 (the slice protection of v6.17, PICK_BUDDY, task-based throttling)
};
inline constexpr size_t kKernelModelCount = 4;
inline constexpr KernelModel kDefaultKernelModel = KernelModel::V6_12;

struct KernelModelInfo {
    KernelModel id;
    std::string_view name;        ///< stable scenario and command-line name
    std::string_view description; ///< one line: what the model simulates
    std::string_view release;     ///< the kernel release it follows ("6.12.0"): what a trace of it says
    bool eevdf = false;           ///< the fair class picks by eligible virtual deadline
    bool delayDequeue = false;    ///< DELAY_DEQUEUE: a sleeper with negative lag stays queued
    bool preemptShort = false;    ///< PREEMPT_SHORT: a shorter slice overrides run-to-parity
    bool customSlice = false;     ///< per-task slices (sched_attr.sched_runtime)
    bool reweightKeepsLag =
        false; ///< reweight_eevdf: a weight change keeps lag (else only the deadline scales)
    bool relativeDeadline = false; ///< PLACE_REL_DEADLINE: a migrating entity keeps its deadline's distance
    // CFS bandwidth control (cpu.max; docs/bandwidth.md).
    bool bandwidthBurst = false; ///< cpu.max.burst and a pool that accumulates up to quota + burst (v5.14)
    bool throttleFifo = false; ///< throttled queues are paid in throttle order, after a last 1 ns try (v5.x)
    bool throttledTimeQueued = false; ///< throttled time counts only while the queue has tasks (v6.8)
    // The RT class (docs/rt.md).
    bool rtThrottling = false;       ///< sched_rt_runtime_us 950 ms of every 1 s per CPU (gone in v6.12)
    bool rtRuntimeShare = false;     ///< RT_RUNTIME_SHARE: an RT queue out of runtime borrows from the others
                                     ///< (off since v5.10)
    bool rtOverloadPushable = false; ///< RT overload is "has pushable tasks" (v6.7), not "migratory and more
                                     ///< than one"
    bool rtDistribute = false; ///< find_lowest_rq picks a rotating CPU of the mask (v5.11), not the first
    bool fairServer = false;   ///< the deferred fair deadline server, 50 ms per 1 s per CPU (v6.12)
    // The load balancer and fork placement (docs/balancing.md).
    bool v6Balancer = false; ///< the v5.5+ rework as in v6.6: group types, migration types, SMT balance
    // The fair class's pick (docs/architecture.md, "The fair class's pick follows pick_next_task_fair").
    bool pickTaskFair =
        false; ///< pick_task_fair (v6.12): every level's runtime is checked, a throttle picks again
    // What changed from v6.12 to v6.18 (docs/eevdf.md, "v6.18"; each rule cited there).
    bool sliceProtection = false; ///< vprot (v6.17): run-to-parity protects up to the shortest queued slice;
                                  ///< update_curr reschedules a current entity no longer protected
    bool pickBuddy = false;       ///< PICK_BUDDY (v6.14): an eligible next buddy is picked first
    bool yieldForfeits = false;   ///< yield forfeits the rest of the slice in vruntime (6.18.2, 6.19)
    bool emptyGroupKeepsWeight = false; ///< update_cfs_group leaves an empty group's weight alone (v6.14)
    bool reweightPlaces = false;        ///< reweight_entity goes through place_entity (v6.16)
    bool fairServerLazyStop = false;  ///< the fair server stops only when picked with nothing to run (v6.17)
    bool utilEstOverCapacity = false; ///< util_est keeps samples above the CPU's capacity (v6.16)
    /// sysctl_sched_base_slice before the CPU-count scaling (EEVDF): 0.75 ms, 0.70 ms since v6.15.
    int64_t baseSliceNs = 750'000;
};

const std::array<KernelModelInfo, kKernelModelCount>& kernelModelCatalog();
const KernelModelInfo& kernelModelInfo(KernelModel m);
std::optional<KernelModel> kernelModelFromName(std::string_view name);

/// The model for a kernel that reported `release` (`uname -r`, "6.18.44-fc-v1272"): the newest
/// model whose version (its name, "v6.12") is not newer than the release, so that a model added to
/// the catalog is chosen for the kernels it covers; the oldest one for a release older than every
/// model, the default for one that does not read as MAJOR.MINOR. `why` says which, in words.
struct ModelForRelease {
    KernelModel model;
    std::string why;
};
ModelForRelease kernelModelForRelease(std::string_view release);

/// Whether a seed optimization exists in a model's kernel. When it does not, its setting is
/// fixed (`fixedOn` says which way) and `reason` says why.
struct OptimizationApplicability {
    bool togglable = true;
    bool fixedOn = true;
    std::string_view reason;
};
OptimizationApplicability optimizationApplicability(Optimization o, KernelModel m);

/// Custom slices accepted by sched_setattr for SCHED_OTHER (v6.12): 0.1 ms to 100 ms.
inline constexpr int64_t kMinCustomSliceNs = 100'000;
inline constexpr int64_t kMaxCustomSliceNs = 100'000'000;
/// A task's timer slack: the kernel's default for a new task (init's), and the most a scenario
/// may ask for.
inline constexpr int64_t kDefaultTimerSlackNs = 50'000;
inline constexpr int64_t kMaxTimerSlackNs = 1'000'000'000;

} // namespace core
