// rt-app's JSON dialect (import/rtappjson.h). Written from json-c's documented behaviour; no
// json-c or rt-app code is used.
#include "import/rtappjson.h"

#include "import/rtapp.h"

#include <algorithm>
#include <cctype>
#include <charconv>
#include <cmath>
#include <cstdio>
#include <unordered_map>

namespace core::rtappjson {

namespace {

// ---------------------------------------------------------------------------------------------
// A tolerant JSON reader with the quirks of json-c in its default (non-strict) mode, which is
// what rt-app parses with: /* */ and // comments, trailing commas in objects and arrays,
// single-quoted strings, true/false/null in any letter case, leading zeros in numbers.
//
// Duplicate keys: json-c's json_object_object_add() looks the key up and, when it exists,
// replaces the value in place. So the LAST value wins, at the position of the FIRST occurrence
// (and the earlier values are gone). This reader does the same and reports every duplicate, since
// rt-app files written for the workgen preprocessor repeat keys ("run", "sleep", ...) on purpose.
//
// Recursive descent, at most kMaxDepth nested arrays/objects, so hostile input cannot exhaust the
// stack; every loop consumes input, so it cannot hang.
// ---------------------------------------------------------------------------------------------

constexpr int kMaxDepth = 128;

std::string pathJoin(const std::string& p, const std::string& k) {
    return p.empty() ? k : p + "." + k;
}

class Reader {
public:
    Reader(std::string_view text, const std::string& source)
        : m_text(text)
        , m_source(source) {}

    JVal parseDocument() {
        skipWs();
        JVal root = value(0, "");
        skipWs();
        if (m_pos < m_text.size())
            fail("expected the end of the input after the top-level value", m_pos);
        return root;
    }
    const std::vector<Duplicate>& duplicates() const { return m_dups; }

private:
    std::string_view m_text;
    const std::string& m_source;
    size_t m_pos = 0;
    std::vector<Duplicate> m_dups;

    bool atEnd() const { return m_pos >= m_text.size(); }
    char peek() const { return m_text[m_pos]; }

    std::string foundAt(size_t at) const {
        if (at >= m_text.size())
            return "the end of the input";
        const auto c = static_cast<unsigned char>(m_text[at]);
        if (c >= 0x21 && c < 0x7F)
            return std::string("'") + static_cast<char>(c) + "'";
        if (c == ' ')
            return "a space";
        if (c == '\n' || c == '\r')
            return "a line break";
        if (c == '\t')
            return "a tab";
        char buf[16];
        std::snprintf(buf, sizeof buf, "byte 0x%02X", c);
        return buf;
    }

    [[noreturn]] void fail(const std::string& expected, size_t at, const std::string& hint = "") const {
        size_t line = 1, col = 1;
        const size_t end = std::min(at, m_text.size());
        for (size_t i = 0; i < end; ++i) {
            const auto c = static_cast<unsigned char>(m_text[i]);
            if (c == '\n') {
                ++line;
                col = 1;
            } else if ((c & 0xC0) != 0x80) {
                ++col;
            }
        }
        throw RtAppError(m_source + ":" + std::to_string(line) + ":" + std::to_string(col) + ": " + expected +
                         ", found " + foundAt(at) + hint);
    }

    void skipWs() {
        while (!atEnd()) {
            const char c = peek();
            if (c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == '\f' || c == '\v') {
                ++m_pos;
            } else if (c == '/') {
                const size_t start = m_pos;
                if (m_pos + 1 >= m_text.size() || (m_text[m_pos + 1] != '*' && m_text[m_pos + 1] != '/'))
                    fail("expected a comment (\"/*\" or \"//\") after '/'", m_pos + 1);
                if (m_text[m_pos + 1] == '/') {
                    const size_t nl = m_text.find('\n', m_pos);
                    m_pos = nl == std::string_view::npos ? m_text.size() : nl + 1;
                } else {
                    const size_t close = m_text.find("*/", m_pos + 2);
                    if (close == std::string_view::npos)
                        fail("expected \"*/\" closing the comment opened at byte " + std::to_string(start),
                             m_text.size());
                    m_pos = close + 2;
                }
            } else {
                break;
            }
        }
    }

    bool literal(std::string_view word) {
        if (m_text.size() - m_pos < word.size())
            return false;
        for (size_t k = 0; k < word.size(); ++k)
            if (std::tolower(static_cast<unsigned char>(m_text[m_pos + k])) != word[k])
                return false;
        m_pos += word.size();
        return true;
    }

    JVal value(int depth, const std::string& path) {
        if (atEnd())
            fail("expected a value", m_pos);
        JVal v;
        const char c = peek();
        if (c == '{' || c == '[') {
            if (depth >= kMaxDepth)
                fail("expected at most " + std::to_string(kMaxDepth) + " nested arrays and objects", m_pos);
            return c == '{' ? object(depth + 1, path) : array(depth + 1, path);
        }
        if (c == '"' || c == '\'') {
            v.t = JVal::T::Str;
            v.s = string();
            return v;
        }
        if (c == 't' || c == 'T' || c == 'f' || c == 'F') {
            v.t = JVal::T::Bool;
            if (literal("true"))
                v.b = true;
            else if (!literal("false"))
                fail("expected true or false", m_pos);
            return v;
        }
        if (c == 'n' || c == 'N') {
            if (!literal("null"))
                fail("expected null", m_pos);
            return v;
        }
        if (c == '-' || (c >= '0' && c <= '9'))
            return number();
        fail("expected a value (an object, array, string, number, true, false or null)", m_pos);
    }

    JVal number() {
        const size_t start = m_pos;
        if (peek() == '-')
            ++m_pos;
        auto digits = [&] {
            size_t n = 0;
            while (!atEnd() && peek() >= '0' && peek() <= '9') {
                ++m_pos;
                ++n;
            }
            return n;
        };
        if (digits() == 0)
            fail("expected a digit", m_pos);
        bool isDouble = false;
        if (!atEnd() && peek() == '.') {
            ++m_pos;
            isDouble = true;
            if (digits() == 0)
                fail("expected a digit after the decimal point", m_pos);
        }
        if (!atEnd() && (peek() == 'e' || peek() == 'E')) {
            ++m_pos;
            isDouble = true;
            if (!atEnd() && (peek() == '+' || peek() == '-'))
                ++m_pos;
            if (digits() == 0)
                fail("expected a digit in the exponent", m_pos);
        }
        const std::string_view tok = m_text.substr(start, m_pos - start);
        JVal v;
        if (!isDouble) {
            v.t = JVal::T::Int;
            auto r = std::from_chars(tok.data(), tok.data() + tok.size(), v.i);
            if (r.ec != std::errc())
                fail("expected an integer within the 64-bit range", start);
            return v;
        }
        v.t = JVal::T::Dbl;
        auto r = std::from_chars(tok.data(), tok.data() + tok.size(), v.d);
        if (r.ec != std::errc() || !std::isfinite(v.d))
            fail("expected a number within the range of a double", start);
        return v;
    }

    static void appendUtf8(std::string& out, uint32_t cp) {
        if (cp < 0x80) {
            out += static_cast<char>(cp);
        } else if (cp < 0x800) {
            out += static_cast<char>(0xC0 | (cp >> 6));
            out += static_cast<char>(0x80 | (cp & 0x3F));
        } else if (cp < 0x10000) {
            out += static_cast<char>(0xE0 | (cp >> 12));
            out += static_cast<char>(0x80 | ((cp >> 6) & 0x3F));
            out += static_cast<char>(0x80 | (cp & 0x3F));
        } else {
            out += static_cast<char>(0xF0 | (cp >> 18));
            out += static_cast<char>(0x80 | ((cp >> 12) & 0x3F));
            out += static_cast<char>(0x80 | ((cp >> 6) & 0x3F));
            out += static_cast<char>(0x80 | (cp & 0x3F));
        }
    }

    uint32_t hex4() {
        if (m_text.size() - m_pos < 4)
            fail("expected four hex digits after \\u", m_pos);
        uint32_t v = 0;
        for (int k = 0; k < 4; ++k) {
            const char h = m_text[m_pos];
            v <<= 4;
            if (h >= '0' && h <= '9')
                v |= static_cast<uint32_t>(h - '0');
            else if (h >= 'a' && h <= 'f')
                v |= static_cast<uint32_t>(h - 'a' + 10);
            else if (h >= 'A' && h <= 'F')
                v |= static_cast<uint32_t>(h - 'A' + 10);
            else
                fail("expected a hex digit in \\u escape", m_pos);
            ++m_pos;
        }
        return v;
    }

    std::string string() {
        const char quote = peek();
        const size_t open = m_pos;
        ++m_pos;
        std::string out;
        for (;;) {
            if (atEnd())
                fail(std::string("expected ") + quote + " closing the string opened at byte " +
                         std::to_string(open),
                     m_pos);
            const char c = peek();
            if (c == quote) {
                ++m_pos;
                return out;
            }
            if (c != '\\') {
                out += c;
                ++m_pos;
                continue;
            }
            ++m_pos;
            if (atEnd())
                fail("expected an escape sequence after '\\'", m_pos);
            const char e = peek();
            ++m_pos;
            switch (e) {
            case '"':
                out += '"';
                break;
            case '\'':
                out += '\'';
                break;
            case '\\':
                out += '\\';
                break;
            case '/':
                out += '/';
                break;
            case 'b':
                out += '\b';
                break;
            case 'f':
                out += '\f';
                break;
            case 'n':
                out += '\n';
                break;
            case 'r':
                out += '\r';
                break;
            case 't':
                out += '\t';
                break;
            case 'u': {
                uint32_t cp = hex4();
                if (cp >= 0xD800 && cp < 0xDC00 && m_text.size() - m_pos >= 6 && m_text[m_pos] == '\\' &&
                    m_text[m_pos + 1] == 'u') {
                    const size_t save = m_pos;
                    m_pos += 2;
                    const uint32_t lo = hex4();
                    if (lo >= 0xDC00 && lo < 0xE000)
                        cp = 0x10000 + ((cp - 0xD800) << 10) + (lo - 0xDC00);
                    else
                        m_pos = save;
                }
                if (cp >= 0xD800 && cp < 0xE000)
                    cp = 0xFFFD; // a lone surrogate: the replacement character, as json-c does
                appendUtf8(out, cp);
                break;
            }
            default:
                fail("expected an escape sequence (\\\" \\\\ \\/ \\b \\f \\n \\r \\t \\uXXXX)", m_pos - 1);
            }
        }
    }

    JVal object(int depth, const std::string& path) {
        ++m_pos; // '{'
        JVal v;
        v.t = JVal::T::Obj;
        std::unordered_map<std::string, size_t> index;
        skipWs();
        if (!atEnd() && peek() == '}') {
            ++m_pos;
            return v;
        }
        for (;;) {
            skipWs();
            if (atEnd() || (peek() != '"' && peek() != '\''))
                fail("expected a quoted key or '}'", m_pos);
            std::string key = string();
            skipWs();
            if (atEnd() || peek() != ':') {
                std::string hint;
                if (!atEnd() && (peek() == ',' || peek() == '}'))
                    hint = " (a key without a value is workgen shorthand: rt-app's workgen script fills it "
                           "in before rt-app reads the file)";
                fail("expected ':' after the key \"" + cleanUtf8(key, 60) + "\"", m_pos, hint);
            }
            ++m_pos;
            skipWs();
            const std::string childPath = pathJoin(path, cleanUtf8(key, 200));
            JVal child = value(depth, childPath);
            if (auto it = index.find(key); it != index.end()) {
                v.obj[it->second].second = std::move(child);
                m_dups.push_back({childPath, describe(v.obj[it->second].second)});
            } else {
                index.emplace(key, v.obj.size());
                v.obj.emplace_back(std::move(key), std::move(child));
            }
            skipWs();
            if (atEnd())
                fail("expected ',' or '}'", m_pos);
            if (peek() == ',') {
                ++m_pos;
                skipWs();
                if (!atEnd() && peek() == '}') { // trailing comma, as json-c accepts
                    ++m_pos;
                    return v;
                }
                continue;
            }
            if (peek() == '}') {
                ++m_pos;
                return v;
            }
            fail("expected ',' or '}'", m_pos);
        }
    }

    JVal array(int depth, const std::string& path) {
        ++m_pos; // '['
        JVal v;
        v.t = JVal::T::Arr;
        skipWs();
        if (!atEnd() && peek() == ']') {
            ++m_pos;
            return v;
        }
        for (;;) {
            skipWs();
            v.arr.push_back(value(depth, path + "[" + std::to_string(v.arr.size()) + "]"));
            skipWs();
            if (atEnd())
                fail("expected ',' or ']'", m_pos);
            if (peek() == ',') {
                ++m_pos;
                skipWs();
                if (!atEnd() && peek() == ']') {
                    ++m_pos;
                    return v;
                }
                continue;
            }
            if (peek() == ']') {
                ++m_pos;
                return v;
            }
            fail("expected ',' or ']'", m_pos);
        }
    }
};

} // namespace

std::string cleanUtf8(std::string_view s, size_t maxBytes) {
    std::string out;
    for (size_t i = 0; i < s.size() && out.size() < maxBytes;) {
        const auto c = static_cast<unsigned char>(s[i]);
        size_t n = c < 0x80 ? 1 : (c >> 5) == 6 ? 2 : (c >> 4) == 14 ? 3 : (c >> 3) == 30 ? 4 : 0;
        bool ok = n > 0 && i + n <= s.size();
        for (size_t k = 1; ok && k < n; ++k)
            ok = (static_cast<unsigned char>(s[i + k]) & 0xC0) == 0x80;
        if (ok && n == 2 && c < 0xC2)
            ok = false; // overlong
        if (ok && n == 3) {
            const auto c1 = static_cast<unsigned char>(s[i + 1]);
            if ((c == 0xE0 && c1 < 0xA0) || (c == 0xED && c1 >= 0xA0))
                ok = false; // overlong or surrogate
        }
        if (ok && n == 4) {
            const auto c1 = static_cast<unsigned char>(s[i + 1]);
            if ((c == 0xF0 && c1 < 0x90) || (c == 0xF4 && c1 >= 0x90) || c > 0xF4)
                ok = false;
        }
        if (!ok) {
            out += '?';
            ++i;
            continue;
        }
        if (n == 1 && (c < 0x20 || c == 0x7F)) {
            out += '?';
        } else {
            if (out.size() + n > maxBytes)
                break;
            out.append(s.substr(i, n));
        }
        i += n;
    }
    return out;
}

std::string describe(const JVal& v) {
    switch (v.t) {
    case JVal::T::Null:
        return "null";
    case JVal::T::Bool:
        return v.b ? "true" : "false";
    case JVal::T::Int:
        return std::to_string(v.i);
    case JVal::T::Dbl: {
        char buf[64];
        auto r = std::to_chars(buf, buf + sizeof buf, v.d);
        return std::string(buf, r.ptr);
    }
    case JVal::T::Str: {
        std::string s = cleanUtf8(v.s, 60);
        if (s.size() < v.s.size())
            s += "...";
        return "\"" + s + "\"";
    }
    case JVal::T::Arr:
        return "an array";
    case JVal::T::Obj:
        return "an object";
    }
    return "?";
}

Document parse(std::string_view text, const std::string& source) {
    Reader reader(text, source);
    Document doc;
    doc.root = reader.parseDocument();
    doc.duplicates = reader.duplicates();
    return doc;
}

} // namespace core::rtappjson
