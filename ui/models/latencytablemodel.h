#pragma once

#include "controller/latencystats.h"

#include <QAbstractTableModel>

namespace ui {

/// One row per task or cgroup: the waits counted and their p50 / p90 / p99 / max / average, as
/// `perf sched latency` lists them, and when the longest one began. `wakeupsOnly` shows the waits that follow
/// a sleep instead of all of them. Set with setStats().
class LatencyTableModel : public QAbstractTableModel {
    Q_OBJECT
public:
    enum Column { Name, Id, Count, P50, P90, P99, Max, When, Average, ColumnCount };
    static constexpr int SortRole = Qt::UserRole + 1; ///< numbers (ns, counts) for sorting

    using QAbstractTableModel::QAbstractTableModel;
    void setStats(LatencyStats stats, bool byCgroup, bool wakeupsOnly);
    const LatencyStats& stats() const { return m_stats; }
    /// The histogram the row shows.
    const core::LatencyHistogram* histogram(int row) const;
    /// The row's longest wait (of the waits it shows), or null.
    const Wait* longest(int row) const;

    int rowCount(const QModelIndex& parent = {}) const override;
    int columnCount(const QModelIndex& parent = {}) const override;
    QVariant data(const QModelIndex& index, int role = Qt::DisplayRole) const override;
    QVariant headerData(int section, Qt::Orientation orientation, int role = Qt::DisplayRole) const override;

private:
    LatencyStats m_stats;
    bool m_byCgroup = false;
    bool m_wakeupsOnly = false;
};

} // namespace ui
