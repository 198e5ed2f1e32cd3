#pragma once

#include "context/simcontext.h"
#include "sched/fair.h"
#include "sched/machine.h"
#include "sched/sglbstats.h"
#include "sched/taskmover.h"

#include <cstdint>
#include <vector>

namespace core {

struct Task;

/// The CFS load balancer of the v4.11..v4.14 era, the one the prefer-sibling change of 2017
/// modified: periodic balancing from the tick with adaptive intervals, should_we_balance,
/// group statistics and classification, busiest group and queue, imbalance calculation,
/// detach_tasks with can_migrate_task (affinity, running, cache-hot), LBF_* retries, active
/// balance through the stopper, newly-idle balancing and NOHZ idle balancing.
/// Its own work costs simulated time: statistics per CPU examined, the double runqueue lock,
/// each task moved. Under the v6 models the statistics, the busiest group and queue, the
/// imbalance and detach_tasks are those of the v5.5+ rework as in v6.6 (balancev6.cpp).
class Balancer {
public:
    enum class Idle { NotIdle, Idle, NewlyIdle };

    Balancer(SimContext& ctx, Machine& machine, Fair& fair, TaskMover& mover);

    /// Scheduler tick of a busy CPU: cpu_load[] update, SCHED_SOFTIRQ when balancing is due,
    /// and the NOHZ kick of an idle CPU when idle CPUs need balancing.
    void tick(Rq& rq);
    /// idle_balance(): the CPU is about to go idle; returns whether it pulled a task.
    bool idleBalance(Rq& rq);
    /// A CPU went idle and stopped its tick / left idle (nohz bookkeeping).
    void enterIdle(Rq& rq);
    void exitIdle(Rq& rq);
    /// A task was woken onto rq while it was idle: avg_idle sample (ttwu_do_wakeup).
    void noteWakeupOnIdle(Rq& rq);
    /// rq->rd->overload, set when a CPU gets a second task (add_nr_running).
    void noteNrRunning(const Rq& rq) {
        if (rq.nrRunning >= 2)
            m_overload = true;
    }
    bool overloaded() const { return m_overload; }

private:
    enum : uint32_t {
        LBF_ALL_PINNED = 0x01,
        LBF_NEED_BREAK = 0x02,
        LBF_DST_PINNED = 0x04,
        LBF_SOME_PINNED = 0x08,
    };
    static constexpr uint32_t kNrMigrateBreak = 32; ///< sched_nr_migrate_break
    /// What the v6 balancer's imbalance counts (migrate_misfit needs asymmetric CPUs).
    enum class MigrationType : uint8_t { Load, Util, Task };
    /// group_type of v4.11, in its order (a higher type is the busier one).
    enum class GroupType : uint8_t { Other, Imbalanced, Overloaded };
    struct GroupStats {
        uint64_t avgLoad = 0;
        uint64_t groupLoad = 0;
        uint64_t sumWeightedLoad = 0;
        uint64_t loadPerTask = 0;
        uint64_t groupCapacity = 0;
        uint64_t groupUtil = 0;
        uint32_t sumNrRunning = 0;
        uint32_t idleCpus = 0;
        uint32_t groupWeight = 0;
        GroupType groupType = GroupType::Other;
        bool noCapacity = false;
    };
    struct DomainStats {
        int busiest = -1; ///< first CPU of the busiest group
        int local = -1;
        GroupStats busiestStat, localStat;
        uint64_t totalLoad = 0, totalCapacity = 0, avgLoad = 0;
    };
    struct Env {
        size_t level = 0;
        uint32_t dstCpu = 0;
        uint32_t payCpu = 0; ///< the CPU doing the work (the NOHZ balancer for idle CPUs)
        CpuRange dstGroup;   ///< count 0 for newly idle (no dst_grpmask)
        MigrationReason reason = MigrationReason::Periodic;
        Idle idle = Idle::NotIdle;
        int64_t imbalance = 0;
        uint32_t srcCpu = 0;
        uint32_t loop = 0, loopMax = 0, loopBreak = 0;
        uint32_t flags = 0;
        uint32_t newDstCpu = 0;
        MigrationType migrationType = MigrationType::Load; ///< v6

        /// CPUs removed from the candidates (env->cpus cleared: all pinned), a bitmap so that
        /// the test is O(1) however many a long redo chain removes.
        std::vector<bool> excluded;
        uint32_t excludedCount = 0;
        bool candidate(uint32_t cpu) const;
        void exclude(uint32_t cpu, uint32_t nrCpus);
    };

    /// sd_lb_stats of the v6 balancer.
    struct SdLbStats {
        int busiest = -1;
        int local = -1;
        SgLbStats busiestStat, localStat;
        uint64_t totalLoad = 0, totalCapacity = 0, avgLoad = 0;
        bool preferSibling = false;
        SdLbStats() { busiestStat.idleCpus = UINT32_MAX; }
    };

    int64_t jiffies() const { return m_ctx.now.count() / m_ctx.tickPeriod.count(); }
    void updateCpuLoad(Rq& rq);
    uint64_t sourceLoad(Rq& rq, int idx);
    uint64_t targetLoad(Rq& rq, int idx);
    int loadIdx(size_t level, Idle idle) const;
    bool cpuIdle(const Rq& rq) const { return m_machine.idle(rq); }
    uint64_t groupCapacity(CpuRange g) const;

    void rebalanceDomains(Rq& rq, Idle idle, MigrationReason reason, Rq& pay);
    int64_t intervalJiffies(size_t level, const Rq& rq, bool busy) const;
    int loadBalance(Rq& rq, size_t level, Idle idle, bool& continueBalancing, MigrationReason reason,
                    Rq& pay);
    bool shouldWeBalance(const Env& env);
    int findBusiestGroup(Env& env, DomainStats& sds);
    void updateGroupStats(Env& env, CpuRange group, int loadIdx, bool local, GroupStats& s, bool& overload);
    GroupType groupClassify(size_t level, CpuRange group, const GroupStats& s) const;
    bool groupHasCapacity(size_t level, const GroupStats& s) const;
    bool groupIsOverloaded(size_t level, const GroupStats& s) const;
    bool pickBusiest(const GroupStats& s, const GroupStats& busiest) const;
    void calculateImbalance(Env& env, DomainStats& sds);
    void fixSmallImbalance(Env& env, DomainStats& sds);
    int findBusiestQueue(Env& env, CpuRange group);
    int detachTasks(Env& env, Rq& src);
    /// detach_tasks' stop rules, counting this candidate (loop, loop_max, the lock break).
    bool detachDone(Env& env, const Rq& src) const;
    bool canMigrateTask(Task& p, Env& env, Rq& src);
    bool taskHot(const Task& p, const Env& env, const Rq& src, const Rq& dst) const;
    bool needActiveBalance(const Env& env, const Rq& src) const;
    void activeBalance(Rq& busiest, uint32_t target);
    bool nohzKickNeeded(Rq& rq);
    void nohzIdleBalance(Rq& ilb);
    uint8_t& groupImbalance(size_t level, uint32_t cpu);

    // The v6 balancer (balancev6.cpp).
    bool smtGroups(size_t level) const;
    bool coreIdle(uint32_t cpu) const;
    bool shouldWeBalanceV6(const Env& env);
    void updateSgLbStats(Env& env, CpuRange group, bool local, SgLbStats& s, bool& overload);
    bool updateSdPickBusiest(size_t level, const SgLbStats& s, const SgLbStats& busiest) const;
    uint32_t siblingImbalance(const Env& env, const SgLbStats& busiest, const SgLbStats& local) const;
    void calculateImbalanceV6(Env& env, SdLbStats& sds);
    int findBusiestGroupV6(Env& env, SdLbStats& sds);
    /// update_idle_cpu_scan (SIS_UTIL): the scan budget of cpu's LLC from its groups' summed
    /// utilisation, at a periodic balance of the LLC domain.
    void updateIdleCpuScan(uint32_t cpu, uint64_t sumUtil, uint32_t imbalancePct);
    int findBusiestQueueV6(Env& env, CpuRange group);
    int detachTasksV6(Env& env, Rq& src);

    SimContext& m_ctx;
    Machine& m_machine;
    Fair& m_fair;
    TaskMover& m_mover;
    const bool m_v6;                               ///< the v5.5+ balancer (v6 models)
    bool m_overload = false;                       ///< rd->overload
    int64_t m_nohzNextBalance = 0;                 ///< jiffies
    uint32_t m_nohzCpus = 0;                       ///< CPUs idle with the tick stopped
    std::vector<uint32_t> m_nrBusyCpus;            ///< per LLC: CPUs not in tickless idle
    std::vector<std::vector<uint8_t>> m_imbalance; ///< [level][group]: sgc->imbalance
    int64_t m_maxLoadBalanceInterval;              ///< jiffies
};

} // namespace core
