#include "sched/rt.h"

#include "accounting/cpuacct.h"
#include "sched/task.h"

#include <algorithm>
#include <cassert>

namespace core {

Rt::Rt(SimContext& ctx, Machine& machine, Cpuacct& cpuacct, TaskMover& mover)
    : m_ctx(ctx)
    , m_machine(machine)
    , m_cpuacct(cpuacct)
    , m_mover(mover)
    , m_throttling(kernelModelInfo(ctx.model).rtThrottling)
    , m_runtimeShare(kernelModelInfo(ctx.model).rtRuntimeShare)
    , m_overloadPushable(kernelModelInfo(ctx.model).rtOverloadPushable)
    , m_distribute(kernelModelInfo(ctx.model).rtDistribute) {
    for (Rq& rq : m_machine.rqs())
        rq.rt.runtime = m_ctx.tunables.rtRuntime;
}

int Rt::prio(const Task& p) {
    return 99 - p.rtPriority;
}

int Rt::level(const Rq& rq) {
    return rq.rt.queue.empty() ? 0 : rq.rt.queue.front()->rtPriority;
}

bool Rt::migratable(const Task& p) const {
    return p.nrCpusAllowed > 1;
}

// ---- the queue ----------------------------------------------------------------------------------

void Rt::enqueueTask(Rq& rq, Task& p, bool head) {
    assert(p.rt() && !p.rtOnRq);
    auto& q = rq.rt.queue;
    // The list of p's priority starts at the first task not better than p and ends before the
    // first worse one.
    auto at = head ? std::find_if(q.begin(), q.end(), [&](Task* t) { return t->rtPriority <= p.rtPriority; })
                   : std::find_if(q.begin(), q.end(), [&](Task* t) { return t->rtPriority < p.rtPriority; });
    q.insert(at, &p);
    p.rtOnRq = true;
    p.migrated = false;
    if (rq.rt.queued)
        ++rq.nrRunning;
    startPeriodTimer(); // inc_rt_tasks -> start_rt_bandwidth
}

void Rt::dequeueTask(Rq& rq, Task& p) {
    assert(p.rtOnRq);
    auto& q = rq.rt.queue;
    q.erase(std::find(q.begin(), q.end(), &p));
    p.rtOnRq = false;
    if (rq.rt.queued)
        --rq.nrRunning;
}

void Rt::requeue(Rq& rq, Task& p, bool head) {
    // requeue_task_rt: a move inside the lists, no accounting.
    auto& q = rq.rt.queue;
    q.erase(std::find(q.begin(), q.end(), &p));
    auto at = head ? std::find_if(q.begin(), q.end(), [&](Task* t) { return t->rtPriority <= p.rtPriority; })
                   : std::find_if(q.begin(), q.end(), [&](Task* t) { return t->rtPriority < p.rtPriority; });
    q.insert(at, &p);
}

// ---- running ------------------------------------------------------------------------------------

void Rt::updateCurr(Rq& rq) {
    m_machine.advance(rq);
    Task* t = rq.curr;
    if (!t || !t->rt() || rq.pendingExec.count() <= 0)
        return;
    const SimTime d = m_cpuacct.chargeExec(rq, *t);
    t->se.sumExec += d;
    t->se.execStart = m_ctx.now;
    rq.rt.execTotal += d;
    if (!m_throttling || rq.rt.runtime >= m_ctx.tunables.rtPeriod)
        return;
    rq.rt.rtTime += d;
    if (runtimeExceeded(rq)) {
        rq.needResched = true;
        if (rq.reschedRule == PreemptRule::None)
            rq.reschedRule = PreemptRule::RtThrottle;
    }
}

void Rt::putPrevTask(Rq& rq, Task& prev) {
    (void)prev;
    updateCurr(rq); // a preempted task keeps its place at the head of its list
}

Task* Rt::pickNextTask(Rq& rq) {
    if (!rq.rt.queued || rq.rt.queue.empty())
        return nullptr;
    return rq.rt.queue.front();
}

bool Rt::taskTick(Rq& rq) {
    updateCurr(rq);
    Task* p = rq.curr;
    if (p->policy == SchedPolicy::Rr && --p->rtSliceTicks == 0) {
        taskFork(*p); // a fresh slice
        // To the back of its list when it is not alone there.
        const auto& q = rq.rt.queue;
        const bool alone = std::count_if(q.begin(), q.end(),
                                         [&](const Task* t) { return t->rtPriority == p->rtPriority; }) == 1;
        if (!alone) {
            requeue(rq, *p, false);
            return true;
        }
    }
    return rq.needResched;
}

void Rt::taskFork(Task& p) const {
    const int64_t ticks = m_ctx.tunables.rrTimeslice.count() / m_ctx.tickPeriod.count();
    p.rtSliceTicks = static_cast<uint32_t>(std::max<int64_t>(ticks, 1));
}

void Rt::yieldTask(Rq& rq) {
    requeue(rq, *rq.curr, false);
}

bool Rt::checkPreempt(Rq& rq, Task& p) {
    Task* curr = rq.curr;
    if (!curr || !curr->rt())
        return rq.rt.queued; // the class above wins (unless throttled: then it does not run)
    if (p.rtPriority > curr->rtPriority)
        return true;
    if (p.rtPriority < curr->rtPriority || rq.needResched)
        return false;
    // check_preempt_equal_prio: FIFO among equals, unless p is stuck here and curr could run
    // elsewhere; then p goes first and curr becomes pushable.
    if (!migratable(*curr) || lowestMask(*curr).empty())
        return false;
    if (migratable(p) && !lowestMask(p).empty())
        return false;
    requeue(rq, p, true);
    return true;
}

// ---- placement ----------------------------------------------------------------------------------

CpuSet Rt::lowestMask(const Task& p) const {
    // cpupri: a CPU's level is its best queued RT priority, 0 for fair work or idle (idle and
    // fair CPUs share one level since v5.11; v4.11's separate idle level was not set in
    // practice, docs/rt.md). The mask is the lowest non-empty level below p's.
    const uint32_t n = m_machine.nrCpus();
    int lowest = p.rtPriority;
    for (uint32_t c = 0; c < n; ++c)
        if (p.allowedOn(CpuId(c)))
            lowest = std::min(lowest, level(m_machine.rq(c)));
    CpuSet mask(n);
    if (lowest >= p.rtPriority)
        return mask;
    for (uint32_t c = 0; c < n; ++c)
        if (p.allowedOn(CpuId(c)) && level(m_machine.rq(c)) == lowest)
            mask.set(CpuId(c));
    return mask;
}

int Rt::findLowestRq(const Task& p, uint32_t thisCpu) {
    if (!migratable(p))
        return -1;
    const CpuSet mask = lowestMask(p);
    if (mask.empty())
        return -1;
    const CpuId cpu = p.cpu;
    if (mask.test(cpu))
        return static_cast<int>(cpu.value()); // still cache-hot there
    const Topology& topo = m_machine.topology();
    const uint32_t n = m_machine.nrCpus();
    for (size_t l = 0; l < topo.levels().size(); ++l) {
        if (!(topo.levels()[l].flags & SD_WAKE_AFFINE))
            continue;
        const CpuRange span = topo.span(l, cpu);
        if (thisCpu != cpu.value() && span.contains(CpuId(thisCpu)) && mask.test(CpuId(thisCpu)))
            return static_cast<int>(thisCpu);
        if (!m_distribute) {
            for (uint32_t c = span.first; c < span.end(); ++c)
                if (mask.test(CpuId(c)))
                    return static_cast<int>(c);
            continue;
        }
        // cpumask_any_and_distribute: the next CPU after the one this CPU returned last.
        uint32_t& prev = m_machine.rq(thisCpu).rt.distributePrev;
        for (uint32_t i = 1; i <= n; ++i) {
            const uint32_t c = (prev + i) % n;
            if (span.contains(CpuId(c)) && mask.test(CpuId(c))) {
                prev = c;
                return static_cast<int>(c);
            }
        }
    }
    if (mask.test(CpuId(thisCpu)))
        return static_cast<int>(thisCpu);
    return static_cast<int>(mask.first().value());
}

uint32_t Rt::selectTaskRq(const Task& p, uint32_t cpu, uint32_t thisCpu) {
    // Look elsewhere only when the CPU runs an RT task that p would not preempt, or one that
    // cannot move (so p preempting it would strand it).
    const Task* curr = m_machine.rq(cpu).curr;
    const bool test = curr && curr->rt() && (!migratable(*curr) || curr->rtPriority >= p.rtPriority);
    if (test && migratable(p)) {
        const int target = findLowestRq(p, thisCpu);
        if (target >= 0 && p.rtPriority > level(m_machine.rq(static_cast<uint32_t>(target))))
            cpu = static_cast<uint32_t>(target);
    }
    if (!p.allowedOn(CpuId(cpu)))
        cpu = p.allowed->first().value(); // select_fallback_rq
    return cpu;
}

// ---- push and pull ------------------------------------------------------------------------------

bool Rt::overloaded(const Rq& rq) const {
    if (m_overloadPushable) // v6.7: the pushable list is not empty
        return firstPushable(rq) != nullptr;
    // rt_nr_migratory && rt_nr_total > 1
    const auto& q = rq.rt.queue;
    return q.size() > 1 && std::any_of(q.begin(), q.end(), [&](const Task* t) { return migratable(*t); });
}

Task* Rt::firstPushable(const Rq& rq) const {
    // The pushable list in priority order (within a priority in queue order, where the kernel
    // keeps the order tasks became pushable; the difference is noted in docs/rt.md).
    for (Task* t : rq.rt.queue)
        if (t != rq.curr && migratable(*t))
            return t;
    return nullptr;
}

bool Rt::pushRtTask(Rq& rq, MigrationReason reason) {
    if (!overloaded(rq))
        return false;
    Task* next = firstPushable(rq);
    if (!next)
        return false;
    if (rq.curr && (!rq.curr->rt() || next->rtPriority > rq.curr->rtPriority))
        return false; // it will run here: this CPU reschedules (its pick takes it)
    if (!rq.curr && rq.reschedArmed)
        return false; // an idle CPU about to switch to it (push_rt_task: it outranks the idle task)
    const int cpu = findLowestRq(*next, rq.cpu);
    if (cpu < 0 || static_cast<uint32_t>(cpu) == rq.cpu)
        return false;
    if (level(m_machine.rq(static_cast<uint32_t>(cpu))) >= next->rtPriority)
        return false; // find_lock_lowest_rq: the target must run strictly lower work
    m_mover.migrateQueued(*next, static_cast<uint32_t>(cpu), reason, -1, rq);
    return true;
}

void Rt::pushRtTasks(Rq& rq, MigrationReason reason) {
    while (pushRtTask(rq, reason)) {
    }
}

void Rt::taskWoken(Rq& rq, Task& p) {
    Task* curr = rq.curr;
    if (&p == curr || rq.needResched || !migratable(p) || !curr || !curr->rt())
        return;
    if (!migratable(*curr) || curr->rtPriority >= p.rtPriority)
        pushRtTasks(rq, MigrationReason::RtPush);
}

void Rt::pullRtTask(Rq& rq, const Task& prev) {
    // need_pull_rt_task: what is left here is below prev.
    if (level(rq) >= prev.rtPriority)
        return;
    // RT_PUSH_IPI: the IPI visits every overloaded CPU in turn and each pushes its own tasks
    // (to wherever runs the lowest work now, this CPU most likely).
    for (uint32_t c = 0; c < m_machine.nrCpus(); ++c) {
        Rq& src = m_machine.rq(c);
        if (c == rq.cpu || !overloaded(src))
            continue;
        m_machine.charge(src, CostOp::Ipi);
        pushRtTasks(src, MigrationReason::RtPull);
    }
}

// ---- throttling ---------------------------------------------------------------------------------

void Rt::startPeriodTimer() {
    if (!m_throttling || m_periodActive)
        return;
    m_periodActive = true;
    m_ctx.schedule(m_ctx.now + m_ctx.tunables.rtPeriod, EventKind::RtPeriod, 0, ++m_periodGen);
}

void Rt::balanceRuntime(Rq& rq) {
    // do_balance_runtime: borrow a CPU-count share of each other CPU's unused budget until this
    // one has the whole period. Lenders keep the lower budget.
    const SimTime period = m_ctx.tunables.rtPeriod;
    const int64_t weight = m_machine.nrCpus();
    for (Rq& iter : m_machine.rqs()) {
        if (&iter == &rq)
            continue;
        SimTime diff = iter.rt.runtime - iter.rt.rtTime;
        if (diff.count() <= 0)
            continue;
        diff = SimTime::ns(diff.count() / weight);
        if (rq.rt.runtime + diff > period)
            diff = period - rq.rt.runtime;
        iter.rt.runtime -= diff;
        rq.rt.runtime += diff;
        if (rq.rt.runtime == period)
            break;
    }
}

bool Rt::runtimeExceeded(Rq& rq) {
    RtRq& rt = rq.rt;
    if (rt.throttled)
        return true;
    if (m_runtimeShare && rt.rtTime > rt.runtime)
        balanceRuntime(rq);
    if (rt.runtime >= m_ctx.tunables.rtPeriod || rt.rtTime <= rt.runtime)
        return false;
    // "sched: RT throttling activated": the class leaves nr_running until the period timer.
    rt.throttled = true;
    ++m_ctx.counters.rtThrottles;
    if (rt.queued) {
        rq.nrRunning -= rt.nrRunning();
        rt.queued = false;
    }
    return true;
}

void Rt::periodTimer(uint32_t gen, std::vector<Rq*>& resched) {
    if (gen != m_periodGen || !m_periodActive)
        return;
    bool idle = true;
    const SimTime period = m_ctx.tunables.rtPeriod;
    for (Rq& rq : m_machine.rqs()) {
        RtRq& rt = rq.rt;
        if (!m_runtimeShare)
            rt.runtime = m_ctx.tunables.rtRuntime; // borrowed budget only lasts with RT_RUNTIME_SHARE
        if (rt.rtTime.count() == 0 && rt.nrRunning() == 0)
            continue;
        if (rq.curr && rq.curr->rt()) {
            updateCurr(rq); // the timer runs with the clock of every runqueue updated
            if (rq.needResched)
                resched.push_back(&rq);
        }
        if (rt.rtTime.count() > 0) {
            if (rt.throttled && m_runtimeShare)
                balanceRuntime(rq);
            rt.rtTime -= std::min(rt.rtTime, rt.runtime);
            if (rt.throttled && rt.rtTime < rt.runtime) {
                rt.throttled = false;
                if (!rt.queued) {
                    rt.queued = true;
                    rq.nrRunning += rt.nrRunning();
                    resched.push_back(&rq);
                }
            }
        }
        if (rt.rtTime.count() > 0 || rt.nrRunning() > 0)
            idle = false;
    }
    if (idle) {
        m_periodActive = false; // restarted by the next RT enqueue
        return;
    }
    m_ctx.schedule(m_ctx.now + period, EventKind::RtPeriod, 0, ++m_periodGen);
}

} // namespace core
