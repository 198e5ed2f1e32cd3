#include "sched/fairserver.h"

namespace core {

FairServer::FairServer(SimContext& ctx, Machine& machine)
    : m_ctx(ctx)
    , m_machine(machine)
    , m_enabled(kernelModelInfo(ctx.model).fairServer)
    , m_lazyStop(kernelModelInfo(ctx.model).fairServerLazyStop) {}

void FairServer::update(Rq& rq) {
    if (!m_enabled)
        return;
    FairServerState& s = rq.fairServer;
    if (s.state == FairServerState::State::Off) {
        if (rq.cfs.hNrRunning > 0 && rq.rt.nrRunning() > 0)
            startDeferred(rq);
    } else if (rq.cfs.hNrRunning == 0 && !(m_lazyStop && s.state != FairServerState::State::Serving)) {
        // v6.12 stops the server as the fair class empties; v6.17 only when it is picked with
        // nothing to run: a serving server is picked at once, a deferred or throttled one at its
        // timer.
        stop(rq);
    }
}

void FairServer::stop(Rq& rq) {
    FairServerState& s = rq.fairServer;
    s.state = FairServerState::State::Off;
    s.deferRunning = false;
    ++s.gen; // cancels its timer
}

void FairServer::startDeferred(Rq& rq) {
    // A new period with the whole runtime, throttled and armed: the timer fires when only the
    // runtime is left before the deadline (dl_defer).
    FairServerState& s = rq.fairServer;
    s.state = FairServerState::State::Deferred;
    s.periodStart = m_ctx.now;
    s.rtExecAtStart = rq.rt.execTotal;
    const SimTime at = m_ctx.now + m_ctx.tunables.fairServerPeriod - m_ctx.tunables.fairServerRuntime;
    m_ctx.schedule(at, EventKind::FairServer, rq.cpu, ++s.gen);
}

void FairServer::serve(Rq& rq, SimTime budget) {
    // Enqueued with a replenishment: a deferred server that reaches its zero-laxity point
    // overflows its bandwidth, so it gets a new period (deadline now + period) either way.
    FairServerState& s = rq.fairServer;
    s.periodStart = m_ctx.now;
    s.rtExecAtStart = rq.rt.execTotal;
    s.state = FairServerState::State::Serving;
    s.deferRunning = true;
    ++m_ctx.counters.fairServerServes;
    m_ctx.schedule(m_ctx.now + budget, EventKind::FairServer, rq.cpu, ++s.gen);
}

bool FairServer::timer(Rq& rq, uint32_t gen) {
    FairServerState& s = rq.fairServer;
    if (gen != s.gen || s.state == FairServerState::State::Off)
        return false;
    const SimTime runtime = m_ctx.tunables.fairServerRuntime;
    const bool fair = rq.cfs.hNrRunning > 0;
    const bool rt = rq.rt.nrRunning() > 0;
    switch (s.state) {
    case FairServerState::State::Deferred: {
        // Fair execution and idle time both consumed the server's runtime while it waited:
        // whatever of the period RT did not use.
        const SimTime elapsed = m_ctx.now - s.periodStart;
        const SimTime consumed = elapsed - (rq.rt.execTotal - s.rtExecAtStart);
        if (consumed >= runtime) {          // not starved: a new deferred period
            if ((fair && rt) || m_lazyStop) // v6.17: it stays armed, its timer running
                startDeferred(rq);
            else
                stop(rq);
            return false;
        }
        if (!fair) {
            stop(rq);
            return false;
        }
        serve(rq, runtime - consumed);
        return true;
    }
    case FairServerState::State::Serving:
        // Runtime used up: throttled until the deadline.
        s.state = FairServerState::State::Throttled;
        m_ctx.schedule(s.periodStart + m_ctx.tunables.fairServerPeriod, EventKind::FairServer, rq.cpu,
                       ++s.gen);
        return true;
    case FairServerState::State::Throttled:
        // The deadline: replenished. Starved last period (dl_defer_running), so this period is
        // not deferred while RT work is still here.
        if (!fair || !rt) {
            if (fair && m_lazyStop) // v6.17: armed again rather than stopped while fair work is here
                startDeferred(rq);
            else
                stop(rq);
            return false;
        }
        serve(rq, runtime);
        return true;
    case FairServerState::State::Off:
        break;
    }
    return false;
}

} // namespace core
