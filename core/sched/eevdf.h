#pragma once

#include "sched/schedentity.h"

#include <cstdint>

namespace core::eevdf {

// The arithmetic of the EEVDF fair class (v6.6+; docs/eevdf.md). A queue keeps
// avgVruntime = sum of w_i * (v_i - min_vruntime) and avgLoad = sum of w_i over the entities in
// its timeline; the current entity is added in when it is queued. Weights are the
// scale_load_down() values the simulator uses everywhere (nice 0 = 1024).

/// v_i - min_vruntime, the key the sums are kept in.
inline int64_t entityKey(const CfsRq& cfs, const SchedEntity& se) {
    return static_cast<int64_t>(se.vruntime - cfs.minVruntime);
}

/// avg_vruntime_add / avg_vruntime_sub: an entity enters or leaves the timeline.
inline void avgAdd(CfsRq& cfs, const SchedEntity& se) {
    cfs.avgVruntime += entityKey(cfs, se) * static_cast<int64_t>(se.weight);
    cfs.avgLoad += se.weight;
}
inline void avgSub(CfsRq& cfs, const SchedEntity& se) {
    cfs.avgVruntime -= entityKey(cfs, se) * static_cast<int64_t>(se.weight);
    cfs.avgLoad -= se.weight;
}

/// avg_vruntime_update: min_vruntime moved forward by delta, so every key shrinks by it.
inline void avgShift(CfsRq& cfs, int64_t delta) {
    cfs.avgVruntime -= static_cast<int64_t>(cfs.avgLoad) * delta;
}

/// avg_vruntime(): the load-weighted average vruntime V of the queue (curr included).
uint64_t avgVruntime(const CfsRq& cfs);

/// vruntime_eligible(): would an entity at vruntime v have lag >= 0, i.e. V >= v? Compared
/// without the division, as the kernel does: sum w_i (v_i - v0) >= (v - v0) * sum w_i.
bool vruntimeEligible(const CfsRq& cfs, uint64_t v);
/// The same test with the queue's sums taken once, for many entities of one queue.
EligibleBound eligibleBound(const CfsRq& cfs);
inline bool eligible(const CfsRq& cfs, const SchedEntity& se) {
    return vruntimeEligible(cfs, se.vruntime);
}

/// Deadline order; ties by insertion order.
inline bool deadlineBefore(const SchedEntity& a, const SchedEntity& b) {
    const int64_t d = static_cast<int64_t>(a.deadline - b.deadline);
    return d < 0 || (d == 0 && a.seq < b.seq);
}

/// pick_eevdf(): the eligible entity with the earliest virtual deadline. `curr` is the entity
/// that was running on this queue (it may be in the timeline again, or not); with `protect`
/// (RUN_TO_PARITY), a still-eligible curr keeps the CPU while it is protected: until its
/// deadline moves (the deadline stashed in vlag, v6.6-v6.12) or, with `vprot` (v6.17+), until
/// its vruntime reaches the protection kept in vlag.
SchedEntity* pick(CfsRq& cfs, SchedEntity* curr, bool protect, bool vprot = false);

/// cfs_rq_min_slice(): the shortest slice queued here (curr included); 0 when empty.
uint64_t minSlice(const CfsRq& cfs);

} // namespace core::eevdf
