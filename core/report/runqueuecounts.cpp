#include "report/runqueuecounts.h"

#include "base/hugepages.h"

#include <algorithm>
#include <array>
#include <utility>

namespace core {

namespace {

bool counted(const StateInterval& i, uint32_t nrCpus) {
    const bool queued = i.state == ThreadState::Running || i.state == ThreadState::Runnable ||
                        i.state == ThreadState::Preempted;
    return queued && i.cpu >= 0 && static_cast<uint32_t>(i.cpu) < nrCpus && i.end > i.start;
}

/// A time as an unsigned key in the same order (the sign bit flipped).
uint64_t keyOf(SimTime t) {
    return static_cast<uint64_t>(t.count()) ^ (uint64_t(1) << 63);
}

SimTime timeOf(uint64_t key) {
    return SimTime::ns(static_cast<int64_t>(key ^ (uint64_t(1) << 63)));
}

/// Sorts `keys` (least significant digit first, 11 bits a pass; a pass whose digit is the same
/// in every key is skipped: a trace's times share their top bits). `scratch` is as large.
void radixSort(uint64_t* keys, uint64_t* scratch, size_t n) {
    constexpr int kBits = 11;
    constexpr size_t kBuckets = size_t(1) << kBits;
    for (int shift = 0; shift < 64; shift += kBits) {
        std::array<size_t, kBuckets> count{};
        for (size_t k = 0; k < n; ++k)
            ++count[(keys[k] >> shift) & (kBuckets - 1)];
        if (n == 0 || count[(keys[0] >> shift) & (kBuckets - 1)] == n)
            continue;
        size_t sum = 0;
        for (size_t& c : count)
            sum += std::exchange(c, sum);
        for (size_t k = 0; k < n; ++k)
            scratch[count[(keys[k] >> shift) & (kBuckets - 1)]++] = keys[k];
        std::copy(scratch, scratch + n, keys);
    }
}

} // namespace

std::vector<std::vector<CounterStep>> runQueueCounts(const ThreadStates& states, uint32_t nrCpus) {
    // Where a task starts to count on a CPU (+1) and where it stops (-1), each CPU's in one
    // stretch of `starts` and `ends` (sized first: one allocation, no copies as they grow).
    std::vector<size_t> first(size_t(nrCpus) + 1, 0);
    for (const TaskTrack& t : states.tasks)
        for (const StateInterval& i : t.intervals)
            if (counted(i, nrCpus))
                ++first[static_cast<size_t>(i.cpu) + 1];
    size_t largest = 0;
    for (uint32_t cpu = 0; cpu < nrCpus; ++cpu) {
        largest = std::max(largest, first[cpu + 1]);
        first[cpu + 1] += first[cpu];
    }
    std::vector<uint64_t> starts, ends, scratch;
    for (std::vector<uint64_t>* v : {&starts, &ends, &scratch}) {
        const size_t n = v == &scratch ? largest : first.back();
        reserveHuge(*v, n);
        v->resize(n);
    }
    std::vector<size_t> next(first.begin(), first.end() - 1);
    for (const TaskTrack& t : states.tasks)
        for (const StateInterval& i : t.intervals)
            if (counted(i, nrCpus)) {
                const size_t k = next[static_cast<size_t>(i.cpu)]++;
                starts[k] = keyOf(i.start);
                ends[k] = keyOf(i.end);
            }
    // Summed in time order, all changes of one instant together.
    std::vector<std::vector<CounterStep>> out(nrCpus);
    std::vector<CounterStep> steps; // the largest CPU's, then copied (no copies as it grows)
    reserveHuge(steps, 2 * largest + 1);
    for (uint32_t cpu = 0; cpu < nrCpus; ++cpu) {
        uint64_t* s = starts.data() + first[cpu];
        uint64_t* e = ends.data() + first[cpu];
        const size_t n = first[cpu + 1] - first[cpu];
        radixSort(s, scratch.data(), n);
        radixSort(e, scratch.data(), n);
        steps.assign(1, {SimTime{}, 0});
        int64_t value = 0;
        for (size_t a = 0, b = 0; a < n || b < n;) {
            const uint64_t at = a < n && (b == n || s[a] < e[b]) ? s[a] : e[b];
            for (; a < n && s[a] == at; ++a)
                ++value;
            for (; b < n && e[b] == at; ++b)
                --value;
            const auto v = static_cast<uint32_t>(std::max<int64_t>(0, value));
            if (steps.back().time == timeOf(at))
                steps.back().value = v;
            else if (steps.back().value != v)
                steps.push_back({timeOf(at), v});
            if (steps.size() >= 2 && steps[steps.size() - 2].value == steps.back().value)
                steps.pop_back();
        }
        reserveHuge(out[cpu], steps.size());
        out[cpu].assign(steps.begin(), steps.end());
    }
    return out;
}

} // namespace core
