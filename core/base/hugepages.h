#pragma once

#include <algorithm>
#include <cstddef>
#include <vector>

namespace core {

/// Asks the kernel to back the 2 MiB-aligned part of [p, p + bytes) with transparent huge
/// pages (madvise MADV_HUGEPAGE) before it is written: one page fault per 2 MiB instead of 512,
/// for a buffer of millions of rows sized once (a virtual machine can take microseconds per
/// fault). Only a hint: nothing happens where the kernel offers no huge pages, for a buffer
/// under 4 MiB, or off Linux. Memory stays as it is (the same contents, the same address).
void adviseHugePages(const void* p, size_t bytes);

/// Reserves room for `n` elements in `v`, huge pages advised for it.
template <typename T>
void reserveHuge(std::vector<T>& v, size_t n) {
    v.reserve(n);
    adviseHugePages(v.data(), v.capacity() * sizeof(T));
}

/// Appends `x` to `v`, which grows as a vector does (doubling), each new buffer advised before
/// it is written: for a list of millions of records whose length is not known ahead.
template <typename T>
void appendHuge(std::vector<T>& v, const T& x) {
    if (v.size() == v.capacity())
        reserveHuge(v, v.empty() ? 16 : 2 * v.size());
    v.push_back(x);
}

/// A list of records appended one at a time, millions of them, read in order later: kept in
/// chunks that never move, so growing it copies nothing (a doubling vector copies everything it
/// has at each growth, into fresh pages the kernel zeroes first). Chunks grow from 4 KiB to
/// 8 MiB; each is advised for huge pages before it is written.
template <typename T>
class ChunkedLog {
public:
    void push_back(const T& x) {
        if (m_chunks.empty() || m_chunks.back().size() == m_chunks.back().capacity()) {
            const size_t last = m_chunks.empty() ? 0 : m_chunks.back().capacity();
            m_chunks.emplace_back();
            reserveHuge(m_chunks.back(), std::clamp(2 * last, kFirst, kMost));
        }
        m_chunks.back().push_back(x);
        ++m_size;
    }
    size_t size() const { return m_size; }
    bool empty() const { return m_size == 0; }
    /// Calls f(record) for every record, in the order they were appended.
    template <typename F>
    void forEach(F&& f) const {
        for (const std::vector<T>& chunk : m_chunks)
            for (const T& x : chunk)
                f(x);
    }
    /// Empties the log and gives its memory back.
    void release() {
        std::vector<std::vector<T>>().swap(m_chunks);
        m_size = 0;
    }

private:
    static constexpr size_t kFirst = std::max<size_t>(1, 4096 / sizeof(T));
    static constexpr size_t kMost = std::max<size_t>(1, (size_t(8) << 20) / sizeof(T));
    std::vector<std::vector<T>> m_chunks;
    size_t m_size = 0;
};

} // namespace core
