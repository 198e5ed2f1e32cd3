#pragma once

#include <QRect>
#include <QString>

class QPainter;
class QWidget;

namespace ui {

/// A view that can be written out: drawn into any painter at any size (PNG, SVG, PDF, the
/// clipboard) and, where it has data, as CSV. Every chart and table of the main window is one.
class Exportable {
public:
    virtual ~Exportable() = default;
    /// File name stem, e.g. "occupancy".
    virtual QString exportName() const = 0;
    /// Human title drawn above the chart in exported images.
    virtual QString exportTitle() const = 0;
    /// The widget the context menu attaches to and whose size is the default export size.
    virtual QWidget* exportWidget() = 0;
    /// Whether it draws (tables only have data).
    virtual bool hasImage() const { return true; }
    /// Draws the view into `target` (its own coordinates: axes, legend and all), laid out for
    /// that size; the painter may be a PNG, SVG or PDF device.
    virtual void renderTo(QPainter& painter, const QRect& target) = 0;
    /// Its data as CSV (RFC 4180, header row first); empty when it has none.
    virtual QByteArray csv() const = 0;
    /// Brings its data up to date before it is written: views refresh only while shown, so a
    /// hidden one may be behind. A view whose data takes long to compute starts it here.
    virtual void bringUpToDate() {}
    /// Whether it is still computing what bringUpToDate() started (an export waits for it).
    virtual bool isBusy() const { return false; }
};

} // namespace ui
