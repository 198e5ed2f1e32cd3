// Tasks, their programs and actions (also forked children and spawned tasks).
#include "scenario/validator.h"

#include "scenario/patterns.h"

namespace core::validation {

std::optional<TaskSpec> Validator::task(const json& j, const std::string& p, bool topLevel, int nesting) {
    if (!isObject(j, p))
        return std::nullopt;
    if (topLevel)
        checkKeys(j, p,
                  {"name", "count", "cgroup", "nice", "policy", "rt_priority", "slice", "cpus", "session",
                   "start", "program"});
    else {
        if (j.contains("count"))
            error(join(p, "count"), "\"count\" is not allowed in a forked task");
        checkKeys(j, p,
                  {"name", "count", "cgroup", "nice", "policy", "rt_priority", "slice", "cpus", "session",
                   "start", "program"});
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
    if (auto it = j.find("policy"); it != j.end()) {
        const std::string pp = join(p, "policy");
        const auto s = string(*it, pp, kMaxNameLength);
        if (!s)
            ok = false;
        else if (*s == "other" || *s == "batch" || *s == "idle" || *s == "fifo" || *s == "rr")
            t.policy = *s == "other"   ? SchedPolicy::Other
                       : *s == "batch" ? SchedPolicy::Batch
                       : *s == "idle"  ? SchedPolicy::Idle
                       : *s == "fifo"  ? SchedPolicy::Fifo
                                       : SchedPolicy::Rr;
        else {
            expected(pp, "\"other\", \"batch\", \"idle\", \"fifo\" or \"rr\"", *it);
            ok = false;
        }
    }
    if (auto it = j.find("rt_priority"); it != j.end()) {
        // sched_setscheduler: 1..99 for fifo and rr, and 0 (none) for the fair policies.
        if (auto v = integer(*it, join(p, "rt_priority"), 1, 99)) {
            if (rtPolicy(t.policy)) {
                t.rtPriority = static_cast<uint8_t>(*v);
            } else {
                error(join(p, "rt_priority"),
                      "only with \"policy\": \"fifo\" or \"rr\"; a fair task (policy \"" +
                          std::string(schedPolicyName(t.policy)) + "\") has no RT priority");
                ok = false;
            }
        } else {
            ok = false;
        }
    } else if (rtPolicy(t.policy)) {
        error(join(p, "rt_priority"), std::string("missing: \"policy\": \"") + schedPolicyName(t.policy) +
                                          "\" needs an RT priority from 1 to 99");
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
    if (auto it = j.find("slice"); it != j.end()) {
        if (auto d = duration(*it, join(p, "slice"))) {
            if (rtPolicy(t.policy))
                error(join(p, "slice"), std::string("a custom slice is for the fair class; \"") +
                                            schedPolicyName(t.policy) +
                                            "\" runs until it blocks or yields (rr: 100 ms slices)");
            else if (d->count() < kMinCustomSliceNs || d->count() > kMaxCustomSliceNs)
                error(join(p, "slice"),
                      "a slice from 100us to 100ms (the range sched_setattr accepts), found " +
                          formatDuration(*d));
            else
                t.slice = *d;
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
    const std::string best = closestName(key, {std::begin(kAll), std::end(kAll)}, 2);
    if (!best.empty())
        msg += " (did you mean \"" + best + "\"?)";
    else
        msg +=
            "; expected run, sleep, io, memstall, send, recv, loop, fork, wait, move, setsid, yield or exit";
    error(p, msg);
    return std::nullopt;
}

} // namespace core::validation
