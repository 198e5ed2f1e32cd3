#include "import/rtappworkgen.h"

#include <map>
#include <vector>

namespace core::rtapp {

namespace {

std::vector<std::string> lines(std::string_view text) {
    std::vector<std::string> out;
    while (!text.empty()) {
        const size_t nl = text.find('\n');
        const size_t n = nl == std::string_view::npos ? text.size() : nl + 1;
        out.emplace_back(text.substr(0, n)); // each keeps its end of line, as readlines() does
        text.remove_prefix(n);
    }
    return out;
}

/// Python's str.strip(chars).
std::string strip(std::string_view s, std::string_view chars) {
    const size_t b = s.find_first_not_of(chars);
    if (b == std::string_view::npos)
        return {};
    const size_t e = s.find_last_not_of(chars);
    return std::string(s.substr(b, e - b + 1));
}

bool has(std::string_view line, std::string_view what) {
    return line.find(what) != std::string_view::npos;
}

constexpr std::string_view kKeyChars = "\"\t\n\r ";

/// The key of a line ("key" : value), as split(":", 1) and strip give it; false without a ':'.
bool keyOf(const std::string& line, std::string& key) {
    const size_t colon = line.find(':');
    if (colon == std::string::npos)
        return false;
    key = strip(std::string_view(line).substr(0, colon), kKeyChars);
    return true;
}

/// check_suspend_json: "suspend" without a value names the thread whose object it is in (the
/// key of the object opened second inside "tasks").
void fillSuspend(std::vector<std::string>& ls) {
    int level = 0;
    std::string thread;
    for (std::string& line : ls) {
        std::string key;
        bool bare = false;
        if (!keyOf(line, key)) {
            key = "exception";
            if (has(line, "suspend")) {
                key = "suspend";
                bare = true;
            }
        }
        if (!has(key, "tasks") && level == 0)
            continue;
        if (has(line, "{") && ++level == 2)
            thread = key;
        if (has(line, "}"))
            --level;
        if (!bare)
            continue;
        if (const size_t comma = line.find(','); comma != std::string::npos)
            line.replace(comma, 1, " : \"" + thread + "\",");
        else if (const size_t nl = line.find('\n'); nl != std::string::npos)
            line.replace(nl, 1, " : \"" + thread + "\"\n");
    }
}

/// check_unikid_json: a key already used at this nesting level gets a number (the level's
/// counter, raised until the name is free).
void uniqueKeys(std::vector<std::string>& ls) {
    int curid = 1, level = 0;
    std::vector<int> saved;
    std::map<int, std::map<std::string, bool>> used;
    for (std::string& line : ls) {
        if (has(line, "{")) {
            ++level;
            saved.push_back(curid);
            curid = 1;
            used[level].clear();
        }
        if (has(line, "}")) {
            used.erase(level);
            curid = saved.empty() ? 1 : saved.back();
            if (!saved.empty())
                saved.pop_back();
            --level;
        }
        std::string key;
        if (!keyOf(line, key))
            continue;
        auto& names = used[level];
        if (names.count(key)) {
            std::string renamed = key + std::to_string(curid);
            while (names.count(renamed))
                renamed = key + std::to_string(++curid);
            line.replace(line.find(key), key.size(), renamed);
            key = renamed;
        }
        names[key] = true;
    }
}

} // namespace

bool hasWorkgenShorthand(std::string_view text) {
    bool inTasks = false;
    for (const std::string& line : lines(text)) {
        std::string key;
        if (keyOf(line, key)) {
            inTasks |= has(key, "tasks");
            continue;
        }
        if (inTasks && has(line, "suspend"))
            return true;
    }
    return false;
}

std::string workgenPrepare(std::string_view text) {
    std::vector<std::string> ls = lines(text);
    fillSuspend(ls);
    uniqueKeys(ls);
    std::string out;
    out.reserve(text.size() + 64);
    for (const std::string& l : ls)
        out += l;
    return out;
}

} // namespace core::rtapp
