#include "models/latencytablemodel.h"

namespace ui {

void LatencyTableModel::setStats(LatencyStats stats, bool byCgroup, bool wakeupsOnly) {
    const bool sameShape = stats.rows.size() == m_stats.rows.size() && byCgroup == m_byCgroup;
    if (!sameShape)
        beginResetModel();
    m_stats = std::move(stats);
    m_byCgroup = byCgroup;
    m_wakeupsOnly = wakeupsOnly;
    if (!sameShape)
        endResetModel();
    else if (!m_stats.rows.empty())
        emit dataChanged(index(0, 0), index(rowCount() - 1, ColumnCount - 1));
}

const core::LatencyHistogram* LatencyTableModel::histogram(int row) const {
    if (row < 0 || row >= rowCount())
        return nullptr;
    const LatencyRow& r = m_stats.rows[static_cast<size_t>(row)];
    return m_wakeupsOnly ? &r.wakeup : &r.all;
}

const Wait* LatencyTableModel::longest(int row) const {
    if (row < 0 || row >= rowCount() || histogram(row)->count() == 0)
        return nullptr;
    const LatencyRow& r = m_stats.rows[static_cast<size_t>(row)];
    return m_wakeupsOnly ? &r.longestWakeup : &r.longest;
}

int LatencyTableModel::rowCount(const QModelIndex& parent) const {
    return parent.isValid() ? 0 : static_cast<int>(m_stats.rows.size());
}

int LatencyTableModel::columnCount(const QModelIndex& parent) const {
    return parent.isValid() ? 0 : ColumnCount;
}

QVariant LatencyTableModel::data(const QModelIndex& index, int role) const {
    const core::LatencyHistogram* h = histogram(index.row());
    if (h && role == Qt::ToolTipRole) {
        const QString go = index.column() == When
                               ? tr("When the longest wait began; double-click the row to go there")
                               : tr("Double-click: go to the longest wait, its wakeup chain listed");
        // The whole name: a narrow column elides it.
        return index.column() == Name
                   ? QString::fromStdString(m_stats.rows[static_cast<size_t>(index.row())].name) +
                         QLatin1Char('\n') + go
                   : go;
    }
    if (!h || (role != Qt::DisplayRole && role != SortRole && role != Qt::TextAlignmentRole))
        return {};
    const LatencyRow& r = m_stats.rows[static_cast<size_t>(index.row())];
    if (role == Qt::TextAlignmentRole)
        return index.column() == Name ? QVariant(Qt::AlignLeft | Qt::AlignVCenter)
                                      : QVariant(Qt::AlignRight | Qt::AlignVCenter);
    auto ns = [&](core::SimTime t) -> QVariant {
        return role == SortRole ? QVariant(static_cast<qlonglong>(t.count()))
                                : QVariant(formatNsShort(t.count()));
    };
    switch (index.column()) {
    case Name:
        return QString::fromStdString(r.name);
    case Id:
        return r.id;
    case Count:
        return static_cast<qulonglong>(h->count());
    case P50:
        return ns(h->percentile(0.50));
    case P90:
        return ns(h->percentile(0.90));
    case P99:
        return ns(h->percentile(0.99));
    case Max: // exact, unlike the percentiles: as the chain and the tracks give it
        return role == SortRole ? QVariant(static_cast<qlonglong>(h->max().count()))
                                : QVariant(formatNs(h->max().count()));
    case When: {
        const Wait* w = longest(index.row());
        if (!w)
            return {};
        return role == SortRole ? QVariant(static_cast<qlonglong>(w->from))
                                : QVariant(formatNs(w->from, kEventResolution));
    }
    case Average:
        return ns(h->average());
    default:
        return {};
    }
}

QVariant LatencyTableModel::headerData(int section, Qt::Orientation orientation, int role) const {
    if (orientation != Qt::Horizontal || role != Qt::DisplayRole)
        return {};
    switch (section) {
    case Name:
        return m_byCgroup ? tr("Cgroup") : tr("Task");
    case Id:
        return m_byCgroup ? tr("Id") : tr("Pid");
    case Count:
        return tr("Waits");
    case P50:
        return tr("p50");
    case P90:
        return tr("p90");
    case P99:
        return tr("p99");
    case Max:
        return tr("Max");
    case When:
        return tr("Max at");
    case Average:
        return tr("Average");
    default:
        return {};
    }
}

} // namespace ui
