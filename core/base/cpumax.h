#pragma once

#include "base/simtime.h"

#include <optional>
#include <string>

namespace core {

/// A cgroup's bandwidth limit: cgroup v2 `cpu.max` ("QUOTA PERIOD" or "max PERIOD") and
/// `cpu.max.burst`. docs/bandwidth.md has the rules the model follows.
struct CpuMax {
    std::optional<SimTime> quota; ///< CPU time per period; none = "max" (unlimited)
    SimTime period = SimTime::ms(100);
    SimTime burst; ///< unused quota that may carry over to later periods (v5.14+)

    bool limited() const { return quota.has_value(); }
    /// The cpu.max file's text, in microseconds: "50000 100000" or "max 100000".
    std::string fileText() const {
        const std::string p = std::to_string(period.count() / 1000);
        return (quota ? std::to_string(quota->count() / 1000) : std::string("max")) + " " + p;
    }
    bool operator==(const CpuMax&) const = default;
};

/// What tg_set_cfs_bandwidth accepts: a quota of at least 1 ms, a period of 1 ms to 1 s, a
/// burst no larger than the quota.
inline constexpr SimTime kMinCfsQuota = SimTime::ms(1);
inline constexpr SimTime kMinCfsPeriod = SimTime::ms(1);
inline constexpr SimTime kMaxCfsPeriod = SimTime::s(1);

/// Which rule of tg_set_cfs_bandwidth a limit breaks (the kernel answers EINVAL).
enum class CpuMaxCheck { Ok, Period, Quota, BurstAboveQuota, NegativeBurst };

inline CpuMaxCheck cpuMaxCheck(const CpuMax& m) {
    if (m.period < kMinCfsPeriod || m.period > kMaxCfsPeriod)
        return CpuMaxCheck::Period;
    if (m.quota && *m.quota < kMinCfsQuota)
        return CpuMaxCheck::Quota;
    if (m.quota && m.burst > *m.quota)
        return CpuMaxCheck::BurstAboveQuota;
    if (m.burst < SimTime())
        return CpuMaxCheck::NegativeBurst;
    return CpuMaxCheck::Ok;
}

/// Why the kernel would refuse this limit, in words; empty when it is accepted.
inline std::string cpuMaxProblem(const CpuMax& m) {
    switch (cpuMaxCheck(m)) {
    case CpuMaxCheck::Ok:
        return {};
    case CpuMaxCheck::Period:
        return "the period must be 1ms..1s (the kernel refuses " + formatDuration(m.period) + ")";
    case CpuMaxCheck::Quota:
        return "the quota must be at least 1ms (the kernel refuses " + formatDuration(*m.quota) + ")";
    case CpuMaxCheck::BurstAboveQuota:
        return "the burst " + formatDuration(m.burst) + " is larger than the quota " +
               formatDuration(*m.quota) + ", which the kernel refuses";
    case CpuMaxCheck::NegativeBurst:
        return "the burst must not be negative";
    }
    return {};
}

} // namespace core
