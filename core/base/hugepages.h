#pragma once

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

} // namespace core
