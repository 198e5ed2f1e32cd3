#include "scenario/runrequest.h"

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

std::string optTextsProblem(const std::vector<std::string>& opts, KernelModel model,
                            std::vector<std::pair<Optimization, bool>>* settings) {
    for (const std::string& o : opts) {
        const auto eq = o.find('=');
        const std::string key = o.substr(0, eq);
        const std::string val = eq == std::string::npos ? "" : o.substr(eq + 1);
        if (val != "on" && val != "off")
            return "--opt expects KEY=on or KEY=off, found \"" + o + "\"";
        const bool on = val == "on";
        if (key == "all") {
            for (const OptimizationInfo& i : optimizationCatalog())
                if (optimizationApplicability(i.id, model).togglable && settings)
                    settings->emplace_back(i.id, on);
            continue;
        }
        const auto id = optimizationFromKey(key);
        if (!id) {
            std::string known;
            for (const OptimizationInfo& i : optimizationCatalog())
                known.append(" ").append(i.key);
            return "unknown optimization \"" + key + "\"; known:" + known + " all";
        }
        if (const OptimizationApplicability a = optimizationApplicability(*id, model);
            !a.togglable && a.fixedOn != on)
            return "--opt " + o + ": not possible in kernel model " +
                   std::string(kernelModelInfo(model).name) + ": " + std::string(a.reason);
        if (settings)
            settings->emplace_back(*id, on);
    }
    return {};
}

std::string applyOptTexts(const std::vector<std::string>& opts, ScenarioSpec& spec) {
    std::vector<std::pair<Optimization, bool>> settings;
    if (std::string e = optTextsProblem(opts, spec.kernel.model, &settings); !e.empty())
        return e;
    for (auto [id, on] : settings)
        spec.optimizations.set(id, on);
    return {};
}

std::string requestProblem(const RunRequest& request, std::optional<KernelModel> model) {
    if (request.model) {
        KernelModel m{};
        if (std::string e = parseModelOption(*request.model, m); !e.empty())
            return e;
        model = m;
    }
    SimTime duration;
    if (request.forText)
        if (std::string e = parseForText(*request.forText, duration); !e.empty())
            return e;
    uint64_t seed = 0;
    if (request.seedText)
        if (std::string e = parseSeedText(*request.seedText, seed); !e.empty())
            return e;
    if (model)
        return optTextsProblem(request.opts, *model, nullptr);
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
    ShapedRun shaped = shapeSpec(std::move(*r.spec), request);
    shaped.notes.insert(shaped.notes.begin(), out.notes.begin(), out.notes.end());
    return shaped;
}

ShapedRun shapeSpec(ScenarioSpec spec, const RunRequest& request) {
    ShapedRun out;
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
