#include "models/queryresultmodel.h"

#include <QColor>
#include <QPalette>

namespace ui {

void QueryResultModel::setResult(const QueryResult& result) {
    beginResetModel();
    m_columns = result.columns;
    m_rows = result.rows;
    endResetModel();
}

int QueryResultModel::column(const QString& name) const {
    for (int c = 0; c < m_columns.size(); ++c)
        if (m_columns[c].compare(name, Qt::CaseInsensitive) == 0)
            return c;
    return -1;
}

QVariant QueryResultModel::value(int row, int column) const {
    if (row < 0 || static_cast<size_t>(row) >= m_rows.size() || column < 0 ||
        static_cast<size_t>(column) >= m_rows[static_cast<size_t>(row)].size())
        return {};
    return m_rows[static_cast<size_t>(row)][static_cast<size_t>(column)];
}

int QueryResultModel::rowCount(const QModelIndex& parent) const {
    return parent.isValid() ? 0 : static_cast<int>(m_rows.size());
}

int QueryResultModel::columnCount(const QModelIndex& parent) const {
    return parent.isValid() ? 0 : static_cast<int>(m_columns.size());
}

QVariant QueryResultModel::data(const QModelIndex& index, int role) const {
    const QVariant v = value(index.row(), index.column());
    switch (role) {
    case Qt::DisplayRole:
        return v.isValid() ? v : QVariant(QStringLiteral("NULL"));
    case SortRole:
        return v;
    case Qt::ForegroundRole:
        return v.isValid() ? QVariant() : QVariant(QPalette().color(QPalette::PlaceholderText));
    case Qt::TextAlignmentRole: {
        const bool number = v.typeId() == QMetaType::LongLong || v.typeId() == QMetaType::Double;
        return QVariant::fromValue(Qt::AlignVCenter | (number ? Qt::AlignRight : Qt::AlignLeft));
    }
    default:
        return {};
    }
}

QVariant QueryResultModel::headerData(int section, Qt::Orientation orientation, int role) const {
    if (orientation == Qt::Horizontal && role == Qt::DisplayRole && section >= 0 &&
        section < m_columns.size())
        return m_columns[section];
    if (orientation == Qt::Vertical && role == Qt::DisplayRole)
        return section + 1;
    return {};
}

} // namespace ui
