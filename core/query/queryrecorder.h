#pragma once

#include "base/trace.h"
#include "import/traceobserver.h"
#include "query/queryrun.h"

#include <functional>
#include <optional>
#include <string>
#include <unordered_map>
#include <vector>

namespace core {

/// Collects, from a run's or a recording's records, what the thread-state tracks
/// (report/threadstates.h) do not keep and the query tables need: the state letters of each
/// switch out (and, simulated, whether a D sleep waits for I/O), each task's kernel priority and
/// its cgroup over time. A simulation feeds it as a TraceSink; a recording also as the
/// importer's TraceObserver, which sees the recorded letters and priorities.
class QueryRecorder : public TraceSink, public TraceObserver {
public:
    struct Options {
        /// A recording: letters, priorities and cgroup moves come from the observer's calls.
        bool recording = false;
        /// A simulated task's kernel priority, asked once as it is created (120 + nice, or
        /// 99 - rt_priority for an RT task). Unset: 120, or 99 - rt_priority.
        std::function<int(TaskId, SchedPolicy, uint8_t)> priorityOf;
        /// What a dying task's last switch shows: "Z" (EXIT_ZOMBIE, kernels 4.14 on) or "x"
        /// (TASK_DEAD, as Perfetto decodes older kernels' value).
        std::string deadState = "Z";
    };
    explicit QueryRecorder(Options options)
        : m_options(std::move(options)) {}

    // TraceSink: a simulation's records (a recording's too, for the task ids).
    void slice(const Slice& s) override;
    void migration(const MigrationRecord&) override {}
    void marker(const Marker&) override {}
    void contextSwitch(const SwitchRecord& s) override;
    void taskCreated(TaskId id, const std::string& name, CgroupId cgroup, SchedPolicy policy,
                     uint8_t rtPriority) override;

    // TraceObserver: a recording as the importer reads it (tasks by the importer's index).
    void taskSeen(int32_t task, int64_t t) override;
    void ran(int32_t, int64_t, int64_t) override {}
    void switchedOut(int32_t task, int64_t t, char state) override;
    void woken(int32_t, int64_t, int32_t, int64_t, bool) override {}
    void forked(int32_t, int64_t, int32_t, int64_t) override {}
    void priority(int32_t task, int prio, int64_t t) override;
    void attached(int32_t task, uint32_t cgroup, int64_t t) override;
    /// A record folder's policy, nice and CPU changes: the tables take priorities from the
    /// switch events (`priority`), which carry the same prio as it changes.
    void attributes(int32_t, int64_t, int64_t, const TaskAttributes&) override {}
    void lost(int32_t, int64_t) override {}
    using TraceSink::lost;

    /// Hands what was collected to `run`, times made relative to `origin` (a recording's first
    /// timestamp; zero for a simulation).
    void moveInto(QueryRun& run, SimTime origin);

private:
    /// The task id of the importer's index (the importer names a task just before it sees it).
    uint32_t idOf(int32_t task) const;
    void stay(uint32_t id, SimTime t, uint32_t cgroup);

    Options m_options;
    std::unordered_map<uint32_t, std::vector<SwitchOut>> m_switchOuts;
    std::unordered_map<uint32_t, std::vector<PriorityChange>> m_priorities;
    std::unordered_map<uint32_t, std::vector<CgroupStay>> m_stays;
    std::vector<std::optional<SimTime>> m_cpuFirst; ///< each CPU's first switch
    /// A recording: what the observer told, by the importer's index (no lookup per event).
    struct Observed {
        std::vector<SwitchOut> outs;
        std::vector<PriorityChange> priorities;
    };
    std::vector<Observed> m_observed;
    std::vector<uint32_t> m_byIndex; ///< a recording: task id by the importer's index
    uint32_t m_lastCreated = 0;
};

} // namespace core
