#pragma once

#include "controller/format.h"

#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <memory>
#include <vector>

namespace ui {

/// A stretch of one CPU's time at some resolution: at level 0 one run slice or one piece of
/// kernel overhead; at coarser levels a merge of neighbouring slices, with how much of it was
/// busy and which cgroup and task had the largest part.
struct LaneBlock {
    SimNs start = 0; ///< ns
    SimNs end = 0;
    SimNs busy = 0;               ///< ns running a task (overhead included)
    SimNs overhead = 0;           ///< ns of kernel overhead
    uint32_t cgroup = UINT32_MAX; ///< of the largest part
    uint32_t task = UINT32_MAX;
};

/// One level of a lane: blocks in time order, in fixed chunks of kChunk blocks.
///
/// A vector would copy a long lane (tens of MB) into a bigger buffer to grow, with both
/// resident at once, and leave the old buffer as a hole in the heap; here appending never moves
/// what is stored, dropping the front frees whole chunks, and a freed chunk is exactly what the
/// next appends ask for, so the process's memory follows what is held. Reading goes through
/// plain pointers chunk by chunk (visitFrom), as fast as a vector's.
class LaneBlocks {
public:
    static constexpr size_t kChunk = 128; ///< blocks per chunk (5 KB: small lanes stay small)

    size_t size() const { return m_size; }
    bool empty() const { return m_size == 0; }
    const LaneBlock& operator[](size_t i) const {
        const size_t j = m_head + i;
        return m_chunks[j / kChunk][j % kChunk];
    }
    const LaneBlock& back() const { return (*this)[m_size - 1]; }
    void push_back(const LaneBlock& b);
    /// Drops the first n blocks; chunks left empty are freed.
    void dropFront(size_t n);
    /// Index of the first block that ends after t, size() if none (blocks are disjoint).
    size_t firstEndingAfter(SimNs t) const;
    /// Calls f(block) for the blocks from index `from` on, in order, while f returns true.
    template <class F>
    void visitFrom(size_t from, F&& f) const {
        size_t j = m_head + from;
        const size_t end = m_head + m_size;
        while (j < end) {
            const LaneBlock* chunk = m_chunks[j / kChunk].get();
            const size_t stop = std::min(end, (j / kChunk + 1) * kChunk);
            for (; j < stop; ++j)
                if (!f(chunk[j % kChunk]))
                    return;
        }
    }
    /// Calls f(block) for every block, in order.
    template <class F>
    void forEach(F&& f) const {
        visitFrom(0, [&](const LaneBlock& b) {
            f(b);
            return true;
        });
    }
    /// Memory held: the chunks (with their allocation headers) and the chunk table.
    size_t bytes() const;

private:
    std::vector<std::unique_ptr<LaneBlock[]>> m_chunks;
    size_t m_head = 0; ///< index of the first block within m_chunks[0]
    size_t m_size = 0;
};

} // namespace ui
