#pragma once

// The cgroup tree of a Linux host as the scenario format's cgroups: paths, CPU weights, cpu.max
// limits and cpusets. cgroup v2 is read from its files (cpu.weight, cpu.max, cpu.max.burst,
// cpuset.cpus.effective); a v1 or hybrid v1/v2 host from the v1 cpu and cpuset hierarchies
// (cpu.shares, cpu.cfs_quota_us, cpu.cfs_period_us, cpu.cfs_burst_us, cpuset.effective_cpus).
// docs/host.md lists every rule.

#include <cstdint>
#include <filesystem>
#include <optional>
#include <string>
#include <vector>

namespace core {

struct HostCgroup {
    std::string path;                          ///< "/system.slice/ssh.service"
    uint32_t weight = 100;                     ///< cpu.weight (v1: from cpu.shares)
    std::optional<std::vector<uint32_t>> cpus; ///< effective CPUs, only where narrower than the parent's
    std::optional<long long> quotaUs;          ///< cpu.max quota; absent = "max" (no limit)
    long long periodUs = 100000;
    long long burstUs = 0;
};

struct HostCgroups {
    /// "v2", "hybrid" (v1 controllers beside a v2 tree), "v1" or "none".
    std::string hierarchy;
    std::vector<HostCgroup> cgroups; ///< parents before children; the root is not listed
    std::vector<std::string> notes;  ///< what was approximated or left out, and why
};

/// Reads the tree mounted at root (normally /sys/fs/cgroup). onlineCpus (ascending) stands for
/// the root's cpuset where the host does not publish one. At most `limit` cgroups are listed
/// (the rest are counted in a note). Never throws: what cannot be read becomes a note.
HostCgroups readHostCgroups(const std::filesystem::path& root, const std::vector<uint32_t>& onlineCpus,
                            size_t limit = 2000);

} // namespace core
