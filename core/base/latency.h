#pragma once

#include "base/simtime.h"

#include <cstdint>
#include <utility>
#include <vector>

namespace core {

/// How long a task waited between becoming runnable and running, over many waits: what
/// `perf sched latency` reports per task (count, average, maximum) plus percentiles.
///
/// A wait starts when the task is woken (sched_waking) or preempted (switched out in state R)
/// and ends when it is switched in; perf counts exactly these. Count, sum and maximum are exact.
/// Percentiles come from a log-linear histogram: values below 128 ns are exact, larger ones
/// fall in buckets 1/64 of their power of two wide and are reported as the bucket's middle,
/// clamped to the exact minimum and maximum, so a percentile is within 0.8% of the true
/// nearest-rank value. Storage is sparse (only buckets that occurred), a few hundred bytes for a
/// typical task, so every task of a 100,000-task run can carry one.
class LatencyHistogram {
public:
    void add(SimTime wait);
    /// Adds every sample of another histogram (for per-cgroup figures).
    void merge(const LatencyHistogram& other);

    uint64_t count() const { return m_count; }
    SimTime max() const { return m_max; }
    SimTime min() const { return m_count ? m_min : SimTime(); }
    SimTime sum() const { return m_sum; }
    SimTime average() const { return m_count ? m_sum / static_cast<int64_t>(m_count) : SimTime(); }
    /// The nearest-rank q-quantile (0 < q <= 1): the smallest recorded value such that at least
    /// q * count samples are at or below it, to the histogram's resolution. Zero when empty.
    SimTime percentile(double q) const;

    /// The buckets in order: (lower bound, upper bound exclusive, samples).
    struct Bucket {
        SimTime low, high;
        uint64_t samples;
    };
    std::vector<Bucket> buckets() const;

    static uint32_t bucketOf(int64_t ns);
    static std::pair<int64_t, int64_t> boundsOf(uint32_t bucket);

private:
    std::vector<std::pair<uint32_t, uint64_t>> m_buckets; ///< sorted by bucket index
    size_t m_last = 0; ///< the bucket add() touched last (a hint: checked before use)
    uint64_t m_count = 0;
    SimTime m_sum, m_max, m_min;
};

} // namespace core
