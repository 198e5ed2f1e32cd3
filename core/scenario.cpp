#include "scenario.h"

#include "builtins.h"
#include "jsonscan.h"

#include <nlohmann/json.hpp>

#include <algorithm>
#include <fstream>
#include <set>
#include <sstream>
#include <unordered_map>
#include <unordered_set>

namespace core {

using nlohmann::json;

namespace {

constexpr size_t kMaxErrors = 100;
constexpr size_t kMaxNameLength = 256;
constexpr size_t kMaxDescriptionLength = 64 * 1024;
constexpr size_t kMaxPathLength = 4096;
constexpr uint32_t kMaxCgroupDepth = 100;
constexpr uint32_t kMaxCpus = 4096;
constexpr uint32_t kMaxCount = 100000;
constexpr uint64_t kMaxInstances = 1000000;
constexpr int kMaxProgramNesting = 32;
constexpr uint32_t kMaxCapacity = 1000000;
/// Work budget for checking channel names and task patterns across instances, so that a
/// hostile file cannot make validation quadratic.
constexpr uint64_t kCheckBudget = 20'000'000;

/// Renders a JSON value for "found ..." in messages, short and on one line.
std::string describe(const json& j) {
    switch (j.type()) {
    case json::value_t::null:
        return "null";
    case json::value_t::boolean:
        return j.get<bool>() ? "true" : "false";
    case json::value_t::object:
        return "an object";
    case json::value_t::array:
        return "an array";
    case json::value_t::string: {
        const std::string& s = j.get_ref<const std::string&>();
        std::string out = "\"";
        size_t shown = 0;
        for (unsigned char c : s) {
            if (shown++ == 40) {
                out += "...\" (" + std::to_string(s.size()) + " characters)";
                return out;
            }
            if (c < 0x20 || c == '"' || c == '\\') {
                char buf[8];
                std::snprintf(buf, sizeof buf, "\\x%02x", c);
                out += buf;
            } else {
                out += static_cast<char>(c);
            }
        }
        return out + "\"";
    }
    default:
        return j.dump();
    }
}

std::string quoteJson(std::string_view s) {
    return describe(json(std::string(s)));
}

size_t editDistance(std::string_view a, std::string_view b) {
    std::vector<size_t> row(b.size() + 1);
    for (size_t j = 0; j <= b.size(); ++j)
        row[j] = j;
    for (size_t i = 1; i <= a.size(); ++i) {
        size_t prev = row[0];
        row[0] = i;
        for (size_t j = 1; j <= b.size(); ++j) {
            size_t cur = row[j];
            row[j] = std::min({row[j] + 1, row[j - 1] + 1, prev + (a[i - 1] == b[j - 1] ? 0 : 1)});
            prev = cur;
        }
    }
    return row[b.size()];
}

/// Is `path` a well-formed absolute cgroup path? Returns what is wrong, or empty.
std::string cgroupPathProblem(const std::string& path) {
    if (path.empty() || path[0] != '/')
        return quoteJson(path) + " is not an absolute cgroup path";
    if (path.size() > kMaxPathLength)
        return "cgroup path of " + std::to_string(path.size()) + " characters; at most " +
               std::to_string(kMaxPathLength);
    if (path == "/")
        return {};
    if (path.back() == '/')
        return quoteJson(path) + " ends with '/'";
    uint32_t depth = 0;
    size_t start = 1;
    while (start <= path.size()) {
        size_t end = path.find('/', start);
        if (end == std::string::npos)
            end = path.size();
        std::string_view comp(path.data() + start, end - start);
        if (comp.empty())
            return quoteJson(path) + " has an empty component";
        if (comp == "." || comp == "..")
            return quoteJson(path) + " contains \"" + std::string(comp) + "\"";
        for (unsigned char c : comp)
            if (c < 0x20 || c == 0x7f)
                return quoteJson(path) + " contains a control character";
        if (++depth > kMaxCgroupDepth)
            return "cgroup path deeper than " + std::to_string(kMaxCgroupDepth) + " levels";
        start = end + 1;
    }
    return {};
}

std::string parentPath(const std::string& path) {
    size_t slash = path.rfind('/');
    return slash == 0 ? "/" : path.substr(0, slash);
}

class Validator {
public:
    explicit Validator(std::string file)
        : m_file(std::move(file)) {}

    LoadResult run(const json& root);

private:
    // ---- reporting --------------------------------------------------------------------------
    void error(const std::string& path, const std::string& what) {
        if (m_errors.size() < kMaxErrors)
            m_errors.push_back(m_file + ": " + (path.empty() ? std::string("(top level)") : path) + ": " +
                               what);
        else
            ++m_suppressed;
    }
    void expected(const std::string& path, const std::string& what, const json& found) {
        error(path, "expected " + what + ", found " + describe(found));
    }

    // ---- typed accessors ---------------------------------------------------------------------
    bool isObject(const json& j, const std::string& path) {
        if (j.is_object())
            return true;
        expected(path, "an object", j);
        return false;
    }
    void checkKeys(const json& j, const std::string& path, std::initializer_list<std::string_view> allowed) {
        for (auto it = j.begin(); it != j.end(); ++it) {
            const std::string& k = it.key();
            if (std::find(allowed.begin(), allowed.end(), k) != allowed.end())
                continue;
            std::string msg = "unknown key " + quoteJson(k);
            std::string_view best;
            size_t bestD = 3;
            for (std::string_view a : allowed) {
                size_t d = editDistance(k, a);
                if (d < bestD) {
                    bestD = d;
                    best = a;
                }
            }
            if (!best.empty())
                msg += " (did you mean \"" + std::string(best) + "\"?)";
            else {
                msg += "; expected one of";
                for (std::string_view a : allowed)
                    msg += " " + std::string(a);
            }
            error(join(path, k), msg);
        }
    }
    static std::string join(const std::string& path, std::string_view key) {
        return path.empty() ? std::string(key) : path + "." + std::string(key);
    }
    static std::string index(const std::string& path, size_t i) {
        return path + "[" + std::to_string(i) + "]";
    }

    std::optional<int64_t> integer(const json& j, const std::string& path, int64_t lo, int64_t hi) {
        const std::string range = "an integer " + std::to_string(lo) + ".." + std::to_string(hi);
        if (j.is_number_integer() || j.is_number_unsigned()) {
            if (j.is_number_unsigned() && j.get<uint64_t>() > static_cast<uint64_t>(INT64_MAX)) {
                expected(path, range, j);
                return std::nullopt;
            }
            int64_t v = j.get<int64_t>();
            if (v < lo || v > hi) {
                expected(path, range, j);
                return std::nullopt;
            }
            return v;
        }
        if (j.is_number_float()) {
            double d = j.get<double>();
            // Range first: converting a double outside int64's range is undefined behaviour.
            if (std::abs(d) < 9.0e15 && d >= static_cast<double>(lo) && d <= static_cast<double>(hi) &&
                d == static_cast<double>(static_cast<int64_t>(d)))
                return static_cast<int64_t>(d);
        }
        expected(path, range, j);
        return std::nullopt;
    }
    std::optional<std::string> string(const json& j, const std::string& path, size_t maxLen,
                                      bool allowEmpty = false) {
        if (!j.is_string()) {
            expected(path, "a string", j);
            return std::nullopt;
        }
        const std::string& s = j.get_ref<const std::string&>();
        if (s.size() > maxLen) {
            error(path,
                  "string of " + std::to_string(s.size()) + " characters; at most " + std::to_string(maxLen));
            return std::nullopt;
        }
        if (!allowEmpty && s.empty()) {
            expected(path, "a non-empty string", j);
            return std::nullopt;
        }
        return s;
    }
    std::optional<bool> boolean(const json& j, const std::string& path) {
        if (j.is_boolean())
            return j.get<bool>();
        expected(path, "true or false", j);
        return std::nullopt;
    }
    std::optional<SimTime> duration(const json& j, const std::string& path) {
        if (!j.is_string()) {
            expected(path, "a duration string such as \"20us\" or \"1.5ms\"", j);
            return std::nullopt;
        }
        DurationParse p = parseDuration(j.get_ref<const std::string&>());
        if (!p.value) {
            expected(path, "a duration (" + p.error + ")", j);
            return std::nullopt;
        }
        return p.value;
    }
    std::optional<DurationDist> durationDist(const json& j, const std::string& path) {
        if (j.is_string()) {
            auto d = duration(j, path);
            if (!d)
                return std::nullopt;
            return DurationDist{DurationDist::Kind::Fixed, *d, *d};
        }
        if (j.is_object() && j.size() == 1) {
            if (j.contains("exp")) {
                auto d = duration(j["exp"], join(path, "exp"));
                if (!d)
                    return std::nullopt;
                return DurationDist{DurationDist::Kind::Exp, *d, *d};
            }
            if (j.contains("uniform")) {
                const json& u = j["uniform"];
                const std::string up = join(path, "uniform");
                if (!u.is_array() || u.size() != 2) {
                    expected(up, "an array of two durations [low, high]", u);
                    return std::nullopt;
                }
                auto lo = duration(u[0], index(up, 0));
                auto hi = duration(u[1], index(up, 1));
                if (!lo || !hi)
                    return std::nullopt;
                if (*hi < *lo) {
                    error(up,
                          "low bound " + formatDuration(*lo) + " is above high bound " + formatDuration(*hi));
                    return std::nullopt;
                }
                return DurationDist{DurationDist::Kind::Uniform, *lo, *hi};
            }
        }
        expected(path, "a duration, {\"exp\": D} or {\"uniform\": [D1, D2]}", j);
        return std::nullopt;
    }
    /// An object with exactly the two keys a and b, both present (timeline move, cgroup,
    /// affinity); reports what is wrong otherwise.
    bool pairObject(const json& j, const std::string& path, const char* a, const char* b) {
        if (!isObject(j, path))
            return false;
        checkKeys(j, path, {a, b});
        if (!j.contains(a) || !j.contains(b)) {
            error(path, std::string("needs \"") + a + "\" and \"" + b + "\"");
            return false;
        }
        return true;
    }
    std::optional<CpuListParse> cpuList(const json& j, const std::string& path) {
        if (!j.is_string()) {
            expected(path, "a CPU list string such as \"0-3,8\"", j);
            return std::nullopt;
        }
        CpuListParse p = parseCpuList(j.get_ref<const std::string&>());
        if (!p.error.empty()) {
            expected(path, p.error, j);
            return std::nullopt;
        }
        if (m_nrCpus > 0 && p.maxCpu() >= m_nrCpus) {
            error(path, "CPU " + std::to_string(p.maxCpu()) + " does not exist; the machine has CPUs 0-" +
                            std::to_string(m_nrCpus - 1));
            return std::nullopt;
        }
        return p;
    }
    std::optional<std::string> cgroupPath(const json& j, const std::string& path) {
        if (!j.is_string()) {
            expected(path, "a cgroup path string such as \"/a/b\"", j);
            return std::nullopt;
        }
        const std::string& s = j.get_ref<const std::string&>();
        std::string problem = cgroupPathProblem(s);
        if (!problem.empty()) {
            error(path, problem);
            return std::nullopt;
        }
        noteCgroup(s);
        return s;
    }
    void noteCgroup(const std::string& p) {
        std::string cur = p;
        while (cur != "/" && m_knownCgroups.insert(cur).second)
            cur = parentPath(cur);
    }

    // ---- sections -----------------------------------------------------------------------------
    void topology(const json& j, ScenarioSpec& spec);
    void kernel(const json& j, ScenarioSpec& spec);
    void optimizations(const json& j, const std::string& path, std::map<Optimization, bool>& out);
    void cgroups(const json& j, ScenarioSpec& spec);
    void channels(const json& j, ScenarioSpec& spec);
    std::optional<TaskSpec> task(const json& j, const std::string& path, bool allowCount, int nesting);
    void program(const json& j, const std::string& path, std::vector<ActionSpec>& out, int nesting);
    std::optional<ActionSpec> action(const json& j, const std::string& path, int nesting);
    void timeline(const json& j, ScenarioSpec& spec);
    void checkReferences(ScenarioSpec& spec);
    void checkTaskReferences(const TaskSpec& t, uint32_t instances, const std::string& path);
    void checkProgramReferences(const std::vector<ActionSpec>& prog, uint32_t instances,
                                const std::string& path);
    bool patternMatchesSomeTask(const std::string& pattern);
    void collectTaskNames(const TaskSpec& t, bool topLevel);

    struct PendingRef {
        std::string path;
        const TaskSpec* task;
    };

    std::string m_file;
    std::vector<std::string> m_errors;
    size_t m_suppressed = 0;
    uint32_t m_nrCpus = 0;
    uint64_t m_instances = 0;
    uint64_t m_budget = kCheckBudget;
    bool m_budgetReported = false;
    std::set<std::string> m_knownCgroups;
    std::unordered_set<std::string> m_channelNames;
    std::unordered_map<std::string, size_t> m_checkedPatterns; ///< pattern -> instances verified
    /// Names tasks can have: (base name, instance count; 0 = exactly the name).
    std::vector<std::pair<std::string, uint32_t>> m_taskNames;
    std::vector<std::pair<std::string, std::string>> m_patternRefs; ///< (path, pattern)
    /// Cgroup cpus restrictions keyed by path, for task affinity checks.
    std::map<std::string, CpuSet> m_cgroupCpus;
};

LoadResult Validator::run(const json& root) {
    LoadResult result;
    ScenarioSpec spec;
    spec.source = m_file;
    if (!isObject(root, "")) {
        result.errors = m_errors;
        return result;
    }
    checkKeys(root, "",
              {"format", "name", "description", "seed", "duration", "topology", "kernel", "optimizations",
               "cgroups", "channels", "tasks", "timeline"});
    auto require = [&](const char* key) -> const json* {
        auto it = root.find(key);
        if (it == root.end()) {
            error(key, "required key is missing");
            return nullptr;
        }
        return &*it;
    };
    if (const json* f = require("format")) {
        if (!(f->is_number_integer() && f->get<int64_t>() == 1))
            expected("format", "1 (the only format version)", *f);
    }
    if (const json* n = require("name"))
        if (auto s = string(*n, "name", kMaxNameLength))
            spec.name = *s;
    if (auto it = root.find("description"); it != root.end())
        if (auto s = string(*it, "description", kMaxDescriptionLength, true))
            spec.description = *s;
    if (auto it = root.find("seed"); it != root.end()) {
        if (it->is_number_unsigned() || (it->is_number_integer() && it->get<int64_t>() >= 0))
            spec.seed = it->get<uint64_t>();
        else
            expected("seed", "a non-negative integer", *it);
    }
    if (const json* d = require("duration")) {
        if (auto v = duration(*d, "duration")) {
            if (v->count() == 0)
                error("duration", "must be longer than 0s");
            spec.duration = *v;
        }
    }
    if (const json* t = require("topology"))
        topology(*t, spec);
    if (auto it = root.find("kernel"); it != root.end())
        kernel(*it, spec);
    if (auto it = root.find("optimizations"); it != root.end()) {
        std::map<Optimization, bool> opts;
        optimizations(*it, "optimizations", opts);
        for (auto [o, on] : opts)
            spec.optimizations.set(o, on);
    }
    if (auto it = root.find("cgroups"); it != root.end())
        cgroups(*it, spec);
    if (auto it = root.find("channels"); it != root.end())
        channels(*it, spec);
    if (const json* t = require("tasks")) {
        if (!t->is_array()) {
            expected("tasks", "an array of task objects", *t);
        } else {
            std::unordered_map<std::string, size_t> seen;
            for (size_t i = 0; i < t->size(); ++i) {
                const std::string path = index("tasks", i);
                auto ts = task((*t)[i], path, true, 0);
                if (!ts)
                    continue;
                auto [it, fresh] = seen.emplace(ts->name, i);
                if (!fresh)
                    error(join(path, "name"), "duplicate task name " + quoteJson(ts->name) + " (also tasks[" +
                                                  std::to_string(it->second) + "])");
                spec.tasks.push_back(std::move(*ts));
            }
        }
    }
    if (auto it = root.find("timeline"); it != root.end())
        timeline(*it, spec);

    if (m_errors.empty())
        checkReferences(spec);

    if (m_errors.empty()) {
        // Every cgroup referenced anywhere exists in the tree from the start; parents implicitly.
        std::set<std::string> listed;
        for (const CgroupSpec& c : spec.cgroups)
            listed.insert(c.path);
        for (const std::string& p : m_knownCgroups)
            if (!listed.count(p))
                spec.cgroups.push_back({p, 100, std::nullopt});
        std::stable_sort(spec.cgroups.begin(), spec.cgroups.end(),
                         [](const CgroupSpec& a, const CgroupSpec& b) { return a.path < b.path; });
        std::stable_sort(spec.timeline.begin(), spec.timeline.end(),
                         [](const TimelineEntry& a, const TimelineEntry& b) { return a.at < b.at; });
        result.spec = std::move(spec);
    }
    if (m_suppressed)
        m_errors.push_back(m_file + ": ... and " + std::to_string(m_suppressed) + " more problems");
    result.errors = std::move(m_errors);
    return result;
}

void Validator::topology(const json& j, ScenarioSpec& spec) {
    const std::string p = "topology";
    if (!isObject(j, p))
        return;
    checkKeys(j, p, {"sockets", "cores_per_socket", "threads_per_core", "numa_nodes"});
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
    spec.topology = {vals[0], vals[1], vals[2], vals[3]};
    m_nrCpus = static_cast<uint32_t>(total);
}

void Validator::kernel(const json& j, ScenarioSpec& spec) {
    const std::string p = "kernel";
    if (!isObject(j, p))
        return;
    checkKeys(j, p, {"hz", "features", "costs", "smt_gain_capacity"});
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
    if (auto it = j.find("costs"); it != j.end()) {
        const std::string cp = join(p, "costs");
        if (isObject(*it, cp)) {
            for (auto ci = it->begin(); ci != it->end(); ++ci) {
                if (auto param = costCountFromName(ci.key())) {
                    const CostCountInfo& info = costCountCatalog()[static_cast<size_t>(*param)];
                    if (auto v = integer(*ci, join(cp, ci.key()), 0, info.maxValue))
                        spec.kernel.costCounts[*param] = static_cast<uint32_t>(*v);
                    continue;
                }
                auto op = costOpFromName(ci.key());
                if (!op) {
                    std::string best;
                    size_t bestD = 4;
                    for (const CostInfo& info : costCatalog()) {
                        size_t d = editDistance(ci.key(), info.name);
                        if (d < bestD && info.op != CostOp::LockSpin) {
                            bestD = d;
                            best = std::string(info.name);
                        }
                    }
                    for (const CostCountInfo& info : costCountCatalog()) {
                        size_t d = editDistance(ci.key(), info.name);
                        if (d < bestD) {
                            bestD = d;
                            best = std::string(info.name);
                        }
                    }
                    error(join(cp, ci.key()), "unknown cost " + quoteJson(ci.key()) +
                                                  (best.empty() ? std::string("; see docs/cost-model.md")
                                                                : " (did you mean \"" + best + "\"?)"));
                    continue;
                }
                if (auto d = duration(*ci, join(cp, ci.key())))
                    spec.kernel.costs[*op] = *d;
            }
        }
    }
    if (auto it = j.find("smt_gain_capacity"); it != j.end())
        if (auto b = boolean(*it, join(p, "smt_gain_capacity")))
            spec.kernel.smtGainCapacity = *b;
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

void Validator::cgroups(const json& j, ScenarioSpec& spec) {
    if (!j.is_array()) {
        expected("cgroups", "an array of cgroup objects", j);
        return;
    }
    std::map<std::string, size_t> seen;
    for (size_t i = 0; i < j.size(); ++i) {
        const std::string p = index("cgroups", i);
        const json& c = j[i];
        if (!isObject(c, p))
            continue;
        checkKeys(c, p, {"path", "weight", "cpus"});
        CgroupSpec cg;
        auto pit = c.find("path");
        if (pit == c.end()) {
            error(join(p, "path"), "required key is missing");
            continue;
        }
        auto path = cgroupPath(*pit, join(p, "path"));
        if (!path)
            continue;
        if (*path == "/") {
            error(join(p, "path"), "the root cgroup \"/\" cannot be configured");
            continue;
        }
        auto [sit, fresh] = seen.emplace(*path, i);
        if (!fresh) {
            error(join(p, "path"), "cgroup " + quoteJson(*path) + " is listed twice (also cgroups[" +
                                       std::to_string(sit->second) + "])");
            continue;
        }
        cg.path = *path;
        if (auto w = c.find("weight"); w != c.end()) {
            auto v = integer(*w, join(p, "weight"), 1, 10000);
            if (v)
                cg.weight = static_cast<uint32_t>(*v);
        }
        if (auto cp = c.find("cpus"); cp != c.end()) {
            cg.cpus = cpuList(*cp, join(p, "cpus"));
            if (!cg.cpus)
                continue;
            m_cgroupCpus[cg.path] = toCpuSet(*cg.cpus, m_nrCpus);
        }
        spec.cgroups.push_back(std::move(cg));
    }
    // cpuset rule: a child's cpus must lie within its nearest restricted ancestor's.
    for (size_t i = 0; i < spec.cgroups.size(); ++i) {
        const CgroupSpec& cg = spec.cgroups[i];
        if (!cg.cpus || m_nrCpus == 0)
            continue;
        for (std::string a = parentPath(cg.path);; a = parentPath(a)) {
            auto it = m_cgroupCpus.find(a);
            if (it != m_cgroupCpus.end()) {
                const CpuSet mine = m_cgroupCpus[cg.path];
                if (!((mine & it->second) == mine))
                    error(join(index("cgroups", seen[cg.path]), "cpus"),
                          quoteJson(mine.toString()) + " is not within its parent " + quoteJson(a) +
                              "'s cpus " + quoteJson(it->second.toString()));
                break;
            }
            if (a == "/")
                break;
        }
    }
}

void Validator::channels(const json& j, ScenarioSpec& spec) {
    if (!j.is_array()) {
        expected("channels", "an array of channel objects", j);
        return;
    }
    std::unordered_map<std::string, size_t> seen;
    for (size_t i = 0; i < j.size(); ++i) {
        const std::string p = index("channels", i);
        const json& c = j[i];
        if (!isObject(c, p))
            continue;
        checkKeys(c, p, {"name", "kind", "capacity", "count"});
        ChannelSpec ch;
        auto nit = c.find("name");
        if (nit == c.end()) {
            error(join(p, "name"), "required key is missing");
            continue;
        }
        auto name = string(*nit, join(p, "name"), kMaxNameLength);
        if (!name)
            continue;
        auto kit = c.find("kind");
        if (kit == c.end()) {
            error(join(p, "kind"), "required key is missing");
            continue;
        }
        if (kit->is_string() && *kit == "pipe")
            ch.kind = ChannelKind::Pipe;
        else if (kit->is_string() && *kit == "socket")
            ch.kind = ChannelKind::Socket;
        else {
            expected(join(p, "kind"), "\"pipe\" or \"socket\"", *kit);
            continue;
        }
        if (auto cap = c.find("capacity"); cap != c.end()) {
            auto v = integer(*cap, join(p, "capacity"), 1, kMaxCapacity);
            if (!v)
                continue;
            ch.capacity = static_cast<uint32_t>(*v);
        }
        uint32_t count = 1;
        bool counted = false;
        if (auto cnt = c.find("count"); cnt != c.end()) {
            auto v = integer(*cnt, join(p, "count"), 1, kMaxCount);
            if (!v)
                continue;
            count = static_cast<uint32_t>(*v);
            counted = true;
            if (name->find("{i}") == std::string::npos) {
                error(join(p, "name"),
                      "a channel with \"count\" needs \"{i}\" in its name, found " + quoteJson(*name));
                continue;
            }
        } else if (name->find("{i}") != std::string::npos) {
            error(join(p, "name"), "\"{i}\" in a channel name needs \"count\"");
            continue;
        }
        if (spec.channels.size() + count > kMaxCount * 10) {
            error(p, "more than " + std::to_string(kMaxCount * 10) + " channels in total");
            return;
        }
        for (uint32_t k = 0; k < count; ++k) {
            ChannelSpec inst = ch;
            inst.name = counted ? expandInstance(*name, k) : *name;
            auto [it, fresh] = seen.emplace(inst.name, i);
            if (!fresh) {
                error(join(p, "name"), "duplicate channel name " + quoteJson(inst.name) + " (also channels[" +
                                           std::to_string(it->second) + "])");
                break;
            }
            m_channelNames.insert(inst.name);
            spec.channels.push_back(std::move(inst));
        }
    }
}

std::optional<TaskSpec> Validator::task(const json& j, const std::string& p, bool topLevel, int nesting) {
    if (!isObject(j, p))
        return std::nullopt;
    if (topLevel)
        checkKeys(j, p, {"name", "count", "cgroup", "nice", "cpus", "session", "start", "program"});
    else {
        if (j.contains("count"))
            error(join(p, "count"), "\"count\" is not allowed in a forked task");
        checkKeys(j, p, {"name", "count", "cgroup", "nice", "cpus", "session", "start", "program"});
    }
    TaskSpec t;
    bool ok = true;
    auto nit = j.find("name");
    if (nit == j.end()) {
        error(join(p, "name"), "required key is missing");
        ok = false;
    } else if (auto n = string(*nit, join(p, "name"), kMaxNameLength)) {
        t.name = *n;
    } else {
        ok = false;
    }
    if (auto it = j.find("count"); it != j.end() && topLevel) {
        if (auto v = integer(*it, join(p, "count"), 1, kMaxCount)) {
            t.count = static_cast<uint32_t>(*v);
            if (m_instances + t.count > kMaxInstances) {
                error(join(p, "count"),
                      "more than " + std::to_string(kMaxInstances) + " task instances in the scenario");
                ok = false;
            }
            m_instances += t.count;
        } else {
            ok = false;
        }
    }
    if (auto it = j.find("cgroup"); it != j.end()) {
        if (auto c = cgroupPath(*it, join(p, "cgroup")))
            t.cgroup = *c;
        else
            ok = false;
    }
    if (auto it = j.find("nice"); it != j.end()) {
        if (auto v = integer(*it, join(p, "nice"), -20, 19))
            t.nice = static_cast<int>(*v);
        else
            ok = false;
    }
    if (auto it = j.find("cpus"); it != j.end()) {
        t.cpus = cpuList(*it, join(p, "cpus"));
        if (!t.cpus)
            ok = false;
        else if (m_nrCpus > 0 && toCpuSet(*t.cpus, m_nrCpus).empty()) {
            // (Without a valid topology there is nothing to check against: the topology's own
            // error is the one to report, not one per CPU list.)
            error(join(p, "cpus"), "empty CPU list");
            ok = false;
        }
    }
    if (auto it = j.find("session"); it != j.end()) {
        if (auto s = string(*it, join(p, "session"), kMaxNameLength))
            t.session = *s;
        else
            ok = false;
    }
    if (auto it = j.find("start"); it != j.end()) {
        if (auto d = duration(*it, join(p, "start")))
            t.start = *d;
        else
            ok = false;
    }
    auto pit = j.find("program");
    if (pit == j.end()) {
        error(join(p, "program"), "required key is missing");
        ok = false;
    } else {
        size_t before = m_errors.size() + m_suppressed;
        program(*pit, join(p, "program"), t.program, nesting);
        if (m_errors.size() + m_suppressed != before)
            ok = false;
    }
    // Affinity must leave the task somewhere to run inside its cgroup's cpuset.
    if (ok && t.cpus && t.cgroup && m_nrCpus > 0) {
        for (std::string a = *t.cgroup;; a = parentPath(a)) {
            if (auto it = m_cgroupCpus.find(a); it != m_cgroupCpus.end()) {
                if (!toCpuSet(*t.cpus, m_nrCpus).intersects(it->second)) {
                    error(join(p, "cpus"), "affinity " + quoteJson(toCpuSet(*t.cpus, m_nrCpus).toString()) +
                                               " shares no CPU with cgroup " + quoteJson(a) + "'s cpus " +
                                               quoteJson(it->second.toString()));
                    ok = false;
                }
                break;
            }
            if (a == "/")
                break;
        }
    }
    if (!ok)
        return std::nullopt;
    return t;
}

void Validator::program(const json& j, const std::string& p, std::vector<ActionSpec>& out, int nesting) {
    if (!j.is_array()) {
        expected(p, "an array of actions", j);
        return;
    }
    if (nesting > kMaxProgramNesting) {
        error(p, "programs nested deeper than " + std::to_string(kMaxProgramNesting) + " levels");
        return;
    }
    out.reserve(j.size());
    for (size_t i = 0; i < j.size(); ++i)
        if (auto a = action(j[i], index(p, i), nesting))
            out.push_back(std::move(*a));
}

std::optional<ActionSpec> Validator::action(const json& j, const std::string& p, int nesting) {
    if (!j.is_object() || j.empty()) {
        expected(p, "an action object such as {\"run\": \"1ms\"}", j);
        return std::nullopt;
    }
    ActionSpec a;
    if (j.contains("loop")) {
        checkKeys(j, p, {"loop", "do"});
        const std::string lp = join(p, "loop");
        auto n = integer(j["loop"], lp, -1, INT32_MAX);
        auto dit = j.find("do");
        if (dit == j.end()) {
            error(join(lp, "do"), "required key is missing");
            return std::nullopt;
        }
        if (!n)
            return std::nullopt;
        a.kind = ActionKind::Loop;
        a.loopCount = *n;
        if (dit->is_array() && dit->empty()) {
            error(join(lp, "do"), "a loop needs at least one action");
            return std::nullopt;
        }
        size_t before = m_errors.size() + m_suppressed;
        program(*dit, join(lp, "do"), a.body, nesting + 1);
        if (m_errors.size() + m_suppressed != before)
            return std::nullopt;
        return a;
    }
    if (j.size() != 1) {
        std::string keys;
        for (auto it = j.begin(); it != j.end(); ++it)
            keys += (keys.empty() ? "" : ", ") + quoteJson(it.key());
        error(p, "an action has exactly one key (or \"loop\" with \"do\"), found " + keys);
        return std::nullopt;
    }
    const std::string key = j.begin().key();
    const json& v = j.begin().value();
    const std::string vp = join(p, key);
    static const std::pair<const char*, ActionKind> kDurationActions[] = {{"run", ActionKind::Run},
                                                                          {"sleep", ActionKind::Sleep},
                                                                          {"io", ActionKind::Io},
                                                                          {"memstall", ActionKind::Memstall}};
    for (auto [name, kind] : kDurationActions) {
        if (key == name) {
            auto d = durationDist(v, vp);
            if (!d)
                return std::nullopt;
            a.kind = kind;
            a.duration = *d;
            return a;
        }
    }
    if (key == "send" || key == "recv") {
        auto s = string(v, vp, kMaxNameLength);
        if (!s)
            return std::nullopt;
        a.kind = key == "send" ? ActionKind::Send : ActionKind::Recv;
        a.name = *s;
        return a;
    }
    if (key == "fork") {
        auto child = task(v, vp, false, nesting + 1);
        if (!child)
            return std::nullopt;
        a.kind = ActionKind::Fork;
        a.child = std::make_shared<const TaskSpec>(std::move(*child));
        return a;
    }
    if (key == "wait") {
        if (!(v.is_string() && v == "children")) {
            expected(vp, "\"children\"", v);
            return std::nullopt;
        }
        a.kind = ActionKind::Wait;
        return a;
    }
    if (key == "move") {
        auto c = cgroupPath(v, vp);
        if (!c)
            return std::nullopt;
        a.kind = ActionKind::Move;
        a.name = *c;
        return a;
    }
    if (key == "setsid") {
        auto s = string(v, vp, kMaxNameLength);
        if (!s)
            return std::nullopt;
        a.kind = ActionKind::Setsid;
        a.name = *s;
        return a;
    }
    if (key == "yield" || key == "exit") {
        if (!(v.is_boolean() && v.get<bool>())) {
            expected(vp, "true", v);
            return std::nullopt;
        }
        a.kind = key == "yield" ? ActionKind::Yield : ActionKind::Exit;
        return a;
    }
    std::string msg = "unknown action " + quoteJson(key);
    static constexpr std::string_view kAll[] = {"run",  "sleep", "io",   "memstall", "send",  "recv", "loop",
                                                "fork", "wait",  "move", "setsid",   "yield", "exit"};
    std::string_view best;
    size_t bestD = 3;
    for (std::string_view k : kAll) {
        size_t d = editDistance(key, k);
        if (d < bestD) {
            bestD = d;
            best = k;
        }
    }
    if (!best.empty())
        msg += " (did you mean \"" + std::string(best) + "\"?)";
    else
        msg +=
            "; expected run, sleep, io, memstall, send, recv, loop, fork, wait, move, setsid, yield or exit";
    error(p, msg);
    return std::nullopt;
}

void Validator::timeline(const json& j, ScenarioSpec& spec) {
    if (!j.is_array()) {
        expected("timeline", "an array of timeline entries", j);
        return;
    }
    for (size_t i = 0; i < j.size(); ++i) {
        const std::string p = index("timeline", i);
        const json& e = j[i];
        if (!isObject(e, p))
            continue;
        checkKeys(e, p, {"at", "optimizations", "move", "cgroup", "spawn", "kill", "affinity"});
        TimelineEntry t;
        auto at = e.find("at");
        if (at == e.end()) {
            error(join(p, "at"), "required key is missing");
            continue;
        }
        auto when = duration(*at, join(p, "at"));
        if (!when)
            continue;
        if (spec.duration.count() > 0 && *when > spec.duration) {
            error(join(p, "at"), formatDuration(*when) + " is after the scenario's duration " +
                                     formatDuration(spec.duration) + "; the change would never apply");
            continue;
        }
        t.at = *when;
        int kinds = 0;
        for (const char* k : {"optimizations", "move", "cgroup", "spawn", "kill", "affinity"})
            kinds += e.contains(k) ? 1 : 0;
        if (kinds != 1) {
            error(p,
                  "a timeline entry needs exactly one of optimizations, move, cgroup, spawn, kill, affinity; "
                  "found " +
                      std::to_string(kinds));
            continue;
        }
        if (auto it = e.find("optimizations"); it != e.end()) {
            t.kind = TimelineEntry::Kind::Optimizations;
            size_t before = m_errors.size();
            optimizations(*it, join(p, "optimizations"), t.optimizations);
            if (m_errors.size() != before)
                continue;
        } else if (auto it = e.find("move"); it != e.end()) {
            const std::string mp = join(p, "move");
            if (!pairObject(*it, mp, "task", "cgroup"))
                continue;
            auto task = string((*it)["task"], join(mp, "task"), kMaxNameLength);
            auto cg = cgroupPath((*it)["cgroup"], join(mp, "cgroup"));
            if (!task || !cg)
                continue;
            t.kind = TimelineEntry::Kind::Move;
            t.taskPattern = *task;
            t.cgroupPath = *cg;
            m_patternRefs.emplace_back(join(mp, "task"), *task);
        } else if (auto it = e.find("cgroup"); it != e.end()) {
            const std::string cp = join(p, "cgroup");
            if (!pairObject(*it, cp, "path", "weight"))
                continue;
            auto path = cgroupPath((*it)["path"], join(cp, "path"));
            auto w = integer((*it)["weight"], join(cp, "weight"), 1, 10000);
            if (!path || !w)
                continue;
            if (*path == "/") {
                error(join(cp, "path"), "the root cgroup has no weight");
                continue;
            }
            t.kind = TimelineEntry::Kind::CgroupWeight;
            t.cgroupPath = *path;
            t.weight = static_cast<uint32_t>(*w);
        } else if (auto it = e.find("spawn"); it != e.end()) {
            auto ts = task(*it, join(p, "spawn"), true, 0);
            if (!ts)
                continue;
            t.kind = TimelineEntry::Kind::Spawn;
            t.spawn = std::make_shared<const TaskSpec>(std::move(*ts));
        } else if (auto it = e.find("kill"); it != e.end()) {
            auto pat = string(*it, join(p, "kill"), kMaxNameLength);
            if (!pat)
                continue;
            t.kind = TimelineEntry::Kind::Kill;
            t.taskPattern = *pat;
            m_patternRefs.emplace_back(join(p, "kill"), *pat);
        } else if (auto it = e.find("affinity"); it != e.end()) {
            const std::string ap = join(p, "affinity");
            if (!pairObject(*it, ap, "task", "cpus"))
                continue;
            auto task = string((*it)["task"], join(ap, "task"), kMaxNameLength);
            auto cpus = cpuList((*it)["cpus"], join(ap, "cpus"));
            if (!task || !cpus)
                continue;
            if (m_nrCpus > 0 && toCpuSet(*cpus, m_nrCpus).empty()) {
                error(join(ap, "cpus"), "an empty CPU list; sched_setaffinity needs at least one CPU");
                continue;
            }
            t.kind = TimelineEntry::Kind::Affinity;
            t.taskPattern = *task;
            t.cpus = *cpus;
            m_patternRefs.emplace_back(join(ap, "task"), *task);
        }
        spec.timeline.push_back(std::move(t));
    }
}

void Validator::collectTaskNames(const TaskSpec& t, bool topLevel) {
    m_taskNames.emplace_back(t.name, topLevel && t.count > 1 ? t.count : 0);
    std::vector<const std::vector<ActionSpec>*> stack{&t.program};
    while (!stack.empty()) {
        const auto* prog = stack.back();
        stack.pop_back();
        for (const ActionSpec& a : *prog) {
            if (a.kind == ActionKind::Loop)
                stack.push_back(&a.body);
            else if (a.kind == ActionKind::Fork)
                collectTaskNames(*a.child, false);
        }
    }
}

bool Validator::patternMatchesSomeTask(const std::string& pattern) {
    for (const auto& [name, count] : m_taskNames) {
        if (count == 0) {
            if (matchPattern(pattern, name))
                return true;
            continue;
        }
        for (uint32_t i = 0; i < count; ++i) {
            if (m_budget == 0)
                return true; // out of budget: do not report what could not be checked
            --m_budget;
            if (matchPattern(pattern, name + "#" + std::to_string(i)))
                return true;
        }
    }
    return false;
}

void Validator::checkProgramReferences(const std::vector<ActionSpec>& prog, uint32_t instances,
                                       const std::string& path) {
    for (size_t i = 0; i < prog.size(); ++i) {
        const ActionSpec& a = prog[i];
        const std::string ap = index(path, i);
        switch (a.kind) {
        case ActionKind::Loop:
            checkProgramReferences(a.body, instances, join(ap, "loop.do"));
            break;
        case ActionKind::Fork:
            checkProgramReferences(a.child->program, instances, join(join(ap, "fork"), "program"));
            break;
        case ActionKind::Send:
        case ActionKind::Recv: {
            const std::string key = a.kind == ActionKind::Send ? "send" : "recv";
            const bool templated = a.name.find("{i}") != std::string::npos;
            const size_t need = templated ? instances : 1;
            size_t& verified = m_checkedPatterns[a.name];
            for (size_t k = verified; k < need; ++k) {
                if (m_budget == 0) {
                    if (!m_budgetReported)
                        error(join(ap, key), "too many channel references to check (more than " +
                                                 std::to_string(kCheckBudget) + " instance x action pairs)");
                    m_budgetReported = true;
                    return;
                }
                --m_budget;
                const std::string name =
                    templated ? expandInstance(a.name, static_cast<uint32_t>(k)) : a.name;
                if (!m_channelNames.count(name)) {
                    error(join(ap, key), "unknown channel " + quoteJson(name) +
                                             (templated ? " (instance " + std::to_string(k) + ")" : ""));
                    verified = need; // one message per reference is enough
                    break;
                }
                verified = k + 1;
            }
            break;
        }
        default:
            break;
        }
    }
}

void Validator::checkTaskReferences(const TaskSpec& t, uint32_t instances, const std::string& path) {
    checkProgramReferences(t.program, instances, join(path, "program"));
}

void Validator::checkReferences(ScenarioSpec& spec) {
    for (size_t i = 0; i < spec.tasks.size(); ++i)
        checkTaskReferences(spec.tasks[i], spec.tasks[i].count, index("tasks", i));
    for (size_t i = 0; i < spec.timeline.size(); ++i)
        if (spec.timeline[i].kind == TimelineEntry::Kind::Spawn)
            checkTaskReferences(*spec.timeline[i].spawn, spec.timeline[i].spawn->count,
                                join(index("timeline", i), "spawn"));

    for (const TaskSpec& t : spec.tasks)
        collectTaskNames(t, true);
    for (const TimelineEntry& e : spec.timeline)
        if (e.kind == TimelineEntry::Kind::Spawn)
            collectTaskNames(*e.spawn, true);
    for (const auto& [path, pattern] : m_patternRefs)
        if (!patternMatchesSomeTask(pattern))
            error(path, "pattern " + quoteJson(pattern) + " matches no task of the scenario");
}

} // namespace

LoadResult loadScenarioText(std::string_view text, const std::string& source) {
    LoadResult result;
    if (text.size() > kMaxScenarioBytes) {
        result.errors.push_back(source + ": file of " + std::to_string(text.size()) + " bytes; at most " +
                                std::to_string(kMaxScenarioBytes));
        return result;
    }
    // Structural problems nlohmann accepts (excess nesting, duplicate keys) and plain syntax
    // errors, with line and column.
    if (auto problem = scanJson(text)) {
        result.errors.push_back(source + ":" + std::to_string(problem->line) + ":" +
                                std::to_string(problem->column) + ": " + problem->message);
        return result;
    }
    json root;
    try {
        root = json::parse(text.begin(), text.end());
    } catch (const json::parse_error& e) {
        // Should be rare: the scanner catches syntax errors first. Keep nlohmann's wording.
        TextPosition pos = positionOfByte(text, e.byte == 0 ? 0 : e.byte - 1);
        std::string what = e.what();
        if (auto dash = what.find(": "); dash != std::string::npos)
            what = what.substr(dash + 2);
        result.errors.push_back(source + ":" + std::to_string(pos.line) + ":" + std::to_string(pos.column) +
                                ": " + what);
        return result;
    } catch (const json::exception& e) {
        result.errors.push_back(source + ": " + e.what());
        return result;
    }
    result = Validator(source).run(root);
    if (result.ok())
        result.text = std::string(text);
    return result;
}

LoadResult loadScenarioFile(const std::string& path) {
    LoadResult result;
    std::ifstream in(path, std::ios::binary);
    if (!in) {
        result.errors.push_back(path + ": cannot open the file");
        return result;
    }
    in.seekg(0, std::ios::end);
    const std::streamoff size = in.tellg();
    if (size < 0) {
        result.errors.push_back(path + ": cannot read the file (not a regular file?)");
        return result;
    }
    if (static_cast<uint64_t>(size) > kMaxScenarioBytes) {
        result.errors.push_back(path + ": file of " + std::to_string(size) + " bytes; at most " +
                                std::to_string(kMaxScenarioBytes));
        return result;
    }
    in.seekg(0);
    std::string text(static_cast<size_t>(size), '\0');
    in.read(text.data(), size);
    if (!in) {
        result.errors.push_back(path + ": read error");
        return result;
    }
    return loadScenarioText(text, path);
}

LoadResult loadScenario(const std::string& fileOrBuiltin) {
    static constexpr std::string_view kPrefix = "builtin:";
    if (fileOrBuiltin.rfind(kPrefix, 0) == 0) {
        const std::string name = fileOrBuiltin.substr(kPrefix.size());
        if (const BuiltinScenario* b = findBuiltin(name))
            return loadScenarioText(b->text, fileOrBuiltin);
        LoadResult r;
        std::string known;
        for (const BuiltinScenario& b : builtinScenarios())
            known += (known.empty() ? "" : ", ") + std::string(b.name);
        r.errors.push_back(fileOrBuiltin + ": no built-in scenario named " + quoteJson(name) +
                           "; available: " + known);
        return r;
    }
    return loadScenarioFile(fileOrBuiltin);
}

std::string expandInstance(const std::string& text, uint32_t index) {
    std::string out;
    size_t pos = 0;
    const std::string idx = std::to_string(index);
    while (true) {
        size_t f = text.find("{i}", pos);
        if (f == std::string::npos) {
            out.append(text, pos, std::string::npos);
            return out;
        }
        out.append(text, pos, f - pos);
        out += idx;
        pos = f + 3;
    }
}

bool matchPattern(std::string_view pattern, std::string_view name) {
    // Iterative wildcard match with single backtrack point: linear-ish, no recursion.
    size_t p = 0, n = 0, starP = std::string_view::npos, starN = 0;
    while (n < name.size()) {
        if (p < pattern.size() && pattern[p] == '*') {
            starP = p++;
            starN = n;
        } else if (p < pattern.size() && pattern[p] == name[n]) {
            ++p;
            ++n;
        } else if (starP != std::string_view::npos) {
            p = starP + 1;
            n = ++starN;
        } else {
            return false;
        }
    }
    while (p < pattern.size() && pattern[p] == '*')
        ++p;
    return p == pattern.size();
}

} // namespace core
