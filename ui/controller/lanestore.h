#pragma once

#include "base/trace.h"
#include "controller/format.h"
#include "controller/laneblocks.h"

#include <array>
#include <cstddef>
#include <cstdint>

namespace ui {

/// One CPU's occupancy at several resolutions, as trace viewers keep it: level 0 holds the
/// slices; level L >= 1 merges slices closer than width(L) into blocks about width(L) long, so a
/// view at any zoom reads only a few blocks per pixel. Appending costs O(levels); a level's
/// old part can be dropped (compaction) and is then read from a coarser level.
class LaneStore {
public:
    static constexpr int kLevels = 11;
    /// Width of level L: 1 us x 8^L, up to about 18 minutes (level 0: the slices themselves).
    static constexpr SimNs width(int level) { return level == 0 ? 0 : SimNs(1000) << (3 * level); }

    /// Appends a slice; slices of one CPU arrive in time order.
    void append(const core::Slice& s);
    /// The closed blocks of a level plus its open one (the present), in time order.
    const LaneBlocks& blocks(int level) const { return m_levels[static_cast<size_t>(level)]; }
    const LaneBlock* openBlock(int level) const {
        const auto& o = m_open[static_cast<size_t>(level)];
        return o.end > o.start ? &o : nullptr;
    }
    /// Data of `level` exists from this time on (earlier parts were compacted away).
    SimNs validFrom(int level) const { return m_validFrom[static_cast<size_t>(level)]; }
    /// Drops the blocks of every level finer than `level` that end before `before`.
    void dropFiner(int level, SimNs before);
    /// Drops everything before `before` at every level.
    void dropBefore(SimNs before);
    /// The level-0 block covering time t, or null (idle, or compacted).
    const LaneBlock* at(SimNs t) const;
    /// Time a CPU spent within [from, to): busy (kernel overhead included) and the overhead
    /// part, as slices ran, read at the finest level valid there.
    struct Time {
        SimNs busy = 0;
        SimNs overhead = 0;
    };
    Time timeWithin(SimNs from, SimNs to) const;
    size_t blockCount() const;
    size_t bytes() const;
    SimNs end() const { return m_end; }

private:
    std::array<LaneBlocks, kLevels> m_levels;
    std::array<LaneBlock, kLevels> m_open{};
    std::array<SimNs, kLevels> m_openLongest{}; ///< the open block's largest part so far
    std::array<SimNs, kLevels> m_validFrom{};
    SimNs m_end = 0;
};

} // namespace ui
