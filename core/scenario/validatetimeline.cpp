// The timeline: live changes at simulated times.
#include "scenario/validator.h"

#include "scenario/patterns.h"

namespace core::validation {

std::optional<SimTime> Validator::timeWithinRun(const json& e, const std::string& path,
                                                const ScenarioSpec& spec, const char* consequence) {
    auto at = e.find("at");
    if (at == e.end()) {
        error(join(path, "at"), "required key is missing");
        return std::nullopt;
    }
    auto when = duration(*at, join(path, "at"));
    if (!when)
        return std::nullopt;
    if (spec.duration.count() > 0 && *when > spec.duration) {
        error(join(path, "at"), formatDuration(*when) + " is after the scenario's duration " +
                                    formatDuration(spec.duration) + consequence);
        return std::nullopt;
    }
    return when;
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
        const auto when = timeWithinRun(e, p, spec, "; the change would never apply");
        if (!when)
            continue;
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
            const bool isMax = it->is_object() && it->contains("max");
            if (!pairObject(*it, cp, "path", isMax ? "max" : "weight"))
                continue;
            auto path = cgroupPath((*it)["path"], join(cp, "path"));
            if (!path)
                continue;
            if (*path == "/") {
                error(join(cp, "path"),
                      isMax ? "the root cgroup has no cpu.max" : "the root cgroup has no weight");
                continue;
            }
            t.cgroupPath = *path;
            if (isMax) {
                auto m = cpuMax((*it)["max"], join(cp, "max"));
                if (!m)
                    continue;
                if (!spec.kernel.features.groupSched) {
                    error(join(cp, "max"),
                          "cpu.max needs group scheduling, which kernel.features.group_sched turns off");
                    continue;
                }
                t.kind = TimelineEntry::Kind::CgroupMax;
                t.max = *m;
            } else {
                auto w = integer((*it)["weight"], join(cp, "weight"), kMinCgroupWeight, kMaxCgroupWeight);
                if (!w)
                    continue;
                t.kind = TimelineEntry::Kind::CgroupWeight;
                t.weight = static_cast<uint32_t>(*w);
            }
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

} // namespace core::validation
