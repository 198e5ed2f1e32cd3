#pragma once

#include "context/program.h"
#include "context/simcontext.h"
#include "sched/machine.h"
#include "sched/scheduler.h"
#include "sim/channel.h"
#include "sim/hrtimers.h"

#include <vector>

namespace core {

struct Task;
class TaskTable;

/// Creates tasks on behalf of a running program (fork).
class TaskSpawner {
public:
    virtual ~TaskSpawner() = default;
    /// Forks a child of `parent`; returns null when the live-task limit refuses it.
    virtual Task* fork(Task& parent, const ForkTemplate& tmpl) = 0;
};

/// Runs task programs: each action becomes the kernel operations it implies (system calls,
/// channel transfers with wakeups, sleeps with timers, fork, wait, exit), charged to the CPU.
///
/// An action's effect happens when it starts and its cost is charged after it; the next action
/// starts when that cost has been paid, as a separate event, so actions of different CPUs
/// interleave in time order.
class Interpreter {
public:
    Interpreter(SimContext& ctx, Machine& machine, Scheduler& sched, const TaskTable& tasks,
                std::vector<Channel>& channels, TaskSpawner& spawner);

    /// The CPU's current task continues (CpuResume event).
    void resume(Rq& rq);
    /// A sleep, io or memstall of the task has ended (its timer's event).
    void timerExpired(Task& t);
    /// A timer interrupt on the CPU (the tick's): it also runs the sleep timers due by now.
    void hrtimerInterrupt(uint32_t cpu);
    /// Removes a blocked task from the wait queue it sleeps on (before it is killed).
    void detachBlocked(Task& t);

private:
    void run(Task& t, Rq& rq);
    /// Starts (or retries, after a wakeup) the channel action at the cursor. Returns false if
    /// the task blocked.
    bool transfer(Task& t, Rq& rq, const Instr& ins);
    /// Completes `wait` when no child is left; otherwise blocks. Returns false if it blocked.
    bool waitChildren(Task& t, Rq& rq);
    SimTime draw(const DurationDist& d);
    bool handedOff(const Task& t, const Rq& rq) const;
    /// A nice, policy or cpus action: the task's own sched_setattr-like call.
    void setScheduling(Task& t, const Instr& ins);
    /// Arms the timer of a sleep that asked to end at `soft`, on the CPU's hrtimer queue.
    void armSleepTimer(Task& t, const Rq& rq, SimTime soft);
    /// A call's costs, system call first, less what is left of its rebate (Instr::rebate) after
    /// the parts charged before: the whole rebate for the system call, the rest for what follows.
    void chargeSyscall(Rq& rq, SimTime rebate) { chargeRebated(rq, CostOp::Syscall, rebate); }
    void chargeAfterSyscall(Rq& rq, CostOp op, SimTime rebate) {
        const SimTime syscall = m_ctx.costs[CostOp::Syscall];
        chargeRebated(rq, op, rebate - std::min(rebate, syscall));
    }
    void chargeRebated(Rq& rq, CostOp op, SimTime rebate) {
        const SimTime cost = m_ctx.costs[op];
        m_machine.charge(rq, op, cost - std::min(cost, rebate));
    }

    SimContext& m_ctx;
    Machine& m_machine;
    Scheduler& m_sched;
    const TaskTable& m_tasks;
    std::vector<Channel>& m_channels;
    TaskSpawner& m_spawner;
    Hrtimers m_hrtimers;
};

} // namespace core
