#pragma once

#include "accounting/cpuacct.h"
#include "accounting/psi.h"
#include "context/simcontext.h"
#include "sched/balance.h"
#include "sched/cgroups.h"
#include "sched/fair.h"
#include "sched/fairserver.h"
#include "sched/machine.h"
#include "sched/rt.h"
#include "sched/task.h"
#include "sched/wakeup.h"

#include <cstdint>

namespace core {

/// Told when a task has exited and its scheduler state is gone.
class TaskExitListener {
public:
    virtual ~TaskExitListener() = default;
    virtual void taskExited(Task& t) = 0;
};

/// The rest of a tick's timer interrupt: the other timers due on the CPU (sleeps that timer
/// slack let run late), which run before the interrupt returns and the CPU reschedules.
class TimerInterruptListener {
public:
    virtual ~TimerInterruptListener() = default;
    virtual void timerInterrupt(Rq& rq) = 0;
};

/// The scheduler core (kernel/sched/core.c): switching, waking, new tasks, blocking, exit,
/// the tick, cgroup and group moves (sched_move_task), migrations, and the PSI and cpuacct
/// hooks on those paths. It dispatches to the scheduling classes in their order: the fair
/// deadline server (v6.12), RT, fair. Every operation charges its cost to the CPU that
/// performs it.
class Scheduler final : public TaskMover {
public:
    Scheduler(SimContext& ctx, Machine& machine, CgroupTree& cgroups, Fair& fair, Rt& rt, FairServer& server,
              Wakeup& wakeup, Psi& psi, Cpuacct& cpuacct, Balancer& balancer);

    void setExitListener(TaskExitListener* l) { m_exitListener = l; }
    void setTimerInterruptListener(TimerInterruptListener* l) { m_timerListener = l; }

    /// __schedule(): put the current task back if runnable, pick the next, switch.
    void schedule(Rq& rq);
    /// try_to_wake_up(): choose a CPU, enqueue, maybe preempt. `waker` null = timer/kernel.
    void tryToWakeUp(Task& p, Rq& wakerRq, Task* waker, bool sync);
    /// wake_up_new_task(): fork balancing, first enqueue.
    void wakeUpNewTask(Task& p, uint32_t parentCpu, Task* parent);
    /// The current task of rq blocks in the given state.
    void blockCurrent(Rq& rq, TaskState state, BlockReason reason);
    /// sched_yield().
    void yieldCurrent(Rq& rq);
    /// do_exit(): the task leaves, whatever its state (the autogroup exit hook included).
    /// `rebate`: the part of the exit's cost not charged (Instr::rebate).
    void exitTask(Task& p, SimTime rebate = {});
    /// A cgroup move: PSI flags follow (cgroup_move_task), then sched_move_task.
    void moveTask(Task& p, CgroupId to);
    /// sched_setaffinity (null: every CPU).
    void setAffinity(Task& p, std::shared_ptr<const CpuSet> mask);
    /// set_user_nice (setpriority): a fair task is dequeued (SAVE), reweighted and queued back
    /// (RESTORE), then prio_changed may reschedule; an RT task keeps the nice for later
    /// (sched/schedsyscalls.cpp).
    void setNice(Task& p, int nice);
    /// __sched_setscheduler (sched_setscheduler, sched_setattr): policy, RT priority and the
    /// nice of a fair policy; a change of class goes through switched_from / switched_to.
    void setScheduler(Task& p, SchedPolicy policy, uint8_t rtPriority, int nice);
    /// sched_move_task(): re-evaluates the task's effective group (cgroup or autogroup).
    void schedMoveTask(Task& p, bool exiting);
    /// Scheduler tick of one CPU.
    void tick(Rq& rq);
    /// A cgroup's cpu.max changes (tg_set_cfs_bandwidth).
    void setCpuMax(TaskGroup& tg, const CpuMax& max);
    /// A task group's bandwidth period or slack timer fired.
    void bandwidthTimer(EventKind kind, uint32_t taskGroup, uint32_t gen);
    /// The RT period timer fired.
    void rtPeriodTimer(uint32_t gen);
    /// A CPU's fair server timer fired.
    void fairServerTimer(uint32_t cpu, uint32_t gen);
    /// The kernel work charged to a CPU that a wakeup asked to reschedule is done: it schedules.
    void reschedPoint(Rq& rq);
    /// update_curr of the current task's class.
    void updateCurr(Rq& rq);

    /// enqueue_task / dequeue_task: the PSI hook and the CFS class.
    void enqueueTask(Rq& rq, Task& p, uint32_t flags);
    void dequeueTask(Rq& rq, Task& p, uint32_t flags);

    /// The CPU's current task continues at the right time (after kernel work and its run).
    void armResume(Rq& rq);
    void ensureTick(Rq& rq);
    /// Moves a queued (not running) task to another CPU's runqueue (detach/attach_task).
    void migrateQueued(Task& p, uint32_t cpu, MigrationReason reason, int level, Rq& chargeTo) override;
    /// Moves the running task of its CPU elsewhere, as the stopper does (active balance).
    void migrateRunning(Task& p, uint32_t cpu, MigrationReason reason, int level) override;
    /// Moves a task that is not queued to another CPU, recording the migration.
    void setTaskCpu(Task& p, uint32_t cpu, MigrationReason reason, int level, Rq& chargeTo);
    /// wake_up_new_task's __set_task_cpu: a placement, not a migration.
    void placeNewTask(Task& p, uint32_t cpu, Rq& parentRq);
    /// The task group a task runs in: its cgroup's, or its autogroup's (autogroup rule).
    TaskGroup& effectiveGroup(const Task& p, bool exiting) const;
    /// Sets a new task's effective group, allowed CPUs and weight from its attributes.
    void initTask(Task& p);
    /// Recomputes allowed (affinity within the cgroup's cpus) and nrCpusAllowed.
    void recomputeAllowed(Task& p);

    Machine& machine() { return m_machine; }
    Fair& fair() { return m_fair; }
    Rt& rt() { return m_rt; }
    Psi& psi() { return m_psi; }

private:
    /// Counts a context switch on rq (prev or next null: the idle task or the stopper) and
    /// reports it to the trace sink.
    void countSwitch(Rq& rq, const Task* prev, const Task* next, PreemptRule rule);
    /// wakeup_preempt after p was enqueued on rq; `currUpToDate` as for Fair::checkPreemptWakeup.
    void checkPreemptCurr(Rq& rq, Task& p, bool currUpToDate);
    /// resched_curr for a task that became runnable on rq: the CPU switches once the kernel
    /// work charged to it (the wakeup, the IPI, the enqueue) is done, at its cursor; at once if
    /// none is pending.
    void scheduleWhenFree(Rq& rq);
    /// select_task_rq: the class's choice for a task allowed on several CPUs, else its one CPU.
    uint32_t selectTaskRq(Task& p, uint32_t cpu, uint32_t thisCpu, Task* waker, Wakeup::Kind kind, bool sync);
    /// put_prev_task of prev's class.
    void putPrevTask(Rq& rq, Task& prev);
    /// The class pick in class order: the serving fair server, RT, fair. `fairPrev` is a fair
    /// prev not yet put (its class puts only what changes); null once it has been put.
    Task* pickNextTask(Rq& rq, Task*& fairPrev);
    /// What setNice and setScheduler share; `userNice`: set_user_nice's path.
    void changeScheduling(Task& p, SchedPolicy policy, uint8_t rtPriority, int nice, bool userNice);
    /// resched_curr: the current task is reconsidered once the CPU's charged work is done.
    void reschedCurr(Rq& rq);
    /// resched_curr after a class's state changed from outside the CPU (a timer): picks again
    /// if the current task is no longer the one the classes would choose.
    void reschedule(Rq& rq);
    /// Runqueues that got tasks back from an unthrottle: an idle one picks them up.
    void kickUnthrottled(const std::vector<Rq*>& rqs);

    SimContext& m_ctx;
    Machine& m_machine;
    CgroupTree& m_cgroups;
    Fair& m_fair;
    Rt& m_rt;
    FairServer& m_server;
    Wakeup& m_wakeup;
    Psi& m_psi;
    Cpuacct& m_cpuacct;
    Balancer& m_balancer;
    TaskExitListener* m_exitListener = nullptr;
    TimerInterruptListener* m_timerListener = nullptr;
};

} // namespace core
