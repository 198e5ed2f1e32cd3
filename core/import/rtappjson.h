#pragma once

// The JSON dialect rt-app reads: json-c in its default (non-strict) mode. What rt-app accepts is
// accepted here, and only that, so the importer (import/rtapp.h) sees the values rt-app would.

#include <cstdint>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

namespace core::rtappjson {

/// A parsed value. Objects keep their keys in file order, each key once (see Duplicate).
struct JVal {
    enum class T : uint8_t { Null, Bool, Int, Dbl, Str, Arr, Obj };
    T t = T::Null;
    bool b = false;
    int64_t i = 0; ///< numbers without '.' or an exponent, within the 64-bit range
    double d = 0;  ///< the other numbers, finite
    std::string s; ///< escapes decoded to UTF-8 (a lone surrogate becomes U+FFFD, as in json-c)
    std::vector<JVal> arr;
    std::vector<std::pair<std::string, JVal>> obj;

    /// The value of key `k` in an object; null when absent (or not an object).
    const JVal* find(std::string_view k) const {
        for (const auto& [key, v] : obj)
            if (key == k)
                return &v;
        return nullptr;
    }
    bool isObj() const { return t == T::Obj; }
};

/// A key repeated in an object. As json-c's json_object_object_add() does, the last value is
/// kept, at the place of the first occurrence; the earlier values are dropped.
struct Duplicate {
    std::string path; ///< "tasks.thread0.run", "tasks.t.phases.p[2].sleep"
    std::string kept; ///< the value kept, rendered by describe()
};

struct Document {
    JVal root;
    std::vector<Duplicate> duplicates; ///< in file order
};

/// Parses `text` as json-c does: JSON plus /* */ and // comments, trailing commas in objects and
/// arrays, single-quoted strings, true/false/null in any letter case, leading zeros in numbers.
/// At most 128 nested arrays and objects. `source` names the file in messages. Throws RtAppError
/// ("FILE:LINE:COL: expected ..., found ...") when the text is not in this dialect.
Document parse(std::string_view text, const std::string& source);

/// A short rendering of `v` for messages: the scalar itself (strings quoted, cut at 60 bytes and
/// cleaned by cleanUtf8), or "an array" / "an object".
std::string describe(const JVal& v);

/// A valid UTF-8 copy of at most `maxBytes` bytes: invalid bytes and control characters become '?'.
std::string cleanUtf8(std::string_view s, size_t maxBytes);

} // namespace core::rtappjson
