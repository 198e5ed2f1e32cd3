#include "scenario/jsonscan.h"

#include <cctype>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <unordered_set>
#include <vector>

namespace core {

namespace {

class Scanner {
public:
    explicit Scanner(std::string_view text)
        : m_text(text) {}

    std::optional<JsonProblem> run() {
        skipSpace();
        if (m_pos >= m_text.size())
            return fail("empty file; expected a JSON object");
        if (!value())
            return m_problem;
        // The value() loop only returns after the top-level value is complete.
        skipSpace();
        if (m_pos < m_text.size())
            return fail("unexpected " + describeHere() + " after the end of the JSON document");
        return std::nullopt;
    }

private:
    struct Level {
        bool isObject;
        std::unordered_set<std::string_view> keys;
    };

    std::optional<JsonProblem> fail(std::string msg) {
        TextPosition p = positionOfByte(m_text, m_pos);
        m_problem = JsonProblem{p.line, p.column, std::move(msg)};
        return m_problem;
    }
    bool failed(std::string msg) {
        fail(std::move(msg));
        return false;
    }
    std::string describeHere() const {
        if (m_pos >= m_text.size())
            return "end of input";
        unsigned char c = static_cast<unsigned char>(m_text[m_pos]);
        if (c >= 0x20 && c < 0x7f)
            return std::string("'") + static_cast<char>(c) + "'";
        char buf[16];
        std::snprintf(buf, sizeof buf, "byte 0x%02x", c);
        return buf;
    }
    void skipSpace() {
        while (m_pos < m_text.size()) {
            char c = m_text[m_pos];
            if (c != ' ' && c != '\t' && c != '\n' && c != '\r')
                break;
            ++m_pos;
        }
    }

    /// Scans one complete JSON value (which may be a deeply nested container) iteratively.
    bool value() {
        std::vector<Level> stack;
        while (true) {
            skipSpace();
            // Expect a value here.
            if (m_pos >= m_text.size())
                return failed("unexpected end of input; expected a value");
            char c = m_text[m_pos];
            if (c == '{' || c == '[') {
                if (static_cast<int>(stack.size()) >= kMaxJsonDepth)
                    return failed("nesting deeper than " + std::to_string(kMaxJsonDepth) + " levels");
                ++m_pos;
                stack.push_back({c == '{', {}});
                skipSpace();
                char close = c == '{' ? '}' : ']';
                if (m_pos < m_text.size() && m_text[m_pos] == close) {
                    ++m_pos; // empty container: a complete value
                    stack.pop_back();
                } else if (c == '{') {
                    if (!key(stack.back()))
                        return false;
                    continue;
                } else {
                    continue; // array: expect its first value
                }
            } else {
                if (c == '"') {
                    if (!string(nullptr))
                        return false;
                } else if (c == '-' || (c >= '0' && c <= '9')) {
                    if (!number())
                        return false;
                } else if (c == 't') {
                    if (!literal("true"))
                        return false;
                } else if (c == 'f') {
                    if (!literal("false"))
                        return false;
                } else if (c == 'n') {
                    if (!literal("null"))
                        return false;
                } else {
                    // Includes a closing bracket where a value belongs: "[1,]" or "{"a":}".
                    return failed("unexpected " + describeHere() + "; expected a value");
                }
            }
            // A value just completed: close containers as far as they end here.
            while (true) {
                if (stack.empty())
                    return true;
                skipSpace();
                if (m_pos >= m_text.size())
                    return failed(std::string("unexpected end of input; expected ',' or '") +
                                  (stack.back().isObject ? '}' : ']') + "'");
                char n = m_text[m_pos];
                const char close = stack.back().isObject ? '}' : ']';
                if (n == close) {
                    ++m_pos;
                    stack.pop_back();
                    continue;
                }
                if (n == ',') {
                    ++m_pos;
                    if (stack.back().isObject && !key(stack.back()))
                        return false;
                    break; // next value
                }
                return failed("unexpected " + describeHere() + "; expected ',' or '" + close + "'");
            }
        }
    }

    /// Reads `"key" :` inside an object, checking for duplicates.
    bool key(Level& level) {
        skipSpace();
        if (m_pos >= m_text.size())
            return failed("unexpected end of input; expected a string key");
        if (m_text[m_pos] != '"')
            return failed("unexpected " + describeHere() + "; expected a string key");
        const size_t keyPos = m_pos;
        std::string_view raw;
        if (!string(&raw))
            return false;
        if (!level.keys.insert(raw).second) {
            m_pos = keyPos;
            return failed("duplicate key \"" + std::string(raw.substr(0, 60)) + "\" in the same object");
        }
        skipSpace();
        if (m_pos >= m_text.size())
            return failed("unexpected end of input; expected ':'");
        if (m_text[m_pos] != ':')
            return failed("unexpected " + describeHere() + "; expected ':' after the key");
        ++m_pos;
        return true;
    }

    bool string(std::string_view* raw) {
        const size_t start = ++m_pos;
        while (m_pos < m_text.size()) {
            unsigned char c = static_cast<unsigned char>(m_text[m_pos]);
            if (c == '"') {
                if (raw)
                    *raw = m_text.substr(start, m_pos - start);
                ++m_pos;
                return true;
            }
            if (c < 0x20)
                return failed("control character in a string (escape it, e.g. \\n)");
            if (c == '\\') {
                ++m_pos;
                if (m_pos >= m_text.size())
                    break;
                char e = m_text[m_pos];
                if (e == 'u') {
                    for (int k = 1; k <= 4; ++k) {
                        if (m_pos + k >= m_text.size() ||
                            !std::isxdigit(static_cast<unsigned char>(m_text[m_pos + k]))) {
                            m_pos += static_cast<size_t>(k);
                            return failed("invalid \\u escape; expected four hex digits");
                        }
                    }
                    m_pos += 4;
                } else if (std::string_view("\"\\/bfnrt").find(e) == std::string_view::npos) {
                    return failed("invalid escape \\" + std::string(1, e) + " in a string");
                }
            }
            ++m_pos;
        }
        return failed("unexpected end of input inside a string");
    }

    bool number() {
        const size_t start = m_pos;
        if (m_text[m_pos] == '-')
            ++m_pos;
        auto digits = [&] {
            size_t s = m_pos;
            while (m_pos < m_text.size() && m_text[m_pos] >= '0' && m_text[m_pos] <= '9')
                ++m_pos;
            return m_pos - s;
        };
        if (m_pos < m_text.size() && m_text[m_pos] == '0') {
            ++m_pos;
        } else if (digits() == 0) {
            return failed("invalid number; expected a digit");
        }
        if (m_pos < m_text.size() && m_text[m_pos] == '.') {
            ++m_pos;
            if (digits() == 0)
                return failed("invalid number; expected a digit after '.'");
        }
        if (m_pos < m_text.size() && (m_text[m_pos] == 'e' || m_text[m_pos] == 'E')) {
            ++m_pos;
            if (m_pos < m_text.size() && (m_text[m_pos] == '+' || m_text[m_pos] == '-'))
                ++m_pos;
            if (digits() == 0)
                return failed("invalid number; expected a digit in the exponent");
        }
        if (m_pos - start > 512)
            return failed("number literal longer than 512 characters");
        // JSON has no limit on magnitude but a double does; say so here, with the position.
        const std::string literal(m_text.substr(start, m_pos - start));
        const double v = std::strtod(literal.c_str(), nullptr);
        if (std::isinf(v)) {
            m_pos = start;
            return failed("number " + literal.substr(0, 40) + " is out of range");
        }
        return true;
    }

    bool literal(std::string_view word) {
        if (m_text.substr(m_pos, word.size()) != word)
            return failed("unexpected " + describeHere() + "; expected a value");
        m_pos += word.size();
        return true;
    }

    std::string_view m_text;
    size_t m_pos = 0;
    std::optional<JsonProblem> m_problem;
};

} // namespace

TextPosition positionOfByte(std::string_view text, size_t byte) {
    TextPosition p;
    const size_t end = std::min(byte, text.size());
    for (size_t i = 0; i < end; ++i) {
        unsigned char c = static_cast<unsigned char>(text[i]);
        if (c == '\n') {
            ++p.line;
            p.column = 1;
        } else if ((c & 0xc0) != 0x80) {
            ++p.column;
        }
    }
    return p;
}

std::optional<JsonProblem> scanJson(std::string_view text) {
    return Scanner(text).run();
}

} // namespace core
