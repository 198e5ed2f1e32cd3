#pragma once

// Pinning a plain recording proves (docs/record-replay.md, "Affinity"): a trace does not carry
// sched_setaffinity, and a task that happened to run on one CPU was not necessarily pinned. What
// does show a mask is the scheduler acting against its own rules: a task woken onto a busy CPU
// while another CPU of its cache sat idle (select_idle_sibling would have taken the idle one),
// or one left waiting behind others for many ticks while such a CPU stayed idle (the idle CPU's
// balancing would have pulled it). A task that did either many times and never ran elsewhere is
// taken as pinned to the CPUs it ran on, with a note giving the evidence.

#include "base/trace.h"

#include <cstdint>
#include <functional>
#include <map>
#include <string>
#include <unordered_map>
#include <vector>

namespace core {

/// Collects the evidence from a recording's records (TraceImportOptions::records).
class PinEvidence final : public TraceSink {
public:
    void slice(const Slice&) override {}
    void migration(const MigrationRecord&) override {}
    void marker(const Marker&) override {}
    void contextSwitch(const SwitchRecord& s) override;
    void wakeup(const WakeupRecord& w) override;
    void lost(SimTime t, int32_t cpu) override;

    /// What one task's records show (by its TaskId).
    struct Task {
        std::vector<uint32_t> ranOn; ///< the CPUs it ran on (as recorded), ascending
        uint64_t wakeups = 0;        ///< waits that began with a wakeup
        /// Per other CPU: the wakeups after which that CPU was idle from before the wakeup until
        /// the task ran elsewhere, and the time the task waited (any wait) while it was idle.
        std::map<uint32_t, uint64_t> idleAtWakeup;
        std::map<uint32_t, int64_t> idleWhileWaiting;
        int64_t first = -1; ///< the first such wait's start
    };
    const std::unordered_map<uint32_t, Task>& tasks() const { return m_tasks; }

private:
    struct Cpu {
        bool idle = false; ///< switched to the idle task, and nothing since (unknown is not idle)
        int64_t since = 0;
    };
    Cpu& cpu(uint32_t n);
    std::vector<Cpu> m_cpus;
    std::unordered_map<uint32_t, Task> m_tasks;
    std::unordered_map<uint32_t, int64_t> m_lastWakeup;
};

/// A task the evidence proves pinned: the CPUs it ran on, and why.
struct InferredPin {
    std::vector<uint32_t> cpus; ///< the recorded (kernel) CPU numbers it ran on
    uint32_t idleCpu = 0;       ///< the idle CPU that names the evidence
    uint64_t wakeups = 0, idleAtWakeup = 0;
    int64_t waitedNs = 0; ///< its waits while idleCpu was idle
    int64_t first = -1;
};

/// The rule's thresholds: at least this many wakeups onto a busy CPU while one of its cache was
/// idle, or this many ticks of waiting while one was.
inline constexpr uint64_t kPinWakeups = 20;
inline constexpr int64_t kPinWaitTicks = 20;

/// The tasks the evidence proves pinned, by TaskId. `sameCache(a, b)`: whether recorded CPUs a
/// and b share a last-level cache (the evidence counts only such an idle CPU); `tickNs` the
/// recording kernel's tick.
std::map<uint32_t, InferredPin> inferPins(const PinEvidence& evidence,
                                          const std::function<bool(uint32_t, uint32_t)>& sameCache,
                                          int64_t tickNs);

} // namespace core
