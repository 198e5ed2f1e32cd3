// The planned rt-app workload -> a SchedScope scenario (import/rtappemit.h).
#include "import/rtappemit.h"

#include "import/rtappjson.h"

#include <algorithm>
#include <charconv>

namespace core::rtapp {

namespace {

using rtappjson::cleanUtf8;

constexpr int kMaxForkDepth = 6;
constexpr int64_t kForeverDurationNs = 10'000'000'000; // scenario length when rt-app would run forever

class Emitter {
public:
    Emitter(const Workload& w, Plan& plan, Messages& msg)
        : m_w(w)
        , m_plan(plan)
        , m_msg(msg) {}

    ojson emit() {
        int64_t longest = 0;
        bool forever = false;
        ojson tasks = emitTasks(longest, forever);
        uint32_t nrCpus = m_w.cpus > 0 ? m_w.cpus : (m_w.anyCpu ? m_w.maxCpu + 1 : 1);
        ojson s = ojson::object();
        s["format"] = 1;
        std::string stem = m_msg.source();
        if (auto slash = stem.find_last_of('/'); slash != std::string::npos)
            stem = stem.substr(slash + 1);
        if (stem.size() > 5 && stem.compare(stem.size() - 5, 5, ".json") == 0)
            stem.resize(stem.size() - 5);
        stem = cleanUtf8(stem, 200);
        s["name"] = "rt-app: " + (stem.empty() ? std::string("workload") : stem);
        s["description"] = "Imported from the rt-app file " + cleanUtf8(m_msg.source(), 1000) +
                           " by schedscope-cli import-rtapp (docs/rtapp.md says what is approximated).";
        s["duration"] = fmtNs(durationNs(forever, longest));
        ojson topo = ojson::object();
        topo["sockets"] = 1;
        topo["cores_per_socket"] = nrCpus;
        topo["threads_per_core"] = 1;
        s["topology"] = topo;
        if (m_plan.needV612) {
            ojson k = ojson::object();
            k["model"] = "v6.12";
            s["kernel"] = k;
        }
        if (!m_plan.channels.declarations().empty())
            s["channels"] = m_plan.channels.declarations();
        s["tasks"] = std::move(tasks);
        return s;
    }

private:
    const Workload& m_w;
    Plan& m_plan;
    Messages& m_msg;
    std::map<const TaskDef*, ojson> m_forkSpecs; ///< a forked child's task, written once

    void warn(const std::string& path, const std::string& what) { m_msg.warn(path, what); }

    // ---- programs ----
    struct State {
        int64_t now = 0;                        ///< nominal time since the thread started, ns
        std::map<std::string, int64_t> lastUse; ///< timer -> nominal time of its last expiry
        std::set<std::string> held;             ///< mutexes held
        std::string cgroup;                     ///< current taskgroup ("" = the task's own)
    };

    struct Ctx {
        const Unit* unit = nullptr; ///< null inside a forked child
        TaskDef* def = nullptr;
        std::vector<const TaskDef*> forkStack;
    };

    static void append(ojson& out, const ojson& items) {
        for (const auto& a : items)
            out.push_back(a);
    }
    static ojson loopOf(int64_t n, const ojson& body) {
        ojson l = ojson::object();
        l["loop"] = n;
        l["do"] = body;
        return l;
    }
    /// Appends `body` repeated n times (n < 0: forever); nothing for an empty body.
    static void appendLoop(ojson& out, int64_t n, const ojson& body) {
        if (body.empty() || n == 0)
            return;
        if (n == 1)
            append(out, body);
        else
            out.push_back(loopOf(n < 0 ? -1 : n, body));
    }
    static ojson one(const char* key, ojson v) {
        ojson a = ojson::object();
        a[key] = std::move(v);
        return a;
    }

    /// Wakes `tokens` waiters (per waiting task; -1: every thread of it) of condition `c`, never the
    /// waking task itself.
    void wakeCond(ojson& out, const std::string& c, const TaskDef* self, bool broadcast,
                  const std::string& path) {
        auto it = m_plan.condWaiters.find(c);
        if (it == m_plan.condWaiters.end()) {
            warn(path, "no thread waits on \"" + cleanUtf8(c, 60) +
                           "\", so the wakeup is lost, as in rt-app; nothing imported");
            return;
        }
        std::vector<const TaskDef*> targets;
        for (const TaskDef* w : it->second)
            if (w != self)
                targets.push_back(w);
        const bool selfOnly = targets.empty();
        if (selfOnly) {
            if (self->instances <= 1)
                return; // only this thread ever waits on it
            targets.push_back(self);
            warn(path, "the threads of this task wake each other on \"" + cleanUtf8(c, 60) +
                           "\": a thread may consume its own wakeup in the import");
        }
        if (!broadcast && targets.size() > 1)
            warn(path, "a signal wakes one waiter, but " + std::to_string(targets.size()) +
                           " tasks wait on \"" + cleanUtf8(c, 60) +
                           "\": the import wakes one thread of each of them");
        for (const TaskDef* w : targets) {
            int64_t n = 1;
            if (broadcast) {
                n = w->instances > 0 ? w->instances : 1;
                if (w == self && n > 1)
                    n -= 1;
            }
            const std::string ch = m_plan.channels.cond(c, w);
            if (n == 1)
                out.push_back(one("send", ch));
            else
                out.push_back(loopOf(n, ojson::array({one("send", ch)})));
        }
    }

    void waitCond(ojson& out, const std::string& c, const std::string& m, bool withMutex, State& st,
                  const TaskDef* self, const std::string& path) {
        if (!m_plan.condWoken.count(c))
            warn(path, "no thread signals or resumes \"" + cleanUtf8(c, 60) +
                           "\", so this wait never ends, as in rt-app");
        const bool dance = withMutex && st.held.count(m);
        if (withMutex && !dance)
            warn(path, "waits on \"" + cleanUtf8(c, 60) + "\" without holding mutex \"" + cleanUtf8(m, 60) +
                           "\" (pthread_cond_wait needs it held); the mutex is left alone");
        if (dance)
            out.push_back(one("recv", m_plan.channels.mutex(m)));
        out.push_back(one("recv", m_plan.channels.cond(c, self)));
        if (dance)
            out.push_back(one("send", m_plan.channels.mutex(m)));
    }

    /// One pass over a phase's events. Returns the actions; advances the nominal clock.
    ojson phaseBody(const Phase& ph, State& st, Ctx& ctx) {
        ojson out = ojson::array();
        const TaskDef* self = ctx.def;
        for (const Event& e : ph.events) {
            switch (e.kind) {
            case Ev::Run:
            case Ev::Runtime:
                if (e.us > 0) {
                    out.push_back(one("run", fmtNs(e.us * 1000)));
                    st.now = satAdd(st.now, e.us * 1000);
                }
                break;
            case Ev::Sleep:
                if (e.us > 0) {
                    out.push_back(one("sleep", fmtNs(e.us * 1000)));
                    st.now = satAdd(st.now, e.us * 1000);
                }
                break;
            case Ev::Timer: {
                int64_t period = e.us * 1000;
                if (!e.uniqueTimer) {
                    auto it = m_plan.timerThreads.find(e.ref);
                    if (it != m_plan.timerThreads.end() && it->second > 1)
                        period = satMul(period, it->second);
                }
                const std::string key = (e.uniqueTimer ? "u\x01" : "s\x01") + e.ref;
                auto lu = st.lastUse.find(key);
                const int64_t last = lu == st.lastUse.end() ? 0 : lu->second;
                const int64_t elapsed = st.now - last;
                int64_t wait = period - elapsed;
                if (wait < 0) {
                    if (e.absolute)
                        warn(e.path, "the events between two expiries take longer than the period (" +
                                         fmtNs(elapsed) + " > " + fmtNs(period) +
                                         "); absolute mode's catching up is not modelled, the timer restarts "
                                         "from now as in relative mode");
                    wait = 0;
                }
                if (wait > 0)
                    out.push_back(one("sleep", fmtNs(wait)));
                st.now = satAdd(st.now, wait);
                st.lastUse[key] = st.now;
                break;
            }
            case Ev::Lock:
                if (st.held.count(e.ref))
                    warn(e.path,
                         "locks \"" + cleanUtf8(e.ref, 60) +
                             "\" again while holding it: the thread deadlocks, as with a pthread mutex");
                st.held.insert(e.ref);
                out.push_back(one("send", m_plan.channels.mutex(e.ref)));
                break;
            case Ev::Unlock:
                if (!st.held.count(e.ref)) {
                    warn(e.path, "unlocks \"" + cleanUtf8(e.ref, 60) +
                                     "\", which this thread does not hold; "
                                     "skipped");
                    break;
                }
                st.held.erase(e.ref);
                out.push_back(one("recv", m_plan.channels.mutex(e.ref)));
                break;
            case Ev::Wait:
                waitCond(out, e.ref, e.mutex, true, st, self, e.path);
                break;
            case Ev::Signal:
                wakeCond(out, e.ref, self, false, e.path);
                break;
            case Ev::Broad:
                wakeCond(out, e.ref, self, true, e.path);
                break;
            case Ev::Sync:
                wakeCond(out, e.ref, self, false, e.path);
                waitCond(out, e.ref, e.mutex, true, st, self, e.path);
                break;
            case Ev::Suspend:
                waitCond(out, e.ref, "", false, st, self, e.path);
                break;
            case Ev::Resume:
                wakeCond(out, e.ref, self, true, e.path);
                break;
            case Ev::Barrier:
                barrier(out, e, ctx);
                break;
            case Ev::Yield:
                out.push_back(one("yield", true));
                break;
            case Ev::Fork:
                fork(out, e, ctx);
                break;
            case Ev::Mem:
            case Ev::Iorun:
            case Ev::External:
                break;
            }
        }
        return out;
    }

    void barrier(ojson& out, const Event& e, Ctx& ctx) {
        if (!ctx.unit)
            return; // inside a forked child: warned in derive()
        auto it = m_plan.barriers.find(e.ref);
        if (it == m_plan.barriers.end() || !it->second.leader)
            return;
        const BarrierPlan& plan = it->second;
        if (ctx.unit == plan.leader) {
            if (plan.threads > 1)
                appendLoop(out, plan.threads - 1, ojson::array({one("recv", plan.arrive)}));
            for (const Unit* u : plan.members) {
                const std::string& go = plan.go.at(u);
                if (u->count > 1) {
                    const std::string base = go.substr(0, go.size() - 3); // drop "{i}"
                    for (uint32_t j = 0; j < u->count; ++j)
                        out.push_back(one("send", base + std::to_string(j)));
                } else {
                    out.push_back(one("send", go));
                }
            }
        } else if (plan.go.count(ctx.unit)) {
            out.push_back(one("send", plan.arrive));
            out.push_back(one("recv", plan.go.at(ctx.unit)));
        }
    }

    void fork(ojson& out, const Event& e, Ctx& ctx) {
        auto it = m_w.byName.find(e.ref);
        if (it == m_w.byName.end()) {
            warn(e.path, "forks \"" + cleanUtf8(e.ref, 60) +
                             "\", which is not a task of this file (rt-app stops with an error when it gets "
                             "there); skipped");
            return;
        }
        TaskDef* child = it->second;
        if (std::find(ctx.forkStack.begin(), ctx.forkStack.end(), child) != ctx.forkStack.end() ||
            static_cast<int>(ctx.forkStack.size()) >= kMaxForkDepth) {
            warn(e.path,
                 "forks \"" + cleanUtf8(e.ref, 60) +
                     "\" recursively; a scenario writes each forked child out in full, so forks nested "
                     "deeper than " +
                     std::to_string(kMaxForkDepth) + " levels or through a cycle are skipped");
            return;
        }
        auto cached = m_forkSpecs.find(child);
        if (cached == m_forkSpecs.end()) {
            // Written once per task (its program does not depend on who forks it), so nested forks
            // cost linear time.
            Ctx cc;
            cc.unit = nullptr;
            cc.def = child;
            cc.forkStack = ctx.forkStack;
            cc.forkStack.push_back(child);
            const std::string name = cleanUtf8(child->key, 200);
            ojson spec = taskSpec(*child, name.empty() ? "task" : name, cc, false);
            cached = m_forkSpecs.emplace(child, std::move(spec)).first;
        }
        out.push_back(one("fork", cached->second));
    }

    /// Nominal length of a program (ns; kInfNs when it never ends).
    static int64_t programNs(const ojson& prog) {
        int64_t t = 0;
        for (const auto& a : prog) {
            if (a.contains("loop")) {
                const int64_t n = a["loop"].get<int64_t>();
                const int64_t body = programNs(a["do"]);
                if (n < 0)
                    return kInfNs;
                t = satAdd(t, satMul(body, n));
            } else if (a.contains("run") || a.contains("sleep")) {
                const std::string s = a.begin().value().get<std::string>();
                int64_t v = 0;
                auto r = std::from_chars(s.data(), s.data() + s.size(), v);
                const std::string unit(r.ptr, s.data() + s.size());
                const int64_t mul = unit == "s"    ? 1'000'000'000
                                    : unit == "ms" ? 1'000'000
                                    : unit == "us" ? 1000
                                                   : 1;
                t = satAdd(t, satMul(v, mul));
            }
        }
        return t;
    }

    /// The thread's program: the thread loop over the phases, each phase looped. A first pass
    /// that differs from the steady state (timers whose first expiry comes from the start, a
    /// taskgroup move that only later passes need) is written out once before the loop.
    ojson program(TaskDef& d, Ctx& ctx) {
        ojson prog = ojson::array();
        if (d.loop == 0)
            return prog;
        State st;
        st.cgroup = d.cgroup.value_or("/");
        bool endless = false;
        auto cycle = [&](State& s) {
            ojson c = ojson::array();
            for (const Phase& ph : d.phases) {
                if (ph.props.taskgroup && *ph.props.taskgroup != s.cgroup) {
                    c.push_back(one("move", *ph.props.taskgroup));
                    s.cgroup = *ph.props.taskgroup;
                }
                const ojson it1 = phaseBody(ph, s, ctx);
                if (ph.loop == 1) {
                    append(c, it1);
                    continue;
                }
                const State afterIt1 = s;
                const int64_t startNow = s.now;
                State s2 = s;
                const ojson it2 = phaseBody(ph, s2, ctx);
                const int64_t iterNs = s2.now - startNow;
                State s3 = s2;
                const ojson it3 = phaseBody(ph, s3, ctx);
                if (it3 != it2)
                    warn(ph.path, "the timers of this phase do not settle into a fixed pattern; every pass "
                                  "after the first uses the second pass's sleeps");
                if (ph.loop <= 0) {
                    if (it1 == it2) {
                        appendLoop(c, -1, it2);
                    } else {
                        append(c, it1);
                        appendLoop(c, -1, it2);
                    }
                    endless = true;
                    if (&ph != &d.phases.back())
                        warn(ph.path, "repeats forever, so the phases after it never run; not imported");
                    s = s2;
                    return c;
                }
                if (it1 == it2)
                    appendLoop(c, ph.loop, it2);
                else {
                    append(c, it1);
                    appendLoop(c, ph.loop - 1, it2);
                }
                // State after the remaining passes: every timer that a pass uses moves along.
                const int64_t shift = satMul(iterNs, ph.loop - 2);
                s = s2;
                if (shift > 0) {
                    for (auto& [k, t] : s.lastUse) {
                        auto before = afterIt1.lastUse.find(k);
                        if (before == afterIt1.lastUse.end() || before->second != t)
                            t = satAdd(t, shift);
                    }
                    s.now = satAdd(s.now, shift);
                }
            }
            return c;
        };
        const ojson c1 = cycle(st);
        if (endless || d.loop == 1) {
            append(prog, c1);
            return prog;
        }
        State st2 = st;
        const ojson c2 = cycle(st2);
        State st3 = st2;
        if (cycle(st3) != c2)
            warn(d.path, "the timers of this task do not settle into a fixed pattern; every pass of the "
                         "thread loop after the first uses the second pass's sleeps");
        const int64_t remaining = d.loop < 0 ? -1 : d.loop - 1;
        if (c1 == c2) {
            appendLoop(prog, d.loop < 0 ? -1 : d.loop, c2);
        } else {
            append(prog, c1);
            appendLoop(prog, remaining, c2);
        }
        return prog;
    }

    ojson taskSpec(TaskDef& d, const std::string& name, Ctx& ctx, bool topLevel, uint32_t count = 1) {
        ojson t = ojson::object();
        t["name"] = name;
        if (topLevel && count > 1)
            t["count"] = count;
        if (d.cgroup && (*d.cgroup != "/" || !topLevel)) // a child names "/" to leave its parent's
            t["cgroup"] = *d.cgroup;
        if (d.policy == Policy::Other || d.policy == Policy::Batch) {
            if (d.prio != 0)
                t["nice"] = d.prio;
        }
        if (d.policy != Policy::Other || !topLevel)
            t["policy"] = policyKey(d.policy);
        if (d.policy == Policy::Fifo || d.policy == Policy::Rr || d.policy == Policy::Deadline)
            t["rt_priority"] = d.prio;
        if (d.sliceNs)
            t["slice"] = fmtNs(*d.sliceNs);
        if (d.cpus)
            t["cpus"] = *d.cpus;
        if (topLevel && d.delayUs > 0)
            t["start"] = fmtNs(d.delayUs * 1000);
        t["program"] = program(d, ctx);
        return t;
    }

    /// The units' tasks. `longest` gets the longest nominal thread with its delay (ns), `forever`
    /// whether some thread never ends.
    ojson emitTasks(int64_t& longest, bool& forever) {
        ojson tasks = ojson::array();
        for (const Unit& u : m_plan.units) {
            Ctx ctx;
            ctx.unit = &u;
            ctx.def = u.def;
            ctx.forkStack.push_back(u.def);
            ojson t = taskSpec(*u.def, u.name, ctx, true, u.count);
            const int64_t ns = programNs(t["program"]);
            if (ns >= kInfNs)
                forever = true;
            else
                longest = std::max(longest, satAdd(ns, u.def->delayUs * 1000));
            tasks.push_back(std::move(t));
        }
        return tasks;
    }

    /// The scenario's duration: rt-app's global.duration, else (with a warning) as long as the
    /// threads would run.
    int64_t durationNs(bool forever, int64_t longest) {
        int64_t durNs;
        if (m_w.durationS > 0) {
            durNs = satMul(m_w.durationS, 1'000'000'000);
        } else if (forever) {
            durNs = kForeverDurationNs;
            warn(m_w.durationPath,
                 std::to_string(m_w.durationS) +
                     ": rt-app runs until every thread ends, and some never do; the scenario "
                     "lasts " +
                     fmtNs(durNs));
        } else {
            // Twice the longest nominal thread (blocking and contention stretch it), at least 1s and
            // at most an hour; the run stops by itself once every task has exited.
            durNs = std::clamp<int64_t>(satAdd(satMul(longest, 2), 0), 1'000'000'000, 3'600'000'000'000);
            durNs = (durNs + 999'999) / 1'000'000 * 1'000'000;
            warn(m_w.durationPath, std::to_string(m_w.durationS) +
                                       ": rt-app runs until every thread ends; the scenario lasts " +
                                       fmtNs(durNs) + " (twice the longest thread's nominal " +
                                       fmtNs(longest) +
                                       ", at least 1s) and ends earlier once every task has exited");
        }
        return durNs;
    }
};

} // namespace

ojson emitScenario(const Workload& w, Plan& plan, Messages& msg) {
    return Emitter(w, plan, msg).emit();
}

} // namespace core::rtapp
