#pragma once

// A recording's workload, task by task (docs/record-replay.md): what each recorded thread did,
// in its own order — CPU bursts, sleeps and who ended them, wakeups it gave, forks, cgroup moves —
// as the trace importer tells it (import/traceobserver.h). import/workloadscenario.h writes it as
// a scenario.

#include "import/traceobserver.h"

#include <cstdint>
#include <map>
#include <optional>
#include <string>
#include <vector>

namespace core {

/// The kernel priority of those attributes (0..98 RT, 100..139 fair), as sched_switch reports it.
int kernelPrio(const TaskAttributes& a);
/// `a` changed to what kernel priority `prio` says: an RT priority (fifo unless it was rr), or a
/// fair policy's nice.
void attributesOfPrio(int prio, TaskAttributes& a);
/// Whether two sets of attributes schedule alike: policy, the priority that policy uses (rt or
/// nice) and affinity (the timer slack is left out: a replay's sleeps hold it already).
bool sameScheduling(const TaskAttributes& a, const TaskAttributes& b);

/// One thing a recorded task did, in program order.
struct RecordedStep {
    enum class Kind : uint8_t {
        Run,        ///< `ns` of CPU time (one burst: from switching in until it blocked, across preemptions)
        Wait,       ///< blocked for `ns` (prev_state `state`) until `partner` woke it (-1: the idle task or
                    ///< an interrupt), with `irq` when the tracer said the wakeup ran in interrupt context
        Signal,     ///< woke `partner` at `at`
        Fork,       ///< forked `partner`
        Move,       ///< attached to cgroup `partner` (the importer's cgroup id)
        Attributes, ///< its scheduling attributes became WorkloadRecorder::attributes(`partner`) (a
                    ///< `record` folder's change, or a new priority the trace shows)
        Held,       ///< preempted here by `partner`, which it had just woken, and ran again only once
                    ///< `partner` had blocked (its Release step)
        Release,    ///< blocked (or ended) here while `partner` waited, preempted, at its Held step
        Read,       ///< entered a read (read, readv, recvfrom, recvmsg) of file descriptor `partner` at
                    ///< `at`; it returned `ns` bytes (-1: not recorded; < -1: -errno - 1). `at`
                    ///< becomes the last wakeup inside the call where it blocked
        Write       ///< entered a write (write, writev, sendto, sendmsg) to file descriptor `partner`
                    ///< at `at`; it returned `ns` bytes (as for Read)
    };
    Kind kind = Kind::Run;
    char state = 0;
    bool irq = false;
    /// A Wait or Signal of a wakeup a write gave a task blocked in a read (both inside their
    /// calls: the last Write and Read steps before them); a Signal's `ns` is then the reader's
    /// file descriptor.
    bool data = false;
    int32_t partner = -1;
    int64_t ns = 0;
    int64_t at = 0; ///< when (trace time): the start of a run or wait, the moment of the others
};

/// What one recorded task (one incarnation of a pid) did.
struct RecordedTask {
    int64_t seen = -1;  ///< first seen
    int64_t start = -1; ///< first known alive: first ran, woke or was forked
    int32_t parent = -1;
    int prio = -1; ///< the first kernel priority seen (-1: none)
    /// Its attributes when it began (a `record` folder's, or its parent's at the fork); absent:
    /// only its priority is known.
    std::optional<TaskAttributes> initial;
    /// Priority changes only the trace's priorities show (no `record` folder said so): how many
    /// and the first one's time.
    uint32_t inferredChanges = 0;
    int64_t firstInferred = -1;
    uint32_t cgroup = 0;    ///< the importer's cgroup id at the start
    uint32_t cgroupNow = 0; ///< ... and now (what a child forked now inherits)
    bool ended = false;     ///< switched out dead (Z or X)
    int64_t end = -1;
    std::vector<RecordedStep> steps;

    // While reading.
    enum class State : uint8_t { Unknown, Alive, Sleeping } state = State::Unknown;
    int64_t burst = 0;  ///< CPU time of the current burst not yet in `steps`
    int64_t cutAt = -1; ///< CPU time before this instant is in `burst` or `steps`
    int64_t sleepSince = 0;
    char sleepState = 0;
    std::optional<TaskAttributes> now; ///< its attributes as last known
    int prioNow = -1;                  ///< its kernel priority as last known
    int32_t lastWoke = -1;             ///< the task it last woke in its current stretch on a CPU
    int64_t preemptedAt = -1;          ///< when it was last switched out in R
    int32_t heldBy = -1;               ///< the wakee that preempted it, while it waits for the CPU
    bool released = false;             ///< ... and that wakee has blocked since
    std::vector<int32_t> holding;      ///< wakers it preempted that have not run since
    int32_t group = -1;                ///< its thread group (process), as its data calls say; -1: not known
    DataCall call = DataCall::None;    ///< the data call it is in (callEntered)
    int32_t callFd = -1;
    size_t callStep = 0; ///< its Read or Write step
};

/// A write's file descriptor in one task and a read's in another, linked by a wakeup the write
/// gave the blocked read: the two ends of one pipe or socket (docs/record-replay.md).
struct DataLink {
    int32_t writer = -1, writerFd = -1, reader = -1, readerFd = -1;
    auto operator<=>(const DataLink&) const = default;
};

class WorkloadRecorder final : public TraceObserver {
public:
    void taskSeen(int32_t task, int64_t t) override;
    void ran(int32_t task, int64_t from, int64_t to) override;
    void switchedOut(int32_t task, int64_t t, char state) override;
    void switchedTo(int32_t prev, int32_t next, int64_t t) override;
    void woken(int32_t task, int64_t t, int32_t waker, int64_t wakerSince, bool irq) override;
    void forked(int32_t parent, int64_t parentSince, int32_t child, int64_t t) override;
    void priority(int32_t task, int prio, int64_t t) override;
    void attached(int32_t task, uint32_t cgroup, int64_t t) override;
    void attributes(int32_t task, int64_t t, int64_t runningSince, const TaskAttributes& a) override;
    void lost(int32_t cpu, int64_t t) override;
    void callEntered(int32_t task, int64_t t, int64_t runningSince, DataCall call, int32_t fd,
                     int32_t group) override;
    void callReturned(int32_t task, int64_t t, int64_t runningSince, DataCall call, int32_t ret) override;

    /// Closes every task at the trace's end `t`: a burst still open becomes a run; a task still
    /// asleep sleeps until `t` (what came after is not recorded).
    void finish(int64_t t);

    const std::vector<RecordedTask>& tasks() const { return m_tasks; }
    /// The attributes an Attributes step names.
    const TaskAttributes& attributes(int32_t index) const { return m_attributes[static_cast<size_t>(index)]; }
    /// Lost-event markers: (time, CPU or -1).
    const std::vector<std::pair<int64_t, int32_t>>& losses() const { return m_losses; }
    /// Every link a wakeup showed, and how many wakeups showed it.
    const std::map<DataLink, uint64_t>& links() const { return m_links; }

private:
    RecordedTask& at(int32_t task);
    /// Ends the current burst at `t` for a task running since `since` (-1: not running).
    void cut(RecordedTask& r, int64_t since, int64_t t);
    void flush(RecordedTask& r, int64_t t);
    void alive(RecordedTask& r, int64_t t);
    /// A change of attributes at `t`: the burst so far ends there (split at `t` when running since
    /// `since`), then the step.
    void change(RecordedTask& r, int64_t since, int64_t t, const TaskAttributes& a, bool inferred);

    std::vector<RecordedTask> m_tasks;
    std::vector<TaskAttributes> m_attributes;
    std::vector<std::pair<int64_t, int32_t>> m_losses;
    std::map<DataLink, uint64_t> m_links;
};

} // namespace core
