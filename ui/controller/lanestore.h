#pragma once

#include "trace.h"

#include <array>
#include <cstddef>
#include <cstdint>
#include <vector>

namespace ui {

/// A stretch of one CPU's time at some resolution: at level 0 one run slice or one piece of
/// kernel overhead; at coarser levels a merge of neighbouring slices, with how much of it was
/// busy and which cgroup and task had the largest part.
struct LaneBlock {
    int64_t start = 0; ///< ns
    int64_t end = 0;
    int64_t busy = 0;             ///< ns running a task (overhead included)
    int64_t overhead = 0;         ///< ns of kernel overhead
    uint32_t cgroup = UINT32_MAX; ///< of the largest part
    uint32_t task = UINT32_MAX;
};

/// One CPU's occupancy at several resolutions, as trace viewers keep it: level 0 holds the
/// slices; level L >= 1 merges slices closer than width(L) into blocks about width(L) long, so a
/// view at any zoom reads only a few blocks per pixel. Appending costs O(levels); a level's
/// old part can be dropped (compaction) and is then read from a coarser level.
class LaneStore {
public:
    static constexpr int kLevels = 11;
    /// Width of level L: 1 us x 8^L, up to about 18 minutes (level 0: the slices themselves).
    static constexpr int64_t width(int level) { return level == 0 ? 0 : int64_t(1000) << (3 * level); }

    /// Appends a slice; slices of one CPU arrive in time order.
    void append(const core::Slice& s);
    /// The closed blocks of a level plus its open one (the present), in time order.
    const std::vector<LaneBlock>& blocks(int level) const { return m_levels[static_cast<size_t>(level)]; }
    const LaneBlock* openBlock(int level) const {
        const auto& o = m_open[static_cast<size_t>(level)];
        return o.end > o.start ? &o : nullptr;
    }
    /// Data of `level` exists from this time on (earlier parts were compacted away).
    int64_t validFrom(int level) const { return m_validFrom[static_cast<size_t>(level)]; }
    /// Drops the blocks of every level finer than `level` that end before `before`.
    void dropFiner(int level, int64_t before);
    /// Drops everything before `before` at every level.
    void dropBefore(int64_t before);
    /// The level-0 block covering time t, or null (idle, or compacted).
    const LaneBlock* at(int64_t t) const;
    /// Busy ns within [from, to), read at the finest level valid there.
    int64_t busyWithin(int64_t from, int64_t to) const;
    size_t blockCount() const;
    size_t bytes() const;
    int64_t end() const { return m_end; }

private:
    std::array<std::vector<LaneBlock>, kLevels> m_levels;
    std::array<LaneBlock, kLevels> m_open{};
    std::array<int64_t, kLevels> m_openLongest{}; ///< the open block's largest part so far
    std::array<int64_t, kLevels> m_validFrom{};
    int64_t m_end = 0;
};

/// Finds the first block of `v` that ends after t (blocks are in time order, disjoint).
std::vector<LaneBlock>::const_iterator firstEndingAfter(const std::vector<LaneBlock>& v, int64_t t);

} // namespace ui
