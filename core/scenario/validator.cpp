#include "scenario/validator.h"

namespace core::validation {

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

std::string closestName(std::string_view word, const std::vector<std::string_view>& candidates,
                        size_t maxDistance) {
    std::string_view best;
    size_t bestD = maxDistance + 1;
    for (std::string_view c : candidates) {
        const size_t d = editDistance(word, c);
        if (d < bestD) {
            bestD = d;
            best = c;
        }
    }
    return std::string(best);
}

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
               "cgroups", "channels", "tasks", "timeline", "bookmarks"});
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
    if (auto it = root.find("bookmarks"); it != root.end())
        bookmarks(*it, spec);

    if (m_errors.empty())
        checkReferences(spec);
    if (m_errors.empty()) {
        // What the scenario sets must exist in its kernel model; what the model fixes, it gets.
        json copy = root;
        // A scenario that names no model was likely written when v4.11 was the default: say how
        // to run it as before.
        const auto k = root.find("kernel");
        const bool named = k != root.end() && k->is_object() && k->contains("model");
        const std::string hint =
            named ? std::string()
                  : " (the scenario names no kernel model, so it runs on the default, " +
                        std::string(kernelModelInfo(kDefaultKernelModel).name) +
                        "; \"kernel\": {\"model\": \"v4.11\"} runs it on the default of before 2026-12-04)";
        for (const ModelConflict& c : modelConflicts(copy, spec.kernel.model, false))
            error(c.path, c.message + hint);
        applyFixedOptimizations(spec.optimizations, spec.kernel.model);
    }

    if (m_errors.empty()) {
        completeCgroupTree(spec.cgroups, m_knownCgroups);
        std::stable_sort(spec.timeline.begin(), spec.timeline.end(),
                         [](const TimelineEntry& a, const TimelineEntry& b) { return a.at < b.at; });
        result.spec = std::move(spec);
    }
    if (m_suppressed)
        m_errors.push_back(m_file + ": ... and " + std::to_string(m_suppressed) + " more problems");
    result.errors = std::move(m_errors);
    return result;
}

} // namespace core::validation
