#pragma once

#include <cstddef>
#include <cstdint>
#include <vector>

namespace core {

struct SchedEntity;

/// vruntime_eligible() with the queue's sums taken once: an entity at vruntime v has lag >= 0
/// when avg >= (v - base) * load. For a positive load this holds for every v up to some bound,
/// which is what lets DeadlineTree prune whole subtrees.
struct EligibleBound {
    int64_t avg = 0;
    int64_t load = 0;
    uint64_t base = 0; ///< the queue's min_vruntime, the origin of the sums
    bool operator()(uint64_t v) const { return avg >= static_cast<int64_t>(v - base) * load; }
};

/// When the fair class keeps a queue's DeadlineTree: from `from` queued entities on, until the
/// queue falls below `until` (the gap keeps a queue near one bound from building and dropping
/// it at every change). A short queue is scanned faster than a tree is kept up to date. No
/// answer depends on the bounds (tst_eevdf runs scenarios with the tree always and never kept
/// and compares their traces); they are process-wide and only tests change them, before any
/// engine runs.
struct DeadlineIndexBounds {
    size_t from = 32;
    size_t until = 16;
};
DeadlineIndexBounds& deadlineIndexBounds();

/// EEVDF's index of one queue's timeline: its entities in virtual-deadline order (ties by
/// insertion order, as eevdf::deadlineBefore), each subtree knowing its smallest vruntime and its
/// smallest slice. This is what the kernel's augmented rbtree keeps (v6.12: ordered by deadline,
/// with min_vruntime and min_slice per subtree): the pick and the queue's shortest slice cost
/// O(log n) instead of a scan of every queued entity.
///
/// A treap: the links and the subtree minima live in the entities (SchedEntity::dl*), the
/// priorities come from the entities' seq, so the shape is the same on every run. No answer depends on
/// the shape: the order is total, and every query has one answer.
///
/// An entity's deadline and seq must not change while it is in the tree (erase finds it by
/// them), and a change of its slice must be reported with sliceChanged().
class DeadlineTree {
public:
    /// Whether the tree is kept for its queue. A short queue is cheaper to scan than to index
    /// (see DeadlineIndexBounds).
    bool active() const { return m_active; }
    /// Starts keeping the tree, with these entities in it.
    void activate(const std::vector<SchedEntity*>& entities);
    /// Stops keeping the tree (the entities' links are left stale; insert resets them).
    void deactivate() {
        m_root = nullptr;
        m_active = false;
    }
    bool empty() const { return m_root == nullptr; }
    void insert(SchedEntity& se);
    void erase(SchedEntity& se);
    /// The entity's slice changed while it was in the tree: the minima above it are re-read.
    void sliceChanged(SchedEntity& se);
    /// pick_eevdf's search: the first entity in deadline order whose vruntime is eligible,
    /// `skip` (the current entity, judged apart) excepted; null when there is none.
    SchedEntity* firstEligible(const EligibleBound& eligible, const SchedEntity* skip) const;
    /// The smallest slice in the tree (cfs_rq_min_slice without curr); 0 when empty.
    uint64_t minSlice() const;

private:
    SchedEntity* m_root = nullptr;
    bool m_active = false;
};

} // namespace core
