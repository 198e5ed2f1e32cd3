#pragma once

#include "base/cpuset.h"
#include "base/ids.h"
#include "sched/bandwidth.h"
#include "sched/schedentity.h"

#include <cstdint>
#include <map>
#include <memory>
#include <string>
#include <vector>

namespace core {

struct ScenarioSpec;
struct Rq;

/// A CPU task group (cgroup cpu controller or autogroup) with its per-CPU runqueue and entity.
struct TaskGroup {
    struct PerCpu {
        CfsRq cfs;
        SchedEntity se;
    };
    uint32_t id = 0;
    TaskGroup* parent = nullptr;
    uint64_t shares = 1024;
    uint16_t depth = 0; ///< 0 = root
    bool autogroup = false;
    CgroupId cgroup;
    uint32_t session = 0;
    uint64_t totalWeight = 0;                    ///< sum over CPUs of this group's runqueue weights
    std::vector<std::unique_ptr<PerCpu>> perCpu; ///< allocated on first use of a CPU
    std::vector<TaskGroup*> children;
    std::unique_ptr<CfsBandwidth> bandwidth; ///< set once a cpu.max was given (even back to "max")
};

/// A node of the cgroup tree.
struct Cgroup {
    CgroupId id;
    std::string path;
    CgroupId parent;
    std::vector<CgroupId> children;
    uint32_t weight = 100;
    uint32_t depth = 0;
    std::shared_ptr<const CpuSet> cpus; ///< effective cpuset; null = all CPUs
    TaskGroup* tg = nullptr;            ///< its task group (the root group for "/")
    uint32_t nrTasks = 0;               ///< live tasks directly in this cgroup
};

/// The cgroup hierarchy and the task groups derived from it (plus autogroups).
class CgroupTree {
public:
    CgroupTree(const ScenarioSpec& spec, uint32_t nrCpus, std::vector<Rq>& rqs);

    Cgroup& root() { return m_cgroups[0]; }
    Cgroup& at(CgroupId id) { return m_cgroups[id.value()]; }
    const Cgroup& at(CgroupId id) const { return m_cgroups[id.value()]; }
    size_t size() const { return m_cgroups.size(); }
    /// The parent of a cgroup (invalid for the root), from a compact array: the per-level walks
    /// of accounting read only this, not each level's whole record.
    CgroupId parent(CgroupId id) const { return m_parents[id.value()]; }
    CgroupId find(const std::string& path) const;
    const std::vector<Cgroup>& all() const { return m_cgroups; }

    TaskGroup& rootGroup() { return *m_groups[0]; }
    /// The task group's runqueue on a CPU (created with its entity chain on first use).
    CfsRq& cfsRq(TaskGroup& tg, uint32_t cpu);
    /// The group's entity on a CPU (null for the root group).
    SchedEntity* groupEntity(TaskGroup& tg, uint32_t cpu);
    /// Autogroup for a session, created on first use under the root group.
    TaskGroup& autogroup(uint32_t session);
    void setWeight(CgroupId id, uint32_t weight);
    size_t taskGroupCount() const { return m_groups.size(); }
    TaskGroup& group(uint32_t id) { return *m_groups[id]; }
    template <class F>
    void forEachGroup(F&& f) {
        for (auto& g : m_groups)
            f(*g);
    }

private:
    TaskGroup& newGroup(TaskGroup* parent, uint64_t shares);
    std::vector<Cgroup> m_cgroups;
    std::vector<CgroupId> m_parents; ///< m_cgroups[i].parent
    std::map<std::string, CgroupId> m_byPath;
    std::vector<std::unique_ptr<TaskGroup>> m_groups;
    std::map<uint32_t, TaskGroup*> m_autogroups;
    std::vector<Rq>& m_rqs;
    uint32_t m_nrCpus;
};

} // namespace core
