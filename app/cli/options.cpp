#include "options.h"

#include "commandcatalog.h"

#include <cerrno>
#include <cstdio>
#include <cstring>
#include <fstream>

namespace cli {

Args::Args(int argc, char** argv, int first) {
    for (int i = first; i < argc; ++i) {
        std::string a = argv[i];
        if (a == "--") {
            for (++i; i < argc; ++i)
                m_positional.push_back(argv[i]);
            break;
        }
        if (a.size() > 1 && a[0] == '-' &&
            !(a.size() > 1 && std::isdigit(static_cast<unsigned char>(a[1])))) {
            if (auto eq = a.find('='); eq != std::string::npos) {
                m_opts.push_back({a.substr(0, eq), a.substr(eq + 1)});
            } else if (isFlagOption(a)) {
                m_opts.push_back({a, std::nullopt});
            } else if (i + 1 < argc) {
                m_opts.push_back({a, std::string(argv[++i])});
            } else {
                m_error = a + " needs a value";
                m_opts.push_back({a, std::nullopt});
            }
        } else {
            m_positional.push_back(a);
        }
    }
}

std::vector<std::string> Args::takeAll(const std::string& name) {
    std::vector<std::string> out;
    for (Opt& o : m_opts)
        if (o.name == name && o.value) {
            o.used = true;
            out.push_back(*o.value);
        }
    return out;
}

std::optional<std::string> Args::take(const std::string& name) {
    auto all = takeAll(name);
    if (all.empty())
        return std::nullopt;
    return all.back();
}

bool Args::flag(const std::string& name) {
    bool found = false;
    for (Opt& o : m_opts)
        if (o.name == name) {
            o.used = true;
            found = true;
        }
    return found;
}

std::vector<std::string> Args::leftovers() const {
    std::vector<std::string> out;
    for (const Opt& o : m_opts)
        if (!o.used)
            out.push_back(o.name);
    return out;
}

} // namespace cli
