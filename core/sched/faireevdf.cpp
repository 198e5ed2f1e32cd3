// The EEVDF half of the fair class (kernel models v6.6, v6.12 and v6.18; docs/eevdf.md): what
// replaces CFS's placement, pick, tick and wakeup preemption. Queue bookkeeping, PELT and
// group shares are shared with the CFS half in fair.cpp.
#include "sched/fair.h"

#include "sched/cfstasks.h"
#include "sched/eevdf.h"
#include "sched/fairmath.h"
#include "sched/task.h"

#include <algorithm>
#include <cassert>

namespace core {

using namespace fairmath;

namespace {

/// a * b / c for signed a, truncated towards zero as div_s64 does.
int64_t mulDivS(int64_t a, int64_t b, int64_t c) {
    if (c == 0)
        c = 1;
    return static_cast<int64_t>(static_cast<i128>(a) * b / c);
}

} // namespace

// ---- timeline and averages -------------------------------------------------------------------

void Fair::timelineInsert(CfsRq& cfs, SchedEntity& se) {
    cfs.timeline.insert(&se);
    if (m_eevdf) {
        eevdf::avgAdd(cfs, se);
        if (cfs.byDeadline.active() || cfs.timeline.size() >= m_deadlineIndex.from) [[unlikely]]
            deadlineIndexInsert(cfs, se);
    }
}

void Fair::timelineErase(CfsRq& cfs, SchedEntity& se) {
    cfs.timeline.erase(&se);
    if (m_eevdf) {
        eevdf::avgSub(cfs, se);
        if (cfs.byDeadline.active()) [[unlikely]]
            deadlineIndexErase(cfs, se);
    }
}

void Fair::deadlineIndexInsert(CfsRq& cfs, SchedEntity& se) {
    if (cfs.byDeadline.active())
        cfs.byDeadline.insert(se);
    else
        cfs.byDeadline.activate(cfs.timeline.entities());
}

void Fair::deadlineIndexErase(CfsRq& cfs, SchedEntity& se) {
    if (cfs.timeline.size() < m_deadlineIndex.until)
        cfs.byDeadline.deactivate();
    else
        cfs.byDeadline.erase(se);
}

void Fair::setQueuedSlice(SchedEntity& se, uint64_t slice) {
    // A queued group entity takes its queue's shortest slice; when it waits in its parent's
    // tree, the minima above it follow (min_vruntime_cb_propagate in the kernel).
    se.slice = slice;
    if (se.heapPos >= 0 && se.cfsRq->byDeadline.active())
        se.cfsRq->byDeadline.sliceChanged(se);
}

int64_t Fair::lagLimit(const SchedEntity& se) const {
    // Lag is kept within what the entity could earn in two of its slices (at least one tick).
    const SimTime span = std::max(SimTime::ns(static_cast<int64_t>(2 * se.slice)), m_ctx.tickPeriod);
    return static_cast<int64_t>(calcDeltaFair(span, se));
}

void Fair::updateEntityLag(CfsRq& cfs, SchedEntity& se) {
    const int64_t lag = vdiff(eevdf::avgVruntime(cfs), se.vruntime);
    const int64_t limit = lagLimit(se);
    se.vlag = std::clamp(lag, -limit, limit);
}

void Fair::updateDeadline(Rq& rq, CfsRq& cfs, SchedEntity& se) {
    bool resched = false;
    PreemptRule rule = PreemptRule::None;
    if (vdiff(se.vruntime, se.deadline) >= 0) {
        // The entity used up the slice it asked for: a new one, and a new deadline after it.
        if (!se.customSlice)
            se.slice = static_cast<uint64_t>(m_ctx.tunables.baseSlice.count());
        se.deadline = se.vruntime + calcDeltaFair(SimTime::ns(static_cast<int64_t>(se.slice)), se);
        resched = true;
        rule = PreemptRule::Deadline;
    } else if (m_sliceProtection) {
        // update_curr (v6.17): a current entity no longer protected is rescheduled at once,
        // eligible or not; the pick then decides whether it keeps the CPU.
        if (!protectedSlice(se)) {
            resched = true;
            rule = PreemptRule::Protection;
        }
    } else if (m_preemptShort && se.vlag != static_cast<int64_t>(se.deadline) && !eevdf::eligible(cfs, se)) {
        // did_preempt_short (v6.12): a shorter-slice waker cancelled this entity's run-to-parity
        // protection; it yields as soon as it is no longer eligible.
        resched = true;
        rule = PreemptRule::ShortSlice;
    }
    if (resched && cfs.nrRunning > 1) {
        rq.needResched = true;
        if (rq.reschedRule == PreemptRule::None) // the first rule that asked since the last pick
            rq.reschedRule = rule;
        clearBuddies(cfs, se);
    }
}

void Fair::setProtectSlice(CfsRq& cfs, SchedEntity& se) {
    // RUN_TO_PARITY: protected for the shortest slice among the entities queued beside it (the
    // tree; cfs_rq->curr is not set yet), or its own when that is shorter or none is queued.
    uint64_t slice = se.slice;
    if (const uint64_t queued = eevdf::minSlice(cfs); queued && queued < slice)
        slice = queued;
    uint64_t vprot = se.deadline;
    if (slice != se.slice)
        vprot = minVruntime(vprot, se.vruntime + calcDeltaFair(SimTime::ns(static_cast<int64_t>(slice)), se));
    se.vlag = static_cast<int64_t>(vprot);
}

bool Fair::protectedSlice(const SchedEntity& se) const {
    if (m_sliceProtection)
        return static_cast<int64_t>(static_cast<uint64_t>(se.vlag) - se.vruntime) > 0;
    return se.vlag == static_cast<int64_t>(se.deadline); // the v6.6-v6.12 stash
}

bool Fair::vprotWakeupPreempt(CfsRq& cfs, SchedEntity& curr, SchedEntity& woken) {
    // check_preempt_wakeup_fair as v6.17 rewrote it: a shorter-slice wakee is tested against
    // the pick without curr's protection (no eligibility or deadline precondition of its own);
    // if it wins, curr's protection is cancelled; if it loses, curr keeps at most one shortest
    // slice of protection from now.
    const bool shorter = m_preemptShort && woken.slice < curr.slice;
    if (eevdf::pick(cfs, cfs.curr, !shorter, true) == &woken) {
        if (shorter && protectedSlice(curr)) // cancel_protect_slice
            curr.vlag = static_cast<int64_t>(curr.vruntime);
        return true;
    }
    if (shorter) { // update_protect_slice: the queue's shortest slice, curr and the wakee included
        const uint64_t slice = eevdf::minSlice(cfs);
        curr.vlag = static_cast<int64_t>(
            minVruntime(static_cast<uint64_t>(curr.vlag),
                        curr.vruntime + calcDeltaFair(SimTime::ns(static_cast<int64_t>(slice)), curr)));
    }
    return false;
}

bool Fair::doPreemptShort(const CfsRq& cfs, const SchedEntity& pse, const SchedEntity& se) const {
    if (!m_preemptShort || pse.slice >= se.slice || !eevdf::eligible(cfs, pse))
        return false;
    return vdiff(pse.deadline, se.deadline) < 0 || !eevdf::eligible(cfs, se);
}

void Fair::reweightEevdf(SchedEntity& se, uint64_t avruntime, uint64_t weight) {
    const int64_t oldW = static_cast<int64_t>(se.weight);
    const int64_t newW = static_cast<int64_t>(weight);
    if (!m_reweightKeepsLag) {
        // v6.6: vruntime stays; only the deadline's distance from it is rescaled.
        se.deadline =
            se.vruntime + static_cast<uint64_t>(mulDivS(vdiff(se.deadline, se.vruntime), oldW, newW));
        return;
    }
    if (avruntime != se.vruntime) {
        const int64_t limit = lagLimit(se);
        const int64_t lag = std::clamp(vdiff(avruntime, se.vruntime), -limit, limit);
        se.vruntime = avruntime - static_cast<uint64_t>(mulDivS(lag, oldW, newW));
    }
    se.deadline = avruntime + static_cast<uint64_t>(mulDivS(vdiff(se.deadline, avruntime), oldW, newW));
}

// ---- placement ----------------------------------------------------------------------------------

void Fair::eevdfPlaceEntity(CfsRq& cfs, SchedEntity& se, uint32_t flags) {
    const uint64_t v = eevdf::avgVruntime(cfs);
    if (!se.customSlice)
        se.slice = static_cast<uint64_t>(m_ctx.tunables.baseSlice.count());
    uint64_t vslice = calcDeltaFair(SimTime::ns(static_cast<int64_t>(se.slice)), se);
    int64_t lag = 0;
    if (cfs.nrRunning && se.vlag) {
        // PLACE_LAG: joining changes V by w * lag / (W + w); inflating the saved lag by
        // (W + w) / W leaves the entity exactly that lag behind the new average.
        int64_t load = static_cast<int64_t>(cfs.avgLoad);
        if (const SchedEntity* curr = cfs.curr; curr && curr->onRq && curr->heapPos < 0)
            load += static_cast<int64_t>(curr->weight);
        lag = mulDivS(se.vlag, load + static_cast<int64_t>(se.weight), load);
    }
    se.vruntime = v - static_cast<uint64_t>(lag);
    if (se.relDeadline) { // PLACE_REL_DEADLINE: a migrated entity keeps the deadline it had
        se.deadline += se.vruntime;
        se.relDeadline = false;
        return;
    }
    if (flags & EnqueueInitial) // PLACE_DEADLINE_INITIAL: a new task starts with half a slice
        vslice /= 2;
    se.deadline = se.vruntime + vslice;
}

// ---- enqueue ------------------------------------------------------------------------------------

void Fair::eevdfEnqueueEntity(CfsRq& cfs, SchedEntity& se, uint32_t flags) {
    const bool isCurr = cfs.curr == &se;
    if (isCurr)
        eevdfPlaceEntity(cfs, se, flags);
    updateLoadAvg(cfs, se, true);
    updateCfsGroup(se); // reweighted before it is placed, so its lag is scaled to the new weight
    if (!isCurr)
        eevdfPlaceEntity(cfs, se, flags);
    cfs.avg.runnableLoadAvg += se.avg.runnableLoadAvg;
    cfs.avg.runnableLoadSum += se.weight * se.avg.runnableLoadSum;
    cfs.runnableWeight += se.weight;
    addWeight(cfs, static_cast<int64_t>(se.weight));
    ++cfs.nrRunning;
    if (!isCurr) {
        se.seq = cfs.nextSeq++;
        timelineInsert(cfs, se);
    }
    se.onRq = true;
    if (cfs.nrRunning == 1 && (cfs.runtimeEnabled || cfs.throttled))
        bandwidthEnqueued(cfs);
}

void Fair::requeueDelayed(CfsRq& cfs, SchedEntity& se) {
    // DELAY_ZERO: a delayed entity that became eligible meanwhile starts over at lag 0 rather
    // than keep positive lag it earned while asleep.
    updateEntityLag(cfs, se);
    if (se.vlag > 0) {
        --cfs.nrRunning;
        const bool inTree = cfs.curr != &se;
        if (inTree)
            timelineErase(cfs, se);
        se.vlag = 0;
        eevdfPlaceEntity(cfs, se, 0);
        if (inTree)
            timelineInsert(cfs, se);
        ++cfs.nrRunning;
    }
    updateLoadAvg(cfs, se, false);
    se.delayed = false;
}

void Fair::eevdfEnqueueTask(Rq& rq, Task& p, uint32_t flags) {
    if (p.se.delayed && p.se.onRq) {
        // Only a wakeup meets a task still delayed: every other path finishes the dequeue first.
        assert((flags & EnqueueWakeup) && "a delayed task requeued other than by a wakeup");
        requeueDelayedTask(rq, p);
        return;
    }
    updateCurr(rq);
    if (p.migrated) {
        flags |= EnqueueMigrated;
        p.migrated = false;
    }
    uint64_t levels = 0;
    uint64_t slice = 0;
    bool throttled = false; // the walk ended at a throttled queue: the task is not counted above it
    SchedEntity* se = &p.se;
    for (; se; se = se->parent) {
        if (se->onRq) {
            if (se->delayed)
                requeueDelayed(*se->cfsRq, *se);
            break;
        }
        if (slice) { // a group entity serves its queue's shortest slice (v6.12)
            se->slice = slice;
            se->customSlice = true;
        }
        eevdfEnqueueEntity(*se->cfsRq, *se, flags);
        ++se->cfsRq->hNrRunning;
        ++levels;
        if (m_customSlices)
            slice = eevdf::minSlice(*se->cfsRq);
        if ((throttled = se->cfsRq->throttled))
            break;
        flags = EnqueueWakeup;
    }
    for (; se && !throttled; se = se->parent) {
        ++se->cfsRq->hNrRunning;
        updateLoadAvg(*se->cfsRq, *se, false);
        updateCfsGroup(*se);
        if (m_customSlices && slice) { // (none when only a delayed task was requeued)
            setQueuedSlice(*se, slice);
            slice = eevdf::minSlice(*se->cfsRq);
        }
        throttled = se->cfsRq->throttled;
    }
    if (!throttled)
        ++rq.nrRunning;
    cfstasks::addHead(rq, p);
    m_machine.chargeN(rq, CostOp::Enqueue, levels);
}

void Fair::requeueDelayedTask(Rq& rq, Task& p) {
    // ENQUEUE_DELAYED (ttwu_runnable of a task still queued): the kernel requeues the task's
    // entity and returns. Nothing calls update_curr first, so the lag DELAY_ZERO tests is taken
    // against the current entity's vruntime as of its last update (the wakeup preemption check
    // updates it after); no level above is walked. Only the simulator's counts come back.
    requeueDelayed(*p.se.cfsRq, p.se);
    bool throttled = false;
    for (SchedEntity* se = &p.se; se && !throttled; se = se->parent) {
        ++se->cfsRq->hNrRunning;
        throttled = se->cfsRq->throttled;
    }
    if (!throttled)
        ++rq.nrRunning;
    cfstasks::addHead(rq, p);
}

// ---- dequeue ------------------------------------------------------------------------------------

bool Fair::eevdfDequeueEntity(CfsRq& cfs, SchedEntity& se, uint32_t flags) {
    if (m_delayDequeue && (flags & (DequeueSleep | DequeueDelayed | DequeueSpecial)) == DequeueSleep &&
        !eevdf::eligible(cfs, se)) {
        // DELAY_DEQUEUE: it sleeps owing service; it stays queued, and burns its negative lag
        // competing, until it is picked (or woken, or taken away).
        if (cfs.next == &se)
            cfs.next = nullptr;
        updateLoadAvg(cfs, se, false);
        se.delayed = true;
        return false;
    }
    updateLoadAvg(cfs, se, false);
    cfs.avg.runnableLoadAvg = satSub(cfs.avg.runnableLoadAvg, se.avg.runnableLoadAvg);
    cfs.avg.runnableLoadSum = satSub(cfs.avg.runnableLoadSum, se.weight * se.avg.runnableLoadSum);
    cfs.runnableWeight = satSub(cfs.runnableWeight, se.weight);
    clearBuddies(cfs, se);
    updateEntityLag(cfs, se);
    if (cfs.curr != &se) // out of the tree before its deadline changes (the tree is ordered by it)
        timelineErase(cfs, se);
    if (m_relDeadline && !(flags & DequeueSleep)) {
        se.deadline -= se.vruntime;
        se.relDeadline = true;
    }
    se.onRq = false;
    addWeight(cfs, -static_cast<int64_t>(se.weight));
    --cfs.nrRunning;
    updateCfsGroup(se);
    if ((flags & (DequeueSave | DequeueMove)) != DequeueSave)
        updateMinVruntime(cfs);
    if (flags & DequeueDelayed) {
        se.delayed = false;
        if (se.vlag > 0) // DELAY_ZERO
            se.vlag = 0;
    }
    if (cfs.runtimeEnabled && cfs.nrRunning == 0)
        returnCfsRqRuntime(cfs);
    return true;
}

void Fair::eevdfDequeueTask(Rq& rq, Task& p, uint32_t flags) {
    updateCurr(rq);
    const bool taskSleep = flags & DequeueSleep;
    uint64_t levels = 0;
    uint64_t slice = 0;
    bool throttled = false;
    SchedEntity* se = &p.se;
    bool taskDelayed = false;
    for (; se; se = se->parent) {
        CfsRq& cfs = *se->cfsRq;
        if (!eevdfDequeueEntity(cfs, *se, flags)) {
            taskDelayed = se == &p.se; // dequeue_entities returns at once; a group goes on above
            break;                     // delayed: it and the levels above stay queued
        }
        --cfs.hNrRunning;
        ++levels;
        if ((throttled = cfs.throttled))
            break;
        if (cfs.loadWeight > 0) {
            if (m_customSlices)
                slice = eevdf::minSlice(cfs);
            se = se->parent;
            if (taskSleep && se && !cfs.throttleCount)
                for (SchedEntity* s = se; s; s = s->parent) // set_next_buddy
                    s->cfsRq->next = s;
            break;
        }
        flags = (flags | DequeueSleep) & ~(DequeueDelayed | DequeueSpecial);
    }
    // The simulator counts a delayed task out of nr_running at once (docs/eevdf.md): it sleeps.
    for (; se && !throttled; se = se->parent) {
        --se->cfsRq->hNrRunning;
        throttled = se->cfsRq->throttled;
        if (taskDelayed)
            continue;
        updateLoadAvg(*se->cfsRq, *se, false);
        updateCfsGroup(*se);
        if (m_customSlices && slice) {
            setQueuedSlice(*se, slice);
            slice = eevdf::minSlice(*se->cfsRq);
        }
    }
    if (!throttled)
        --rq.nrRunning;
    cfstasks::remove(rq, p);
    m_machine.chargeN(rq, CostOp::Dequeue, levels);
}

void Fair::dequeueDelayed(SchedEntity& first) {
    // The task (or group) was counted out when it went to sleep; only its entities leave now.
    uint32_t flags = DequeueSleep | DequeueDelayed;
    SchedEntity* se = &first;
    for (; se; se = se->parent) {
        CfsRq& cfs = *se->cfsRq;
        if (!eevdfDequeueEntity(cfs, *se, flags))
            break;
        if (cfs.throttled)
            return; // the levels above do not hold this queue's entity
        if (cfs.loadWeight > 0) {
            se = se->parent;
            if (se)
                for (SchedEntity* s = se; s; s = s->parent)
                    s->cfsRq->next = s;
            break;
        }
        flags = DequeueSleep;
    }
    for (; se; se = se->parent) {
        updateLoadAvg(*se->cfsRq, *se, false);
        updateCfsGroup(*se);
        if (se->cfsRq->throttled)
            return;
    }
}

void Fair::finishDelayedDequeue(Task& p) {
    if (!p.se.delayed)
        return;
    Rq& rq = m_machine.rq(p.cpu.value());
    updateCurr(rq);
    dequeueDelayed(p.se);
}

// ---- pick ---------------------------------------------------------------------------------------

Task* Fair::eevdfPickNextTask(Rq& rq, Task*& prev, bool wholeSwitch) {
    // NEXT_BUDDY is off by default in v6.6 and v6.12 (PICK_BUDDY came later): buddies set on
    // sleep are never honoured by the pick. Each level's current entity (prev's, not yet put)
    // competes in pick_eevdf, with its RUN_TO_PARITY protection.
    for (;;) {
        CfsRq* cfs = &rq.cfs;
        if (cfs->nrRunning == 0)
            return nullptr;
        SchedEntity* se = nullptr;
        bool again = false;
        do {
            // v6.6 checks the runtime where a level has a current entity; pick_task_fair (v6.12)
            // checks every level and picks again, prev still current.
            if (m_bandwidthUsed && (m_pickTaskFair || (prev && cfs->curr)) && checkCfsRqRuntime(*cfs)) {
                if (!m_pickTaskFair && prev) {
                    if (rq.cfs.nrRunning == 0)
                        return nullptr;     // idle: prev stays current until the idle class puts it
                    putPrevTask(rq, *prev); // the simple path
                    prev = nullptr;
                }
                again = true;
                break;
            }
            // PICK_BUDDY (v6.14): the next buddy a sleeper left on its way out, while eligible.
            if (m_pickBuddy && cfs->next && eevdf::eligible(*cfs, *cfs->next))
                se = cfs->next;
            else
                se = eevdf::pick(*cfs, cfs->curr, true, m_sliceProtection);
            if (se->delayed) {
                // A delayed entity's turn comes: only now does it leave the queue.
                dequeueDelayed(*se);
                again = true;
                break;
            }
            cfs = se->myQ;
        } while (cfs);
        if (again)
            continue;
        Task* const p = se->task;
        if (p == prev) {
            // Picked again: nothing is put or set; v6.12 does not move it on cfs_tasks either.
            if (!m_pickTaskFair)
                cfstasks::moveHead(rq, *p);
            return p;
        }
        if (prev && !wholeSwitch) {
            putPrevSetNext(*prev, *se);
        } else {
            // put_prev_set_next_task (v6.12, and v6.6's simple path): prev is put whole, next
            // set on every level from the bottom.
            if (prev) {
                putPrevTask(rq, *prev);
                prev = nullptr;
            }
            for (SchedEntity* s = se; s; s = s->parent) {
                setNextEntity(*s->cfsRq, *s);
                // set_next_task_fair makes sure each limited queue has runtime (v6.12).
                if (m_pickTaskFair && m_bandwidthUsed && s->cfsRq->runtimeEnabled)
                    accountCfsRqRuntime(rq, *s->cfsRq, 0);
            }
        }
        cfstasks::moveHead(rq, *p);
        return p;
    }
}

// ---- wakeup preemption --------------------------------------------------------------------------

bool Fair::eevdfWakeupPreempt(Rq& rq, SchedEntity& curr, SchedEntity& woken) {
    if (rq.needResched) // the slice end noticed on this path reschedules anyway
        return true;
    CfsRq& cfs = *curr.cfsRq;
    if (m_sliceProtection)
        return vprotWakeupPreempt(cfs, curr, woken);
    // PREEMPT_SHORT (v6.12): an eligible waker with a shorter slice and an earlier deadline
    // cancels curr's run-to-parity protection (whether or not it wins the pick below).
    if (doPreemptShort(cfs, woken, curr) && curr.vlag == static_cast<int64_t>(curr.deadline))
        curr.vlag = static_cast<int64_t>(curr.deadline) + 1;
    return eevdf::pick(cfs, cfs.curr, true, false) == &woken;
}

} // namespace core
