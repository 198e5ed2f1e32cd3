#include "base/simtime.h"

#include <array>
#include <cstdio>

namespace core {

namespace {

struct Unit {
    std::string_view suffix;
    int64_t ns;
};

// Longest suffix first so "ms" is not read as "s".
constexpr std::array<Unit, 4> kUnits{{{"ns", 1}, {"us", 1000}, {"ms", 1000'000}, {"s", 1000'000'000}}};

} // namespace

DurationParse parseDuration(std::string_view text) {
    DurationParse out;
    const Unit* unit = nullptr;
    for (const Unit& u : kUnits) {
        if (text.size() > u.suffix.size() && text.substr(text.size() - u.suffix.size()) == u.suffix) {
            // "1ms" also ends in "s": the numeric part must then not end in a letter.
            std::string_view num = text.substr(0, text.size() - u.suffix.size());
            if (!num.empty() && (num.back() == 'm' || num.back() == 'u' || num.back() == 'n'))
                continue;
            unit = &u;
            break;
        }
    }
    if (!unit) {
        out.error = "a number followed by ns, us, ms or s";
        return out;
    }
    std::string_view num = text.substr(0, text.size() - unit->suffix.size());
    if (num.empty() || num.front() == '-') {
        out.error = num.empty() ? "a number before the unit" : "a non-negative duration";
        return out;
    }
    // Exact decimal: integer part and fraction part as integers.
    const int64_t limit = SimTime::scenarioMax().count();
    int64_t whole = 0;
    size_t i = 0;
    bool anyDigit = false;
    for (; i < num.size() && num[i] >= '0' && num[i] <= '9'; ++i) {
        anyDigit = true;
        if (whole > limit / 10) {
            out.error = "at most 2^62 ns";
            return out;
        }
        whole = whole * 10 + (num[i] - '0');
    }
    int64_t frac = 0;
    int64_t fracScale = 1;
    if (i < num.size() && num[i] == '.') {
        ++i;
        bool fracDigit = false;
        for (; i < num.size() && num[i] >= '0' && num[i] <= '9'; ++i) {
            fracDigit = true;
            if (fracScale >= unit->ns) {
                // More fractional digits than the unit can hold: only zeros are still exact.
                if (num[i] != '0') {
                    out.error = "a whole number of nanoseconds";
                    return out;
                }
                continue;
            }
            frac = frac * 10 + (num[i] - '0');
            fracScale *= 10;
        }
        if (!fracDigit) {
            out.error = "digits after the decimal point";
            return out;
        }
    }
    if (!anyDigit || i != num.size()) {
        out.error = "a number followed by ns, us, ms or s";
        return out;
    }
    if (whole > limit / unit->ns) {
        out.error = "at most 2^62 ns";
        return out;
    }
    int64_t total = whole * unit->ns;
    // fracScale divides unit->ns here (both powers of ten, fracScale <= unit).
    int64_t fracNs = frac * (unit->ns / fracScale);
    if (total > limit - fracNs) {
        out.error = "at most 2^62 ns";
        return out;
    }
    out.value = SimTime::ns(total + fracNs);
    return out;
}

std::string formatDuration(SimTime t) {
    const int64_t v = t.count();
    if (v == 0)
        return "0s";
    // Pick the largest unit that leaves at most three fractional digits and is exact.
    for (auto it = kUnits.rbegin(); it != kUnits.rend(); ++it) {
        const int64_t u = it->ns;
        if (u == 1)
            break;
        if (v % (u / 1000 > 0 ? u / 1000 : 1) != 0 || v < u)
            continue;
        int64_t whole = v / u;
        int64_t rem = v % u;
        std::string s = std::to_string(whole);
        if (rem != 0) {
            int64_t milli = rem / (u / 1000);
            char buf[24]; // milli < 1000; sized for any long long, so nothing can truncate
            std::snprintf(buf, sizeof buf, "%03lld", static_cast<long long>(milli));
            std::string f(buf);
            while (!f.empty() && f.back() == '0')
                f.pop_back();
            s += "." + f;
        }
        return s + std::string(it->suffix);
    }
    return std::to_string(v) + "ns";
}

std::string formatTimeHuman(SimTime t) {
    const double v = static_cast<double>(t.count());
    char buf[64];
    if (t.count() >= 1000'000'000 || t.count() <= -1000'000'000)
        std::snprintf(buf, sizeof buf, "%.3f s", v / 1e9);
    else if (t.count() >= 1000'000 || t.count() <= -1000'000)
        std::snprintf(buf, sizeof buf, "%.3f ms", v / 1e6);
    else if (t.count() >= 1000 || t.count() <= -1000)
        std::snprintf(buf, sizeof buf, "%.3f us", v / 1e3);
    else
        std::snprintf(buf, sizeof buf, "%lld ns", static_cast<long long>(t.count()));
    return buf;
}

} // namespace core
