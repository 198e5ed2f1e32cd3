#include "experiments/sweepspec.h"

#include "base/kernelmodel.h"
#include "base/optimizations.h"
#include "experiments/jsonpath.h"
#include "scenario/builtins.h"

#include <nlohmann/json.hpp>

#include <algorithm>
#include <filesystem>

namespace core {

using nlohmann::ordered_json;

namespace {

/// Largest grid accepted: a guard against a typo that asks for years of runs.
constexpr size_t kMaxCells = 1'000'000;

bool isRunAxis(const std::string& name) {
    return name == "model" || name == "seed" || name == "for" || name == "costs" ||
           name.rfind("opt.", 0) == 0;
}

std::string resolvePath(const std::string& path, const std::string& specFile) {
    namespace fs = std::filesystem;
    fs::path p(path);
    if (p.is_relative() && !specFile.empty())
        p = fs::path(specFile).parent_path() / p;
    std::error_code ec;
    const fs::path abs = fs::absolute(p, ec);
    return (ec ? p : abs).lexically_normal().string();
}

/// What a spec is read into before it is checked.
struct Reader {
    std::string file;
    std::vector<std::string> errors;
    void error(const std::string& where, const std::string& what) {
        errors.push_back(file + ": " + where + ": " + what);
    }
};

std::optional<std::string> onOff(const ordered_json& v) {
    if (v.is_boolean())
        return v.get<bool>() ? "on" : "off";
    if (v.is_string() && (v.get<std::string>() == "on" || v.get<std::string>() == "off"))
        return v.get<std::string>();
    return std::nullopt;
}

/// Checks one value of a run axis (model, opt.KEY, seed, for, costs); "" or the problem.
std::string checkRunValue(const std::string& axis, const ordered_json& v, const std::string& specFile) {
    if (axis == "model") {
        KernelModel m{};
        if (!v.is_string())
            return "expected a kernel model name, found " + v.dump();
        return parseModelOption(v.get<std::string>(), m);
    }
    if (axis == "seed") {
        if (!v.is_number_unsigned() && !(v.is_number_integer() && v.get<int64_t>() >= 0))
            return "expected a non-negative integer, found " + v.dump();
        return {};
    }
    if (axis == "for") {
        SimTime d;
        if (!v.is_string())
            return "expected a duration such as \"2s\", found " + v.dump();
        return parseForText(v.get<std::string>(), d);
    }
    if (axis == "costs") {
        if (!v.is_string())
            return "expected a costs file, found " + v.dump();
        if (v.get<std::string>() == kScenarioCosts)
            return {};
        const CostsFile c = loadCostsFile(resolvePath(v.get<std::string>(), specFile));
        return c.ok() ? std::string() : c.errors.front();
    }
    // opt.KEY
    const std::string key = axis.substr(4);
    if (key != "all" && !optimizationFromKey(key)) {
        std::string known;
        for (const OptimizationInfo& i : optimizationCatalog())
            known.append(" ").append(i.key);
        return "unknown optimization \"" + key + "\"; known:" + known + " all";
    }
    if (!onOff(v))
        return "expected \"on\" or \"off\", found " + v.dump();
    return {};
}

/// An axis's values from the spec: a non-empty list, or a seed range {"from": A, "to": B}.
std::optional<std::vector<ordered_json>> axisValues(Reader& r, const std::string& where,
                                                    const ordered_json& v) {
    std::vector<ordered_json> out;
    if (v.is_object()) {
        const auto from = v.find("from"), to = v.find("to");
        if (from == v.end() || to == v.end() || !from->is_number_integer() || !to->is_number_integer() ||
            v.size() != 2) {
            r.error(where, "a range is {\"from\": FIRST, \"to\": LAST} with integers, found " + v.dump());
            return std::nullopt;
        }
        const int64_t a = from->get<int64_t>(), b = to->get<int64_t>();
        if (b < a) {
            r.error(where, "empty range: \"to\" (" + std::to_string(b) + ") is below \"from\" (" +
                               std::to_string(a) + ")");
            return std::nullopt;
        }
        if (static_cast<uint64_t>(b - a) >= kMaxCells) {
            r.error(where, "a range of more than " + std::to_string(kMaxCells) + " values");
            return std::nullopt;
        }
        for (int64_t x = a; x <= b; ++x)
            out.emplace_back(x);
        return out;
    }
    if (!v.is_array()) {
        r.error(where, "expected a list of values or a range {\"from\": A, \"to\": B}, found " + v.dump());
        return std::nullopt;
    }
    if (v.empty()) {
        r.error(where, "an axis needs at least one value, found []");
        return std::nullopt;
    }
    for (const ordered_json& x : v) {
        if (x.is_object() || x.is_array() || x.is_null()) {
            r.error(where, "values are strings, numbers or booleans, found " + x.dump());
            return std::nullopt;
        }
        out.push_back(x);
    }
    return out;
}

/// The run options every cell shares: top-level "model", "for", "seed", "costs" and "opt".
void readFixed(Reader& r, const ordered_json& j, SweepSpec& s) {
    for (const char* key : {"model", "for", "seed", "costs"}) {
        const auto it = j.find(key);
        if (it == j.end())
            continue;
        if (std::string e = checkRunValue(key, *it, s.file); !e.empty()) {
            r.error(key, e);
            continue;
        }
        const std::string k = key;
        const std::string text = it->is_string() ? it->get<std::string>() : it->dump();
        if (k == "model")
            s.fixed.model = text;
        else if (k == "for")
            s.fixed.forText = text;
        else if (k == "seed")
            s.fixed.seedText = text;
        else
            s.fixed.costs = resolvePath(text, s.file);
    }
    if (const auto it = j.find("opt"); it != j.end()) {
        if (!it->is_object()) {
            r.error("opt", "expected {\"KEY\": \"on\"|\"off\", ...}, found " + it->dump());
            return;
        }
        for (const auto& [key, v] : it->items()) {
            if (std::string e = checkRunValue("opt." + key, v, s.file); !e.empty())
                r.error("opt." + key, e);
            else
                s.fixed.opts.push_back(key + "=" + *onOff(v));
        }
    }
}

/// The scenario: "builtin:NAME", a file (relative to the spec), or the scenario itself inline.
void readScenario(Reader& r, const ordered_json& j, SweepSpec& s) {
    const auto it = j.find("scenario");
    if (it == j.end()) {
        r.error("scenario", "missing: name a scenario file, builtin:NAME, or give the scenario inline");
        return;
    }
    if (it->is_object()) {
        s.scenarioText = it->dump(2);
        s.scenarioName = j.value("scenario_name", std::string("inline scenario"));
        return;
    }
    if (!it->is_string()) {
        r.error("scenario", "expected a file, builtin:NAME or an object, found " + it->dump());
        return;
    }
    const std::string name = it->get<std::string>();
    if (name.rfind("builtin:", 0) == 0) {
        const BuiltinScenario* b = findBuiltin(name.substr(8));
        if (!b) {
            r.error("scenario", "no built-in scenario \"" + name.substr(8) + "\" (schedscope-cli list)");
            return;
        }
        s.scenarioName = name;
        s.scenarioText = std::string(b->text);
        return;
    }
    s.scenarioName = resolvePath(name, s.file);
    std::vector<std::string> errors;
    if (std::optional<std::string> text = readScenarioText(s.scenarioName, errors))
        s.scenarioText = std::move(*text);
    else
        r.error("scenario", errors.front());
}

/// Checks a scenario-path axis: its syntax, and each value set alone on the scenario and run
/// through the loader (with the spec's own model, or the model axis's first value).
void checkPathAxis(Reader& r, const SweepSpec& s, const SweepAxis& axis, const ordered_json& scenario) {
    const std::string where = "axes." + axis.name;
    std::string err;
    const std::optional<JsonPath> path = parseJsonPath(axis.name, err);
    if (!path) {
        r.error(where, err + " (an axis is model, seed, for, costs, opt.KEY or a path into the scenario)");
        return;
    }
    if (findJsonPath(scenario, *path) == nullptr) {
        // A member the scenario leaves at its default may be set; a missing element may not.
        JsonPath parent(path->begin(), path->end() - 1);
        const ordered_json* p = findJsonPath(scenario, parent);
        if (path->back().kind != JsonPathStep::Kind::Key || (p && !p->is_object()) ||
            (!p && !parent.empty() && parent.back().kind != JsonPathStep::Kind::Key)) {
            ordered_json copy = scenario;
            const std::string why = setJsonPath(copy, *path, nullptr);
            r.error(where, "not in the scenario " + s.scenarioName + (why.empty() ? "" : ": " + why));
            return;
        }
    }
    RunRequest req;
    req.model = s.fixed.model;
    for (const SweepAxis& a : s.axes)
        if (a.name == "model" && !a.values.empty())
            req.model = ordered_json::parse(a.values.front()).get<std::string>();
    for (const std::string& v : axis.values) {
        ordered_json copy = scenario;
        if (std::string e = setJsonPath(copy, *path, ordered_json::parse(v)); !e.empty()) {
            r.error(where, e);
            return;
        }
        // Only what the loader says about this path condemns the axis: a value that clashes with
        // another axis's (a CPU a smaller machine lacks) fails in its cells, which are recorded.
        const ShapedRun shaped =
            shapeRun(loadScenarioText(copy.dump(2), s.scenarioName), s.scenarioName, req);
        for (const std::string& e : shaped.errors)
            if (e.find(": " + axis.name + ":") != std::string::npos) {
                r.error(where, "value " + v + ": " + e);
                return;
            }
    }
}

void readAxes(Reader& r, const ordered_json& j, SweepSpec& s) {
    const auto axes = j.find("axes");
    const auto cells = j.find("cells");
    if (axes != j.end() && cells != j.end()) {
        r.error("cells", "give either axes (a product) or cells (a list), not both");
        return;
    }
    auto addValue = [&](const std::string& name, const ordered_json& v) {
        for (SweepAxis& a : s.axes)
            if (a.name == name) {
                const std::string t = v.dump();
                if (std::find(a.values.begin(), a.values.end(), t) == a.values.end())
                    a.values.push_back(t);
                return;
            }
        s.axes.push_back({name, {v.dump()}});
    };
    if (axes != j.end()) {
        if (!axes->is_object() || axes->empty()) {
            r.error("axes",
                    "expected {\"AXIS\": [VALUES], ...} with at least one axis, found " + axes->dump());
            return;
        }
        for (const auto& [name, v] : axes->items()) {
            const auto values = axisValues(r, "axes." + name, v);
            if (!values)
                continue;
            for (const ordered_json& x : *values)
                addValue(name, x);
            // Values given twice count once: the grid has no duplicate cells.
        }
    } else if (cells != j.end()) {
        if (!cells->is_array() || cells->empty()) {
            r.error("cells", "expected a non-empty list of {\"AXIS\": VALUE, ...}, found " + cells->dump());
            return;
        }
        for (size_t i = 0; i < cells->size(); ++i) {
            const ordered_json& c = (*cells)[i];
            if (!c.is_object()) {
                r.error("cells[" + std::to_string(i) + "]",
                        "expected {\"AXIS\": VALUE, ...}, found " + c.dump());
                continue;
            }
            std::vector<std::pair<std::string, std::string>> cell;
            for (const auto& [name, v] : c.items()) {
                if (v.is_object() || v.is_array() || v.is_null()) {
                    r.error("cells[" + std::to_string(i) + "]." + name,
                            "values are strings, numbers or booleans, found " + v.dump());
                    continue;
                }
                cell.emplace_back(name, v.dump());
                addValue(name, v);
            }
            s.explicitCells.push_back(std::move(cell));
        }
    } else {
        r.error("axes", "missing: give axes (a product) or cells (a list)");
    }
}

/// The kernel models the cells run on: the model axis's values, else the spec's model, else the
/// scenario's own.
std::vector<KernelModel> cellModels(const SweepSpec& s) {
    std::vector<KernelModel> out;
    for (const SweepAxis& a : s.axes)
        if (a.name == "model")
            for (const std::string& v : a.values)
                if (const auto m = kernelModelFromName(ordered_json::parse(v).get<std::string>()))
                    out.push_back(*m);
    if (out.empty() && s.fixed.model)
        if (const auto m = kernelModelFromName(*s.fixed.model))
            out.push_back(*m);
    if (out.empty())
        if (const LoadResult l = loadScenarioText(s.scenarioText, s.scenarioName); l.ok())
            out.push_back(l.spec->kernel.model);
    return out;
}

/// An optimization setting a model fixes the other way is refused before any cell runs.
void checkOptAgainstModels(Reader& r, const std::string& where, const std::string& key,
                           const std::string& onOff, const std::vector<KernelModel>& models) {
    const auto id = optimizationFromKey(key);
    if (!id)
        return; // "all" sets only what each model lets change
    for (KernelModel m : models)
        if (const OptimizationApplicability a = optimizationApplicability(*id, m);
            !a.togglable && a.fixedOn != (onOff == "on")) {
            r.error(where, "\"" + onOff + "\" is not possible in kernel model " +
                               std::string(kernelModelInfo(m).name) + ": " + std::string(a.reason));
            return;
        }
}

void checkAxes(Reader& r, SweepSpec& s) {
    ordered_json scenario;
    try {
        scenario = ordered_json::parse(s.scenarioText);
    } catch (const std::exception&) {
        // The loader names the place; a cell would fail the same way.
        const LoadResult l = loadScenarioText(s.scenarioText, s.scenarioName);
        r.error("scenario", l.errors.empty() ? "not JSON" : l.errors.front());
        return;
    }
    const std::vector<KernelModel> models = cellModels(s);
    // A list of cells pairs each model with its own settings: each cell is checked alone.
    for (size_t i = 0; i < s.explicitCells.size() && r.errors.empty(); ++i) {
        std::vector<KernelModel> own = models;
        for (const auto& [axis, v] : s.explicitCells[i])
            if (axis == "model")
                if (const auto m = kernelModelFromName(ordered_json::parse(v).get<std::string>()))
                    own = {*m};
        for (const auto& [axis, v] : s.explicitCells[i])
            if (axis.rfind("opt.", 0) == 0)
                if (const auto x = onOff(ordered_json::parse(v)))
                    checkOptAgainstModels(r, "cells[" + std::to_string(i) + "]." + axis, axis.substr(4), *x,
                                          own);
    }
    for (const std::string& kv : s.fixed.opts)
        checkOptAgainstModels(r, "opt." + kv.substr(0, kv.find('=')), kv.substr(0, kv.find('=')),
                              kv.substr(kv.find('=') + 1), models);
    for (const SweepAxis& a : s.axes) {
        if (isRunAxis(a.name)) {
            for (const std::string& v : a.values) {
                const ordered_json x = ordered_json::parse(v);
                if (std::string e = checkRunValue(a.name, x, s.file); !e.empty()) {
                    r.error("axes." + a.name, e);
                    break;
                }
                if (a.name.rfind("opt.", 0) == 0 && s.explicitCells.empty())
                    checkOptAgainstModels(r, "axes." + a.name, a.name.substr(4), *onOff(x), models);
            }
            continue;
        }
        checkPathAxis(r, s, a, scenario);
    }
    if (s.explicitCells.empty()) {
        size_t n = 1;
        for (const SweepAxis& a : s.axes) {
            if (a.values.size() > kMaxCells / n) {
                r.error("axes", "the product has more than " + std::to_string(kMaxCells) + " cells");
                return;
            }
            n *= a.values.size();
        }
    } else if (s.explicitCells.size() > kMaxCells) {
        r.error("cells", "more than " + std::to_string(kMaxCells) + " cells");
    }
}

void readMetrics(Reader& r, const ordered_json& j, SweepSpec& s) {
    const auto it = j.find("metrics");
    if (it == j.end()) {
        s.metrics = defaultSweepMetrics();
        return;
    }
    if (!it->is_array() || it->empty()) {
        r.error("metrics", "expected a non-empty list of summary paths, found " + it->dump());
        return;
    }
    for (size_t i = 0; i < it->size(); ++i) {
        const ordered_json& m = (*it)[i];
        std::string err;
        if (!m.is_string() || !parseJsonPath(m.get<std::string>(), err))
            r.error("metrics[" + std::to_string(i) + "]",
                    m.is_string() ? err : "expected a path such as counters.migrations, found " + m.dump());
        else
            s.metrics.push_back(m.get<std::string>());
    }
}

} // namespace

std::string SweepCell::json() const {
    std::string s = "{";
    for (size_t i = 0; i < values.size(); ++i)
        s.append(i ? "," : "")
            .append(ordered_json(values[i].first).dump())
            .append(":")
            .append(values[i].second);
    return s + "}";
}

std::vector<std::string> defaultSweepMetrics() {
    return {"counters.context_switches", "counters.migrations", "counters.wakeups",
            "counters.wakeup_preemptions", "system_psi.cpu.some.total_us"};
}

size_t SweepSpec::cellCount() const {
    if (!explicitCells.empty())
        return explicitCells.size();
    size_t n = 1;
    for (const SweepAxis& a : axes)
        n *= a.values.size();
    return n;
}

SweepCell SweepSpec::cell(size_t index) const {
    SweepCell c;
    c.index = index;
    if (!explicitCells.empty()) {
        c.values = explicitCells.at(index);
        return c;
    }
    c.values.resize(axes.size());
    size_t rest = index;
    for (size_t i = axes.size(); i-- > 0;) {
        const size_t n = axes[i].values.size();
        c.values[i] = {axes[i].name, axes[i].values[rest % n]};
        rest /= n;
    }
    return c;
}

std::string SweepSpec::normalizedJson() const {
    ordered_json j;
    j["format"] = 1;
    j["scenario_name"] = scenarioName;
    j["scenario"] = ordered_json::parse(scenarioText);
    if (fixed.model)
        j["model"] = *fixed.model;
    if (fixed.forText)
        j["for"] = *fixed.forText;
    if (fixed.seedText)
        j["seed"] = std::stoull(*fixed.seedText);
    if (fixed.costs)
        j["costs"] = *fixed.costs;
    if (!fixed.opts.empty()) {
        ordered_json o = ordered_json::object();
        for (const std::string& kv : fixed.opts)
            o[kv.substr(0, kv.find('='))] = kv.substr(kv.find('=') + 1);
        j["opt"] = o;
    }
    auto value = [&](const std::string& axis, const std::string& v) {
        // Costs files are kept absolute, so a results folder reads the same from anywhere.
        ordered_json x = ordered_json::parse(v);
        return axis == "costs" && x.get<std::string>() != kScenarioCosts
                   ? ordered_json(resolvePath(x.get<std::string>(), file))
                   : x;
    };
    if (explicitCells.empty()) {
        ordered_json a = ordered_json::object();
        for (const SweepAxis& axis : axes) {
            ordered_json vs = ordered_json::array();
            for (const std::string& v : axis.values)
                vs.push_back(value(axis.name, v));
            a[axis.name] = vs;
        }
        j["axes"] = a;
    } else {
        ordered_json cs = ordered_json::array();
        for (const auto& cell : explicitCells) {
            ordered_json c = ordered_json::object();
            for (const auto& [name, v] : cell)
                c[name] = value(name, v);
            cs.push_back(c);
        }
        j["cells"] = cs;
    }
    j["metrics"] = metrics;
    return j.dump(2) + "\n";
}

SweepSpecLoad parseSweepSpec(const std::string& text, const std::string& file) {
    Reader r{file, {}};
    SweepSpecLoad out;
    ordered_json j;
    try {
        j = ordered_json::parse(text);
    } catch (const nlohmann::json::parse_error& e) {
        out.errors.push_back(file + ": not JSON: byte " + std::to_string(e.byte) + ": " + e.what());
        return out;
    }
    if (!j.is_object()) {
        out.errors.push_back(file + ": expected a JSON object (a sweep spec), found " +
                             std::string(j.type_name()));
        return out;
    }
    static const char* const known[] = {"format", "scenario", "scenario_name", "model", "for",    "seed",
                                        "costs",  "opt",      "axes",          "cells", "metrics"};
    for (const auto& [key, v] : j.items())
        if (std::find(std::begin(known), std::end(known), key) == std::end(known))
            r.error(key, "unknown key (known: scenario, model, for, seed, costs, opt, axes, cells, metrics)");
    SweepSpec s;
    s.file = file;
    readScenario(r, j, s);
    readFixed(r, j, s);
    readAxes(r, j, s);
    readMetrics(r, j, s);
    if (r.errors.empty())
        checkAxes(r, s);
    if (!r.errors.empty()) {
        out.errors = std::move(r.errors);
        return out;
    }
    out.spec = std::move(s);
    return out;
}

SweepSpecLoad loadSweepSpec(const std::string& path) {
    SweepSpecLoad out;
    if (std::optional<std::string> text = readScenarioText(path, out.errors))
        return parseSweepSpec(*text, path);
    return out;
}

CellRun cellRun(const SweepSpec& spec, const SweepCell& cell) {
    CellRun out;
    out.request = spec.fixed;
    ordered_json scenario;
    bool edited = false;
    for (const auto& [axis, text] : cell.values) {
        const ordered_json v = ordered_json::parse(text);
        const std::string plain = v.is_string() ? v.get<std::string>() : v.dump();
        if (axis == "model") {
            out.request.model = plain;
        } else if (axis == "seed") {
            out.request.seedText = plain;
        } else if (axis == "for") {
            out.request.forText = plain;
        } else if (axis == "costs") {
            if (plain == kScenarioCosts)
                out.request.costs.reset();
            else
                out.request.costs = resolvePath(plain, spec.file);
        } else if (axis.rfind("opt.", 0) == 0) {
            out.request.opts.push_back(axis.substr(4) + "=" + onOff(v).value_or(plain));
        } else {
            if (!edited)
                scenario = ordered_json::parse(spec.scenarioText);
            edited = true;
            std::string err;
            const std::optional<JsonPath> path = parseJsonPath(axis, err);
            if (!path || !(err = setJsonPath(scenario, *path, v)).empty()) {
                out.error = axis + ": " + err;
                return out;
            }
        }
    }
    out.scenarioText = edited ? scenario.dump(2) : spec.scenarioText;
    return out;
}

ShapedRun shapeCell(const SweepSpec& spec, const SweepCell& cell) {
    CellRun c = cellRun(spec, cell);
    if (!c.error.empty()) {
        ShapedRun s;
        s.problem = ShapedRun::Problem::Scenario;
        s.errors.push_back(c.error);
        return s;
    }
    return shapeRun(loadScenarioText(c.scenarioText, spec.scenarioName), spec.scenarioName, c.request);
}

std::string sweepValueLabel(const std::string& jsonValue) {
    try {
        const ordered_json v = ordered_json::parse(jsonValue);
        return v.is_string() ? v.get<std::string>() : v.dump();
    } catch (const std::exception&) {
        return jsonValue;
    }
}

} // namespace core
