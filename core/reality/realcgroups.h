#pragma once

#include "base/cpumax.h"
#include "base/psireport.h"
#include "base/simtime.h"

#include <cstdint>
#include <map>
#include <set>
#include <string>
#include <vector>

namespace core {

/// The cgroup hierarchies of this host that the reality check can use (from /proc/self/mounts).
struct CgroupMounts {
    std::string v2;               ///< the cgroup2 mount ("" when none)
    std::string v1cpu;            ///< a cgroup v1 hierarchy with the cpu controller ("" when none)
    bool v2CpuController = false; ///< the v2 root delegates `cpu` to its children
};

/// Reads the mount table's text (the format of /proc/self/mounts); `v2CpuController` is read
/// from `<v2>/cgroup.subtree_control` on this host.
CgroupMounts findCgroupMounts(const std::string& mountsText);

/// What one cgroup said at the end of a real run.
struct CgroupReading {
    bool ok = false;
    SimTime usage, user, system; ///< cpu.stat (v2) or cpuacct-style usage
    PsiReport psi;               ///< cpu.pressure, memory.pressure, io.pressure
};

/// Parses a pressure file's text ("some avg10=1.00 avg60=... total=N\nfull ...") into `r`.
bool parsePressure(const std::string& text, PsiResource& r);

/// The scenario's cgroups made real, inside a private subtree of each hierarchy used
/// (`<mount>/<tag>/...`), and nowhere else (docs/reality.md):
/// - cgroup v2 with the `cpu` controller delegated at its root: weights (`cpu.weight`),
///   bandwidth (`cpu.max`, `cpu.max.burst`) and pressure, all in the one tree;
/// - otherwise the cgroup v1 `cpu` hierarchy for weights (`cpu.shares` = weight x 1024 / 100) and
///   bandwidth (`cpu.cfs_quota_us`, `cpu.cfs_period_us`, `cpu.cfs_burst_us`), plus a v2 tree of
///   the same shape for pressure and usage (v2's `cpu.stat` and `*.pressure` need no controller).
class RealCgroups {
public:
    RealCgroups() = default;
    RealCgroups(const RealCgroups&) = delete;
    RealCgroups& operator=(const RealCgroups&) = delete;
    ~RealCgroups() { destroy(); }

    /// Chooses the hierarchies and creates `<tag>` and every path in `paths` (scenario paths,
    /// "/" being the subtree's root). Returns "" or what failed (the file and the errno text);
    /// `permission` is set when the failure is a missing permission.
    std::string create(const CgroupMounts& mounts, const std::string& tag,
                       const std::vector<std::string>& paths, bool& permission);
    /// Which hierarchies hold what, for the report.
    const std::string& mode() const { return m_mode; }
    /// What the report should say about how the tree was made (RT runtime given, ...).
    const std::vector<std::string>& notes() const { return m_notes; }
    bool weightsApplied() const { return !m_cpuRoot.empty(); }

    std::string setWeight(const std::string& path, uint32_t weight) const;
    std::string setMax(const std::string& path, const CpuMax& max) const;
    /// Moves process `pid` (0: the caller) into the scenario cgroup `path` in every hierarchy.
    /// Called in the forked task itself (the runner is single-threaded, so it may allocate).
    std::string place(int pid, const std::string& path) const;
    CgroupReading read(const std::string& path) const;
    /// Kills every process still inside the subtree, then removes its directories, deepest
    /// first. Idempotent; returns what could not be removed ("" when everything went).
    std::string destroy();
    /// Directories this object created and has not removed yet.
    std::vector<std::string> directories() const;

private:
    std::string dir(const std::string& root, const std::string& path) const;
    void giveRtRuntime(const std::string& mount, const std::string& path, const std::string& d,
                       const std::set<std::string>& all);

    std::string m_mode;
    std::string m_cpuRoot;              ///< `<mount>/<tag>` of the hierarchy holding weights ("" when none)
    std::string m_psiRoot;              ///< `<v2 mount>/<tag>` (pressure and usage)
    bool m_cpuIsV2 = false;             ///< weights are in the v2 tree itself
    std::vector<std::string> m_created; ///< in creation order (parents first)
    std::vector<std::string> m_notes;
    std::map<std::string, int64_t> m_rtRuntime; ///< cpu.rt_runtime_us given, by scenario path
};

} // namespace core
