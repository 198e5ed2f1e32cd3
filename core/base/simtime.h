#pragma once

#include <compare>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

namespace core {

/// Simulated time or duration in integer nanoseconds.
/// A strong type so that nanoseconds never mix silently with other integers.
class SimTime {
public:
    constexpr SimTime() = default;
    static constexpr SimTime ns(int64_t v) { return SimTime(v); }
    static constexpr SimTime us(int64_t v) { return SimTime(v * 1000); }
    static constexpr SimTime ms(int64_t v) { return SimTime(v * 1000'000); }
    static constexpr SimTime s(int64_t v) { return SimTime(v * 1000'000'000); }
    static constexpr SimTime max() { return SimTime(INT64_MAX); }
    /// The largest value a scenario may express (2^62 ns, about 146 years).
    static constexpr SimTime scenarioMax() { return SimTime(int64_t{1} << 62); }

    constexpr int64_t count() const { return m_ns; }
    constexpr double seconds() const { return static_cast<double>(m_ns) / 1e9; }

    constexpr auto operator<=>(const SimTime&) const = default;
    constexpr SimTime operator+(SimTime o) const { return SimTime(m_ns + o.m_ns); }
    constexpr SimTime operator-(SimTime o) const { return SimTime(m_ns - o.m_ns); }
    constexpr SimTime operator*(int64_t k) const { return SimTime(m_ns * k); }
    constexpr SimTime operator/(int64_t k) const { return SimTime(m_ns / k); }
    constexpr SimTime& operator+=(SimTime o) {
        m_ns += o.m_ns;
        return *this;
    }
    constexpr SimTime& operator-=(SimTime o) {
        m_ns -= o.m_ns;
        return *this;
    }

private:
    constexpr explicit SimTime(int64_t v)
        : m_ns(v) {}
    int64_t m_ns = 0;
};

/// Result of parsing a duration string such as "1.5ms".
struct DurationParse {
    std::optional<SimTime> value;
    std::string error; ///< why it failed, phrased to follow "expected a duration, ..."
};

/// Parses `<decimal><unit>` with unit ns, us, ms or s, exactly (no floating point):
/// "1.5ms" is 1500000 ns; "0.5ns" and negative values are rejected, as are values over 2^62 ns.
DurationParse parseDuration(std::string_view text);

/// Formats a duration with the largest unit that keeps it exact, e.g. "1.5ms", "250us", "2s".
/// parseDuration(formatDuration(t)) == t for every t >= 0.
std::string formatDuration(SimTime t);

/// Human-oriented fixed-precision rendering, e.g. "1.234 s", "12.0 ms" (not round-trippable).
std::string formatTimeHuman(SimTime t);

} // namespace core
