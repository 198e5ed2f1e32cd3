// The scheduler's system calls that change a task's scheduling (kernel/sched/syscalls.c, in
// core.c before v6.11): set_user_nice (setpriority) and __sched_setscheduler (sched_setscheduler,
// sched_setattr). docs/scenario-format.md ("nice", "policy") says what a program gets of them.
#include "sched/scheduler.h"

namespace core {

namespace {

/// The kernel's prio: 0..98 for RT (99 - rt_priority), 100..139 for the fair policies.
int kernelPrio(SchedPolicy policy, uint8_t rtPriority, int nice) {
    return rtPolicy(policy) ? 99 - rtPriority : 120 + nice;
}

} // namespace

void Scheduler::setNice(Task& p, int nice) {
    if (p.nice == nice || p.state == TaskState::Dead)
        return;
    // An RT task keeps the nice for later (static_prio): it schedules by its RT priority.
    if (p.rt()) {
        p.nice = nice;
        return;
    }
    changeScheduling(p, p.policy, 0, nice, true);
}

void Scheduler::setScheduler(Task& p, SchedPolicy policy, uint8_t rtPriority, int nice) {
    if (p.state == TaskState::Dead)
        return;
    if (rtPolicy(policy) ? p.policy == policy && p.rtPriority == rtPriority
                         : p.policy == policy && p.nice == nice)
        return; // the kernel's fast path: nothing changes
    changeScheduling(p, policy, rtPolicy(policy) ? rtPriority : 0, nice, false);
}

void Scheduler::changeScheduling(Task& p, SchedPolicy policy, uint8_t rtPriority, int nice, bool userNice) {
    Rq& rq = m_machine.rq(p.cpu.value());
    if (p.se.delayed)
        m_fair.finishDelayedDequeue(p); // a sleeper kept queued owing service is dequeued first
    const bool wasRt = p.rt();
    const bool classChange = wasRt != rtPolicy(policy);
    const int oldPrio = kernelPrio(p.policy, p.rtPriority, p.nice);
    const int newPrio = kernelPrio(policy, rtPriority, nice);
    const bool queued = p.queued();
    const bool running = rq.curr == &p;
    // Dequeued with SAVE (and MOVE for sched_setscheduler) and put back with RESTORE: no PSI
    // hook, the task stays runnable.
    if (queued) {
        if (wasRt) {
            if (running)
                m_rt.updateCurr(rq);
            m_rt.dequeueTask(rq, p);
        } else {
            m_fair.dequeueTask(rq, p, Fair::DequeueSave | (userNice ? 0u : uint32_t{Fair::DequeueMove}));
        }
    }
    if (running) {
        putPrevTask(rq, p);
        rq.curr = nullptr;
    }
    if (classChange && !wasRt) { // switched_from_fair: detach_task_cfs_rq
        if (!queued)
            m_fair.detachVruntime(p);
        m_fair.detachLoad(p, true);
    }
    p.policy = policy;
    p.rtPriority = rtPriority;
    p.nice = nice;
    if (!rtPolicy(policy)) {
        if (classChange) {
            m_fair.setTaskRq(p, p.cpu.value());
            if (!queued)
                p.migrated = true; // its vruntime is relative since it left the fair class
        }
        m_fair.reweightTask(p, loadWeight(p)); // set_load_weight(p, true): reweight_task
    } else if (p.rtSliceTicks == 0) {
        m_rt.taskFork(p); // a full RR slice, as __sched_fork gave it
    }
    if (queued) {
        if (rtPolicy(policy))
            m_rt.enqueueTask(rq, p, oldPrio < newPrio); // ENQUEUE_HEAD when its priority drops
        else
            m_fair.enqueueTask(rq, p, 0);
    }
    if (running) {
        if (!rtPolicy(policy))
            m_fair.setCurrTask(rq, p);
        rq.curr = &p;
    }
    if (classChange)
        m_server.update(rq);
    if (!queued)
        return;
    if (classChange) {
        if (wasRt && rq.rt.queue.empty())
            m_rt.pullRtTask(rq, p); // switched_from_rt: no RT task left here, pull one
        if (running && wasRt)
            reschedCurr(rq); // switched_to_fair
        else if (!running)
            checkPreemptCurr(rq, p, true); // switched_to_fair, switched_to_rt
        return;
    }
    if (oldPrio == newPrio)
        return;
    if (rtPolicy(policy)) { // prio_changed_rt
        if (running) {
            if (oldPrio < newPrio)
                m_rt.pullRtTask(rq, p);
            if (p.rtPriority < Rt::level(rq))
                reschedCurr(rq);
        } else {
            checkPreemptCurr(rq, p, true);
        }
        return;
    }
    if (m_ctx.model == KernelModel::V4_11 && userNice) {
        // v4.x set_user_nice: a raised priority, or a lowered one of the running task, reschedules.
        if (newPrio < oldPrio || running)
            reschedCurr(rq);
        return;
    }
    // prio_changed_fair (v4.x's too, for sched_setscheduler; v5.5 on, set_user_nice calls it as
    // well); the v6 kernels leave a task alone that is its root queue's only entity.
    if (m_ctx.model != KernelModel::V4_11 && rq.cfs.nrRunning == 1)
        return;
    if (running) {
        if (newPrio > oldPrio)
            reschedCurr(rq);
    } else {
        checkPreemptCurr(rq, p, true);
    }
}

void Scheduler::reschedCurr(Rq& rq) {
    if (rq.picking)
        return;
    if (rq.reschedRule == PreemptRule::None)
        rq.reschedRule = PreemptRule::Other;
    scheduleWhenFree(rq);
}

} // namespace core
