#pragma once

#include "base/cpuset.h"
#include "base/eventqueue.h"
#include "base/ids.h"
#include "base/kernelmodel.h"
#include "base/latency.h"
#include "base/taskstate.h"
#include "base/weights.h"
#include "context/program.h"
#include "sched/schedentity.h"

#include <cstdint>
#include <memory>
#include <string>
#include <vector>

namespace core {

/// A simulated task. Owned by the TaskTable; pointers stay valid until it is destroyed.
struct Task {
    TaskId id;
    uint32_t slot = 0;
    std::string name;
    int32_t pid = -1; ///< the recorded pid of an imported task (TaskSpec::pid), -1 for none
    CgroupId cgroup;
    TaskGroup* tg = nullptr; ///< effective task group (cgroup's, or the autogroup)
    uint32_t session = 0;    ///< autogroup session id, 0 = none
    int nice = 0;
    SchedPolicy policy = SchedPolicy::Other;
    uint8_t rtPriority = 0; ///< 1..99 for FIFO and RR (higher runs first); kernel prio = 99 - rtPriority
    std::shared_ptr<const CpuSet> affinity; ///< requested affinity; null = all CPUs
    std::shared_ptr<const CpuSet> allowed;  ///< affinity within the cgroup's cpus; null = all
    uint32_t nrCpusAllowed = 0;             ///< CPUs in allowed (p->nr_cpus_allowed)

    TaskState state = TaskState::New;
    BlockReason block = BlockReason::None;
    uint32_t blockChannel = 0;
    CpuId cpu{0};
    bool migrated = false; ///< moved CPU while not queued; vruntime is relative

    SchedEntity se;
    bool rtOnRq = false;       ///< queued on its CPU's RT runqueue (an RT task)
    uint32_t rtSliceTicks = 0; ///< SCHED_RR: ticks left of its time slice

    std::shared_ptr<const Program> program;
    ProgramCursor cursor;
    bool actionActive = false; ///< the action at the cursor has started (run drawn, syscall charged)
    uint8_t psiFlags = 0;      ///< PsiTaskFlag bits
    bool inMemstall = false;   ///< inside psi_memstall_enter/leave
    bool inIowait = false;     ///< sleeping in io_schedule
    SimTime runRemaining;      ///< CPU time left in the current run action
    SimTime burstCredit;       ///< kernel work charged beyond its current run: taken off its next runs
    SimTime coldRemaining;     ///< cache-cold penalty still to run after a migration
    EventQueue::Handle timer;
    int32_t hrtimerCpu = -1; ///< the CPU whose hrtimer queue holds its sleep's timer; -1: none
    /// p->timer_slack_ns: how late its sleeps' timers may expire (an RT task's have none).
    SimTime timerSlack = SimTime::ns(kDefaultTimerSlackNs);

    // Relations.
    TaskId parent;
    uint32_t parentSlot = 0;
    uint32_t liveChildren = 0;

    // wake_wide bookkeeping (record_wakee).
    uint32_t wakeeFlips = 0;
    SimTime wakeeFlipDecay;
    TaskId lastWakee;
    /// p->recent_used_cpu (v6 wakeup path): the previous CPU of its last wakeup, or its parent's
    /// CPU at fork; -1 before either.
    int32_t recentUsedCpu = -1;

    // Statistics.
    SimTime startTime;
    SimTime runnableSince;
    SimTime waitTime;
    LatencyHistogram latency; ///< runnable-to-running waits, as perf sched latency counts them
    /// From a sleep timer's expiry (the time the sleep asked for) to running, for the sleeps a
    /// timer ended: what cyclictest reports.
    LatencyHistogram timerLatency;
    SimTime timerExpiry;    ///< the pending or last sleep timer's soft expiry
    bool timerWoke = false; ///< woken by its sleep timer and not yet run since
    SimTime exitTime;
    SimTime acctUser;    ///< user time already charged to cpuacct usage
    SimTime statUser;    ///< user time already reported to the cpuacct stats counters
    SimTime statSys;     ///< system time already reported to the cpuacct stats counters
    SimTime userTime;    ///< run actions and cache-cold penalties
    SimTime sysTime;     ///< kernel work done in its context (syscalls, ticks, switches in)
    uint64_t nvcsw = 0;  ///< voluntary switches (blocked)
    uint64_t nivcsw = 0; ///< involuntary switches (preempted)
    uint64_t migrations = 0;

    // Position in its runqueue's cfs_tasks list (the load balancer walks it).
    Task* lbPrev = nullptr;
    Task* lbNext = nullptr;

    bool allowedOn(CpuId c) const { return !allowed || allowed->test(c); }
    /// In the RT class (SCHED_FIFO or SCHED_RR).
    bool rt() const { return rtPolicy(policy); }
    /// task_on_rq_queued: on its CPU's runqueue, whatever the class.
    bool queued() const { return rt() ? rtOnRq : se.onRq; }
    bool runnable() const { return state == TaskState::Running || state == TaskState::Runnable; }
};

/// Live tasks by slot; slots of exited tasks are reused, ids never are.
class TaskTable {
public:
    Task& create(std::string name);
    void destroy(Task& t);
    Task* get(uint32_t slot, TaskId id) const {
        if (slot >= m_slots.size())
            return nullptr;
        Task* t = m_slots[slot].get();
        return t && t->id == id ? t : nullptr;
    }
    Task* bySlot(uint32_t slot) const { return slot < m_slots.size() ? m_slots[slot].get() : nullptr; }
    size_t slotCount() const { return m_slots.size(); }
    size_t liveCount() const { return m_live; }
    uint32_t nextId() const { return m_nextId; }

    template <typename F>
    void forEach(F&& f) const {
        for (const auto& t : m_slots)
            if (t)
                f(*t);
    }

private:
    std::vector<std::unique_ptr<Task>> m_slots;
    std::vector<uint32_t> m_free;
    uint32_t m_nextId = 0;
    size_t m_live = 0;
};

/// set_load_weight: the nice table's weight, or WEIGHT_IDLEPRIO for SCHED_IDLE.
inline uint32_t loadWeight(const Task& p) {
    return p.policy == SchedPolicy::Idle ? kIdlePolicyWeight : niceToWeight(p.nice);
}

} // namespace core
