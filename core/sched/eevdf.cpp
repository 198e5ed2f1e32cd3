#include "sched/eevdf.h"

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

bool vruntimeEligible(const CfsRq& cfs, uint64_t v) {
    int64_t avg, load;
    sums(cfs, avg, load);
    return avg >= static_cast<int64_t>(v - cfs.minVruntime) * load;
}

SchedEntity* pick(CfsRq& cfs, SchedEntity* curr, bool protect) {
    if (curr && (!curr->onRq || !eligible(cfs, *curr)))
        curr = nullptr;
    // RUN_TO_PARITY: set_next_entity stashed the deadline in vlag; while they still match, the
    // entity has not finished the slice it was picked for.
    if (protect && curr && curr->vlag == static_cast<int64_t>(curr->deadline))
        return curr;
    SchedEntity* best = nullptr;
    for (SchedEntity* se : cfs.timeline.entities()) {
        if (se == curr || !eligible(cfs, *se))
            continue;
        if (!best || deadlineBefore(*se, *best))
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
    uint64_t s = 0;
    auto take = [&](const SchedEntity* se) {
        if (s == 0 || se->slice < s)
            s = se->slice;
    };
    if (cfs.curr && cfs.curr->onRq)
        take(cfs.curr);
    for (const SchedEntity* se : cfs.timeline.entities())
        take(se);
    return s;
}

} // namespace core::eevdf
