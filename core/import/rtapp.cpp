// rt-app JSON -> SchedScope scenario. Written from rt-app's documentation and from reading how its
// parser and thread loop behave; no rt-app code is used. docs/rtapp.md describes the mapping.
// The steps, in the order they run: rt-app's JSON dialect (import/rtappjson.h), the workload
// model parsed from it (import/rtappparse.h, import/rtappmodel.h), what each thread becomes
// (import/rtappplan.h) and the scenario written (import/rtappemit.h).
#include "import/rtapp.h"

#include "import/rtappemit.h"
#include "import/rtappjson.h"
#include "import/rtappparse.h"
#include "import/rtappplan.h"
#include "import/rtappworkgen.h"

namespace core {

namespace {

constexpr size_t kMaxOutputBytes = 64u << 20; // what the scenario loader reads

} // namespace

RtAppImport importRtApp(std::string_view text, const std::string& source, uint32_t cpus) {
    if (cpus > 4096)
        throw RtAppError(source + ": expected a machine of 1..4096 CPUs, found " + std::to_string(cpus));
    if (text.size() > kMaxRtAppBytes)
        throw RtAppError(source + ": expected at most " + std::to_string(kMaxRtAppBytes) + " bytes, found " +
                         std::to_string(text.size()));
    rtapp::Messages msg(source);
    // Written for rt-app's doc/workgen (a "suspend" without a value): read as workgen prepares it.
    std::string prepared;
    if (rtapp::hasWorkgenShorthand(text)) {
        prepared = rtapp::workgenPrepare(text);
        text = prepared;
        msg.warn("", "written for rt-app's doc/workgen (\"suspend\" without a value): read as workgen "
                     "prepares it for rt-app, each such suspend naming its own thread and repeated keys "
                     "renamed (run, run1, run2, ...) so that every event is kept");
    }
    const rtappjson::Document doc = rtappjson::parse(text, source);
    rtapp::Workload workload = rtapp::parseWorkload(doc, cpus, msg);
    rtapp::Plan plan = rtapp::planWorkload(workload, msg);
    const rtapp::ojson scenario = rtapp::emitScenario(workload, plan, msg);
    RtAppImport out;
    out.scenarioJson = scenario.dump(2, ' ', false, rtapp::ojson::error_handler_t::replace) + "\n";
    if (out.scenarioJson.size() > kMaxOutputBytes)
        throw RtAppError(source + ": expected a workload whose scenario fits in " +
                         std::to_string(kMaxOutputBytes >> 20) + " MiB, found one of " +
                         std::to_string(out.scenarioJson.size() >> 20) + " MiB");
    out.warnings = msg.take();
    return out;
}

} // namespace core
