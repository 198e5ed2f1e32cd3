// The scenario sections cgroups and channels.
#include "scenario/validator.h"

#include "scenario/patterns.h"

namespace core::validation {

void completeCgroupTree(std::vector<CgroupSpec>& cgroups, const std::set<std::string>& paths) {
    std::set<std::string> listed;
    for (const CgroupSpec& c : cgroups)
        listed.insert(c.path);
    for (const std::string& p : paths)
        for (std::string a = p; a != "/"; a = cgroupParent(a))
            if (listed.insert(a).second)
                cgroups.push_back({a, kDefaultCgroupWeight, std::nullopt, CpuMax{}});
    std::stable_sort(cgroups.begin(), cgroups.end(),
                     [](const CgroupSpec& a, const CgroupSpec& b) { return a.path < b.path; });
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
        checkKeys(c, p, {"path", "weight", "cpus", "max"});
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
            auto v = integer(*w, join(p, "weight"), kMinCgroupWeight, kMaxCgroupWeight);
            if (v)
                cg.weight = static_cast<uint32_t>(*v);
        }
        if (auto cp = c.find("cpus"); cp != c.end()) {
            cg.cpus = cpuList(*cp, join(p, "cpus"));
            if (!cg.cpus)
                continue;
            m_cgroupCpus[cg.path] = toCpuSet(*cg.cpus, m_nrCpus);
        }
        if (auto m = c.find("max"); m != c.end()) {
            auto max = cpuMax(*m, join(p, "max"));
            if (!max)
                continue;
            if (!spec.kernel.features.groupSched && max->limited()) {
                error(join(p, "max"),
                      "cpu.max needs group scheduling, which kernel.features.group_sched turns off");
                continue;
            }
            cg.max = *max;
        }
        spec.cgroups.push_back(std::move(cg));
    }
    // cpuset rule: a child's cpus must lie within its nearest restricted ancestor's.
    for (size_t i = 0; i < spec.cgroups.size(); ++i) {
        const CgroupSpec& cg = spec.cgroups[i];
        if (!cg.cpus || m_nrCpus == 0)
            continue;
        for (std::string a = cgroupParent(cg.path);; a = cgroupParent(a)) {
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

std::optional<CpuMax> Validator::cpuMax(const json& j, const std::string& path) {
    if (!isObject(j, path))
        return std::nullopt;
    checkKeys(j, path, {"quota", "period", "burst"});
    CpuMax m;
    auto q = j.find("quota");
    if (q == j.end()) {
        error(join(path, "quota"), "required key is missing (a duration, or \"max\" for no limit)");
        return std::nullopt;
    }
    if (!(q->is_string() && *q == "max")) {
        auto d = duration(*q, join(path, "quota"));
        if (!d)
            return std::nullopt;
        m.quota = *d;
    }
    if (auto it = j.find("period"); it != j.end()) {
        auto d = duration(*it, join(path, "period"));
        if (!d)
            return std::nullopt;
        m.period = *d;
    }
    if (auto it = j.find("burst"); it != j.end()) {
        auto d = duration(*it, join(path, "burst"));
        if (!d)
            return std::nullopt;
        m.burst = *d;
    }
    if (const std::string problem = cpuMaxProblem(m); !problem.empty()) {
        error(path, problem);
        return std::nullopt;
    }
    return m;
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

} // namespace core::validation
