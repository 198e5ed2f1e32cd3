#include "sched/cgroups.h"

#include "base/cgrouprules.h"
#include "base/weights.h"
#include "scenario/scenariospec.h"
#include "sched/pelt.h"
#include "sched/runqueue.h"

namespace core {

CgroupTree::CgroupTree(const ScenarioSpec& spec, uint32_t nrCpus, std::vector<Rq>& rqs)
    : m_rqs(rqs)
    , m_nrCpus(nrCpus) {
    TaskGroup& rootTg = newGroup(nullptr, 1024);
    Cgroup root;
    root.id = CgroupId(0);
    root.path = "/";
    root.tg = &rootTg;
    m_cgroups.push_back(root);
    m_parents.push_back(CgroupId::invalid());
    m_byPath["/"] = CgroupId(0);
    for (Rq& rq : m_rqs)
        rq.cfs.tg = &rootTg;

    // The spec lists every cgroup (parents included) sorted by path, so parents come first.
    for (const CgroupSpec& cs : spec.cgroups) {
        const CgroupId parentId = m_byPath.at(cgroupParent(cs.path));
        Cgroup cg;
        cg.id = CgroupId(static_cast<uint32_t>(m_cgroups.size()));
        cg.path = cs.path;
        cg.parent = parentId;
        cg.weight = cs.weight;
        cg.depth = m_cgroups[parentId.value()].depth + 1;
        cg.cpus = m_cgroups[parentId.value()].cpus;
        if (cs.cpus)
            cg.cpus = std::make_shared<const CpuSet>(toCpuSet(*cs.cpus, nrCpus));
        TaskGroup* parentTg = m_cgroups[parentId.value()].tg;
        if (spec.kernel.features.groupSched) {
            TaskGroup& tg = newGroup(parentTg, cgroupWeightToShares(cs.weight));
            tg.cgroup = cg.id;
            cg.tg = &tg;
        } else {
            cg.tg = &rootTg;
        }
        m_byPath[cg.path] = cg.id;
        m_cgroups[parentId.value()].children.push_back(cg.id);
        m_parents.push_back(parentId);
        m_cgroups.push_back(std::move(cg));
    }
}

TaskGroup& CgroupTree::newGroup(TaskGroup* parent, uint64_t shares) {
    auto tg = std::make_unique<TaskGroup>();
    tg->id = static_cast<uint32_t>(m_groups.size());
    tg->parent = parent;
    tg->shares = shares;
    tg->depth = parent ? static_cast<uint16_t>(parent->depth + 1) : 0;
    if (parent) {
        tg->perCpu.resize(m_nrCpus);
        parent->children.push_back(tg.get());
    }
    m_groups.push_back(std::move(tg));
    return *m_groups.back();
}

CgroupId CgroupTree::find(const std::string& path) const {
    auto it = m_byPath.find(path);
    return it == m_byPath.end() ? CgroupId::invalid() : it->second;
}

CfsRq& CgroupTree::cfsRq(TaskGroup& tg, uint32_t cpu) {
    if (!tg.parent)
        return m_rqs[cpu].cfs;
    auto& slot = tg.perCpu[cpu];
    if (!slot) {
        slot = std::make_unique<TaskGroup::PerCpu>();
        CfsRq& parentQ = cfsRq(*tg.parent, cpu);
        slot->cfs.tg = &tg;
        slot->cfs.cpu = cpu;
        slot->cfs.owner = &slot->se;
        slot->se.myQ = &slot->cfs;
        slot->se.cfsRq = &parentQ;
        slot->se.parent = parentQ.owner;
        slot->se.depth = tg.depth - 1;
        slot->se.weight = tg.shares;
        // init_entity_runnable_average, which alloc_fair_sched_group runs for group entities
        // too: a new group entity counts as fully loaded until PELT says otherwise, so tasks
        // forked into a group at the same instant see each other's load and spread out.
        slot->se.avg.loadSum = pelt::kLoadAvgMax;
        slot->se.avg.runnableLoadSum = pelt::kLoadAvgMax;
        slot->se.avg.loadAvg = tg.shares;
        slot->se.avg.runnableLoadAvg = tg.shares;
        // A fresh group queue starts its virtual clock where its parent's is, as the kernel's
        // init_cfs_rq starts every queue at the same min_vruntime.
        slot->cfs.minVruntime = 0;
        // A queue created under a throttled one is inside the throttled hierarchy at once
        // (sync_throttle); a limited group's queue starts with no local runtime.
        slot->cfs.throttleCount = parentQ.throttleCount;
        slot->cfs.runtimeEnabled = tg.bandwidth && tg.bandwidth->max.limited();
    }
    return slot->cfs;
}

SchedEntity* CgroupTree::groupEntity(TaskGroup& tg, uint32_t cpu) {
    if (!tg.parent)
        return nullptr;
    cfsRq(tg, cpu);
    return &tg.perCpu[cpu]->se;
}

TaskGroup& CgroupTree::autogroup(uint32_t session) {
    auto it = m_autogroups.find(session);
    if (it != m_autogroups.end())
        return *it->second;
    TaskGroup& tg = newGroup(&rootGroup(), 1024);
    tg.autogroup = true;
    tg.session = session;
    m_autogroups[session] = &tg;
    return tg;
}

void CgroupTree::setWeight(CgroupId id, uint32_t weight) {
    Cgroup& cg = at(id);
    cg.weight = weight;
    if (cg.tg && cg.tg->parent)
        cg.tg->shares = cgroupWeightToShares(weight);
}

} // namespace core
