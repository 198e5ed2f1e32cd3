#include "report/comparetable.h"

#include <cmath>
#include <cstdio>

namespace core {

std::string CompareTable::value(double v, Unit u) {
    char buf[48];
    switch (u) {
    case Unit::Fraction:
        std::snprintf(buf, sizeof buf, "%.4f", v);
        break;
    case Unit::Duration: // nanoseconds
        if (v >= 1e9)
            std::snprintf(buf, sizeof buf, "%.3fs", v / 1e9);
        else if (v >= 1e6)
            std::snprintf(buf, sizeof buf, "%.2fms", v / 1e6);
        else
            std::snprintf(buf, sizeof buf, "%.1fus", v / 1e3);
        break;
    case Unit::Count:
        std::snprintf(buf, sizeof buf, "%.0f", v);
        break;
    case Unit::Percent:
        std::snprintf(buf, sizeof buf, "%.2f%%", v);
        break;
    case Unit::Rate:
        std::snprintf(buf, sizeof buf, "%.0f/s", v);
        break;
    }
    return buf;
}

std::string CompareTable::diff(double real, double sim) {
    if (real == 0 && sim == 0)
        return "=";
    if (real == 0)
        return "n/a";
    char buf[32];
    std::snprintf(buf, sizeof buf, "%+.1f%%", (sim - real) / std::abs(real) * 100);
    return buf;
}

CompareTable::CompareTable() = default;

void CompareTable::row(const std::string& what, const std::string& figure, double real, double sim, Unit u) {
    char line[256];
    std::snprintf(line, sizeof line, "%-22s %-20s %14s %14s %9s\n", what.c_str(), figure.c_str(),
                  value(real, u).c_str(), value(sim, u).c_str(), diff(real, sim).c_str());
    m_out << line;
}

} // namespace core
