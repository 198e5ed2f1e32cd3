#pragma once

#include "base/trace.h"
#include "controller/format.h"

#include <QAbstractTableModel>
#include <QSortFilterProxyModel>
#include <QStringList>

#include <optional>

namespace ui {

class History;

/// Every migration History holds: time, task, from, to, reason, domain level. Rows are appended
/// as the run goes and removed from the front when History compacts old records away. Reads
/// History; refresh() brings it up to date.
class MigrationTableModel : public QAbstractTableModel {
    Q_OBJECT
public:
    enum Column { Time, Task, From, To, Reason, Level, ColumnCount };
    /// Numbers for sorting and filtering (time in ns, CPU numbers, reason index).
    static constexpr int SortRole = Qt::UserRole + 1;

    explicit MigrationTableModel(const History& history, QObject* parent = nullptr);
    void refresh();
    /// Starts over (a new run) with the names of the run's scheduling-domain levels, innermost
    /// first (the Domain column).
    void restart(QStringList domainLevels);

    int rowCount(const QModelIndex& parent = {}) const override;
    int columnCount(const QModelIndex& parent = {}) const override;
    QVariant data(const QModelIndex& index, int role = Qt::DisplayRole) const override;
    QVariant headerData(int section, Qt::Orientation orientation, int role = Qt::DisplayRole) const override;
    /// The row of the first migration at or after t.
    int rowAtTime(SimNs t) const;
    /// The migration shown in `row`, or null (dropped by History meanwhile).
    const core::MigrationRecord* record(int row) const;

private:
    const History& m_history;
    QStringList m_domainLevels;
    int m_rows = 0;
    uint64_t m_dropped = 0; ///< records History dropped that were rows here
};

/// Filters the migrations table by CPU (from or to), reason and task name text.
class MigrationFilterModel : public QSortFilterProxyModel {
    Q_OBJECT
public:
    using QSortFilterProxyModel::QSortFilterProxyModel;
    void setCpu(std::optional<uint32_t> cpu);
    void setReason(int reason); ///< -1 = any
    void setTaskText(const QString& text);

protected:
    bool filterAcceptsRow(int sourceRow, const QModelIndex& sourceParent) const override;

private:
    std::optional<uint32_t> m_cpu;
    int m_reason = -1;
    QString m_text;
};

} // namespace ui
