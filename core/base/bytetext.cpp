#include "base/bytetext.h"

#include <cstdint>

namespace core {

namespace {

/// The length of the valid UTF-8 sequence at the start of `s`, or 0 when there is none.
size_t sequenceLength(std::string_view s) {
    const auto b = [&](size_t i) { return static_cast<uint8_t>(s[i]); };
    const uint8_t c = b(0);
    if (c < 0x80)
        return 1;
    size_t n = 0;
    uint8_t lo = 0x80, hi = 0xBF; // the range of the second byte
    if (c >= 0xC2 && c <= 0xDF) {
        n = 2;
    } else if (c >= 0xE0 && c <= 0xEF) {
        n = 3;
        if (c == 0xE0)
            lo = 0xA0; // overlong
        if (c == 0xED)
            hi = 0x9F; // surrogates
    } else if (c >= 0xF0 && c <= 0xF4) {
        n = 4;
        if (c == 0xF0)
            lo = 0x90; // overlong
        if (c == 0xF4)
            hi = 0x8F; // above U+10FFFF
    } else {
        return 0;
    }
    if (s.size() < n || b(1) < lo || b(1) > hi)
        return 0;
    for (size_t i = 2; i < n; ++i)
        if (b(i) < 0x80 || b(i) > 0xBF)
            return 0;
    return n;
}

void appendEscape(std::string& out, uint8_t c) {
    static constexpr char kHex[] = "0123456789ABCDEF";
    out += "\\x";
    out += kHex[c >> 4];
    out += kHex[c & 15];
}

int hexDigit(char c) {
    if (c >= '0' && c <= '9')
        return c - '0';
    if (c >= 'A' && c <= 'F')
        return c - 'A' + 10;
    if (c >= 'a' && c <= 'f')
        return c - 'a' + 10;
    return -1;
}

} // namespace

bool isUtf8(std::string_view s) {
    while (!s.empty()) {
        const size_t n = sequenceLength(s);
        if (n == 0)
            return false;
        s.remove_prefix(n);
    }
    return true;
}

std::string bytesAsText(std::string_view s) {
    if (isUtf8(s))
        return std::string(s);
    std::string out;
    out.reserve(s.size() + 8);
    while (!s.empty()) {
        const size_t n = sequenceLength(s);
        if (n == 0 || s[0] == '\\') {
            appendEscape(out, static_cast<uint8_t>(s[0]));
            s.remove_prefix(1);
        } else {
            out.append(s.substr(0, n));
            s.remove_prefix(n);
        }
    }
    return out;
}

std::string bytesOfText(std::string_view text) {
    std::string out;
    out.reserve(text.size());
    for (size_t i = 0; i < text.size(); ++i) {
        if (text[i] == '\\' && i + 3 < text.size() && text[i + 1] == 'x') {
            const int hi = hexDigit(text[i + 2]), lo = hexDigit(text[i + 3]);
            if (hi >= 0 && lo >= 0) {
                out += static_cast<char>(hi * 16 + lo);
                i += 3;
                continue;
            }
        }
        out += text[i];
    }
    return out;
}

std::string csvQuoted(std::string_view s) {
    std::string q = "\"";
    for (char c : bytesAsText(s)) {
        if (c == '"')
            q += '"';
        q += c;
    }
    return q + "\"";
}

} // namespace core
