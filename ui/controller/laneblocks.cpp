#include "controller/laneblocks.h"

namespace ui {

void LaneBlocks::push_back(const LaneBlock& b) {
    const size_t j = m_head + m_size;
    if (j / kChunk == m_chunks.size())
        m_chunks.push_back(std::make_unique_for_overwrite<LaneBlock[]>(kChunk));
    m_chunks[j / kChunk][j % kChunk] = b;
    ++m_size;
}

void LaneBlocks::dropFront(size_t n) {
    n = std::min(n, m_size);
    m_size -= n;
    m_head += n;
    if (m_size == 0) {
        m_chunks.clear();
        m_head = 0;
        return;
    }
    const size_t emptied = m_head / kChunk;
    m_chunks.erase(m_chunks.begin(), m_chunks.begin() + static_cast<std::ptrdiff_t>(emptied));
    m_head -= emptied * kChunk;
}

size_t LaneBlocks::firstEndingAfter(SimNs t) const {
    size_t lo = 0, hi = m_size;
    while (lo < hi) {
        const size_t mid = lo + (hi - lo) / 2;
        if ((*this)[mid].end <= t)
            lo = mid + 1;
        else
            hi = mid;
    }
    return lo;
}

size_t LaneBlocks::bytes() const {
    constexpr size_t kMallocHeader = 16;
    return sizeof(*this) + m_chunks.capacity() * sizeof(m_chunks[0]) +
           m_chunks.size() * (kChunk * sizeof(LaneBlock) + kMallocHeader);
}

} // namespace ui
