#pragma once

#include "controller/threadrows.h"
#include "report/wakeupchain.h"

#include <QAbstractScrollArea>

class QMenu;

#include <functional>
#include <optional>

namespace ui {

class Session;

/// Thread-state tracks: one row per task under collapsible group headers (ThreadRows), its
/// states along the session's visible time range under a time ruler (Running in its cgroup's colour, as the
/// CPU lanes draw it, and named cpuN where there is room; Runnable, Preempted, Sleeping, Uninterruptible,
/// Throttled and Unknown each their own), the time cursor and marker B, and the selected wait's wakeup chain
/// as arrows from each waker to the task it woke. Draws only the rows in view and, per row, at most one
/// rectangle per pixel column (a binary search per column), so thousands of tracks and millions of intervals
/// stay cheap. A click on a label toggles a group or selects a task; a click in a track selects the task and
/// sets the cursor there (Shift: marker B); the context menu pins tasks and jumps to runs.
class ThreadTrackView : public QAbstractScrollArea {
    Q_OBJECT
public:
    explicit ThreadTrackView(Session& session, ThreadRows& rows, QWidget* parent = nullptr);

    /// The wakeup chain drawn as arrows (empty: none).
    void setChain(core::WakeupChain chain);
    /// Adds more to the context menu, below the row's own actions (the page's export actions).
    void setMenuExtension(std::function<void(QMenu&)> extend) { m_extendMenu = std::move(extend); }
    /// Rows changed (states, filter, grouping, pins): relayout and repaint.
    void rowsChanged();
    /// Draws the visible rows into `painter` within `target` (the widget's look, for exports).
    void render(QPainter& painter, const QRect& target, int firstRow) const;
    /// The first row in view.
    int firstRow() const;
    /// Scrolls so that `row` is in view.
    void ensureRowVisible(int row);
    /// The row at a viewport y, or -1.
    int rowAt(int y) const;
    static constexpr int kRowHeight = 18;
    static constexpr int kLabelWidth = 160; ///< the labels' column at least (wider to line up)
    /// The labels' column and the margin right of the time area, in pixels: the time area lines
    /// up with the CPU lanes' time axis above (TimeAxisAlignment).
    void setTimeArea(int labelWidth, int rightMargin);
    int labelWidth() const { return m_labelWidth; }
    int rightMargin() const { return m_rightMargin; }
    static constexpr int kRulerHeight = 16; ///< the time ruler above the rows
    /// The colour of a state's stretch (Running takes its cgroup's colour instead).
    static QColor stateColor(core::ThreadState s);

signals:
    /// The user picked a task's track at a time (a click in it).
    void picked(uint32_t task, SimNs time);
    /// The user asked to jump to a task's next (+1) or previous (-1) run.
    void jumpToRun(uint32_t task, int direction);
    void pinChanged();

protected:
    void paintEvent(QPaintEvent* e) override;
    void resizeEvent(QResizeEvent* e) override;
    void mousePressEvent(QMouseEvent* e) override;
    void contextMenuEvent(QContextMenuEvent* e) override;
    bool viewportEvent(QEvent* e) override;

private:
    void updateScrollRange();
    void drawTrack(QPainter& p, const core::TaskTrack& t, const QRect& area, SimNs from, SimNs to) const;
    void drawCounter(QPainter& p, const std::vector<core::CounterStep>& steps, uint32_t max,
                     const QRect& area, SimNs from, SimNs to) const;
    /// A model counter as a step line over its range (from zero, or from below it when negative).
    void drawModelCounter(QPainter& p, const core::CounterTrack& c, std::pair<double, double> range,
                          const QRect& area, SimNs from, SimNs to) const;
    /// A model counter's row label ("cpu0 util_avg", "vruntime", "psi_cpu_some %").
    QString modelCounterLabel(const core::CounterTrack& c) const;
    /// Adds the counter choices for the row under the mouse (a task, a CPU, a cgroup).
    void addCounterActions(QMenu& menu, const TrackRow& row);
    void drawRuler(QPainter& p, const QRect& ruler, SimNs from, SimNs to) const;
    void drawChain(QPainter& p, const QRect& area, int firstRow, SimNs from, SimNs to) const;
    /// The interval of the row's task at time t, or null.
    const core::StateInterval* intervalAt(const core::TaskTrack& t, SimNs time) const;
    SimNs timeAt(int x, const QRect& area) const;
    /// The time one pixel of the time area spans now: how finely a time under the mouse is told.
    SimNs pixelTime() const;
    QString tooltipAt(const QPoint& pos) const;

    Session& m_session;
    ThreadRows& m_rows;
    core::WakeupChain m_chain;
    std::function<void(QMenu&)> m_extendMenu;
    int m_labelWidth = kLabelWidth;
    int m_rightMargin = 0;
    /// The viewport's time area (right of the labels, left of the right margin).
    QRect timeArea() const;
};

} // namespace ui
