#include "sched/scheduler.h"

#include "base/weights.h"

#include <algorithm>
#include <cassert>

namespace core {

Scheduler::Scheduler(SimContext& ctx, Machine& machine, CgroupTree& cgroups, Fair& fair, Rt& rt,
                     FairServer& server, Wakeup& wakeup, Psi& psi, Cpuacct& cpuacct, Balancer& balancer)
    : m_ctx(ctx)
    , m_machine(machine)
    , m_cgroups(cgroups)
    , m_fair(fair)
    , m_rt(rt)
    , m_server(server)
    , m_wakeup(wakeup)
    , m_psi(psi)
    , m_cpuacct(cpuacct)
    , m_balancer(balancer) {}

TaskGroup& Scheduler::effectiveGroup(const Task& p, bool exiting) const {
    CgroupTree& cg = const_cast<CgroupTree&>(m_cgroups);
    TaskGroup* tg = cg.at(p.cgroup).tg;
    // Autogroup applies only to tasks of the root cpu cgroup, and never to an exiting task.
    if (m_ctx.features.autogroup && !tg->parent && p.session != 0 && !exiting)
        return cg.autogroup(p.session);
    return *tg;
}

void Scheduler::initTask(Task& p) {
    p.tg = &effectiveGroup(p, false);
    recomputeAllowed(p);
    p.se.weight = loadWeight(p);
    if (p.rt())
        m_rt.taskFork(p);
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
    p.nrCpusAllowed = p.allowed ? static_cast<uint32_t>(p.allowed->count()) : m_machine.nrCpus();
}

uint32_t Scheduler::selectTaskRq(Task& p, uint32_t cpu, uint32_t thisCpu, Task* waker, Wakeup::Kind kind,
                                 bool sync) {
    // select_task_rq: the class chooses only for a task that may run on more than one CPU; a
    // pinned task goes to its CPU with no class work (no wakee record, no idle scan).
    if (p.nrCpusAllowed <= 1)
        return p.allowed ? p.allowed->first().value() : 0; // cpumask_any
    return p.rt() ? m_rt.selectTaskRq(p, cpu, thisCpu)
                  : m_wakeup.selectTaskRq(p, cpu, thisCpu, waker, kind, sync);
}

// ---- events of a CPU --------------------------------------------------------------------------

void Scheduler::armResume(Rq& rq) {
    ++rq.resumeGen; // supersedes any pending resume of this CPU
    Task* t = rq.curr;
    rq.resumeArmed = t != nullptr;
    if (!t)
        return;
    const SimTime at = std::max(m_ctx.now, rq.cursor) + t->coldRemaining + t->runRemaining;
    m_ctx.queue.post(at, Event{static_cast<uint32_t>(EventKind::CpuResume), rq.cpu, rq.resumeGen});
}

void Scheduler::ensureTick(Rq& rq) {
    if (rq.tickArmed)
        return;
    const int64_t period = m_ctx.tickPeriod.count();
    const SimTime next = SimTime::ns((m_ctx.now.count() / period + 1) * period);
    m_ctx.queue.post(next, Event{static_cast<uint32_t>(EventKind::Tick), rq.cpu, 0});
    rq.tickArmed = true;
}

// ---- queueing ---------------------------------------------------------------------------------

void Scheduler::enqueueTask(Rq& rq, Task& p, uint32_t flags) {
    // A wakeup for PSI is one that did not change CPU (a migrated task re-adds its flags).
    const bool wakeup = (flags & Fair::EnqueueWakeup) && !p.migrated;
    m_psi.enqueue(rq, p, wakeup);
    if (p.rt())
        m_rt.enqueueTask(rq, p, false);
    else
        m_fair.enqueueTask(rq, p, flags);
    m_balancer.noteNrRunning(rq);
    m_server.update(rq);
}

void Scheduler::dequeueTask(Rq& rq, Task& p, uint32_t flags) {
    m_psi.dequeue(rq, p, flags & Fair::DequeueSleep);
    if (p.rt()) {
        if (rq.curr == &p)
            m_rt.updateCurr(rq);
        m_rt.dequeueTask(rq, p);
    } else {
        m_fair.dequeueTask(rq, p, flags);
    }
    m_server.update(rq);
}

void Scheduler::updateCurr(Rq& rq) {
    if (rq.curr && rq.curr->rt())
        m_rt.updateCurr(rq);
    else
        m_fair.updateCurr(rq);
}

void Scheduler::putPrevTask(Rq& rq, Task& prev) {
    if (prev.rt())
        m_rt.putPrevTask(rq, prev);
    else
        m_fair.putPrevTask(rq, prev);
}

Task* Scheduler::pickNextTask(Rq& rq, Task*& fairPrev) {
    if (m_server.serving(rq)) // the deadline class's pick_task: prev is put and next set whole
        if (Task* t = m_fair.pickNextTask(rq, fairPrev, true))
            return t;
    if (Task* t = m_rt.pickNextTask(rq)) {
        if (fairPrev) { // pick_next_task_rt puts the fair task whole
            m_fair.putPrevTask(rq, *fairPrev);
            fairPrev = nullptr;
        }
        return t;
    }
    return m_fair.pickNextTask(rq, fairPrev);
}

// ---- switching --------------------------------------------------------------------------------

void Scheduler::countSwitch(Rq& rq, const Task* prev, const Task* next, PreemptRule rule) {
    ++m_ctx.counters.contextSwitches;
    ++rq.nrSwitches;
    if (!m_ctx.trace)
        return;
    SwitchRecord r;
    r.time = m_ctx.now;
    r.cpu = rq.cpu;
    if (prev) {
        r.prev = prev->id;
        r.prevState = prev->state;
        r.rule = prev->state == TaskState::Runnable ? rule : PreemptRule::None;
        if (prev->state != TaskState::Runnable && prev->state != TaskState::Dead) {
            r.prevBlock = prev->block;
            r.prevChannel = prev->blockChannel;
        }
    }
    if (next) {
        r.next = next->id;
        r.nextRunnableSince = next->runnableSince;
    }
    if (!prev)
        r.rule = PreemptRule::None;
    m_ctx.trace->contextSwitch(r);
}

void Scheduler::schedule(Rq& rq) {
    updateCurr(rq);
    // Why curr goes, if it is still runnable: the rule that asked for this schedule(), else a
    // rescheduling of another kind (a move, an affinity change).
    const PreemptRule rule = rq.reschedRule == PreemptRule::None ? PreemptRule::Other : rq.reschedRule;
    rq.reschedRule = PreemptRule::None;
    Task* prev = rq.curr;
    if (prev) {
        if (prev->state == TaskState::Running) {
            prev->state = TaskState::Runnable;
            prev->runnableSince = m_ctx.now;
        }
    }
    // A fair prev stays current on its levels until the fair class knows the next task: it then
    // puts and sets only the levels that change (pick_next_task_fair). Any other class puts it.
    Task* fairPrev = prev && !prev->rt() ? prev : nullptr;
    if (prev && !fairPrev)
        putPrevTask(rq, *prev);
    // While the scheduler picks, no task owns the CPU: work charged now is nobody's time
    // (prev's vruntime must not move).
    rq.curr = nullptr;
    rq.picking = true; // tasks pulled in meanwhile are picked below, not by a nested schedule()
    if (prev && prev->rt())
        m_rt.pullRtTask(rq, *prev); // balance_rt: the CPU's RT priority may have dropped
    Task* next = pickNextTask(rq, fairPrev);
    if (!next && m_balancer.idleBalance(rq))
        next = pickNextTask(rq, fairPrev);
    if (!next && fairPrev)
        m_fair.putPrevTask(rq, *fairPrev); // the idle class's pick puts it
    rq.picking = false;
    rq.needResched = false;
    rq.reschedRule = PreemptRule::None; // with needResched: a rule raised while picking is done
    if (next == prev) {
        rq.curr = next;
        if (next)
            next->state = TaskState::Running;
        else
            m_balancer.enterIdle(rq); // stays idle (after a stopper push, say)
        armResume(rq);
        if (next && next->rt())
            m_rt.pushRtTasks(rq, MigrationReason::RtPush); // set_next_task_rt queues the push
        return;
    }
    countSwitch(rq, prev, next, rule);
    if (prev) {
        if (prev->state == TaskState::Runnable)
            ++prev->nivcsw;
        else if (prev->state != TaskState::Dead)
            ++prev->nvcsw;
        m_cpuacct.switchOut(rq, *prev);
    }
    rq.curr = next;
    // A task whose dequeue is delayed (DELAY_DEQUEUE) is asleep for PSI, as psi_sched_switch has it.
    m_psi.taskSwitch(rq, prev, next, prev && (!prev->queued() || prev->se.delayed));
    // The switch runs in the incoming task's context (finish_task_switch and the return path).
    m_machine.charge(rq, CostOp::ContextSwitch);
    if (next) {
        next->state = TaskState::Running;
        next->waitTime += m_ctx.now - next->runnableSince;
        next->latency.add(m_ctx.now - next->runnableSince);
        if (next->timerWoke) {
            next->timerWoke = false;
            next->timerLatency.add(m_ctx.now - next->timerExpiry);
        }
        m_balancer.exitIdle(rq);
        ensureTick(rq);
    } else {
        m_wakeup.noteIdle(rq.cpu);
        m_balancer.enterIdle(rq);
    }
    armResume(rq);
    if (next && next->rt())
        m_rt.pushRtTasks(rq, MigrationReason::RtPush); // the balance callback, once next runs
}

void Scheduler::reschedule(Rq& rq) {
    if (rq.picking)
        return;
    Task* c = rq.curr;
    if (!c) {
        if (rq.nrRunning)
            schedule(rq);
        return;
    }
    const bool rtWaits = rq.rt.queued && !rq.rt.queue.empty();
    const bool wrongClass = c->rt() ? !rq.rt.queued || (m_server.serving(rq) && rq.cfs.hNrRunning > 0)
                                    : rtWaits && !m_server.serving(rq);
    if (wrongClass && rq.reschedRule == PreemptRule::None)
        rq.reschedRule = !c->rt()        ? PreemptRule::RtPriority
                         : !rq.rt.queued ? PreemptRule::RtThrottle
                                         : PreemptRule::FairServer;
    if (rq.needResched || wrongClass)
        schedule(rq);
}

void Scheduler::scheduleWhenFree(Rq& rq) {
    if (rq.cursor <= m_ctx.now) {
        schedule(rq);
        return;
    }
    // The woken task waits for the work on its way: its wait and the switch count from there,
    // as sched_wakeup to sched_switch does on the kernel.
    rq.needResched = true;
    if (!rq.reschedArmed) {
        rq.reschedArmed = true;
        m_ctx.queue.post(rq.cursor, Event{static_cast<uint32_t>(EventKind::Resched), rq.cpu, 0});
    }
}

void Scheduler::reschedPoint(Rq& rq) {
    rq.reschedArmed = false;
    const bool wanted = rq.needResched || (!rq.curr && rq.nrRunning);
    if (!wanted)
        return;                  // something else scheduled meanwhile
    if (rq.cursor > m_ctx.now) { // more work was charged since: that comes first too
        rq.reschedArmed = true;
        m_ctx.queue.post(rq.cursor, Event{static_cast<uint32_t>(EventKind::Resched), rq.cpu, 0});
        return;
    }
    if (!rq.curr || rq.needResched)
        schedule(rq);
}

void Scheduler::checkPreemptCurr(Rq& rq, Task& p, bool currUpToDate) {
    if (rq.picking)
        return; // the CPU is in schedule() and will pick it
    if (rq.reschedArmed && rq.needResched) {
        // The CPU already has a switch coming once its kernel work is done; that pick sees
        // this task too (check_preempt_wakeup_fair returns early when need_resched is set).
        ensureTick(rq);
        return;
    }
    if (!rq.curr) {
        scheduleWhenFree(rq);
        return;
    }
    ensureTick(rq);
    bool preempt;
    if (p.rt())
        preempt = !m_server.serving(rq) && m_rt.checkPreempt(rq, p); // the server is above RT
    else if (rq.curr->rt())
        preempt = false; // a fair task never preempts an RT one
    else
        preempt = m_fair.checkPreemptWakeup(rq, p, currUpToDate);
    if (preempt) {
        ++m_ctx.counters.wakeupPreemptions;
        if (rq.reschedRule == PreemptRule::None) // a rule that asked earlier came first
            rq.reschedRule = p.rt() ? PreemptRule::RtPriority : PreemptRule::Wakeup;
        scheduleWhenFree(rq);
    }
}

// ---- waking -----------------------------------------------------------------------------------

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
    p.coldRemaining = std::max(p.coldRemaining, m_ctx.costs[CostOp::CacheCold]);
    if (m_ctx.trace)
        m_ctx.trace->migration({m_ctx.now, p.id, from, cpu, reason, static_cast<int8_t>(level)});
}

void Scheduler::placeNewTask(Task& p, uint32_t cpu, Rq& parentRq) {
    // __set_task_cpu: no nr_migrations, no perf cpu-migrations event, no cache-cold start (the
    // child has no cache footprint anywhere yet). The cost stays that of the runqueue locking
    // the fork path does on the chosen CPU, charged as `migration`.
    const uint32_t from = p.cpu.value();
    p.cpu = CpuId(cpu);
    m_fair.setTaskRq(p, cpu);
    ++m_ctx.counters.placements;
    m_machine.charge(parentRq, CostOp::Migration);
    if (m_ctx.trace)
        m_ctx.trace->placement({m_ctx.now, p.id, from, cpu});
}

void Scheduler::tryToWakeUp(Task& p, Rq& wakerRq, Task* waker, bool sync) {
    assert(!p.runnable() && p.state != TaskState::Dead);
    m_machine.charge(wakerRq, CostOp::Wakeup);
    ++m_ctx.counters.wakeups;
    if (p.se.delayed) {
        // ttwu_runnable: still queued where it slept (DELAY_DEQUEUE), so it wakes there, with
        // no CPU selection.
        p.state = TaskState::Runnable;
        p.block = BlockReason::None;
        p.runnableSince = m_ctx.now;
        if (m_ctx.trace)
            m_ctx.trace->wakeup({m_ctx.now, p.id, waker ? waker->id : TaskId::invalid(), wakerRq.cpu,
                                 p.cpu.value(), waker ? WakeSource::Task : WakeSource::Timer});
        Rq& rq = m_machine.rq(p.cpu.value());
        enqueueTask(rq, p, Fair::EnqueueWakeup);
        checkPreemptCurr(rq, p, false); // requeue_delayed_entity reads no clock
        return;
    }
    const uint32_t prev = p.cpu.value();
    const uint32_t cpu = selectTaskRq(p, prev, wakerRq.cpu, waker, Wakeup::Kind::Wake, sync);
    if (cpu != prev) {
        m_psi.ttwuDequeue(wakerRq, p);
        if (p.rt())
            p.migrated = true;
        else
            m_fair.migrateTaskRq(p);
        setTaskCpu(p, cpu, MigrationReason::Wakeup, -1, wakerRq);
    }
    p.state = TaskState::Runnable;
    p.block = BlockReason::None;
    p.runnableSince = m_ctx.now;
    if (m_ctx.trace)
        m_ctx.trace->wakeup({m_ctx.now, p.id, waker ? waker->id : TaskId::invalid(), wakerRq.cpu, cpu,
                             waker ? WakeSource::Task : WakeSource::Timer});
    Rq& rq = m_machine.rq(cpu);
    if (&rq != &wakerRq && m_machine.idle(rq))
        m_machine.charge(rq, CostOp::Ipi);
    m_balancer.noteWakeupOnIdle(rq);
    enqueueTask(rq, p, Fair::EnqueueWakeup);
    checkPreemptCurr(rq, p, true);
    if (p.rt())
        m_rt.taskWoken(rq, p);
}

void Scheduler::wakeUpNewTask(Task& p, uint32_t parentCpu, Task* parent) {
    p.cpu = CpuId(parentCpu);
    p.recentUsedCpu = static_cast<int32_t>(parentCpu); // wake_up_new_task (read by the v6 path only)
    if (p.rt())
        m_fair.setTaskRq(p, parentCpu); // its entity points at its group's queue, unused
    else
        m_fair.taskFork(p, parentCpu);
    Rq& parentRq = m_machine.rq(parentCpu);
    const uint32_t cpu = selectTaskRq(p, parentCpu, parentCpu, parent, Wakeup::Kind::Fork, false);
    if (cpu != parentCpu)
        placeNewTask(p, cpu, parentRq);
    p.state = TaskState::Runnable;
    p.startTime = m_ctx.now;
    p.runnableSince = m_ctx.now;
    if (m_ctx.trace)
        m_ctx.trace->wakeup(
            {m_ctx.now, p.id, parent ? parent->id : TaskId::invalid(), parentCpu, cpu, WakeSource::Fork});
    Rq& rq = m_machine.rq(cpu);
    if (&rq != &parentRq && m_machine.idle(rq))
        m_machine.charge(rq, CostOp::Ipi);
    enqueueTask(rq, p, Fair::EnqueueInitial);
    checkPreemptCurr(rq, p, true);
    if (p.rt())
        m_rt.taskWoken(rq, p);
}

void Scheduler::blockCurrent(Rq& rq, TaskState state, BlockReason reason) {
    Task* p = rq.curr;
    assert(p);
    p->state = state;
    p->block = reason;
    dequeueTask(rq, *p, Fair::DequeueSleep);
    schedule(rq);
}

void Scheduler::yieldCurrent(Rq& rq) {
    ++m_ctx.counters.yields;
    if (rq.curr->rt())
        m_rt.yieldTask(rq);
    else
        m_fair.yieldTask(rq);
    rq.reschedRule = PreemptRule::Yield;
    schedule(rq);
}

void Scheduler::tick(Rq& rq) {
    rq.tickArmed = false;
    ++m_ctx.counters.ticks;
    if (!rq.curr)
        return; // nohz: an idle CPU stops its tick
    // Account the tick to the mode it interrupted, before the tick's own kernel work.
    m_cpuacct.tick(rq, *rq.curr);
    const bool resched = rq.curr->rt() ? m_rt.taskTick(rq) : m_fair.taskTick(rq);
    m_machine.charge(rq, CostOp::Tick);
    ensureTick(rq);
    m_balancer.tick(rq); // SCHED_SOFTIRQ and the NOHZ kick
    if (m_timerListener) // the interrupt goes on with the sleep timers due; it reschedules on its way out
        m_timerListener->timerInterrupt(rq);
    if (resched && rq.curr && !(rq.reschedArmed && rq.needResched)) { // else a wakeup's switch is due
        ++m_ctx.counters.tickPreemptions;
        if (rq.reschedRule == PreemptRule::None)
            rq.reschedRule = PreemptRule::Tick;
        schedule(rq);
    }
}

// ---- bandwidth control --------------------------------------------------------------------------

void Scheduler::kickUnthrottled(const std::vector<Rq*>& rqs) {
    for (Rq* rq : rqs) {
        m_balancer.noteNrRunning(*rq);
        // unthrottle_cfs_rq: an idle CPU with something to run reschedules; a busy one finds
        // the group at its next pick.
        if (!rq->curr && !rq->picking && rq->nrRunning)
            schedule(*rq);
    }
}

void Scheduler::setCpuMax(TaskGroup& tg, const CpuMax& max) {
    std::vector<Rq*> unthrottled;
    m_fair.setBandwidth(tg, max, unthrottled);
    kickUnthrottled(unthrottled);
}

void Scheduler::bandwidthTimer(EventKind kind, uint32_t taskGroup, uint32_t gen) {
    std::vector<Rq*> unthrottled;
    TaskGroup& tg = m_cgroups.group(taskGroup);
    if (kind == EventKind::BandwidthPeriod)
        m_fair.bandwidthPeriodTimer(tg, gen, unthrottled);
    else
        m_fair.bandwidthSlackTimer(tg, gen, unthrottled);
    kickUnthrottled(unthrottled);
}

void Scheduler::rtPeriodTimer(uint32_t gen) {
    std::vector<Rq*> resched;
    m_rt.periodTimer(gen, resched);
    for (Rq* rq : resched) {
        m_balancer.noteNrRunning(*rq);
        reschedule(*rq);
    }
}

void Scheduler::fairServerTimer(uint32_t cpu, uint32_t gen) {
    Rq& rq = m_machine.rq(cpu);
    updateCurr(rq); // the RT time of the period so far
    if (m_server.timer(rq, gen))
        reschedule(rq);
}

// ---- exit and moves ---------------------------------------------------------------------------

void Scheduler::exitTask(Task& p, SimTime rebate) {
    Rq& rq = m_machine.rq(p.cpu.value());
    ++m_ctx.counters.exits;
    if (p.timer.valid()) {
        m_ctx.queue.cancel(p.timer);
        p.timer = {};
    }
    const SimTime exitCost = m_ctx.costs[CostOp::Exit];
    m_machine.charge(rq, CostOp::Exit, exitCost - std::min(exitCost, rebate));
    m_fair.finishDelayedDequeue(p); // a sleeper killed while its dequeue was delayed
    // do_exit -> sched_autogroup_exit_task: every exit passes through sched_move_task.
    schedMoveTask(p, true);
    const bool running = rq.curr == &p;
    const bool queued = p.queued();
    const bool blocked = !p.runnable();
    p.state = TaskState::Dead;
    p.exitTime = m_ctx.now;
    if (running) {
        dequeueTask(rq, p,
                    Fair::DequeueSleep | Fair::DequeueSpecial); // the final switch clears its PSI state
        schedule(rq);
    } else if (queued) {
        dequeueTask(rq, p, 0); // killed while waiting for a CPU
    } else if (blocked) {
        m_psi.taskGone(rq, p); // killed while asleep with iowait/memstall flags
    }
    m_cgroups.at(p.cgroup).nrTasks--;
    // task_dead_fair: the dead task's load leaves its queue.
    if (!p.migrated)
        p.migrated = true;
    if (!p.rt())
        m_fair.detachLoad(p);
    if (m_exitListener)
        m_exitListener->taskExited(p);
}

void Scheduler::schedMoveTask(Task& p, bool exiting) {
    Rq& rq = m_machine.rq(p.cpu.value());
    ++m_ctx.counters.schedMoveTaskCalls;
    const SimTime before = rq.overhead;
    m_machine.charge(rq, CostOp::TaskRqLock);
    TaskGroup& target = effectiveGroup(p, exiting);
    if (m_ctx.optimizations.test(Optimization::AutogroupMoveSkip) && &target == p.tg) {
        // The 2023 change: nothing to do when the effective group stays the same.
        m_ctx.counters.schedMoveTaskTime += rq.overhead - before;
        return;
    }
    m_machine.charge(rq, CostOp::RqClockUpdate);
    m_machine.charge(rq, CostOp::CpuClock);
    ++m_ctx.counters.cpuClockReads;
    // sched_change_group's detach/attach work, charged before any entity is requeued: no time
    // may be accounted to the task while its group entities are in their trees.
    m_machine.charge(rq, CostOp::GroupChange);
    const bool running = rq.curr == &p;
    const bool queued = p.queued();
    if (p.rt()) {
        // Without RT group scheduling the group only changes where its time is accounted;
        // the task goes to the tail of its priority's list (ENQUEUE_RESTORE without HEAD).
        if (queued) { // no PSI hook (SAVE)
            if (running)
                m_rt.updateCurr(rq);
            m_rt.dequeueTask(rq, p);
        }
        p.tg = &target;
        m_fair.setTaskRq(p, p.cpu.value());
        if (queued)
            m_rt.enqueueTask(rq, p, false);
        m_ctx.counters.schedMoveTaskTime += rq.overhead - before;
        if (running && !exiting)
            schedule(rq);
        return;
    }
    if (queued)
        m_fair.dequeueTask(rq, p, Fair::DequeueSave | Fair::DequeueMove); // no PSI hook (SAVE)
    if (running) {
        m_fair.putPrevTask(rq, p);
        rq.curr = nullptr;
    }
    if (queued)
        p.migrated = true; // a non-sleep dequeue left its vruntime relative
    else
        m_fair.detachVruntime(p); // detach_task_cfs_rq
    // Detach from the old group's queue, the removal propagated up at once.
    m_fair.detachLoad(p, true);
    p.tg = &target;
    m_fair.setTaskRq(p, p.cpu.value());
    if (queued)
        m_fair.enqueueTask(rq, p, 0); // no PSI hook (RESTORE)
    if (running) {
        m_fair.setCurrTask(rq, p);
        rq.curr = &p;
    }
    m_ctx.counters.schedMoveTaskTime += rq.overhead - before;
    // A moved running task is rescheduled (its group changed); an exiting one is about to be.
    if (running && !exiting)
        schedule(rq);
}

void Scheduler::moveTask(Task& p, CgroupId to) {
    if (p.cgroup == to)
        return;
    Rq& rq = m_machine.rq(p.cpu.value());
    const CgroupId from = p.cgroup;
    m_fair.finishDelayedDequeue(p);
    m_psi.cgroupMove(rq, p, from, to);
    p.cgroup = to;
    m_cgroups.at(from).nrTasks--;
    m_cgroups.at(to).nrTasks++;
    recomputeAllowed(p);
    schedMoveTask(p, false);
    // The new cpuset may exclude the task's CPU.
    if (p.runnable() && !p.allowedOn(p.cpu)) {
        const uint32_t dst = p.allowed->first().value();
        if (m_machine.rq(p.cpu.value()).curr == &p)
            migrateRunning(p, dst, MigrationReason::Move, -1);
        else
            migrateQueued(p, dst, MigrationReason::Move, -1, rq);
    }
}

void Scheduler::setAffinity(Task& p, std::shared_ptr<const CpuSet> mask) {
    // sched_setaffinity: the new mask applies at once; a task left on a CPU it may no longer
    // use is moved (a running one by the stopper), a sleeping one at its next wakeup.
    p.affinity = std::move(mask);
    recomputeAllowed(p);
    if (p.se.delayed && !p.allowedOn(p.cpu))
        m_fair.finishDelayedDequeue(p); // it may not stay queued on a CPU it can no longer use
    if (p.state == TaskState::New || !p.runnable() || p.allowedOn(p.cpu))
        return;
    const uint32_t dst = p.allowed->first().value();
    Rq& rq = m_machine.rq(p.cpu.value());
    if (rq.curr == &p)
        migrateRunning(p, dst, MigrationReason::Affinity, -1);
    else
        migrateQueued(p, dst, MigrationReason::Affinity, -1, rq);
}

// ---- migrations -------------------------------------------------------------------------------

void Scheduler::migrateQueued(Task& p, uint32_t cpu, MigrationReason reason, int level, Rq& chargeTo) {
    Rq& src = m_machine.rq(p.cpu.value());
    assert(src.curr != &p && p.queued());
    dequeueTask(src, p, 0);
    p.migrated = true;
    if (!p.rt())
        m_fair.detachLoad(p);
    setTaskCpu(p, cpu, reason, level, chargeTo);
    Rq& dst = m_machine.rq(cpu);
    if (m_machine.idle(dst) && &dst != &chargeTo)
        m_machine.charge(dst, CostOp::Ipi);
    enqueueTask(dst, p, 0);
    checkPreemptCurr(dst, p, true);
}

void Scheduler::migrateRunning(Task& p, uint32_t cpu, MigrationReason reason, int level) {
    // What the per-CPU stopper does: it preempts the task (which stays queued), moves it while
    // it is not running, and then lets the CPU pick its next task.
    Rq& src = m_machine.rq(p.cpu.value());
    assert(src.curr == &p);
    updateCurr(src);
    p.state = TaskState::Runnable;
    p.runnableSince = m_ctx.now;
    ++p.nivcsw;
    putPrevTask(src, p);
    src.curr = nullptr;
    countSwitch(src, &p, nullptr, PreemptRule::Other); // the stopper takes the CPU
    m_psi.taskSwitch(src, &p, nullptr, false);         // the stopper runs: p is no longer on the CPU
    m_cpuacct.switchOut(src, p);
    m_machine.charge(src, CostOp::ContextSwitch);
    migrateQueued(p, cpu, reason, level, src);
    schedule(src);
    if (!src.curr) {
        // The stopper hands the CPU to the idle task: that is a switch too.
        countSwitch(src, nullptr, nullptr, PreemptRule::None);
        m_machine.charge(src, CostOp::ContextSwitch);
        m_wakeup.noteIdle(src.cpu);
    }
}

} // namespace core
