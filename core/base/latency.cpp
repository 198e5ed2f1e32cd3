#include "base/latency.h"

#include <algorithm>
#include <bit>
#include <cmath>

namespace core {

namespace {
constexpr int kExactBits = 7; // values below 2^7 have a bucket each
constexpr int64_t kExact = int64_t{1} << kExactBits;
constexpr int kSubBits = 6; // 64 buckets per power of two above that
constexpr int64_t kSub = int64_t{1} << kSubBits;
} // namespace

uint32_t LatencyHistogram::bucketOf(int64_t ns) {
    if (ns < kExact)
        return static_cast<uint32_t>(std::max<int64_t>(ns, 0));
    const int e = std::bit_width(static_cast<uint64_t>(ns)) - 1; // >= kExactBits
    const int shift = e - kSubBits;
    const int64_t mantissa = (ns >> shift) - kSub; // 0..kSub-1
    return static_cast<uint32_t>(kExact + (e - kExactBits) * kSub + mantissa);
}

std::pair<int64_t, int64_t> LatencyHistogram::boundsOf(uint32_t bucket) {
    if (bucket < kExact)
        return {bucket, bucket + 1};
    const uint32_t above = bucket - static_cast<uint32_t>(kExact);
    const int e = static_cast<int>(above / kSub) + kExactBits;
    const int64_t mantissa = static_cast<int64_t>(above % kSub) + kSub;
    const int shift = e - kSubBits;
    return {mantissa << shift, (mantissa + 1) << shift};
}

void LatencyHistogram::add(SimTime wait) {
    const uint32_t b = bucketOf(wait.count());
    // Waits of one task cluster in few buckets; the last one touched is the likeliest, so it is
    // tried before the search (bucket keys are unique: a match is the bucket).
    if (m_last < m_buckets.size() && m_buckets[m_last].first == b) {
        ++m_buckets[m_last].second;
    } else {
        auto it = std::lower_bound(m_buckets.begin(), m_buckets.end(), b,
                                   [](const auto& e, uint32_t key) { return e.first < key; });
        if (it != m_buckets.end() && it->first == b)
            ++it->second;
        else
            it = m_buckets.insert(it, {b, 1});
        m_last = static_cast<size_t>(it - m_buckets.begin());
    }
    if (m_count == 0 || wait < m_min)
        m_min = wait;
    if (wait > m_max)
        m_max = wait;
    m_sum += wait;
    ++m_count;
}

void LatencyHistogram::merge(const LatencyHistogram& other) {
    if (other.m_count == 0)
        return;
    std::vector<std::pair<uint32_t, uint64_t>> out;
    out.reserve(m_buckets.size() + other.m_buckets.size());
    auto a = m_buckets.cbegin();
    auto b = other.m_buckets.cbegin();
    while (a != m_buckets.cend() || b != other.m_buckets.cend()) {
        if (b == other.m_buckets.cend() || (a != m_buckets.cend() && a->first < b->first))
            out.push_back(*a++);
        else if (a == m_buckets.cend() || b->first < a->first)
            out.push_back(*b++);
        else {
            out.emplace_back(a->first, a->second + b->second);
            ++a;
            ++b;
        }
    }
    m_buckets = std::move(out);
    m_min = m_count ? std::min(m_min, other.m_min) : other.m_min;
    m_max = std::max(m_max, other.m_max);
    m_sum += other.m_sum;
    m_count += other.m_count;
}

SimTime LatencyHistogram::percentile(double q) const {
    if (m_count == 0)
        return {};
    q = std::clamp(q, 0.0, 1.0);
    const uint64_t rank =
        std::max<uint64_t>(1, static_cast<uint64_t>(std::ceil(q * static_cast<double>(m_count))));
    uint64_t seen = 0;
    for (const auto& [bucket, samples] : m_buckets) {
        seen += samples;
        if (seen >= rank) {
            const auto [low, high] = boundsOf(bucket);
            const int64_t mid = high - low == 1 ? low : low + (high - low) / 2;
            return SimTime::ns(std::clamp(mid, m_min.count(), m_max.count()));
        }
    }
    return m_max;
}

std::vector<LatencyHistogram::Bucket> LatencyHistogram::buckets() const {
    std::vector<Bucket> out;
    out.reserve(m_buckets.size());
    for (const auto& [bucket, samples] : m_buckets) {
        const auto [low, high] = boundsOf(bucket);
        out.push_back({SimTime::ns(low), SimTime::ns(high), samples});
    }
    return out;
}

} // namespace core
