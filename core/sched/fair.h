#pragma once

#include "context/simcontext.h"
#include "sched/cgroups.h"
#include "sched/machine.h"
#include "sched/runqueue.h"
#include "sched/schedentity.h"

#include "base/cpumax.h"

#include <cstdint>
#include <vector>

namespace core {

struct Task;
class Cpuacct;

/// The fair scheduling class: per-CPU runqueues with a group entity per task group per CPU,
/// vruntime, min_vruntime, PELT load/util averages and group shares, and the pick rules of the
/// scenario's kernel model: v4.x CFS (placement, sched_latency slices, tick and wakeup
/// preemption, buddies; this file's fair.cpp) or EEVDF (lag, eligibility, virtual deadlines,
/// run-to-parity, DELAY_DEQUEUE and custom slices by model; faireevdf.cpp).
class Fair {
public:
    enum : uint32_t { EnqueueWakeup = 1, EnqueueMigrated = 2, EnqueueInitial = 4 };
    /// DequeueSpecial: a sleep that may not be delayed (TASK_DEAD and the other special states).
    enum : uint32_t {
        DequeueSleep = 1,
        DequeueSave = 2,
        DequeueMove = 4,
        DequeueDelayed = 8,
        DequeueSpecial = 16
    };

    Fair(SimContext& ctx, Machine& machine, CgroupTree& cgroups, Cpuacct& cpuacct);

    void enqueueTask(Rq& rq, Task& p, uint32_t flags);
    void dequeueTask(Rq& rq, Task& p, uint32_t flags);
    /// Puts the current task back (into the tree if it is still runnable).
    void putPrevTask(Rq& rq, Task& prev);
    /// pick_next_task_fair: picks and sets the next task; null when the CPU has nothing to run.
    /// `prev` is the fair task still current on every level (not yet put), or null. The pick
    /// weighs each level's current entity against the queued ones, then puts and sets only the
    /// levels where prev's path and next's differ (none when next is prev). When the pick has
    /// to put prev whole (a queue on its path throttled), it sets `prev` to null. With
    /// `wholeSwitch` (the v6.12 fair server's pick, put_prev_set_next_task) a different next
    /// puts prev and sets next on every level.
    Task* pickNextTask(Rq& rq, Task*& prev, bool wholeSwitch = false);
    /// Accounts the current task's run time up to now (update_curr on every level).
    void updateCurr(Rq& rq);
    /// Scheduler tick on the current task; true if it should be preempted.
    bool taskTick(Rq& rq);
    /// Should the woken task p preempt the current one? `currUpToDate`: the enqueue in the same
    /// runqueue-locked section already brought the current task up to the section's clock.
    bool checkPreemptWakeup(Rq& rq, Task& p, bool currUpToDate);
    void yieldTask(Rq& rq);
    /// Initial vruntime of a new task (relative to its queue, as task_fork_fair leaves it).
    void taskFork(Task& child, uint32_t cpu);
    /// A task not on a runqueue leaves its CPU: vruntime made relative, PELT detached.
    void migrateTaskRq(Task& p);
    /// Takes the task's PELT load and utilisation out of its queue (migration, death). With
    /// `propagate`, the removal also reaches every group entity above at once, as a detach in
    /// sched_move_task does; otherwise they keep it until it decays.
    void detachLoad(Task& p, bool propagate = false);
    /// reweight_task: a task not queued (dequeued with SAVE, or asleep) takes a new weight; under
    /// EEVDF its saved lag scales with it.
    void reweightTask(Task& p, uint64_t weight);
    /// Makes a queued task current again on every level (set_curr_task).
    void setCurrTask(Rq& rq, Task& p);
    /// Points the task's entity at its group's queue on a CPU.
    void setTaskRq(Task& p, uint32_t cpu);
    /// A task leaves its queue without sleeping (a group move): under CFS its vruntime becomes
    /// relative to the queue's min_vruntime; EEVDF keeps its lag instead and does nothing here.
    void detachVruntime(Task& p);
    /// DELAY_DEQUEUE (v6.12): a sleeping task still queued because it had negative lag. Its
    /// dequeue is finished now, before it is woken elsewhere, moved, re-pinned or killed.
    void finishDelayedDequeue(Task& p);

    /// weighted_cpuload(): the root queue's runnable load average, decayed to now (after
    /// which rq.cfs.avg.loadAvg, the total with blocked load, is current as well).
    uint64_t cpuLoad(Rq& rq);
    /// cpu_util(cpu, p, -1, boost): the root queue's utilisation, at least its util_est sum
    /// where the model has one, capped at the CPU's capacity. With `without`, the task's own
    /// contribution is taken out (cpu_util_without); `boost` counts runnable time as well
    /// (cpu_util_cfs_boost).
    uint64_t cpuUtil(Rq& rq, const Task* without = nullptr, bool boost = false);
    /// task_util_est(): the larger of the task's util_avg and its util_est.
    uint64_t taskUtilEst(const Task& p) const;
    /// task_h_load(): the task's load as seen at the root, through its group hierarchy.
    uint64_t taskHLoad(const Task& p) const;

    /// sched_slice() of an entity, for tests and views.
    SimTime schedSlice(const CfsRq& cfs, const SchedEntity& se) const;

    // CFS bandwidth control (fairbandwidth.cpp). `unthrottled` collects the runqueues whose
    // nr_running grew: the caller lets an idle one schedule.
    /// tg_set_cfs_bandwidth: the group's cpu.max (and burst) becomes `max`.
    void setBandwidth(TaskGroup& tg, const CpuMax& max, std::vector<Rq*>& unthrottled);
    /// The group's period timer fired (event generation `gen`): refill and pay throttled queues.
    void bandwidthPeriodTimer(TaskGroup& tg, uint32_t gen, std::vector<Rq*>& unthrottled);
    /// The group's slack timer fired: returned runtime pays throttled queues.
    void bandwidthSlackTimer(TaskGroup& tg, uint32_t gen, std::vector<Rq*>& unthrottled);
    /// throttled_lb_pair: the balancer leaves a task alone whose group is throttled on either CPU.
    bool throttledLbPair(const TaskGroup& tg, uint32_t src, uint32_t dst) const;
    /// Reports the throttled stretches still open up to now to the trace sink.
    void flushThrottleTrace();
    /// Is the group inside a throttled hierarchy on this CPU?
    bool throttledOn(const TaskGroup& tg, uint32_t cpu) const;

private:
    void enqueueEntity(CfsRq& cfs, SchedEntity& se, uint32_t flags);
    void dequeueEntity(CfsRq& cfs, SchedEntity& se, uint32_t flags);
    /// CFS: the leftmost of the tree and `curr` (the queue's current entity, still running),
    /// the skip, last and next buddies weighed against it.
    SchedEntity* pickNextEntity(CfsRq& cfs, SchedEntity* curr);
    /// Puts prev's and sets next's entities from the bottom up, until the two paths meet.
    void putPrevSetNext(Task& prev, SchedEntity& next);
    void setNextEntity(CfsRq& cfs, SchedEntity& se);
    void putPrevEntity(CfsRq& cfs, SchedEntity& se);
    bool checkPreemptTick(CfsRq& cfs, SchedEntity& curr);
    int wakeupPreemptEntity(const SchedEntity& curr, const SchedEntity& se) const;
    void placeEntity(CfsRq& cfs, SchedEntity& se, bool initial);
    void updateMinVruntime(CfsRq& cfs);
    void clearBuddies(CfsRq& cfs, SchedEntity& se);
    void addWeight(CfsRq& cfs, int64_t delta);
    void updateCfsGroup(SchedEntity& se);
    void reweightEntity(CfsRq& cfs, SchedEntity& se, uint64_t weight);

    // PELT.
    void updateLoadAvg(CfsRq& cfs, SchedEntity& se, bool attach);
    bool updateCfsRqLoadAvg(CfsRq& cfs);
    void attachEntityLoadAvg(CfsRq& cfs, SchedEntity& se);
    void detachEntityLoadAvg(CfsRq& cfs, SchedEntity& se);
    void initEntityAvg(CfsRq& cfs, SchedEntity& se);

    uint64_t calcDeltaFair(SimTime delta, const SchedEntity& se) const;
    SimTime schedPeriod(uint32_t nr) const;

    // EEVDF (faireevdf.cpp).
    void eevdfEnqueueTask(Rq& rq, Task& p, uint32_t flags);
    void eevdfDequeueTask(Rq& rq, Task& p, uint32_t flags);
    void cfsDequeueTask(Rq& rq, Task& p, uint32_t flags);
    // util_est (sched/utilest.h): the root queue's sum, and the sample at sleep.
    void utilEstEnqueue(Rq& rq, const Task& p);
    void utilEstDequeue(Rq& rq, const Task& p);
    void utilEstUpdate(Task& p);
    void eevdfEnqueueEntity(CfsRq& cfs, SchedEntity& se, uint32_t flags);
    /// False when DELAY_DEQUEUE keeps the entity queued.
    bool eevdfDequeueEntity(CfsRq& cfs, SchedEntity& se, uint32_t flags);
    /// Dequeues a delayed entity and the group entities its leaving empties.
    void dequeueDelayed(SchedEntity& se);
    void requeueDelayed(CfsRq& cfs, SchedEntity& se);
    /// Wakes a task whose dequeue was delayed, where it is still queued (ENQUEUE_DELAYED).
    void requeueDelayedTask(Rq& rq, Task& p);
    Task* eevdfPickNextTask(Rq& rq, Task*& prev, bool wholeSwitch);
    /// After find_matching_se and update_curr: does the woken entity win the pick now?
    bool eevdfWakeupPreempt(Rq& rq, SchedEntity& curr, SchedEntity& woken);
    void eevdfPlaceEntity(CfsRq& cfs, SchedEntity& se, uint32_t flags);
    void setQueuedSlice(SchedEntity& se, uint64_t slice);
    void updateEntityLag(CfsRq& cfs, SchedEntity& se);
    void updateDeadline(Rq& rq, CfsRq& cfs, SchedEntity& se);
    bool doPreemptShort(const CfsRq& cfs, const SchedEntity& pse, const SchedEntity& se) const;
    /// set_protect_slice (v6.17): how far the entity just set current may run before another is
    /// looked for: its deadline, or its own run of the shortest slice queued beside it; kept in
    /// vlag, which the kernel shares with vprot.
    void setProtectSlice(CfsRq& cfs, SchedEntity& se);
    /// RUN_TO_PARITY: whether the current entity `se` still keeps the CPU against a better pick.
    bool protectedSlice(const SchedEntity& se) const;
    /// The v6.18 wakeup check (check_preempt_wakeup_fair, 6.17's form).
    bool vprotWakeupPreempt(CfsRq& cfs, SchedEntity& curr, SchedEntity& woken);
    void reweightEevdf(SchedEntity& se, uint64_t avruntime, uint64_t weight);
    int64_t lagLimit(const SchedEntity& se) const;
    void timelineInsert(CfsRq& cfs, SchedEntity& se);
    void timelineErase(CfsRq& cfs, SchedEntity& se);
    // The queue's deadline tree, out of the hot path: kept only for long queues.
    [[gnu::noinline]] void deadlineIndexInsert(CfsRq& cfs, SchedEntity& se);
    [[gnu::noinline]] void deadlineIndexErase(CfsRq& cfs, SchedEntity& se);

    // Bandwidth control (fairbandwidth.cpp).
    void accountCfsRqRuntime(Rq& rq, CfsRq& cfs, int64_t delta);
    bool assignCfsRqRuntime(CfsRq& cfs, int64_t target);
    bool checkCfsRqRuntime(CfsRq& cfs);
    /// check_enqueue_throttle and the throttled clock, when a queue gets its first entity.
    void bandwidthEnqueued(CfsRq& cfs);
    void returnCfsRqRuntime(CfsRq& cfs);
    bool throttleCfsRq(CfsRq& cfs);
    void unthrottleCfsRq(CfsRq& cfs, std::vector<Rq*>& unthrottled);
    void startBandwidthTimer(TaskGroup& tg);
    void distributeRuntime(CfsBandwidth& b, std::vector<Rq*>& unthrottled);
    bool refreshWithin(const CfsBandwidth& b, SimTime within) const;

    SimContext& m_ctx;
    Machine& m_machine;
    CgroupTree& m_cgroups;
    Cpuacct& m_cpuacct;
    const bool m_eevdf;
    const DeadlineIndexBounds m_deadlineIndex = deadlineIndexBounds(); ///< read once, per engine
    const bool m_delayDequeue;
    const bool m_preemptShort;
    const bool m_customSlices;
    const bool m_reweightKeepsLag;
    const bool m_relDeadline;
    const bool m_bandwidthBurst;
    const bool m_throttleFifo;
    const bool m_throttledTimeQueued;
    const bool m_pickTaskFair;
    const bool m_sliceProtection;       ///< vprot (v6.17)
    const bool m_pickBuddy;             ///< PICK_BUDDY (v6.14)
    const bool m_yieldForfeits;         ///< yield forfeits the rest of the slice (6.18.2)
    const bool m_emptyGroupKeepsWeight; ///< update_cfs_group leaves an empty group alone (v6.14)
    const bool m_reweightPlaces;        ///< reweight_entity through place_entity (v6.16)
    const UtilEstKind m_utilEst;
    bool m_bandwidthUsed = false; ///< some group has had a quota (cfs_bandwidth_used)
};

} // namespace core
