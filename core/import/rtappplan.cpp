// What each rt-app thread becomes (import/rtappplan.h): derived settings, resource usage, units,
// barriers and their channels.
#include "import/rtappplan.h"

#include "import/rtappjson.h"

#include <algorithm>

namespace core::rtapp {

using rtappjson::cleanUtf8;

namespace {

constexpr uint32_t kCondCapacity = 1'000'000; // wakeups never block the waker
constexpr int64_t kMaxBarrierThreads = 4096;

/// A thread's scheduling before its first event: its own settings, then its first phase's.
struct Scheduling {
    Policy policy = Policy::Other;
    int64_t prio = 0;
    std::string prioPath; ///< where the priority (or the policy that implies it) is written
    std::optional<int64_t> dl;
    std::string dlPath;
};

class Planner {
public:
    Planner(Workload& w, Messages& msg, Plan& plan)
        : m_w(w)
        , m_msg(msg)
        , m_plan(plan) {}

    void run() {
        derive();
        planUnits();
        planBarriers();
    }

private:
    Workload& m_w;
    Messages& m_msg;
    Plan& m_plan;
    std::map<std::string, std::vector<TaskDef*>> m_barrierDefs;
    std::map<std::string, std::set<TaskDef*>> m_timerDefs;
    std::set<std::string> m_usedTaskNames;

    void warn(const std::string& path, const std::string& what) { m_msg.warn(path, what); }
    [[noreturn]] void fail(const std::string& path, const std::string& expected, const std::string& found) {
        m_msg.fail(path, expected, found);
    }

    // ---- derived per-definition settings ----
    int64_t defaultPrio(Policy p) const { return (p == Policy::Fifo || p == Policy::Rr) ? 10 : 0; }

    void derive() {
        for (auto& up : m_w.defs)
            deriveSettings(*up);
        markForkTargets();
        countResourceUse();
        warnSharedTimers();
        chooseBarrierLeaders();
    }

    /// Scheduling, custom slice, affinity and taskgroup of one definition, and the changes its
    /// later phases make that a scenario task cannot.
    void deriveSettings(TaskDef& d) {
        const Scheduling sch = firstScheduling(d);
        checkScheduling(d, sch);
        deriveSlice(d, sch);
        // Affinity: the first phase's list wins over the thread's (rt-app's order of preference).
        const Props& p0 = d.phases.front().props;
        const Props* cpuSrc = p0.cpus ? &p0 : d.props.cpus ? &d.props : nullptr;
        if (cpuSrc)
            d.cpus = cpuListString(*cpuSrc->cpus);
        // Taskgroup.
        if (p0.taskgroup)
            d.cgroup = *p0.taskgroup;
        else if (d.props.taskgroup)
            d.cgroup = *d.props.taskgroup;
        const bool anyTg = warnPhaseChanges(d, sch.dl);
        const Policy pol = d.policy;
        if (anyTg && !(pol == Policy::Other || pol == Policy::Idle || pol == Policy::Batch))
            fail(d.props.taskgroup ? d.props.taskgroupPath : d.path + ".taskgroup",
                 "no taskgroup with " + std::string(policyRtApp(pol)) +
                     " (rt-app supports taskgroups for SCHED_OTHER and SCHED_IDLE only)",
                 "a taskgroup");
    }

    /// Scheduling: the thread's settings, then the first phase's, which rt-app applies before the
    /// first event.
    Scheduling firstScheduling(const TaskDef& d) const {
        Scheduling s;
        s.policy = d.props.policy.value_or(m_w.defaultPolicy);
        s.prio = d.props.prio.value_or(defaultPrio(s.policy));
        s.prioPath = d.props.prio ? d.props.prioPath : d.path;
        s.dl = d.props.dlRuntime;
        s.dlPath = d.props.dlRuntimePath;
        const Props& p0 = d.phases.front().props;
        if (p0.policy) {
            s.policy = *p0.policy;
            s.prio = p0.prio.value_or(defaultPrio(s.policy));
            s.prioPath = p0.prio ? p0.prioPath : p0.policyPath;
        } else if (p0.prio) {
            s.prio = *p0.prio;
            s.prioPath = p0.prioPath;
        }
        if (p0.dlRuntime) {
            s.dl = p0.dlRuntime;
            s.dlPath = p0.dlRuntimePath;
        }
        return s;
    }

    /// The policy and priority taken, in the range the policy allows; SCHED_DEADLINE becomes
    /// SCHED_FIFO 99.
    void checkScheduling(TaskDef& d, const Scheduling& s) {
        const Policy pol = s.policy;
        const int64_t prio = s.prio;
        d.policy = pol;
        d.prio = prio;
        if (pol == Policy::Other || pol == Policy::Batch) {
            if (prio < -20 || prio > 19)
                fail(s.prioPath, std::string("a nice value -20..19 for ") + policyRtApp(pol),
                     std::to_string(prio));
        } else if (pol == Policy::Fifo || pol == Policy::Rr) {
            if (prio < 1 || prio > 99)
                fail(s.prioPath, std::string("an RT priority 1..99 for ") + policyRtApp(pol),
                     std::to_string(prio));
        } else if (pol == Policy::Deadline) {
            const Props& p0 = d.phases.front().props;
            const std::string at = d.props.policy ? d.props.policyPath
                                   : p0.policy    ? p0.policyPath
                                                  : std::string("global.default_policy");
            warn(d.path, std::string("SCHED_DEADLINE (from ") + at +
                             ") is not modelled: imported as SCHED_FIFO priority 99, which like "
                             "deadline tasks runs before every RT and fair task, without the runtime/period "
                             "budget (dl-runtime, dl-period, dl-deadline are ignored)");
            d.prio = 99;
        }
    }

    /// dl-runtime on a fair task: its custom slice, which only the v6.12 model has.
    void deriveSlice(TaskDef& d, const Scheduling& s) {
        if (!(s.dl && *s.dl > 0 && fairPolicy(d.policy)))
            return;
        int64_t ns = satMul(*s.dl, 1000);
        const int64_t lo = 100'000, hi = 100'000'000;
        if (ns < lo || ns > hi) {
            const int64_t c = std::clamp(ns, lo, hi);
            warn(s.dlPath, "custom slice " + fmtNs(ns) + " is outside 100us..100ms; clamped to " + fmtNs(c) +
                               " as the kernel does");
            ns = c;
        }
        d.sliceNs = ns;
        m_plan.needV612 = true;
        warn(s.dlPath, "dl-runtime on a fair task is its custom slice (sched_attr.sched_runtime): "
                       "imported as \"slice\": \"" +
                           fmtNs(ns) +
                           "\", and kernel.model is set to \"v6.12\", the only model with per-task "
                           "slices");
    }

    /// Later phases that change what a scenario task cannot change mid-program: a warning each.
    /// `dl` is the dl-runtime the task starts with. Returns whether the thread or any of its
    /// phases names a taskgroup.
    bool warnPhaseChanges(const TaskDef& d, const std::optional<int64_t>& dl) {
        const Policy pol = d.policy;
        Policy curPol = pol;
        int64_t curPrio = d.prio;
        std::optional<std::string> curCpus = d.cpus;
        bool anyTg = d.cgroup.has_value();
        for (size_t i = 1; i < d.phases.size(); ++i) {
            const Props& pp = d.phases[i].props;
            if (pp.policy || pp.prio) {
                Policy np = pp.policy.value_or(curPol);
                int64_t npr = pp.prio ? *pp.prio : pp.policy ? defaultPrio(np) : curPrio;
                if (np == Policy::Deadline)
                    npr = 99;
                if (np != curPol || npr != curPrio)
                    warn(pp.policy ? pp.policyPath : pp.prioPath,
                         "a scheduling change between phases is not modelled; the task keeps " +
                             std::string(policyRtApp(pol)) + " " + std::to_string(d.prio));
                curPol = np;
                curPrio = npr;
            }
            std::optional<std::string> eff =
                pp.cpus ? std::optional(cpuListString(*pp.cpus))
                        : (d.props.cpus ? std::optional(cpuListString(*d.props.cpus)) : std::nullopt);
            if (eff != curCpus)
                warn(pp.cpus ? pp.cpusPath : d.phases[i].path,
                     "an affinity change between phases is not modelled; the task keeps " +
                         (d.cpus ? "CPU list \"" + *d.cpus + "\"" : std::string("every CPU")));
            curCpus = eff;
            if (pp.taskgroup)
                anyTg = true;
            if (pp.dlRuntime && pp.dlRuntime != dl)
                warn(pp.dlRuntimePath, "a dl-runtime change between phases is not modelled; ignored");
        }
        return anyTg;
    }

    /// Fork targets: definitions a fork event names.
    void markForkTargets() {
        for (auto& up : m_w.defs)
            for (Phase& ph : up->phases)
                for (Event& e : ph.events)
                    if (e.kind == Ev::Fork) {
                        if (auto it = m_w.byName.find(e.ref); it != m_w.byName.end())
                            it->second->forked = true;
                    }
    }

    /// Usage of shared resources: who waits on and who wakes each condition, how many threads
    /// share each timer, which definitions join each barrier.
    void countResourceUse() {
        for (auto& up : m_w.defs) {
            TaskDef* d = up.get();
            const int64_t threads = d->instances > 0 ? d->instances : (d->forked ? 1 : 0);
            std::set<std::string> timers;
            std::map<std::string, int> barrierUses;
            for (Phase& ph : d->phases)
                for (Event& e : ph.events) {
                    if (e.kind == Ev::Signal || e.kind == Ev::Broad || e.kind == Ev::Sync ||
                        e.kind == Ev::Resume)
                        m_plan.condWoken.insert(e.ref);
                    if (e.kind == Ev::Wait || e.kind == Ev::Sync || e.kind == Ev::Suspend) {
                        auto& w = m_plan.condWaiters[e.ref];
                        if (std::find(w.begin(), w.end(), d) == w.end())
                            w.push_back(d);
                    } else if (e.kind == Ev::Timer && !e.uniqueTimer) {
                        timers.insert(e.ref);
                    } else if (e.kind == Ev::Barrier) {
                        ++barrierUses[e.ref];
                    }
                }
            for (const std::string& t : timers) {
                m_plan.timerThreads[t] += threads;
                m_timerDefs[t].insert(d);
            }
            for (const auto& [b, uses] : barrierUses) {
                if (d->instances == 0) {
                    warn(d->path, "uses barrier \"" + cleanUtf8(b, 60) +
                                      "\" but is only started by fork events, which rt-app's barriers do not "
                                      "support; its barrier events are skipped");
                    continue;
                }
                if (uses > 1)
                    warn(d->path, "uses barrier \"" + cleanUtf8(b, 60) + "\" " + std::to_string(uses) +
                                      " times per loop; rt-app counts each use as a participant, the import "
                                      "counts threads");
                m_barrierDefs[b].push_back(d);
            }
        }
    }

    /// A timer shared by several threads advances once per use: each use of it is warned about.
    void warnSharedTimers() {
        for (const auto& [t, n] : m_plan.timerThreads)
            if (n > 1)
                for (TaskDef* d : m_timerDefs[t])
                    for (Phase& ph : d->phases)
                        for (Event& e : ph.events)
                            if (e.kind == Ev::Timer && e.ref == t && !e.uniqueTimer)
                                warn(e.path, "timer \"" + cleanUtf8(t, 60) + "\" is shared by " +
                                                 std::to_string(n) +
                                                 " threads, and each use advances it by one period: imported "
                                                 "as a period " +
                                                 std::to_string(n) +
                                                 " times longer per thread (the threads' relative offsets "
                                                 "are not kept)");
    }

    /// A barrier needs one leader thread with a program of its own: a single-instance task, or
    /// else the first participant is expanded into one task per instance.
    void chooseBarrierLeaders() {
        for (auto& [b, defs] : m_barrierDefs) {
            int64_t threads = 0;
            for (TaskDef* d : defs)
                threads += d->instances;
            if (threads > kMaxBarrierThreads) {
                for (TaskDef* d : defs)
                    warn(d->path, "barrier \"" + cleanUtf8(b, 60) + "\" joins " + std::to_string(threads) +
                                      " threads, more than the import writes out (" +
                                      std::to_string(kMaxBarrierThreads) +
                                      "); its barrier events are skipped");
                defs.clear();
                continue;
            }
            bool single = std::any_of(defs.begin(), defs.end(), [](TaskDef* d) { return d->instances == 1; });
            if (!single && !defs.empty())
                defs.front()->expand = true;
        }
    }

    // ---- names ----
    std::string uniqueTaskName(const std::string& want) {
        std::string base = cleanUtf8(want, 200);
        std::replace(base.begin(), base.end(), '{', '(');
        std::replace(base.begin(), base.end(), '}', ')');
        if (base.empty())
            base = "task";
        std::string n = base;
        for (int k = 2; !m_usedTaskNames.insert(n).second; ++k)
            n = base + "~" + std::to_string(k);
        return n;
    }

    // ---- units ----
    /// One unit per definition that rt-app starts, or one per instance of an expanded one.
    void planUnits() {
        for (auto& up : m_w.defs) {
            TaskDef& d = *up;
            if (d.instances == 0) {
                if (!d.forked)
                    warn(d.path + ".instance", "0: rt-app creates no thread for it, and no fork event starts "
                                               "it; not imported");
                continue;
            }
            if (d.loop == 0) {
                warn(d.path + ".loop", "0: rt-app's thread loop ends before the first phase; the task exits "
                                       "at once");
            }
            if (d.expand && d.instances > 1) {
                for (int64_t j = 0; j < d.instances; ++j)
                    m_plan.units.push_back(
                        {&d, uniqueTaskName(d.key + "-" + std::to_string(j)), 1, static_cast<int>(j)});
            } else {
                m_plan.units.push_back({&d, uniqueTaskName(d.key), static_cast<uint32_t>(d.instances),
                                        d.instances == 1 ? 0 : -1});
            }
        }
    }

    /// Each barrier's leader, members and channels (none for a barrier that never waits).
    void planBarriers() {
        for (auto& [b, defs] : m_barrierDefs) {
            BarrierPlan plan;
            for (const Unit& u : m_plan.units)
                if (std::find(defs.begin(), defs.end(), u.def) != defs.end()) {
                    plan.threads += u.count;
                    if (!plan.leader && u.count == 1)
                        plan.leader = &u;
                    else
                        plan.members.push_back(&u);
                }
            if (plan.threads < 2 || !plan.leader) {
                for (TaskDef* d : defs)
                    warn(d->path, "barrier \"" + cleanUtf8(b, 60) +
                                      "\" has a single participant, so it never waits; skipped");
                plan.leader = nullptr;
                m_plan.barriers[b] = std::move(plan);
                continue;
            }
            Channels& channels = m_plan.channels;
            plan.arrive = channels.channel("barrier\x01" + b +
                                               "\x01"
                                               "arrive",
                                           "barrier:" + Channels::part(b) + ":arrive",
                                           static_cast<uint32_t>(std::min<int64_t>(plan.threads, 1'000'000)));
            for (const Unit* u : plan.members)
                plan.go[u] =
                    channels.channel("barrier\x01" + b + "\x01" + u->name,
                                     "barrier:" + Channels::part(b) + ":go:" + Channels::part(u->name), 2,
                                     u->count > 1 ? u->count : 0);
            m_plan.barriers[b] = std::move(plan);
        }
    }
};

} // namespace

std::string Channels::part(const std::string& s) {
    std::string c = cleanUtf8(s, 60);
    std::replace(c.begin(), c.end(), '{', '(');
    std::replace(c.begin(), c.end(), '}', ')');
    return c;
}

std::string Channels::channel(const std::string& key, const std::string& want, uint32_t capacity,
                              uint32_t count) {
    if (auto it = m_names.find(key); it != m_names.end())
        return it->second;
    auto taken = [&](const std::string& base) {
        if (count <= 1)
            return m_used.count(base) > 0;
        for (uint32_t j = 0; j < count; ++j)
            if (m_used.count(base + std::to_string(j)))
                return true;
        return false;
    };
    std::string n = want;
    for (int k = 2; taken(n); ++k)
        n = want + "~" + std::to_string(k);
    if (count <= 1)
        m_used.insert(n);
    else
        for (uint32_t j = 0; j < count; ++j)
            m_used.insert(n + std::to_string(j));
    ojson c = ojson::object();
    if (count > 1) {
        n += "{i}";
        c["name"] = n;
        c["kind"] = "pipe";
        c["capacity"] = capacity;
        c["count"] = count;
    } else {
        c["name"] = n;
        c["kind"] = "pipe";
        c["capacity"] = capacity;
    }
    m_channels.push_back(std::move(c));
    m_names.emplace(key, n);
    return n;
}

std::string Channels::mutex(const std::string& m) {
    return channel("mutex\x01" + m, "mutex:" + part(m), 1);
}

std::string Channels::cond(const std::string& c, const TaskDef* waiter) {
    return channel("cond\x01" + c + "\x01" + waiter->key, "cond:" + part(c) + ":" + part(waiter->key),
                   kCondCapacity);
}

Plan planWorkload(Workload& w, Messages& msg) {
    Plan plan;
    Planner(w, msg, plan).run();
    return plan;
}

} // namespace core::rtapp
