// The scenario sections that describe the machine: topology, kernel, optimizations.
#include "scenario/validator.h"

namespace core::validation {

void Validator::topology(const json& j, ScenarioSpec& spec) {
    const std::string p = "topology";
    if (!isObject(j, p))
        return;
    checkKeys(j, p, {"sockets", "cores_per_socket", "threads_per_core", "numa_nodes", "cpu_numbers"});
    uint32_t vals[4] = {0, 0, 0, 1};
    const char* keys[4] = {"sockets", "cores_per_socket", "threads_per_core", "numa_nodes"};
    bool ok = true;
    for (int i = 0; i < 4; ++i) {
        auto it = j.find(keys[i]);
        if (it == j.end() && i == 3)
            continue; // numa_nodes defaults to 1, as on every single-node machine
        if (it == j.end()) {
            error(join(p, keys[i]), "required key is missing");
            ok = false;
            continue;
        }
        // A zero count is reported as "0 CPUs in total" below, as the format page shows it.
        auto v = integer(*it, join(p, keys[i]), i == 3 ? 1 : 0, kMaxCpus);
        if (!v)
            ok = false;
        else
            vals[i] = static_cast<uint32_t>(*v);
    }
    if (!ok)
        return;
    const uint64_t total = uint64_t{vals[0]} * vals[1] * vals[2];
    if (total < 1 || total > kMaxCpus) {
        error(p, std::to_string(total) + " CPUs in total; need 1.." + std::to_string(kMaxCpus));
        return;
    }
    if (vals[0] % vals[3] != 0) {
        error(join(p, "numa_nodes"),
              std::to_string(vals[3]) + " does not divide sockets (" + std::to_string(vals[0]) + ") evenly");
        return;
    }
    spec.topology = {vals[0], vals[1], vals[2], vals[3], {}};
    if (auto it = j.find("cpu_numbers");
        it != j.end() && !cpuNumbers(*it, join(p, "cpu_numbers"), total, spec))
        return;
    m_nrCpus = static_cast<uint32_t>(total);
}

bool Validator::cpuNumbers(const json& j, const std::string& path, uint64_t total, ScenarioSpec& spec) {
    if (!j.is_array()) {
        expected(path, "an array of the kernel's CPU numbers, one per CPU in scenario order", j);
        return false;
    }
    if (j.size() != total) {
        error(path,
              std::to_string(j.size()) + " numbers for " + std::to_string(total) + " CPUs; need one per CPU");
        return false;
    }
    std::vector<uint32_t> numbers;
    std::vector<int32_t> toScenario;
    for (size_t i = 0; i < j.size(); ++i) {
        auto v = integer(j[i], index(path, i), 0, kMaxCpuNumber);
        if (!v)
            return false;
        const auto n = static_cast<uint32_t>(*v);
        if (n >= toScenario.size())
            toScenario.resize(n + 1, -1);
        if (toScenario[n] >= 0) {
            error(index(path, i), "CPU " + std::to_string(n) + " is listed twice (also at [" +
                                      std::to_string(toScenario[n]) + "])");
            return false;
        }
        toScenario[n] = static_cast<int32_t>(i);
        numbers.push_back(n);
    }
    bool identity = true;
    for (size_t i = 0; i < numbers.size(); ++i)
        identity = identity && numbers[i] == i;
    if (!identity) {
        spec.topology.cpuNumbers = std::move(numbers);
        m_kernelToScenario = std::move(toScenario);
    }
    return true;
}

std::optional<CpuListParse> Validator::toScenarioNumbers(const CpuListParse& kernel,
                                                         const std::string& path) {
    std::vector<bool> in(m_nrCpus, false);
    for (auto [a, b] : kernel.ranges)
        for (uint32_t c = a; c <= b; ++c) {
            if (c >= m_kernelToScenario.size() || m_kernelToScenario[c] < 0) {
                std::vector<uint32_t> known;
                for (size_t k = 0; k < m_kernelToScenario.size(); ++k)
                    if (m_kernelToScenario[k] >= 0)
                        known.push_back(static_cast<uint32_t>(k));
                error(path, "CPU " + std::to_string(c) + " does not exist; the machine has CPUs " +
                                formatCpuList(known) + " (topology.cpu_numbers)");
                return std::nullopt;
            }
            in[static_cast<size_t>(m_kernelToScenario[c])] = true;
        }
    return cpuListOf(in);
}

void Validator::costs(const json& j, const std::string& cp, KernelSpec& kernel) {
    if (!isObject(j, cp))
        return;
    for (auto ci = j.begin(); ci != j.end(); ++ci) {
        if (auto param = costCountFromName(ci.key())) {
            const CostCountInfo& info = costCountCatalog()[static_cast<size_t>(*param)];
            if (auto v = integer(*ci, join(cp, ci.key()), 0, info.maxValue))
                kernel.costCounts[*param] = static_cast<uint32_t>(*v);
            continue;
        }
        auto op = costOpFromName(ci.key());
        if (!op) {
            std::vector<std::string_view> names;
            for (const CostInfo& info : costCatalog())
                if (info.op != CostOp::LockSpin)
                    names.push_back(info.name);
            for (const CostCountInfo& info : costCountCatalog())
                names.push_back(info.name);
            const std::string best = closestName(ci.key(), names, 3);
            error(join(cp, ci.key()), "unknown cost " + quoteJson(ci.key()) +
                                          (best.empty() ? std::string("; see docs/cost-model.md")
                                                        : " (did you mean \"" + best + "\"?)"));
            continue;
        }
        if (auto d = duration(*ci, join(cp, ci.key())))
            kernel.costs[*op] = *d;
    }
}

CostsFile Validator::runCosts(const json& root) {
    CostsFile out;
    if (isObject(root, "")) {
        checkKeys(root, "", {"format", "kind", "host", "measured", "costs"});
        if (auto it = root.find("format"); it == root.end())
            error("format", "required key is missing");
        else if (auto v = integer(*it, "format", 1, 1000); v && *v != 1)
            expected("format", "1", *it);
        if (auto it = root.find("costs"); it == root.end())
            error("costs", "required key is missing");
        else
            costs(*it, "costs", out.kernel);
    }
    out.errors = std::move(m_errors);
    return out;
}

void Validator::kernel(const json& j, ScenarioSpec& spec) {
    const std::string p = "kernel";
    if (!isObject(j, p))
        return;
    checkKeys(j, p, {"model", "hz", "features", "costs", "smt_gain_capacity", "recorded_bursts"});
    if (auto it = j.find("model"); it != j.end()) {
        std::string names;
        for (const KernelModelInfo& i : kernelModelCatalog())
            names += (names.empty() ? "\"" : ", \"") + std::string(i.name) + "\"";
        if (!it->is_string())
            expected(join(p, "model"), "a kernel model name: " + names, *it);
        else if (auto m = kernelModelFromName(it->get_ref<const std::string&>()))
            spec.kernel.model = *m;
        else
            expected(join(p, "model"), "a kernel model name: " + names, *it);
    }
    if (auto it = j.find("hz"); it != j.end()) {
        auto v = integer(*it, join(p, "hz"), 1, 100000);
        if (v && *v != 100 && *v != 250 && *v != 300 && *v != 1000)
            expected(join(p, "hz"), "100, 250, 300 or 1000", *it);
        else if (v)
            spec.kernel.hz = static_cast<uint32_t>(*v);
    }
    if (auto it = j.find("features"); it != j.end()) {
        const std::string fp = join(p, "features");
        if (isObject(*it, fp)) {
            checkKeys(*it, fp, {"psi", "cpuacct", "autogroup", "virt_cpu_accounting", "group_sched"});
            KernelFeatures& f = spec.kernel.features;
            const std::pair<const char*, bool*> fields[] = {{"psi", &f.psi},
                                                            {"cpuacct", &f.cpuacct},
                                                            {"autogroup", &f.autogroup},
                                                            {"virt_cpu_accounting", &f.virtCpuAccounting},
                                                            {"group_sched", &f.groupSched}};
            for (auto [key, dst] : fields)
                if (auto fi = it->find(key); fi != it->end())
                    if (auto b = boolean(*fi, join(fp, key)))
                        *dst = *b;
        }
    }
    if (auto it = j.find("costs"); it != j.end())
        costs(*it, join(p, "costs"), spec.kernel);
    if (auto it = j.find("smt_gain_capacity"); it != j.end())
        if (auto b = boolean(*it, join(p, "smt_gain_capacity")))
            spec.kernel.smtGainCapacity = *b;
    if (auto it = j.find("recorded_bursts"); it != j.end()) {
        if (it->is_boolean())
            spec.kernel.recordedBursts = it->get<bool>() ? RecordedBursts::Calls : RecordedBursts::No;
        else if (it->is_string() && it->get_ref<const std::string&>() == "all")
            spec.kernel.recordedBursts = RecordedBursts::All;
        else
            expected(join(p, "recorded_bursts"), "true, false or \"all\"", *it);
    }
}

void Validator::optimizations(const json& j, const std::string& p, std::map<Optimization, bool>& out) {
    if (!isObject(j, p))
        return;
    for (auto it = j.begin(); it != j.end(); ++it) {
        auto o = optimizationFromKey(it.key());
        if (!o) {
            std::string msg = "unknown optimization " + quoteJson(it.key()) + "; expected one of";
            for (const OptimizationInfo& i : optimizationCatalog())
                msg += " " + std::string(i.key);
            error(join(p, it.key()), msg);
            continue;
        }
        if (auto b = boolean(*it, join(p, it.key())))
            out[*o] = *b;
    }
}

} // namespace core::validation
