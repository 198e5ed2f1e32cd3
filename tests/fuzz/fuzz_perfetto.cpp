// libFuzzer harness: any bytes as a Perfetto protobuf trace. The reader must end every input
// with events or a message (never a crash, a hang or a read past the end), every event it hands
// over must name strings it interned, and whatever the importer then accepts must give a summary
// every writer can print, and the .pftrace writer must take its records (a recording's CPU
// numbers are anything the file says). Anything else aborts.
#include "import/perfettotrace.h"
#include "import/tracefile.h"
#include "output/traceperfettoproto.h"
#include "report/summary.h"

#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <sstream>
#include <string>

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
    const std::string_view bytes(reinterpret_cast<const char*>(data), size);
    core::StringTable strings;
    uint64_t events = 0;
    const core::PerfettoReadResult r =
        core::readPerfettoBytes(bytes, "fuzz.pftrace", strings, [&](const core::TraceEvent& ev) {
            ++events;
            if (ev.name >= strings.size() || ev.name2 >= strings.size()) {
                std::fprintf(stderr, "an event names a string that was never interned\n");
                std::abort();
            }
        });
    if (r.error.empty() && events == 0) {
        std::fprintf(stderr, "read without error and without events\n");
        std::abort();
    }
    if (!r.error.empty() && r.error.rfind("fuzz.pftrace: ", 0) != 0) {
        std::fprintf(stderr, "an error that does not name the file: %s\n", r.error.c_str());
        std::abort();
    }
    if (!core::looksLikePerfettoTrace(bytes.substr(0, 4096)))
        return 0;
    const core::TraceFileResult t = core::importTraceText(bytes, "fuzz.pftrace", nullptr, {});
    if (t.ok) {
        (void)core::toJson(t.summary, false);
        (void)core::toCsv(t.summary);
        (void)core::toTable(t.summary);
        std::ostringstream out;
        core::PerfettoProtoWriter writer(out, {});
        (void)core::importTraceText(bytes, "fuzz.pftrace", &writer, {});
        writer.finish();
    }
    return 0;
}
