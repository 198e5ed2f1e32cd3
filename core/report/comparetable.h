#pragma once

// The side-by-side table of a real and a simulated figure with their relative difference, as
// the reality check and the replay of a recording print it.

#include <sstream>
#include <string>

namespace core {

class CompareTable {
public:
    enum class Unit { Fraction, Duration, Count, Percent, Rate };

    /// A figure as the table prints it (Duration in nanoseconds, printed in s, ms or us).
    static std::string value(double v, Unit u);
    /// (sim - real) / real as "+12.3%", "=" when both are 0, "n/a" when only real is.
    static std::string diff(double real, double sim);

    CompareTable();
    void row(const std::string& what, const std::string& figure, double real, double sim, Unit u);
    std::ostringstream& out() { return m_out; }

private:
    std::ostringstream m_out;
};

} // namespace core
