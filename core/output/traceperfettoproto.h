#pragma once

#include "base/perfettofields.h"
#include "base/protowire.h"
#include "base/trace.h"
#include "report/threadstates.h"

#include <cstdint>
#include <functional>
#include <optional>
#include <ostream>
#include <string>
#include <unordered_map>
#include <vector>

namespace core {

class Engine;
class StringTable;
struct TraceEvent;

/// Who a task is in a Perfetto trace: its pid (never 0, the idle task's), its parent's pid
/// (0: none) and its nice value (the priority written is 120 + nice for a fair task).
struct PerfettoTask {
    int32_t pid = 0;
    int32_t ppid = 0;
    int nice = 0;
};

/// What a simulator adds to the kernel's events, written at the end as counter tracks: each
/// CPU's nr_running and the model's own counters (PSI, PELT, vruntime, cpu.max; output/
/// schedcounters).
struct PerfettoCounters {
    std::vector<std::vector<CounterStep>> nrRunning; ///< by model CPU
    std::vector<CounterTrack> model;
    /// Names for the owners of `model`'s tracks: a cgroup's path, a task's "name[pid]".
    std::function<std::string(const CounterTrack&)> ownerName;
};

/// Streams a run or a recording as Perfetto's own protobuf trace (a `.pftrace`), as a kernel
/// traced by Perfetto would have written it: a SystemInfo packet naming the kernel (so that
/// prev_state is decoded as 4.14+ encodes it), then per-CPU ftrace event bundles with
/// sched_switch, sched_waking, sched_wakeup_new, sched_process_fork, sched_process_exit,
/// sched_migrate_task and cgroup_attach_task, a process tree naming every task, markers as
/// instants on a track of their own, and at the end counter tracks. docs/traces.md maps each
/// record to its event. Either encoding of sched_switch/sched_waking: one message per event,
/// or the packed `compact_sched` arrays of Perfetto's own recorder.
class PerfettoProtoWriter : public TraceSink {
public:
    struct Options {
        bool compact = false; ///< sched_switch and sched_waking in compact_sched
        /// SystemInfo's utsname.release ("6.12.0"), which also chooses the prev_state encoding.
        std::string kernelRelease;
        std::string version; ///< utsname.version: what wrote the trace, from what
        /// The kernel's number of each CPU, by record CPU (empty: the same numbers).
        std::vector<uint32_t> cpuNumbers;
        /// A task's pid, parent and nice; unset: pid = id + 1, no parent, nice 0.
        std::function<PerfettoTask(TaskId)> task;
        /// A cgroup's path ("/a/b"); unset or empty: no cgroup_attach_task.
        std::function<std::string(CgroupId)> cgroupPath;
        /// Events per CPU bundle before it is written out.
        size_t bundleEvents = 2048;
    };

    PerfettoProtoWriter(std::ostream& out, Options options);

    void slice(const Slice&) override {}
    void migration(const MigrationRecord& m) override;
    void marker(const Marker& m) override;
    void contextSwitch(const SwitchRecord& s) override;
    void wakeup(const WakeupRecord& w) override;
    void lost(SimTime t, int32_t cpu) override;
    void taskCreated(TaskId id, const std::string& name, CgroupId cgroup, SchedPolicy policy,
                     uint8_t rtPriority) override;

    /// A recording's event as its import takes it (a TraceEventTap's, in the import's order),
    /// written as the ftrace event it was, so that reading the file gives the same import
    /// (output/perfettoconvert, docs/traces.md). A writer is given records or recorded events,
    /// not both.
    void recorded(const TraceEvent& ev, const StringTable& strings);

    /// Writes what is buffered and the counter tracks; nothing may be recorded after.
    void finish(const PerfettoCounters& counters = {});
    /// Events written so far (ftrace events, not packets).
    uint64_t events() const { return m_events; }
    /// Records left out because their CPU number was kMaxCpus or more (a recording's).
    uint64_t dropped() const { return m_dropped; }
    static constexpr uint32_t kMaxCpus = 65536;

private:
    struct TaskInfo {
        std::string comm;
        int32_t pid = 0;
        int32_t prio = 120;
    };
    /// An exiting task's last switch, held until the wakeups its exit makes on that CPU at the
    /// same instant are written: the kernel wakes the parent (exit_notify) before that switch,
    /// the model after it.
    struct Held {
        SwitchRecord s;
        TaskInfo prev, next;
        std::vector<MigrationRecord> migrations; ///< the woken parent's, written after its waking
    };
    /// One CPU's bundle being filled: encoded FtraceEvent messages, or compact arrays.
    struct Bundle {
        std::optional<Held> held;
        proto::Writer events;
        size_t count = 0;
        bool lost = false;
        TaskInfo current;    ///< the task running there (common_pid of a timer's wakeup)
        bool seeded = false; ///< compact: the CPU's starting switch is written
        // compact_sched
        std::vector<uint64_t> switchTime, wakingTime;
        std::vector<int64_t> switchPrevState;
        std::vector<int32_t> switchNextPid, switchNextPrio, wakingPid, wakingTarget, wakingPrio;
        std::vector<uint32_t> switchComm, wakingComm, wakingFlags;
        std::vector<std::string> intern;
        std::unordered_map<std::string, uint32_t> internIndex;
    };

    const TaskInfo& info(TaskId id, uint32_t cpu);
    Bundle& bundle(uint32_t cpu);
    /// Whether records of this CPU are written (below kMaxCpus; else counted in dropped()).
    bool takes(uint32_t cpu);
    uint32_t kernelCpu(uint32_t cpu) const;
    struct Marks {
        size_t event = 0, payload = 0;
    };
    Marks beginEvent(Bundle& b, SimTime t, int32_t commonPid, uint32_t eventField, uint32_t flags = 0);
    void endEvent(Bundle& b, Marks marks, uint32_t cpu);
    void seed(Bundle& b, SimTime t);
    void writeSwitch(uint32_t cpu, const SwitchRecord& s, const TaskInfo& prev, const TaskInfo& next);
    void writeWaking(uint32_t cpu, SimTime t, int32_t commonPid, const TaskInfo& task, uint32_t target,
                     WakeSource source);
    uint32_t intern(Bundle& b, const std::string& comm);
    void attachCgroup(const WakeupRecord& w);
    void writeMigration(const MigrationRecord& m);
    uint32_t migrationCpu(const MigrationRecord& m) const;
    /// Writes a CPU's held exit switch (and the migrations held with it).
    void release(uint32_t cpu);
    void flush(uint32_t cpu);
    void flushProcesses();
    void writeProcessTree(size_t first, size_t end);
    /// One task as a process of its own with its main thread, in the tree packet being built.
    void treeEntry(int32_t pid, int32_t ppid, const std::string& comm);
    /// A recorded event's CPU after the events of the same nanosecond on other CPUs before it.
    void keepInstantOrder(uint32_t cpu, int64_t t);
    /// The comm the tracer names a recorded event's current task by, as the process tree's.
    void nameThread(int32_t pid, const std::string& comm);
    void writeRecordedSched(uint32_t cpu, const TraceEvent& ev, const StringTable& strings);
    void writeRecordedTask(uint32_t cpu, const TraceEvent& ev, const StringTable& strings);
    int64_t recordedPrevState(char letter, bool preempt) const;
    void writePacket(const proto::Writer& packet);
    void writeSystemInfo();
    /// Writes a track's descriptor (a counter track, or one for instants); returns its uuid.
    uint64_t describeTrack(const std::string& name, bool counter, const std::string& unit);
    void counterValue(uint64_t uuid, SimTime t, double value);

    std::ostream& m_out;
    Options m_options;
    std::vector<Bundle> m_bundles;
    std::unordered_map<uint32_t, TaskInfo> m_tasks;
    std::unordered_map<uint32_t, CgroupId> m_cgroups;
    std::vector<TaskId> m_newTasks; ///< created since the last process tree packet
    std::vector<TaskInfo> m_idle;   ///< swapper/N by record CPU
    SimTime m_now;                  ///< the latest record's time
    uint64_t m_events = 0;
    uint64_t m_dropped = 0;
    perfetto::PrevStateLayout m_layout;
    uint64_t m_nextUuid = 1;
    uint64_t m_markerTrack = 0;
    bool m_finished = false;
    proto::Writer m_packet; ///< scratch for one packet
    // A recording's events (recorded()).
    int64_t m_instant = -1;                                 ///< the latest event's time
    std::vector<uint32_t> m_instantCpus;                    ///< CPUs given events at m_instant
    std::unordered_map<int32_t, std::string> m_threadNames; ///< by pid, as the tree has them
    std::unordered_map<int32_t, int32_t> m_prios;           ///< by pid, the latest recorded
};

/// How a run's native trace is written: the kernel the model follows as the SystemInfo release
/// ("4.11.0", "6.6.0", "6.12.0"), the scenario's name, the kernel's CPU numbers, each task's pid
/// (its scenario or recorded pid, else its id + 1: pid 0 is the idle task's), parent and nice,
/// and the cgroup paths.
PerfettoProtoWriter::Options perfettoOptionsOf(const Engine& engine);

/// The model's counter tracks named as the writer shows them: a cgroup by its path, a task as
/// "name[pid]".
PerfettoCounters perfettoCountersOf(const Engine& engine, std::vector<CounterTrack> model);

/// A simulation that writes a native trace samples the model's counters this often, keeps at most
/// this many thread-state slices for nr_running and this many counter points (memory bounds,
/// as the GUI's).
inline constexpr SimTime kPerfettoSampleEvery = SimTime::ms(1);
inline constexpr size_t kPerfettoStateSlices = size_t(4) << 20;
inline constexpr size_t kPerfettoCounterPoints = size_t(4) << 20;

} // namespace core
