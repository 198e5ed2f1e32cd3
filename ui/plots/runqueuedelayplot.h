#pragma once

#include "export/exportable.h"
#include "plots/liveview.h"

#include <QWidget>

#include <vector>

class QCustomPlot;
class QCPGraph;

namespace ui {

class Session;

/// How many tasks were waiting for a CPU, on average, in each interval of the view range,
/// read from the switch records (each wait runs from the task's wakeup or preemption to its
/// switch in). For a real trace this is the trace's own account; it is not PSI, which a trace
/// does not contain. Shown by the Latency tab for all tasks or the ones picked in its table.
class RunqueueDelayPlot : public QWidget, public Exportable, public LiveView {
    Q_OBJECT
public:
    explicit RunqueueDelayPlot(Session& session, QWidget* parent = nullptr);
    ~RunqueueDelayPlot() override;

    /// Only these tasks (all when empty); `who` names them in the legend.
    void setTasks(std::vector<uint32_t> ids, const QString& who);

    QString exportName() const override { return QStringLiteral("runqueue-delay"); }
    QString exportTitle() const override;
    QWidget* exportWidget() override { return this; }
    void renderTo(QPainter& painter, const QRect& target) override;
    QByteArray csv() const override;
    void bringUpToDate() override { refresh(); }
    void refresh() override;

private:
    Session& m_session;
    QCustomPlot* m_plot;
    QCPGraph* m_graph;
    std::vector<uint32_t> m_ids;
    QString m_who;
};

} // namespace ui
