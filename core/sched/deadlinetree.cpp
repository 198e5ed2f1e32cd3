#include "sched/deadlinetree.h"

#include "sched/eevdf.h"
#include "sched/schedentity.h"

#include <algorithm>
#include <cassert>

namespace core {

namespace {

/// A node's treap priority: its insertion number (unique in its queue), spread by splitmix64.
uint64_t prio(const SchedEntity* se) {
    uint64_t x = se->seq;
    x += 0x9e3779b97f4a7c15ULL;
    x = (x ^ (x >> 30)) * 0xbf58476d1ce4e5b9ULL;
    x = (x ^ (x >> 27)) * 0x94d049bb133111ebULL;
    return x ^ (x >> 31);
}

/// The subtree minima of n from its own fields and its children's.
void pull(SchedEntity* n) {
    uint64_t v = n->vruntime;
    uint64_t s = n->slice;
    for (const SchedEntity* c : {n->dlLeft, n->dlRight}) {
        if (!c)
            continue;
        if (static_cast<int64_t>(c->dlMinVruntime - v) < 0) // vruntime order, wrap-safe
            v = c->dlMinVruntime;
        s = std::min(s, c->dlMinSlice);
    }
    n->dlMinVruntime = v;
    n->dlMinSlice = s;
}

/// Lifts n's child on the `up` side above n when its priority is higher (a rotation); returns
/// the subtree's new top. `down` is the other side.
SchedEntity* liftChild(SchedEntity* n, SchedEntity* SchedEntity::*up, SchedEntity* SchedEntity::*down) {
    SchedEntity* c = n->*up;
    if (prio(c) <= prio(n))
        return n;
    n->*up = c->*down;
    pull(n);
    c->*down = n;
    return c;
}

SchedEntity* insertAt(SchedEntity* n, SchedEntity* se) {
    if (!n) {
        pull(se);
        return se;
    }
    if (eevdf::deadlineBefore(*se, *n)) {
        n->dlLeft = insertAt(n->dlLeft, se);
        n = liftChild(n, &SchedEntity::dlLeft, &SchedEntity::dlRight);
    } else {
        n->dlRight = insertAt(n->dlRight, se);
        n = liftChild(n, &SchedEntity::dlRight, &SchedEntity::dlLeft);
    }
    pull(n);
    return n;
}

/// Joins two treaps whose entities all come in order (every one of a before every one of b).
SchedEntity* merge(SchedEntity* a, SchedEntity* b) {
    if (!a)
        return b;
    if (!b)
        return a;
    if (prio(a) > prio(b)) {
        a->dlRight = merge(a->dlRight, b);
        pull(a);
        return a;
    }
    b->dlLeft = merge(a, b->dlLeft);
    pull(b);
    return b;
}

SchedEntity* eraseAt(SchedEntity* n, SchedEntity* se, bool& found) {
    if (!n)
        return nullptr;
    if (n == se) {
        found = true;
        return merge(n->dlLeft, n->dlRight);
    }
    if (eevdf::deadlineBefore(*se, *n))
        n->dlLeft = eraseAt(n->dlLeft, se, found);
    else
        n->dlRight = eraseAt(n->dlRight, se, found);
    pull(n);
    return n;
}

bool repull(SchedEntity* n, SchedEntity* se) {
    if (!n)
        return false;
    const bool found = n == se || repull(eevdf::deadlineBefore(*se, *n) ? n->dlLeft : n->dlRight, se);
    if (found)
        pull(n);
    return found;
}

SchedEntity* findFirst(SchedEntity* n, const EligibleBound& eligible, const SchedEntity* skip) {
    // A subtree whose smallest vruntime is not eligible holds nothing eligible.
    if (!n || !eligible(n->dlMinVruntime))
        return nullptr;
    if (SchedEntity* se = findFirst(n->dlLeft, eligible, skip))
        return se;
    if (n != skip && eligible(n->vruntime))
        return n;
    return findFirst(n->dlRight, eligible, skip);
}

} // namespace

DeadlineIndexBounds& deadlineIndexBounds() {
    static DeadlineIndexBounds bounds;
    return bounds;
}

void DeadlineTree::activate(const std::vector<SchedEntity*>& entities) {
    m_active = true;
    m_root = nullptr;
    for (SchedEntity* se : entities)
        insert(*se);
}

void DeadlineTree::insert(SchedEntity& se) {
    assert(se.slice > 0 && "a queued entity has a slice (the minimum would be ambiguous)");
    se.dlLeft = se.dlRight = nullptr;
    m_root = insertAt(m_root, &se);
}

void DeadlineTree::erase(SchedEntity& se) {
    bool found = false;
    m_root = eraseAt(m_root, &se, found);
    assert(found && "erased from the deadline tree: not found by its deadline (changed while queued?)");
    (void)found;
    se.dlLeft = se.dlRight = nullptr;
}

void DeadlineTree::sliceChanged(SchedEntity& se) {
    [[maybe_unused]] const bool found = repull(m_root, &se);
    assert(found && "slice changed for an entity not in the deadline tree");
}

SchedEntity* DeadlineTree::firstEligible(const EligibleBound& eligible, const SchedEntity* skip) const {
    return findFirst(m_root, eligible, skip);
}

uint64_t DeadlineTree::minSlice() const {
    return m_root ? m_root->dlMinSlice : 0;
}

} // namespace core
