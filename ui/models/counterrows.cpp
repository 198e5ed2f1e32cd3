#include "models/counterrows.h"

#include "base/costs.h"

#include <QCoreApplication>

namespace ui {

namespace {
QString translated(const char* s) {
    return QCoreApplication::translate("ui::CounterModel", s);
}
} // namespace

std::vector<CounterRow> counterRows(std::initializer_list<const core::Counters*> shown) {
    std::vector<CounterRow> rows;
    using C = core::Counters;
    auto add = [&](const char* name, const char* tip, auto member) {
        rows.push_back({translated(name), translated(tip),
                        [member](const C& c) { return static_cast<double>(c.*member); }, false});
    };
    add(QT_TRANSLATE_NOOP("ui::CounterModel", "events"),
        QT_TRANSLATE_NOOP("ui::CounterModel", "simulation events processed"), &C::events);
    add(QT_TRANSLATE_NOOP("ui::CounterModel", "context switches"),
        QT_TRANSLATE_NOOP("ui::CounterModel", "every switch, to and from idle included (vmstat cs)"),
        &C::contextSwitches);
    add(QT_TRANSLATE_NOOP("ui::CounterModel", "wakeups"),
        QT_TRANSLATE_NOOP("ui::CounterModel", "try_to_wake_up calls that woke a task"), &C::wakeups);
    add(QT_TRANSLATE_NOOP("ui::CounterModel", "wakeup preemptions"),
        QT_TRANSLATE_NOOP("ui::CounterModel", "a woken task preempted the running one"),
        &C::wakeupPreemptions);
    add(QT_TRANSLATE_NOOP("ui::CounterModel", "tick preemptions"),
        QT_TRANSLATE_NOOP("ui::CounterModel", "the tick ended a task's slice"), &C::tickPreemptions);
    add(QT_TRANSLATE_NOOP("ui::CounterModel", "migrations"),
        QT_TRANSLATE_NOOP("ui::CounterModel",
                          "tasks that changed CPU, all reasons (as perf counts cpu-migrations)"),
        &C::migrations);
    add(QT_TRANSLATE_NOOP("ui::CounterModel", "placements"),
        QT_TRANSLATE_NOOP("ui::CounterModel",
                          "new tasks placed away from their parent's CPU (wake_up_new_task; not migrations)"),
        &C::placements);
    add(QT_TRANSLATE_NOOP("ui::CounterModel", "forks"),
        QT_TRANSLATE_NOOP("ui::CounterModel", "tasks created by fork actions"), &C::forks);
    add(QT_TRANSLATE_NOOP("ui::CounterModel", "exits"),
        QT_TRANSLATE_NOOP("ui::CounterModel", "tasks that exited"), &C::exits);
    add(QT_TRANSLATE_NOOP("ui::CounterModel", "ticks"),
        QT_TRANSLATE_NOOP("ui::CounterModel", "scheduler ticks on busy CPUs"), &C::ticks);
    add(QT_TRANSLATE_NOOP("ui::CounterModel", "RT throttles"),
        QT_TRANSLATE_NOOP("ui::CounterModel",
                          "times a CPU's RT tasks used up 950 ms of a 1 s period (v4.11, v6.6)"),
        &C::rtThrottles);
    add(QT_TRANSLATE_NOOP("ui::CounterModel", "fair server runs"),
        QT_TRANSLATE_NOOP("ui::CounterModel",
                          "times the fair deadline server ran fair tasks starved by RT (v6.12)"),
        &C::fairServerServes);
    add(QT_TRANSLATE_NOOP("ui::CounterModel", "idle CPU scans"),
        QT_TRANSLATE_NOOP("ui::CounterModel", "CPUs examined by idle-CPU searches"), &C::idleScans);
    add(QT_TRANSLATE_NOOP("ui::CounterModel", "balance attempts"),
        QT_TRANSLATE_NOOP("ui::CounterModel", "load_balance() calls past should_we_balance"),
        &C::balanceAttempts);
    add(QT_TRANSLATE_NOOP("ui::CounterModel", "balance: balanced"),
        QT_TRANSLATE_NOOP("ui::CounterModel", "attempts that found nothing to do"), &C::balanceBalanced);
    add(QT_TRANSLATE_NOOP("ui::CounterModel", "balance: failed"),
        QT_TRANSLATE_NOOP("ui::CounterModel", "attempts that found an imbalance but moved nothing"),
        &C::balanceFailed);
    add(QT_TRANSLATE_NOOP("ui::CounterModel", "balance: cache-hot skips"),
        QT_TRANSLATE_NOOP("ui::CounterModel", "tasks left in place because cache-hot"), &C::balanceHotSkips);
    add(QT_TRANSLATE_NOOP("ui::CounterModel", "active balances"),
        QT_TRANSLATE_NOOP("ui::CounterModel", "running tasks pushed by the stopper"), &C::activeBalances);
    add(QT_TRANSLATE_NOOP("ui::CounterModel", "nohz kicks"),
        QT_TRANSLATE_NOOP("ui::CounterModel", "idle CPUs kicked to balance for the others"), &C::nohzKicks);
    add(QT_TRANSLATE_NOOP("ui::CounterModel", "clock reads"),
        QT_TRANSLATE_NOOP("ui::CounterModel", "cpu_clock() reads (PSI and sched_move_task)"),
        &C::cpuClockReads);
    add(QT_TRANSLATE_NOOP("ui::CounterModel", "PSI group updates"),
        QT_TRANSLATE_NOOP("ui::CounterModel", "psi_group_change calls"), &C::psiGroupUpdates);
    add(QT_TRANSLATE_NOOP("ui::CounterModel", "cpuacct adds"),
        QT_TRANSLATE_NOOP("ui::CounterModel", "cpuacct per-level usage and stats adds"), &C::cpuacctAdds);
    add(QT_TRANSLATE_NOOP("ui::CounterModel", "percpu counter folds"),
        QT_TRANSLATE_NOOP("ui::CounterModel", "folds into the global count under the counter's spinlock"),
        &C::percpuCounterFolds);
    add(QT_TRANSLATE_NOOP("ui::CounterModel", "sched_move_task calls"),
        QT_TRANSLATE_NOOP("ui::CounterModel", "including the ones the autogroup change skips"),
        &C::schedMoveTaskCalls);
    auto addTime = [&](QString name, QString tip, std::function<double(const C&)> value) {
        rows.push_back({std::move(name), std::move(tip), std::move(value), true});
    };
    addTime(translated(QT_TRANSLATE_NOOP("ui::CounterModel", "time in sched_move_task")),
            translated(QT_TRANSLATE_NOOP("ui::CounterModel", "simulated time spent in sched_move_task")),
            [](const C& c) { return static_cast<double>(c.schedMoveTaskTime.count()); });
    addTime(translated(QT_TRANSLATE_NOOP("ui::CounterModel", "lock wait")),
            translated(QT_TRANSLATE_NOOP("ui::CounterModel", "time spent spinning on a held lock")),
            [](const C& c) { return static_cast<double>(c.lockWait.count()); });
    for (const core::CostInfo& info : core::costCatalog()) {
        const auto op = static_cast<size_t>(info.op);
        bool used = false;
        for (const C* c : shown)
            used = used || (c && c->overheadByOp[op].count() != 0);
        if (!used)
            continue;
        addTime(translated(QT_TRANSLATE_NOOP("ui::CounterModel", "overhead: %1"))
                    .arg(QString::fromLatin1(info.name.data(), static_cast<qsizetype>(info.name.size()))),
                QString::fromLatin1(info.meaning.data(), static_cast<qsizetype>(info.meaning.size())),
                [op](const C& c) { return static_cast<double>(c.overheadByOp[op].count()); });
    }
    return rows;
}

} // namespace ui
