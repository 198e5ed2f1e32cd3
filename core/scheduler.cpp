#include "scheduler.h"

#include "weights.h"

#include <algorithm>
#include <cassert>

namespace core {

Scheduler::Scheduler(SimContext& ctx, Machine& machine, CgroupTree& cgroups, Fair& fair, Wakeup& wakeup)
    : m_ctx(ctx)
    , m_machine(machine)
    , m_cgroups(cgroups)
    , m_fair(fair)
    , m_wakeup(wakeup) {}

TaskGroup& Scheduler::effectiveGroup(const Task& p, bool exiting) const {
    CgroupTree& cg = const_cast<CgroupTree&>(m_cgroups);
    TaskGroup* tg = cg.at(p.cgroup).tg;
    // Autogroup applies only to tasks of the root cpu cgroup, and never to an exiting task.
    if (m_ctx.features.autogroup && !tg->parent && p.session != 0 && !exiting)
        return cg.autogroup(p.session);
    return *tg;
}

void Scheduler::armResume(Rq& rq) {
    if (rq.resume.valid())
        m_ctx.queue.cancel(rq.resume);
    rq.resume = {};
    Task* t = rq.curr;
    if (!t)
        return;
    const SimTime at = std::max(m_ctx.now, rq.cursor) + t->coldRemaining + t->runRemaining;
    rq.resume = m_ctx.queue.push(at, Event{static_cast<uint32_t>(EventKind::CpuResume), rq.cpu, 0});
}

void Scheduler::ensureTick(Rq& rq) {
    if (rq.tickArmed)
        return;
    const int64_t period = m_ctx.tickPeriod.count();
    const SimTime next = SimTime::ns((m_ctx.now.count() / period + 1) * period);
    rq.tick = m_ctx.queue.push(next, Event{static_cast<uint32_t>(EventKind::Tick), rq.cpu, 0});
    rq.tickArmed = true;
}

void Scheduler::schedule(Rq& rq) {
    m_fair.updateCurr(rq);
    Task* prev = rq.curr;
    if (prev) {
        if (prev->state == TaskState::Running) {
            prev->state = TaskState::Runnable;
            prev->runnableSince = m_ctx.now;
        }
        m_fair.putPrevTask(rq, *prev);
    }
    // While the scheduler picks, no task owns the CPU: work charged now is nobody's time
    // (prev's entity is back in the tree and its vruntime must not move).
    rq.curr = nullptr;
    Task* next = m_fair.pickNextTask(rq);
    if (next == prev) {
        rq.curr = next;
        if (next)
            next->state = TaskState::Running;
        armResume(rq);
        return;
    }
    ++m_ctx.counters.contextSwitches;
    ++rq.nrSwitches;
    if (prev) {
        if (prev->state == TaskState::Runnable)
            ++prev->nivcsw;
        else if (prev->state != TaskState::Dead)
            ++prev->nvcsw;
    }
    rq.curr = next;
    // The switch runs in the incoming task's context (finish_task_switch and the return path).
    m_machine.charge(rq, CostOp::ContextSwitch);
    if (next) {
        next->state = TaskState::Running;
        next->waitTime += m_ctx.now - next->runnableSince;
        ensureTick(rq);
    } else {
        rq.idleStamp = rq.cursor;
        m_wakeup.noteIdle(rq.cpu);
    }
    armResume(rq);
}

void Scheduler::checkPreemptCurr(Rq& rq, Task& p) {
    if (!rq.curr) {
        schedule(rq);
        return;
    }
    ensureTick(rq);
    if (m_fair.checkPreemptWakeup(rq, p)) {
        ++m_ctx.counters.wakeupPreemptions;
        schedule(rq);
    }
}

void Scheduler::setTaskCpu(Task& p, uint32_t cpu, MigrationReason reason, int level, Rq& chargeTo) {
    const uint32_t from = p.cpu.value();
    if (from == cpu)
        return;
    p.cpu = CpuId(cpu);
    m_fair.setTaskRq(p, cpu);
    ++p.migrations;
    ++m_ctx.counters.migrations;
    ++m_ctx.counters.migrationsByReason[static_cast<size_t>(reason)];
    m_machine.charge(chargeTo, CostOp::Migration);
    if (reason != MigrationReason::Fork)
        p.coldRemaining = std::max(p.coldRemaining, m_ctx.costs[CostOp::CacheCold]);
    if (m_ctx.trace)
        m_ctx.trace->migration({m_ctx.now, p.id, from, cpu, reason, static_cast<int8_t>(level)});
}

void Scheduler::tryToWakeUp(Task& p, Rq& wakerRq, Task* waker, bool sync) {
    assert(!p.runnable() && p.state != TaskState::Dead);
    m_machine.charge(wakerRq, CostOp::Wakeup);
    ++m_ctx.counters.wakeups;
    const uint32_t prev = p.cpu.value();
    const uint32_t cpu = m_wakeup.selectTaskRq(p, prev, wakerRq.cpu, waker, Wakeup::Kind::Wake, sync);
    if (cpu != prev) {
        m_fair.migrateTaskRq(p);
        setTaskCpu(p, cpu, MigrationReason::Wakeup, -1, wakerRq);
    }
    p.state = TaskState::Runnable;
    p.block = BlockReason::None;
    p.runnableSince = m_ctx.now;
    Rq& rq = m_machine.rq(cpu);
    if (&rq != &wakerRq && m_machine.idle(rq))
        m_machine.charge(rq, CostOp::Ipi);
    m_fair.enqueueTask(rq, p, Fair::EnqueueWakeup);
    checkPreemptCurr(rq, p);
}

void Scheduler::wakeUpNewTask(Task& p, uint32_t parentCpu, Task* parent) {
    p.cpu = CpuId(parentCpu);
    m_fair.taskFork(p, parentCpu);
    Rq& parentRq = m_machine.rq(parentCpu);
    const uint32_t cpu = m_wakeup.selectTaskRq(p, parentCpu, parentCpu, parent, Wakeup::Kind::Fork, false);
    if (cpu != parentCpu)
        setTaskCpu(p, cpu, MigrationReason::Fork, -1, parentRq);
    p.state = TaskState::Runnable;
    p.startTime = m_ctx.now;
    p.runnableSince = m_ctx.now;
    Rq& rq = m_machine.rq(cpu);
    if (&rq != &parentRq && m_machine.idle(rq))
        m_machine.charge(rq, CostOp::Ipi);
    m_fair.enqueueTask(rq, p, 0);
    checkPreemptCurr(rq, p);
}

void Scheduler::blockCurrent(Rq& rq, TaskState state, BlockReason reason) {
    Task* p = rq.curr;
    assert(p);
    p->state = state;
    p->block = reason;
    m_fair.dequeueTask(rq, *p, Fair::DequeueSleep);
    schedule(rq);
}

void Scheduler::yieldCurrent(Rq& rq) {
    ++m_ctx.counters.yields;
    m_fair.yieldTask(rq);
    schedule(rq);
}

void Scheduler::tick(Rq& rq) {
    rq.tickArmed = false;
    rq.tick = {};
    ++m_ctx.counters.ticks;
    if (!rq.curr)
        return; // nohz: an idle CPU stops its tick
    const bool resched = m_fair.taskTick(rq);
    m_machine.charge(rq, CostOp::Tick);
    ensureTick(rq);
    if (resched) {
        ++m_ctx.counters.tickPreemptions;
        schedule(rq);
    }
}

void Scheduler::exitTask(Task& p) {
    Rq& rq = m_machine.rq(p.cpu.value());
    ++m_ctx.counters.exits;
    if (p.timer.valid()) {
        m_ctx.queue.cancel(p.timer);
        p.timer = {};
    }
    const bool running = rq.curr == &p;
    if (p.runnable())
        m_fair.dequeueTask(rq, p, Fair::DequeueSleep);
    p.state = TaskState::Dead;
    p.exitTime = m_ctx.now;
    m_machine.charge(rq, CostOp::Exit);
    m_cgroups.at(p.cgroup).nrTasks--;
    if (running)
        schedule(rq);
    m_fair.migrateTaskRq(p); // its load leaves the queue (task_dead_fair)
    if (m_exitListener)
        m_exitListener->taskExited(p);
}

void Scheduler::moveTask(Task& p, CgroupId to) {
    Rq& rq = m_machine.rq(p.cpu.value());
    ++m_ctx.counters.schedMoveTaskCalls;
    const SimTime before = rq.overhead;
    // Lock the runqueue and update its clock (one clock read).
    m_machine.charge(rq, CostOp::RqClockUpdate);
    m_machine.charge(rq, CostOp::CpuClock);
    ++m_ctx.counters.cpuClockReads;
    // sched_change_group's detach/attach work, charged up front: no time may be accounted to
    // the task while its group entities are being requeued below.
    m_machine.charge(rq, CostOp::GroupChange);
    const bool running = rq.curr == &p;
    const bool queued = p.se.onRq;
    if (queued)
        m_fair.dequeueTask(rq, p, Fair::DequeueSave | Fair::DequeueMove);
    if (running) {
        m_fair.putPrevTask(rq, p);
        rq.curr = nullptr; // its group entities may be back in their trees: charge nobody
    }
    if (!queued && !p.migrated) {
        p.se.vruntime -= p.se.cfsRq->minVruntime; // detach_task_cfs_rq: make it relative
        p.migrated = true;
    }
    if (queued)
        p.migrated = true; // a non-sleep dequeue left its vruntime relative
    m_fair.detachLoad(p);
    m_cgroups.at(p.cgroup).nrTasks--;
    p.cgroup = to;
    m_cgroups.at(to).nrTasks++;
    p.tg = &effectiveGroup(p, p.state == TaskState::Dead);
    recomputeAllowed(p);
    m_fair.setTaskRq(p, p.cpu.value());
    if (queued)
        m_fair.enqueueTask(rq, p, 0);
    if (running) {
        m_fair.setCurrTask(rq, p);
        rq.curr = &p;
        schedule(rq); // v6.x forces a resched of the moved current task
    }
    m_ctx.counters.schedMoveTaskTime += rq.overhead - before;
    // The new cpuset may exclude the task's CPU.
    if (p.runnable() && !p.allowedOn(p.cpu)) {
        const uint32_t dst = p.allowed->first().value();
        if (rq.curr == &p)
            migrateRunning(p, dst, MigrationReason::Move, -1);
        else
            migrateQueued(p, dst, MigrationReason::Move, -1, rq);
    }
}

void Scheduler::migrateRunning(Task& p, uint32_t cpu, MigrationReason reason, int level) {
    // What the per-CPU stopper does: preempt the task on its CPU, then move it while queued.
    Rq& src = m_machine.rq(p.cpu.value());
    assert(src.curr == &p);
    m_fair.dequeueTask(src, p, 0);
    p.state = TaskState::Runnable;
    p.runnableSince = m_ctx.now;
    schedule(src);
    p.migrated = true;
    m_fair.detachLoad(p);
    setTaskCpu(p, cpu, reason, level, src);
    Rq& dst = m_machine.rq(cpu);
    if (m_machine.idle(dst))
        m_machine.charge(dst, CostOp::Ipi);
    m_fair.enqueueTask(dst, p, 0);
    checkPreemptCurr(dst, p);
}

void Scheduler::migrateQueued(Task& p, uint32_t cpu, MigrationReason reason, int level, Rq& chargeTo) {
    Rq& src = m_machine.rq(p.cpu.value());
    assert(src.curr != &p && p.se.onRq);
    m_fair.dequeueTask(src, p, 0);
    p.migrated = true;
    m_fair.detachLoad(p);
    setTaskCpu(p, cpu, reason, level, chargeTo);
    Rq& dst = m_machine.rq(cpu);
    if (m_machine.idle(dst) && &dst != &chargeTo)
        m_machine.charge(dst, CostOp::Ipi);
    m_fair.enqueueTask(dst, p, 0);
    checkPreemptCurr(dst, p);
}

void Scheduler::initTask(Task& p) {
    p.tg = &effectiveGroup(p, false);
    recomputeAllowed(p);
    p.se.weight = niceToWeight(p.nice);
    m_cgroups.at(p.cgroup).nrTasks++;
}

void Scheduler::recomputeAllowed(Task& p) {
    const auto& cgCpus = m_cgroups.at(p.cgroup).cpus;
    if (!cgCpus) {
        p.allowed = p.affinity;
    } else if (!p.affinity) {
        p.allowed = cgCpus;
    } else {
        CpuSet both = *p.affinity & *cgCpus;
        // An empty intersection falls back to the cpuset (the kernel resets affinity).
        p.allowed = both.empty() ? cgCpus : std::make_shared<const CpuSet>(std::move(both));
    }
}

} // namespace core
