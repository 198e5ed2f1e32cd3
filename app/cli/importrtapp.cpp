// schedscope-cli import-rtapp FILE [--cpus N]: translates an rt-app workload (JSON) into a scenario.
#include "commands.h"

#include "import/rtapp.h"

#include <cerrno>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <fstream>
#include <string>

namespace cli {

namespace {

/// Reads a whole file of at most `limit` bytes; returns false with a message otherwise.
bool readWhole(const std::string& path, size_t limit, std::string& out, std::string& error) {
    std::ifstream f(path, std::ios::binary);
    if (!f) {
        error = path + ": cannot open: " + std::strerror(errno);
        return false;
    }
    char buf[1 << 16];
    while (f.read(buf, sizeof buf) || f.gcount() > 0) {
        out.append(buf, static_cast<size_t>(f.gcount()));
        if (out.size() > limit) {
            error = path + ": larger than " + std::to_string(limit >> 20) + " MiB; not an rt-app workload";
            return false;
        }
    }
    if (f.bad()) {
        error = path + ": cannot read";
        return false;
    }
    return true;
}

} // namespace

int cmdImportRtApp(Args& args) {
    const auto cpusText = args.take("--cpus");
    if (reportLeftovers(args))
        return ExitUsage;
    if (args.positional().size() != 1) {
        std::fprintf(stderr, "schedscope-cli import-rtapp: name exactly one rt-app JSON file\n");
        return ExitUsage;
    }
    uint32_t cpus = 0;
    if (cpusText) {
        char* end = nullptr;
        errno = 0;
        const long v = std::strtol(cpusText->c_str(), &end, 10);
        if (cpusText->empty() || *end || errno || v < 1 || v > 4096) {
            std::fprintf(stderr,
                         "schedscope-cli import-rtapp: --cpus expects a CPU count 1..4096, found \"%s\"\n",
                         cpusText->c_str());
            return ExitUsage;
        }
        cpus = static_cast<uint32_t>(v);
    }
    const std::string& path = args.positional()[0];
    std::string text, error;
    if (!readWhole(path, core::kMaxRtAppBytes, text, error)) {
        std::fprintf(stderr, "%s\n", error.c_str());
        return ExitInvalid;
    }
    try {
        const core::RtAppImport r = core::importRtApp(text, path, cpus);
        for (const std::string& w : r.warnings)
            std::fprintf(stderr, "warning: %s\n", w.c_str());
        std::fwrite(r.scenarioJson.data(), 1, r.scenarioJson.size(), stdout);
        return ExitOk;
    } catch (const core::RtAppError& e) {
        std::fprintf(stderr, "%s\n", e.what());
        return ExitInvalid;
    }
}

} // namespace cli
