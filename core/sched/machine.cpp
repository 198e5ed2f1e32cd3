#include "sched/machine.h"

#include "sched/task.h"

#include <algorithm>
#include <cassert>

namespace core {

Machine::Machine(const TopologySpec& spec, SimContext& ctx)
    : m_ctx(ctx)
    , m_topology(spec)
    , m_rqs(spec.nrCpus())
    , m_llcShared(spec.nrCpus() / m_topology.llc(CpuId(0)).count) {
    for (uint32_t c = 0; c < m_rqs.size(); ++c) {
        Rq& rq = m_rqs[c];
        rq.cpu = c;
        rq.cfs.cpu = c;
        rq.domains.resize(m_topology.levels().size());
        for (size_t l = 0; l < rq.domains.size(); ++l)
            rq.domains[l].balanceIntervalMs = m_topology.levels()[l].minIntervalMs;
    }
}

void Machine::advanceTo(Rq& rq, SimTime now) {
    const SimTime d = now - rq.cursor;
    if (Task* t = rq.curr) {
        rq.busy += d;
        rq.pendingExec += d;
        t->userTime += d;
        SimTime left = d;
        const SimTime cold = std::min(left, t->coldRemaining);
        t->coldRemaining -= cold;
        left -= cold;
        t->runRemaining -= std::min(left, t->runRemaining);
        if (m_ctx.trace)
            traceSlice(rq, SliceKind::Task, t, rq.cursor, now);
    } else {
        rq.idle += d;
    }
    rq.cursor = now;
}

void Machine::traceSlice(Rq& rq, SliceKind kind, const Task* t, SimTime start, SimTime end) {
    const TaskId id = t ? t->id : TaskId::invalid();
    if (rq.sliceOpen && rq.slice.kind == kind && rq.slice.task == id && rq.slice.end == start) {
        rq.slice.end = end;
        return;
    }
    if (rq.sliceOpen)
        m_ctx.trace->slice(rq.slice);
    rq.slice = Slice{rq.cpu, kind, id, t ? t->cgroup : CgroupId::invalid(), start, end};
    rq.sliceOpen = true;
}

void Machine::flushTrace() {
    if (!m_ctx.trace)
        return;
    for (Rq& rq : m_rqs) {
        if (!rq.sliceOpen)
            continue;
        // Only the part up to now is history; overhead charged into the future stays open.
        if (rq.slice.end <= m_ctx.now) {
            m_ctx.trace->slice(rq.slice);
            rq.sliceOpen = false;
        } else if (rq.slice.start < m_ctx.now) {
            Slice done = rq.slice;
            done.end = m_ctx.now;
            m_ctx.trace->slice(done);
            rq.slice.start = m_ctx.now;
        }
    }
}

std::vector<Slice> Machine::openSlices() const {
    std::vector<Slice> open;
    for (const Rq& rq : m_rqs)
        if (rq.sliceOpen && rq.slice.end > rq.slice.start)
            open.push_back(rq.slice);
    return open;
}

} // namespace core
