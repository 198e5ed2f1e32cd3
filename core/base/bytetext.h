#pragma once

// A recorded name is bytes: the kernel's comm is 16 bytes of anything but NUL (a Latin-1
// process name, a thread named by a buggy program), and so are cgroup paths. JSON, CSV and the
// scenario format carry UTF-8 text. These turn such bytes into text every output can carry,
// without losing a byte.

#include <string>
#include <string_view>

namespace core {

/// Whether `s` is valid UTF-8 (no overlong forms, no surrogates, nothing above U+10FFFF).
bool isUtf8(std::string_view s);

/// `s` as text: unchanged when it is valid UTF-8. Otherwise every byte that is not part of a
/// valid UTF-8 sequence, and every backslash, is written as `\xNN` (two upper-case hex digits),
/// so that the bytes can be recovered (bytesOfText). docs/traces.md says so for users.
std::string bytesAsText(std::string_view s);

/// The bytes bytesAsText wrote: `\xNN` decoded where the text has one. A valid UTF-8 name that
/// itself contains `\x` followed by two hex digits reads back as the byte (documented).
std::string bytesOfText(std::string_view text);

/// `s` as one quoted CSV field: its bytes as bytesAsText writes them, quotes doubled.
std::string csvQuoted(std::string_view s);

} // namespace core
