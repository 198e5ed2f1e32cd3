#pragma once

#include "base/simtime.h"
#include "sched/deadlinetree.h"
#include "sched/pelt.h"

#include <cstddef>
#include <cstdint>
#include <vector>

namespace core {

struct Task;
struct CfsRq;
struct TaskGroup;

/// A schedulable entity: a task, or a task group's representative on one CPU.
/// The fields update_curr's walk up the hierarchy reads and writes at every level come first,
/// within 64 bytes (one cache line, two when the object straddles one); at 50 levels that walk
/// is bound by memory (docs/performance.md).
struct SchedEntity {
    uint64_t weight = 1024;
    uint64_t vruntime = 0;
    SimTime sumExec;
    CfsRq* cfsRq = nullptr; ///< the runqueue it is queued on (or would be)
    SchedEntity* parent = nullptr;
    uint64_t deadline = 0; ///< EEVDF virtual deadline: vruntime at pick + slice / weight
    int32_t heapPos = -1;  ///< position in the cfs_rq's timeline heap, -1 when not in it
    bool onRq = false;
    bool attached = false; ///< its PELT sums are part of its queue's
    // EEVDF (v6.6+ models; unused by the v4.11 model).
    bool delayed = false;     ///< DELAY_DEQUEUE: asleep but still queued until picked (v6.12)
    bool customSlice = false; ///< slice set by the task (sched_attr.sched_runtime) or a group's minimum
    bool relDeadline = false; ///< deadline held relative to vruntime across a migration (v6.12)
    uint16_t depth = 0;
    // Read less often.
    uint64_t seq = 0;     ///< insertion order, breaks vruntime ties (FIFO like the rbtree)
    uint64_t slice = 0;   ///< requested slice, ns
    int64_t vlag = 0;     ///< V - v saved at dequeue; the deadline while running (RUN_TO_PARITY)
    SimTime prevSumExec;  ///< sumExec when last picked (for the slice check)
    SimTime execStart;    ///< for the cache-hot check: when it last ran
    CfsRq* myQ = nullptr; ///< group entity: the runqueue it represents
    Task* task = nullptr; ///< null for a group entity
    PeltAvg avg;
    // EEVDF: its node in the queue's DeadlineTree (links, the subtree's minima).
    SchedEntity* dlLeft = nullptr;
    SchedEntity* dlRight = nullptr;
    uint64_t dlMinVruntime = 0;
    uint64_t dlMinSlice = 0;
};
static_assert(offsetof(SchedEntity, depth) + sizeof(SchedEntity::depth) <= 64,
              "update_curr's fields within 64 bytes");

/// vruntime order as the kernel compares it: signed difference, so wrap-around is harmless.
inline bool entityBefore(const SchedEntity* a, const SchedEntity* b) {
    const int64_t d = static_cast<int64_t>(a->vruntime - b->vruntime);
    return d < 0 || (d == 0 && a->seq < b->seq);
}

/// find_matching_se: walks two entities up their hierarchies until they are siblings in one
/// queue (the level at which a wakeup competes with the running task).
inline void findMatchingSe(SchedEntity*& se, SchedEntity*& pse) {
    while (se->depth > pse->depth)
        se = se->parent;
    while (pse->depth > se->depth)
        pse = pse->parent;
    while (se->cfsRq != pse->cfsRq) {
        se = se->parent;
        pse = pse->parent;
    }
}

/// The CFS timeline of one runqueue: a binary min-heap on (vruntime, seq) with positions
/// stored in the entities, so insert, remove and pick are O(log n) without allocation.
class EntityHeap {
public:
    bool empty() const { return m_heap.empty(); }
    size_t size() const { return m_heap.size(); }
    SchedEntity* first() const { return m_heap.empty() ? nullptr : m_heap[0]; }
    /// The entity that would be first if `first()` were removed.
    SchedEntity* second() const;
    void insert(SchedEntity* se);
    void erase(SchedEntity* se);
    const std::vector<SchedEntity*>& entities() const { return m_heap; }

private:
    void siftUp(size_t i);
    void siftDown(size_t i);
    void put(size_t i, SchedEntity* se) {
        m_heap[i] = se;
        se->heapPos = static_cast<int32_t>(i);
    }
    std::vector<SchedEntity*> m_heap;
};

/// A CFS runqueue: the root one of a CPU, or a task group's on that CPU. As in SchedEntity, what
/// update_curr reads at every level (update_min_vruntime, the bandwidth test) comes first.
struct CfsRq {
    SchedEntity* curr = nullptr;
    uint64_t minVruntime = 0;
    int64_t avgVruntime = 0; ///< EEVDF: sum of weight * (vruntime - minVruntime) over the timeline
    uint64_t avgLoad = 0;    ///< EEVDF: sum of weight over the timeline
    EntityHeap timeline;
    bool runtimeEnabled = false; ///< CFS bandwidth control (cpu.max of tg): tg has a quota
    bool throttled = false;      ///< out of runtime: its entity left the parent queue
    // Read less often.
    uint64_t loadWeight = 0; ///< sum of queued entities' weights (curr included)
    uint64_t runnableWeight = 0;
    uint32_t nrRunning = 0;  ///< entities queued directly here (curr included)
    uint32_t hNrRunning = 0; ///< tasks queued here or below
    uint64_t nextSeq = 0;
    DeadlineTree byDeadline; ///< EEVDF: the timeline's entities in deadline order (pick, min slice)
    SchedEntity* next = nullptr;
    SchedEntity* last = nullptr;
    SchedEntity* skip = nullptr;
    SchedEntity* owner = nullptr; ///< the group entity for this queue; null for the root
    TaskGroup* tg = nullptr;
    uint32_t cpu = 0;
    PeltAvg avg;
    uint32_t utilEstSum = 0; ///< root queue: the enqueued tasks' util_est (cfs_rq->avg.util_est)
    // The rest of CFS bandwidth control (sched/bandwidth.h).
    uint32_t throttleCount = 0;   ///< throttled queues at or above this one (throttled_hierarchy)
    int64_t runtimeRemaining = 0; ///< local runtime, ns; negative when overrun
    SimTime throttledClock;       ///< since when its throttled time counts
    SimTime traceSince;           ///< start of the throttled stretch not yet traced
    bool throttledClockSet = false;
};
static_assert(offsetof(CfsRq, throttled) < 64, "update_curr's fields within 64 bytes");

} // namespace core
