#pragma once

#include "base/costs.h"
#include "base/trace.h"

#include <array>
#include <cstdint>
#include <span>
#include <string_view>

namespace core {

/// Engine-wide event counts. Plain integers, so snapshots copy them cheaply.
struct Counters {
    uint64_t events = 0;
    uint64_t contextSwitches = 0; ///< every switch, to and from idle included (like vmstat's cs)
    uint64_t wakeups = 0;
    uint64_t wakeupPreemptions = 0;
    uint64_t tickPreemptions = 0;
    uint64_t migrations = 0;
    std::array<uint64_t, kMigrationReasonCount> migrationsByReason{};
    uint64_t placements = 0; ///< new tasks placed away from the parent's CPU (not migrations)
    uint64_t forks = 0;
    uint64_t forkFailures = 0; ///< forks refused at the live-task limit
    uint64_t exits = 0;
    uint64_t ticks = 0;
    uint64_t yields = 0;
    uint64_t rtThrottles = 0;      ///< "RT throttling activated": a CPU's RT class ran out of runtime
    uint64_t fairServerServes = 0; ///< the fair deadline server ran fair tasks past starving RT (v6.12)
    uint64_t idleScans = 0;        ///< CPUs examined by idle-CPU searches
    // Load balancer (schedstat-like).
    uint64_t balanceAttempts = 0; ///< load_balance() calls that got past should_we_balance
    uint64_t balanceBalanced = 0; ///< ... that found nothing to do
    uint64_t balanceFailed = 0;   ///< ... that found an imbalance but moved nothing
    uint64_t balanceHotSkips = 0; ///< tasks left in place because cache-hot
    uint64_t activeBalances = 0;  ///< stopper pushes of a running task
    uint64_t nohzKicks = 0;
    // Accounting operations the optimizations change.
    uint64_t cpuClockReads = 0;
    uint64_t psiGroupUpdates = 0;
    uint64_t cpuacctAdds = 0;
    uint64_t percpuCounterFolds = 0;
    uint64_t schedMoveTaskCalls = 0;
    SimTime schedMoveTaskTime;
    SimTime lockWait;
    /// Kernel overhead charged, by operation.
    std::array<SimTime, kCostOpCount> overheadByOp{};
};

/// One counter as every output names it: the summary's JSON and table, the GUI's counters, the
/// A/B delta table. The catalogue's order is the JSON's.
struct CounterInfo {
    std::string_view key;     ///< the key under "counters" in the summary JSON; empty: not there
    std::string_view label;   ///< what tables and views call it
    std::string_view meaning; ///< one line, for tooltips
    uint64_t (*read)(const Counters&);
    bool isTime = false;  ///< a duration in ns
    bool traced = false;  ///< a recording measures it too (the others are the simulator's own)
    bool inTable = false; ///< listed in the summary's text table
};
std::span<const CounterInfo> counterCatalog();

} // namespace core
