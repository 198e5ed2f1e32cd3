#include "countermodel.h"

#include "costs.h"
#include "session.h"

namespace ui {

CounterModel::CounterModel(Session& session, QObject* parent)
    : QAbstractTableModel(parent)
    , m_session(session) {}

std::vector<CounterModel::Row> CounterModel::rowsFor(const core::Counters& c, const core::Counters* b,
                                                     double seconds, double cpuNs) {
    std::vector<Row> rows;
    auto add = [&](const QString& name, const QString& tip, auto member) {
        const double now = static_cast<double>(c.*member);
        const double then = b ? static_cast<double>(b->*member) : 0;
        rows.push_back({name, tip, now, seconds > 0 ? (now - then) / seconds : 0, -1, false});
    };
    using C = core::Counters;
    add(tr("events"), tr("simulation events processed"), &C::events);
    add(tr("context switches"), tr("every switch, to and from idle included (vmstat cs)"),
        &C::contextSwitches);
    add(tr("wakeups"), tr("try_to_wake_up calls that woke a task"), &C::wakeups);
    add(tr("wakeup preemptions"), tr("a woken task preempted the running one"), &C::wakeupPreemptions);
    add(tr("tick preemptions"), tr("the tick ended a task's slice"), &C::tickPreemptions);
    add(tr("migrations"), tr("tasks that changed CPU, all reasons"), &C::migrations);
    add(tr("forks"), tr("tasks created by fork actions"), &C::forks);
    add(tr("exits"), tr("tasks that exited"), &C::exits);
    add(tr("ticks"), tr("scheduler ticks on busy CPUs"), &C::ticks);
    add(tr("idle CPU scans"), tr("CPUs examined by idle-CPU searches"), &C::idleScans);
    add(tr("balance attempts"), tr("load_balance() calls past should_we_balance"), &C::balanceAttempts);
    add(tr("balance: balanced"), tr("attempts that found nothing to do"), &C::balanceBalanced);
    add(tr("balance: failed"), tr("attempts that found an imbalance but moved nothing"), &C::balanceFailed);
    add(tr("balance: cache-hot skips"), tr("tasks left in place because cache-hot"), &C::balanceHotSkips);
    add(tr("active balances"), tr("running tasks pushed by the stopper"), &C::activeBalances);
    add(tr("nohz kicks"), tr("idle CPUs kicked to balance for the others"), &C::nohzKicks);
    add(tr("clock reads"), tr("cpu_clock() reads (PSI and sched_move_task)"), &C::cpuClockReads);
    add(tr("PSI group updates"), tr("psi_group_change calls"), &C::psiGroupUpdates);
    add(tr("cpuacct adds"), tr("cpuacct per-level usage and stats adds"), &C::cpuacctAdds);
    add(tr("percpu counter folds"), tr("folds into the global count under the counter's spinlock"),
        &C::percpuCounterFolds);
    add(tr("sched_move_task calls"), tr("including the ones the autogroup change skips"),
        &C::schedMoveTaskCalls);
    auto addTime = [&](const QString& name, const QString& tip, core::SimTime now, core::SimTime then) {
        const double n = static_cast<double>(now.count()), t = static_cast<double>(then.count());
        rows.push_back({name, tip, n, seconds > 0 ? (n - t) / seconds : 0, cpuNs > 0 ? n / cpuNs : 0, true});
    };
    addTime(tr("time in sched_move_task"), tr("simulated time spent in sched_move_task"), c.schedMoveTaskTime,
            b ? b->schedMoveTaskTime : core::SimTime{});
    addTime(tr("lock wait"), tr("time spent spinning on a held lock"), c.lockWait,
            b ? b->lockWait : core::SimTime{});
    for (const core::CostInfo& info : core::costCatalog()) {
        const auto op = static_cast<size_t>(info.op);
        if (c.overheadByOp[op].count() == 0)
            continue;
        addTime(tr("overhead: %1")
                    .arg(QString::fromLatin1(info.name.data(), static_cast<qsizetype>(info.name.size()))),
                QString::fromLatin1(info.meaning.data(), static_cast<qsizetype>(info.meaning.size())),
                c.overheadByOp[op], b ? b->overheadByOp[op] : core::SimTime{});
    }
    return rows;
}

void CounterModel::refresh() {
    const History& h = m_session.history();
    const auto& samples = h.samples();
    if (samples.empty()) {
        beginResetModel();
        m_rows.clear();
        endResetModel();
        return;
    }
    const auto cursor = m_session.view().cursor();
    const size_t i = cursor ? h.sampleAt(*cursor) : samples.size() - 1;
    const HistorySample& now = samples[i];
    // The rate over the last simulated second (or since the start).
    const size_t j = h.sampleAt(now.time - 1000000000);
    const HistorySample* before = j < i ? &samples[j] : nullptr;
    const double seconds = before ? static_cast<double>(now.time - before->time) / 1e9 : 0;
    const double cpuNs = static_cast<double>(now.time) * h.nrCpus();
    std::vector<Row> rows = rowsFor(now.counters, before ? &before->counters : nullptr, seconds, cpuNs);
    if (rows.size() != m_rows.size()) {
        beginResetModel();
        m_rows = std::move(rows);
        endResetModel();
        return;
    }
    m_rows = std::move(rows);
    emit dataChanged(index(0, 0), index(static_cast<int>(m_rows.size()) - 1, ColumnCount - 1));
}

int CounterModel::rowCount(const QModelIndex& parent) const {
    return parent.isValid() ? 0 : static_cast<int>(m_rows.size());
}

int CounterModel::columnCount(const QModelIndex& parent) const {
    return parent.isValid() ? 0 : ColumnCount;
}

QVariant CounterModel::data(const QModelIndex& index, int role) const {
    if (!index.isValid() || static_cast<size_t>(index.row()) >= m_rows.size())
        return {};
    const Row& r = m_rows[static_cast<size_t>(index.row())];
    if (role == Qt::ToolTipRole)
        return r.tooltip;
    if (role == Qt::TextAlignmentRole && index.column() != Name)
        return QVariant::fromValue(Qt::AlignRight | Qt::AlignVCenter);
    if (role == Qt::UserRole)
        return index.column() == Total ? r.total : index.column() == PerSecond ? r.perSecond : r.share;
    if (role != Qt::DisplayRole)
        return {};
    auto time = [](double ns) {
        return QString::fromStdString(core::formatTimeHuman(core::SimTime::ns(static_cast<int64_t>(ns))));
    };
    switch (index.column()) {
    case Name:
        return r.name;
    case Total:
        return r.isTime ? time(r.total) : QString::number(r.total, 'f', 0);
    case PerSecond:
        return r.isTime ? tr("%1/s").arg(time(r.perSecond)) : QString::number(r.perSecond, 'f', 0);
    case Share:
        return r.share < 0 ? QString() : QStringLiteral("%1%").arg(r.share * 100, 0, 'f', 3);
    }
    return {};
}

QVariant CounterModel::headerData(int section, Qt::Orientation orientation, int role) const {
    if (orientation != Qt::Horizontal || role != Qt::DisplayRole)
        return QAbstractTableModel::headerData(section, orientation, role);
    switch (section) {
    case Name:
        return tr("Counter");
    case Total:
        return tr("Total");
    case PerSecond:
        return tr("Per second");
    case Share:
        return tr("CPU share");
    }
    return {};
}

int CounterModel::rowOf(const QString& name) const {
    for (size_t i = 0; i < m_rows.size(); ++i)
        if (m_rows[i].name == name)
            return static_cast<int>(i);
    return -1;
}

} // namespace ui
