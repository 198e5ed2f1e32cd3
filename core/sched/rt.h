#pragma once

#include "context/simcontext.h"
#include "sched/machine.h"
#include "sched/runqueue.h"
#include "sched/taskmover.h"

#include <cstdint>
#include <vector>

namespace core {

struct Task;
class Cpuacct;

/// The RT scheduling class (kernel/sched/rt.c, without RT group scheduling): SCHED_FIFO and
/// SCHED_RR by priority 1..99 above the fair class, RR time slices, wakeup placement
/// (select_task_rq_rt, find_lowest_rq over the cpupri levels), push and pull across CPUs, and
/// RT throttling (950 ms of every 1 s per CPU, with RT_RUNTIME_SHARE in v4.11, none in v6.12).
/// The rules and where each model differs are in docs/rt.md.
class Rt {
public:
    Rt(SimContext& ctx, Machine& machine, Cpuacct& cpuacct, TaskMover& mover);

    /// Kernel priority of an RT task (0..98, lower runs first).
    static int prio(const Task& p);
    /// The best RT priority queued on rq as rtPriority (1..99), 0 when none (the cpupri level
    /// of a CPU running fair work or idle).
    static int level(const Rq& rq);

    /// enqueue_task_rt: the tail of its priority's list, or the head (a task moved down).
    void enqueueTask(Rq& rq, Task& p, bool head);
    void dequeueTask(Rq& rq, Task& p);
    /// update_curr_rt: charges the current RT task's time (cpuacct, sum_exec) and the CPU's RT
    /// budget; running out of it throttles the class and asks for a reschedule.
    void updateCurr(Rq& rq);
    void putPrevTask(Rq& rq, Task& prev);
    /// The first task of the best priority, or null (nothing queued, or throttled). It stays
    /// queued while it runs.
    Task* pickNextTask(Rq& rq);
    /// task_tick_rt: true when the current task should give way (RR slice used up with another
    /// task at its priority, or the budget ran out).
    bool taskTick(Rq& rq);
    /// A woken or moved RT task p is queued on rq: does it preempt the current task?
    /// (Any RT task preempts a fair or idle one; wakeup_preempt_rt among RT tasks.)
    bool checkPreempt(Rq& rq, Task& p);
    /// yield_task_rt: to the tail of its priority's list.
    void yieldTask(Rq& rq);
    /// sched_fork for an RT child: a full RR slice.
    void taskFork(Task& p) const;
    /// select_task_rq_rt: where a waking or new RT task goes (`cpu` its previous or the
    /// parent's CPU, `thisCpu` the CPU doing the wakeup).
    uint32_t selectTaskRq(const Task& p, uint32_t cpu, uint32_t thisCpu);

    /// push_rt_tasks: move queued RT tasks that could run now on a CPU running lower work.
    void pushRtTasks(Rq& rq, MigrationReason reason);
    /// task_woken_rt: a woken task that does not preempt an RT task here is pushed away.
    void taskWoken(Rq& rq, Task& p);
    /// balance_rt: prev was RT and the CPU's RT priority drops: ask the overloaded CPUs to
    /// push (RT_PUSH_IPI, the default in every model).
    void pullRtTask(Rq& rq, const Task& prev);

    /// The RT period timer fired: pay back run time, unthrottle. `resched` collects the
    /// runqueues whose current task must be reconsidered (RT tasks back, or out of budget).
    void periodTimer(uint32_t gen, std::vector<Rq*>& resched);
    bool throttlingOn() const { return m_throttling; }

private:
    bool migratable(const Task& p) const;
    bool overloaded(const Rq& rq) const;
    Task* firstPushable(const Rq& rq) const;
    bool pushRtTask(Rq& rq, MigrationReason reason);
    /// cpupri_find: the CPUs at the lowest level below p's priority that p may use.
    CpuSet lowestMask(const Task& p) const;
    /// find_lowest_rq: -1 when no CPU runs lower-priority work.
    int findLowestRq(const Task& p, uint32_t thisCpu);
    void requeue(Rq& rq, Task& p, bool head);
    bool runtimeExceeded(Rq& rq);
    /// do_balance_runtime (RT_RUNTIME_SHARE): borrow budget from the other CPUs.
    void balanceRuntime(Rq& rq);
    void startPeriodTimer();

    SimContext& m_ctx;
    Machine& m_machine;
    Cpuacct& m_cpuacct;
    TaskMover& m_mover;
    const bool m_throttling;
    const bool m_runtimeShare;
    const bool m_overloadPushable;
    const bool m_distribute;
    bool m_periodActive = false;
    uint32_t m_periodGen = 0;
};

} // namespace core
