#include "scenario/modelselection.h"

#include <nlohmann/json.hpp>

#include <iterator>

namespace core {

using nlohmann::json;

namespace {

std::string modelName(KernelModel m) {
    return std::string(kernelModelInfo(m).name);
}

class ConflictWalk {
public:
    ConflictWalk(KernelModel model, bool drop, std::vector<ModelConflict>& out)
        : m_model(model)
        , m_drop(drop)
        , m_out(out) {}

    void optimizations(json& opts, const std::string& path) {
        if (!opts.is_object())
            return;
        for (auto it = opts.begin(); it != opts.end();) {
            const auto o = optimizationFromKey(it.key());
            const OptimizationApplicability a =
                o ? optimizationApplicability(*o, m_model) : OptimizationApplicability{};
            if (a.togglable || !it->is_boolean() || it->get<bool>() == a.fixedOn) {
                ++it;
                continue;
            }
            m_out.push_back({path + "." + it.key(), std::string(it->get<bool>() ? "on" : "off") +
                                                        (m_drop ? " ignored" : " is not possible") +
                                                        " in kernel model " + modelName(m_model) + ": " +
                                                        std::string(a.reason)});
            it = m_drop ? opts.erase(it) : std::next(it);
        }
    }

    void task(json& t, const std::string& path) {
        if (!t.is_object())
            return;
        if (!kernelModelInfo(m_model).customSlice && t.contains("slice")) {
            m_out.push_back(
                {path + ".slice", std::string(m_drop ? "ignored" : "not possible") + " in kernel model " +
                                      modelName(m_model) +
                                      ": per-task slices (sched_attr.sched_runtime) came with v6.12"});
            if (m_drop)
                t.erase("slice");
        }
        if (auto it = t.find("program"); it != t.end())
            program(*it, path + ".program");
    }

    /// A cgroup's "max" object: cpu.max.burst came with v5.14.
    void cpuMax(json& max, const std::string& path) {
        if (!max.is_object() || kernelModelInfo(m_model).bandwidthBurst || !max.contains("burst"))
            return;
        m_out.push_back({path + ".burst", std::string(m_drop ? "ignored" : "not possible") +
                                              " in kernel model " + modelName(m_model) +
                                              ": cpu.max.burst came with v5.14"});
        if (m_drop)
            max.erase("burst");
    }

    /// smt_gain (one core's capacity shared by its threads) was removed in v4.20.
    void smtGain(json& kernel) {
        auto it = kernel.find("smt_gain_capacity");
        if (it == kernel.end() || !it->is_boolean() || !it->get<bool>() ||
            !kernelModelInfo(m_model).v6Balancer)
            return;
        m_out.push_back({"kernel.smt_gain_capacity", std::string(m_drop ? "ignored" : "not possible") +
                                                         " in kernel model " + modelName(m_model) +
                                                         ": smt_gain was removed in v4.20"});
        if (m_drop)
            kernel.erase(it);
    }

    void program(json& prog, const std::string& path) {
        if (!prog.is_array())
            return;
        for (size_t i = 0; i < prog.size(); ++i) {
            json& a = prog[i];
            if (!a.is_object())
                continue;
            const std::string p = path + "[" + std::to_string(i) + "]";
            if (auto it = a.find("do"); it != a.end() && a.contains("loop"))
                program(*it, p + ".loop.do");
            if (auto it = a.find("fork"); it != a.end())
                task(*it, p + ".fork");
        }
    }

private:
    KernelModel m_model;
    bool m_drop;
    std::vector<ModelConflict>& m_out;
};

} // namespace

std::vector<ModelConflict> modelConflicts(json& scenario, KernelModel model, bool drop) {
    std::vector<ModelConflict> out;
    if (!scenario.is_object())
        return out;
    ConflictWalk walk(model, drop, out);
    if (auto k = scenario.find("kernel"); k != scenario.end() && k->is_object())
        walk.smtGain(*k);
    if (auto it = scenario.find("optimizations"); it != scenario.end())
        walk.optimizations(*it, "optimizations");
    if (auto it = scenario.find("cgroups"); it != scenario.end() && it->is_array())
        for (size_t i = 0; i < it->size(); ++i)
            if (json& c = (*it)[i]; c.is_object() && c.contains("max"))
                walk.cpuMax(c["max"], "cgroups[" + std::to_string(i) + "].max");
    if (auto it = scenario.find("tasks"); it != scenario.end() && it->is_array())
        for (size_t i = 0; i < it->size(); ++i)
            walk.task((*it)[i], "tasks[" + std::to_string(i) + "]");
    if (auto it = scenario.find("timeline"); it != scenario.end() && it->is_array())
        for (size_t i = 0; i < it->size(); ++i) {
            json& e = (*it)[i];
            if (!e.is_object())
                continue;
            const std::string p = "timeline[" + std::to_string(i) + "]";
            if (auto o = e.find("optimizations"); o != e.end())
                walk.optimizations(*o, p + ".optimizations");
            if (auto s = e.find("spawn"); s != e.end())
                walk.task(*s, p + ".spawn");
            if (auto c = e.find("cgroup"); c != e.end() && c->is_object() && c->contains("max"))
                walk.cpuMax((*c)["max"], p + ".cgroup.max");
        }
    return out;
}

ModelRewrite scenarioForModel(std::string_view text, KernelModel model) {
    ModelRewrite r;
    json j = json::parse(text, nullptr, false);
    if (j.is_discarded() || !j.is_object()) {
        r.error = "the scenario is not a JSON object";
        return r;
    }
    if (!j["kernel"].is_object())
        j["kernel"] = json::object();
    j["kernel"]["model"] = modelName(model);
    r.dropped = modelConflicts(j, model, true);
    r.text = j.dump(2) + "\n";
    return r;
}

void applyFixedOptimizations(OptimizationSet& set, KernelModel model) {
    for (const OptimizationInfo& info : optimizationCatalog()) {
        const OptimizationApplicability a = optimizationApplicability(info.id, model);
        if (!a.togglable)
            set.set(info.id, a.fixedOn);
    }
}

ModelLoad loadScenarioForModel(std::string_view text, const std::string& source, KernelModel model) {
    ModelLoad m;
    ModelRewrite rw = scenarioForModel(text, model);
    if (!rw.error.empty()) {
        m.result.errors.push_back(source + ": " + rw.error);
        return m;
    }
    m.result = loadScenarioText(rw.text, source);
    m.dropped = std::move(rw.dropped);
    return m;
}

} // namespace core
