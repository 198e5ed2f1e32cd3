#include "query/runtables.h"

#include "base/bytetext.h"
#include "base/hugepages.h"
#include "report/runqueuecounts.h"

#include <algorithm>
#include <future>

namespace core {

namespace {

using Table = std::shared_ptr<ColumnTable>;
constexpr ColumnKind I64 = ColumnKind::Int64, I32 = ColumnKind::Int32, REAL = ColumnKind::Real,
                     TEXT = ColumnKind::Text;

Table table(const char* name, std::vector<ColumnSpec> columns) {
    return std::make_shared<ColumnTable>(name, std::move(columns));
}

/// One task's stretch on a CPU, for "who ran there then" and the idle thread's rows.
struct CpuRun {
    int64_t start, end;
    uint32_t utid;
};

/// What every table builder shares: utids, the kernel's CPU numbers, who ran where.
struct Context {
    const QueryRun& run;
    std::unordered_map<uint32_t, uint32_t> utids; ///< task id -> utid
    std::vector<std::vector<CpuRun>> cpuRuns;     ///< by record CPU, by start

    explicit Context(const QueryRun& r)
        : run(r) {
        const auto& tasks = r.states.tasks;
        for (size_t i = 0; i < tasks.size(); ++i)
            utids.emplace(tasks[i].id.value(), static_cast<uint32_t>(i + 1));
        for (size_t i = 0; i < tasks.size(); ++i)
            for (const StateInterval& iv : tasks[i].intervals)
                if (iv.state == ThreadState::Running && iv.cpu >= 0) {
                    const auto c = static_cast<size_t>(iv.cpu);
                    if (c >= cpuRuns.size())
                        cpuRuns.resize(c + 1);
                    appendHuge(cpuRuns[c], {iv.start.count(), iv.end.count(), static_cast<uint32_t>(i + 1)});
                }
        for (auto& runs : cpuRuns)
            std::sort(runs.begin(), runs.end(),
                      [](const CpuRun& a, const CpuRun& b) { return a.start < b.start; });
    }
    /// The utid of a task, or -1 when it has no track.
    int64_t utid(TaskId id) const {
        if (!id.valid())
            return -1;
        const auto it = utids.find(id.value());
        return it == utids.end() ? -1 : it->second;
    }
    int64_t cpu(int64_t recordCpu) const {
        return recordCpu >= 0 && static_cast<size_t>(recordCpu) < run.cpus.size()
                   ? run.cpus[static_cast<size_t>(recordCpu)].number
                   : recordCpu;
    }
    /// The utid running on record CPU `c` at `t` (0: none, the idle thread).
    int64_t runningOn(uint32_t c, int64_t t) const {
        if (c >= cpuRuns.size())
            return 0;
        const auto& runs = cpuRuns[c];
        auto it = std::upper_bound(runs.begin(), runs.end(), t,
                                   [](int64_t v, const CpuRun& r) { return v < r.start; });
        if (it == runs.begin())
            return 0;
        --it;
        return t < it->end ? it->utid : 0;
    }
    template <typename T>
    const std::vector<T>* of(const std::unordered_map<uint32_t, std::vector<T>>& m, TaskId id) const {
        const auto it = m.find(id.value());
        return it == m.end() ? nullptr : &it->second;
    }
    /// The priority a task ran at from `t` (its latest change at or before t, else its first).
    std::optional<int> priorityAt(TaskId id, int64_t t) const {
        const auto* v = of(run.priorities, id);
        if (!v || v->empty())
            return std::nullopt;
        auto it = std::upper_bound(v->begin(), v->end(), t,
                                   [](int64_t x, const PriorityChange& p) { return x < p.time.count(); });
        return it == v->begin() ? v->front().prio : std::prev(it)->prio;
    }
};

/// The letters of a stretch off the CPU, from the switch out that began it where it agrees.
std::string_view stateLetters(ThreadState s, const SwitchOut* out) {
    const std::string_view letters = out ? out->letters() : std::string_view();
    switch (s) {
    case ThreadState::Running:
        return "Running";
    case ThreadState::Runnable:
        return "R";
    case ThreadState::Preempted:
        return !letters.empty() && letters[0] == 'R' ? letters : "R+";
    case ThreadState::Sleeping:
        return !letters.empty() && letters.find_first_of("RDZXx") == std::string_view::npos ? letters : "S";
    case ThreadState::Uninterruptible:
        return letters.find('D') != std::string_view::npos ? letters : "D";
    case ThreadState::Throttled:
        return "Throttled";
    case ThreadState::Unknown:
        return "Unknown";
    }
    return "?";
}

/// sched and thread_state, thread by thread.
void schedAndStates(const Context& cx, ColumnTable& sched, ColumnTable& states) {
    const QueryRun& run = cx.run;
    // Wakeups by task, in time order (for each runnable stretch, the one that began it).
    std::unordered_map<uint32_t, std::vector<const WakeupRecord*>> wakeups;
    for (const WakeupRecord& w : run.states.wakeups)
        wakeups[w.task.value()].push_back(&w);
    for (size_t i = 0; i < run.states.tasks.size(); ++i) {
        const TaskTrack& track = run.states.tasks[i];
        const int64_t utid = static_cast<int64_t>(i + 1);
        const std::vector<SwitchOut>* outs = cx.of(run.switchOuts, track.id);
        const auto wit = wakeups.find(track.id.value());
        const std::vector<const WakeupRecord*>* wakes = wit == wakeups.end() ? nullptr : &wit->second;
        size_t nextOut = 0, nextWake = 0;
        const SwitchOut* lastOut = nullptr;
        int64_t prevRunEnd = INT64_MIN, prevStart = INT64_MIN;
        for (const StateInterval& iv : track.intervals) {
            const int64_t ts = iv.start.count(), dur = iv.end.count() - iv.start.count();
            const std::string_view state = stateLetters(iv.state, lastOut);
            if (iv.state == ThreadState::Running) {
                const SwitchOut* out = nullptr;
                while (outs && nextOut < outs->size() && (*outs)[nextOut].time.count() <= iv.end.count())
                    out = &(*outs)[nextOut++];
                lastOut = out && out->time.count() >= prevRunEnd ? out : nullptr;
                prevRunEnd = iv.end.count();
                const std::optional<int> prio = cx.priorityAt(track.id, ts);
                auto row = sched.row();
                row.i(static_cast<int64_t>(sched.rows())).i(ts).i(dur).i(cx.cpu(iv.cpu)).i(utid);
                if (lastOut)
                    row.t(lastOut->letters());
                else
                    row.null();
                row.i(prio.value_or(0), prio.has_value());
            }
            // The wakeup behind a runnable stretch: the task's latest at or before its start,
            // after the stretch before it began.
            const WakeupRecord* woke = nullptr;
            while (wakes && nextWake < wakes->size() && (*wakes)[nextWake]->time.count() <= ts)
                woke = (*wakes)[nextWake++];
            if (iv.state != ThreadState::Runnable || (woke && woke->time.count() < prevStart))
                woke = nullptr;
            const bool d = iv.state == ThreadState::Uninterruptible && lastOut && lastOut->ioWait >= 0 &&
                           lastOut->letters().find('D') != std::string_view::npos;
            auto row = states.row();
            row.i(static_cast<int64_t>(states.rows()))
                .i(ts)
                .i(dur)
                .i(cx.cpu(iv.cpu), iv.cpu >= 0)
                .i(utid)
                .t(state);
            row.i(d ? lastOut->ioWait : 0, d);
            if (woke) {
                const int64_t waker = woke->waker.valid() ? cx.utid(woke->waker)
                                                          : cx.runningOn(woke->wakerCpu, woke->time.count());
                const bool irq = woke->source == WakeSource::Timer || woke->source == WakeSource::Interrupt;
                row.i(waker, waker >= 0).i(irq ? 1 : 0);
            } else {
                row.null().null();
            }
            prevStart = ts;
        }
    }
}

/// The idle thread's rows: each CPU's time between the tasks' runs (from where the CPU's
/// record starts, in a recording).
void idleRows(const Context& cx, ColumnTable& sched) {
    const int64_t end = cx.run.states.end.count();
    for (size_t c = 0; c < cx.cpuRuns.size() || c < cx.run.cpus.size(); ++c) {
        int64_t cursor = 0;
        if (!cx.run.cpuKnownFrom.empty()) {
            if (c >= cx.run.cpuKnownFrom.size() || !cx.run.cpuKnownFrom[c])
                continue;
            cursor = cx.run.cpuKnownFrom[c]->count();
        }
        auto idle = [&](int64_t from, int64_t to, bool ended) {
            if (to <= from)
                return;
            auto row = sched.row();
            row.i(static_cast<int64_t>(sched.rows()))
                .i(from)
                .i(to - from)
                .i(cx.cpu(static_cast<int64_t>(c)))
                .i(0);
            if (ended)
                row.t("R");
            else
                row.null();
            row.i(120);
        };
        if (c < cx.cpuRuns.size())
            for (const CpuRun& r : cx.cpuRuns[c]) {
                idle(cursor, r.start, true);
                cursor = std::max(cursor, r.end);
            }
        idle(cursor, end, false);
    }
}

/// When a thread began (NULL: before the recording) and ended (NULL: still there at the end).
/// When a thread began and ended: a simulated task begins at its first wakeup; a recorded one at
/// its fork, if the recording has it (else NULL: it was there before); it ended where its track
/// does before the end (else NULL: still there).
std::pair<std::optional<int64_t>, std::optional<int64_t>> lifeOf(const QueryRun& run, const TaskTrack& t,
                                                                 std::optional<int64_t> forked) {
    std::optional<int64_t> start, end;
    if (!t.intervals.empty()) {
        start = run.recording ? forked : std::optional<int64_t>(t.intervals.front().start.count());
        if (t.intervals.back().end < run.states.end)
            end = t.intervals.back().end.count();
    }
    return {start, end};
}

void threadsAndProcesses(const Context& cx, ColumnTable& threads, ColumnTable& processes) {
    const QueryRun& run = cx.run;
    std::unordered_map<uint32_t, int64_t> parent; // task id -> the parent's utid (its fork's waker)
    std::unordered_map<uint32_t, int64_t> forked; // task id -> its fork
    for (const WakeupRecord& w : run.states.wakeups)
        if (w.source == WakeSource::Fork) {
            forked.emplace(w.task.value(), w.time.count());
            if (w.waker.valid())
                parent.emplace(w.task.value(), cx.utid(w.waker));
        }
    threads.row().i(0).i(0).t("swapper").i(0).null().null().null();
    processes.row().i(0).i(0).null().null().null().null();
    for (size_t i = 0; i < run.states.tasks.size(); ++i) {
        const TaskTrack& t = run.states.tasks[i];
        const auto utid = static_cast<int64_t>(i + 1);
        const auto tid = run.tids.find(t.id.value());
        const int64_t pid = tid != run.tids.end() ? tid->second : static_cast<int64_t>(t.id.value()) + 1;
        const std::string name = bytesAsText(t.name);
        const auto f = forked.find(t.id.value());
        const auto [start, end] =
            lifeOf(run, t, f == forked.end() ? std::nullopt : std::optional<int64_t>(f->second));
        threads.row()
            .i(utid)
            .i(pid)
            .t(name)
            .i(utid)
            .i(start.value_or(0), start.has_value())
            .i(end.value_or(0), end.has_value())
            .i(1);
        const auto p = parent.find(t.id.value());
        const bool hasParent = p != parent.end() && p->second >= 0;
        processes.row()
            .i(utid)
            .i(pid)
            .t(name)
            .i(start.value_or(0), start.has_value())
            .i(end.value_or(0), end.has_value())
            .i(hasParent ? p->second : 0, hasParent);
    }
}

void cpus(const Context& cx, ColumnTable& out) {
    auto opt = [](const std::optional<uint32_t>& v) {
        return std::pair<int64_t, bool>(v.value_or(0), v.has_value());
    };
    for (size_t c = 0; c < cx.run.cpus.size(); ++c) {
        const QueryCpu& q = cx.run.cpus[c];
        auto row = out.row();
        row.i(static_cast<int64_t>(c)).i(q.number);
        for (const auto& v : {q.llc, q.socket, q.core, q.thread, q.llc, q.node}) {
            const auto [x, known] = opt(v);
            row.i(x, known);
        }
    }
}

void records(const Context& cx, ColumnTable& wakeup, ColumnTable& migration, ColumnTable& preemption) {
    const QueryRun& run = cx.run;
    wakeup.reserve(run.states.wakeups.size());
    migration.reserve(run.states.migrations.size());
    preemption.reserve(run.states.preemptions.size());
    for (const WakeupRecord& w : run.states.wakeups) {
        const int64_t waker = cx.utid(w.waker);
        wakeup.row()
            .i(static_cast<int64_t>(wakeup.rows()))
            .i(w.time.count())
            .i(cx.utid(w.task), cx.utid(w.task) >= 0)
            .i(waker, waker >= 0)
            .i(cx.cpu(w.wakerCpu))
            .i(cx.cpu(w.targetCpu))
            .t(wakeSourceName(w.source));
    }
    for (const MigrationRecord& m : run.states.migrations) {
        auto row = migration.row();
        row.i(static_cast<int64_t>(migration.rows()))
            .i(m.time.count())
            .i(cx.utid(m.task), cx.utid(m.task) >= 0);
        row.i(cx.cpu(m.from)).i(cx.cpu(m.to)).t(migrationReasonName(m.reason));
        if (m.level >= 0 && static_cast<size_t>(m.level) < run.domainLevels.size())
            row.t(run.domainLevels[static_cast<size_t>(m.level)]);
        else
            row.null();
        row.i(run.states.recording ? 1 : 0);
    }
    for (const PreemptionRecord& p : run.states.preemptions) {
        const int64_t by = cx.utid(p.by);
        preemption.row()
            .i(static_cast<int64_t>(preemption.rows()))
            .i(p.time.count())
            .i(cx.cpu(p.cpu))
            .i(cx.utid(p.task), cx.utid(p.task) >= 0)
            .i(by, by >= 0)
            .t(preemptRuleName(p.rule));
    }
}

void cgroups(const Context& cx, ColumnTable& out, ColumnTable& stays) {
    for (const QueryCgroup& g : cx.run.cgroups) {
        auto row = out.row();
        row.i(g.id).t(bytesAsText(g.path)).i(g.parent.value_or(0), g.parent.has_value());
        row.i(g.weight.value_or(0), g.weight.has_value());
        if (g.cpuMax.empty())
            row.null();
        else
            row.t(g.cpuMax);
        row.i(g.usage ? g.usage->count() : 0, g.usage.has_value());
        for (int r = 0; r < 3; ++r)
            for (bool full : {false, true})
                row.i(g.psi ? static_cast<int64_t>(g.psi->line(r, full).totalUs) : 0, g.psi.has_value());
    }
    for (size_t i = 0; i < cx.run.states.tasks.size(); ++i) {
        const TaskTrack& t = cx.run.states.tasks[i];
        const std::vector<CgroupStay>* v = cx.of(cx.run.cgroupStays, t.id);
        if (!v || t.intervals.empty())
            continue;
        const std::optional<int64_t> end = lifeOf(cx.run, t, std::nullopt).second;
        const int64_t from = t.intervals.front().start.count();
        const int64_t until = end.value_or(std::max(cx.run.states.end, t.intervals.back().end).count());
        for (size_t k = 0; k < v->size(); ++k) {
            const int64_t a = (*v)[k].time == kFromStart ? from : (*v)[k].time.count();
            const int64_t b = k + 1 < v->size() ? (*v)[k + 1].time.count() : until;
            if (b > a)
                stays.row()
                    .i(static_cast<int64_t>(stays.rows()))
                    .i(a)
                    .i(b - a)
                    .i(static_cast<int64_t>(i + 1))
                    .i((*v)[k].cgroup);
        }
    }
}

struct CounterTables {
    Table tracks, cpu, thread, cgroup, values;
};

void counters(const Context& cx, const std::vector<std::vector<CounterStep>>& nrRunning, CounterTables& out) {
    const ThreadStates& s = cx.run.states;
    auto track = [&](const std::string& name, const char* type, const std::string& unit, const char* about) {
        const auto id = static_cast<int64_t>(out.tracks->rows());
        auto row = out.tracks->row();
        row.i(id).t(name).t(type).t(unit).t(about);
        return id;
    };
    size_t points = 0;
    for (const auto& steps : nrRunning)
        points += steps.size();
    for (const CounterTrack& t : s.counters)
        points += t.points.size();
    out.values->reserve(points);
    for (size_t c = 0; c < nrRunning.size(); ++c) {
        const int64_t id =
            track("nr_running", "cpu", "", "tasks running or queued on the CPU (from the thread states)");
        out.cpu->row().i(id).t("nr_running").t("").i(cx.cpu(static_cast<int64_t>(c)));
        for (const CounterStep& p : nrRunning[c])
            out.values->row().i(static_cast<int64_t>(out.values->rows())).i(p.time.count()).i(id).r(p.value);
    }
    for (const CounterTrack& t : s.counters) {
        int64_t id = -1;
        if (t.owner == CounterOwner::Cpu) {
            id = track(t.name, "cpu", t.unit, "the model's value on the CPU's root queue");
            out.cpu->row().i(id).t(t.name).t(t.unit).i(cx.cpu(t.id));
        } else if (t.owner == CounterOwner::Task) {
            const int64_t utid = cx.utid(TaskId(t.id));
            id = track(t.name, "thread", t.unit, "the model's value for the task");
            out.thread->row().i(id).t(t.name).t(t.unit).i(utid, utid >= 0);
        } else {
            id = track(t.name, "cgroup", t.unit, "the model's value for the cgroup");
            out.cgroup->row().i(id).t(t.name).t(t.unit).i(t.id);
        }
        for (const CounterTrack::Point& p : t.points)
            out.values->row().i(static_cast<int64_t>(out.values->rows())).i(p.time.count()).i(id).r(p.value);
    }
}

void metadata(const Context& cx, ColumnTable& out) {
    std::unordered_map<std::string, int> count;
    for (const QueryMetadata& m : cx.run.metadata)
        ++count[m.name];
    auto row = [&](const QueryMetadata& m) {
        auto r = out.row();
        r.t(m.name).t(count[m.name] > 1 ? "multi" : "single");
        r.i(m.integer.value_or(0), m.integer.has_value());
        if (m.integer)
            r.null();
        else
            r.t(bytesAsText(m.text));
    };
    for (const QueryMetadata& m : cx.run.metadata)
        row(m);
    ++count["duration_ns"];
    row({"duration_ns", cx.run.states.end.count(), {}});
}

} // namespace

std::vector<std::shared_ptr<const ColumnTable>> runTables(const QueryRun& run) {
    const Context cx(run);
    Table sched = table("sched", {{"id", I64, true},
                                  {"ts", I64},
                                  {"dur", I64},
                                  {"cpu", I32},
                                  {"utid", I32},
                                  {"end_state", TEXT},
                                  {"priority", I32}});
    Table states = table("thread_state", {{"id", I64, true},
                                          {"ts", I64},
                                          {"dur", I64},
                                          {"cpu", I32},
                                          {"utid", I32},
                                          {"state", TEXT},
                                          {"io_wait", I32},
                                          {"waker_utid", I32},
                                          {"irq_context", I32}});
    // The two largest tables on a thread of their own, the rest (nr_running first) on this one.
    auto stateRows = std::async(std::launch::async, [&] {
        size_t intervals = 0, runs = 0;
        for (const TaskTrack& t : run.states.tasks)
            intervals += t.intervals.size();
        for (const auto& r : cx.cpuRuns)
            runs += r.size();
        states->reserve(intervals);
        sched->reserve(runs * 2 + cx.cpuRuns.size());
        schedAndStates(cx, *sched, *states);
        idleRows(cx, *sched);
    });
    std::vector<std::vector<CounterStep>> counted;
    if (run.states.nrRunning.empty() && !run.cpus.empty())
        counted = runQueueCounts(run.states, static_cast<uint32_t>(run.cpus.size()));
    const auto& nrRunning = run.states.nrRunning.empty() ? counted : run.states.nrRunning;

    Table threads = table("thread", {{"utid", I32, true},
                                     {"tid", I64},
                                     {"name", TEXT},
                                     {"upid", I32},
                                     {"start_ts", I64},
                                     {"end_ts", I64},
                                     {"is_main_thread", I32}});
    Table processes = table("process", {{"upid", I32, true},
                                        {"pid", I64},
                                        {"name", TEXT},
                                        {"start_ts", I64},
                                        {"end_ts", I64},
                                        {"parent_upid", I32}});
    threadsAndProcesses(cx, *threads, *processes);
    Table cpu = table("cpu", {{"id", I32, true},
                              {"cpu", I32},
                              {"cluster_id", I32},
                              {"socket", I32},
                              {"core", I32},
                              {"smt_thread", I32},
                              {"llc", I32},
                              {"numa_node", I32}});
    cpus(cx, *cpu);

    Table wakeup = table("wakeup", {{"id", I64, true},
                                    {"ts", I64},
                                    {"utid", I32},
                                    {"waker_utid", I32},
                                    {"waker_cpu", I32},
                                    {"target_cpu", I32},
                                    {"source", TEXT}});
    Table migration = table("migration", {{"id", I64, true},
                                          {"ts", I64},
                                          {"utid", I32},
                                          {"src_cpu", I32},
                                          {"dst_cpu", I32},
                                          {"reason", TEXT},
                                          {"domain_level", TEXT},
                                          {"inferred", I32}});
    Table preemption = table(
        "preemption",
        {{"id", I64, true}, {"ts", I64}, {"cpu", I32}, {"utid", I32}, {"by_utid", I32}, {"rule", TEXT}});
    records(cx, *wakeup, *migration, *preemption);

    Table cgroup = table("cgroup", {{"id", I32},
                                    {"path", TEXT},
                                    {"parent_id", I32},
                                    {"weight", I32},
                                    {"cpu_max", TEXT},
                                    {"cpuacct_usage_ns", I64},
                                    {"psi_cpu_some_total_us", I64},
                                    {"psi_cpu_full_total_us", I64},
                                    {"psi_memory_some_total_us", I64},
                                    {"psi_memory_full_total_us", I64},
                                    {"psi_io_some_total_us", I64},
                                    {"psi_io_full_total_us", I64}});
    Table stays = table("thread_cgroup",
                        {{"id", I64, true}, {"ts", I64}, {"dur", I64}, {"utid", I32}, {"cgroup_id", I32}});
    cgroups(cx, *cgroup, *stays);

    CounterTables c{
        table("counter_track",
              {{"id", I32, true}, {"name", TEXT}, {"type", TEXT}, {"unit", TEXT}, {"description", TEXT}}),
        table("cpu_counter_track", {{"id", I32}, {"name", TEXT}, {"unit", TEXT}, {"cpu", I32}}),
        table("thread_counter_track", {{"id", I32}, {"name", TEXT}, {"unit", TEXT}, {"utid", I32}}),
        table("cgroup_counter_track", {{"id", I32}, {"name", TEXT}, {"unit", TEXT}, {"cgroup_id", I32}}),
        table("counter", {{"id", I64, true}, {"ts", I64}, {"track_id", I32}, {"value", REAL}})};
    counters(cx, nrRunning, c);

    Table meta =
        table("metadata", {{"name", TEXT}, {"key_type", TEXT}, {"int_value", I64}, {"str_value", TEXT}});
    metadata(cx, *meta);
    stateRows.get();
    return {sched,    states,   threads, processes, cpu,        c.tracks, c.cpu, c.thread,
            c.cgroup, c.values, wakeup,  migration, preemption, cgroup,   stays, meta};
}

void finishRunTables(QueryRun& run, QueryTables& out) {
    for (const std::string& w : out.warnings)
        run.metadata.push_back({"warning", {}, w});
    out.tables = runTables(run);
    for (const TaskTrack& t : run.states.tasks)
        out.taskIds.push_back(t.id.value());
}

} // namespace core
