#pragma once

#include "context/simcontext.h"
#include "sched/machine.h"
#include "sched/runqueue.h"

#include <cstdint>

namespace core {

/// The fair deadline server of v6.12 (rq->fair_server, a deferred SCHED_DEADLINE reservation of
/// 50 ms per 1 s per CPU) that replaced RT throttling: when RT work has left fair tasks less
/// than 50 ms of a period by its last 50 ms, the server runs them above the RT class for what
/// is missing, and then 50 ms at the start of every period while the starvation lasts.
/// How the model simplifies the kernel's bookkeeping is in docs/rt.md.
class FairServer {
public:
    FairServer(SimContext& ctx, Machine& machine);

    bool enabled() const { return m_enabled; }
    /// The CPU's queues changed: a deferred period starts when fair and RT work meet on the
    /// CPU, and the server stops when no fair task is left (dl_server_start / dl_server_stop;
    /// v6.17: only a serving one, docs/rt.md).
    void update(Rq& rq);
    /// Is it running the CPU's fair tasks ahead of the RT class now?
    bool serving(const Rq& rq) const { return rq.fairServer.state == FairServerState::State::Serving; }
    /// Its timer fired (the RT clock of the CPU brought up to date first). True when the CPU
    /// must pick again.
    bool timer(Rq& rq, uint32_t gen);

private:
    void startDeferred(Rq& rq);
    void serve(Rq& rq, SimTime budget);
    void stop(Rq& rq);

    SimContext& m_ctx;
    Machine& m_machine;
    const bool m_enabled;
    const bool m_lazyStop; ///< v6.17: stopped only when picked with nothing to run
};

} // namespace core
