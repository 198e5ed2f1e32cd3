#pragma once

#include <cstdint>

namespace core {

/// The engine's single source of randomness: xoshiro256** seeded through splitmix64.
/// Hand-written (not <random> distributions) so results are identical on every platform.
class Rng {
public:
    explicit Rng(uint64_t seed) {
        uint64_t x = seed;
        for (uint64_t& s : m_s)
            s = splitmix(x);
    }

    uint64_t next() {
        const uint64_t result = rotl(m_s[1] * 5, 7) * 9;
        const uint64_t t = m_s[1] << 17;
        m_s[2] ^= m_s[0];
        m_s[3] ^= m_s[1];
        m_s[1] ^= m_s[2];
        m_s[0] ^= m_s[3];
        m_s[2] ^= t;
        m_s[3] = rotl(m_s[3], 45);
        return result;
    }

    /// Uniform in [0, 1) with 53 bits of precision.
    double uniform01() { return static_cast<double>(next() >> 11) * 0x1.0p-53; }

    /// Uniform integer in [lo, hi] (inclusive), unbiased.
    int64_t uniformInt(int64_t lo, int64_t hi) {
        const uint64_t range = static_cast<uint64_t>(hi - lo) + 1;
        if (range == 0)
            return static_cast<int64_t>(next());
        const uint64_t limit = UINT64_MAX - UINT64_MAX % range;
        uint64_t v;
        do {
            v = next();
        } while (v >= limit);
        return lo + static_cast<int64_t>(v % range);
    }

private:
    static uint64_t rotl(uint64_t x, int k) { return (x << k) | (x >> (64 - k)); }
    static uint64_t splitmix(uint64_t& x) {
        uint64_t z = (x += 0x9e3779b97f4a7c15ULL);
        z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL;
        z = (z ^ (z >> 27)) * 0x94d049bb133111ebULL;
        return z ^ (z >> 31);
    }
    uint64_t m_s[4];
};

} // namespace core
