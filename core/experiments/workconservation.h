#pragma once

#include "base/simtime.h"

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

namespace core {

class Engine;

/// A CPU left idle while work it could run waited elsewhere in its sched domain.
struct WorkConservationViolation {
    uint32_t idleCpu = 0;
    uint32_t busyCpu = 0;    ///< a CPU of the same domain with >= 2 runnable tasks
    std::string waitingTask; ///< a task queued there (not running) that may run on idleCpu
    SimTime since;           ///< when idleCpu started to be starved like this
    SimTime at;              ///< when the check gave up waiting
    SimTime limit;           ///< how long it waited
    std::string describe() const;
};

/// How long the check waits before it calls an idle CPU starved.
struct WorkConservationLimits {
    uint32_t intervals = 4; ///< balance intervals allowed
    /// Four PELT half-lives (32 ms each): utilization from 768 to 1008 of 1024.
    SimTime peltRamp = SimTime::ms(128);
    bool untilNextBalance = true; ///< also allow the wait until the CPU's next_balance
};

/// The work-conservation property of a load balancer: a CPU that stays idle for more than a
/// few balance intervals while a CPU of its domain has two or more runnable tasks, one of them
/// waiting and allowed on the idle CPU, is a failure. The kernel's balancer (newidle, NOHZ idle
/// and periodic balancing) pulls such a task within the idle CPU's balance interval of the
/// smallest domain spanning both CPUs. Where a sched group holds several CPUs, only its first
/// idle CPU balances for it (should_we_balance), so the check looks at every idle CPU of the
/// idle CPU's group: it allows the wait until their next balance (rq->next_balance, set by
/// their last balancing), a few of their balance intervals (the longest seen while starved,
/// at that level or below, which includes the backoff after all-pinned balancing), two ticks,
/// and
/// the PELT ramp: the v4.11 balancer sees a CPU with two tasks as
/// overloaded only once their utilization passes capacity x 100 / imbalance_pct (93% for SMT
/// siblings), and new tasks start at half the spare capacity, so the first pull to an idle
/// sibling can wait for the utilization to climb (docs/balancing.md).
///
/// Sample it at a fixed simulated period (e.g. every millisecond): the CPUs must be idle and
/// the waiting task present at every sample of the window.
class WorkConservationCheck {
public:
    explicit WorkConservationCheck(const Engine& engine, WorkConservationLimits limits = {});
    /// Looks at the engine now; returns the first violation found.
    std::optional<WorkConservationViolation> sample();

private:
    /// The longest balance interval, at `level` or below, of the CPUs that balance for cpu.
    uint32_t balancerInterval(uint32_t cpu, size_t level) const;
    /// How long until those CPUs' next balance (rq->next_balance).
    SimTime untilNextBalance(uint32_t cpu, size_t level) const;
    struct Starved {
        bool active = false;
        SimTime since;
        uint32_t busyCpu = 0;
        uint32_t maxIntervalMs = 0;
        SimTime untilNextBalance;
        std::string task;
    };
    const Engine& m_engine;
    WorkConservationLimits m_limits;
    std::vector<Starved> m_starved;
};

/// Runs the engine to `until` (or its end), sampling the check every `period`.
std::optional<WorkConservationViolation> runCheckingWorkConservation(Engine& engine, SimTime until,
                                                                     SimTime period = SimTime::ms(1),
                                                                     WorkConservationLimits limits = {});

} // namespace core
