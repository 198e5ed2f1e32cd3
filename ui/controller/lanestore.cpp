#include "controller/lanestore.h"

#include <algorithm>

namespace ui {

namespace {

LaneBlock blockOf(const core::Slice& s) {
    LaneBlock b;
    b.start = s.start.count();
    b.end = s.end.count();
    const SimNs len = b.end - b.start;
    b.busy = len;
    b.overhead = s.kind == core::SliceKind::Overhead ? len : 0;
    b.cgroup = s.cgroup.valid() ? s.cgroup.value() : UINT32_MAX;
    b.task = s.task.valid() ? s.task.value() : UINT32_MAX;
    return b;
}

/// How much a block counts when choosing whose colour a merged block takes: its task time.
SimNs weightOf(const LaneBlock& b) {
    return b.busy - b.overhead;
}

/// Adds `b` (which starts at or after o's end) to the open block `o`.
void extend(LaneBlock& o, SimNs& longest, const LaneBlock& b) {
    o.end = b.end;
    o.busy += b.busy;
    o.overhead += b.overhead;
    if (weightOf(b) > longest) {
        longest = weightOf(b);
        o.cgroup = b.cgroup;
        o.task = b.task;
    }
}

} // namespace

void LaneStore::append(const core::Slice& s) {
    if (s.end <= s.start)
        return;
    const LaneBlock b = blockOf(s);
    m_end = std::max(m_end, b.end);
    // Level 0: the slices, with a split slice (cut at a snapshot) joined again.
    LaneBlock& o0 = m_open[0];
    const bool sameRun = o0.end == b.start && o0.task == b.task && o0.cgroup == b.cgroup &&
                         (o0.overhead == 0) == (b.overhead == 0) && o0.end > o0.start;
    if (sameRun) {
        extend(o0, m_openLongest[0], b);
    } else {
        if (o0.end > o0.start)
            m_levels[0].push_back(o0);
        o0 = b;
        m_openLongest[0] = weightOf(b);
    }
    for (int l = 1; l < kLevels; ++l) {
        LaneBlock& o = m_open[static_cast<size_t>(l)];
        const SimNs w = width(l);
        if (o.end > o.start && b.start - o.end < w && o.end - o.start < w) {
            extend(o, m_openLongest[static_cast<size_t>(l)], b);
        } else {
            if (o.end > o.start)
                m_levels[static_cast<size_t>(l)].push_back(o);
            o = b;
            m_openLongest[static_cast<size_t>(l)] = weightOf(b);
        }
    }
}

void LaneStore::dropFiner(int level, SimNs before) {
    for (int l = 0; l < level && l < kLevels; ++l) {
        auto& v = m_levels[static_cast<size_t>(l)];
        if (m_validFrom[static_cast<size_t>(l)] >= before)
            continue;
        v.dropFront(v.firstEndingAfter(before));
        m_validFrom[static_cast<size_t>(l)] = before;
    }
}

void LaneStore::dropBefore(SimNs before) {
    dropFiner(kLevels, before);
}

const LaneBlock* LaneStore::at(SimNs t) const {
    const LaneBlock* open = openBlock(0);
    if (open && open->start <= t && t < open->end)
        return open;
    const LaneBlocks& v = m_levels[0];
    const size_t i = v.firstEndingAfter(t);
    if (i < v.size() && v[i].start <= t)
        return &v[i];
    return nullptr;
}

LaneStore::Time LaneStore::timeWithin(SimNs from, SimNs to) const {
    // Level 0 answers for [validFrom(0), to); each coarser level for the part finer levels
    // dropped. A coarse block partly inside counts pro rata.
    Time time;
    SimNs upper = to;
    for (int l = 0; l < kLevels && upper > from; ++l) {
        const SimNs lo = std::max(from, validFrom(l));
        if (lo < upper) {
            auto add = [&](const LaneBlock& b) {
                const SimNs s = std::max(b.start, lo), e = std::min(b.end, upper);
                if (e <= s)
                    return;
                const double part = static_cast<double>(e - s) / static_cast<double>(b.end - b.start);
                time.busy += static_cast<SimNs>(static_cast<double>(b.busy) * part);
                time.overhead += static_cast<SimNs>(static_cast<double>(b.overhead) * part);
            };
            const LaneBlocks& v = blocks(l);
            v.visitFrom(v.firstEndingAfter(lo), [&](const LaneBlock& b) {
                if (b.start >= upper)
                    return false;
                add(b);
                return true;
            });
            if (const LaneBlock* o = openBlock(l))
                add(*o);
        }
        upper = std::min(upper, lo);
    }
    return time;
}

size_t LaneStore::blockCount() const {
    size_t n = 0;
    for (const auto& v : m_levels)
        n += v.size();
    return n;
}

size_t LaneStore::bytes() const {
    size_t n = sizeof(*this);
    for (const LaneBlocks& v : m_levels)
        n += v.bytes() - sizeof(v);
    return n;
}

} // namespace ui
