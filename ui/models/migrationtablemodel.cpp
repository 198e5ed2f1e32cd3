#include "models/migrationtablemodel.h"

#include "controller/history.h"
#include "controller/kerneltext.h"

namespace ui {

MigrationTableModel::MigrationTableModel(const History& history, QObject* parent)
    : QAbstractTableModel(parent)
    , m_history(history) {}

void MigrationTableModel::restart(QStringList domainLevels) {
    beginResetModel();
    m_domainLevels = std::move(domainLevels);
    m_rows = 0;
    m_dropped = 0;
    endResetModel();
    refresh();
}

void MigrationTableModel::refresh() {
    const History& h = m_history;
    // Records History no longer holds went from the front.
    const uint64_t dropped = h.migrationsDelivered() - h.migrations().size();
    if (dropped > m_dropped) {
        const int remove =
            static_cast<int>(std::min<uint64_t>(dropped - m_dropped, static_cast<uint64_t>(m_rows)));
        // While the removal is announced the rows still exist (with no data: History has
        // already let them go); the lag in data() maps the others to the right records.
        if (remove > 0) {
            beginRemoveRows({}, 0, remove - 1);
            m_rows -= remove;
            m_dropped = dropped;
            endRemoveRows();
        }
        m_dropped = dropped;
    }
    const int total = static_cast<int>(std::min<size_t>(h.migrations().size(), INT32_MAX));
    if (total > m_rows) {
        beginInsertRows({}, m_rows, total - 1);
        m_rows = total;
        endInsertRows();
    }
}

int MigrationTableModel::rowCount(const QModelIndex& parent) const {
    return parent.isValid() ? 0 : m_rows;
}

int MigrationTableModel::columnCount(const QModelIndex& parent) const {
    return parent.isValid() ? 0 : ColumnCount;
}

const core::MigrationRecord* MigrationTableModel::record(int row) const {
    if (row < 0 || row >= m_rows)
        return nullptr;
    const History& h = m_history;
    // Rows History dropped but whose removal is not announced yet come first.
    const uint64_t lag = h.migrationsDelivered() - h.migrations().size() - m_dropped;
    if (static_cast<uint64_t>(row) < lag)
        return nullptr;
    const size_t at = static_cast<size_t>(static_cast<uint64_t>(row) - lag);
    return at < h.migrations().size() ? &h.migrations()[at] : nullptr;
}

QVariant MigrationTableModel::data(const QModelIndex& index, int role) const {
    if (!index.isValid() || index.column() >= ColumnCount)
        return {};
    const core::MigrationRecord* record = this->record(index.row());
    if (!record)
        return {};
    const History& h = m_history;
    const core::MigrationRecord& m = *record;
    if (role == SortRole) {
        switch (index.column()) {
        case Time:
            return QVariant::fromValue<qlonglong>(m.time.count());
        case Task:
            return QString::fromStdString(h.taskName(m.task.value()));
        case From:
            return m.from;
        case To:
            return m.to;
        case Reason:
            return static_cast<int>(m.reason);
        case Level:
            return static_cast<int>(m.level);
        }
    }
    if (role == Qt::TextAlignmentRole && index.column() != Task && index.column() != Reason)
        return QVariant::fromValue(Qt::AlignRight | Qt::AlignVCenter);
    if (role != Qt::DisplayRole)
        return {};
    switch (index.column()) {
    case Time:
        return QString::number(m.time.seconds(), 'f', 6);
    case Task:
        return QStringLiteral("%1 #%2")
            .arg(QString::fromStdString(h.taskName(m.task.value())))
            .arg(m.task.value());
    case From:
        return QStringLiteral("cpu%1").arg(h.kernelCpu(m.from));
    case To:
        return QStringLiteral("cpu%1").arg(h.kernelCpu(m.to));
    case Reason: {
        // A trace does not say why a task moved: the reason is read from its state then.
        return m_history.fromTrace() ? tr("%1 (inferred)").arg(migrationReasonText(m.reason))
                                     : migrationReasonText(m.reason);
    }
    case Level: {
        if (m.level < 0 || m.level >= m_domainLevels.size())
            return QStringLiteral("-");
        return m_domainLevels[m.level];
    }
    }
    return {};
}

QVariant MigrationTableModel::headerData(int section, Qt::Orientation orientation, int role) const {
    if (orientation != Qt::Horizontal || role != Qt::DisplayRole)
        return QAbstractTableModel::headerData(section, orientation, role);
    switch (section) {
    case Time:
        return tr("Time (s)");
    case Task:
        return tr("Task");
    case From:
        return tr("From");
    case To:
        return tr("To");
    case Reason:
        return tr("Reason");
    case Level:
        return tr("Domain");
    }
    return {};
}

int MigrationTableModel::rowAtTime(SimNs t) const {
    const auto [lo, hi] = m_history.migrationsWithin(t, INT64_MAX);
    (void)hi;
    return static_cast<int>(std::min<size_t>(lo, static_cast<size_t>(std::max(0, m_rows - 1))));
}

void MigrationFilterModel::setCpu(std::optional<uint32_t> cpu) {
    m_cpu = cpu;
    invalidateFilter();
}

void MigrationFilterModel::setReason(int reason) {
    m_reason = reason;
    invalidateFilter();
}

void MigrationFilterModel::setTaskText(const QString& text) {
    m_text = text;
    invalidateFilter();
}

bool MigrationFilterModel::filterAcceptsRow(int row, const QModelIndex& parent) const {
    const QAbstractItemModel* m = sourceModel();
    const int role = MigrationTableModel::SortRole;
    if (m_cpu) {
        const uint from = m->index(row, MigrationTableModel::From, parent).data(role).toUInt();
        const uint to = m->index(row, MigrationTableModel::To, parent).data(role).toUInt();
        if (from != *m_cpu && to != *m_cpu)
            return false;
    }
    if (m_reason >= 0 && m->index(row, MigrationTableModel::Reason, parent).data(role).toInt() != m_reason)
        return false;
    if (!m_text.isEmpty() && !m->index(row, MigrationTableModel::Task, parent)
                                  .data()
                                  .toString()
                                  .contains(m_text, Qt::CaseInsensitive))
        return false;
    return true;
}

} // namespace ui
