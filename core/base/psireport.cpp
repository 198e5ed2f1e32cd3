#include "base/psireport.h"

#include <cstdio>

namespace core {

std::string formatPsiResource(const PsiResource& r) {
    auto line = [](const char* kind, const PsiLine& l) {
        char buf[160];
        auto i = [](uint64_t x) { return static_cast<unsigned long>(x >> loadavg::kFshift); };
        auto f = [](uint64_t x) {
            return static_cast<unsigned long>((((x & (loadavg::kFixed1 - 1)) * 100) >> loadavg::kFshift));
        };
        std::snprintf(buf, sizeof buf, "%s avg10=%lu.%02lu avg60=%lu.%02lu avg300=%lu.%02lu total=%llu\n",
                      kind, i(l.avg[0]), f(l.avg[0]), i(l.avg[1]), f(l.avg[1]), i(l.avg[2]), f(l.avg[2]),
                      static_cast<unsigned long long>(l.totalUs));
        return std::string(buf);
    };
    return line("some", r.some) + line("full", r.full);
}

} // namespace core
