#pragma once

#include "experiments/seeds.h"

#include <QFutureWatcher>
#include <QWidget>

class QLabel;
class QProgressBar;
class QPushButton;

namespace ui {

class DepthChart;

/// The Depth tab: the PSI cost-versus-cgroup-depth sweep from the psi_direct_iteration seed
/// experiment, computed in the background (its own engines, not the open session's) the first
/// time the tab is shown, with progress.
class DepthPage : public QWidget {
    Q_OBJECT
public:
    explicit DepthPage(QWidget* parent = nullptr);
    ~DepthPage() override;
    /// Starts the sweep unless it runs or ran already.
    void compute();
    /// From compute() until the chart shows the results (the pool's work ends a little
    /// earlier: its finished signal still has to reach this thread).
    bool isComputing() const { return m_computing; }
    DepthChart* chart() const { return m_chart; }

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
