#pragma once

#include "base/costs.h"
#include "context/simcontext.h"
#include "sched/runqueue.h"
#include "sched/task.h"
#include "sched/topology.h"

#include <algorithm>
#include <initializer_list>
#include <vector>

namespace core {

/// The CPUs: topology plus one runqueue each, and the rules for spending their time.
class Machine {
public:
    Machine(const TopologySpec& spec, SimContext& ctx);

    const Topology& topology() const { return m_topology; }
    Topology& topology() { return m_topology; }
    uint32_t nrCpus() const { return m_topology.nrCpus(); }
    Rq& rq(uint32_t cpu) { return m_rqs[cpu]; }
    const Rq& rq(uint32_t cpu) const { return m_rqs[cpu]; }
    std::vector<Rq>& rqs() { return m_rqs; }
    const std::vector<Rq>& rqs() const { return m_rqs; }

    /// sd_llc_shared: what the wakeups and the balancer of one last-level cache share.
    struct LlcShared {
        /// SIS_UTIL's scan budget (v6 models): set by the periodic balance of the LLC domain
        /// (update_idle_cpu_scan); 0 until the first one, as the kernel's zeroed allocation.
        uint32_t nrIdleScan = 0;
    };
    LlcShared& llcShared(uint32_t cpu) { return m_llcShared[cpu / m_topology.llc(CpuId(cpu)).count]; }

    /// Classifies the CPU's time up to now: task time (progressing the current task's
    /// penalty and run action) or idle.
    [[gnu::always_inline]] void advance(Rq& rq) {
        if (m_ctx.now > rq.cursor)
            advanceTo(rq, m_ctx.now);
    }
    /// Charges kernel work done now on this CPU; it runs after any work already charged. Work
    /// in a task's context (rq.curr set) is that task's system time.
    /// (Inlined everywhere: it is the engine's most frequent call, with a constant `op` mostly.)
    [[gnu::always_inline]] void charge(Rq& rq, CostOp op, SimTime cost) {
        if (cost.count() <= 0)
            return;
        m_ctx.counters.overheadByOp[static_cast<size_t>(op)] += cost;
        spend(rq, cost);
        if (m_ctx.burstsHoldKernelWork && rq.curr && !deductedPerCall(op))
            takeFromRecordedRun(*rq.curr, cost);
    }
    [[gnu::always_inline]] void charge(Rq& rq, CostOp op) { charge(rq, op, m_ctx.costs[op]); }
    [[gnu::always_inline]] void chargeN(Rq& rq, CostOp op, uint64_t n) {
        charge(rq, op, m_ctx.costs[op] * static_cast<int64_t>(n));
    }
    struct OpCount {
        CostOp op;
        uint64_t n;
    };
    /// Charges each op n times, in turn, as one piece of work: the same time, counters and trace
    /// as separate charges (their trace slices would join), for walks that read no clock between
    /// their steps.
    [[gnu::always_inline]] void chargeAll(Rq& rq, std::initializer_list<OpCount> ops) {
        SimTime total, held;
        for (const OpCount& o : ops) {
            const SimTime cost = m_ctx.costs[o.op] * static_cast<int64_t>(o.n);
            if (cost.count() <= 0)
                continue;
            m_ctx.counters.overheadByOp[static_cast<size_t>(o.op)] += cost;
            total += cost;
            if (!deductedPerCall(o.op))
                held += cost;
        }
        if (total.count() > 0)
            spend(rq, total);
        if (m_ctx.burstsHoldKernelWork && rq.curr && held.count() > 0)
            takeFromRecordedRun(*rq.curr, held);
    }

    /// An idle CPU in the kernel's sense: nothing running and nothing queued.
    bool idle(const Rq& rq) const { return rq.curr == nullptr && rq.nrRunning == 0; }

    /// Emits any open trace slice (at snapshot and end of run).
    void flushTrace();
    /// The trace slices still open after flushTrace: kernel work charged beyond the present,
    /// which the CPU's current task's runtime already counts.
    std::vector<Slice> openSlices() const;
    /// Overhead charged beyond `end` (work still in progress at the end of a run).
    SimTime overheadBeyond(const Rq& rq, SimTime end) const {
        return rq.cursor > end ? rq.cursor - end : SimTime();
    }

private:
    /// The costs context/program.cpp already takes off the run before each call (a recording's
    /// system call, pipe transfer, fork and exit): not taken again.
    static bool deductedPerCall(CostOp op) {
        return op == CostOp::Syscall || op == CostOp::PipeTransfer || op == CostOp::Fork ||
               op == CostOp::Exit;
    }
    /// kernel.recorded_bursts "all": kernel work done in a task's context was inside its recorded
    /// run, so it comes out of the run in progress, and what that run has not got, out of the
    /// task's next runs (Interpreter::run). Its CPU time stays the recorded one; the work still
    /// takes its time where it is charged.
    static void takeFromRecordedRun(Task& t, SimTime cost) {
        const SimTime fromRun = t.actionActive ? std::min(cost, t.runRemaining) : SimTime();
        t.runRemaining -= fromRun;
        t.burstCredit += cost - fromRun;
    }
    /// Kernel work of `cost` (> 0) on this CPU, after any already charged: the CPU's time, and
    /// the current task's system time (sum_exec_runtime counts it).
    [[gnu::always_inline]] void spend(Rq& rq, SimTime cost) {
        advance(rq);
        const SimTime start = rq.cursor; // >= now after advance
        rq.cursor = start + cost;
        rq.overhead += cost;
        if (Task* t = rq.curr) {
            t->sysTime += cost;
            rq.pendingExec += cost;
        }
        if (m_ctx.trace)
            traceSlice(rq, SliceKind::Overhead, rq.curr, start, rq.cursor);
    }
    void advanceTo(Rq& rq, SimTime now);
    void traceSlice(Rq& rq, SliceKind kind, const Task* t, SimTime start, SimTime end);

    SimContext& m_ctx;
    Topology m_topology;
    std::vector<Rq> m_rqs;
    std::vector<LlcShared> m_llcShared;
};

} // namespace core
