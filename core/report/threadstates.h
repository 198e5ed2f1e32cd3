#pragma once

#include "base/hugepages.h"
#include "base/ids.h"
#include "base/simtime.h"
#include "base/trace.h"
#include "report/summary.h"

#include <algorithm>
#include <cstdint>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <unordered_map>
#include <vector>

namespace core {

/// What a task is doing over a stretch of time, as a thread-state track shows it (Perfetto's
/// thread_state, with a simulator's throttled and a recording's unknown).
enum class ThreadState : uint8_t {
    Running,         ///< on a CPU (its own time or kernel work charged to it)
    Runnable,        ///< woken (or new), waiting for a CPU
    Preempted,       ///< switched out still runnable (prev_state R), waiting for a CPU again
    Sleeping,        ///< blocked, interruptible (S)
    Uninterruptible, ///< blocked, uninterruptible (D: I/O, a memory stall)
    Throttled,       ///< runnable, but its cgroup's queue on its CPU is throttled (cpu.max)
    Unknown          ///< a recording's gap: before the task's first event, after lost events
};
inline constexpr size_t kThreadStateCount = 7;

/// The `--states` CSV's name: running, runnable, preempted, sleeping, uninterruptible,
/// throttled, unknown.
std::string_view threadStateName(ThreadState s);

/// One stretch of one task's track. `cpu` is the CPU it runs on (Running) or is queued on
/// (Runnable, Preempted, Throttled), -1 where it has none.
struct StateInterval {
    SimTime start;
    SimTime end;
    ThreadState state = ThreadState::Unknown;
    int32_t cpu = -1;
};

/// A task's whole track: intervals in time order, never overlapping, adjacent ones differing.
struct TaskTrack {
    TaskId id;
    std::string name;
    CgroupId cgroup;
    std::vector<StateInterval> intervals;
};

/// A counter's value from `time` until the next step (a counter track).
struct CounterStep {
    SimTime time;
    uint32_t value = 0;
};

/// Whose value a counter track follows.
enum class CounterOwner : uint8_t { Cpu, Task, Cgroup };

/// One counter over time (a counter track): the scheduler's own state as the model holds it,
/// a point where the value changed. `name` is the kernel's name for it (util_avg, vruntime,
/// runtime_left, psi_cpu_some, ...), `unit` how to read the value ("" for a plain number).
struct CounterTrack {
    CounterOwner owner = CounterOwner::Cpu;
    uint32_t id = 0; ///< the CPU (model index), task id or cgroup id
    std::string name;
    std::string unit;
    struct Point {
        SimTime time;
        double value = 0;
    };
    std::vector<Point> points;
};

/// A task switched out while it could still run: on `cpu`, for `by` (invalid: the CPU went
/// idle or to the stopper), by `rule` (the model's; Unknown in a recording).
struct PreemptionRecord {
    SimTime time;
    TaskId task;
    TaskId by;
    uint32_t cpu = 0;
    PreemptRule rule = PreemptRule::Unknown;
};

/// Every task's track and the wakeups behind them (what `why` walks), for one run or recording.
struct ThreadStates {
    std::vector<TaskTrack> tasks;              ///< by task id
    std::vector<WakeupRecord> wakeups;         ///< in time order
    std::vector<PreemptionRecord> preemptions; ///< in time order
    std::vector<MigrationRecord> migrations;   ///< in time order, with the pass that moved each
    SimTime end;                               ///< the end of the run or recording
    /// Each CPU's nr_running (report/runqueuecounts), where the producer added it (the GUI's).
    std::vector<std::vector<CounterStep>> nrRunning;
    /// The model's counters (output/schedcounters), where the producer added them: a
    /// simulation's, or a .pftrace of one read back; a real kernel's recording has none.
    std::vector<CounterTrack> counters;
    /// Where the counters were last sampled (their values are known up to there).
    SimTime countersEnd;
    /// Built from a recording: its migrations' reasons are inferred from the task's state
    /// (see TraceImporter), its preemptions carry no rule.
    bool recording = false;
    /// The pids of tasks that have one of their own (a simulated recording's tasks keep their
    /// recorded pid), by task id, where the producer added them; the rest are known by their id.
    std::unordered_map<uint32_t, int64_t> pids;
    const TaskTrack* find(TaskId id) const;
};

/// Collects the records a run or a recording emits and turns them into thread-state tracks.
/// Running intervals are the task's slices (its own and the kernel work charged to it), so per
/// task they add up to its runtime; the stretches between them take their state from the
/// switches, wakeups, migrations and throttled stretches around them.
class ThreadStateRecorder : public TraceSink {
public:
    struct Options {
        /// A recording: before a task's first event (from `origin`) and after lost events its
        /// state is unknown. A simulation's tasks start at their first wakeup.
        bool recording = false;
        SimTime origin; ///< the time records count from (a recording's first timestamp)
        /// Each cgroup's parent (-1 for the root), by cgroup id: a throttled group throttles
        /// the tasks of every group below it. Empty: only a task's own group.
        std::vector<int32_t> cgroupParents;
    };
    ThreadStateRecorder() = default;
    explicit ThreadStateRecorder(Options options)
        : m_options(std::move(options)) {}
    /// A recorder for a recording: states unknown before each task's first event.
    static ThreadStateRecorder forRecording() {
        Options o;
        o.recording = true;
        return ThreadStateRecorder(std::move(o));
    }
    /// Known only after the run or the import: the time records count from, the cgroup tree.
    void setOrigin(SimTime origin) { m_options.origin = origin; }
    void setCgroupParents(std::vector<int32_t> parents) { m_options.cgroupParents = std::move(parents); }
    /// Keeps at most `slices` slices (a live view's memory bound): from the first one beyond,
    /// every record is ignored and fullAt() says from when.
    void setSliceLimit(size_t slices) { m_limit = slices; }
    /// The time from which records were ignored (the limit was reached), if they were.
    std::optional<SimTime> fullAt() const { return m_fullAt; }
    size_t sliceCount() const { return m_sliceCount; }
    /// Every record taken so far (a live view rebuilds only when it grew).
    uint64_t recordCount() const { return m_records; }

    void slice(const Slice& s) override;
    void migration(const MigrationRecord& m) override;
    void marker(const Marker&) override {}
    void contextSwitch(const SwitchRecord& s) override;
    void throttle(const ThrottleRecord& t) override;
    void wakeup(const WakeupRecord& w) override;
    void lost(SimTime t, int32_t cpu) override;
    void taskCreated(TaskId id, const std::string& name, CgroupId cgroup, SchedPolicy policy,
                     uint8_t rtPriority) override;

    /// The tracks up to `end`. `open` are slices still open at the end (kernel work charged
    /// beyond it, which the task's runtime already counts); times are made relative to origin.
    /// Leaves the records as they are: a live view calls it again as more arrive.
    ThreadStates finish(SimTime end, const std::vector<Slice>& open = {});
    /// The same as finish(end, open), the records moved into the tracks rather than copied:
    /// the recorder is empty after (a recording's import, a run that has ended).
    ThreadStates take(SimTime end, const std::vector<Slice>& open = {});

private:
    ThreadStates tracks(SimTime end, const std::vector<Slice>& open, bool consume);
    /// What happened to one task, kept in the order it was recorded: records of one instant
    /// (a switch out and a wakeup in the same microsecond of a perf script) keep their order.
    struct Event {
        enum Kind : uint8_t { In, Out, Wake, Migrate, Lost };
        SimTime time;
        Kind kind = In;
        TaskState out = TaskState::Runnable; ///< Out: the state it left in
        WakeSource source = WakeSource::Task;
        int32_t cpu = -1;
    };
    struct TaskInfo {
        std::string name;
        CgroupId cgroup;
        bool rt = false; ///< cpu.max throttles fair tasks only
    };
    /// An event and the task it happened to: every task's events in one log, in the order they
    /// came (one append per record, no lookup), sorted out by task when the tracks are built.
    struct LoggedEvent {
        Event event;
        uint32_t task = 0;
    };
    void log(uint32_t task, const Event& e) { m_log.push_back({e, task}); }
    TaskTrack build(TaskId id, std::span<const Event> events, std::span<Slice> runs, SimTime end) const;
    void applyThrottles(TaskTrack& track, std::span<const Slice> runs, bool rt) const;
    /// The throttled stretches of `group` and the groups above it on `cpu` within [from, to),
    /// merged, in time order.
    std::vector<std::pair<SimTime, SimTime>> throttledWithin(uint32_t cpu, CgroupId group, SimTime from,
                                                             SimTime to) const;

    /// False (and the record ignored) once the slice limit is reached.
    bool taking() {
        if (m_fullAt)
            return false;
        ++m_records;
        return true;
    }

    Options m_options;
    size_t m_limit = SIZE_MAX;
    uint64_t m_records = 0;
    std::optional<SimTime> m_fullAt;
    size_t m_sliceCount = 0;
    ChunkedLog<Slice> m_slices; ///< every task's, in the order they came
    ChunkedLog<LoggedEvent> m_log;
    std::vector<WakeupRecord> m_wakeups;
    std::vector<PreemptionRecord> m_preemptions;
    std::vector<MigrationRecord> m_migrations;
    /// By CPU and cgroup (cpu << 32 | cgroup): one group's stretches on one CPU never overlap.
    std::unordered_map<uint64_t, std::vector<ThrottleRecord>> m_throttles;
    std::vector<std::pair<SimTime, int32_t>> m_losses;
    std::unordered_map<uint32_t, TaskInfo> m_tasks;
};

/// Each task's pid as the summary reports it (its scenario or recorded pid; without one, its
/// id), by task id: what `--states` writes and `why --pid` looks for.
std::unordered_map<uint32_t, int64_t> pidsOf(const RunSummary& summary);

/// The `--states` CSV: `pid,name,state,cpu,start_ns,end_ns`, one row per interval, tasks in id
/// order. `pidOf` gives a task's pid (a task missing there is written with its id); names are
/// written as the summary writes them (bytes that are not UTF-8 escaped) and quoted as CSV;
/// CPUs by the kernel's numbers (`cpuNumbers`, by model CPU; empty: the same).
std::string toStatesCsv(const ThreadStates& states, const std::unordered_map<uint32_t, int64_t>& pidOf,
                        const std::vector<uint32_t>& cpuNumbers = {});

/// The counter tracks as CSV: `owner,id,label,counter,unit,time_ns,value`, one row per point
/// (where the value changed): each CPU's nr_running, then the model's counters. `owner` is cpu,
/// task or cgroup; `id` the kernel's CPU number, the task's pid (`pidOf`; else its id) or the
/// cgroup's id; `label` cpuN, the task's name or the cgroup's path (escaped and quoted as in
/// the `--states` CSV).
std::string toCountersCsv(const ThreadStates& states, const std::unordered_map<uint32_t, int64_t>& pidOf,
                          const std::vector<uint32_t>& cpuNumbers = {},
                          const std::vector<std::string>& cgroupPaths = {});

} // namespace core
