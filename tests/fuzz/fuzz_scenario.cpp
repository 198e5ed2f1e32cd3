// libFuzzer harness: the scenario loader on arbitrary bytes. Every input must give either a
// spec and no messages, or messages that each name the file; never a crash, a hang or a
// sanitizer report.
#include "scenario/loader.h"

#include <cstdint>
#include <cstdlib>
#include <string>

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
    const std::string_view text(reinterpret_cast<const char*>(data), size);
    const core::LoadResult r = core::loadScenarioText(text, "fuzz.json");
    if (r.ok() != r.errors.empty())
        std::abort();
    for (const std::string& e : r.errors)
        if (e.rfind("fuzz.json", 0) != 0)
            std::abort();
    return 0;
}
