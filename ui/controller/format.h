#pragma once

#include "base/simtime.h"

#include <QString>

namespace ui {

/// Simulated time in the ui is nanoseconds (int64_t, as core::SimTime counts them); these are
/// the one conversion to and from the seconds that chart axes and labels show.
inline constexpr int64_t kNsPerSecond = 1'000'000'000;
inline double toSeconds(int64_t ns) {
    return static_cast<double>(ns) / 1e9;
}
inline int64_t fromSeconds(double s) {
    return static_cast<int64_t>(s * 1e9);
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
inline QString formatNs(int64_t ns) {
    return QString::fromStdString(core::formatTimeHuman(core::SimTime::ns(ns)));
}

} // namespace ui
