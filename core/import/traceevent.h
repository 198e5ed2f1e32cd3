#pragma once

#include <cstdint>
#include <string>
#include <string_view>
#include <unordered_map>
#include <vector>

namespace core {

/// The scheduler tracepoints a trace importer understands (docs/traces.md).
enum class TraceEventType : uint8_t {
    Switch,       ///< sched_switch
    Waking,       ///< sched_waking (the wakeup starts, on the waker's CPU)
    Wakeup,       ///< sched_wakeup (the task is on a runqueue)
    WakeupNew,    ///< sched_wakeup_new (a new task is placed)
    Migrate,      ///< sched_migrate_task (set_task_cpu)
    Fork,         ///< sched_process_fork
    Exit,         ///< sched_process_exit
    Exec,         ///< sched_process_exec
    CgroupAttach, ///< cgroup_attach_task
    Runtime,      ///< sched_stat_runtime (only marks a task seen runnable, as perf does)
    Attributes,   ///< a task's scheduling attributes, at the start or after a change (a `record`
                  ///< folder's tasks.jsonl: import/recordfolder.h); no tracepoint
    CallEnter,    ///< a task entered a system call that moves data through a file: read, readv,
                  ///< recvfrom, recvmsg, write, writev, sendto, sendmsg (syscalls:sys_enter_*)
    CallExit,     ///< ... and returned from it (syscalls:sys_exit_*)
    Lost,         ///< the tracer lost events here
    Unknown       ///< another event: skipped and counted by name
};

/// The system calls that move data through a file, as a trace importer reads them (CallEnter,
/// CallExit): which way the data goes is what a replay needs (docs/record-replay.md).
enum class DataCall : int8_t { None = -1, Read = 0, Write = 1 };

/// What `name` (a tracepoint's name: "sys_enter_write", ...) is: the call's direction and whether
/// it is the entry; None for any other event.
DataCall dataCallOf(std::string_view name, bool& enter);

/// Strings interned once per trace (comms, cgroup paths, unknown event names), so that events
/// stay small and copy cheaply: a 10-million-event trace holds them all in memory to sort.
class StringTable {
public:
    StringTable() { intern({}); }
    uint32_t intern(std::string_view s) {
        auto it = m_ids.find(s);
        if (it != m_ids.end())
            return it->second;
        const uint32_t id = static_cast<uint32_t>(m_strings.size());
        m_strings.emplace_back(s);
        m_ids.emplace(m_strings.back(), id);
        return id;
    }
    const std::string& at(uint32_t id) const { return m_strings[id]; }
    size_t size() const { return m_strings.size(); }

private:
    struct Hash {
        using is_transparent = void;
        size_t operator()(std::string_view s) const { return std::hash<std::string_view>{}(s); }
    };
    std::vector<std::string> m_strings;
    std::unordered_map<std::string, uint32_t, Hash, std::equal_to<>> m_ids;
};

/// One parsed trace line or record. Which fields mean what depends on the type:
/// - Switch: a = prev_pid, b = next_pid, prio = next_prio, state = prev_state's letter
///   (`preempt` for "R+"), name = prev_comm, name2 = next_comm
/// - Waking, Wakeup, WakeupNew: a = pid, c = target_cpu, prio, name = comm
/// - Migrate: a = pid, b = orig_cpu, c = dest_cpu, name = comm
/// - Fork: a = parent pid, b = child pid, name = child_comm
/// - Exit: a = pid, name = comm; Exec: a = pid, b = old_pid, name = the new comm
/// - CgroupAttach: a = pid, name = comm, name2 = dst_path
/// - Runtime: a = pid, name = comm
/// - Attributes: a = the task's pid (tid), b = nice, c = rt_priority, state = its SchedPolicy,
///   name = its CPU affinity as the kernel lists CPUs ("0-3"), name2 = its cgroup at the start
///   (0: not recorded), lost = timer slack in ns + 1 (0: not recorded), cpu = -1; time 0 for the
///   state at the start of the recording
/// - CallEnter: a = the call's DataCall, b = fd, c = the caller's thread group (its process, whose
///   file descriptors its threads share; -1: not recorded); CallExit: a = the call's DataCall, c = its return
///   value (bytes moved, or -errno), clamped to int32; both for the current task (pid)
/// - Lost: lost = how many; cpu = -1 when the tracer did not say which CPU
/// - Unknown: name = the event's name
struct TraceEvent {
    int64_t time = 0;  ///< nanoseconds, as recorded
    uint32_t line = 0; ///< 1-based line (or record number) in the file, for messages
    int32_t cpu = -1;  ///< the CPU whose buffer recorded it
    int32_t pid = -1;  ///< the task current on that CPU when it was recorded (common_pid)
    int32_t a = -1, b = -1, c = -1;
    uint32_t name = 0, name2 = 0, current = 0; ///< StringTable ids; current = common comm
    uint64_t lost = 0;
    int16_t prio = -1;
    TraceEventType type = TraceEventType::Unknown;
    char state = 0;
    bool preempt = false;
    bool irq = false; ///< recorded in interrupt context (the flags say so; perf script has none)
};

/// Handed every event an import takes, in the order the importer takes it (time order), before
/// the importer does: a recording converted event by event (output/perfettoconvert).
class TraceEventTap {
public:
    virtual ~TraceEventTap() = default;
    virtual void event(const TraceEvent& ev, const StringTable& strings) = 0;
};

} // namespace core
