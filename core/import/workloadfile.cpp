#include "import/workloadfile.h"

#include "import/rtapp.h"

#include <fstream>
#include <sstream>
#include <string_view>

namespace core {

WorkloadLoad loadScenarioOrWorkload(const std::string& fileOrBuiltin) {
    WorkloadLoad w;
    w.result = loadScenario(fileOrBuiltin);
    if (w.result.ok() || fileOrBuiltin.rfind("builtin:", 0) == 0)
        return w;
    // A scenario's "tasks" is an array, an rt-app file's an object: one file cannot be both, so
    // the translation is tried only once the scenario loader has said no.
    std::ifstream in(fileOrBuiltin, std::ios::binary);
    if (!in)
        return w;
    std::ostringstream text;
    text << in.rdbuf();
    if (text.str().size() > kMaxRtAppBytes)
        return w;
    try {
        RtAppImport imported = importRtApp(text.str(), fileOrBuiltin);
        LoadResult translated = loadScenarioText(imported.scenarioJson, fileOrBuiltin);
        if (!translated.ok())
            return w;
        w.result = std::move(translated);
        w.fromRtApp = true;
        w.warnings = std::move(imported.warnings);
    } catch (const RtAppError& e) {
        // Not rt-app either: the scenario loader's messages stand, unless the rt-app reader
        // recognised what the file is meant to be (workgen shorthand, which rt-app's own script
        // fills in): that explanation comes first, as the CLI's import-rtapp gives it.
        if (std::string_view(e.what()).find("workgen") != std::string_view::npos)
            w.result.errors.insert(w.result.errors.begin(), e.what());
    }
    return w;
}

} // namespace core
