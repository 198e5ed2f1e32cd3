#include "sched/eevdf.h"

#include <cassert>

namespace core::eevdf {

namespace {

/// The sums with the current entity added in, when it is queued.
void sums(const CfsRq& cfs, int64_t& avg, int64_t& load) {
    avg = cfs.avgVruntime;
    load = static_cast<int64_t>(cfs.avgLoad);
    if (const SchedEntity* curr = cfs.curr; curr && curr->onRq && curr->heapPos < 0) {
        avg += entityKey(cfs, *curr) * static_cast<int64_t>(curr->weight);
        load += static_cast<int64_t>(curr->weight);
    }
}

} // namespace

uint64_t avgVruntime(const CfsRq& cfs) {
    int64_t avg, load;
    sums(cfs, avg, load);
    if (load) {
        // Round towards minus infinity, so that the entity at the average is always eligible.
        if (avg < 0)
            avg -= load - 1;
        avg /= load;
    }
    return cfs.minVruntime + static_cast<uint64_t>(avg);
}

EligibleBound eligibleBound(const CfsRq& cfs) {
    EligibleBound b;
    sums(cfs, b.avg, b.load);
    b.base = cfs.minVruntime;
    return b;
}

bool vruntimeEligible(const CfsRq& cfs, uint64_t v) {
    return eligibleBound(cfs)(v);
}

SchedEntity* pick(CfsRq& cfs, SchedEntity* curr, bool protect, bool vprot) {
    if (curr && (!curr->onRq || !eligible(cfs, *curr)))
        curr = nullptr;
    // RUN_TO_PARITY: set_next_entity stashed the deadline in vlag; while they still match, the
    // entity has not finished the slice it was picked for. v6.17: vlag holds vprot, the vruntime
    // up to which it is protected (protect_slice).
    if (protect && curr &&
        (vprot ? static_cast<int64_t>(static_cast<uint64_t>(curr->vlag) - curr->vruntime) > 0
               : curr->vlag == static_cast<int64_t>(curr->deadline)))
        return curr;
    // The eligible entity with the earliest deadline, curr apart: a search of the deadline tree
    // when the queue keeps one, a scan of its few entities otherwise. (deadline, seq) is a total
    // order, so both find the same entity.
    SchedEntity* best = nullptr;
    if (cfs.byDeadline.active()) {
        best = cfs.byDeadline.firstEligible(eligibleBound(cfs), curr);
    } else {
        for (SchedEntity* se : cfs.timeline.entities())
            if (se != curr && eligible(cfs, *se) && (!best || deadlineBefore(*se, *best)))
                best = se;
    }
    // The previous entity wins only with a strictly earlier deadline.
    if (!best || (curr && static_cast<int64_t>(curr->deadline - best->deadline) < 0))
        best = curr;
    if (!best) // cannot happen with exact sums; the kernel falls back to the leftmost too
        best = cfs.timeline.first();
    return best;
}

uint64_t minSlice(const CfsRq& cfs) {
    // cfs_rq_min_slice: curr's slice, then the queued entities' (a zero slice counts as none).
    uint64_t s = cfs.curr && cfs.curr->onRq ? cfs.curr->slice : 0;
    auto take = [&s](uint64_t slice) {
        if (slice && (s == 0 || slice < s))
            s = slice;
    };
    if (cfs.byDeadline.active())
        take(cfs.byDeadline.minSlice());
    else
        for (const SchedEntity* se : cfs.timeline.entities()) {
            assert(se->slice > 0 && "a queued entity has a slice");
            take(se->slice);
        }
    return s;
}

} // namespace core::eevdf
