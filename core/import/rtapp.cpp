// rt-app JSON -> SchedScope scenario. Written from rt-app's documentation and from reading how its
// parser and thread loop behave; no rt-app code is used. docs/rtapp.md describes the mapping.
#include "import/rtapp.h"

#include "base/cpuset.h"
#include "import/rtappjson.h"

#include <nlohmann/json.hpp>

#include <algorithm>
#include <charconv>
#include <map>
#include <memory>
#include <optional>
#include <set>

namespace core {

namespace {

using ojson = nlohmann::ordered_json;
using rtappjson::cleanUtf8;
using rtappjson::describe;
using rtappjson::Duplicate;
using rtappjson::JVal;

// ---------------------------------------------------------------------------------------------
// The rt-app model, as the parser builds it.
// ---------------------------------------------------------------------------------------------

enum class Ev : uint8_t {
    Run,
    Runtime,
    Sleep,
    Timer,
    Lock,
    Unlock,
    Wait,
    Signal,
    Broad,
    Sync,
    Barrier,
    Suspend,
    Resume,
    Yield,
    Fork,
    Mem,
    Iorun,
    External
};

/// rt-app matches event keys by prefix, in this order (the order its event parser tests them), so
/// "run0", "run_end" and "runtime1" are events and "runtime" is checked before "run".
std::optional<Ev> classifyEvent(std::string_view key) {
    auto starts = [&](std::string_view p) { return key.substr(0, p.size()) == p; };
    if (starts("run") || starts("sleep"))
        return starts("sleep") ? Ev::Sleep : starts("runtime") ? Ev::Runtime : Ev::Run;
    if (starts("mem") || starts("iorun"))
        return starts("mem") ? Ev::Mem : Ev::Iorun;
    if (starts("lock") || starts("unlock"))
        return starts("lock") ? Ev::Lock : Ev::Unlock;
    if (starts("signal") || starts("broad"))
        return starts("signal") ? Ev::Signal : Ev::Broad;
    if (starts("wait") || starts("sync"))
        return starts("wait") ? Ev::Wait : Ev::Sync;
    if (starts("barrier"))
        return Ev::Barrier;
    if (starts("timer"))
        return Ev::Timer;
    if (starts("resume"))
        return Ev::Resume;
    if (starts("suspend"))
        return Ev::Suspend;
    if (starts("yield"))
        return Ev::Yield;
    if (starts("fork"))
        return Ev::Fork;
    if (starts("external_workload")) // newer rt-app: a call into a shared library
        return Ev::External;
    return std::nullopt;
}

struct Event {
    Ev kind = Ev::Run;
    std::string path;
    int64_t us = 0;    ///< run, runtime, sleep, timer period
    std::string ref;   ///< resource name (mutex, cond, barrier, timer, task to fork)
    std::string mutex; ///< wait, sync
    bool absolute = false;
    bool uniqueTimer = false;
};

enum class Policy : uint8_t { Other, Batch, Idle, Fifo, Rr, Deadline };

const char* policyKey(Policy p) {
    switch (p) {
    case Policy::Other:
        return "other";
    case Policy::Batch:
        return "batch";
    case Policy::Idle:
        return "idle";
    case Policy::Fifo:
        return "fifo";
    case Policy::Rr:
        return "rr";
    case Policy::Deadline:
        return "fifo";
    }
    return "other";
}

const char* policyRtApp(Policy p) {
    switch (p) {
    case Policy::Other:
        return "SCHED_OTHER";
    case Policy::Batch:
        return "SCHED_BATCH";
    case Policy::Idle:
        return "SCHED_IDLE";
    case Policy::Fifo:
        return "SCHED_FIFO";
    case Policy::Rr:
        return "SCHED_RR";
    case Policy::Deadline:
        return "SCHED_DEADLINE";
    }
    return "SCHED_OTHER";
}

bool fairPolicy(Policy p) {
    return p == Policy::Other || p == Policy::Batch || p == Policy::Idle;
}

struct Props {
    std::optional<Policy> policy;
    std::string policyPath;
    std::optional<int64_t> prio;
    std::string prioPath;
    std::optional<std::vector<uint32_t>> cpus;
    std::string cpusPath;
    std::optional<std::string> taskgroup; ///< normalized; "/" is the root
    std::string taskgroupPath;
    std::optional<int64_t> dlRuntime;
    std::string dlRuntimePath;
};

struct Phase {
    std::string name;
    std::string path;
    int64_t loop = 1; ///< <= 0: forever (rt-app's counter never reaches it)
    std::vector<Event> events;
    Props props;
};

struct TaskDef {
    std::string key; ///< the rt-app name
    std::string path;
    int64_t instances = 1;
    int64_t loop = -1; ///< -1 or other negative: forever; 0: never runs
    int64_t delayUs = 0;
    Props props;
    std::vector<Phase> phases;

    // Derived.
    Policy policy = Policy::Other;
    int64_t prio = 0;
    std::optional<std::string> cpus;
    std::optional<std::string> cgroup;
    std::optional<int64_t> sliceNs;
    bool forked = false; ///< named by a fork event somewhere
    bool expand = false; ///< emit one task per instance
    size_t order = 0;
};

/// One emitted task: a whole definition with "count", or one instance of an expanded one.
struct Unit {
    TaskDef* def = nullptr;
    std::string name;
    uint32_t count = 1;
    int index = -1; ///< instance index when expanded (or count 1), -1 with count > 1
};

// Saturating arithmetic on nanoseconds (loop counts times durations can overflow int64).
constexpr int64_t kInfNs = int64_t{1} << 62;
int64_t satAdd(int64_t a, int64_t b) {
    return (a >= kInfNs - b) ? kInfNs : a + b;
}
int64_t satMul(int64_t a, int64_t n) {
    if (a == 0 || n == 0)
        return 0;
    return a > kInfNs / n ? kInfNs : a * n;
}

std::string fmtNs(int64_t ns) {
    if (ns % 1'000'000'000 == 0)
        return std::to_string(ns / 1'000'000'000) + "s";
    if (ns % 1'000'000 == 0)
        return std::to_string(ns / 1'000'000) + "ms";
    if (ns % 1'000 == 0)
        return std::to_string(ns / 1'000) + "us";
    return std::to_string(ns) + "ns";
}

std::string cpuListString(const std::vector<uint32_t>& cpus) {
    std::vector<uint32_t> c = cpus;
    std::sort(c.begin(), c.end());
    c.erase(std::unique(c.begin(), c.end()), c.end());
    return formatCpuList(c);
}

// ---------------------------------------------------------------------------------------------
// The importer.
// ---------------------------------------------------------------------------------------------

constexpr const char* kLegacy =
    "belongs to the pre-2015 exec/period/lock_order grammar, which rt-app no longer reads; ignored";
constexpr uint32_t kCondCapacity = 1'000'000; // wakeups never block the waker
constexpr int kMaxForkDepth = 6;
constexpr int64_t kMaxBarrierThreads = 4096;
constexpr size_t kMaxOutputBytes = 64u << 20; // what the scenario loader reads
constexpr size_t kMaxWarnings = 500;
constexpr int64_t kMaxInstancesPerTask = 100'000;
constexpr int64_t kMaxThreads = 1'000'000;
constexpr int64_t kForeverDurationNs = 10'000'000'000; // scenario length when rt-app would run forever

class Importer {
public:
    Importer(const std::string& source, uint32_t cpus)
        : m_src(source)
        , m_cpusParam(cpus) {}

    RtAppImport run(std::string_view text) {
        if (text.size() > kMaxRtAppBytes)
            throw RtAppError(m_src + ": expected at most " + std::to_string(kMaxRtAppBytes) +
                             " bytes, found " + std::to_string(text.size()));
        const rtappjson::Document doc = rtappjson::parse(text, m_src);
        const JVal& root = doc.root;
        for (const Duplicate& d : doc.duplicates)
            warn(d.path, "duplicate key: rt-app's JSON parser (json-c) keeps only the last value (" + d.kept +
                             ") at the place of the first; the earlier value is dropped (workgen would have "
                             "renamed the keys to keep both)");
        if (!root.isObj())
            fail("top level", "an object with \"tasks\"", describe(root));
        parseTop(root);
        derive();
        planUnits();
        ojson scenario = emit();
        RtAppImport out;
        out.scenarioJson = scenario.dump(2, ' ', false, ojson::error_handler_t::replace) + "\n";
        if (out.scenarioJson.size() > kMaxOutputBytes)
            throw RtAppError(m_src + ": expected a workload whose scenario fits in " +
                             std::to_string(kMaxOutputBytes >> 20) + " MiB, found one of " +
                             std::to_string(out.scenarioJson.size() >> 20) + " MiB");
        out.warnings = std::move(m_warnings);
        if (m_suppressed > 0)
            out.warnings.push_back(m_src + ": " + std::to_string(m_suppressed) + " more warnings not shown");
        return out;
    }

private:
    std::string m_src;
    uint32_t m_cpusParam;
    std::vector<std::string> m_warnings;
    std::set<std::string> m_warned;
    size_t m_suppressed = 0;

    int64_t m_durationS = -1;
    std::string m_durationPath = "global.duration";
    Policy m_defaultPolicy = Policy::Other;
    uint32_t m_maxCpu = 0;
    bool m_anyCpu = false;
    std::vector<std::unique_ptr<TaskDef>> m_defs;
    std::map<std::string, TaskDef*> m_byName;

    // Usage collected over every definition.
    std::map<std::string, std::vector<TaskDef*>> m_condWaiters; ///< cond -> waiting defs, in order
    std::set<std::string> m_condWoken;                          ///< conds someone signals or resumes
    std::map<std::string, int64_t> m_timerThreads;              ///< shared timer -> threads using it
    std::map<std::string, std::vector<TaskDef*>> m_barrierDefs;
    std::map<std::string, std::set<TaskDef*>> m_timerDefs;

    std::vector<Unit> m_units;
    std::set<std::string> m_usedTaskNames;
    bool m_needV612 = false;

    // Channels: declaration order, and a map from a key to the chosen (unique, clean) name.
    ojson m_channels = ojson::array();
    std::map<std::string, std::string> m_channelNames;
    std::set<std::string> m_usedChannelNames;

    struct BarrierPlan {
        int64_t threads = 0;
        const Unit* leader = nullptr;
        std::vector<const Unit*> members; ///< every participating unit but the leader
        std::string arrive;
        std::map<const Unit*, std::string> go; ///< per unit: channel name (with {i} when count > 1)
    };
    std::map<std::string, BarrierPlan> m_barriers;
    std::map<const TaskDef*, ojson> m_forkSpecs; ///< a forked child's task, written once

    // ---- messages ----
    void warn(const std::string& path, const std::string& what) {
        std::string line = m_src + ": " + (path.empty() ? std::string("top level") : path) + ": " + what;
        if (!m_warned.insert(line).second)
            return;
        if (m_warnings.size() >= kMaxWarnings) {
            ++m_suppressed;
            return;
        }
        m_warnings.push_back(std::move(line));
    }
    [[noreturn]] void fail(const std::string& path, const std::string& expected, const std::string& found) {
        throw RtAppError(m_src + ": " + path + ": expected " + expected + ", found " + found);
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
            m_byName[k] = def.get();
            m_defs.push_back(std::move(def));
        }
    }

    void parseGlobal(const JVal& g) {
        if (!g.isObj())
            fail("global", "an object", describe(g));
        for (const auto& [k, v] : g.obj) {
            const std::string p = "global." + cleanUtf8(k, 200);
            if (k == "duration") {
                m_durationS = integer(v, p, "an integer number of seconds");
            } else if (k == "default_policy") {
                m_defaultPolicy = policyOf(v, p);
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
        m_anyCpu = true;
        m_maxCpu = std::max(m_maxCpu, cpu);
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
                if (m_cpusParam > 0 && c.i >= m_cpusParam)
                    fail(cp, "a CPU below " + std::to_string(m_cpusParam) + " (the machine's CPU count)",
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

    // ---- derived per-definition settings ----
    int64_t defaultPrio(Policy p) const { return (p == Policy::Fifo || p == Policy::Rr) ? 10 : 0; }

    void derive() {
        for (auto& up : m_defs) {
            TaskDef& d = *up;
            // Scheduling: the thread's settings, then the first phase's, which rt-app applies before
            // the first event.
            Policy pol = d.props.policy.value_or(m_defaultPolicy);
            int64_t prio = d.props.prio.value_or(defaultPrio(pol));
            std::string prioPath = d.props.prio ? d.props.prioPath : d.path;
            std::optional<int64_t> dl = d.props.dlRuntime;
            std::string dlPath = d.props.dlRuntimePath;
            const Props& p0 = d.phases.front().props;
            if (p0.policy) {
                pol = *p0.policy;
                prio = p0.prio.value_or(defaultPrio(pol));
                prioPath = p0.prio ? p0.prioPath : p0.policyPath;
            } else if (p0.prio) {
                prio = *p0.prio;
                prioPath = p0.prioPath;
            }
            if (p0.dlRuntime) {
                dl = p0.dlRuntime;
                dlPath = p0.dlRuntimePath;
            }
            d.policy = pol;
            d.prio = prio;
            if (pol == Policy::Other || pol == Policy::Batch) {
                if (prio < -20 || prio > 19)
                    fail(prioPath, std::string("a nice value -20..19 for ") + policyRtApp(pol),
                         std::to_string(prio));
            } else if (pol == Policy::Fifo || pol == Policy::Rr) {
                if (prio < 1 || prio > 99)
                    fail(prioPath, std::string("an RT priority 1..99 for ") + policyRtApp(pol),
                         std::to_string(prio));
            } else if (pol == Policy::Deadline) {
                const std::string at = d.props.policy ? d.props.policyPath
                                       : p0.policy    ? p0.policyPath
                                                      : std::string("global.default_policy");
                warn(d.path,
                     std::string("SCHED_DEADLINE (from ") + at +
                         ") is not modelled: imported as SCHED_FIFO priority 99, which like "
                         "deadline tasks runs before every RT and fair task, without the runtime/period "
                         "budget (dl-runtime, dl-period, dl-deadline are ignored)");
                d.prio = 99;
            }
            if (dl && *dl > 0 && fairPolicy(pol)) {
                int64_t ns = satMul(*dl, 1000);
                const int64_t lo = 100'000, hi = 100'000'000;
                if (ns < lo || ns > hi) {
                    const int64_t c = std::clamp(ns, lo, hi);
                    warn(dlPath, "custom slice " + fmtNs(ns) + " is outside 100us..100ms; clamped to " +
                                     fmtNs(c) + " as the kernel does");
                    ns = c;
                }
                d.sliceNs = ns;
                m_needV612 = true;
                warn(dlPath, "dl-runtime on a fair task is its custom slice (sched_attr.sched_runtime): "
                             "imported as \"slice\": \"" +
                                 fmtNs(ns) +
                                 "\", and kernel.model is set to \"v6.12\", the only model with per-task "
                                 "slices");
            }
            // Affinity: the first phase's list wins over the thread's (rt-app's order of preference).
            const Props* cpuSrc = p0.cpus ? &p0 : d.props.cpus ? &d.props : nullptr;
            if (cpuSrc)
                d.cpus = cpuListString(*cpuSrc->cpus);
            // Taskgroup.
            if (p0.taskgroup)
                d.cgroup = *p0.taskgroup;
            else if (d.props.taskgroup)
                d.cgroup = *d.props.taskgroup;
            // Later phases that change what a scenario task cannot change mid-program.
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
            if (anyTg && !(pol == Policy::Other || pol == Policy::Idle || pol == Policy::Batch))
                fail(d.props.taskgroup ? d.props.taskgroupPath : d.path + ".taskgroup",
                     "no taskgroup with " + std::string(policyRtApp(pol)) +
                         " (rt-app supports taskgroups for SCHED_OTHER and SCHED_IDLE only)",
                     "a taskgroup");
        }
        // Fork targets and usage of shared resources.
        for (auto& up : m_defs)
            for (Phase& ph : up->phases)
                for (Event& e : ph.events)
                    if (e.kind == Ev::Fork) {
                        if (auto it = m_byName.find(e.ref); it != m_byName.end())
                            it->second->forked = true;
                    }
        for (auto& up : m_defs) {
            TaskDef* d = up.get();
            const int64_t threads = d->instances > 0 ? d->instances : (d->forked ? 1 : 0);
            std::set<std::string> timers;
            std::map<std::string, int> barrierUses;
            for (Phase& ph : d->phases)
                for (Event& e : ph.events) {
                    if (e.kind == Ev::Signal || e.kind == Ev::Broad || e.kind == Ev::Sync ||
                        e.kind == Ev::Resume)
                        m_condWoken.insert(e.ref);
                    if (e.kind == Ev::Wait || e.kind == Ev::Sync || e.kind == Ev::Suspend) {
                        auto& w = m_condWaiters[e.ref];
                        if (std::find(w.begin(), w.end(), d) == w.end())
                            w.push_back(d);
                    } else if (e.kind == Ev::Timer && !e.uniqueTimer) {
                        timers.insert(e.ref);
                    } else if (e.kind == Ev::Barrier) {
                        ++barrierUses[e.ref];
                    }
                }
            for (const std::string& t : timers) {
                m_timerThreads[t] += threads;
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
        for (const auto& [t, n] : m_timerThreads)
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
        // A barrier needs one leader thread with a program of its own: a single-instance task, or
        // else the first participant is expanded into one task per instance.
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

    static std::string channelPart(const std::string& s) {
        std::string c = cleanUtf8(s, 60);
        std::replace(c.begin(), c.end(), '{', '(');
        std::replace(c.begin(), c.end(), '}', ')');
        return c;
    }

    /// Declares a channel once per key; returns its name. With count > 0 the name gets "{i}".
    std::string channel(const std::string& key, const std::string& want, uint32_t capacity,
                        uint32_t count = 0) {
        if (auto it = m_channelNames.find(key); it != m_channelNames.end())
            return it->second;
        auto taken = [&](const std::string& base) {
            if (count <= 1)
                return m_usedChannelNames.count(base) > 0;
            for (uint32_t j = 0; j < count; ++j)
                if (m_usedChannelNames.count(base + std::to_string(j)))
                    return true;
            return false;
        };
        std::string n = want;
        for (int k = 2; taken(n); ++k)
            n = want + "~" + std::to_string(k);
        if (count <= 1)
            m_usedChannelNames.insert(n);
        else
            for (uint32_t j = 0; j < count; ++j)
                m_usedChannelNames.insert(n + std::to_string(j));
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
        m_channelNames.emplace(key, n);
        return n;
    }

    std::string mutexChannel(const std::string& m) {
        return channel("mutex\x01" + m, "mutex:" + channelPart(m), 1);
    }
    std::string condChannel(const std::string& c, const TaskDef* waiter) {
        return channel("cond\x01" + c + "\x01" + waiter->key,
                       "cond:" + channelPart(c) + ":" + channelPart(waiter->key), kCondCapacity);
    }

    // ---- units ----
    void planUnits() {
        for (auto& up : m_defs) {
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
                    m_units.push_back(
                        {&d, uniqueTaskName(d.key + "-" + std::to_string(j)), 1, static_cast<int>(j)});
            } else {
                m_units.push_back({&d, uniqueTaskName(d.key), static_cast<uint32_t>(d.instances),
                                   d.instances == 1 ? 0 : -1});
            }
        }
        for (auto& [b, defs] : m_barrierDefs) {
            BarrierPlan plan;
            for (const Unit& u : m_units)
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
                m_barriers[b] = std::move(plan);
                continue;
            }
            plan.arrive = channel("barrier\x01" + b +
                                      "\x01"
                                      "arrive",
                                  "barrier:" + channelPart(b) + ":arrive",
                                  static_cast<uint32_t>(std::min<int64_t>(plan.threads, 1'000'000)));
            for (const Unit* u : plan.members)
                plan.go[u] = channel("barrier\x01" + b + "\x01" + u->name,
                                     "barrier:" + channelPart(b) + ":go:" + channelPart(u->name), 2,
                                     u->count > 1 ? u->count : 0);
            m_barriers[b] = std::move(plan);
        }
    }

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
        auto it = m_condWaiters.find(c);
        if (it == m_condWaiters.end()) {
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
            const std::string ch = condChannel(c, w);
            if (n == 1)
                out.push_back(one("send", ch));
            else
                out.push_back(loopOf(n, ojson::array({one("send", ch)})));
        }
    }

    void waitCond(ojson& out, const std::string& c, const std::string& m, bool withMutex, State& st,
                  const TaskDef* self, const std::string& path) {
        if (!m_condWoken.count(c))
            warn(path, "no thread signals or resumes \"" + cleanUtf8(c, 60) +
                           "\", so this wait never ends, as in rt-app");
        const bool dance = withMutex && st.held.count(m);
        if (withMutex && !dance)
            warn(path, "waits on \"" + cleanUtf8(c, 60) + "\" without holding mutex \"" + cleanUtf8(m, 60) +
                           "\" (pthread_cond_wait needs it held); the mutex is left alone");
        if (dance)
            out.push_back(one("recv", mutexChannel(m)));
        out.push_back(one("recv", condChannel(c, self)));
        if (dance)
            out.push_back(one("send", mutexChannel(m)));
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
                    auto it = m_timerThreads.find(e.ref);
                    if (it != m_timerThreads.end() && it->second > 1)
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
                out.push_back(one("send", mutexChannel(e.ref)));
                break;
            case Ev::Unlock:
                if (!st.held.count(e.ref)) {
                    warn(e.path, "unlocks \"" + cleanUtf8(e.ref, 60) +
                                     "\", which this thread does not hold; "
                                     "skipped");
                    break;
                }
                st.held.erase(e.ref);
                out.push_back(one("recv", mutexChannel(e.ref)));
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
        auto it = m_barriers.find(e.ref);
        if (it == m_barriers.end() || !it->second.leader)
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
        auto it = m_byName.find(e.ref);
        if (it == m_byName.end()) {
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

    ojson emit() {
        ojson tasks = ojson::array();
        int64_t longest = 0;
        bool forever = false;
        for (const Unit& u : m_units) {
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
        uint32_t nrCpus = m_cpusParam > 0 ? m_cpusParam : (m_anyCpu ? m_maxCpu + 1 : 1);
        ojson s = ojson::object();
        s["format"] = 1;
        std::string stem = m_src;
        if (auto slash = stem.find_last_of('/'); slash != std::string::npos)
            stem = stem.substr(slash + 1);
        if (stem.size() > 5 && stem.compare(stem.size() - 5, 5, ".json") == 0)
            stem.resize(stem.size() - 5);
        stem = cleanUtf8(stem, 200);
        s["name"] = "rt-app: " + (stem.empty() ? std::string("workload") : stem);
        s["description"] = "Imported from the rt-app file " + cleanUtf8(m_src, 1000) +
                           " by schedscope-cli import-rtapp (docs/rtapp.md says what is approximated).";
        int64_t durNs;
        if (m_durationS > 0) {
            durNs = satMul(m_durationS, 1'000'000'000);
        } else if (forever) {
            durNs = kForeverDurationNs;
            warn(m_durationPath, std::to_string(m_durationS) +
                                     ": rt-app runs until every thread ends, and some never do; the scenario "
                                     "lasts " +
                                     fmtNs(durNs));
        } else {
            // Twice the longest nominal thread (blocking and contention stretch it), at least 1s and
            // at most an hour; the run stops by itself once every task has exited.
            durNs = std::clamp<int64_t>(satAdd(satMul(longest, 2), 0), 1'000'000'000, 3'600'000'000'000);
            durNs = (durNs + 999'999) / 1'000'000 * 1'000'000;
            warn(m_durationPath, std::to_string(m_durationS) +
                                     ": rt-app runs until every thread ends; the scenario lasts " +
                                     fmtNs(durNs) + " (twice the longest thread's nominal " + fmtNs(longest) +
                                     ", at least 1s) and ends earlier once every task has exited");
        }
        s["duration"] = fmtNs(durNs);
        ojson topo = ojson::object();
        topo["sockets"] = 1;
        topo["cores_per_socket"] = nrCpus;
        topo["threads_per_core"] = 1;
        s["topology"] = topo;
        if (m_needV612) {
            ojson k = ojson::object();
            k["model"] = "v6.12";
            s["kernel"] = k;
        }
        if (!m_channels.empty())
            s["channels"] = m_channels;
        s["tasks"] = std::move(tasks);
        return s;
    }
};

} // namespace

RtAppImport importRtApp(std::string_view text, const std::string& source, uint32_t cpus) {
    if (cpus > 4096)
        throw RtAppError(source + ": expected a machine of 1..4096 CPUs, found " + std::to_string(cpus));
    Importer imp(source, cpus);
    return imp.run(text);
}

} // namespace core
