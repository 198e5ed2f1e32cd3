#pragma once

#include "plots/liveview.h"

#include <QWidget>

class QTableView;
class QComboBox;
class QLabel;
class QSortFilterProxyModel;

namespace ui {

class Session;
class ExportRegistry;
class LatencyTableModel;
class LatencyHistogramPlot;
class RunqueueDelayPlot;

/// The Latency tab, for simulations and real traces alike: per task or per cgroup, how long
/// tasks waited between becoming runnable and running (count, p50, p90, p99, max, average, as
/// `perf sched latency` lists them), the histogram of the picked row, and the runqueue delay
/// over time. Counts the switches in the view range (or the whole run).
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

private:
    void showPicked();

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
};

} // namespace ui
