#pragma once

#include <cstdint>
#include <string>

namespace core {

/// Fixed-point load average arithmetic of include/linux/sched/loadavg.h, shared by PSI's
/// averaging and by everything that reads its figures.
namespace loadavg {
inline constexpr uint64_t kFshift = 11;
inline constexpr uint64_t kFixed1 = 1u << kFshift;
inline constexpr uint64_t kExp10s = 1677;
inline constexpr uint64_t kExp60s = 1981;
inline constexpr uint64_t kExp300s = 2034;
/// A fixed-point average as /proc/pressure prints it: percent, truncated to two decimals.
inline double toPercent(uint64_t x) {
    return static_cast<double>(x >> kFshift) +
           static_cast<double>(((x & (kFixed1 - 1)) * 100) >> kFshift) / 100.0;
}
} // namespace loadavg

/// What /proc/pressure shows for one resource: some and full lines.
struct PsiLine {
    uint64_t avg[3] = {0, 0, 0}; ///< avg10, avg60, avg300; fixed point, 2048 = 1%
    uint64_t totalUs = 0;
};
struct PsiResource {
    PsiLine some, full;
};
/// cpu, memory and io of one group: what its *.pressure files (or /proc/pressure) read.
struct PsiReport {
    PsiResource cpu, memory, io;

    /// The resources in the order the views index them: 0 cpu, 1 memory, 2 io.
    const PsiResource& resource(int r) const { return r == 0 ? cpu : r == 1 ? memory : io; }
    const PsiLine& line(int r, bool full) const { return full ? resource(r).full : resource(r).some; }
    /// An average (0 avg10, 1 avg60, 2 avg300) in percent, not truncated (for plotting).
    double percent(int r, bool full, int window) const {
        return static_cast<double>(line(r, full).avg[window]) / static_cast<double>(loadavg::kFixed1);
    }
};

/// One resource's two lines exactly as the kernel prints them ("some avg10=0.00 ... total=0").
std::string formatPsiResource(const PsiResource& r);

} // namespace core
