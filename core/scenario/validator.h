#pragma once
// The scenario validator: internal to the loader (scenario/loader.cpp). A base with error
// reporting, typed accessors and the "did you mean" suggestion, here; the sections are checked
// in one file per group: validatemachine.cpp (topology, kernel, optimizations),
// validatecgroups.cpp (cgroups, channels), validatetasks.cpp (tasks, programs, actions),
// validatetimeline.cpp, validatereferences.cpp (names that refer to each other).

#include "base/cgrouprules.h"
#include "scenario/loader.h"
#include "scenario/modelselection.h"
#include "scenario/scenariospec.h"

#include <nlohmann/json.hpp>

#include <algorithm>
#include <cstdint>
#include <map>
#include <optional>
#include <set>
#include <string>
#include <string_view>
#include <unordered_map>
#include <unordered_set>
#include <utility>
#include <vector>

namespace core::validation {

using nlohmann::json;

inline constexpr size_t kMaxErrors = 100;
inline constexpr size_t kMaxNameLength = 256;
inline constexpr size_t kMaxDescriptionLength = 64 * 1024;
inline constexpr size_t kMaxBookmarkNoteLength = 4 * 1024;
inline constexpr size_t kMaxBookmarks = 10000;
inline constexpr size_t kMaxPathLength = 4096;
inline constexpr uint32_t kMaxCgroupDepth = 100;
inline constexpr uint32_t kMaxCpus = 4096;
/// Highest kernel CPU number in topology.cpu_numbers (the CPU list syntax's own limit).
inline constexpr uint32_t kMaxCpuNumber = 65535;
inline constexpr uint32_t kMaxCount = 100000;
inline constexpr int64_t kMaxPid = 4194304; ///< PID_MAX_LIMIT on 64-bit kernels
inline constexpr uint64_t kMaxInstances = 1000000;
inline constexpr int kMaxProgramNesting = 32;
inline constexpr uint32_t kMaxCapacity = 1000000;
/// Work budget for checking channel names and task patterns across instances, so that a
/// hostile file cannot make validation quadratic.
inline constexpr uint64_t kCheckBudget = 20'000'000;

/// Renders a JSON value for "found ..." in messages, short and on one line.
std::string describe(const json& j);
std::string quoteJson(std::string_view s);
size_t editDistance(std::string_view a, std::string_view b);
/// Why a cgroup path is malformed, or "" when it is fine.
std::string cgroupPathProblem(const std::string& path);
/// Every cgroup of `paths` and every ancestor of theirs in `cgroups` (one not listed with the
/// defaults), sorted by path: the tree as the loader leaves it and the engine builds it.
void completeCgroupTree(std::vector<CgroupSpec>& cgroups, const std::set<std::string>& paths);
/// The candidate closest to `word` within `maxDistance` edits, or "" (the "did you mean" of
/// every unknown-name message).
std::string closestName(std::string_view word, const std::vector<std::string_view>& candidates,
                        size_t maxDistance);

class Validator {
public:
    explicit Validator(std::string file)
        : m_file(std::move(file)) {}

    LoadResult run(const json& root);
    /// A costs file (docs/cost-model.md): {"format": 1, "costs": {...}, ...}.
    CostsFile runCosts(const json& root);

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
            const std::string best = closestName(k, allowed, 2);
            if (!best.empty())
                msg += " (did you mean \"" + best + "\"?)";
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
        if (!m_kernelToScenario.empty())
            return toScenarioNumbers(p, path);
        if (m_nrCpus > 0 && p.maxCpu() >= m_nrCpus) {
            error(path, "CPU " + std::to_string(p.maxCpu()) + " does not exist; the machine has CPUs 0-" +
                            std::to_string(m_nrCpus - 1));
            return std::nullopt;
        }
        return p;
    }
    /// A list in the kernel's numbering (topology.cpu_numbers) as scenario CPU numbers.
    std::optional<CpuListParse> toScenarioNumbers(const CpuListParse& kernel, const std::string& path);
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
            cur = cgroupParent(cur);
    }

    // ---- sections -----------------------------------------------------------------------------
    void topology(const json& j, ScenarioSpec& spec);
    bool cpuNumbers(const json& j, const std::string& path, uint64_t total, ScenarioSpec& spec);
    void kernel(const json& j, ScenarioSpec& spec);
    /// A kernel.costs object (also a costs file's "costs").
    void costs(const json& j, const std::string& path, KernelSpec& kernel);
    void optimizations(const json& j, const std::string& path, std::map<Optimization, bool>& out);
    void cgroups(const json& j, ScenarioSpec& spec);
    /// A cgroup's "max" object: {"quota": DURATION | "max", "period": DURATION, "burst": DURATION}.
    std::optional<CpuMax> cpuMax(const json& j, const std::string& path);
    void channels(const json& j, ScenarioSpec& spec);
    std::optional<TaskSpec> task(const json& j, const std::string& path, bool allowCount, int nesting);
    // The phases of task(), in the order of its keys; each reports what is wrong and returns false
    // when the task is to be dropped.
    /// Its keys, "name" and (top level only) "count".
    bool taskNameAndCount(const json& j, const std::string& path, bool topLevel, TaskSpec& t);
    /// "cgroup", "nice", "policy" and "rt_priority".
    bool taskScheduling(const json& j, const std::string& path, TaskSpec& t);
    bool taskCpus(const json& j, const std::string& path, TaskSpec& t);
    /// A slice that does not fit is reported but does not drop the task.
    void taskSlice(const json& j, const std::string& path, TaskSpec& t);
    void taskTimerSlack(const json& j, const std::string& path, TaskSpec& t);
    bool taskSessionAndStart(const json& j, const std::string& path, TaskSpec& t);
    bool taskProgram(const json& j, const std::string& path, TaskSpec& t, int nesting);
    /// Affinity must leave the task somewhere to run inside its cgroup's cpuset.
    bool taskAffinityInCgroup(const std::string& path, const TaskSpec& t);
    /// {"policy": P, "rt_priority": R} or {"policy": P, "nice": N}: a program's policy change.
    std::optional<ActionSpec> policyAction(const json& j, const std::string& path);
    void program(const json& j, const std::string& path, std::vector<ActionSpec>& out, int nesting);
    std::optional<ActionSpec> action(const json& j, const std::string& path, int nesting);
    void timeline(const json& j, ScenarioSpec& spec);
    void bookmarks(const json& j, ScenarioSpec& spec);
    /// The `at` of a timeline entry or bookmark at `path`: required, a duration, not after the
    /// scenario's; an error (ending in `consequence`) otherwise.
    std::optional<SimTime> timeWithinRun(const json& e, const std::string& path, const ScenarioSpec& spec,
                                         const char* consequence);
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
    /// topology.cpu_numbers inverted: kernel CPU -> scenario CPU (-1: not on the machine);
    /// empty when the numbering is the scenario's own.
    std::vector<int32_t> m_kernelToScenario;
    uint64_t m_instances = 0;
    std::set<int64_t> m_pids; ///< tasks' recorded pids, each once
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

} // namespace core::validation
