// rt-app JSON -> the workload model (import/rtappparse.h). Follows what rt-app's parser
// (src/rt-app_parse_config.c) accepts, from its documentation and behaviour.
#include "import/rtappparse.h"

#include <algorithm>
#include <charconv>

namespace core::rtapp {

namespace {

using rtappjson::cleanUtf8;
using rtappjson::describe;
using rtappjson::Duplicate;
using rtappjson::JVal;

constexpr const char* kLegacy =
    "belongs to the pre-2015 exec/period/lock_order grammar, which rt-app no longer reads; ignored";
constexpr int64_t kMaxInstancesPerTask = 100'000;
constexpr int64_t kMaxThreads = 1'000'000;

class Parser {
public:
    Parser(Workload& w, Messages& msg)
        : m_w(w)
        , m_msg(msg) {}

    void run(const rtappjson::Document& doc) {
        const JVal& root = doc.root;
        for (const Duplicate& d : doc.duplicates)
            warn(d.path, "duplicate key: rt-app's JSON parser (json-c) keeps only the last value (" + d.kept +
                             ") at the place of the first; the earlier value is dropped (workgen would have "
                             "renamed the keys to keep both)");
        if (!root.isObj())
            fail("top level", "an object with \"tasks\"", describe(root));
        parseTop(root);
    }

private:
    Workload& m_w;
    Messages& m_msg;

    void warn(const std::string& path, const std::string& what) { m_msg.warn(path, what); }
    [[noreturn]] void fail(const std::string& path, const std::string& expected, const std::string& found) {
        m_msg.fail(path, expected, found);
    }

    // ---- typed accessors ----
    int64_t integer(const JVal& v, const std::string& path, const std::string& what) {
        if (v.t != JVal::T::Int)
            fail(path, what, describe(v));
        // json-c's json_object_get_int() clamps to the int range; rt-app stores ints.
        if (v.i > INT32_MAX || v.i < INT32_MIN) {
            const int64_t c = v.i > INT32_MAX ? INT32_MAX : INT32_MIN;
            warn(path, std::to_string(v.i) + " is beyond rt-app's 32-bit integers; clamped to " +
                           std::to_string(c) + " as rt-app does");
            return c;
        }
        return v.i;
    }
    int64_t micros(const JVal& v, const std::string& path) {
        const int64_t us = integer(v, path, "an integer number of microseconds");
        if (us < 0)
            fail(path, "a non-negative number of microseconds", describe(v));
        return us;
    }
    std::string str(const JVal& v, const std::string& path, const std::string& what) {
        if (v.t != JVal::T::Str)
            fail(path, what, describe(v));
        return v.s;
    }

    Policy policyOf(const JVal& v, const std::string& path) {
        const std::string s = str(v, path, "a policy name such as \"SCHED_OTHER\"");
        if (s == "SCHED_OTHER")
            return Policy::Other;
        if (s == "SCHED_IDLE")
            return Policy::Idle;
        if (s == "SCHED_FIFO")
            return Policy::Fifo;
        if (s == "SCHED_RR")
            return Policy::Rr;
        if (s == "SCHED_DEADLINE")
            return Policy::Deadline;
        if (s == "SCHED_BATCH") {
            warn(path, "SCHED_BATCH is not one of rt-app's policies (rt-app rejects it); imported as "
                       "\"batch\"");
            return Policy::Batch;
        }
        fail(path, "SCHED_OTHER, SCHED_IDLE, SCHED_RR, SCHED_FIFO or SCHED_DEADLINE", describe(v));
    }

    // ---- top level ----
    void parseTop(const JVal& root) {
        for (const auto& [k, v] : root.obj)
            if (k != "tasks" && k != "global" && k != "resources")
                warn(cleanUtf8(k, 200), "not an rt-app key; ignored");
        if (const JVal* g = root.find("global"); g && g->t != JVal::T::Null)
            parseGlobal(*g);
        // rt-app creates resources when the events name them; the old "resources" section only
        // declares them, so it changes nothing.
        const JVal* tasks = root.find("tasks");
        if (!tasks)
            fail("tasks", "an object describing the threads (rt-app requires \"tasks\")",
                 "nothing (the key is missing)");
        if (!tasks->isObj())
            fail("tasks", "an object describing the threads", describe(*tasks));
        if (tasks->obj.empty())
            warn("tasks", "no tasks: the scenario has none");
        size_t order = 0;
        int64_t threads = 0;
        for (const auto& [k, v] : tasks->obj) {
            auto def = std::make_unique<TaskDef>();
            def->key = k;
            def->path = "tasks." + cleanUtf8(k, 200);
            def->order = order++;
            parseTask(v, *def);
            threads += def->instances;
            if (threads > kMaxThreads)
                fail(def->path + ".instance", "at most " + std::to_string(kMaxThreads) + " threads in total",
                     std::to_string(threads));
            m_w.byName[k] = def.get();
            m_w.defs.push_back(std::move(def));
        }
    }

    void parseGlobal(const JVal& g) {
        if (!g.isObj())
            fail("global", "an object", describe(g));
        for (const auto& [k, v] : g.obj) {
            const std::string p = "global." + cleanUtf8(k, 200);
            if (k == "duration") {
                m_w.durationS = integer(v, p, "an integer number of seconds");
            } else if (k == "default_policy") {
                m_w.defaultPolicy = policyOf(v, p);
            } else if (k == "calibration") {
                // The CPU named here exists on the machine; the value itself only matters on real
                // hardware (run events are taken as CPU time here).
                if (v.t == JVal::T::Str && v.s.size() > 3 && v.s.compare(0, 3, "CPU") == 0) {
                    uint32_t cpu = 0;
                    auto r = std::from_chars(v.s.data() + 3, v.s.data() + v.s.size(), cpu);
                    if (r.ec == std::errc() && r.ptr == v.s.data() + v.s.size() && cpu < 4096)
                        noteCpu(cpu);
                } else if (v.t != JVal::T::Int && v.t != JVal::T::Str) {
                    fail(p, "\"CPUn\" or an integer (ns per loop)", describe(v));
                }
            } else if (k == "pi_enabled") {
                if (v.t == JVal::T::Bool && v.b)
                    warn(p, "priority inheritance is not modelled: mutexes are imported as channels without "
                            "it");
            } else if (k == "lock_pages" || k == "logdir" || k == "log_basename" || k == "log_size" ||
                       k == "ftrace" || k == "gnuplot" || k == "io_device" || k == "mem_buffer_size" ||
                       k == "cumulative_slack" || k == "spacing" || k == "frag" || k == "fragment") {
                // Logging, tracing and memory-locking settings: nothing to simulate.
            } else {
                warn(p, "not an rt-app global setting; ignored");
            }
        }
    }

    void noteCpu(uint32_t cpu) {
        m_w.anyCpu = true;
        m_w.maxCpu = std::max(m_w.maxCpu, cpu);
    }

    std::string taskgroupPath(const JVal& v, const std::string& path) {
        const std::string s = str(v, path, "a taskgroup path such as \"/tg1\"");
        if (s.empty())
            return "";
        if (s[0] != '/')
            fail(path, "a taskgroup path starting with '/'", describe(v));
        std::string out;
        size_t levels = 0;
        size_t i = 0;
        while (i < s.size()) {
            size_t j = s.find('/', i);
            if (j == std::string::npos)
                j = s.size();
            const std::string comp = s.substr(i, j - i);
            i = j + 1;
            if (comp.empty())
                continue;
            if (comp == "." || comp == "..")
                fail(path, "a taskgroup path without \".\" or \"..\"", describe(v));
            out += "/" + cleanUtf8(comp, 255);
            ++levels;
        }
        if (levels > 100 || out.size() > 4096)
            fail(path, "a taskgroup path of at most 100 levels and 4096 characters", describe(v));
        return out.empty() ? "/" : out;
    }

    /// Scheduling, affinity and taskgroup keys, allowed in a task and in a phase. Returns false when
    /// `k` is not one of them.
    bool parseProp(const std::string& k, const JVal& v, const std::string& p, Props& props) {
        if (k == "policy") {
            props.policy = policyOf(v, p);
            props.policyPath = p;
        } else if (k == "priority") {
            props.prio = integer(v, p, "an integer priority");
            props.prioPath = p;
        } else if (k == "cpus") {
            if (v.t != JVal::T::Arr)
                fail(p, "an array of CPU numbers", describe(v));
            if (v.arr.empty())
                fail(p, "at least one CPU (rt-app cannot set an empty affinity)", "an empty array");
            std::vector<uint32_t> cpus;
            for (size_t i = 0; i < v.arr.size(); ++i) {
                const JVal& c = v.arr[i];
                const std::string cp = p + "[" + std::to_string(i) + "]";
                if (c.t != JVal::T::Int || c.i < 0 || c.i > 4095)
                    fail(cp, "a CPU number 0..4095", describe(c));
                if (m_w.cpus > 0 && c.i >= m_w.cpus)
                    fail(cp, "a CPU below " + std::to_string(m_w.cpus) + " (the machine's CPU count)",
                         describe(c));
                cpus.push_back(static_cast<uint32_t>(c.i));
                noteCpu(static_cast<uint32_t>(c.i));
            }
            props.cpus = std::move(cpus);
            props.cpusPath = p;
        } else if (k == "taskgroup") {
            const std::string tg = taskgroupPath(v, p);
            if (!tg.empty()) {
                props.taskgroup = tg;
                props.taskgroupPath = p;
            }
        } else if (k == "dl-runtime") {
            props.dlRuntime = micros(v, p);
            props.dlRuntimePath = p;
        } else if (k == "dl-period" || k == "dl-deadline" || k == "dl-reclaim") {
            // Only meaningful with SCHED_DEADLINE, which is approximated as a whole (derive()).
        } else if (k == "util_min" || k == "util_max") {
            const int64_t u = integer(v, p, "an integer utilization 0..1024 (or -1)");
            if (u > 1024)
                fail(p, "a utilization of at most 1024", describe(v));
            warn(p, "utilization clamping (uclamp) is not modelled; ignored");
        } else if (k == "nodes_membind" || k == "membind_nodes") {
            warn(p, "NUMA memory binding is not modelled; ignored");
        } else {
            return false;
        }
        return true;
    }

    void parseTask(const JVal& v, TaskDef& def) {
        if (!v.isObj())
            fail(def.path, "an object describing the thread", describe(v));
        const JVal* phases = v.find("phases");
        for (const auto& [k, val] : v.obj) {
            const std::string p = def.path + "." + cleanUtf8(k, 200);
            if (k == "instance") {
                def.instances = integer(val, p, "an integer number of threads");
                if (def.instances < 0)
                    fail(p, "a non-negative number of threads", describe(val));
                if (def.instances > kMaxInstancesPerTask)
                    fail(p, "at most " + std::to_string(kMaxInstancesPerTask) + " threads", describe(val));
            } else if (k == "delay") {
                def.delayUs = std::max<int64_t>(0, integer(val, p, "an integer delay in microseconds"));
            } else if (k == "loop" || k == "phases") {
                // Read below.
            } else if (parseProp(k, val, p, def.props)) {
            } else if (k == "period" || k == "deadline") {
                // Legacy SCHED_DEADLINE parameters (rt-app still reads them in a thread object).
            } else if (classifyEvent(k)) {
                if (phases)
                    warn(p, "ignored: the task has \"phases\", and rt-app reads events only inside them");
            } else if (k == "exec" || k == "resources") {
                warn(p, kLegacy);
            } else {
                warn(p, "not an rt-app key; ignored");
            }
        }
        if (phases) {
            if (!phases->isObj())
                fail(def.path + ".phases", "an object of phases", describe(*phases));
            for (const auto& [pk, pv] : phases->obj) {
                Phase ph;
                ph.name = pk;
                ph.path = def.path + ".phases." + cleanUtf8(pk, 200);
                if (!pv.isObj())
                    fail(ph.path, "an object describing the phase", describe(pv));
                parsePhase(pv, ph, false);
                def.phases.push_back(std::move(ph));
            }
            if (def.phases.empty())
                fail(def.path + ".phases", "at least one phase", "an empty object");
            def.loop = -1;
            if (const JVal* l = v.find("loop"))
                def.loop = integer(*l, def.path + ".loop", "an integer loop count");
        } else {
            Phase ph;
            ph.name = "";
            ph.path = def.path;
            parsePhase(v, ph, true);
            // A thread without "phases": its "loop" counts the single phase, which runs once per
            // thread loop; without "loop" the thread repeats forever.
            def.loop = v.find("loop") ? 1 : -1;
            def.phases.push_back(std::move(ph));
        }
    }

    void parsePhase(const JVal& v, Phase& ph, bool isTask) {
        ph.loop = 1;
        if (const JVal* l = v.find("loop")) {
            ph.loop = integer(*l, ph.path + ".loop", "an integer loop count");
            if (ph.loop == 0)
                warn(ph.path + ".loop", "0 repeats forever in rt-app (its phase counter never reaches 0); "
                                        "imported so");
        }
        size_t nEvents = 0;
        for (const auto& [k, val] : v.obj) {
            const std::string p = ph.path + "." + cleanUtf8(k, 200);
            if (k == "membind_nodes" || k == "nodes_membind") {
                if (!isTask)
                    parseProp(k, val, p, ph.props);
                continue;
            }
            auto kind = classifyEvent(k);
            if (!kind) {
                if (!isTask && k != "loop" && !parseProp(k, val, p, ph.props))
                    warn(p, (k == "exec" || k == "resources" || k == "period")
                                ? kLegacy
                                : "not an rt-app key; ignored");
                continue;
            }
            ++nEvents;
            parseEvent(*kind, k, val, p, ph);
        }
        if (nEvents == 0)
            fail(ph.path, "at least one event (rt-app refuses a phase without events)",
                 "none (events are keys starting with run, runtime, sleep, timer, lock, unlock, wait, "
                 "signal, broad, sync, barrier, suspend, resume, yield, fork, mem or iorun)");
    }

    void parseEvent(Ev kind, const std::string& key, const JVal& v, const std::string& p, Phase& ph) {
        Event e;
        e.kind = kind;
        e.path = p;
        auto mutexOrCondName = [&](const char* what) {
            std::string hint = std::string("a string naming the ") + what;
            if (key.compare(0, 10, "lock_order") == 0)
                hint +=
                    " (\"lock_order\" belongs to the pre-2015 exec/period grammar, which rt-app no longer "
                    "reads)";
            return str(v, p, hint);
        };
        switch (kind) {
        case Ev::Run:
        case Ev::Runtime:
        case Ev::Sleep:
            e.us = micros(v, p);
            break;
        case Ev::Mem:
        case Ev::Iorun:
            micros(v, p); // a byte count; checked for its type like rt-app does
            warn(p, kind == Ev::Mem ? "memory events are not modelled; skipped"
                                    : "I/O write events are not modelled; skipped");
            return;
        case Ev::External:
            warn(p, "external workload calls are not modelled; skipped");
            return;
        case Ev::Lock:
        case Ev::Unlock:
            e.ref = mutexOrCondName("mutex");
            break;
        case Ev::Signal:
        case Ev::Broad:
            e.ref = mutexOrCondName("condition");
            break;
        case Ev::Wait:
        case Ev::Sync: {
            if (!v.isObj())
                fail(p, "an object {\"ref\": condition, \"mutex\": mutex}", describe(v));
            e.ref = "unknown";
            e.mutex = "unknown";
            if (const JVal* r = v.find("ref"))
                e.ref = str(*r, p + ".ref", "a string naming the condition");
            if (const JVal* m = v.find("mutex"))
                e.mutex = str(*m, p + ".mutex", "a string naming the mutex");
            break;
        }
        case Ev::Barrier:
            e.ref = mutexOrCondName("barrier");
            break;
        case Ev::Timer: {
            if (!v.isObj())
                fail(p, "an object {\"ref\": name, \"period\": microseconds}", describe(v));
            e.ref = "unknown";
            if (const JVal* r = v.find("ref"))
                e.ref = str(*r, p + ".ref", "a string naming the timer");
            if (const JVal* per = v.find("period"))
                e.us = micros(*per, p + ".period");
            if (const JVal* m = v.find("mode")) {
                const std::string mode = str(*m, p + ".mode", "\"relative\" or \"absolute\"");
                e.absolute = mode.compare(0, 8, "absolute") == 0;
            }
            e.uniqueTimer = e.ref.compare(0, 6, "unique") == 0;
            break;
        }
        case Ev::Suspend:
        case Ev::Resume: {
            e.ref = str(v, p, "a string naming the thread to suspend or resume");
            if (e.ref.empty())
                warn(p, "empty name: rt-app uses a resource named \"\" (workgen would have put the thread's "
                        "own name here)");
            break;
        }
        case Ev::Yield:
            break;
        case Ev::Fork:
            e.ref = str(v, p, "a string naming the task to fork");
            break;
        }
        ph.events.push_back(std::move(e));
    }
};

} // namespace

Workload parseWorkload(const rtappjson::Document& doc, uint32_t cpus, Messages& msg) {
    Workload w;
    w.cpus = cpus;
    Parser(w, msg).run(doc);
    return w;
}

} // namespace core::rtapp
