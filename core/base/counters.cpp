#include "base/counters.h"

namespace core {

namespace {

using C = Counters;

// The order is the summary JSON's (docs/cli.md); "events" has a key of its own at the top of
// the summary and comes first for the views.
const CounterInfo kCounters[] = {
    {"", "events", "simulation events processed", [](const C& c) { return c.events; }},
    {"context_switches", "context switches", "every switch, to and from idle included (vmstat cs)",
     [](const C& c) { return c.contextSwitches; }, false, true, true},
    {"wakeups", "wakeups", "try_to_wake_up calls that woke a task", [](const C& c) { return c.wakeups; },
     false, true, true},
    {"migrations", "migrations", "tasks that changed CPU, all reasons (as perf counts cpu-migrations)",
     [](const C& c) { return c.migrations; }, false, true, true},
    {"placements", "placements (fork)",
     "new tasks placed away from their parent's CPU (wake_up_new_task; not migrations)",
     [](const C& c) { return c.placements; }, false, true, true},
    {"wakeup_preemptions", "wakeup preemptions", "a woken task preempted the running one",
     [](const C& c) { return c.wakeupPreemptions; }, false, false, true},
    {"tick_preemptions", "tick preemptions", "the tick ended a task's slice",
     [](const C& c) { return c.tickPreemptions; }, false, false, true},
    {"forks", "forks", "tasks created by fork actions", [](const C& c) { return c.forks; }, false, true,
     true},
    {"fork_failures", "fork failures", "forks refused at the live-task limit",
     [](const C& c) { return c.forkFailures; }},
    {"exits", "exits", "tasks that exited", [](const C& c) { return c.exits; }, false, true, true},
    {"ticks", "ticks", "scheduler ticks on busy CPUs", [](const C& c) { return c.ticks; }},
    {"yields", "yields", "sched_yield calls", [](const C& c) { return c.yields; }},
    {"rt_throttles", "RT throttles", "times a CPU's RT tasks used up 950 ms of a 1 s period (v4.11, v6.6)",
     [](const C& c) { return c.rtThrottles; }},
    {"fair_server_serves", "fair server runs",
     "times the fair deadline server ran fair tasks starved by RT (v6.12)",
     [](const C& c) { return c.fairServerServes; }},
    {"idle_cpu_scans", "idle CPU scans", "CPUs examined by idle-CPU searches",
     [](const C& c) { return c.idleScans; }},
    {"cpu_clock_reads", "cpu clock reads", "cpu_clock() reads (PSI and sched_move_task)",
     [](const C& c) { return c.cpuClockReads; }, false, false, true},
    {"psi_group_updates", "psi group updates", "psi_group_change calls",
     [](const C& c) { return c.psiGroupUpdates; }, false, false, true},
    {"cpuacct_adds", "cpuacct adds", "cpuacct per-level usage and stats adds",
     [](const C& c) { return c.cpuacctAdds; }, false, false, true},
    {"percpu_counter_folds", "percpu counter folds",
     "folds into the global count under the counter's spinlock",
     [](const C& c) { return c.percpuCounterFolds; }, false, false, true},
    {"lock_wait_ns", "lock wait", "time spent spinning on a held lock",
     [](const C& c) { return static_cast<uint64_t>(c.lockWait.count()); }, true},
    {"sched_move_task_calls", "sched_move_task calls", "including the ones the autogroup change skips",
     [](const C& c) { return c.schedMoveTaskCalls; }, false, false, true},
    {"sched_move_task_ns", "time in sched_move_task", "simulated time spent in sched_move_task",
     [](const C& c) { return static_cast<uint64_t>(c.schedMoveTaskTime.count()); }, true},
    {"balance_attempts", "balance attempts", "load_balance() calls past should_we_balance",
     [](const C& c) { return c.balanceAttempts; }},
    {"balance_balanced", "balance: balanced", "attempts that found nothing to do",
     [](const C& c) { return c.balanceBalanced; }},
    {"balance_failed", "balance: failed", "attempts that found an imbalance but moved nothing",
     [](const C& c) { return c.balanceFailed; }},
    {"balance_hot_skips", "balance: cache-hot skips", "tasks left in place because cache-hot",
     [](const C& c) { return c.balanceHotSkips; }},
    {"active_balances", "active balances", "running tasks pushed by the stopper",
     [](const C& c) { return c.activeBalances; }},
    {"nohz_kicks", "nohz kicks", "idle CPUs kicked to balance for the others",
     [](const C& c) { return c.nohzKicks; }},
};

} // namespace

std::span<const CounterInfo> counterCatalog() {
    return kCounters;
}

} // namespace core
