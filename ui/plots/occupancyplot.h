#pragma once

#include "export/exportable.h"
#include "plots/lanelayout.h"
#include "plots/liveview.h"

#include <QWidget>

#include <vector>

class QCPItemStraightLine;
class QCPItemText;
class QCPRange;
class QKeyEvent;
class QMouseEvent;
class QWheelEvent;

namespace ui {

class Session;
class LanesPlottable;

/// The CPU occupancy timeline: one lane per CPU grouped by socket and core (SMT siblings
/// together, labelled cpuN (socket/core/thread)), slices coloured by cgroup, kernel overhead
/// dark, toggle markers and the time cursor as vertical lines. Wheel or +/- zoom, drag or
/// arrow keys pan, Home/End jump to the start / follow the present; a click sets the cursor;
/// hovering names the task. Follows its session by itself (LiveView).
class OccupancyPlot : public QWidget, public Exportable, public LiveView {
    Q_OBJECT
public:
    explicit OccupancyPlot(Session& session, QWidget* parent = nullptr);
    ~OccupancyPlot() override;

    QString exportName() const override { return m_exportName; }
    /// Names it for export when a window shows more than one (the A/B comparison).
    void setExportIdentity(const QString& name, const QString& titlePrefix) {
        m_exportName = name;
        m_titlePrefix = titlePrefix;
    }
    QString exportTitle() const override;
    QWidget* exportWidget() override { return this; }
    void renderTo(QPainter& painter, const QRect& target) override;
    /// The run slices in the visible range (full detail only; older history is coarse).
    QByteArray csv() const override;
    void bringUpToDate() override { refresh(); }

    /// Rebuilds lanes and legend for a new run.
    void restart() override;
    /// Repaints from History (at the session's frame rate while visible).
    void refresh() override;
    const LaneLayout& layout() const { return m_layout; }
    /// Draws now instead of at the next frame (benchmarks).
    void replotNow();
    /// The last replot's duration in ms (QCustomPlot's own measurement).
    double lastFrameMs() const;
    /// Zooms the time axis by `factor` (0.5 = in) about the time cursor, else the centre.
    void zoomBy(double factor);
    /// Shows the whole run recorded so far and stops following the present.
    void zoomToAll();
    /// What hovering at `pos` (in this widget) shows: the task, cgroup and span under it.
    QString tooltipAt(const QPoint& pos) const;
    /// Where CPU `cpu`'s lane is drawn, in this widget's pixels (empty when off screen).
    QRect laneRect(uint32_t cpu) const;

private:
    class Canvas;
    // The canvas's input, handled here; each returns whether it used the event.
    bool keyPressed(QKeyEvent* e);
    void mousePressed(QMouseEvent* e);
    void mouseReleased(QMouseEvent* e);
    void mouseMoved(QMouseEvent* e);
    void wheelTurned(QWheelEvent* e);

    void applyViewRange();
    void onAxisRangeChanged(const QCPRange& r);
    void updateLabels();
    void updateMarkers();
    void updateLegend();
    void zoom(double factor, double centre);
    void pan(double fraction);

    Session& m_session;
    Canvas* m_plot;
    LaneLayout m_layout;
    LanesPlottable* m_lanes;
    QCPItemStraightLine* m_cursor;
    std::vector<QCPItemStraightLine*> m_markerLines;
    std::vector<QCPItemText*> m_markerLabels;
    size_t m_markerCount = 0;
    size_t m_legendCgroups = SIZE_MAX;
    QPoint m_pressPos;
    bool m_applying = false;
    int m_labelHeight = -1;
    QString m_exportName = QStringLiteral("occupancy");
    QString m_titlePrefix;
};

} // namespace ui
