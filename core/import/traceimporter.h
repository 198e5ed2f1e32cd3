#pragma once

#include "base/trace.h"
#include "import/traceevent.h"
#include "import/traceobserver.h"
#include "report/summary.h"

#include <algorithm>
#include <cstdint>
#include <map>
#include <string>
#include <unordered_map>
#include <vector>

namespace core {

/// How waits are counted (docs/traces.md).
enum class LatencyStart : uint8_t {
    Waking, ///< from sched_waking when recorded, else sched_wakeup: the whole wakeup path counts
    /// As `perf sched latency` of perf 6.1 counts them: from sched_wakeup (it ignores
    /// sched_waking), and a task switched out in "R+" (preempted: prev_state TASK_REPORT_MAX,
    /// which perf 6.1 maps to no state letter) is not waiting for it.
    PerfSchedLatency
};

/// Replays a real trace's scheduler events, in time order, into the records the views draw
/// (slices, switches, migrations, new tasks, markers through a TraceSink) and a RunSummary.
/// What the trace cannot tell is said, not guessed: lost events, CPUs seen late, switches that
/// contradict the task the tracer saw running, reused pids, unknown events (docs/traces.md).
class TraceImporter {
public:
    /// Task ids are pids; the bits above kPidBits count the reuses of a pid.
    static constexpr int kPidBits = 22;
    /// The largest CPU number a migration may name (NR_CPUS is at most 8192 today).
    static constexpr int32_t kMaxCpu = 65535;

    TraceImporter(const StringTable& strings, LatencyStart start, TraceSink* sink);
    /// Also tells `observer` (may be null) what each task does, as it happens.
    void setObserver(TraceObserver* observer) { m_observer = observer; }

    /// Events must come in time order (the file reader sorts them).
    void process(const TraceEvent& ev);
    /// Closes what is still open at the trace's last timestamp and returns the summary.
    /// `source` is completed with the importer's counts and warnings.
    RunSummary finish(const std::string& name, TraceSource source);

    uint64_t events() const { return m_events; }
    /// The first timestamp seen (0 before any event).
    SimTime origin() const { return SimTime::ns(std::max<int64_t>(m_start0, 0)); }
    /// Cgroup paths by the ids used in the records ("/" is 0).
    const std::vector<std::string>& cgroupPaths() const { return m_cgroupPaths; }

private:
    struct Task {
        int32_t pid = -1;
        uint32_t comm = 0;
        TaskId id;
        CgroupId cgroup{0};
        TaskState state = TaskState::New; ///< New = not known yet
        int32_t cpu = -1;
        bool wakePending = false; ///< between sched_waking and sched_wakeup (or the switch in)
        bool exited = false;      ///< sched_process_exit seen
        bool gone = false;        ///< exited and switched out for the last time
        bool rt = false;
        uint8_t rtPriority = 0;
        int64_t runnableSince = 0, exitTime = 0, seen = 0;
        int64_t runtime = 0, wait = 0;
        uint64_t switches = 0, migrations = 0;
        // perf sched latency's per-task "atom": what the last switch out or wakeup said.
        enum class Atom : uint8_t { None, Sleeping, WaitCpu, SchedIn, Ignore } atom = Atom::None;
        int64_t atomOut = 0, atomWake = 0;
        LatencyHistogram latency;
    };
    struct Cpu {
        bool seen = false;
        bool known = false; ///< the running task is known (false before any event or after a loss)
        int32_t curr = -1;  ///< task index, -1 = idle
        int64_t since = 0;  ///< start of the current stretch
        int64_t first = 0;
        int64_t busy = 0, idle = 0, unknown = 0;
        /// sched_switch events into the idle task (next_pid 0) and out of it (prev_pid 0): they
        /// alternate, so counts more than one apart mean the idle task's events went missing.
        uint64_t intoIdle = 0, outOfIdle = 0;
    };

    Cpu& cpu(int32_t n);
    int32_t task(int32_t pid, uint32_t comm, int64_t t); ///< -1 for pid 0 (idle)
    int32_t newIncarnation(int32_t pid, uint32_t comm, int64_t t);
    void announce(Task& t);
    /// The task running on the CPU that recorded `ev` and the start of its stretch; -1 when idle
    /// or unknown.
    int32_t runningOn(const TraceEvent& ev, int64_t& since) const;
    /// What a counted wakeup of `woken` by the task at index `waker` (-1: none) is as a record.
    WakeupRecord wakeupRecord(const TraceEvent& ev, const Task& woken, int32_t waker) const;
    void closeStretch(uint32_t n, Cpu& c, int64_t t);
    void enter(uint32_t n, Cpu& c, int32_t taskIndex, int64_t t);
    void note(std::string text) { m_warnings.push_back(std::move(text)); }

    void onSwitch(const TraceEvent& ev, Cpu& c);
    void onWake(const TraceEvent& ev);
    void onMigrate(const TraceEvent& ev);
    void onFork(const TraceEvent& ev);
    void onLost(const TraceEvent& ev);
    /// A `record` folder's attributes: told now if the task is known, else when it is first seen.
    void onAttributes(const TraceEvent& ev);
    void tellAttributes(int32_t task, const TraceEvent& ev);
    /// cgroup_attach_task: task `i` is in cgroup `path` from `t` on.
    void attach(int32_t i, const std::string& path, int64_t t);

    const StringTable& m_strings;
    LatencyStart m_start;
    TraceSink* m_sink;
    TraceObserver* m_observer = nullptr;

    std::vector<Task> m_tasks;
    std::unordered_map<int32_t, int32_t> m_byPid; ///< pid -> current incarnation
    /// Attributes of pids not seen yet (the state at the start, a change before the first event).
    std::unordered_map<int32_t, TraceEvent> m_pendingAttributes;
    std::vector<Cpu> m_cpus;
    std::map<std::string, CgroupId> m_cgroupIds;
    std::vector<std::string> m_cgroupPaths{"/"};
    Counters m_counters;
    uint64_t m_events = 0, m_wakings = 0, m_wakeupEvents = 0;
    int64_t m_start0 = -1, m_last = 0;
    bool m_sawMigrate = false;

    // What goes into the warnings, aggregated.
    std::vector<std::string> m_warnings;
    uint64_t m_lost = 0;
    uint64_t m_mismatches = 0;
    uint64_t m_badMigrations = 0; ///< sched_migrate_task with a CPU outside 0..kMaxCpu, skipped
    uint32_t m_firstMismatchLine = 0;
    uint64_t m_reusedPids = 0;
    std::map<std::string, uint64_t> m_unknown;
};

} // namespace core
