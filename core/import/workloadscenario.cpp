#include "import/workloadscenario.h"

#include "base/bytetext.h"
#include "scenario/loader.h"
#include "scenario/validator.h"

#include <nlohmann/json.hpp>

#include <algorithm>
#include <cstdio>
#include <deque>
#include <map>
#include <set>

namespace core {

namespace {

/// Forks nest in the scenario (a child's program inside its parent's); deeper chains start as
/// tasks of their own at the time of the fork (the validator allows 32 levels).
constexpr int kMaxForkDepth = 24;

/// What records itself: perf's own process and its child before it execs the workload,
/// trace-cmd's.
const std::set<std::string> kTracers = {"perf", "perf-exec", "trace-cmd"};

std::string jsonString(const std::string& bytes) {
    return nlohmann::json(bytesAsText(bytes)).dump();
}

std::string duration(int64_t ns) {
    return "\"" + std::to_string(std::max<int64_t>(ns, 0)) + "ns\"";
}

std::string seconds(int64_t ns) {
    char b[32];
    std::snprintf(b, sizeof b, "%.6f s", static_cast<double>(ns) / 1e9);
    return b;
}

/// Writes the scenario: which tasks are in it and under what names, the channels their wakeups
/// become, then the JSON text (written directly: a long recording has millions of actions).
class Writer {
public:
    Writer(const WorkloadRecorder& rec, const ImportedTrace& trace, const WorkloadScenarioOptions& options,
           WorkloadScenario& out)
        : m_tasks(rec.tasks())
        , m_trace(trace)
        , m_summary(trace.summary)
        , m_options(options)
        , m_out(out) {}

    bool write();

private:
    const TaskSummary& info(int32_t i) const { return m_summary.tasks[static_cast<size_t>(i)]; }
    bool included(int32_t i) const { return i >= 0 && static_cast<size_t>(i) < m_in.size() && m_in[i]; }
    std::string who(int32_t i) const {
        return bytesAsText(info(i).name) + " (pid " + std::to_string(info(i).pid) + ")";
    }
    int64_t rel(int64_t t) const { return t - m_trace.origin.count(); }

    void choose();
    void name();
    void plan();
    bool machine(std::string& o);
    void cgroups(std::string& o);
    void task(std::string& o, int32_t i, int depth, bool topLevel);
    void scheduling(std::string& o, int32_t i);
    void program(std::string& o, int32_t i, int depth);
    void note(std::string text) { m_out.notes.push_back(std::move(text)); }
    std::string channel(int32_t waker, int32_t wakee) const;

    const std::vector<RecordedTask>& m_tasks;
    const ImportedTrace& m_trace;
    const RunSummary& m_summary;
    const WorkloadScenarioOptions& m_options;
    WorkloadScenario& m_out;

    std::vector<bool> m_in;
    std::vector<std::string> m_names;
    std::map<std::pair<int32_t, int32_t>, uint64_t> m_pairs; ///< (waker, wakee) -> wakeups
    bool m_cgroups = false;
    std::deque<int32_t> m_deferred; ///< forked too deep: top-level tasks started at the fork
    // What could not be inferred, per task: counts and the first time.
    struct Doubt {
        uint64_t count = 0;
        int64_t first = 0;
        void add(int64_t t) {
            if (count++ == 0)
                first = t;
        }
    };
    std::map<int32_t, Doubt> m_devices, m_tracerWakes;
};

void Writer::choose() {
    std::set<std::string> excluded(m_options.exclude.begin(), m_options.exclude.end());
    if (!m_options.keepTracer)
        excluded.insert(kTracers.begin(), kTracers.end());
    m_in.assign(m_tasks.size(), false);
    uint64_t neverRan = 0, tracer = 0;
    for (size_t i = 0; i < m_tasks.size() && i < m_summary.tasks.size(); ++i) {
        const RecordedTask& r = m_tasks[i];
        const bool ran = std::any_of(r.steps.begin(), r.steps.end(),
                                     [](const RecordedStep& s) { return s.kind == RecordedStep::Kind::Run; });
        if (excluded.count(m_summary.tasks[i].name)) {
            ++(kTracers.count(m_summary.tasks[i].name) ? tracer : m_out.leftOut);
            continue;
        }
        if (!ran || r.start < 0) {
            ++neverRan;
            continue;
        }
        m_in[i] = true;
        ++m_out.tasks;
    }
    m_out.leftOut += tracer + neverRan;
    if (tracer)
        note("the tracer itself (perf, trace-cmd) left out: " + std::to_string(tracer) +
             " task(s); import-trace --keep-tracer keeps it");
    if (neverRan)
        note("recorded tasks that never ran, left out: " + std::to_string(neverRan));
}

void Writer::name() {
    std::map<std::string, uint32_t> uses;
    for (size_t i = 0; i < m_in.size(); ++i)
        if (m_in[i])
            ++uses[m_summary.tasks[i].name];
    m_names.assign(m_in.size(), {});
    std::set<std::string> taken;
    for (size_t i = 0; i < m_in.size(); ++i) {
        if (!m_in[i])
            continue;
        const TaskSummary& t = m_summary.tasks[i];
        // A command with one thread keeps its name; threads of one command are told apart by
        // pid as perf does ("comm-pid"); a pid used again by another incarnation.
        std::string n = uses[t.name] == 1 ? t.name : t.name + "-" + std::to_string(t.pid);
        const uint32_t reuse = t.id >> TraceImporter::kPidBits;
        if (uses[t.name] > 1 && reuse > 0)
            n += "." + std::to_string(reuse);
        while (!taken.insert(n).second)
            n += "'";
        m_names[i] = n;
    }
}

void Writer::plan() {
    for (size_t i = 0; i < m_in.size(); ++i) {
        if (!m_in[i])
            continue;
        const int32_t me = static_cast<int32_t>(i);
        for (const RecordedStep& s : m_tasks[i].steps) {
            if (s.kind != RecordedStep::Kind::Wait)
                continue;
            if (s.partner >= 0 && !s.irq && included(s.partner))
                ++m_pairs[{s.partner, me}];
            else if (s.partner >= 0 && !s.irq)
                m_tracerWakes[me].add(s.at + s.ns);
            else if (s.state == 'D')
                m_devices[me].add(s.at);
        }
    }
    m_out.channels = m_pairs.size();
    // ftrace text and trace.dat carry each event's irq flags; these two forms do not.
    if (m_summary.trace && !m_pairs.empty() &&
        (m_summary.trace->format == "perf-script" || m_summary.trace->format == "trace-cmd-report"))
        note(m_summary.trace->format +
             " shows no interrupt context: a wakeup from an interrupt that arrived while a task ran is "
             "taken as that task's wakeup (ftrace text, trace-cmd report -l and trace.dat say which were)");
    for (const auto& [me, d] : m_devices)
        note(who(me) + ": uninterruptible sleeps (D) ended by an interrupt or the idle task: " +
             std::to_string(d.count) + ", first at " + seconds(rel(d.first)) +
             "; io of the recorded length (the device is not modelled)");
    for (const auto& [me, d] : m_tracerWakes)
        note(who(me) + ": wakeups by a task left out: " + std::to_string(d.count) + ", first at " +
             seconds(rel(d.first)) + "; timed sleeps of the recorded length");
    for (const auto& [pair, n] : m_pairs)
        if (n > validation::kMaxCapacity)
            note("channel " + channel(pair.first, pair.second) + ": " + std::to_string(n) +
                 " wakeups, more than a channel holds: the waker may block where the real one did not");
}

std::string Writer::channel(int32_t waker, int32_t wakee) const {
    auto tag = [&](int32_t i) {
        const TaskSummary& t = info(i);
        const uint32_t reuse = t.id >> TraceImporter::kPidBits;
        return std::to_string(t.pid) + (reuse ? "." + std::to_string(reuse) : std::string());
    };
    return "wake-" + tag(waker) + "-" + tag(wakee);
}

bool Writer::machine(std::string& o) {
    const size_t cpus = std::max<size_t>(m_summary.cpus.size(), 1);
    if (m_options.hostFile.empty()) {
        o += "\"topology\": {\"sockets\": 1, \"cores_per_socket\": " + std::to_string(cpus) +
             ", \"threads_per_core\": 1},\n";
        o += "\"kernel\": {\"recorded_bursts\": true},\n";
        note("topology: the " + std::to_string(cpus) +
             " CPUs the trace shows, as single-thread cores of one socket (a trace does not say which "
             "CPUs share a core or a cache); import-trace --host FILE gives the real machine");
        return true;
    }
    const std::string& file = m_options.hostFile;
    LoadResult host = loadScenarioFile(file);
    if (!host.ok()) {
        m_out.error = file + ": not a host file (" +
                      (host.errors.empty() ? std::string("unreadable") : host.errors.front()) + ")";
        return false;
    }
    const nlohmann::json j = nlohmann::json::parse(host.text, nullptr, false);
    o += "\"topology\": " + j.at("topology").dump() + ",\n";
    std::string kernel = "\"recorded_bursts\": true";
    if (j.contains("kernel")) {
        const auto& k = j.at("kernel");
        if (k.contains("model"))
            kernel += ", \"model\": " + k.at("model").dump();
        if (k.contains("hz"))
            kernel += ", \"hz\": " + k.at("hz").dump();
    }
    o += "\"kernel\": {" + kernel + "},\n";
    if (host.spec->topology.nrCpus() < cpus)
        note(file + ": " + std::to_string(host.spec->topology.nrCpus()) + " CPUs, the trace shows " +
             std::to_string(cpus) + ": the workload runs on fewer CPUs than it was recorded on");
    return true;
}

void Writer::cgroups(std::string& o) {
    const std::vector<std::string>& paths = m_trace.cgroupPaths;
    std::string list;
    for (const std::string& p : paths) {
        if (p == "/")
            continue;
        if (std::string problem = recordedCgroupProblem(p); !problem.empty()) {
            note("cgroups left out: " + problem);
            return;
        }
        list += std::string(list.empty() ? "" : ", ") + "{\"path\": " + jsonString(p) + "}";
    }
    m_cgroups = !list.empty();
    if (m_cgroups)
        o += "\"cgroups\": [" + list + "],\n";
}

void Writer::scheduling(std::string& o, int32_t i) {
    const RecordedTask& r = m_tasks[static_cast<size_t>(i)];
    if (r.prio >= 0 && r.prio < 99)
        o += ", \"policy\": \"fifo\", \"rt_priority\": " + std::to_string(99 - r.prio);
    else if (r.prio >= 100 && r.prio <= 139 && r.prio != 120)
        o += ", \"nice\": " + std::to_string(r.prio - 120);
    else if (r.prio < 0 || r.prio == 99 || r.prio > 139)
        note(who(i) + ": " +
             (r.prio < 0 ? std::string("no priority recorded") : "priority " + std::to_string(r.prio)) +
             ": nice 0 assumed");
    if (r.prioChange >= 0)
        note(who(i) + ": priority " + std::to_string(r.prio) + " changed to " + std::to_string(r.otherPrio) +
             " at " + seconds(rel(r.prioChange)) + ": the first is kept");
    if (m_cgroups && r.cgroup != 0)
        o += ", \"cgroup\": " + jsonString(m_trace.cgroupPaths[r.cgroup]);
}

void Writer::task(std::string& o, int32_t i, int depth, bool topLevel) {
    const RecordedTask& r = m_tasks[static_cast<size_t>(i)];
    o += "{\"name\": " + jsonString(m_names[static_cast<size_t>(i)]) +
         ", \"pid\": " + std::to_string(info(i).pid);
    scheduling(o, i);
    if (topLevel && rel(r.start) > 0)
        o += ", \"start\": " + duration(rel(r.start));
    o += ", \"program\": [";
    program(o, i, depth);
    o += "]}";
}

void Writer::program(std::string& o, int32_t i, int depth) {
    const RecordedTask& r = m_tasks[static_cast<size_t>(i)];
    bool first = true;
    auto action = [&](const std::string& a) {
        o += first ? "" : ", ";
        o += a;
        first = false;
    };
    int64_t run = 0;
    auto runNow = [&] {
        if (run > 0)
            action("{\"run\": " + duration(run) + "}");
        run = 0;
    };
    for (const RecordedStep& s : r.steps) {
        if (s.kind == RecordedStep::Kind::Run) {
            run += s.ns;
            continue;
        }
        runNow();
        switch (s.kind) {
        case RecordedStep::Kind::Wait:
            if (s.partner >= 0 && !s.irq && included(s.partner))
                action("{\"recv\": \"" + channel(s.partner, i) + "\"}");
            else if (s.ns > 0)
                action(std::string("{\"") + (s.state == 'D' ? "io" : "sleep") + "\": " + duration(s.ns) +
                       "}");
            break;
        case RecordedStep::Kind::Signal:
            if (included(s.partner))
                action("{\"send\": \"" + channel(i, s.partner) + "\"}");
            break;
        case RecordedStep::Kind::Fork:
            if (!included(s.partner)) {
                break;
            } else if (depth + 1 > kMaxForkDepth) {
                m_deferred.push_back(s.partner);
            } else {
                std::string child;
                task(child, s.partner, depth + 1, false);
                action("{\"fork\": " + child + "}");
            }
            break;
        case RecordedStep::Kind::Move:
            if (m_cgroups)
                action("{\"move\": " + jsonString(m_trace.cgroupPaths[static_cast<size_t>(s.partner)]) + "}");
            break;
        case RecordedStep::Kind::Run:
            break;
        }
    }
    runNow();
    if (first)
        action("{\"exit\": true}");
}

bool Writer::write() {
    choose();
    name();
    plan();
    std::string o = "{\n\"format\": 1,\n\"name\": " + jsonString("recording " + m_summary.scenario) + ",\n";
    o += "\"description\": " +
         jsonString("The workload of the recording " + m_summary.scenario + " (" +
                    (m_summary.trace ? m_summary.trace->format : std::string("trace")) +
                    "), written by schedscope-cli import-trace: each recorded thread runs the CPU bursts "
                    "it ran and sleeps as it slept, woken by the task that woke it.") +
         ",\n";
    o += "\"duration\": " + duration(std::max<int64_t>(2 * m_summary.simTime.count(), 1'000'000)) + ",\n";
    if (!machine(o))
        return false;
    cgroups(o);
    o += "\"channels\": [";
    bool first = true;
    for (const auto& [pair, n] : m_pairs) {
        o += std::string(first ? "\n  " : ",\n  ") + "{\"name\": \"" + channel(pair.first, pair.second) +
             "\", \"kind\": \"pipe\", \"capacity\": " +
             std::to_string(std::min<uint64_t>(n, validation::kMaxCapacity)) + "}";
        first = false;
    }
    o += "],\n\"tasks\": [";
    std::vector<int32_t> roots;
    for (size_t i = 0; i < m_in.size(); ++i)
        if (m_in[i] && !included(m_tasks[i].parent))
            roots.push_back(static_cast<int32_t>(i));
    std::stable_sort(roots.begin(), roots.end(),
                     [&](int32_t a, int32_t b) { return m_tasks[a].start < m_tasks[b].start; });
    m_deferred.insert(m_deferred.end(), roots.begin(), roots.end());
    first = true;
    while (!m_deferred.empty()) {
        const int32_t i = m_deferred.front();
        m_deferred.pop_front();
        o += first ? "\n  " : ",\n  ";
        task(o, i, 0, true);
        first = false;
    }
    o += "]\n}\n";
    m_out.text = std::move(o);
    return true;
}

} // namespace

WorkloadScenario writeWorkloadScenario(const WorkloadRecorder& recorder, const ImportedTrace& trace,
                                       const WorkloadScenarioOptions& options) {
    WorkloadScenario out;
    Writer w(recorder, trace, options, out);
    if (!w.write())
        return out;
    if (!recorder.losses().empty()) {
        const auto& [t, cpu] = recorder.losses().front();
        out.notes.push_back(std::to_string(recorder.losses().size()) +
                            " places where events were lost (first at " + seconds(t - trace.origin.count()) +
                            " on " + (cpu >= 0 ? "CPU " + std::to_string(cpu) : std::string("every CPU")) +
                            "): what the tasks did there is missing from their programs");
    }
    // The writer's output must be a scenario this program accepts; anything else is a bug here.
    LoadResult check = loadScenarioText(out.text, "import of " + trace.path);
    if (!check.ok()) {
        out.error = trace.path + ": the scenario written for it is not valid (" +
                    (check.errors.empty() ? std::string("?") : check.errors.front()) + ")";
        return out;
    }
    out.ok = true;
    return out;
}

WorkloadImport importWorkload(const std::string& tracePath, const WorkloadScenarioOptions& options,
                              const TraceImportOptions& traceOptions) {
    WorkloadImport w;
    WorkloadRecorder recorder;
    TraceImportOptions o = traceOptions;
    o.observer = &recorder;
    w.recording = importTrace(tracePath, o);
    if (!w.recording.ok) {
        w.scenario.error = w.recording.error;
        return w;
    }
    recorder.finish(w.recording.origin.count() + w.recording.summary.simTime.count());
    w.scenario = writeWorkloadScenario(recorder, w.recording, options);
    return w;
}

} // namespace core
