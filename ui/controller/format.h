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

/// Simulated time as people read it, in the unit of its size: "2.500 s", "300.000 ms",
/// "12.345 us", "800 ns". `resolution` is the smallest difference that must show (ns): the
/// decimals are as many as it needs ("130.2 ms" for ticks 200 us apart, "1.559204 s" for the
/// ends of a 189 us span); 0 gives three decimals of the unit. This is the ui's one rounding of
/// a time: from the integer nanoseconds, half away from zero (3,731,500 ns is "3.732 ms" in
/// every view, never 3.731 in one and 3.732 in another as binary fractions would have it).
QString formatNs(SimNs ns, SimNs resolution = 0);

/// The resolution at which the two ends of a span `length` long read apart, with about three
/// significant digits of the length: 188.938 us -> 1 us ("1.559204 s to 1.559393 s"), 3.7 ms
/// -> 10 us. At least 1 ns.
SimNs resolutionFor(SimNs length);

/// How finely the moment of an event (a wakeup, a migration, a click) is told: to the microsecond,
/// as perf and ftrace print their timestamps.
inline constexpr SimNs kEventResolution = 1000;

/// A time with three significant digits, for tight labels: "4.32 us", "60.7 us", "4.11 ms"
/// (formatNs at the resolution of its third digit).
QString formatNsShort(SimNs ns);

} // namespace ui
