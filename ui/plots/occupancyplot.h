#pragma once

#include "export/exportable.h"
#include "plots/lanesplottable.h"

#include <qcustomplot.h>

namespace ui {

class Session;

/// The CPU occupancy timeline: one lane per CPU grouped by socket and core (SMT siblings
/// together, labelled cpuN (socket/core/thread)), slices coloured by cgroup, kernel overhead
/// dark, toggle markers and the time cursor as vertical lines. Wheel or +/- zoom, drag or
/// arrow keys pan, Home/End jump to the start / follow the present; a click sets the cursor;
/// hovering names the task.
class OccupancyPlot : public QCustomPlot, public Exportable {
    Q_OBJECT
public:
    explicit OccupancyPlot(Session& session, QWidget* parent = nullptr);

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

    /// Rebuilds lanes and legend for a new run.
    void restart();
    /// Repaints from History (called at the frame rate).
    void refresh();
    const LaneLayout& layout() const { return m_layout; }
    /// The last replot's duration in ms (QCustomPlot's own measurement).
    double lastFrameMs() const { return replotTime(); }
    /// Zooms the time axis by `factor` (0.5 = in) about the time cursor, else the centre.
    void zoomBy(double factor);
    /// Shows the whole run recorded so far and stops following the present.
    void zoomToAll();

protected:
    void keyPressEvent(QKeyEvent* e) override;
    void mousePressEvent(QMouseEvent* e) override;
    void mouseReleaseEvent(QMouseEvent* e) override;
    void mouseMoveEvent(QMouseEvent* e) override;
    void wheelEvent(QWheelEvent* e) override;

private:
    void applyViewRange();
    void onAxisRangeChanged(const QCPRange& r);
    void updateLabels();
    void updateMarkers();
    void updateLegend();
    void zoom(double factor, double centre);
    void pan(double fraction);
    QString tooltipAt(const QPoint& pos) const;

    Session& m_session;
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
