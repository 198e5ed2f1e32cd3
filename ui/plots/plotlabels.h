#pragma once

#include <QStringList>

class QCPAxis;
class QCPTextElement;
class QCustomPlot;
class QFont;

namespace ui {

/// A plot's words fitted to its width, never cut.

/// A time axis in seconds labelled as finely as its range needs and never crowded: the tick
/// labels carry the significant digits that tell neighbouring ticks apart (1.559204, 1.559206
/// when 190 us are in view, not 1.5592 twice), and there are only as many ticks as fit with a
/// gap between their labels (a narrow plot gets fewer, not labels that run together). Returns
/// whether it changed the axis: QCustomPlot computes the tick labels before afterLayout, so a
/// change needs another replot (followAxes does that).
bool fitTimeAxis(QCPAxis& axis);

/// A value axis with only as many ticks as its length holds with a line of space between their
/// labels (a short histogram's "40000 30000 20000" ran into each other).
bool fitTickCount(QCPAxis& axis);

/// Keeps `time` (fitTimeAxis) and `value` (fitTickCount) fitted, either may be null: before each
/// replot (for its range), and after its layout with one more replot when the width changed them
/// (the labels of this one are made by then).
void followAxes(QCustomPlot& plot, QCPAxis* time, QCPAxis* value);

/// `text` broken into lines at its spaces so that no line is wider than `width` pixels in
/// `font` (a word wider than that keeps a line of its own). Titles and axis labels of a narrow
/// plot wrap instead of running out of it.
QString wrapToWidth(const QString& text, const QFont& font, int width);

/// Sets `axis`'s label to `text` wrapped to the width its axis rect had at the last layout (the
/// label is centred under the data area, not the widget); whether that changed it. Call it after
/// each layout too (QCustomPlot::afterLayout), replotting when it did.
bool wrapAxisLabel(QCPAxis& axis, const QString& text);

/// The first of `wordings` (longest first) no wider than `width` pixels in `font`, else the last.
QString firstThatFits(const QStringList& wordings, const QFont& font, int width);

/// A plot's title (a row of its layout) that is never cut: `wordings` say it from the whole
/// title to the shortest (the last may be empty), each wrapped to the plot's width. A plot too
/// short for its title beside its axes has every row squeezed by QCustomPlot, and a squeezed
/// title runs out of the plot's top edge: then, after the layout, the next shorter wording
/// shows, and hovering it tells the whole title. Call again when the words or the width change:
/// it starts over from the whole title.
void fitTitle(QCPTextElement& title, const QStringList& wordings);

/// Whether `title` has less height than its text needs (squeezed by a plot too short for it).
bool titleSqueezed(const QCPTextElement& title);

} // namespace ui
