#pragma once

#include "experiments/seeds.h"
#include "export/exportable.h"

#include <QFutureWatcher>
#include <QWidget>

class QLabel;
class QProgressBar;
class QPushButton;

namespace ui {

class DepthChart;
class ExportRegistry;

/// The Depth tab: the PSI cost-versus-cgroup-depth sweep from the psi_direct_iteration seed
/// experiment, computed in the background (its own engines, not the open session's) the first
/// time the tab is shown or exported, with progress. It exports as its chart, and an export
/// waits for the sweep (isBusy).
class DepthPage : public QWidget, public Exportable {
    Q_OBJECT
public:
    explicit DepthPage(QWidget* parent = nullptr);
    ~DepthPage() override;
    /// Starts the sweep unless it runs or ran already.
    void compute();
    /// From compute() until the chart shows the results (the pool's work ends a little
    /// earlier: its finished signal still has to reach this thread).
    bool isComputing() const { return m_computing; }
    void addExports(ExportRegistry& exports);

    QString exportName() const override;
    QString exportTitle() const override;
    QWidget* exportWidget() override;
    void renderTo(QPainter& painter, const QRect& target) override;
    /// One row per depth; empty until the sweep ran.
    QByteArray csv() const override;
    void bringUpToDate() override { compute(); }
    bool isBusy() const override { return m_computing; }

signals:
    void computed();

protected:
    void showEvent(QShowEvent* e) override;

private:
    DepthChart* m_chart;
    QPushButton* m_run;
    QProgressBar* m_progress;
    QLabel* m_status;
    QFutureWatcher<core::DepthPoint> m_watcher;
    bool m_done = false;
    bool m_computing = false;
};

} // namespace ui
