#include "models/counterrows.h"

#include "base/costs.h"

#include <array>

#include <QCoreApplication>

namespace ui {

namespace {
QString translated(const char* s) {
    return QCoreApplication::translate("ui::CounterModel", s);
}

/// Core's counter labels and meanings (core::counterCatalog(), in its order) for translation;
/// tst_translations checks that the English is core's.
constexpr std::array<std::array<const char*, 2>, 28> kCounterTexts = {{
    {QT_TRANSLATE_NOOP("ui::CounterModel", "events"),
     QT_TRANSLATE_NOOP("ui::CounterModel", "simulation events processed")},
    {QT_TRANSLATE_NOOP("ui::CounterModel", "context switches"),
     QT_TRANSLATE_NOOP("ui::CounterModel", "every switch, to and from idle included (vmstat cs)")},
    {QT_TRANSLATE_NOOP("ui::CounterModel", "wakeups"),
     QT_TRANSLATE_NOOP("ui::CounterModel", "try_to_wake_up calls that woke a task")},
    {QT_TRANSLATE_NOOP("ui::CounterModel", "migrations"),
     QT_TRANSLATE_NOOP("ui::CounterModel",
                       "tasks that changed CPU, all reasons (as perf counts cpu-migrations)")},
    {QT_TRANSLATE_NOOP("ui::CounterModel", "placements (fork)"),
     QT_TRANSLATE_NOOP("ui::CounterModel",
                       "new tasks placed away from their parent's CPU (wake_up_new_task; not migrations)")},
    {QT_TRANSLATE_NOOP("ui::CounterModel", "wakeup preemptions"),
     QT_TRANSLATE_NOOP("ui::CounterModel", "a woken task preempted the running one")},
    {QT_TRANSLATE_NOOP("ui::CounterModel", "tick preemptions"),
     QT_TRANSLATE_NOOP("ui::CounterModel", "the tick ended a task's slice")},
    {QT_TRANSLATE_NOOP("ui::CounterModel", "forks"),
     QT_TRANSLATE_NOOP("ui::CounterModel", "tasks created by fork actions")},
    {QT_TRANSLATE_NOOP("ui::CounterModel", "fork failures"),
     QT_TRANSLATE_NOOP("ui::CounterModel", "forks refused at the live-task limit")},
    {QT_TRANSLATE_NOOP("ui::CounterModel", "exits"),
     QT_TRANSLATE_NOOP("ui::CounterModel", "tasks that exited")},
    {QT_TRANSLATE_NOOP("ui::CounterModel", "ticks"),
     QT_TRANSLATE_NOOP("ui::CounterModel", "scheduler ticks on busy CPUs")},
    {QT_TRANSLATE_NOOP("ui::CounterModel", "yields"),
     QT_TRANSLATE_NOOP("ui::CounterModel", "sched_yield calls")},
    {QT_TRANSLATE_NOOP("ui::CounterModel", "RT throttles"),
     QT_TRANSLATE_NOOP("ui::CounterModel",
                       "times a CPU's RT tasks used up 950 ms of a 1 s period (v4.11, v6.6)")},
    {QT_TRANSLATE_NOOP("ui::CounterModel", "fair server runs"),
     QT_TRANSLATE_NOOP("ui::CounterModel",
                       "times the fair deadline server ran fair tasks starved by RT (v6.12)")},
    {QT_TRANSLATE_NOOP("ui::CounterModel", "idle CPU scans"),
     QT_TRANSLATE_NOOP("ui::CounterModel", "CPUs examined by idle-CPU searches")},
    {QT_TRANSLATE_NOOP("ui::CounterModel", "cpu clock reads"),
     QT_TRANSLATE_NOOP("ui::CounterModel", "cpu_clock() reads (PSI and sched_move_task)")},
    {QT_TRANSLATE_NOOP("ui::CounterModel", "psi group updates"),
     QT_TRANSLATE_NOOP("ui::CounterModel", "psi_group_change calls")},
    {QT_TRANSLATE_NOOP("ui::CounterModel", "cpuacct adds"),
     QT_TRANSLATE_NOOP("ui::CounterModel", "cpuacct per-level usage and stats adds")},
    {QT_TRANSLATE_NOOP("ui::CounterModel", "percpu counter folds"),
     QT_TRANSLATE_NOOP("ui::CounterModel", "folds into the global count under the counter's spinlock")},
    {QT_TRANSLATE_NOOP("ui::CounterModel", "lock wait"),
     QT_TRANSLATE_NOOP("ui::CounterModel", "time spent spinning on a held lock")},
    {QT_TRANSLATE_NOOP("ui::CounterModel", "sched_move_task calls"),
     QT_TRANSLATE_NOOP("ui::CounterModel", "including the ones the autogroup change skips")},
    {QT_TRANSLATE_NOOP("ui::CounterModel", "time in sched_move_task"),
     QT_TRANSLATE_NOOP("ui::CounterModel", "simulated time spent in sched_move_task")},
    {QT_TRANSLATE_NOOP("ui::CounterModel", "balance attempts"),
     QT_TRANSLATE_NOOP("ui::CounterModel", "load_balance() calls past should_we_balance")},
    {QT_TRANSLATE_NOOP("ui::CounterModel", "balance: balanced"),
     QT_TRANSLATE_NOOP("ui::CounterModel", "attempts that found nothing to do")},
    {QT_TRANSLATE_NOOP("ui::CounterModel", "balance: failed"),
     QT_TRANSLATE_NOOP("ui::CounterModel", "attempts that found an imbalance but moved nothing")},
    {QT_TRANSLATE_NOOP("ui::CounterModel", "balance: cache-hot skips"),
     QT_TRANSLATE_NOOP("ui::CounterModel", "tasks left in place because cache-hot")},
    {QT_TRANSLATE_NOOP("ui::CounterModel", "active balances"),
     QT_TRANSLATE_NOOP("ui::CounterModel", "running tasks pushed by the stopper")},
    {QT_TRANSLATE_NOOP("ui::CounterModel", "nohz kicks"),
     QT_TRANSLATE_NOOP("ui::CounterModel", "idle CPUs kicked to balance for the others")},
}};

} // namespace

std::array<const char*, 2> counterText(size_t index) {
    return index < kCounterTexts.size() ? kCounterTexts[index] : std::array<const char*, 2>{"", ""};
}

std::vector<CounterRow> counterRows(std::initializer_list<const core::Counters*> shown, bool tracedOnly) {
    std::vector<CounterRow> rows;
    using C = core::Counters;
    const auto catalog = core::counterCatalog();
    for (size_t i = 0; i < catalog.size(); ++i) {
        const core::CounterInfo& info = catalog[i];
        if (tracedOnly && !info.traced)
            continue;
        rows.push_back({translated(kCounterTexts[i][0]), translated(kCounterTexts[i][1]),
                        [read = info.read](const C& c) { return static_cast<double>(read(c)); }, info.isTime,
                        info.traced});
    }
    auto addTime = [&](QString name, QString tip, std::function<double(const C&)> value) {
        rows.push_back({std::move(name), std::move(tip), std::move(value), true, false});
    };
    if (tracedOnly)
        return rows;
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
