#include "manpage.h"

#include <algorithm>
#include <cctype>

namespace man {

std::string escape(std::string_view text) {
    std::string out;
    out.reserve(text.size() + 8);
    bool lineStart = true;
    for (const char c : text) {
        if (lineStart && (c == '.' || c == '\''))
            out += "\\&";
        if (c == '\\')
            out += "\\e";
        else if (c == '-')
            out += "\\-";
        else
            out += c;
        lineStart = c == '\n';
    }
    return out;
}

std::string bold(std::string_view text) {
    return "\\fB" + escape(text) + "\\fR";
}

std::string italic(std::string_view text) {
    return "\\fI" + escape(text) + "\\fR";
}

std::string optionTerm(std::string_view names, std::string_view value) {
    return value.empty() ? bold(names) : bold(names) + " " + italic(value);
}

std::string toRoff(const Page& page) {
    std::string upper = page.name;
    std::transform(upper.begin(), upper.end(), upper.begin(),
                   [](unsigned char c) { return static_cast<char>(std::toupper(c)); });
    std::string out =
        ".TH " + escape(upper) + " 1 \"\" \"SchedScope " + escape(page.version) + "\" \"User Commands\"\n";
    out += ".nh\n.ad l\n"; // no hyphenation, ragged right: option names stay whole
    out += ".SH NAME\n" + escape(page.name) + " \\- " + escape(page.summary) + "\n";
    out += ".SH SYNOPSIS\n.nf\n";
    for (const std::string& line : page.synopsis)
        out += line + "\n";
    out += ".fi\n";
    for (const Section& s : page.sections) {
        out += (s.sub ? ".SS " : ".SH ") + escape(s.heading) + "\n";
        for (const std::string& p : s.paragraphs)
            out += ".PP\n" + escape(p) + "\n";
        for (const Entry& e : s.entries)
            out += ".TP\n" + e.term + "\n" + escape(e.text) + "\n";
    }
    return out;
}

} // namespace man
