#pragma once

#include <cstddef>
#include <optional>
#include <string>
#include <string_view>

namespace core {

struct TextPosition {
    size_t line = 1;   ///< 1-based
    size_t column = 1; ///< 1-based, in characters (UTF-8 code points)
};

struct JsonProblem {
    size_t line;
    size_t column;
    std::string message;
};

/// Maximum nesting of arrays and objects in a scenario file.
inline constexpr int kMaxJsonDepth = 128;

/// Checks JSON syntax without building a tree, iteratively (no recursion, so no stack overflow
/// on hostile nesting). Reports the first problem with its line and column: syntax errors,
/// nesting deeper than kMaxJsonDepth, and duplicate object keys (which JSON parsers silently
/// merge, hiding typos). Returns nothing when the text is well-formed.
std::optional<JsonProblem> scanJson(std::string_view text);

/// Line and column of a byte offset.
TextPosition positionOfByte(std::string_view text, size_t byte);

} // namespace core
