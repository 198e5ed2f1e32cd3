// Tasks, their programs and actions (also forked children and spawned tasks).
#include "scenario/validator.h"

#include "scenario/patterns.h"

namespace core::validation {

std::optional<TaskSpec> Validator::task(const json& j, const std::string& p, bool topLevel, int nesting) {
    if (!isObject(j, p))
        return std::nullopt;
    // Every phase runs (each reports its own errors); any failure drops the task.
    TaskSpec t;
    bool ok = taskNameAndCount(j, p, topLevel, t);
    ok &= taskScheduling(j, p, t);
    ok &= taskCpus(j, p, t);
    taskSlice(j, p, t);
    taskTimerSlack(j, p, t);
    ok &= taskSessionAndStart(j, p, t);
    ok &= taskProgram(j, p, t, nesting);
    if (!ok || !taskAffinityInCgroup(p, t)) // checked only for an otherwise valid task
        return std::nullopt;
    return t;
}

bool Validator::taskNameAndCount(const json& j, const std::string& p, bool topLevel, TaskSpec& t) {
    if (topLevel)
        checkKeys(j, p,
                  {"name", "count", "cgroup", "nice", "policy", "rt_priority", "slice", "timer_slack", "cpus",
                   "session", "start", "program", "pid"});
    else {
        if (j.contains("count"))
            error(join(p, "count"), "\"count\" is not allowed in a forked task");
        checkKeys(j, p,
                  {"name", "count", "cgroup", "nice", "policy", "rt_priority", "slice", "timer_slack", "cpus",
                   "session", "start", "program", "pid"});
    }
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
    if (auto it = j.find("pid"); it != j.end()) {
        // The recorded pid of an imported task (import/workloadscenario.h): one task, one pid.
        if (auto v = integer(*it, join(p, "pid"), 1, kMaxPid)) {
            t.pid = static_cast<int32_t>(*v);
            if (!m_pids.insert(*t.pid).second) {
                error(join(p, "pid"), "pid " + std::to_string(*t.pid) + " is already another task's");
                ok = false;
            }
            if (j.contains("count"))
                error(join(p, "pid"), "a pid names one task: not allowed with \"count\"");
        } else {
            ok = false;
        }
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
    return ok;
}

bool Validator::taskScheduling(const json& j, const std::string& p, TaskSpec& t) {
    bool ok = true;
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
    return ok;
}

bool Validator::taskCpus(const json& j, const std::string& p, TaskSpec& t) {
    auto it = j.find("cpus");
    if (it == j.end())
        return true;
    t.cpus = cpuList(*it, join(p, "cpus"));
    if (!t.cpus)
        return false;
    if (m_nrCpus > 0 && toCpuSet(*t.cpus, m_nrCpus).empty()) {
        // (Without a valid topology there is nothing to check against: the topology's own
        // error is the one to report, not one per CPU list.)
        error(join(p, "cpus"), "empty CPU list");
        return false;
    }
    return true;
}

void Validator::taskSlice(const json& j, const std::string& p, TaskSpec& t) {
    auto it = j.find("slice");
    if (it == j.end())
        return;
    if (auto d = duration(*it, join(p, "slice"))) {
        if (rtPolicy(t.policy))
            error(join(p, "slice"), std::string("a custom slice is for the fair class; \"") +
                                        schedPolicyName(t.policy) +
                                        "\" runs until it blocks or yields (rr: 100 ms slices)");
        else if (d->count() < kMinCustomSliceNs || d->count() > kMaxCustomSliceNs)
            error(join(p, "slice"), "a slice from 100us to 100ms (the range sched_setattr accepts), found " +
                                        formatDuration(*d));
        else
            t.slice = *d;
    }
}

void Validator::taskTimerSlack(const json& j, const std::string& p, TaskSpec& t) {
    auto it = j.find("timer_slack");
    if (it == j.end())
        return;
    if (auto d = duration(*it, join(p, "timer_slack"))) {
        if (d->count() > kMaxTimerSlackNs)
            error(join(p, "timer_slack"), "a timer slack from 0 to 1s, found " + formatDuration(*d));
        else
            t.timerSlack = *d;
    }
}

bool Validator::taskSessionAndStart(const json& j, const std::string& p, TaskSpec& t) {
    bool ok = true;
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
    return ok;
}

bool Validator::taskProgram(const json& j, const std::string& p, TaskSpec& t, int nesting) {
    auto pit = j.find("program");
    if (pit == j.end()) {
        error(join(p, "program"), "required key is missing");
        return false;
    }
    size_t before = m_errors.size() + m_suppressed;
    program(*pit, join(p, "program"), t.program, nesting);
    return m_errors.size() + m_suppressed == before;
}

bool Validator::taskAffinityInCgroup(const std::string& p, const TaskSpec& t) {
    if (!t.cpus || !t.cgroup || m_nrCpus == 0)
        return true;
    for (std::string a = *t.cgroup;; a = cgroupParent(a)) {
        if (auto it = m_cgroupCpus.find(a); it != m_cgroupCpus.end()) {
            if (!toCpuSet(*t.cpus, m_nrCpus).intersects(it->second)) {
                error(join(p, "cpus"), "affinity " + quoteJson(toCpuSet(*t.cpus, m_nrCpus).toString()) +
                                           " shares no CPU with cgroup " + quoteJson(a) + "'s cpus " +
                                           quoteJson(it->second.toString()));
                return false;
            }
            break;
        }
        if (a == "/")
            break;
    }
    return true;
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
    if (j.contains("policy"))
        return policyAction(j, p);
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
    if (key == "nice") {
        auto n = integer(v, vp, -20, 19);
        if (!n)
            return std::nullopt;
        a.kind = ActionKind::Nice;
        a.nice = static_cast<int8_t>(*n);
        return a;
    }
    if (key == "cpus") {
        TaskSpec cpus;
        if (!taskCpus(j, p, cpus))
            return std::nullopt;
        a.kind = ActionKind::Cpus;
        a.name = cpus.cpus->toString();
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
    static constexpr std::string_view kAll[] = {"run",  "sleep", "io",     "memstall", "send",   "recv",
                                                "loop", "fork",  "wait",   "move",     "setsid", "yield",
                                                "exit", "nice",  "policy", "cpus"};
    const std::string best = closestName(key, {std::begin(kAll), std::end(kAll)}, 2);
    if (!best.empty())
        msg += " (did you mean \"" + best + "\"?)";
    else
        msg +=
            "; expected run, sleep, io, memstall, send, recv, loop, fork, wait, move, setsid, yield, exit, "
            "nice, policy or cpus";
    error(p, msg);
    return std::nullopt;
}

std::optional<ActionSpec> Validator::policyAction(const json& j, const std::string& p) {
    // sched_setscheduler / sched_setattr from the task's program: the keys a task has for them.
    checkKeys(j, p, {"policy", "rt_priority", "nice"});
    TaskSpec t;
    if (!taskScheduling(j, p, t))
        return std::nullopt;
    if (j.contains("nice") && rtPolicy(t.policy)) {
        error(join(p, "nice"), std::string("only with a fair policy; \"") + schedPolicyName(t.policy) +
                                   "\" runs by its RT priority (a \"nice\" action sets the nice it keeps)");
        return std::nullopt;
    }
    ActionSpec a;
    a.kind = ActionKind::Policy;
    a.policy = t.policy;
    a.rtPriority = t.rtPriority;
    a.nice = static_cast<int8_t>(t.nice);
    a.keepNice = !rtPolicy(t.policy) && !j.contains("nice");
    return a;
}

} // namespace core::validation
