#pragma once

#include <QString>

class QCPAxis;
class QFont;

namespace ui {

/// A plot's words fitted to its width, never cut.

/// A time axis in seconds labelled as finely as its range needs and never crowded: the tick
/// labels carry the significant digits that tell neighbouring ticks apart (1.559204, 1.559206
/// when 190 us are in view, not 1.5592 twice), and there are only as many ticks as fit with a
/// gap between their labels (a narrow plot gets fewer, not labels that run together). Call it
/// after the axis's range or the plot's width changed (QCustomPlot::afterLayout).
void fitTimeAxis(QCPAxis& axis);

/// A value axis with only as many ticks as its length holds with a line of space between their
/// labels (a short histogram's "40000 30000 20000" ran into each other).
void fitTickCount(QCPAxis& axis);

/// `text` broken into lines at its spaces so that no line is wider than `width` pixels in
/// `font` (a word wider than that keeps a line of its own). Titles and axis labels of a narrow
/// plot wrap instead of running out of it.
QString wrapToWidth(const QString& text, const QFont& font, int width);

} // namespace ui
