#pragma once

#include "controller/queryrunner.h"

#include <QAbstractTableModel>

namespace ui {

/// A query's result as a table: its columns and rows as SQLite gave them (integers, reals,
/// text; NULL shown as "NULL" in grey). SortRole gives the values themselves, so a numeric
/// column sorts as numbers and NULLs come first, as SQLite orders them.
class QueryResultModel : public QAbstractTableModel {
    Q_OBJECT
public:
    static constexpr int SortRole = Qt::UserRole + 1;

    using QAbstractTableModel::QAbstractTableModel;
    void setResult(const QueryResult& result);
    const QStringList& columns() const { return m_columns; }
    /// The column's index by name (any case), or -1.
    int column(const QString& name) const;
    /// A cell's value (invalid for NULL).
    QVariant value(int row, int column) const;

    int rowCount(const QModelIndex& parent = {}) const override;
    int columnCount(const QModelIndex& parent = {}) const override;
    QVariant data(const QModelIndex& index, int role = Qt::DisplayRole) const override;
    QVariant headerData(int section, Qt::Orientation orientation, int role = Qt::DisplayRole) const override;

private:
    QStringList m_columns;
    std::vector<std::vector<QVariant>> m_rows;
};

} // namespace ui
