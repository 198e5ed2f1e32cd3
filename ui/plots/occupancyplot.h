#pragma once

#include "export/exportable.h"
#include "plots/liveview.h"
#include "plots/tracklist.h"

#include <QWidget>

#include <optional>
#include <vector>

class QCPAbstractItem;
class QCPItemLine;
class QCPItemRect;
class QCPItemStraightLine;
class QCPItemText;
class QCPRange;
class QKeyEvent;
class QMouseEvent;
class QScrollBar;
class QSpinBox;
class QWheelEvent;

namespace ui {

class Session;
class LanesPlottable;

/// The CPU occupancy timeline: a track list socket > core > CPU (TrackList) whose cores and
/// sockets collapse into one summed row (click the label), one lane per CPU labelled cpuN
/// (socket/core/thread), slices coloured by cgroup and named by task, kernel overhead dark,
/// toggle markers and the time cursor as vertical lines. A lane-height control and a vertical
/// scroll bar make any number of CPUs readable. Ctrl+wheel or +/- zoom, drag, Shift+wheel or
/// arrow keys pan, the wheel or Page Up/Down scroll the tracks, Home/End jump to the start /
/// follow the present; a click sets the cursor and picks the slice for the detail panel, a
/// picked migration is drawn as an arrow between its two CPUs; hovering names the task.
/// Follows its session by itself (LiveView).
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
    const TrackList& tracks() const { return m_tracks; }
    /// Expands or collapses the track list's row `row` (a core or socket).
    void toggleRow(size_t row);
    void expandAll();
    void collapseCores();
    /// Pixels per CPU lane; 0 fits the tracks to the height (with a readable minimum).
    void setLaneHeight(int px);
    /// The rows visible now, as [first, last] indexes into tracks().rows().
    std::pair<size_t, size_t> visibleRows() const;
    /// Scrolls the track list so that row `row` is visible.
    void scrollToRow(size_t row);
    /// The label drawn for each visible row, top to bottom.
    QStringList rowLabels() const;
    /// Draws now instead of at the next frame (benchmarks).
    void replotNow();
    /// The last replot's duration in ms (QCustomPlot's own measurement).
    double lastFrameMs() const;
    /// Zooms the time axis by `factor` (0.5 = in) about the time cursor, else the centre.
    void zoomBy(double factor);
    /// Pans the time axis by `fraction` of its width (negative: back), never before the start.
    void panBy(double fraction) { pan(fraction); }
    /// Shows the whole run recorded so far and stops following the present.
    void zoomToAll();
    /// Slices coloured per task rather than per cgroup (a recording, or one cgroup only).
    bool colourByTask() const;
    /// Lays the legend out in as many rows as its entries need to show whole.
    void fitLegend();
    /// The time between the cursor (marker A) and marker B as the timeline labels it ("" when
    /// one of them is not set).
    QString markerSpanText() const;
    /// Home: the run's start at the present zoom. End: follow the present. Esc: no cursor,
    /// marker B or pick.
    void goToStart();
    void followPresent();
    void clearCursor();
    /// What hovering at `pos` (in this widget) shows: the task, cgroup and span under it.
    QString tooltipAt(const QPoint& pos) const;
    /// Where CPU `cpu`'s lane is drawn, in this widget's pixels (empty when off screen or
    /// inside a collapsed core).
    QRect laneRect(uint32_t cpu) const;
    /// Where row `row` is drawn, in this widget's pixels (empty when off screen).
    QRect rowRect(size_t row) const;
    /// The point of the canvas in this widget's coordinates (tests click there).
    QWidget* canvas() const;
    /// Where the time axis is drawn, in global coordinates (views below align to it).
    QRect timeAxisGlobal() const;
    /// Keeps the time axis within global x [left, right] (to line up with a view below it whose
    /// labels are wider or whose scroll bar takes room): the lane labels' column and the right
    /// margin grow as needed. Nullopt: as the plot lays itself out.
    void setTimeAxisBounds(std::optional<int> left, std::optional<int> right);

signals:
    /// The time axis moved or changed its width (after a layout or a resize).
    void timeAxisChanged();

private:
    class Canvas;
    // The canvas's input, handled here; each returns whether it used the event.
    bool keyPressed(QKeyEvent* e);
    void mousePressed(QMouseEvent* e);
    void mouseReleased(QMouseEvent* e);
    void mouseMoved(QMouseEvent* e);
    void mouseDoubleClicked(QMouseEvent* e);
    void wheelTurned(QWheelEvent* e);

    void applyViewRange();
    void applyRows();
    void onPickChanged();
    void scrollRows(double rows);
    void onAxisRangeChanged(const QCPRange& r);
    void updateLabels();
    void updateMarkers();
    void updateCursorLines();
    /// A dashed line and a flag (number and note) per bookmark.
    void updateBookmarks();
    void updateLegend();
    void zoom(double factor, double centre);
    void pan(double fraction);

    Session& m_session;
    Canvas* m_plot;
    QScrollBar* m_scroll;
    QSpinBox* m_laneHeight;
    TrackList m_tracks;
    double m_top = 0;       ///< value-axis coordinate at the top of the plot
    double m_pxPerUnit = 0; ///< pixels per track unit, as last laid out
    LanesPlottable* m_lanes;
    bool m_legendByTask = false;
    QCPItemStraightLine* m_cursor;
    QCPItemStraightLine* m_markerB;
    QCPItemText* m_spanLabel;
    QList<QCPAbstractItem*> m_bookmarkItems; ///< a dashed line and a flag per bookmark
    QRect m_lastAxisGlobal;                  ///< to tell when timeAxisChanged is due
    QCPItemLine* m_pickArrow;
    QCPItemRect* m_pickBox;
    std::vector<QCPItemStraightLine*> m_markerLines;
    std::vector<QCPItemText*> m_markerLabels;
    size_t m_markerCount = 0;
    size_t m_legendCgroups = SIZE_MAX;
    bool m_legendRt = false;
    QPoint m_pressPos;
    bool m_applying = false;
    int m_labelHeight = -1;
    QString m_exportName = QStringLiteral("occupancy");
    QString m_titlePrefix;
};

} // namespace ui
