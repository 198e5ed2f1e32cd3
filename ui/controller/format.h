#pragma once

#include "base/simtime.h"

#include <QString>

namespace ui {

/// A point or span of simulated time in the ui: nanoseconds since the start of the run, as
/// core::SimTime::count() gives them (History, lanes, the view range and cursor, models and
/// plots all use it). toSeconds / fromSeconds are the one conversion to and from the seconds
/// that chart axes and labels show.
using SimNs = int64_t;
inline constexpr SimNs kNsPerSecond = 1'000'000'000;
inline double toSeconds(SimNs ns) {
    return static_cast<double>(ns) / static_cast<double>(kNsPerSecond);
}
inline SimNs fromSeconds(double s) {
    return static_cast<SimNs>(s * static_cast<double>(kNsPerSecond));
}

/// A rate or count for a label: 1234567 -> "1.23 M", 45600 -> "45.6 k", 12 -> "12".
inline QString compactNumber(double v) {
    if (v >= 1e6)
        return QStringLiteral("%1 M").arg(v / 1e6, 0, 'f', 2);
    if (v >= 1e3)
        return QStringLiteral("%1 k").arg(v / 1e3, 0, 'f', 1);
    return QString::number(v, 'f', 0);
}

/// Simulated nanoseconds as people read them: "2.5 s", "300 ms", "12 us".
inline QString formatNs(SimNs ns) {
    return QString::fromStdString(core::formatTimeHuman(core::SimTime::ns(ns)));
}

/// A duration with three significant digits, for tight labels: "4.32 us", "60.7 us", "4.11 ms".
inline QString formatNsShort(SimNs ns) {
    const double v = static_cast<double>(ns);
    if (v < 1e3)
        return QStringLiteral("%1 ns").arg(ns);
    if (v < 1e6)
        return QStringLiteral("%1 us").arg(QString::number(v / 1e3, 'g', 3));
    if (v < 1e9)
        return QStringLiteral("%1 ms").arg(QString::number(v / 1e6, 'g', 3));
    return QStringLiteral("%1 s").arg(QString::number(v / 1e9, 'g', 3));
}

} // namespace ui
