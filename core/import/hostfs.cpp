#include "import/hostfs.h"

#include <algorithm>
#include <charconv>
#include <fstream>
#include <system_error>

namespace core::hostfs {

namespace fs = std::filesystem;

std::optional<std::string> readValue(const fs::path& file) {
    std::ifstream in(file, std::ios::binary);
    if (!in)
        return std::nullopt;
    std::string text(1 << 20, '\0');
    in.read(text.data(), static_cast<std::streamsize>(text.size()));
    if (in.bad())
        return std::nullopt;
    text.resize(static_cast<size_t>(in.gcount()));
    while (!text.empty() && (text.back() == '\n' || text.back() == ' ' || text.back() == '\t'))
        text.pop_back();
    return text;
}

std::optional<long long> readInteger(const fs::path& file) {
    auto text = readValue(file);
    if (!text)
        return std::nullopt;
    long long v = 0;
    const char* end = text->data() + text->size();
    auto [p, ec] = std::from_chars(text->data(), end, v);
    if (ec != std::errc{} || p != end || text->empty())
        return std::nullopt;
    return v;
}

std::optional<std::vector<uint32_t>> readCpuList(const fs::path& file) {
    auto text = readValue(file);
    if (!text)
        return std::nullopt;
    if (text->empty())
        return std::vector<uint32_t>{};
    CpuListParse p = parseCpuList(*text);
    if (!p.error.empty())
        return std::nullopt;
    return expand(p);
}

std::vector<uint32_t> expand(const CpuListParse& list) {
    std::vector<uint32_t> out;
    for (auto [a, b] : list.ranges)
        for (uint32_t c = a; c <= b; ++c)
            out.push_back(c);
    std::sort(out.begin(), out.end());
    out.erase(std::unique(out.begin(), out.end()), out.end());
    return out;
}

std::vector<uint32_t> numberedEntries(const fs::path& dir, const std::string& prefix) {
    std::vector<uint32_t> out;
    std::error_code ec;
    for (fs::directory_iterator it(dir, ec), end; !ec && it != end; it.increment(ec)) {
        const std::string name = it->path().filename().string();
        if (name.size() <= prefix.size() || name.compare(0, prefix.size(), prefix) != 0)
            continue;
        uint32_t v = 0;
        const char* first = name.data() + prefix.size();
        const char* last = name.data() + name.size();
        auto [p, err] = std::from_chars(first, last, v);
        if (err == std::errc{} && p == last && v <= 65535 && it->is_directory(ec))
            out.push_back(v);
    }
    std::sort(out.begin(), out.end());
    return out;
}

} // namespace core::hostfs
