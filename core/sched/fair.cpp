#include "sched/fair.h"

#include "accounting/cpuacct.h"
#include "sched/cfstasks.h"
#include "sched/eevdf.h"
#include "sched/fairmath.h"

#include "base/weights.h"
#include "sched/task.h"

#include <algorithm>
#include <cassert>

namespace core {

namespace {

constexpr uint64_t kMinShares = 2;

} // namespace

using namespace fairmath;

Fair::Fair(SimContext& ctx, Machine& machine, CgroupTree& cgroups, Cpuacct& cpuacct)
    : m_ctx(ctx)
    , m_machine(machine)
    , m_cgroups(cgroups)
    , m_cpuacct(cpuacct)
    , m_eevdf(kernelModelInfo(ctx.model).eevdf)
    , m_delayDequeue(kernelModelInfo(ctx.model).delayDequeue)
    , m_preemptShort(kernelModelInfo(ctx.model).preemptShort)
    , m_customSlices(kernelModelInfo(ctx.model).customSlice)
    , m_reweightKeepsLag(kernelModelInfo(ctx.model).reweightKeepsLag)
    , m_relDeadline(kernelModelInfo(ctx.model).relativeDeadline)
    , m_bandwidthBurst(kernelModelInfo(ctx.model).bandwidthBurst)
    , m_throttleFifo(kernelModelInfo(ctx.model).throttleFifo)
    , m_throttledTimeQueued(kernelModelInfo(ctx.model).throttledTimeQueued)
    , m_pickTaskFair(kernelModelInfo(ctx.model).pickTaskFair)
    , m_sliceProtection(kernelModelInfo(ctx.model).sliceProtection)
    , m_pickBuddy(kernelModelInfo(ctx.model).pickBuddy)
    , m_yieldForfeits(kernelModelInfo(ctx.model).yieldForfeits)
    , m_emptyGroupKeepsWeight(kernelModelInfo(ctx.model).emptyGroupKeepsWeight)
    , m_reweightPlaces(kernelModelInfo(ctx.model).reweightPlaces)
    , m_utilEst(utilest::kindOf(ctx.model)) {}

// ---- time ------------------------------------------------------------------------------------

uint64_t Fair::calcDeltaFair(SimTime delta, const SchedEntity& se) const {
    const uint64_t d = static_cast<uint64_t>(delta.count());
    return se.weight == kNice0Load ? d : mulDiv(d, kNice0Load, se.weight);
}

SimTime Fair::schedPeriod(uint32_t nr) const {
    const Tunables& t = m_ctx.tunables;
    return nr > t.nrLatency ? t.minGranularity * nr : t.latency;
}

SimTime Fair::schedSlice(const CfsRq& cfs, const SchedEntity& se) const {
    uint64_t slice = static_cast<uint64_t>(schedPeriod(cfs.nrRunning + (se.onRq ? 0 : 1)).count());
    for (const SchedEntity* s = &se; s; s = s->parent) {
        uint64_t load = s->cfsRq->loadWeight;
        if (!s->onRq)
            load += s->weight;
        slice = mulDiv(slice, s->weight, load);
    }
    return SimTime::ns(static_cast<int64_t>(slice));
}

void Fair::updateCurr(Rq& rq) {
    m_machine.advance(rq);
    if (rq.pendingExec.count() <= 0)
        return;
    Task* t = rq.curr;
    assert(t && "task time accrued with no current task");
    if (t->rt())
        return; // the RT class accounts its own task (update_curr_rt)
    const SimTime d = m_cpuacct.chargeExec(rq, *t);
    t->se.execStart = m_ctx.now;
    for (SchedEntity* se = &t->se; se; se = se->parent) {
        assert(se->heapPos < 0 && "vruntime of a queued entity must not change");
        se->sumExec += d;
        se->vruntime += calcDeltaFair(d, *se);
        if (m_eevdf)
            updateDeadline(rq, *se->cfsRq, *se);
        updateMinVruntime(*se->cfsRq);
        if (se->cfsRq->runtimeEnabled)
            accountCfsRqRuntime(rq, *se->cfsRq, d.count());
    }
}

void Fair::updateMinVruntime(CfsRq& cfs) {
    SchedEntity* curr = cfs.curr;
    uint64_t v = cfs.minVruntime;
    if (curr) {
        if (curr->onRq)
            v = curr->vruntime;
        else
            curr = nullptr;
    }
    if (SchedEntity* left = cfs.timeline.first())
        v = curr ? minVruntime(v, left->vruntime) : left->vruntime;
    const uint64_t next = maxVruntime(cfs.minVruntime, v);
    if (m_eevdf) // the avg_vruntime sums are kept relative to min_vruntime
        eevdf::avgShift(cfs, vdiff(next, cfs.minVruntime));
    cfs.minVruntime = next;
}

// ---- weights and group shares ---------------------------------------------------------------

void Fair::addWeight(CfsRq& cfs, int64_t delta) {
    cfs.loadWeight = static_cast<uint64_t>(static_cast<int64_t>(cfs.loadWeight) + delta);
    if (cfs.tg && cfs.tg->parent)
        cfs.tg->totalWeight = static_cast<uint64_t>(static_cast<int64_t>(cfs.tg->totalWeight) + delta);
}

void Fair::reweightEntity(CfsRq& cfs, SchedEntity& se, uint64_t weight) {
    if (se.weight == weight)
        return;
    // EEVDF keeps the entity's lag and its deadline's distance from V in real time: both are
    // rescaled around V, which is taken with the entity still counted.
    const bool eevdfQueued = m_eevdf && se.onRq;
    const bool inTree = eevdfQueued && se.heapPos >= 0;
    const bool placed = eevdfQueued && m_reweightPlaces;
    const uint64_t avruntime = eevdfQueued && !placed ? eevdf::avgVruntime(cfs) : 0;
    if (placed) {
        // reweight_entity (v6.16): the entity leaves the queue as a migration would, its lag
        // saved and its deadline made relative, and is placed again at its new weight below.
        updateEntityLag(cfs, se);
        se.deadline -= se.vruntime;
        se.relDeadline = true;
        --cfs.nrRunning;
    }
    if (inTree)
        timelineErase(cfs, se);
    if (se.onRq) {
        addWeight(cfs, static_cast<int64_t>(weight) - static_cast<int64_t>(se.weight));
        cfs.runnableWeight = satSub(cfs.runnableWeight, se.weight) + weight;
    }
    // The entity's contribution to its queue's averages changes with its weight.
    if (se.attached) {
        cfs.avg.loadAvg = satSub(cfs.avg.loadAvg, se.avg.loadAvg);
        cfs.avg.loadSum = satSub(cfs.avg.loadSum, se.weight * se.avg.loadSum);
        if (se.onRq) {
            cfs.avg.runnableLoadAvg = satSub(cfs.avg.runnableLoadAvg, se.avg.runnableLoadAvg);
            cfs.avg.runnableLoadSum = satSub(cfs.avg.runnableLoadSum, se.weight * se.avg.runnableLoadSum);
        }
    }
    if (eevdfQueued && !placed) {
        reweightEevdf(se, avruntime, weight);
    } else if (m_eevdf) { // vlag is V - v; the lag it stands for is weight times that
        se.vlag = static_cast<int64_t>(static_cast<i128>(se.vlag) * static_cast<int64_t>(se.weight) /
                                       static_cast<int64_t>(weight));
        if (m_reweightPlaces && se.relDeadline) // v6.16: a relative deadline scales too
            se.deadline = static_cast<uint64_t>(
                static_cast<int64_t>(static_cast<i128>(static_cast<int64_t>(se.deadline)) *
                                     static_cast<int64_t>(se.weight) / static_cast<int64_t>(weight)));
    }
    se.weight = weight;
    pelt::updateAvg(se.avg, se.weight, se.weight);
    if (se.attached) {
        cfs.avg.loadAvg += se.avg.loadAvg;
        cfs.avg.loadSum += se.weight * se.avg.loadSum;
        if (se.onRq) {
            cfs.avg.runnableLoadAvg += se.avg.runnableLoadAvg;
            cfs.avg.runnableLoadSum += se.weight * se.avg.runnableLoadSum;
        }
    }
    if (placed) {
        // place_entity(..., 0), as the kernel does it here: a running entity is still the queue's
        // current one, so the average and the lag's inflation count it at its new weight.
        eevdfPlaceEntity(cfs, se, 0);
        ++cfs.nrRunning;
    }
    if (inTree)
        timelineInsert(cfs, se);
    if (eevdfQueued)
        updateMinVruntime(cfs);
}

void Fair::reweightTask(Task& p, uint64_t weight) {
    reweightEntity(*p.se.cfsRq, p.se, weight);
}

void Fair::updateCfsGroup(SchedEntity& se) {
    CfsRq* gcfs = se.myQ;
    if (!gcfs)
        return;
    // v6.14: a group that has become empty (its last task asleep, its entity maybe delayed) keeps
    // the weight it had.
    if (m_emptyGroupKeepsWeight && gcfs->loadWeight == 0)
        return;
    // Shares follow this CPU's part of the group's queued weight (calc_group_shares with
    // instantaneous weights); a lone CPU gets the full shares.
    const TaskGroup& tg = *gcfs->tg;
    uint64_t shares = tg.shares;
    if (tg.totalWeight > 0 && gcfs->loadWeight < tg.totalWeight)
        shares = mulDiv(tg.shares, gcfs->loadWeight, tg.totalWeight);
    shares = std::clamp<uint64_t>(shares, kMinShares, std::max<uint64_t>(tg.shares, kMinShares));
    reweightEntity(*se.cfsRq, se, shares);
}

// ---- PELT -------------------------------------------------------------------------------------

bool Fair::updateCfsRqLoadAvg(CfsRq& cfs) {
    const uint64_t now = static_cast<uint64_t>(m_ctx.now.count());
    if (!pelt::updateSum(cfs.avg, now, cfs.loadWeight, cfs.runnableWeight, cfs.curr != nullptr))
        return false;
    pelt::updateAvg(cfs.avg, 1, 1);
    return true;
}

void Fair::updateLoadAvg(CfsRq& cfs, SchedEntity& se, bool attach) {
    const uint64_t now = static_cast<uint64_t>(m_ctx.now.count());
    if (se.attached) {
        const uint64_t r = se.onRq ? 1 : 0;
        if (pelt::updateSum(se.avg, now, r, r, cfs.curr == &se)) {
            pelt::updateAvg(se.avg, se.weight, se.weight);
            utilest::utilChanged(se.avg.utilEst);
        }
    }
    updateCfsRqLoadAvg(cfs);
    if (!se.attached && attach)
        attachEntityLoadAvg(cfs, se);
}

void Fair::attachEntityLoadAvg(CfsRq& cfs, SchedEntity& se) {
    se.avg.lastUpdate = cfs.avg.lastUpdate;
    se.avg.periodContrib = cfs.avg.periodContrib;
    cfs.avg.loadAvg += se.avg.loadAvg;
    cfs.avg.loadSum += se.weight * se.avg.loadSum;
    cfs.avg.utilAvg += se.avg.utilAvg;
    cfs.avg.utilSum += se.avg.utilSum;
    se.attached = true;
}

void Fair::detachEntityLoadAvg(CfsRq& cfs, SchedEntity& se) {
    cfs.avg.loadAvg = satSub(cfs.avg.loadAvg, se.avg.loadAvg);
    cfs.avg.loadSum = satSub(cfs.avg.loadSum, se.weight * se.avg.loadSum);
    cfs.avg.utilAvg = satSub(cfs.avg.utilAvg, se.avg.utilAvg);
    cfs.avg.utilSum = satSub(cfs.avg.utilSum, se.avg.utilSum);
    se.attached = false;
}

void Fair::initEntityAvg(CfsRq& cfs, SchedEntity& se) {
    // init_entity_runnable_average + post_init_entity_util_avg: a new task starts as if it
    // had always been runnable, and with half the queue's spare utilisation.
    se.avg = PeltAvg{};
    se.avg.loadSum = pelt::kLoadAvgMax;
    se.avg.runnableLoadSum = pelt::kLoadAvgMax;
    se.avg.loadAvg = se.weight;
    se.avg.runnableLoadAvg = se.weight;
    updateCfsRqLoadAvg(cfs);
    const int64_t cap =
        (static_cast<int64_t>(pelt::kCapacityScale) - static_cast<int64_t>(cfs.avg.utilAvg)) / 2;
    if (cap > 0) {
        uint64_t util = static_cast<uint64_t>(cap);
        if (cfs.avg.utilAvg != 0)
            util = std::min(util, mulDiv(cfs.avg.utilAvg, se.weight, cfs.avg.loadAvg + 1));
        se.avg.utilAvg = util;
        se.avg.utilSum = util * pelt::kLoadAvgMax;
    }
    se.attached = false;
}

uint64_t Fair::taskHLoad(const Task& p) const {
    // h_load of a queue: its parent queue's h_load times the group entity's share of it.
    uint64_t load = p.se.avg.loadAvg;
    for (const SchedEntity* g = p.se.parent; g; g = g->parent)
        load = mulDiv(load, g->avg.loadAvg, g->myQ->avg.loadAvg + 1);
    return load;
}

uint64_t Fair::cpuLoad(Rq& rq) {
    updateCfsRqLoadAvg(rq.cfs);
    return rq.cfs.avg.runnableLoadAvg;
}

uint64_t Fair::cpuUtil(Rq& rq, const Task* without, bool boost) {
    updateCfsRqLoadAvg(rq.cfs);
    uint64_t util = rq.cfs.avg.utilAvg;
    if (boost) // the v4.15 layout has no runnable_avg of a queue: its runnable load stands in
        util = std::max(util, rq.cfs.avg.runnableLoadAvg);
    if (without)
        util -= std::min(util, without->se.avg.utilAvg);
    if (m_utilEst != UtilEstKind::None) {
        uint64_t est = rq.cfs.utilEstSum;
        if (without && (without->queued() || rq.curr == without))
            est -= std::min<uint64_t>(est, utilest::taskEstimate(without->se.avg.utilEst, m_utilEst));
        util = std::max(util, est);
    }
    return std::min<uint64_t>(util, m_machine.topology().capacityOrig());
}

// ---- util_est (sched/utilest.h) -----------------------------------------------------------------

uint64_t Fair::taskUtilEst(const Task& p) const {
    return std::max<uint64_t>(p.se.avg.utilAvg, utilest::taskEstimate(p.se.avg.utilEst, m_utilEst));
}

void Fair::utilEstEnqueue(Rq& rq, const Task& p) {
    rq.cfs.utilEstSum += utilest::taskEstimate(p.se.avg.utilEst, m_utilEst);
}

void Fair::utilEstDequeue(Rq& rq, const Task& p) {
    rq.cfs.utilEstSum -= std::min(rq.cfs.utilEstSum, utilest::taskEstimate(p.se.avg.utilEst, m_utilEst));
}

void Fair::utilEstUpdate(Task& p) {
    utilest::update(p.se.avg.utilEst, m_utilEst, p.se.avg.utilAvg, pelt::taskRunnableAvg(p.se.avg),
                    m_machine.topology().capacityOrig());
}

// ---- enqueue / dequeue ------------------------------------------------------------------------

void Fair::placeEntity(CfsRq& cfs, SchedEntity& se, bool initial) {
    uint64_t v = cfs.minVruntime;
    if (initial) {
        v += calcDeltaFair(schedSlice(cfs, se), se); // START_DEBIT
    } else {
        // GENTLE_FAIR_SLEEPERS: a sleeper gains at most half a latency period.
        v -= static_cast<uint64_t>((m_ctx.tunables.latency / 2).count());
    }
    se.vruntime = maxVruntime(se.vruntime, v);
}

void Fair::enqueueEntity(CfsRq& cfs, SchedEntity& se, uint32_t flags) {
    const bool renorm = !(flags & EnqueueWakeup) || (flags & EnqueueMigrated);
    const bool isCurr = cfs.curr == &se;
    if (renorm)
        se.vruntime += cfs.minVruntime;
    updateLoadAvg(cfs, se, true);
    // Reweight first (update_cfs_group before enqueue_runnable_load_avg, as the kernel orders
    // them): the queue's runnable weight and sums must take the weight that dequeue removes.
    updateCfsGroup(se);
    cfs.avg.runnableLoadAvg += se.avg.runnableLoadAvg;
    cfs.avg.runnableLoadSum += se.weight * se.avg.runnableLoadSum;
    cfs.runnableWeight += se.weight;
    addWeight(cfs, static_cast<int64_t>(se.weight));
    ++cfs.nrRunning;
    if (flags & EnqueueWakeup)
        placeEntity(cfs, se, false);
    if (!isCurr) {
        se.seq = cfs.nextSeq++;
        cfs.timeline.insert(&se);
    }
    se.onRq = true;
    if (cfs.nrRunning == 1 && (cfs.runtimeEnabled || cfs.throttled))
        bandwidthEnqueued(cfs);
}

void Fair::enqueueTask(Rq& rq, Task& p, uint32_t flags) {
    if (m_utilEst != UtilEstKind::None)
        utilEstEnqueue(rq, p); // every enqueue, a delayed task's requeue included (v6.12)
    if (m_eevdf)
        return eevdfEnqueueTask(rq, p, flags);
    updateCurr(rq);
    if (p.migrated) {
        // Its vruntime is relative to no queue yet: enqueue adds this queue's min_vruntime.
        flags |= EnqueueMigrated;
        p.migrated = false;
    }
    uint64_t levels = 0;
    bool throttled = false; // the walk ended at a throttled queue: the task is not counted above it
    SchedEntity* se = &p.se;
    for (; se; se = se->parent) {
        if (se->onRq)
            break;
        enqueueEntity(*se->cfsRq, *se, flags);
        ++se->cfsRq->hNrRunning;
        ++levels;
        if ((throttled = se->cfsRq->throttled))
            break;
        flags = EnqueueWakeup;
    }
    for (; se && !throttled; se = se->parent) {
        ++se->cfsRq->hNrRunning;
        updateLoadAvg(*se->cfsRq, *se, false);
        updateCfsGroup(*se);
        throttled = se->cfsRq->throttled;
    }
    if (!throttled)
        ++rq.nrRunning;
    cfstasks::addHead(rq, p);
    m_machine.chargeN(rq, CostOp::Enqueue, levels);
}

void Fair::clearBuddies(CfsRq& cfs, SchedEntity& se) {
    // The kernel clears a buddy pointer on every level where it points at this path.
    for (SchedEntity* s = &se; s; s = s->parent) {
        CfsRq& q = *s->cfsRq;
        bool any = false;
        if (q.last == s) {
            q.last = nullptr;
            any = true;
        }
        if (q.next == s) {
            q.next = nullptr;
            any = true;
        }
        if (q.skip == s) {
            q.skip = nullptr;
            any = true;
        }
        if (!any)
            break;
    }
    (void)cfs;
}

void Fair::dequeueEntity(CfsRq& cfs, SchedEntity& se, uint32_t flags) {
    updateLoadAvg(cfs, se, false);
    cfs.avg.runnableLoadAvg = satSub(cfs.avg.runnableLoadAvg, se.avg.runnableLoadAvg);
    cfs.avg.runnableLoadSum = satSub(cfs.avg.runnableLoadSum, se.weight * se.avg.runnableLoadSum);
    cfs.runnableWeight = satSub(cfs.runnableWeight, se.weight);
    clearBuddies(cfs, se);
    if (cfs.curr != &se)
        cfs.timeline.erase(&se);
    se.onRq = false;
    addWeight(cfs, -static_cast<int64_t>(se.weight));
    --cfs.nrRunning;
    if (!(flags & DequeueSleep))
        se.vruntime -= cfs.minVruntime;
    updateCfsGroup(se);
    if ((flags & (DequeueSave | DequeueMove)) != DequeueSave)
        updateMinVruntime(cfs);
    if (cfs.runtimeEnabled && cfs.nrRunning == 0)
        returnCfsRqRuntime(cfs);
}

void Fair::dequeueTask(Rq& rq, Task& p, uint32_t flags) {
    if (m_utilEst != UtilEstKind::None) {
        // Taken out first; sampled as the task goes to sleep: by v6.12 at the start, before
        // this dequeue brings its util_avg to now, by v6.6 at the end, after it.
        const bool sleep = flags & DequeueSleep;
        utilEstDequeue(rq, p);
        if (sleep && m_utilEst != UtilEstKind::EnqueuedEwma)
            utilEstUpdate(p);
        if (m_eevdf)
            eevdfDequeueTask(rq, p, flags);
        else
            cfsDequeueTask(rq, p, flags);
        if (sleep && m_utilEst == UtilEstKind::EnqueuedEwma)
            utilEstUpdate(p);
        return;
    }
    if (m_eevdf)
        return eevdfDequeueTask(rq, p, flags);
    cfsDequeueTask(rq, p, flags);
}

void Fair::cfsDequeueTask(Rq& rq, Task& p, uint32_t flags) {
    updateCurr(rq);
    const bool taskSleep = flags & DequeueSleep;
    uint64_t levels = 0;
    bool throttled = false;
    SchedEntity* se = &p.se;
    for (; se; se = se->parent) {
        CfsRq& cfs = *se->cfsRq;
        dequeueEntity(cfs, *se, flags);
        --cfs.hNrRunning;
        ++levels;
        if ((throttled = cfs.throttled))
            break;
        if (cfs.loadWeight > 0) {
            // The group still has other entities: keep it queued, and bias the next pick
            // towards it while the sleeper is within its slice (set_next_buddy).
            se = se->parent;
            if (taskSleep && se && !cfs.throttleCount)
                for (SchedEntity* s = se; s; s = s->parent)
                    s->cfsRq->next = s;
            break;
        }
        flags |= DequeueSleep;
    }
    for (; se && !throttled; se = se->parent) {
        --se->cfsRq->hNrRunning;
        updateLoadAvg(*se->cfsRq, *se, false);
        updateCfsGroup(*se);
        throttled = se->cfsRq->throttled;
    }
    if (!throttled)
        --rq.nrRunning;
    cfstasks::remove(rq, p);
    m_machine.chargeN(rq, CostOp::Dequeue, levels);
}

// ---- pick -------------------------------------------------------------------------------------

int Fair::wakeupPreemptEntity(const SchedEntity& curr, const SchedEntity& se) const {
    const int64_t d = vdiff(curr.vruntime, se.vruntime);
    if (d <= 0)
        return -1;
    const int64_t gran = static_cast<int64_t>(calcDeltaFair(m_ctx.tunables.wakeupGranularity, se));
    return d > gran ? 1 : 0;
}

SchedEntity* Fair::pickNextEntity(CfsRq& cfs, SchedEntity* curr) {
    // curr is not in the tree; it wins only when strictly before (entity_before).
    const auto before = [](const SchedEntity* a, const SchedEntity* b) {
        return vdiff(a->vruntime, b->vruntime) < 0;
    };
    SchedEntity* left = cfs.timeline.first();
    if (!left || (curr && before(curr, left)))
        left = curr;
    SchedEntity* se = left;
    if (cfs.skip == se) {
        SchedEntity* second = nullptr;
        if (se == curr) {
            second = cfs.timeline.first();
        } else {
            second = cfs.timeline.second();
            if (!second || (curr && before(curr, second)))
                second = curr;
        }
        if (second && wakeupPreemptEntity(*second, *left) < 1)
            se = second;
    }
    const auto usable = [curr](const SchedEntity* b) {
        return b && b->onRq && (b->heapPos >= 0 || b == curr);
    };
    if (usable(cfs.last) && wakeupPreemptEntity(*cfs.last, *left) < 1)
        se = cfs.last;
    if (usable(cfs.next) && wakeupPreemptEntity(*cfs.next, *left) < 1)
        se = cfs.next;
    clearBuddies(cfs, *se);
    return se;
}

void Fair::setNextEntity(CfsRq& cfs, SchedEntity& se) {
    if (m_eevdf)
        clearBuddies(cfs, se);
    if (se.onRq) {
        timelineErase(cfs, se);
        updateLoadAvg(cfs, se, false);
        if (m_sliceProtection)
            setProtectSlice(cfs, se);
        else if (m_eevdf) // RUN_TO_PARITY: the deadline at pick time, until dequeue needs vlag again
            se.vlag = static_cast<int64_t>(se.deadline);
    }
    cfs.curr = &se;
    se.prevSumExec = se.sumExec;
}

void Fair::putPrevEntity(CfsRq& cfs, SchedEntity& se) {
    if (m_bandwidthUsed)
        checkCfsRqRuntime(cfs); // a queue out of runtime is throttled as its runner leaves
    if (se.onRq) {
        se.seq = cfs.nextSeq++;
        timelineInsert(cfs, se);
        updateLoadAvg(cfs, se, false);
    }
    cfs.curr = nullptr;
}

void Fair::putPrevTask(Rq& rq, Task& prev) {
    updateCurr(rq);
    for (SchedEntity* se = &prev.se; se; se = se->parent)
        putPrevEntity(*se->cfsRq, *se);
}

void Fair::putPrevSetNext(Task& prev, SchedEntity& next) {
    // As pick_next_task_fair: a level both paths share keeps its current entity, which is
    // neither put back nor set again (its slice and PELT go on as they were).
    SchedEntity* pse = &prev.se;
    SchedEntity* se = &next;
    while (se->cfsRq != pse->cfsRq) {
        const uint16_t depth = se->depth;
        const uint16_t prevDepth = pse->depth;
        if (depth <= prevDepth) {
            putPrevEntity(*pse->cfsRq, *pse);
            pse = pse->parent;
        }
        if (depth >= prevDepth) {
            setNextEntity(*se->cfsRq, *se);
            se = se->parent;
        }
    }
    putPrevEntity(*pse->cfsRq, *pse);
    setNextEntity(*se->cfsRq, *se);
}

Task* Fair::pickNextTask(Rq& rq, Task*& prev, bool wholeSwitch) {
    if (m_eevdf)
        return eevdfPickNextTask(rq, prev, wholeSwitch);
    for (;;) {
        CfsRq* cfs = &rq.cfs;
        if (cfs->nrRunning == 0)
            return nullptr;
        SchedEntity* se = nullptr;
        if (!prev) {
            // Nothing is current: pick and set each level from the root down.
            do {
                se = pickNextEntity(*cfs, nullptr);
                setNextEntity(*cfs, *se);
                cfs = se->myQ;
            } while (cfs);
            cfstasks::moveHead(rq, *se->task);
            return se->task;
        }
        bool throttled = false;
        do {
            SchedEntity* curr = cfs->curr;
            if (curr) {
                if (!curr->onRq)
                    curr = nullptr;
                if (m_bandwidthUsed && checkCfsRqRuntime(*cfs)) {
                    throttled = true;
                    break;
                }
            }
            se = pickNextEntity(*cfs, curr);
            cfs = se->myQ;
        } while (cfs);
        if (throttled) {
            if (rq.cfs.nrRunning == 0)
                return nullptr;     // idle: prev stays current until the idle class puts it
            putPrevTask(rq, *prev); // the simple path: prev put whole, nothing current
            prev = nullptr;
            continue;
        }
        if (se->task != prev)
            putPrevSetNext(*prev, *se);
        cfstasks::moveHead(rq, *se->task);
        return se->task;
    }
}

// ---- preemption -------------------------------------------------------------------------------

bool Fair::checkPreemptTick(CfsRq& cfs, SchedEntity& curr) {
    const SimTime ideal = schedSlice(cfs, curr);
    const SimTime ran = curr.sumExec - curr.prevSumExec;
    if (ran > ideal) {
        clearBuddies(cfs, curr);
        return true;
    }
    if (ran < m_ctx.tunables.minGranularity)
        return false;
    const SchedEntity* first = cfs.timeline.first();
    if (!first)
        return false;
    const int64_t d = vdiff(curr.vruntime, first->vruntime);
    // A virtual-time lead compared with a wall-clock slice, as the kernel does.
    return d > ideal.count();
}

bool Fair::taskTick(Rq& rq) {
    Task* curr = rq.curr;
    updateCurr(rq); // EEVDF: a slice that ended here has set needResched (update_deadline)
    bool resched = false;
    for (SchedEntity* se = &curr->se; se; se = se->parent) {
        CfsRq& cfs = *se->cfsRq;
        updateLoadAvg(cfs, *se, false);
        updateCfsGroup(*se);
        if (!m_eevdf && cfs.nrRunning > 1 && checkPreemptTick(cfs, *se))
            resched = true;
    }
    return resched || rq.needResched;
}

bool Fair::checkPreemptWakeup(Rq& rq, Task& p, bool currUpToDate) {
    Task* curr = rq.curr;
    if (!curr)
        return true;
    SchedEntity* se = &curr->se;
    SchedEntity* pse = &p.se;
    if (se == pse)
        return false;
    if (pse->cfsRq->throttleCount) // woken into a throttled hierarchy: it cannot run anyway
        return false;
    const bool scale = curr->se.cfsRq->nrRunning >= m_ctx.tunables.nrLatency;
    // An idle-policy task is preempted by any other waker; batch and idle wakers never
    // preempt (the tick does). Same rule in v4.11 and the EEVDF kernels.
    if (curr->policy == SchedPolicy::Idle && p.policy != SchedPolicy::Idle) {
        if (!m_eevdf && scale && se->onRq) // LAST_BUDDY, as the v4.11 preempt path sets it
            for (SchedEntity* s = se; s; s = s->parent)
                s->cfsRq->last = s;
        if (m_sliceProtection) { // v6.15: the idle entity keeps no slice protection against it
            SchedEntity* cse = se;
            SchedEntity* wse = pse;
            findMatchingSe(cse, wse);
            if (protectedSlice(*cse))
                cse->vlag = static_cast<int64_t>(cse->vruntime);
        }
        return true;
    }
    if (p.policy != SchedPolicy::Other)
        return false;
    findMatchingSe(se, pse);
    // The kernel reads the runqueue's clock once per locked section (update_rq_clock), so this
    // update_curr sees the clock the enqueue's did: nothing has elapsed, and the kernel work
    // charged since (the enqueue itself) is not seen before the next section. Only a delayed
    // task's requeue reads no clock first, and then the current task's run since its last
    // update counts here.
    if (!currUpToDate)
        updateCurr(rq);
    if (m_eevdf)
        return eevdfWakeupPreempt(rq, *se, *pse);
    if (rq.needResched) // out of bandwidth runtime, noticed just now
        return true;
    if (wakeupPreemptEntity(*se, *pse) != 1)
        return false;
    for (SchedEntity* s = pse; s; s = s->parent) // set_next_buddy(pse)
        s->cfsRq->next = s;
    if (scale && se->task && se->onRq) // set_last_buddy(se)
        for (SchedEntity* s = se; s; s = s->parent)
            s->cfsRq->last = s;
    return true;
}

void Fair::yieldTask(Rq& rq) {
    Task* curr = rq.curr;
    if (!curr || rq.nrRunning <= 1)
        return;
    clearBuddies(*curr->se.cfsRq, curr->se);
    updateCurr(rq);
    if (m_eevdf) {
        SchedEntity& se = curr->se;
        if (m_yieldForfeits) {
            // "Forfeit vruntime on yield" (6.18.2, 6.19): an eligible yielder gives up the rest of
            // its slice in vruntime too, so it falls behind by what it did not use.
            if (eevdf::eligible(*se.cfsRq, se)) {
                se.vruntime = se.deadline;
                se.deadline += calcDeltaFair(SimTime::ns(static_cast<int64_t>(se.slice)), se);
                updateMinVruntime(*se.cfsRq);
            }
            return;
        }
        // yield_task_fair under EEVDF: give up the rest of this slice (push the deadline out).
        se.deadline += calcDeltaFair(SimTime::ns(static_cast<int64_t>(se.slice)), se);
        return;
    }
    for (SchedEntity* s = &curr->se; s; s = s->parent) // set_skip_buddy
        s->cfsRq->skip = s;
}

// ---- placement of new and moving tasks -------------------------------------------------------

void Fair::setTaskRq(Task& p, uint32_t cpu) {
    CfsRq& q = m_cgroups.cfsRq(*p.tg, cpu);
    p.se.cfsRq = &q;
    p.se.parent = q.owner;
    p.se.depth = q.owner ? static_cast<uint16_t>(q.owner->depth + 1) : 0;
}

void Fair::taskFork(Task& child, uint32_t cpu) {
    setTaskRq(child, cpu);
    CfsRq& cfs = *child.se.cfsRq;
    child.se.weight = loadWeight(child);
    if (m_eevdf) {
        // Placed when it is enqueued (wake_up_new_task, ENQUEUE_INITIAL), with no lag.
        child.se.vlag = 0;
    } else {
        child.se.vruntime = cfs.curr ? cfs.curr->vruntime : cfs.minVruntime;
        placeEntity(cfs, child.se, true);
        child.se.vruntime -= cfs.minVruntime; // relative until enqueued on its final CPU
    }
    initEntityAvg(cfs, child.se);
    child.migrated = true;
}

void Fair::setCurrTask(Rq& rq, Task& p) {
    (void)rq;
    for (SchedEntity* se = &p.se; se; se = se->parent)
        setNextEntity(*se->cfsRq, *se);
}

void Fair::migrateTaskRq(Task& p) {
    detachVruntime(p);
    detachLoad(p);
}

void Fair::detachVruntime(Task& p) {
    if (p.migrated)
        return;
    if (!m_eevdf) // EEVDF carries the lag saved at dequeue to the next placement instead
        p.se.vruntime -= p.se.cfsRq->minVruntime;
    p.migrated = true;
}

void Fair::detachLoad(Task& p, bool propagate) {
    CfsRq& cfs = *p.se.cfsRq;
    if (propagate && p.se.attached) {
        // The group entities above carry this task's contribution too: take it out now.
        for (SchedEntity* g = p.se.parent; g; g = g->parent) {
            g->avg.utilAvg = satSub(g->avg.utilAvg, p.se.avg.utilAvg);
            g->avg.utilSum = satSub(g->avg.utilSum, p.se.avg.utilSum);
            g->cfsRq->avg.utilAvg = satSub(g->cfsRq->avg.utilAvg, p.se.avg.utilAvg);
            g->cfsRq->avg.utilSum = satSub(g->cfsRq->avg.utilSum, p.se.avg.utilSum);
        }
    }
    if (p.se.attached) {
        // Sync to the old queue's clock, then take the task's load away with it.
        updateCfsRqLoadAvg(cfs);
        if (pelt::updateSum(p.se.avg, cfs.avg.lastUpdate, 0, 0, false))
            pelt::updateAvg(p.se.avg, p.se.weight, p.se.weight);
        detachEntityLoadAvg(cfs, p.se);
    }
}

} // namespace core
