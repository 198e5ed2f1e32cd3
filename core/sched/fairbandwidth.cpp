// CFS bandwidth control (cgroup v2 cpu.max, cpu.max.burst): the part of the fair class that
// charges limited groups' queues, throttles them when the group's runtime is gone and
// unthrottles them when a period refill or returned slack pays their debt. The rules and where
// the model differs from the kernel are in docs/bandwidth.md.
#include "sched/fair.h"

#include "sched/bandwidth.h"
#include "sched/task.h"

#include <algorithm>
#include <cassert>

namespace core {

namespace {

/// hrtimer_forward_now: moves a periodic timer's expiry past now in whole periods.
SimTime forwardNow(SimTime expires, SimTime now, SimTime period) {
    if (expires > now)
        return expires;
    const int64_t behind = (now - expires).count() / period.count() + 1;
    return expires + SimTime::ns(behind * period.count());
}

/// walk_tg_tree_from: a group and every group below it, on one CPU.
template <class F>
void forEachQueueBelow(TaskGroup& tg, uint32_t cpu, F&& f) {
    if (tg.perCpu[cpu])
        f(tg.perCpu[cpu]->cfs);
    for (TaskGroup* c : tg.children)
        forEachQueueBelow(*c, cpu, f);
}

} // namespace

// ---- settings and timers -----------------------------------------------------------------------

void Fair::setBandwidth(TaskGroup& tg, const CpuMax& max, std::vector<Rq*>& unthrottled) {
    assert(tg.parent && "the root group has no cpu.max");
    if (!tg.bandwidth)
        tg.bandwidth = std::make_unique<CfsBandwidth>();
    CfsBandwidth& b = *tg.bandwidth;
    const bool enabled = max.limited();
    if (enabled)
        m_bandwidthUsed = true;
    b.max = max;
    // tg_set_cfs_bandwidth: refill once, start the period timer, and give every CPU's queue a
    // fresh start (no local runtime, no debt, not throttled).
    bandwidth::refill(b, m_bandwidthBurst);
    if (enabled)
        startBandwidthTimer(tg);
    for (uint32_t cpu = 0; cpu < tg.perCpu.size(); ++cpu) {
        if (!tg.perCpu[cpu])
            continue;
        CfsRq& cfs = tg.perCpu[cpu]->cfs;
        cfs.runtimeEnabled = enabled;
        cfs.runtimeRemaining = 0;
        if (cfs.throttled)
            unthrottleCfsRq(cfs, unthrottled);
    }
}

void Fair::startBandwidthTimer(TaskGroup& tg) {
    CfsBandwidth& b = *tg.bandwidth;
    if (b.timerActive)
        return;
    b.timerActive = true;
    b.timerExpires = forwardNow(b.timerExpires, m_ctx.now, b.max.period);
    m_ctx.queue.post(b.timerExpires,
                     Event{static_cast<uint32_t>(EventKind::BandwidthPeriod), tg.id, ++b.timerGen});
}

void Fair::bandwidthPeriodTimer(TaskGroup& tg, uint32_t gen, std::vector<Rq*>& unthrottled) {
    if (!tg.bandwidth || gen != tg.bandwidth->timerGen || !tg.bandwidth->timerActive)
        return; // superseded
    CfsBandwidth& b = *tg.bandwidth;
    // sched_cfs_period_timer: one overrun per expiry (the event fires on time), then
    // do_sched_cfs_period_timer.
    b.timerExpires = forwardNow(b.timerExpires, m_ctx.now, b.max.period);
    bool deactivate = !b.max.limited();
    if (!deactivate) {
        bool throttled = !b.throttled.empty();
        ++b.stat.nrPeriods;
        bandwidth::refill(b, m_bandwidthBurst);
        if (b.idle && !throttled) {
            deactivate = true;
        } else if (!throttled) {
            b.idle = true; // unless some CPU asks for runtime before the next expiry
        } else {
            ++b.stat.nrThrottled;
            while (throttled && b.runtime > 0) {
                distributeRuntime(b, unthrottled);
                throttled = !b.throttled.empty();
            }
            b.idle = false;
        }
    }
    if (deactivate) {
        b.timerActive = false; // restarted, on the same grid, by the next request for runtime
        return;
    }
    m_ctx.queue.post(b.timerExpires,
                     Event{static_cast<uint32_t>(EventKind::BandwidthPeriod), tg.id, b.timerGen});
}

void Fair::bandwidthSlackTimer(TaskGroup& tg, uint32_t gen, std::vector<Rq*>& unthrottled) {
    if (!tg.bandwidth || gen != tg.bandwidth->slackGen || !tg.bandwidth->slackPending)
        return;
    CfsBandwidth& b = *tg.bandwidth;
    b.slackPending = false;
    if (refreshWithin(b, SimTime::ns(bandwidth::kMinExpirationNs)))
        return; // the period refill is about to pay the throttled queues anyway
    if (b.max.limited() && b.runtime > bandwidth::kSliceNs)
        distributeRuntime(b, unthrottled);
}

bool Fair::refreshWithin(const CfsBandwidth& b, SimTime within) const {
    // runtime_refresh_within: the period timer fires within `within` (or is not running).
    return !b.timerActive || b.timerExpires - m_ctx.now < within;
}

void Fair::distributeRuntime(CfsBandwidth& b, std::vector<Rq*>& unthrottled) {
    // distribute_cfs_runtime: each throttled queue, in list order, gets exactly what pays its
    // debt plus 1 ns, until the pool is empty. A queue only partly paid stays throttled.
    std::vector<CfsRq*> paid;
    for (CfsRq* cfs : b.throttled) {
        if (b.runtime <= 0)
            break;
        const int64_t runtime = std::min(-cfs->runtimeRemaining + 1, b.runtime);
        b.runtime -= runtime;
        cfs->runtimeRemaining += runtime;
        if (cfs->runtimeRemaining > 0)
            paid.push_back(cfs);
    }
    for (CfsRq* cfs : paid)
        unthrottleCfsRq(*cfs, unthrottled);
}

// ---- runtime accounting ------------------------------------------------------------------------

bool Fair::assignCfsRqRuntime(CfsRq& cfs, int64_t target) {
    bool startTimer = false;
    const bool ok = bandwidth::assign(*cfs.tg->bandwidth, cfs.runtimeRemaining, target, startTimer);
    if (startTimer)
        startBandwidthTimer(*cfs.tg);
    return ok;
}

void Fair::accountCfsRqRuntime(Rq& rq, CfsRq& cfs, int64_t delta) {
    // __account_cfs_rq_runtime: the local runtime pays for what ran; when it is gone the queue
    // asks the pool for a slice, and if none is left the running task must give up the CPU
    // (it is throttled when it is put back).
    cfs.runtimeRemaining -= delta;
    if (cfs.runtimeRemaining > 0 || cfs.throttled)
        return;
    if (!assignCfsRqRuntime(cfs, bandwidth::kSliceNs) && cfs.curr) {
        rq.needResched = true;
        if (rq.reschedRule == PreemptRule::None)
            rq.reschedRule = PreemptRule::CpuMax;
    }
}

bool Fair::checkCfsRqRuntime(CfsRq& cfs) {
    if (!cfs.runtimeEnabled || cfs.runtimeRemaining > 0)
        return false;
    if (cfs.throttled)
        return true;
    return throttleCfsRq(cfs);
}

void Fair::bandwidthEnqueued(CfsRq& cfs) {
    // check_enqueue_throttle, for a queue that just got its first entity: a queue that is
    // running is handled by update_curr and the put path instead.
    if (cfs.runtimeEnabled && !cfs.curr && !cfs.throttled) {
        accountCfsRqRuntime(m_machine.rq(cfs.cpu), cfs, 0);
        if (cfs.runtimeRemaining <= 0)
            throttleCfsRq(cfs);
    }
    // v6.8+: a throttled queue's time counts from when it has something to run.
    if (cfs.throttled && !cfs.throttledClockSet) {
        cfs.throttledClock = m_ctx.now;
        cfs.throttledClockSet = true;
    }
}

void Fair::returnCfsRqRuntime(CfsRq& cfs) {
    // return_cfs_rq_runtime: a queue that emptied keeps 1 ms and gives the rest back; when
    // the pool then holds more than a slice and queues are waiting, the slack timer pays them.
    if (!cfs.runtimeEnabled || cfs.nrRunning)
        return;
    const int64_t slack = cfs.runtimeRemaining - bandwidth::kMinCfsRqRuntimeNs;
    if (slack <= 0)
        return;
    CfsBandwidth& b = *cfs.tg->bandwidth;
    if (b.max.limited()) {
        b.runtime += slack;
        if (b.runtime > bandwidth::kSliceNs && !b.throttled.empty() &&
            !refreshWithin(b, SimTime::ns(bandwidth::kMinExpirationNs + bandwidth::kSlackPeriodNs)) &&
            !b.slackPending) {
            b.slackPending = true;
            m_ctx.queue.post(
                m_ctx.now + SimTime::ns(bandwidth::kSlackPeriodNs),
                Event{static_cast<uint32_t>(EventKind::BandwidthSlack), cfs.tg->id, ++b.slackGen});
        }
    }
    cfs.runtimeRemaining -= slack;
}

// ---- throttling ----------------------------------------------------------------------------------

bool Fair::throttleCfsRq(CfsRq& cfs) {
    TaskGroup& tg = *cfs.tg;
    CfsBandwidth& b = *tg.bandwidth;
    if (m_throttleFifo) {
        // A last try for 1 ns: a refill or returned slack may have arrived since the check.
        if (assignCfsRqRuntime(cfs, 1))
            return false;
        b.throttled.push_back(&cfs);
    } else {
        // v4.11 adds to the head of the list, so the last throttled is paid first.
        const bool first = b.throttled.empty();
        b.throttled.push_front(&cfs);
        if (first)
            startBandwidthTimer(tg);
    }
    Rq& rq = m_machine.rq(cfs.cpu);
    forEachQueueBelow(tg, cfs.cpu, [](CfsRq& q) { ++q.throttleCount; });
    // The group's entity leaves its parent; the tasks inside stay queued but leave every count
    // above, nr_running included.
    const uint32_t delta = cfs.hNrRunning;
    uint64_t levels = 0;
    bool reachedRoot = true;
    SchedEntity* se = cfs.owner;
    for (; se; se = se->parent) {
        if (!se->onRq) { // inside a queue that is throttled itself
            reachedRoot = false;
            break;
        }
        CfsRq& q = *se->cfsRq;
        if (m_eevdf) // a special sleep that is never delayed; a delayed entity finishes leaving
            eevdfDequeueEntity(q, *se,
                               DequeueSleep | DequeueSpecial | (se->delayed ? uint32_t{DequeueDelayed} : 0u));
        else
            dequeueEntity(q, *se, DequeueSleep);
        q.hNrRunning -= delta;
        ++levels;
        if (q.loadWeight > 0) {
            se = se->parent;
            break;
        }
    }
    for (; se && reachedRoot; se = se->parent) {
        if (!se->onRq) {
            reachedRoot = false;
            break;
        }
        updateLoadAvg(*se->cfsRq, *se, false);
        se->cfsRq->hNrRunning -= delta;
    }
    if (reachedRoot)
        rq.nrRunning -= delta;
    cfs.throttled = true;
    cfs.traceSince = m_ctx.now;
    if (!m_throttledTimeQueued || cfs.nrRunning) {
        cfs.throttledClock = m_ctx.now;
        cfs.throttledClockSet = true;
    }
    // The dequeue work is not charged: at the put path it would fall into the task's time
    // after update_curr (docs/bandwidth.md).
    (void)levels;
    return true;
}

void Fair::unthrottleCfsRq(CfsRq& cfs, std::vector<Rq*>& unthrottled) {
    TaskGroup& tg = *cfs.tg;
    CfsBandwidth& b = *tg.bandwidth;
    Rq& rq = m_machine.rq(cfs.cpu);
    cfs.throttled = false;
    if (m_ctx.trace && m_ctx.now > cfs.traceSince)
        m_ctx.trace->throttle({cfs.traceSince, m_ctx.now, cfs.cpu, tg.cgroup});
    if (cfs.throttledClockSet) {
        b.stat.throttledTime += m_ctx.now - cfs.throttledClock;
        cfs.throttledClockSet = false;
    }
    b.throttled.erase(std::find(b.throttled.begin(), b.throttled.end(), &cfs));
    forEachQueueBelow(tg, cfs.cpu, [](CfsRq& q) { --q.throttleCount; });
    if (cfs.loadWeight == 0)
        return;     // nothing queued: only the mark goes
    updateCurr(rq); // the queues above may be running: account them before they change
    const uint32_t delta = cfs.hNrRunning;
    uint64_t levels = 0;
    bool reachedRoot = true;
    SchedEntity* se = cfs.owner;
    for (; se; se = se->parent) {
        CfsRq& q = *se->cfsRq;
        if (se->delayed) // unfinished DELAY_DEQUEUE business first
            eevdfDequeueEntity(q, *se, DequeueSleep | DequeueDelayed);
        else if (se->onRq)
            break;
        if (m_eevdf)
            eevdfEnqueueEntity(q, *se, EnqueueWakeup);
        else
            enqueueEntity(q, *se, EnqueueWakeup);
        q.hNrRunning += delta;
        ++levels;
        if (q.throttled) {
            reachedRoot = false;
            break;
        }
    }
    for (; se && reachedRoot; se = se->parent) {
        CfsRq& q = *se->cfsRq;
        updateLoadAvg(q, *se, false);
        q.hNrRunning += delta;
        if (q.throttled)
            reachedRoot = false;
    }
    m_machine.chargeN(rq, CostOp::Enqueue, levels);
    if (!reachedRoot)
        return;
    rq.nrRunning += delta;
    if (std::find(unthrottled.begin(), unthrottled.end(), &rq) == unthrottled.end())
        unthrottled.push_back(&rq);
}

void Fair::flushThrottleTrace() {
    if (!m_ctx.trace || !m_bandwidthUsed)
        return;
    m_cgroups.forEachGroup([this](TaskGroup& tg) {
        if (!tg.bandwidth)
            return;
        for (CfsRq* cfs : tg.bandwidth->throttled)
            if (m_ctx.now > cfs->traceSince) {
                m_ctx.trace->throttle({cfs->traceSince, m_ctx.now, cfs->cpu, tg.cgroup});
                cfs->traceSince = m_ctx.now;
            }
    });
}

bool Fair::throttledOn(const TaskGroup& tg, uint32_t cpu) const {
    const auto& q = tg.perCpu.empty() ? nullptr : tg.perCpu[cpu].get();
    if (q)
        return q->cfs.throttleCount > 0;
    for (const TaskGroup* g = tg.parent; g && g->parent; g = g->parent)
        if (g->perCpu[cpu])
            return g->perCpu[cpu]->cfs.throttleCount > 0;
    return false;
}

bool Fair::throttledLbPair(const TaskGroup& tg, uint32_t src, uint32_t dst) const {
    return m_bandwidthUsed && (throttledOn(tg, src) || throttledOn(tg, dst));
}

} // namespace core
