#include "experiments/runrequest.h"

#include "base/kernelmodel.h"
#include "base/optimizations.h"
#include "scenario/modelselection.h"

#include <cerrno>
#include <cstdlib>

namespace core {

std::string parseModelOption(const std::string& name, KernelModel& model) {
    if (const std::optional<KernelModel> m = kernelModelFromName(name)) {
        model = *m;
        return {};
    }
    std::string known;
    for (const KernelModelInfo& m : kernelModelCatalog())
        known.append(" ").append(m.name);
    return "unknown kernel model \"" + name + "\"; known:" + known;
}

bool applyCostsOption(const std::string& path, ScenarioSpec& spec, std::vector<std::string>& errors) {
    const CostsFile costs = loadCostsFile(path);
    if (!costs.ok()) {
        errors.insert(errors.end(), costs.errors.begin(), costs.errors.end());
        return false;
    }
    applyCosts(spec, costs);
    return true;
}

std::string parseForText(const std::string& text, SimTime& duration) {
    const DurationParse d = parseDuration(text);
    if (!d.value || d.value->count() == 0)
        return "--for expects a positive duration such as 2s, found \"" + text + "\"";
    duration = *d.value;
    return {};
}

std::string parseSeedText(const std::string& text, uint64_t& seed) {
    char* end = nullptr;
    errno = 0;
    const unsigned long long v = std::strtoull(text.c_str(), &end, 10);
    if (text.empty() || *end || errno || text[0] == '-')
        return "--seed expects a non-negative integer, found \"" + text + "\"";
    seed = v;
    return {};
}

std::string applyOptTexts(const std::vector<std::string>& opts, ScenarioSpec& spec) {
    for (const std::string& o : opts) {
        const auto eq = o.find('=');
        const std::string key = o.substr(0, eq);
        const std::string val = eq == std::string::npos ? "" : o.substr(eq + 1);
        if (val != "on" && val != "off")
            return "--opt expects KEY=on or KEY=off, found \"" + o + "\"";
        if (key == "all") {
            for (const OptimizationInfo& i : optimizationCatalog())
                if (optimizationApplicability(i.id, spec.kernel.model).togglable)
                    spec.optimizations.set(i.id, val == "on");
            continue;
        }
        const auto id = optimizationFromKey(key);
        if (!id) {
            std::string known;
            for (const OptimizationInfo& i : optimizationCatalog())
                known.append(" ").append(i.key);
            return "unknown optimization \"" + key + "\"; known:" + known + " all";
        }
        if (const OptimizationApplicability a = optimizationApplicability(*id, spec.kernel.model);
            !a.togglable && a.fixedOn != (val == "on"))
            return "--opt " + o + ": not possible in kernel model " +
                   std::string(kernelModelInfo(spec.kernel.model).name) + ": " + std::string(a.reason);
        spec.optimizations.set(*id, val == "on");
    }
    return {};
}

namespace {

ShapedRun optionProblem(std::string message) {
    ShapedRun s;
    s.problem = ShapedRun::Problem::Option;
    s.errors.push_back(std::move(message));
    return s;
}

} // namespace

ShapedRun shapeRun(LoadResult r, const std::string& source, const RunRequest& request) {
    ShapedRun out;
    std::optional<KernelModel> model;
    if (request.model) {
        KernelModel m{};
        if (std::string e = parseModelOption(*request.model, m); !e.empty())
            return optionProblem(std::move(e));
        model = m;
    }
    // A scenario the loader read as JSON has its text, valid or not: one refused only because
    // of its own model is checked again as written for the model asked for.
    if (model && !r.text.empty()) {
        const std::string name = r.ok() ? r.spec->source : source;
        ModelLoad m = loadScenarioForModel(r.text, name, *model);
        for (const ModelConflict& c : m.dropped)
            out.notes.push_back(name + ": " + c.path + ": " + c.message);
        r = std::move(m.result);
    }
    if (!r.ok()) {
        out.problem = ShapedRun::Problem::Scenario;
        out.errors = std::move(r.errors);
        return out;
    }
    ScenarioSpec spec = std::move(*r.spec);
    if (request.costs && !applyCostsOption(*request.costs, spec, out.errors)) {
        out.problem = ShapedRun::Problem::Scenario;
        return out;
    }
    if (request.forText)
        if (std::string e = parseForText(*request.forText, spec.duration); !e.empty())
            return optionProblem(std::move(e));
    if (request.seedText)
        if (std::string e = parseSeedText(*request.seedText, spec.seed); !e.empty())
            return optionProblem(std::move(e));
    if (std::string e = applyOptTexts(request.opts, spec); !e.empty())
        return optionProblem(std::move(e));
    out.spec = std::move(spec);
    return out;
}

} // namespace core
