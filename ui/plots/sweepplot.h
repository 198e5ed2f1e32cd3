#pragma once

#include "controller/sweepseries.h"
#include "export/exportable.h"

#include <QWidget>

#include <optional>

class QCustomPlot;
class QCPColorMap;
class QCPColorScale;
class QCPTextElement;
class QCPLayoutGrid;
class QCPLayoutElement;

namespace ui {

/// What a sweep plot says about what it shows: the names of the metric and the axes.
struct SweepPlotLabels {
    QString metric;     ///< the y axis (Lines) or the colour scale (Heat map)
    QString xAxis;      ///< the x axis's name
    QString secondAxis; ///< the lines-by axis (empty: one line) or the heat map's y axis
    QString held;       ///< "opt.x = on, ..." : what the other axes are held at (may be empty)
    QString source;     ///< the results folder's name, for export titles
};

/// A sweep's results as a chart (File > Open Sweep Results): a metric against one axis with a
/// line per value of a second, each point the mean over the seeds with its standard error as
/// an error bar; or a metric over two axes as a heat map, blank where no cell finished. A click
/// on a point or a heat-map cell asks for that combination's run (cellClicked); hovering says
/// its mean, standard error, n and range.
class SweepPlot : public QWidget, public Exportable {
    Q_OBJECT
public:
    explicit SweepPlot(QWidget* parent = nullptr);
    ~SweepPlot() override;

    void showLines(const SweepLines& lines, const SweepPlotLabels& labels);
    void showGrid(const SweepGrid& grid, const SweepPlotLabels& labels);
    bool isHeatMap() const { return m_grid.has_value(); }

    /// The point or heat-map cell drawn at `pos` (the chart's own pixels), if any.
    std::optional<SweepPoint> pointAt(QPoint pos) const;
    /// What a click at `pos` does: emits cellClicked for the point there.
    void clickAt(QPoint pos);

    QString exportName() const override { return QStringLiteral("sweep"); }
    QString exportTitle() const override;
    QWidget* exportWidget() override { return this; }
    void renderTo(QPainter& painter, const QRect& target) override;
    /// The points drawn: x, line (or y), mean, stderr, n, min, max; one row per point (empty
    /// when nothing is drawn).
    QByteArray csv() const override;

    /// The chart itself (tests read its graphs, error bars and colour map).
    QCustomPlot* customPlot() const { return m_plot; }
    QCPColorMap* colorMap() const { return m_map; }

signals:
    /// A point or heat-map cell was clicked: the grid index of the cell it opens.
    void cellClicked(size_t cellIndex);

protected:
    bool eventFilter(QObject* watched, QEvent* event) override;

private:
    void clear();
    void setTitle(const QString& title, const QString& detail);
    /// The top and right axes as a frame around the axes' rectangle (the heat map's).
    void setFramed(bool on);
    void addGridLabels(const SweepGrid& grid);
    QString tooltipOf(const SweepPoint& p) const;

    QCustomPlot* m_plot;
    QCPTextElement* m_title;
    QCPTextElement* m_detail;
    QCPLayoutElement* m_spacer = nullptr; ///< under the legend, so that it keeps to the top
    QCPLayoutGrid* m_side;                ///< the column right of the axes: legend or colour scale
    QCPColorMap* m_map = nullptr;
    QCPColorScale* m_scale = nullptr;
    SweepPlotLabels m_labels;
    std::optional<SweepLines> m_lines;
    std::optional<SweepGrid> m_grid;
    QPoint m_pressed{-1, -1};
};

} // namespace ui
