#pragma once

#include "controller/format.h"
#include "export/exportable.h"
#include "plots/liveview.h"

#include <QWidget>

#include <vector>

class QCustomPlot;
class QCPGraph;
class QCPTextElement;

namespace ui {

class Session;

/// How many tasks were waiting for a CPU, on average, in each interval of the view range (or
/// of the whole run), read from the switch records (each wait runs from the task's wakeup or preemption to
/// its switch in). For a real trace this is the trace's own account; it is not PSI, which a trace does not
/// contain. Shown by the Latency tab for all tasks or the ones picked in its table.
class RunqueueDelayPlot : public QWidget, public Exportable, public LiveView {
    Q_OBJECT
public:
    explicit RunqueueDelayPlot(Session& session, QWidget* parent = nullptr);
    ~RunqueueDelayPlot() override;

    /// Only these tasks (all when empty); `who` names them above the chart.
    void setTasks(std::vector<uint32_t> ids, const QString& who);
    /// Over the whole run instead of the view range (the Latency tab's "whole run").
    void setWholeRun(bool whole);
    /// The time range drawn, in ns (tests).
    std::pair<SimNs, SimNs> shownRange() const { return m_shown; }

    QString exportName() const override { return QStringLiteral("runqueue-delay"); }
    QString exportTitle() const override;
    QWidget* exportWidget() override { return this; }
    void renderTo(QPainter& painter, const QRect& target) override;
    QByteArray csv() const override;
    void bringUpToDate() override { refresh(); }
    void refresh() override;

protected:
    void resizeEvent(QResizeEvent* e) override;

private:
    /// Wraps the title and the axis label to the plot's width.
    void fitText();

    Session& m_session;
    QCustomPlot* m_plot;
    QCPGraph* m_graph;
    std::vector<uint32_t> m_ids;
    QString m_who;
    QString m_axisText;
    QCPTextElement* m_title;
    bool m_whole = false;
    std::pair<SimNs, SimNs> m_shown{0, 0};
};

} // namespace ui
