#pragma once

#include <qcustomplot.h>

namespace ui {

/// The heat maps' perceptually ordered sequential colour map: `lightEnd` through orange and
/// red to dark purple, lightness falling steadily. NaN cells (no value) are drawn white.
inline QCPColorGradient sequentialHeatGradient(const QColor& lightEnd) {
    QCPColorGradient g;
    g.clearColorStops();
    g.setColorStopAt(0.0, lightEnd);
    g.setColorStopAt(0.25, QColor(0xfe, 0x9f, 0x6d));
    g.setColorStopAt(0.5, QColor(0xde, 0x49, 0x68));
    g.setColorStopAt(0.75, QColor(0x8c, 0x29, 0x81));
    g.setColorStopAt(1.0, QColor(0x3b, 0x0f, 0x70));
    g.setColorInterpolation(QCPColorGradient::ciRGB);
    g.setNanHandling(QCPColorGradient::nhNanColor);
    g.setNanColor(Qt::white);
    return g;
}

} // namespace ui
