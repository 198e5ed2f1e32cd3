#include "scenario/patterns.h"

namespace core {

std::string instanceName(const std::string& base, uint32_t count, uint32_t i) {
    return count > 1 ? base + "#" + std::to_string(i) : base;
}

std::string expandInstance(const std::string& text, uint32_t index) {
    std::string out;
    size_t pos = 0;
    const std::string idx = std::to_string(index);
    while (true) {
        size_t f = text.find("{i}", pos);
        if (f == std::string::npos) {
            out.append(text, pos, std::string::npos);
            return out;
        }
        out.append(text, pos, f - pos);
        out += idx;
        pos = f + 3;
    }
}

bool matchPattern(std::string_view pattern, std::string_view name) {
    // Iterative wildcard match with single backtrack point: linear-ish, no recursion.
    size_t p = 0, n = 0, starP = std::string_view::npos, starN = 0;
    while (n < name.size()) {
        if (p < pattern.size() && pattern[p] == '*') {
            starP = p++;
            starN = n;
        } else if (p < pattern.size() && pattern[p] == name[n]) {
            ++p;
            ++n;
        } else if (starP != std::string_view::npos) {
            p = starP + 1;
            n = ++starN;
        } else {
            return false;
        }
    }
    while (p < pattern.size() && pattern[p] == '*')
        ++p;
    return p == pattern.size();
}

} // namespace core
