#pragma once

#include <QRect>

class QPainter;
class QCustomPlot;
class QChart;

namespace ui {

/// Draws a QCustomPlot laid out for `target`'s size into any painter (vector output stays
/// vector: the plot is recorded into a QPicture first).
void renderCustomPlot(QCustomPlot& plot, QPainter& painter, const QRect& target);
/// Draws a Qt Charts chart laid out for `target`'s size without its own title (the export
/// draws one above it), then restores its size and title.
void renderChart(QChart& chart, QPainter& painter, const QRect& target);

} // namespace ui
