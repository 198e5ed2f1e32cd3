#pragma once

#include "controller/format.h"
#include "plots/liveview.h"

#include <QWidget>

class QTableView;
class QComboBox;
class QLabel;
class QSortFilterProxyModel;
class QSplitter;

namespace ui {

class Session;
class ExportRegistry;
class LatencyTableModel;
class LatencyHistogramPlot;
class RunqueueDelayPlot;

/// The Latency tab, for simulations and real traces alike: per task or per cgroup, how long
/// tasks waited between becoming runnable and running (count, p50, p90, p99, max, average, as
/// `perf sched latency` lists them), the histogram of the picked row, and the runqueue delay
/// over time. Counts the switches in the view range (or the whole run). A double-click on a row
/// goes to its longest wait (waitChosen). The table and the charts sit side by side where the
/// page is wide, one above the other where it is narrow, so every column reads.
class LatencyPage : public QWidget, public LiveView {
    Q_OBJECT
public:
    explicit LatencyPage(Session& session, QWidget* parent = nullptr);
    void restart() override;
    void refresh() override;
    /// Registers the histogram, the delay timeline and the table.
    void addExports(ExportRegistry& exports);
    /// Picks a row by task or cgroup name (batch modes and tests); false when none matches.
    bool pick(const QString& name);
    /// Goes to the longest wait of the row (of the table as sorted) `row` (waitChosen).
    void goToLongest(int row);

signals:
    /// The user asked to see a wait: `task` runnable from `from`, running at `to`.
    void waitChosen(uint32_t task, SimNs from, SimNs to);

protected:
    void resizeEvent(QResizeEvent* e) override;
    bool eventFilter(QObject* watched, QEvent* e) override;

private:
    void showPicked();
    /// Side by side when wide, stacked when narrow.
    void arrange();
    /// The width the table needs for its figures whole and a readable name.
    int tableWidthNeeded() const;
    /// A figure column's width: its heading's and its figures'.
    int figureWidth(int column) const;
    /// Hides the least needed figures where the table is too narrow for them and a name.
    void fitColumns();

    Session& m_session;
    LatencyTableModel* m_model;
    QSortFilterProxyModel* m_sorted;
    QTableView* m_table;
    LatencyHistogramPlot* m_histogram;
    RunqueueDelayPlot* m_delay;
    QComboBox* m_group;
    QComboBox* m_waits;
    QComboBox* m_range;
    QLabel* m_note;
    QSplitter* m_split = nullptr;
    QSplitter* m_charts = nullptr;
};

} // namespace ui
