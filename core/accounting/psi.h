#pragma once

#include "base/eventqueue.h"
#include "base/ids.h"
#include "base/psireport.h"
#include "context/simcontext.h"
#include "sched/cgroups.h"
#include "sched/machine.h"

#include <array>
#include <cstdint>
#include <memory>
#include <string>
#include <vector>

namespace core {

struct Task;
class TaskTable;

/// PSI task flags (v6.1+ layout: four counted flags, ONCPU as a mask bit without a counter).
enum PsiTaskFlag : uint8_t {
    TSK_IOWAIT = 1 << 0,
    TSK_MEMSTALL = 1 << 1,
    TSK_RUNNING = 1 << 2,
    TSK_MEMSTALL_RUNNING = 1 << 3,
    TSK_ONCPU = 1 << 4,
};
inline constexpr int kPsiTaskCounts = 4;

enum PsiState : uint8_t {
    PSI_IO_SOME,
    PSI_IO_FULL,
    PSI_MEM_SOME,
    PSI_MEM_FULL,
    PSI_CPU_SOME,
    PSI_CPU_FULL,
    PSI_NONIDLE
};
inline constexpr int kPsiStates = 7;   ///< including NONIDLE
inline constexpr int kPsiReported = 6; ///< the stall states (NONIDLE is only a weight)
inline constexpr uint32_t PSI_ONCPU = 1u << kPsiStates;

/// The rest of include/linux/sched/loadavg.h's arithmetic (the constants are in base/psireport.h).
namespace loadavg {
uint64_t calcLoad(uint64_t load, uint64_t exp, uint64_t active);
uint64_t fixedPowerInt(uint64_t x, uint64_t fracBits, uint64_t n);
uint64_t calcLoadN(uint64_t load, uint64_t exp, uint64_t active, uint64_t n);
} // namespace loadavg

/// One group's per-CPU record (struct psi_group_cpu).
struct PsiGroupCpu {
    std::array<uint32_t, kPsiTaskCounts> tasks{};
    uint32_t stateMask = 0;
    SimTime stateStart;
    std::array<uint64_t, kPsiStates> times{};     ///< cumulative ns per state
    std::array<uint64_t, kPsiStates> timesPrev{}; ///< what the averaging aggregator last saw
};

/// A cgroup's pressure (struct psi_group); the root cgroup's is the system's (psi_system).
struct PsiGroup {
    CgroupId cgroup;
    PsiGroup* parent = nullptr;
    /// The pending averaging work, if any. Never cancelled, and reset when it runs, so a valid
    /// handle means pending: every level of every walk tests it without reading the queue.
    EventQueue::Handle work;
    uint32_t index = 0;
    std::array<uint64_t, kPsiReported> total{}; ///< ns, the averaging aggregator's totals
    std::array<uint64_t, kPsiReported> avgTotal{};
    std::array<std::array<uint64_t, 3>, kPsiReported> avg{}; ///< avg10/60/300, 11-bit fixed point
    SimTime avgLastUpdate;
    SimTime avgNextUpdate;
};

/// Pressure stall information, v6.1+ semantics: task counts and state masks per group and
/// CPU, the scheduler hooks, per-group averaging every 2*HZ+1 jiffies with the kernel's
/// fixed-point decay, and the /proc/pressure text format. Costs its work through the cost model,
/// following the psi_clock_once and psi_direct_iteration switches.
class Psi {
public:
    Psi(SimContext& ctx, Machine& machine, CgroupTree& cgroups);

    bool enabled() const { return m_ctx.features.psi; }

    // Scheduler hooks. `cpuRq` is the runqueue whose CPU does the work (and pays for it).
    void enqueue(Rq& cpuRq, Task& p, bool wakeup);
    void dequeue(Rq& cpuRq, Task& p, bool sleep);
    /// A sleeping task woken onto another CPU: its iowait/memstall flags leave its old CPU
    /// (task_cpu(p), not the waker's), paid for by the waker.
    void ttwuDequeue(Rq& wakerRq, Task& p);
    /// __schedule switching prev -> next on rq (either may be idle = null).
    void taskSwitch(Rq& rq, Task* prev, Task* next, bool sleep);
    void memstallEnter(Rq& rq, Task& p);
    void memstallLeave(Rq& rq, Task& p);
    /// cgroup_move_task: the task's flags leave the old groups and join the new ones.
    void cgroupMove(Rq& rq, Task& p, CgroupId from, CgroupId to);
    /// A task leaves for good with flags still set (killed while blocked).
    void taskGone(Rq& rq, Task& p);

    /// The delayed averaging work of a group (EventKind::PsiAvgs).
    void avgsWork(uint32_t groupIndex);

    /// /proc/pressure as a reader would see it now. Pure: works on a copy, changes nothing.
    PsiReport report(CgroupId cg) const;

    /// Checks every group's per-CPU task counts against the tasks' flags; "" when consistent.
    std::string checkConsistency(const TaskTable& tasks) const;
    const PsiGroup& group(CgroupId cg) const { return *m_groups[cg.value()]; }
    SimTime period() const { return m_period; }

private:
    /// psi_task_change: updates the task's flags and every group from its leaf up.
    void taskChange(Rq& rq, Task& p, uint32_t clear, uint32_t set);
    /// psi_group_change of `cpu`'s state in group g at `now`; its cost is the walk's. `reclaim`:
    /// the task on that CPU is in a memory stall (the same for every group of a walk).
    void groupChange(uint32_t cpu, PsiGroup& g, uint32_t clear, uint32_t set, SimTime now, bool reclaim);
    bool reclaimOnCpu(uint32_t cpu) const;
    /// Charges levels [from, to) of a walk: reaching each group and updating it, plus
    /// `clockReads` reads of the clock.
    void chargeLevels(Rq& rq, size_t from, size_t to, uint64_t clockReads);
    /// The stamp of a walk's level: `once` when the clock is read once per change; otherwise the
    /// level pays for its work and reads the clock itself.
    SimTime levelStamp(Rq& rq, size_t level, SimTime once);
    /// Ends a walk of `levels` groups (charges their work when the clock was read once).
    void endWalk(Rq& rq, size_t levels);
    /// The clock read at the start of a change (psi_clock_once on); returns the stamp.
    SimTime readClockOnce(Rq& rq);
    void recordTimes(PsiGroupCpu& gc, SimTime now);
    PsiGroupCpu& pcpu(const PsiGroup& g, uint32_t cpu);
    /// The group's state on a CPU, or null if that CPU never touched it.
    PsiGroupCpu* findPcpu(const PsiGroup& g, uint32_t cpu);
    const PsiGroupCpu* findPcpu(const PsiGroup& g, uint32_t cpu) const;
    size_t chunkIndex(const PsiGroup& g, uint32_t cpu) const;
    PsiGroup& leaf(const Task& p);
    void armWork(PsiGroup& g, SimTime delay);
    /// collect_percpu_times for the averaging aggregator; returns whether any CPU was non-idle.
    /// `cpus` holds the group's per-CPU states (null for CPUs that never touched it).
    static bool collect(PsiGroup& g, const std::vector<PsiGroupCpu*>& cpus, SimTime now, uint64_t jiffyNs);
    static SimTime updateAverages(PsiGroup& g, SimTime now, SimTime period);
    void flagsChange(Task& p, uint32_t clear, uint32_t set);

    SimContext& m_ctx;
    Machine& m_machine;
    CgroupTree& m_cgroups;
    std::vector<std::unique_ptr<PsiGroup>> m_groups; ///< by cgroup id
    /// Per-CPU group states, CPU-major like the kernel's percpu areas, in chunks of
    /// kChunkGroups consecutive groups allocated on first use: a change walking up a cgroup
    /// chain (ancestors have lower ids) touches one or two contiguous chunks of its CPU.
    static constexpr uint32_t kChunkGroups = 64;
    std::vector<std::unique_ptr<PsiGroupCpu[]>> m_pcpuChunks; ///< [cpu][group / kChunkGroups]
    uint32_t m_chunksPerCpu = 0;
    SimTime m_period;
    uint64_t m_jiffyNs;
    bool m_reportedUnderflow = false;
    bool m_clockOnce = true; ///< psi_clock_once, as of the walk in progress
};

} // namespace core
