// libFuzzer harness: any bytes as a sweep spec. The parser must end with a spec or messages
// (never a crash or a hang); a spec it accepts must number its cells consistently, write a
// normalized form that reads back as the same sweep, and shape its first cells without a crash
// (no cell is run: that is the engine's harness). Anything else aborts.
#include "experiments/sweepspec.h"

#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <string>

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
    const std::string text(reinterpret_cast<const char*>(data), size);
    const core::SweepSpecLoad l = core::parseSweepSpec(text, "fuzz.json");
    if (!l.ok()) {
        if (l.errors.empty()) {
            std::fprintf(stderr, "refused without a message\n");
            std::abort();
        }
        return 0;
    }
    const core::SweepSpec& s = *l.spec;
    const size_t n = s.cellCount();
    if (n == 0) {
        std::fprintf(stderr, "an accepted sweep without cells\n");
        std::abort();
    }
    const std::string normalized = s.normalizedJson();
    const core::SweepSpecLoad again = core::parseSweepSpec(normalized, "sweep.json");
    if (!again.ok() || again.spec->normalizedJson() != normalized || again.spec->cellCount() != n) {
        std::fprintf(stderr, "the normalized spec does not read back as the same sweep\n");
        std::abort();
    }
    for (size_t i : {size_t(0), n / 2, n - 1}) {
        const core::SweepCell c = s.cell(i);
        if (c.index != i || c.json() != again.spec->cell(i).json()) {
            std::fprintf(stderr, "cell %zu differs after normalizing\n", i);
            std::abort();
        }
        (void)core::shapeCell(s, c);
    }
    return 0;
}
