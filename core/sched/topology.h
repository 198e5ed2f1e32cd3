#pragma once

#include "base/cpuset.h"
#include "base/ids.h"
#include "scenario/scenariospec.h"

#include <cstdint>
#include <string>
#include <vector>

namespace core {

/// Sched-domain flags, with the v4.11 bit values (the balancer modelled is of that era).
enum SdFlag : uint32_t {
    SD_LOAD_BALANCE = 0x0001,
    SD_BALANCE_NEWIDLE = 0x0002,
    SD_BALANCE_EXEC = 0x0004,
    SD_BALANCE_FORK = 0x0008,
    SD_BALANCE_WAKE = 0x0010,
    SD_WAKE_AFFINE = 0x0020,
    SD_SHARE_CPUCAPACITY = 0x0080,
    SD_SHARE_PKG_RESOURCES = 0x0200,
    SD_SERIALIZE = 0x0400,
    SD_PREFER_SIBLING = 0x1000,
    SD_NUMA = 0x4000,
};

enum class DomainLevel { Smt, Mc, Pkg, Numa };
const char* domainLevelName(DomainLevel l);

/// A contiguous range of CPU numbers. Scenario numbering makes every core, socket and node a
/// contiguous, aligned range, so every domain span and group is one.
struct CpuRange {
    uint32_t first = 0;
    uint32_t count = 0;
    uint32_t end() const { return first + count; }
    bool contains(CpuId c) const { return c.value() >= first && c.value() < end(); }
};

/// One level of sched domains, identical for every CPU (the machine is symmetric).
struct DomainLevelInfo {
    DomainLevel level;
    uint32_t spanSize;  ///< CPUs in each domain of this level
    uint32_t groupSize; ///< CPUs in each sched group (the child level's span, or 1)
    uint32_t flags;
    uint32_t imbalancePct;
    uint32_t cacheNiceTries;
    uint32_t busyFactor;
    uint32_t minIntervalMs; ///< = span weight, as sd_init sets it
    uint32_t maxIntervalMs; ///< = 2 x span weight
    uint32_t groupsPerSpan() const { return spanSize / groupSize; }
};

struct CpuInfo {
    uint32_t socket;
    uint32_t core; ///< global core index: socket * cores_per_socket + core in socket
    uint32_t coreInSocket;
    uint32_t thread;
    uint32_t node;
};

/// CPUs, cores, sockets, NUMA nodes and the sched-domain hierarchy derived from them as the
/// kernel builds it (SMT, MC, PKG, NUMA; degenerate levels whose span equals the child's are
/// dropped, PREFER_SIBLING passes down from a dropped parent).
class Topology {
public:
    explicit Topology(const TopologySpec& spec);

    const TopologySpec& spec() const { return m_spec; }
    uint32_t nrCpus() const { return m_nrCpus; }
    const CpuInfo& cpu(CpuId c) const { return m_cpus[c.value()]; }
    uint32_t threadsPerCore() const { return m_spec.threadsPerCore; }

    const std::vector<DomainLevelInfo>& levels() const { return m_levels; }
    /// The span of CPU c's domain at level index l.
    CpuRange span(size_t l, CpuId c) const {
        const uint32_t s = m_levels[l].spanSize;
        return {c.value() / s * s, s};
    }
    /// The sched group (of level l) that contains CPU c.
    CpuRange group(size_t l, CpuId c) const {
        const uint32_t g = m_levels[l].groupSize;
        return {c.value() / g * g, g};
    }
    /// Index of the last-level-cache domain (highest with SHARE_PKG_RESOURCES), or -1.
    int llcLevel() const { return m_llcLevel; }
    /// CPUs sharing CPU c's last-level cache (the CPU alone if there is no such domain).
    CpuRange llc(CpuId c) const;
    /// The SMT siblings of c, c included.
    CpuRange core(CpuId c) const {
        const uint32_t t = m_spec.threadsPerCore;
        return {c.value() / t * t, t};
    }
    bool hasSmt() const { return m_spec.threadsPerCore > 1; }
    /// Original capacity of a CPU (SCHED_CAPACITY_SCALE unless SMT capacity sharing is on).
    uint32_t capacityOrig() const { return m_capacityOrig; }
    /// v4.11 SMT capacity: smt_gain (1178) shared by a core's threads; off = 1024 per CPU.
    void setSmtGainCapacity(bool on);
    /// The sched_init() parameters of v5.x/v6.x: imbalance_pct 117 above the LLC (was 125),
    /// busy_factor 16 (was 32), SD_PREFER_SIBLING on every level below NUMA.
    void useV6Parameters();

    /// The kernel's number of CPU c (topology.cpu_numbers; c itself without a map).
    uint32_t kernelCpu(CpuId c) const { return m_spec.kernelCpu(c.value()); }
    /// "cpu40": CPU c by the kernel's number, as views and exports name it.
    std::string cpuName(CpuId c) const;
    /// "cpu0-3,40-43": the kernel's numbers of scenario CPUs first..first+count-1.
    std::string cpuRangeName(uint32_t first, uint32_t count) const;
    /// "cpu40 (0/2/1)": the kernel's number with socket/core/thread, as lane labels show it.
    std::string cpuLabel(CpuId c) const;

private:
    TopologySpec m_spec;
    uint32_t m_nrCpus;
    std::vector<CpuInfo> m_cpus;
    std::vector<DomainLevelInfo> m_levels;
    int m_llcLevel = -1;
    uint32_t m_capacityOrig = 1024;
};

} // namespace core
