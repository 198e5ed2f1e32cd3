#pragma once

#include "accounting/cpuacct.h"
#include "accounting/psi.h"
#include "base/latency.h"
#include "context/simcontext.h"
#include "scenario/scenariospec.h"
#include "sched/cgroups.h"
#include "sched/fair.h"
#include "sched/machine.h"
#include "sched/scheduler.h"
#include "sched/task.h"
#include "sched/wakeup.h"
#include "sim/channel.h"
#include "sim/interpreter.h"

#include <map>
#include <memory>
#include <optional>
#include <string>
#include <unordered_map>
#include <vector>

namespace core {

struct EngineOptions {
    /// Exited tasks whose statistics are kept for the summary; beyond it only totals.
    size_t maxExitRecords = 100000;
    /// Live tasks allowed; forks beyond it fail (counted), so a fork bomb stays bounded.
    size_t maxLiveTasks = 1000000;
};

/// Statistics of a task that has exited.
struct ExitRecord {
    TaskId id;
    std::string name;
    CgroupId cgroup;
    SimTime runtime, user, system, wait, start, exit;
    uint64_t switches, migrations;
    LatencyHistogram latency;
    int32_t pid = -1; ///< Task::pid
    LatencyHistogram timerLatency;
};

/// The outcome of a live command.
struct CommandResult {
    bool ok = true;
    std::string message; ///< what happened, or why nothing did
    size_t affected = 0;
};

/// The simulation: one scenario's machine, cgroups, tasks and event queue. A plain object:
/// engines share nothing, so several can run at once (A/B comparison). Deterministic: the same
/// spec gives the same results, bit for bit.
class Engine : private TaskExitListener,
               private TimerInterruptListener,
               private TaskSpawner,
               private NameResolver {
public:
    explicit Engine(std::shared_ptr<const ScenarioSpec> spec, EngineOptions options = {});
    ~Engine() override;
    Engine(const Engine&) = delete;
    Engine& operator=(const Engine&) = delete;

    // ---- running ---------------------------------------------------------------------------
    /// Processes one event. Returns false once the run has ended.
    bool step();
    /// The event step() processed last (for "step one event" to say what it did).
    struct ExecutedEvent {
        bool valid = false;
        SimTime time;
        EventKind kind = EventKind::CpuResume;
        uint32_t cpu = 0;   ///< CpuResume, Tick
        TaskId task;        ///< TaskTimer, TaskStart
        uint32_t index = 0; ///< Timeline entry, PSI group, task group (bandwidth timers)
        CgroupId cgroup;    ///< bandwidth timers: the cgroup whose limit it is
    };
    ExecutedEvent lastEvent() const;
    /// Processes every event up to `t` (capped at the duration); the clock then stands at t.
    void runUntil(SimTime t);
    /// Like runUntil, but processes at most `maxEvents` events: returns true when every event
    /// up to `t` was processed (the clock then stands at t), false when the budget ran out
    /// first (the clock stands at the last event). For callers that must stay responsive.
    bool advanceUntil(SimTime t, uint64_t maxEvents);
    void runToEnd() { runUntil(m_spec->duration); }
    /// Runs to the next jiffy boundary (every CPU's tick at it processed).
    void stepTick();
    bool finished() const { return m_finished; }
    /// Whether events at the present time are still pending (a live command would first
    /// process them).
    bool eventsPendingAtNow();
    SimTime now() const { return m_ctx.now; }
    SimTime duration() const { return m_spec->duration; }
    const ScenarioSpec& spec() const { return *m_spec; }
    std::shared_ptr<const ScenarioSpec> specPtr() const { return m_spec; }

    // ---- live commands (applied now, after every event at the present time; logged for
    // replay as timeline entries, which apply at the same point) ---------------------------
    CommandResult setOptimization(Optimization o, bool on);
    CommandResult moveTasks(const std::string& pattern, const std::string& cgroupPath);
    CommandResult moveTask(TaskId id, const std::string& cgroupPath);
    CommandResult setCgroupWeight(const std::string& cgroupPath, uint32_t weight);
    /// cpu.max (and cpu.max.burst) of a cgroup, as writing the files does.
    CommandResult setCgroupMax(const std::string& cgroupPath, const CpuMax& max);
    CommandResult spawn(std::shared_ptr<const TaskSpec> task);
    CommandResult kill(const std::string& pattern);
    /// Live commands so far, as timeline entries (Save session as scenario).
    const std::vector<TimelineEntry>& commandLog() const { return m_commandLog; }

    // ---- observation -------------------------------------------------------------------------
    void setTraceSink(TraceSink* sink);
    /// Classifies every CPU's time up to now and hands the trace slices so far to the sink.
    /// Does not change results: accounting only catches up with the clock.
    void flushTrace();
    const Counters& counters() const { return m_ctx.counters; }
    const OptimizationSet& optimizations() const { return m_ctx.optimizations; }
    const CostModel& costs() const { return m_ctx.costs; }
    const Tunables& tunables() const { return m_ctx.tunables; }
    const Machine& machine() const { return m_machine; }
    const Topology& topology() const { return m_machine.topology(); }
    const CgroupTree& cgroups() const { return m_cgroups; }
    const TaskTable& tasks() const { return m_tasks; }
    const Psi& psi() const { return m_psi; }
    const Cpuacct& cpuacct() const { return m_cpuacct; }
    const std::vector<Channel>& channels() const { return m_channels; }
    const std::vector<ExitRecord>& exitRecords() const { return m_exitRecords; }
    uint64_t exitsNotRecorded() const { return m_exitsNotRecorded; }
    /// Overhead of a CPU clipped at the current time (work charged beyond now excluded).
    SimTime overheadNow(const Rq& rq) const { return rq.overhead - m_machine.overheadBeyond(rq, m_ctx.now); }
    /// Busy and idle of a CPU up to now (accounting may lag the clock between events).
    void cpuTimesNow(const Rq& rq, SimTime& busy, SimTime& idle, SimTime& overhead) const;
    const Task* findTask(TaskId id) const;

    /// Checks the engine's invariants; returns a description of the first violation, or "".
    std::string checkInvariants() const;

private:
    /// Why a cgroup setting cannot be changed now (run over, unknown path, the root), if so.
    std::optional<CommandResult> cgroupSettingRefused(const std::string& cgroupPath, const char* setting);
    // TimerInterruptListener
    void timerInterrupt(Rq& rq) override { m_interp.hrtimerInterrupt(rq.cpu); }
    // TaskExitListener
    void taskExited(Task& t) override;
    // TaskSpawner
    Task* fork(Task& parent, const ForkTemplate& tmpl) override;
    // NameResolver
    uint32_t channel(const std::string& name) override;
    CgroupId cgroup(const std::string& path) override;
    uint32_t session(const std::string& name) override;
    std::shared_ptr<const CpuSet> cpus(const CpuListParse& list) override;
    const CostModel* recordedBurstCosts() const override;

    void dispatch(const Event& ev);
    /// step() once the queue's top has been read: `pending` and `at` are what peek() gave,
    /// with nothing pushed, popped or cancelled since.
    bool stepPeeked(bool pending, SimTime at);
    void createTasks(const TaskSpec& spec, SimTime startAt);
    void setCustomSlice(Task& t, std::optional<SimTime> slice);
    Task& newTask(std::string name, CgroupId cg, uint32_t session, int nice, SchedPolicy policy,
                  uint8_t rtPriority, std::shared_ptr<const CpuSet> affinity,
                  std::shared_ptr<const Program> program);
    void startTask(Task& t);
    void applyTimeline(const TimelineEntry& e);
    void finish();
    // Live commands (sim/livecommands.cpp).
    /// Processes the events still pending at the present time (before a live command).
    void settle();
    /// Settles; then why a live command is refused now (the run has ended), if it is.
    std::optional<CommandResult> refusal();
    /// Logs `e` as a timeline entry at the present time and applies it; the command's result.
    CommandResult commit(TimelineEntry e, std::string message, size_t affected);
    std::vector<Task*> liveTasksMatching(const std::string& pattern);
    void killTask(Task& t);
    bool resolveChannels(const std::vector<ActionSpec>& prog, uint32_t instances, std::string& missing) const;

    std::shared_ptr<const ScenarioSpec> m_spec;
    EngineOptions m_options;
    SimContext m_ctx;
    Machine m_machine;
    CgroupTree m_cgroups;
    std::vector<Channel> m_channels;
    std::unordered_map<std::string, uint32_t> m_channelByName;
    std::map<std::string, uint32_t> m_sessions;
    std::map<std::string, std::shared_ptr<const CpuSet>> m_cpuSets;
    TaskTable m_tasks;
    Cpuacct m_cpuacct;
    Psi m_psi;
    Fair m_fair;
    Rt m_rt;
    FairServer m_fairServer;
    Wakeup m_wakeup;
    Scheduler m_sched; ///< before the balancer, which moves tasks through it (TaskMover)
    Balancer m_balancer;
    Interpreter m_interp;
    std::vector<ExitRecord> m_exitRecords;
    uint64_t m_exitsNotRecorded = 0;
    std::vector<TimelineEntry> m_commandLog;
    std::vector<std::shared_ptr<const TaskSpec>> m_spawned; ///< keeps spawned specs alive
    size_t m_pendingLaunches = 0; ///< tasks not yet started plus timeline spawns not yet applied
    bool m_finished = false;
    Event m_lastEvent;
    SimTime m_lastEventTime;
    bool m_hasLastEvent = false;
};

} // namespace core
