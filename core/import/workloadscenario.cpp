#include "import/workloadscenario.h"

#include "base/bytetext.h"
#include "base/tracetee.h"
#include "import/tracedmachine.h"
#include "scenario/loader.h"
#include "scenario/scenariotext.h"
#include "scenario/validator.h"

#include <nlohmann/json.hpp>

#include <algorithm>
#include <cstdio>
#include <deque>
#include <filesystem>
#include <functional>
#include <map>
#include <set>
#include <tuple>

namespace core {

namespace {

/// Forks nest in the scenario (a child's program inside its parent's); deeper chains start as
/// tasks of their own at the time of the fork (the validator allows 32 levels).
constexpr int kMaxForkDepth = 24;

/// What records itself: perf's own process and its child before it execs the workload,
/// trace-cmd's.
const std::set<std::string> kTracers = {"perf", "perf-exec", "trace-cmd"};

std::string seconds(int64_t ns) {
    char b[32];
    std::snprintf(b, sizeof b, "%.6f s", static_cast<double>(ns) / 1e9);
    return b;
}

/// Builds the scenario: which tasks are in it and under what names, the channels their wakeups
/// become, the machine they run on, and each task's program.
class Writer {
public:
    Writer(const WorkloadRecorder& rec, const ImportedTrace& trace, const WorkloadScenarioOptions& options,
           const PinEvidence* pins, WorkloadScenario& out)
        : m_pins(pins)
        , m_rec(rec)
        , m_tasks(rec.tasks())
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
    /// Calls f(task, index, step) for every step of every task in the scenario, in order.
    template <class F>
    void eachStep(F&& f) const {
        for (size_t i = 0; i < m_in.size(); ++i)
            if (m_in[i])
                for (size_t k = 0; k < m_tasks[i].steps.size(); ++k)
                    f(static_cast<int32_t>(i), k, m_tasks[i].steps[k]);
    }
    void plan();
    /// The pipes and sockets the recorded data calls show (docs/record-replay.md, "Reads wait
    /// for their data"): which writes feed which reads, and how many messages each read takes.
    void planData();
    std::vector<ChannelSpec> channels() const;
    std::vector<TaskSpec> tasks();
    TaskSpec task(int32_t i, int depth, bool topLevel);
    void scheduling(TaskSpec& t, int32_t i);
    void program(std::vector<ActionSpec>& out, int32_t i, int depth);
    /// The actions that take a task from `was` to `now` (its policy, priority, CPUs).
    void changes(std::vector<ActionSpec>& out, TaskAttributes& was, const TaskAttributes& now);
    /// A CPU list as the kernel writes it, in the machine's scenario numbering: nullopt when it
    /// holds every CPU of the machine (no affinity), is empty, or names none of its CPUs.
    std::optional<CpuListParse> scenarioCpus(const std::string& kernel) const;
    void note(std::string text) { m_out.notes.push_back(std::move(text)); }
    std::string channel(int32_t waker, int32_t wakee) const;
    /// The channel that holds a preempted waker until its wakee blocked (`order-WAKEE-WAKER`).
    std::string order(int32_t wakee, int32_t waker) const;
    /// Whether a Held or Release step between `a` and `b` is kept: both in the scenario, and
    /// they woke each other in the recording (a request and its answer), so the waker's next
    /// read found the wakee's answer (docs/record-replay.md, "A preempted waker").
    bool ordered(int32_t a, int32_t b) const {
        return included(a) && included(b) && m_pairs.count({a, b}) && m_pairs.count({b, a});
    }

    /// The machine (a host file, or the trace's CPUs) and the model; notes say which.
    std::optional<TracedMachine> machine();
    /// The pinning the trace proves (a trace file: import/pininference.h), by task index.
    void inferPinning(const ScenarioSpec& machine);

    const PinEvidence* m_pins;
    std::map<int32_t, InferredPin> m_inferred;
    const WorkloadRecorder& m_rec;
    const std::vector<RecordedTask>& m_tasks;
    const ImportedTrace& m_trace;
    const TopologySpec* m_topology = nullptr; ///< the machine's, once it is built
    const RunSummary& m_summary;
    const WorkloadScenarioOptions& m_options;
    WorkloadScenario& m_out;

    std::vector<bool> m_in;
    std::vector<std::string> m_names;
    std::vector<std::string> m_tags; ///< "PID" or "PID.N": what names the task's channels
    std::map<std::pair<int32_t, int32_t>, uint64_t> m_pairs;  ///< (waker, wakee) -> wakeups
    std::map<std::pair<int32_t, int32_t>, uint64_t> m_orders; ///< (wakee, waker) -> Release steps
    uint64_t m_held = 0;                                      ///< Held steps kept
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

    /// A read end (a task's file descriptor) whose writers are known: its channel.
    struct DataChannel {
        std::string name;
        uint64_t writes = 0, reads = 0, writers = 0;
    };
    std::vector<DataChannel> m_data;
    /// A file descriptor's owner: the thread group (its threads share their descriptors), or
    /// the task alone where the recording does not say (-1 - its index).
    int64_t owner(int32_t task) const {
        const int32_t g = m_tasks[static_cast<size_t>(task)].group;
        return g >= 0 ? int64_t{g} : -1 - int64_t{task};
    }
    using End = std::pair<int64_t, int32_t>; ///< (owner, fd)
    std::map<End, size_t> m_readEnd;         ///< -> m_data index
    std::map<End, size_t> m_writeEnd;        ///< -> m_data index
    /// (task, step) of a Read step -> the messages it takes (its data's writes)
    std::map<std::pair<int32_t, size_t>, uint32_t> m_takes;
    /// (task, step) of the Wait and Signal steps of wakeups the data channels carry instead
    std::set<std::pair<int32_t, size_t>> m_carried;
    uint64_t m_wakesCarried = 0;
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
        if (!m_options.keepTracer && m_trace.record &&
            std::count(m_trace.record->recorderPids.begin(), m_trace.record->recorderPids.end(),
                       m_summary.tasks[i].pid)) {
            ++tracer; // schedscope-cli record's own threads
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
        note(std::string(m_trace.record ? "the tracer itself (perf, schedscope-cli record) left out: "
                                        : "the tracer itself (perf, trace-cmd) left out: ") +
             std::to_string(tracer) + " task(s); import-trace --keep-tracer keeps it");
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
    // The pid (and incarnation) that names a task's channels, made once: a recording has
    // millions of wakeups.
    m_tags.assign(m_in.size(), {});
    for (size_t i = 0; i < m_in.size(); ++i) {
        if (!m_in[i])
            continue;
        const TaskSummary& t = m_summary.tasks[i];
        const uint32_t reuse = t.id >> TraceImporter::kPidBits;
        m_tags[i] = std::to_string(t.pid) + (reuse ? "." + std::to_string(reuse) : std::string());
    }
}

void Writer::plan() {
    planData();
    eachStep([&](int32_t me, size_t k, const RecordedStep& s) {
        if (s.kind != RecordedStep::Kind::Wait || (s.data && m_carried.count({me, k})))
            return;
        if (s.partner >= 0 && !s.irq && included(s.partner))
            ++m_pairs[{s.partner, me}];
        else if (s.partner >= 0 && !s.irq)
            m_tracerWakes[me].add(s.at + s.ns);
        else if (s.state == 'D')
            m_devices[me].add(s.at);
    });
    // Only now are the pairs known that woke each other (ordered()).
    for (size_t i = 0; i < m_in.size(); ++i) {
        if (!m_in[i])
            continue;
        const int32_t me = static_cast<int32_t>(i);
        for (const RecordedStep& s : m_tasks[i].steps)
            if (s.kind == RecordedStep::Kind::Release && ordered(me, s.partner))
                ++m_orders[{me, s.partner}];
            else if (s.kind == RecordedStep::Kind::Held && ordered(me, s.partner))
                ++m_held;
    }
    m_out.channels = m_pairs.size() + m_orders.size() + m_data.size();
    if (m_held)
        note(std::to_string(m_held) +
             " times a waker was preempted by the task it had just woken, of a pair "
             "that woke each other, and ran again only after that task blocked: kept as an order (the "
             "waker's next read found the answer; the recording shows no wakeup for it)");
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

void Writer::planData() {
    // A write end linked to more than one read end (a descriptor closed and opened again for
    // another pipe, say) is left to the wakeups: which read took which write is not known.
    std::map<End, std::set<End>> targets;
    std::map<End, int32_t> namedBy; // a read end's first reader: what names its channel
    for (const auto& [link, n] : m_rec.links()) {
        if (!included(link.writer) || !included(link.reader))
            continue;
        const End reader{owner(link.reader), link.readerFd};
        targets[{owner(link.writer), link.writerFd}].insert(reader);
        namedBy.try_emplace(reader, link.reader);
    }
    for (const auto& [end, readers] : targets) {
        if (readers.size() != 1)
            continue;
        const End reader = *readers.begin();
        auto [it, added] = m_readEnd.try_emplace(reader, m_data.size());
        if (added)
            m_data.push_back({"data-" + m_tags[static_cast<size_t>(namedBy.at(reader))] + "-" +
                                  std::to_string(reader.second),
                              0, 0, 0});
        m_writeEnd.emplace(end, it->second);
        ++m_data[it->second].writers;
    }
    if (m_data.empty())
        return;
    // Each channel's writes and reads in the order they were made (a write when it was entered;
    // a read when its data was there at the latest: its entry, or the last wakeup where it
    // blocked), and the bytes they moved.
    struct Call {
        int64_t at;
        int32_t task;
        size_t step;
        int64_t bytes;
        bool operator<(const Call& o) const {
            return std::tie(at, task, step) < std::tie(o.at, o.task, o.step);
        }
    };
    std::vector<std::vector<Call>> writes(m_data.size()), reads(m_data.size());
    int32_t writing = -1; // the file descriptor of the write a task is in (its last Write step)
    eachStep([&](int32_t me, size_t k, const RecordedStep& s) {
        const int64_t mine = owner(me);
        if (k == 0)
            writing = -1;
        if (s.kind == RecordedStep::Kind::Write) {
            writing = s.partner;
            const auto w = m_writeEnd.find({mine, s.partner});
            if (w != m_writeEnd.end() && s.ns > 0)
                writes[w->second].push_back({s.at, me, k, s.ns});
        } else if (s.kind == RecordedStep::Kind::Read && s.ns > 0) {
            if (const auto r = m_readEnd.find({mine, s.partner}); r != m_readEnd.end())
                reads[r->second].push_back({s.at, me, k, s.ns});
        } else if (s.kind == RecordedStep::Kind::Signal && s.data && included(s.partner)) {
            // The wakeup this write gave a blocked read: the data channel carries it when the
            // write end feeds that read end.
            const auto w = m_writeEnd.find({mine, writing});
            const auto r = m_readEnd.find({owner(s.partner), static_cast<int32_t>(s.ns)});
            if (w != m_writeEnd.end() && r != m_readEnd.end() && w->second == r->second) {
                m_carried.insert({me, k});
                ++m_wakesCarried;
            }
        }
    });
    // The reader's Wait steps of those wakeups, in the same order as their Signals (both were
    // made by one wakeup).
    std::map<std::pair<int32_t, int32_t>, std::deque<bool>> carriedWakes; // (waker, wakee)
    eachStep([&](int32_t me, size_t k, const RecordedStep& s) {
        if (s.kind == RecordedStep::Kind::Signal && s.data && included(s.partner))
            carriedWakes[{me, s.partner}].push_back(m_carried.count({me, k}) > 0);
    });
    eachStep([&](int32_t me, size_t k, const RecordedStep& s) {
        if (s.kind != RecordedStep::Kind::Wait || !s.data || !included(s.partner))
            return;
        auto& q = carriedWakes[{s.partner, me}];
        if (!q.empty()) {
            if (q.front())
                m_carried.insert({me, k});
            q.pop_front();
        }
    });
    // What each read takes: a pipe or stream socket hands out bytes in the order they were
    // written, so a read that got bytes up to C needs the writes that carried them, and no
    // more than the writes made before its data was there in the recording: writers the links
    // do not show may also have written to it, and the bound keeps the recorded order one the
    // replay can follow (no read waits for a write made after it).
    for (size_t c = 0; c < m_data.size(); ++c) {
        std::vector<Call>& w = writes[c];
        std::sort(w.begin(), w.end());
        std::sort(reads[c].begin(), reads[c].end());
        m_data[c].writes = w.size();
        std::vector<int64_t> prefix(1, 0); // bytes of the first n writes
        for (const Call& x : w)
            prefix.push_back(prefix.back() + x.bytes);
        int64_t got = 0;
        size_t taken = 0;
        for (const Call& r : reads[c]) {
            got += r.bytes;
            const auto cover =
                static_cast<size_t>(std::lower_bound(prefix.begin(), prefix.end(), got) - prefix.begin());
            const auto before =
                static_cast<size_t>(std::lower_bound(w.begin(), w.end(), r.at,
                                                     [](const Call& x, int64_t t) { return x.at < t; }) -
                                    w.begin());
            const size_t need = std::min({cover, before, w.size()});
            if (need > taken) {
                m_takes[{r.task, r.step}] = static_cast<uint32_t>(need - taken);
                m_data[c].reads += need - taken;
                taken = need;
            }
        }
    }
    uint64_t carried = 0;
    for (const DataChannel& d : m_data)
        carried += d.writes;
    note(std::to_string(m_data.size()) + " pipe or socket read end(s) linked to " +
         std::to_string(m_writeEnd.size()) +
         " write end(s) by the wakeups their writes gave: " + std::to_string(carried) +
         " writes carried as messages; each read waits for the writes whose data it got (" +
         std::to_string(m_wakesCarried) + " wakeups carried so)");
    for (const DataChannel& d : m_data)
        if (d.writes > validation::kMaxCapacity)
            note("channel " + d.name + ": " + std::to_string(d.writes) +
                 " writes, more than a channel holds: a writer may block where the real one did not");
}

std::string Writer::channel(int32_t waker, int32_t wakee) const {
    const std::string& a = m_tags[static_cast<size_t>(waker)];
    const std::string& b = m_tags[static_cast<size_t>(wakee)];
    std::string name;
    name.reserve(6 + a.size() + b.size());
    name += "wake-";
    name += a;
    name += '-';
    name += b;
    return name;
}

std::string Writer::order(int32_t wakee, int32_t waker) const {
    return "order-" + m_tags[static_cast<size_t>(wakee)] + "-" + m_tags[static_cast<size_t>(waker)];
}

std::optional<CpuListParse> Writer::scenarioCpus(const std::string& kernel) const {
    const CpuListParse list = parseCpuList(kernel);
    if (kernel.empty() || !list.error.empty() || !m_topology)
        return std::nullopt;
    const uint32_t n = m_topology->nrCpus();
    std::vector<bool> in(n, false);
    for (auto [a, b] : list.ranges)
        for (uint32_t c = 0; c < n; ++c) {
            const uint32_t k = m_topology->kernelCpu(c);
            if (k >= a && k <= b)
                in[c] = true;
        }
    if (std::all_of(in.begin(), in.end(), [](bool b) { return b; }) ||
        std::none_of(in.begin(), in.end(), [](bool b) { return b; }))
        return std::nullopt;
    return cpuListOf(in);
}

void Writer::scheduling(TaskSpec& t, int32_t i) {
    const RecordedTask& r = m_tasks[static_cast<size_t>(i)];
    if (r.initial) {
        // A `record` folder's (or the parent's at the fork): policy, priority, CPUs.
        t.policy = r.initial->policy;
        if (rtPolicy(t.policy))
            t.rtPriority = r.initial->rtPriority;
        else
            t.nice = r.initial->nice;
        t.cpus = scenarioCpus(r.initial->cpus);
    } else if (r.prio >= 0 && r.prio < 99) {
        t.policy = SchedPolicy::Fifo;
        t.rtPriority = static_cast<uint8_t>(99 - r.prio);
    } else if (r.prio >= 100 && r.prio <= 139) {
        t.nice = r.prio - 120;
    } else {
        note(who(i) + ": " +
             (r.prio < 0 ? std::string("no priority recorded") : "priority " + std::to_string(r.prio)) +
             ": nice 0 assumed");
    }
    if (const auto pin = m_inferred.find(i);
        pin != m_inferred.end() && (!r.initial || r.initial->cpus.empty())) {
        t.cpus = scenarioCpus(formatCpuList(pin->second.cpus));
    } else if (!t.cpus && included(r.parent) && m_inferred.count(r.parent) && m_topology) {
        // Not pinned itself: every CPU, not its pinned parent's (fork would copy that mask).
        t.cpus = parseCpuList("0-" + std::to_string(m_topology->nrCpus() - 1));
    }
    if (r.inferredChanges > 0)
        note(who(i) + ": " + std::to_string(r.inferredChanges) +
             " priority change(s) the trace shows (first at " + seconds(rel(r.firstInferred)) +
             "): each applied where its program was when the new priority was first recorded (the trace does "
             "not say when between two events it changed)");
    if (m_cgroups && r.cgroup != 0)
        t.cgroup = bytesAsText(m_trace.cgroupPaths[r.cgroup]);
}

void Writer::changes(std::vector<ActionSpec>& out, TaskAttributes& was, const TaskAttributes& now) {
    const bool rt = rtPolicy(now.policy);
    if (now.policy != was.policy || (rt && now.rtPriority != was.rtPriority)) {
        ActionSpec& a = out.emplace_back();
        a.kind = ActionKind::Policy;
        a.policy = now.policy;
        a.rtPriority = rt ? now.rtPriority : 0;
        a.nice = static_cast<int8_t>(now.nice);
    } else if (!rt && now.nice != was.nice) {
        ActionSpec& a = out.emplace_back();
        a.kind = ActionKind::Nice;
        a.nice = static_cast<int8_t>(now.nice);
    }
    if (!now.cpus.empty() && now.cpus != was.cpus) {
        const std::optional<CpuListParse> cpus = scenarioCpus(now.cpus);
        ActionSpec& a = out.emplace_back();
        a.kind = ActionKind::Cpus;
        if (cpus) {
            a.name = cpus->toString();
        } else {
            // Every CPU (or none of the machine's: then it runs anywhere, as without a mask).
            a.name = "0-" + std::to_string(m_topology ? m_topology->nrCpus() - 1 : 0);
        }
    }
    was = now;
}

TaskSpec Writer::task(int32_t i, int depth, bool topLevel) {
    const RecordedTask& r = m_tasks[static_cast<size_t>(i)];
    TaskSpec t;
    t.name = bytesAsText(m_names[static_cast<size_t>(i)]);
    t.pid = info(i).pid;
    // A recorded sleep runs from the switch out to the wakeup: it already holds the timer's
    // slack, so the replay adds none.
    t.timerSlack = SimTime();
    scheduling(t, i);
    if (topLevel && rel(r.start) > 0)
        t.start = SimTime::ns(rel(r.start));
    program(t.program, i, depth);
    return t;
}

void Writer::program(std::vector<ActionSpec>& out, int32_t i, int depth) {
    const RecordedTask& r = m_tasks[static_cast<size_t>(i)];
    auto action = [&](ActionKind kind, int64_t ns = 0, std::string name = {}) {
        ActionSpec& a = out.emplace_back();
        a.kind = kind;
        a.duration.a = a.duration.b = SimTime::ns(ns);
        a.name = std::move(name);
        return &a;
    };
    out.reserve(r.steps.size() + 1); // at most one action a step; trimmed below
    int64_t run = 0;
    auto runNow = [&] {
        if (run > 0)
            action(ActionKind::Run, run);
        run = 0;
    };
    // What the task's own attributes are as its program goes (scheduling() wrote where it starts).
    TaskAttributes was = r.initial.value_or(TaskAttributes{});
    if (!r.initial)
        attributesOfPrio(r.prio, was);
    for (size_t k = 0; k < r.steps.size(); ++k) {
        const RecordedStep& s = r.steps[k];
        if (s.kind == RecordedStep::Kind::Run) {
            run += s.ns;
            continue;
        }
        if (s.kind == RecordedStep::Kind::Read) {
            // The writes whose data it got (planData); a read of a file nobody is known to
            // write leaves its burst whole.
            if (const auto t = m_takes.find({i, k}); t != m_takes.end()) {
                runNow();
                const std::string& name = m_data[m_readEnd.at({owner(i), s.partner})].name;
                for (uint32_t n = 0; n < t->second; ++n)
                    action(ActionKind::Recv, 0, name);
            }
            continue;
        }
        if (s.kind == RecordedStep::Kind::Write) {
            if (const auto w = m_writeEnd.find({owner(i), s.partner}); w != m_writeEnd.end() && s.ns > 0) {
                runNow();
                action(ActionKind::Send, 0, m_data[w->second].name);
            }
            continue;
        }
        if ((s.kind == RecordedStep::Kind::Wait || s.kind == RecordedStep::Kind::Signal) && s.data &&
            m_carried.count({i, k}))
            continue; // the data channel carries this wakeup
        runNow();
        switch (s.kind) {
        case RecordedStep::Kind::Wait:
            if (s.partner >= 0 && !s.irq && included(s.partner))
                action(ActionKind::Recv, 0, channel(s.partner, i));
            else if (s.ns > 0)
                action(s.state == 'D' ? ActionKind::Io : ActionKind::Sleep, s.ns);
            break;
        case RecordedStep::Kind::Signal:
            if (included(s.partner))
                action(ActionKind::Send, 0, channel(i, s.partner));
            break;
        case RecordedStep::Kind::Fork:
            if (!included(s.partner))
                break;
            if (depth + 1 > kMaxForkDepth)
                m_deferred.push_back(s.partner);
            else
                action(ActionKind::Fork)->child =
                    std::make_shared<const TaskSpec>(task(s.partner, depth + 1, false));
            break;
        case RecordedStep::Kind::Move:
            if (m_cgroups)
                action(ActionKind::Move, 0, bytesAsText(m_trace.cgroupPaths[static_cast<size_t>(s.partner)]));
            break;
        case RecordedStep::Kind::Attributes:
            changes(out, was, m_rec.attributes(s.partner));
            break;
        case RecordedStep::Kind::Held:
            if (ordered(i, s.partner))
                action(ActionKind::Recv, 0, order(s.partner, i));
            break;
        case RecordedStep::Kind::Release:
            if (ordered(i, s.partner))
                action(ActionKind::Send, 0, order(i, s.partner));
            break;
        case RecordedStep::Kind::Run:
        case RecordedStep::Kind::Read:
        case RecordedStep::Kind::Write:
            break;
        }
    }
    runNow();
    if (out.empty())
        action(ActionKind::Exit);
    out.shrink_to_fit(); // a long recording's programs are most of the scenario
}

std::vector<ChannelSpec> Writer::channels() const {
    std::vector<ChannelSpec> out;
    out.reserve(m_pairs.size() + m_orders.size() + m_data.size());
    for (const DataChannel& d : m_data) {
        ChannelSpec& c = out.emplace_back();
        c.name = d.name;
        c.kind = ChannelKind::Pipe;
        c.capacity = static_cast<uint32_t>(std::clamp<uint64_t>(d.writes, 1, validation::kMaxCapacity));
    }
    for (const auto& [pair, n] : m_orders) {
        ChannelSpec& c = out.emplace_back();
        c.name = order(pair.first, pair.second);
        c.kind = ChannelKind::Pipe;
        c.capacity = static_cast<uint32_t>(std::min<uint64_t>(n, validation::kMaxCapacity));
    }
    for (const auto& [pair, n] : m_pairs) {
        ChannelSpec& c = out.emplace_back();
        c.name = channel(pair.first, pair.second);
        c.kind = ChannelKind::Pipe;
        c.capacity = static_cast<uint32_t>(std::min<uint64_t>(n, validation::kMaxCapacity));
    }
    return out;
}

std::vector<TaskSpec> Writer::tasks() {
    std::vector<int32_t> roots;
    for (size_t i = 0; i < m_in.size(); ++i)
        if (m_in[i] && !included(m_tasks[i].parent))
            roots.push_back(static_cast<int32_t>(i));
    std::stable_sort(roots.begin(), roots.end(),
                     [&](int32_t a, int32_t b) { return m_tasks[a].start < m_tasks[b].start; });
    m_deferred.insert(m_deferred.end(), roots.begin(), roots.end());
    std::vector<TaskSpec> out;
    while (!m_deferred.empty()) {
        const int32_t i = m_deferred.front();
        m_deferred.pop_front();
        out.push_back(task(i, 0, true));
    }
    return out;
}

std::optional<TracedMachine> Writer::machine() {
    std::string file = m_options.hostFile;
    if (file.empty() && m_trace.record) {
        std::error_code ec;
        if (std::filesystem::is_regular_file(m_trace.record->path(kRecordHost), ec))
            file = m_trace.record->path(kRecordHost);
    }
    std::optional<ScenarioSpec> host;
    if (!file.empty()) {
        LoadResult h = loadScenarioFile(file);
        if (!h.ok()) {
            m_out.error = file + ": not a host file (" +
                          (h.errors.empty() ? std::string("unreadable") : h.errors.front()) + ")";
            return std::nullopt;
        }
        host = std::move(*h.spec);
    }
    m_out.hostFile = file;
    std::optional<KernelModel> model = m_options.model;
    if (!model && m_trace.record) {
        const ModelForRelease m = kernelModelForRelease(m_trace.kernelRelease);
        model = m.model;
        note("kernel model " + std::string(kernelModelInfo(m.model).name) + ": " + m.why +
             " (replay --model chooses another)");
    }
    m_out.modelChosen = model.has_value() || host.has_value();
    const size_t cpus = std::max<size_t>(m_summary.cpus.size(), 1);
    TracedMachine machine = tracedMachine(cpus, m_trace.cgroupPaths, host ? &*host : nullptr, model);
    if (!host)
        note("topology: the " + std::to_string(cpus) +
             " CPUs the trace shows, as single-thread cores of one socket (a trace does not say which "
             "CPUs share a core or a cache); import-trace --host FILE gives the real machine");
    else if (host->topology.nrCpus() < cpus)
        note(file + ": " + std::to_string(host->topology.nrCpus()) + " CPUs, the trace shows " +
             std::to_string(cpus) + ": the workload runs on fewer CPUs than it was recorded on");
    if (!machine.cgroupProblem.empty())
        note("cgroups left out: " + machine.cgroupProblem);
    return machine;
}

void Writer::inferPinning(const ScenarioSpec& spec) {
    if (!m_pins || m_trace.record)
        return; // a record folder has each task's CPUs
    const TopologySpec& topo = spec.topology;
    const uint32_t perSocket = std::max<uint32_t>(topo.coresPerSocket * topo.threadsPerCore, 1);
    std::map<uint32_t, uint32_t> socketOf; // recorded (kernel) CPU -> socket
    for (uint32_t c = 0; c < topo.nrCpus(); ++c)
        socketOf[topo.kernelCpu(c)] = c / perSocket;
    auto sameCache = [&](uint32_t a, uint32_t b) {
        const auto x = socketOf.find(a), y = socketOf.find(b);
        return x != socketOf.end() && y != socketOf.end() && x->second == y->second;
    };
    const auto pins = inferPins(*m_pins, sameCache, 1'000'000'000 / std::max<uint32_t>(spec.kernel.hz, 1));
    for (size_t i = 0; i < m_in.size(); ++i) {
        if (!m_in[i])
            continue;
        const auto p = pins.find(info(static_cast<int32_t>(i)).id);
        if (p == pins.end())
            continue;
        const InferredPin& pin = p->second;
        m_inferred.emplace(static_cast<int32_t>(i), pin);
        char waited[32];
        std::snprintf(waited, sizeof waited, "%.1f ms", static_cast<double>(pin.waitedNs) / 1e6);
        note(who(static_cast<int32_t>(i)) + ": ran only on CPU " + formatCpuList(pin.cpus) + "; at " +
             std::to_string(pin.idleAtWakeup) + " of its " + std::to_string(pin.wakeups) + " wakeups CPU " +
             std::to_string(pin.idleCpu) +
             " (same cache) was idle from before the wakeup until it ran, and it waited " + waited +
             " in all while that CPU was idle (first at " + seconds(rel(pin.first)) +
             "): taken as pinned to CPU " + formatCpuList(pin.cpus) +
             " (a trace does not record sched_setaffinity)");
    }
    m_out.pinsInferred = m_inferred.size();
}

bool Writer::write() {
    choose();
    name();
    plan();
    std::optional<TracedMachine> machine = this->machine();
    if (!machine)
        return false;
    ScenarioSpec& spec = machine->spec;
    m_topology = &spec.topology;
    m_cgroups = !spec.cgroups.empty();
    inferPinning(spec);
    spec.source = "import of " + m_trace.path;
    spec.name = bytesAsText("recording " + m_summary.scenario);
    spec.description =
        bytesAsText("The workload of the recording " + m_summary.scenario + " (" +
                    (m_summary.trace ? m_summary.trace->format : std::string("trace")) +
                    "), written by schedscope-cli import-trace: each recorded thread runs the "
                    "CPU bursts it ran and sleeps as it slept, woken by the task that woke it.");
    spec.duration = SimTime::ns(std::max<int64_t>(2 * m_summary.simTime.count(), 1'000'000));
    spec.kernel.recordedBursts = RecordedBursts::All;
    spec.channels = channels();
    spec.tasks = tasks();
    m_out.spec = std::make_shared<ScenarioSpec>(std::move(spec));
    return true;
}

} // namespace

WorkloadScenario workloadScenario(const WorkloadRecorder& recorder, const ImportedTrace& trace,
                                  const WorkloadScenarioOptions& options, const PinEvidence* pins) {
    WorkloadScenario out;
    Writer w(recorder, trace, options, pins, out);
    if (!w.write())
        return out;
    if (!recorder.losses().empty()) {
        const auto& [t, cpu] = recorder.losses().front();
        out.notes.push_back(std::to_string(recorder.losses().size()) +
                            " places where events were lost (first at " + seconds(t - trace.origin.count()) +
                            " on " + (cpu >= 0 ? "CPU " + std::to_string(cpu) : std::string("every CPU")) +
                            "): what the tasks did there is missing from their programs");
    }
    out.ok = true;
    return out;
}

WorkloadText workloadScenarioText(const WorkloadScenario& workload, const WorkloadScenarioOptions&) {
    WorkloadText out;
    const ScenarioSpec& spec = *workload.spec;
    // Reserved ahead: a long recording's text is hundreds of megabytes.
    std::function<size_t(const std::vector<ActionSpec>&)> actions = [&](const std::vector<ActionSpec>& p) {
        size_t n = p.size();
        for (const ActionSpec& a : p)
            n += a.child ? actions(a.child->program) : 0;
        return n;
    };
    size_t total = 0;
    for (const TaskSpec& t : spec.tasks)
        total += actions(t.program);
    std::string& o = out.text;
    o.reserve(64 * spec.channels.size() + 28 * total + 4096);
    o += "{\n\"format\": 1,\n\"name\": " + nlohmann::json(spec.name).dump() + ",\n";
    o += "\"description\": " + nlohmann::json(spec.description).dump() + ",\n";
    o += "\"duration\": " + durationText(spec.duration) + ",\n\"topology\": ";
    appendTopologyText(o, spec.topology);
    // The model and the tick are written where a host file, --model or a record folder chose them
    // (WorkloadScenario::hostFile, modelChosen); otherwise the scenario runs on the default model,
    // as one written by hand that names none.
    const bool host = !workload.hostFile.empty();
    o += ",\n\"kernel\": {\"recorded_bursts\": \"all\"";
    if (host || workload.modelChosen)
        o += ", \"model\": \"" + std::string(kernelModelInfo(spec.kernel.model).name) + "\"";
    if (host)
        o += ", \"hz\": " + std::to_string(spec.kernel.hz);
    o += "},\n";
    if (!spec.cgroups.empty()) {
        o += "\"cgroups\": [";
        for (size_t c = 0; c < spec.cgroups.size(); ++c) {
            o += c ? ", " : "";
            appendCgroupText(o, spec.cgroups[c]);
        }
        o += "],\n";
    }
    o += "\"channels\": [";
    for (size_t c = 0; c < spec.channels.size(); ++c) {
        o += c ? ",\n  " : "\n  ";
        appendChannelText(o, spec.channels[c]);
    }
    o += "],\n\"tasks\": [";
    for (size_t t = 0; t < spec.tasks.size(); ++t) {
        o += t ? ",\n  " : "\n  ";
        appendTaskText(o, spec.tasks[t], &spec.topology);
    }
    o += "]\n}\n";
    // The text must be a scenario this program accepts; anything else is a bug here.
    if (o.size() > kMaxScenarioBytes) {
        out.note = "the scenario is " + std::to_string(o.size() >> 20) +
                   " MiB, more than run and the GUI read (" + std::to_string(kMaxScenarioBytes >> 20) +
                   " MiB): replay simulates the recording without reading it back";
    } else if (LoadResult check = loadScenarioText(o, spec.source); !check.ok()) {
        out.error = spec.source + ": the scenario written for it is not valid (" +
                    (check.errors.empty() ? std::string("?") : check.errors.front()) + ")";
        out.text.clear();
    }
    return out;
}

std::string commandOf(std::string_view name) {
    while (!name.empty() && name.back() == '\'')
        name.remove_suffix(1);
    auto digitsBefore = [&](size_t end) {
        size_t i = end;
        while (i > 0 && name[i - 1] >= '0' && name[i - 1] <= '9')
            --i;
        return i;
    };
    size_t end = name.size();
    if (const size_t d = digitsBefore(end); d < end && d > 0 && name[d - 1] == '.') {
        const size_t p = digitsBefore(d - 1);
        if (p < d - 1 && p > 0 && name[p - 1] == '-')
            end = d - 1; // "-PID.N"
    }
    if (const size_t d = digitsBefore(end); d < end && d > 1 && name[d - 1] == '-')
        return std::string(name.substr(0, d - 1));
    return std::string(name);
}

WorkloadImport importWorkload(const std::string& tracePath, const WorkloadScenarioOptions& options,
                              const TraceImportOptions& traceOptions) {
    WorkloadImport w;
    WorkloadRecorder recorder;
    PinEvidence pins;
    TraceTee records;
    records.add(traceOptions.records);
    records.add(&pins);
    TraceImportOptions o = traceOptions;
    o.observer = &recorder;
    o.records = records.sink();
    w.recording = importTrace(tracePath, o);
    if (!w.recording.ok) {
        w.scenario.error = w.recording.error;
        return w;
    }
    recorder.finish(w.recording.origin.count() + w.recording.summary.simTime.count());
    w.scenario = workloadScenario(recorder, w.recording, options, &pins);
    return w;
}

} // namespace core
