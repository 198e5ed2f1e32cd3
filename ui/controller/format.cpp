#include "controller/format.h"

#include <algorithm>
#include <array>
#include <cstdlib>

namespace ui {

namespace {

struct Unit {
    SimNs ns;
    const char* name;
};
constexpr std::array<Unit, 4> kUnits = {{{kNsPerSecond, "s"}, {1'000'000, "ms"}, {1'000, "us"}, {1, "ns"}}};

/// Index into kUnits of the unit a magnitude is read in.
size_t unitOf(SimNs magnitude) {
    for (size_t i = 0; i + 1 < kUnits.size(); ++i)
        if (magnitude >= kUnits[i].ns)
            return i;
    return kUnits.size() - 1;
}

/// a / b rounded half away from zero, for a >= 0 and b > 0.
SimNs roundedQuotient(SimNs a, SimNs b) {
    return a / b + (a % b >= b - a % b ? 1 : 0);
}

} // namespace

QString formatNs(SimNs ns, SimNs resolution) {
    const bool negative = ns < 0;
    const SimNs magnitude = negative ? -ns : ns;
    size_t u = unitOf(magnitude);
    for (;;) {
        const SimNs unit = kUnits[u].ns;
        // As many decimals as the resolution needs, never finer than a nanosecond.
        const SimNs wanted = resolution > 0 ? resolution : std::max<SimNs>(1, unit / 1000);
        int decimals = 0;
        SimNs step = unit;
        while (step > wanted && step > 1) {
            step /= 10;
            ++decimals;
        }
        const SimNs rounded = roundedQuotient(magnitude, step);
        SimNs scale = 1;
        for (int i = 0; i < decimals; ++i)
            scale *= 10;
        // 999.9996 ms rounds to 1000.000 ms: read it in the next unit up.
        if (u > 0 && rounded >= 1000 * scale) {
            --u;
            continue;
        }
        QString text = QString::number(rounded / scale);
        if (decimals > 0)
            text +=
                QLatin1Char('.') + QStringLiteral("%1").arg(rounded % scale, decimals, 10, QLatin1Char('0'));
        return (negative && rounded > 0 ? QStringLiteral("-") : QString()) + text + QLatin1Char(' ') +
               QLatin1String(kUnits[u].name);
    }
}

SimNs resolutionFor(SimNs length) {
    SimNs step = 1;
    for (SimNs l = std::abs(length); l >= 1000; l /= 10)
        step *= 10;
    return step;
}

QString formatNsShort(SimNs ns) {
    return formatNs(ns, resolutionFor(ns));
}

} // namespace ui
