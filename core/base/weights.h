#pragma once

#include <cstdint>

namespace core {

/// The kernel's sched_prio_to_weight[]: nice -20..19 to load weight (nice 0 = 1024).
inline constexpr uint32_t kNiceToWeight[40] = {
    88761, 71755, 56483, 46273, 36291, 29154, 23254, 18705, 14949, 11916, 9548, 7620, 6100, 4904,
    3906,  3121,  2501,  1991,  1586,  1277,  1024,  820,   655,   526,   423,  335,  272,  215,
    172,   137,   110,   87,    70,    56,    45,    36,    29,    23,    18,   15,
};
inline constexpr uint32_t kNice0Load = 1024;
/// WEIGHT_IDLEPRIO: the load weight of every SCHED_IDLE task, whatever its nice value.
inline constexpr uint32_t kIdlePolicyWeight = 3;

inline uint32_t niceToWeight(int nice) {
    return kNiceToWeight[nice + 20];
}

/// cgroup v2 cpu.weight (1..10000, default 100) to task-group shares (default 1024).
inline uint64_t cgroupWeightToShares(uint32_t weight) {
    return (uint64_t{weight} * 1024 + 50) / 100;
}

} // namespace core
