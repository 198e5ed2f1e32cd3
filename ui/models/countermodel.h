#pragma once

#include <QAbstractTableModel>

#include <vector>

namespace core {
struct Counters;
}

namespace ui {

class History;
class ViewState;

/// The engine's counters, total and per simulated second over the last second, then kernel
/// overhead by operation with its share of all CPU time. At the time cursor when one is set (the
/// Total column is then headed "At cursor").
/// Reads History and the view state; refresh() brings it up to date.
class CounterModel : public QAbstractTableModel {
    Q_OBJECT
public:
    enum Column { Name, Total, PerSecond, Share, ColumnCount };
    CounterModel(const History& history, const ViewState& view, QObject* parent = nullptr);
    void refresh();

    int rowCount(const QModelIndex& parent = {}) const override;
    int columnCount(const QModelIndex& parent = {}) const override;
    QVariant data(const QModelIndex& index, int role = Qt::DisplayRole) const override;
    QVariant headerData(int section, Qt::Orientation orientation, int role = Qt::DisplayRole) const override;

    /// Row of the counter called `name` (tests), or -1.
    int rowOf(const QString& name) const;
    /// Whether the figures are the time cursor's (before the present) rather than the totals.
    bool atCursor() const;

private:
    struct Row {
        QString name;
        QString tooltip;
        double total = 0;
        double perSecond = 0;
        double share = -1;   ///< of all CPU time; -1 = not applicable
        bool isTime = false; ///< total in ns
    };
    const History& m_history;
    const ViewState& m_view;
    std::vector<Row> m_rows;
    bool m_headerAtCursor = false;
};

} // namespace ui
