#pragma once
// Integer helpers shared by the fair class's two halves (fair.cpp, faireevdf.cpp).

#include "base/wideint.h"

#include <cstdint>

namespace core::fairmath {

inline int64_t vdiff(uint64_t a, uint64_t b) {
    return static_cast<int64_t>(a - b);
}
inline uint64_t maxVruntime(uint64_t a, uint64_t b) {
    return vdiff(a, b) > 0 ? a : b;
}
inline uint64_t minVruntime(uint64_t a, uint64_t b) {
    return vdiff(a, b) < 0 ? a : b;
}

inline uint64_t mulDiv(uint64_t a, uint64_t b, uint64_t c) {
    if (c == 0)
        c = 1;
    // The same exact result; 64-bit division when the product fits (nearly always), since the
    // 128-bit one is a library call on the hottest path (update_curr, once per level).
    uint64_t p;
    if (!__builtin_mul_overflow(a, b, &p))
        return p / c;
    return static_cast<uint64_t>(static_cast<u128>(a) * b / c);
}

inline uint64_t satSub(uint64_t a, uint64_t b) {
    return a > b ? a - b : 0;
}

} // namespace core::fairmath
