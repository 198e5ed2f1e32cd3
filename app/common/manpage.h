#pragma once

// A manual page written as roff (man(7) macros), for `schedscope-cli help --man` and
// `schedscope --man`: both programs' pages come from their own command lines through this one
// writer, at build time.
#include <string>
#include <string_view>
#include <vector>

namespace man {

/// A tagged paragraph (.TP): an option and what it does.
struct Entry {
    std::string term; ///< roff, made with bold() and italic()
    std::string text; ///< plain text
};

struct Section {
    std::string heading;                 ///< plain text
    bool sub = false;                    ///< .SS under the section before, instead of .SH
    std::vector<std::string> paragraphs; ///< plain text, one .PP each
    std::vector<Entry> entries;          ///< after the paragraphs
};

struct Page {
    std::string name;                  ///< "schedscope-cli"
    std::string version;               ///< "0.1.0"
    std::string summary;               ///< the NAME line after the dash
    std::vector<std::string> synopsis; ///< roff, one form per line
    std::vector<Section> sections;
};

/// Plain text as roff: backslashes, minus signs, and a '.' or '\'' that would start a request.
std::string escape(std::string_view text);
std::string bold(std::string_view text);
std::string italic(std::string_view text);
/// "--for DUR" as a man page shows an option: the name bold, the value italic.
std::string optionTerm(std::string_view names, std::string_view value);
/// The page, section 1, with "SchedScope VERSION" in its footer.
std::string toRoff(const Page& page);

} // namespace man
