#include "report/threadstates.h"

#include "base/bytetext.h"
#include "base/hugepages.h"

#include <algorithm>
#include <future>
#include <sstream>

namespace core {

std::string_view threadStateName(ThreadState s) {
    switch (s) {
    case ThreadState::Running:
        return "running";
    case ThreadState::Runnable:
        return "runnable";
    case ThreadState::Preempted:
        return "preempted";
    case ThreadState::Sleeping:
        return "sleeping";
    case ThreadState::Uninterruptible:
        return "uninterruptible";
    case ThreadState::Throttled:
        return "throttled";
    case ThreadState::Unknown:
        return "unknown";
    }
    return "?";
}

const TaskTrack* ThreadStates::find(TaskId id) const {
    auto it = std::lower_bound(tasks.begin(), tasks.end(), id,
                               [](const TaskTrack& t, TaskId v) { return t.id.value() < v.value(); });
    return it != tasks.end() && it->id == id ? &*it : nullptr;
}

namespace {

ThreadState stateAfterSwitchOut(TaskState s) {
    switch (s) {
    case TaskState::Runnable:
        return ThreadState::Preempted;
    case TaskState::IoWait:
    case TaskState::MemStall:
        return ThreadState::Uninterruptible;
    default:
        return ThreadState::Sleeping;
    }
}

bool waitsForCpu(ThreadState s) {
    return s == ThreadState::Runnable || s == ThreadState::Preempted;
}

/// Appends an interval, merging it into the last one when it continues it unchanged.
void append(std::vector<StateInterval>& out, const StateInterval& i) {
    if (i.end <= i.start)
        return;
    if (!out.empty() && out.back().end == i.start && out.back().state == i.state && out.back().cpu == i.cpu) {
        out.back().end = i.end;
        return;
    }
    out.push_back(i);
}

/// Items of every task in one list, each task's together in the order they came (counted by
/// task, then placed: the sources are read twice, never searched); task `id`'s are
/// items[first[id]] up to items[first[id + 1]].
template <typename T>
struct ByTask {
    std::vector<T> items;
    std::vector<size_t> first{0};
    std::span<T> of(uint32_t id) {
        return id + 1 < first.size() ? std::span<T>(items.data() + first[id], first[id + 1] - first[id])
                                     : std::span<T>();
    }
    void addTasksTo(std::vector<uint32_t>& ids) const {
        for (size_t id = 0; id + 1 < first.size(); ++id)
            if (first[id + 1] > first[id])
                ids.push_back(static_cast<uint32_t>(id));
    }
};

/// `visit(f)` calls f(item) for every item of every task, in order; `taskOf(item)` is its task,
/// `itemOf(item)` what is kept of it.
template <typename T, typename Visit, typename TaskOf, typename ItemOf>
ByTask<T> groupByTask(Visit visit, TaskOf taskOf, ItemOf itemOf) {
    ByTask<T> by;
    size_t total = 0;
    visit([&](const auto& x) {
        const size_t id = taskOf(x);
        if (by.first.size() < id + 2)
            by.first.resize(id + 2, 0);
        ++by.first[id + 1];
        ++total;
    });
    for (size_t k = 1; k < by.first.size(); ++k)
        by.first[k] += by.first[k - 1];
    reserveHuge(by.items, total);
    by.items.resize(total);
    std::vector<size_t> at(by.first.begin(), by.first.end() - 1);
    visit([&](const auto& x) { by.items[at[taskOf(x)]++] = itemOf(x); });
    return by;
}

} // namespace

void ThreadStateRecorder::slice(const Slice& s) {
    if (m_fullAt || !s.task.valid() || s.end <= s.start)
        return;
    if (m_sliceCount >= m_limit) {
        m_fullAt = s.start; // this one and all that follow are not taken
        return;
    }
    ++m_records;
    ++m_sliceCount;
    m_slices.push_back(s);
}

void ThreadStateRecorder::migration(const MigrationRecord& m) {
    if (!taking())
        return;
    log(m.task.value(), {m.time, Event::Migrate, {}, {}, static_cast<int32_t>(m.to)});
    appendHuge(m_migrations, m);
}

void ThreadStateRecorder::contextSwitch(const SwitchRecord& s) {
    if (!taking())
        return;
    if (s.prev.valid())
        log(s.prev.value(), {s.time, Event::Out, s.prevState, {}, static_cast<int32_t>(s.cpu)});
    if (s.prev.valid() && s.prevState == TaskState::Runnable)
        appendHuge(m_preemptions, {s.time, s.prev, s.next, s.cpu, s.rule});
    if (s.next.valid())
        log(s.next.value(), {s.time, Event::In, {}, {}, static_cast<int32_t>(s.cpu)});
}

void ThreadStateRecorder::throttle(const ThrottleRecord& t) {
    if (taking() && t.end > t.start)
        m_throttles[(uint64_t(t.cpu) << 32) | t.cgroup.value()].push_back(t);
}

void ThreadStateRecorder::wakeup(const WakeupRecord& w) {
    if (!taking())
        return;
    appendHuge(m_wakeups, w);
    log(w.task.value(), {w.time, Event::Wake, {}, w.source, static_cast<int32_t>(w.targetCpu)});
}

void ThreadStateRecorder::lost(SimTime t, int32_t cpu) {
    if (!taking())
        return;
    m_losses.emplace_back(t, cpu);
}

void ThreadStateRecorder::taskCreated(TaskId id, const std::string& name, CgroupId cgroup, SchedPolicy policy,
                                      uint8_t) {
    ++m_records;
    m_tasks[id.value()] = {name, cgroup, rtPolicy(policy)};
}

ThreadStates ThreadStateRecorder::finish(SimTime end, const std::vector<Slice>& open) {
    return tracks(end, open, false);
}

ThreadStates ThreadStateRecorder::take(SimTime end, const std::vector<Slice>& open) {
    ThreadStates out = tracks(end, open, true);
    *this = ThreadStateRecorder(m_options);
    return out;
}

ThreadStates ThreadStateRecorder::tracks(SimTime end, const std::vector<Slice>& open, bool consume) {
    std::vector<Slice> stillOpen;
    for (const Slice& s : open)
        if (s.task.valid() && s.end > s.start)
            stillOpen.push_back(s);
    ByTask<Slice> runs = groupByTask<Slice>(
        [&](const auto& f) {
            m_slices.forEach(f);
            for (const Slice& s : stillOpen)
                f(s);
        },
        [](const Slice& s) { return s.task.value(); }, [](const Slice& s) -> const Slice& { return s; });
    ByTask<Event> events = groupByTask<Event>([&](const auto& f) { m_log.forEach(f); },
                                              [](const LoggedEvent& l) { return l.task; },
                                              [](const LoggedEvent& l) -> const Event& { return l.event; });
    if (consume) {
        m_log.release();
        m_slices.release();
    }
    std::vector<uint32_t> ids;
    for (const auto& [id, _] : m_tasks)
        ids.push_back(id);
    events.addTasksTo(ids);
    runs.addTasksTo(ids);
    std::sort(ids.begin(), ids.end());
    ids.erase(std::unique(ids.begin(), ids.end()), ids.end());
    for (auto& [_, list] : m_throttles)
        std::sort(list.begin(), list.end(),
                  [](const ThrottleRecord& a, const ThrottleRecord& b) { return a.start < b.start; });

    ThreadStates out;
    out.end = end - m_options.origin;
    out.recording = m_options.recording;
    // Each task's track is built on its own: a long recording's (millions of events) on two
    // threads, each with about half of the events; the tracks are kept in id order all the same.
    struct Job {
        uint32_t id;
        std::span<const Event> events;
        std::span<Slice> runs;
        bool rt;
        TaskTrack track;
    };
    std::vector<Job> jobs;
    jobs.reserve(ids.size());
    size_t total = 0;
    for (uint32_t id : ids) {
        const auto info = m_tasks.find(id);
        jobs.push_back({id, events.of(id), runs.of(id), info != m_tasks.end() && info->second.rt, {}});
        total += jobs.back().events.size();
    }
    auto buildJobs = [&](size_t from, size_t to) {
        for (size_t k = from; k < to; ++k) {
            Job& j = jobs[k];
            j.track = build(TaskId(j.id), j.events, j.runs, end);
            if (j.track.intervals.empty()) // created, but not started before the end
                continue;
            applyThrottles(j.track, j.runs, j.rt);
            for (StateInterval& i : j.track.intervals) {
                i.start = i.start - m_options.origin;
                i.end = i.end - m_options.origin;
            }
        }
    };
    constexpr size_t kEventsForTwoThreads = 1'000'000;
    if (total >= kEventsForTwoThreads) {
        size_t half = 0;
        for (size_t seen = 0; half < jobs.size() && seen < total / 2; ++half)
            seen += jobs[half].events.size();
        auto second = std::async(std::launch::async, buildJobs, half, jobs.size());
        buildJobs(0, half);
        second.get();
    } else {
        buildJobs(0, jobs.size());
    }
    for (Job& j : jobs)
        if (!j.track.intervals.empty())
            out.tasks.push_back(std::move(j.track));
    // A copy unless consumed: a live view builds the tracks again as the run goes on.
    out.wakeups = consume ? std::move(m_wakeups) : m_wakeups;
    for (WakeupRecord& w : out.wakeups)
        w.time = w.time - m_options.origin;
    out.preemptions = consume ? std::move(m_preemptions) : m_preemptions;
    for (PreemptionRecord& p : out.preemptions)
        p.time = p.time - m_options.origin;
    out.migrations = consume ? std::move(m_migrations) : m_migrations;
    for (MigrationRecord& m : out.migrations)
        m.time = m.time - m_options.origin;
    return out;
}

TaskTrack ThreadStateRecorder::build(TaskId id, std::span<const Event> events, std::span<Slice> runs,
                                     SimTime end) const {
    TaskTrack track;
    track.id = id;
    if (auto it = m_tasks.find(id.value()); it != m_tasks.end()) {
        track.name = it->second.name;
        track.cgroup = it->second.cgroup;
    }
    // Losses apply to every task: merge in those of its lifetime by time (before its own events
    // at the same instant: what follows the loss is known again). Those before its first event
    // change nothing (it is unknown there, or not born), nor those after it died.
    // Without losses (the usual case) the task's own events are all there is: no copy.
    std::vector<Event> withLosses;
    std::span<const Event> all = events;
    if (!m_losses.empty()) {
        withLosses.reserve(events.size());
        const SimTime firstEvent = events.empty() ? end : events.front().time;
        auto li =
            std::lower_bound(m_losses.begin(), m_losses.end(), firstEvent,
                             [](const std::pair<SimTime, int32_t>& l, SimTime t) { return l.first < t; });
        for (const Event& e : events) {
            for (; li != m_losses.end() && li->first <= e.time; ++li)
                withLosses.push_back({li->first, Event::Lost, {}, {}, li->second});
            withLosses.push_back(e);
        }
        const bool died =
            !events.empty() && events.back().kind == Event::Out && events.back().out == TaskState::Dead;
        for (; !died && li != m_losses.end() && li->first < end; ++li)
            withLosses.push_back({li->first, Event::Lost, {}, {}, li->second});
        all = withLosses;
    }

    // The nominal track: what the switches, wakeups and migrations say.
    std::vector<StateInterval> nominal;
    bool exists = false; // a simulated task exists from its first wakeup
    StateInterval cur{m_options.origin, m_options.origin, ThreadState::Unknown, -1};
    if (m_options.recording) {
        // A task a recording first sees being forked starts there; any other was there before.
        exists =
            events.empty() || events.front().kind != Event::Wake || events.front().source != WakeSource::Fork;
    }
    auto moveTo = [&](SimTime t, ThreadState s, int32_t cpu) {
        if (exists) {
            cur.end = t;
            append(nominal, cur);
        }
        exists = true;
        cur = {t, t, s, cpu};
    };
    for (const Event& e : all) {
        switch (e.kind) {
        case Event::Wake:
            if (!exists || cur.state == ThreadState::Sleeping || cur.state == ThreadState::Uninterruptible ||
                cur.state == ThreadState::Unknown)
                moveTo(e.time, ThreadState::Runnable, e.cpu);
            break;
        case Event::In:
            moveTo(e.time, ThreadState::Running, e.cpu);
            break;
        case Event::Out:
            if (e.out == TaskState::Dead) {
                if (exists) {
                    cur.end = e.time;
                    append(nominal, cur);
                }
                exists = false;
                cur = {e.time, e.time, ThreadState::Unknown, -1};
            } else {
                moveTo(e.time, stateAfterSwitchOut(e.out), e.out == TaskState::Runnable ? e.cpu : -1);
            }
            break;
        case Event::Migrate:
            if (exists && waitsForCpu(cur.state) && cur.cpu != e.cpu)
                moveTo(e.time, cur.state, e.cpu);
            break;
        case Event::Lost:
            if (exists && m_options.recording &&
                (e.cpu < 0 || cur.state != ThreadState::Running || cur.cpu == e.cpu))
                moveTo(e.time, ThreadState::Unknown, -1);
            break;
        }
    }
    if (exists) {
        cur.end = std::max(cur.start, end);
        append(nominal, cur);
    }

    // Running is what the task's slices say; nominal running time not covered by them (the CPU
    // still busy with kernel work charged to the task before) is waiting for the CPU.
    std::sort(runs.begin(), runs.end(), [](const Slice& a, const Slice& b) { return a.start < b.start; });
    // The model can charge a task kernel work on two CPUs at once (a switch-out's cost still
    // being paid on the old CPU when the task already runs on another): the later piece then
    // follows the earlier, so that the track keeps all of the task's time.
    std::vector<StateInterval> running;
    for (const Slice& s : runs) {
        const SimTime shift =
            running.empty() || s.start >= running.back().end ? SimTime() : running.back().end - s.start;
        append(running, {s.start + shift, s.end + shift, ThreadState::Running, static_cast<int32_t>(s.cpu)});
    }
    std::vector<StateInterval> pieces;
    size_t j = 0;
    for (const StateInterval& n : nominal) {
        const ThreadState off = n.state == ThreadState::Running ? ThreadState::Runnable : n.state;
        SimTime at = n.start;
        while (j < running.size() && running[j].end <= at)
            ++j;
        for (size_t k = j; k < running.size() && running[k].start < n.end; ++k) {
            if (running[k].start > at)
                pieces.push_back({at, running[k].start, off, n.cpu});
            at = std::max(at, running[k].end);
        }
        if (at < n.end)
            pieces.push_back({at, n.end, off, n.cpu});
    }
    pieces.insert(pieces.end(), running.begin(), running.end());
    std::sort(pieces.begin(), pieces.end(),
              [](const StateInterval& a, const StateInterval& b) { return a.start < b.start; });
    for (const StateInterval& p : pieces)
        append(track.intervals, p);
    return track;
}

std::vector<std::pair<SimTime, SimTime>>
ThreadStateRecorder::throttledWithin(uint32_t cpu, CgroupId group, SimTime from, SimTime to) const {
    std::vector<std::pair<SimTime, SimTime>> spans;
    for (int32_t g = static_cast<int32_t>(group.value()); g >= 0;) {
        auto list = m_throttles.find((uint64_t(cpu) << 32) | uint32_t(g));
        if (list != m_throttles.end()) {
            // One group's stretches on one CPU are disjoint and sorted: the first that ends
            // after `from` and those after it until `to`.
            auto it = std::lower_bound(list->second.begin(), list->second.end(), from,
                                       [](const ThrottleRecord& r, SimTime t) { return r.end <= t; });
            for (; it != list->second.end() && it->start < to; ++it)
                spans.emplace_back(std::max(it->start, from), std::min(it->end, to));
        }
        if (static_cast<size_t>(g) >= m_options.cgroupParents.size())
            break;
        g = m_options.cgroupParents[static_cast<size_t>(g)];
    }
    std::sort(spans.begin(), spans.end());
    std::vector<std::pair<SimTime, SimTime>> merged;
    for (const auto& sp : spans) {
        if (!merged.empty() && sp.first <= merged.back().second)
            merged.back().second = std::max(merged.back().second, sp.second);
        else
            merged.push_back(sp);
    }
    return merged;
}

void ThreadStateRecorder::applyThrottles(TaskTrack& track, std::span<const Slice> runs, bool rt) const {
    if (m_throttles.empty() || rt)
        return;
    std::vector<StateInterval> out;
    for (const StateInterval& i : track.intervals) {
        if (!waitsForCpu(i.state) || i.cpu < 0) {
            append(out, i);
            continue;
        }
        // The task's group then: that of its last run before (it may have been moved since it
        // was created), else the one it was created in.
        auto run = std::upper_bound(runs.begin(), runs.end(), i.start,
                                    [](SimTime t, const Slice& s) { return t < s.start; });
        const CgroupId group = run != runs.begin() ? std::prev(run)->cgroup : track.cgroup;
        if (!group.valid()) {
            append(out, i);
            continue;
        }
        SimTime at = i.start;
        for (const auto& [from, to] : throttledWithin(static_cast<uint32_t>(i.cpu), group, i.start, i.end)) {
            append(out, {at, from, i.state, i.cpu});
            append(out, {from, to, ThreadState::Throttled, i.cpu});
            at = to;
        }
        append(out, {at, i.end, i.state, i.cpu});
    }
    track.intervals = std::move(out);
}

std::unordered_map<uint32_t, int64_t> pidsOf(const RunSummary& summary) {
    std::unordered_map<uint32_t, int64_t> pids;
    for (const TaskSummary& t : summary.tasks)
        pids[t.id] = t.pid >= 0 ? t.pid : static_cast<int64_t>(t.id);
    return pids;
}

std::string toStatesCsv(const ThreadStates& states, const std::unordered_map<uint32_t, int64_t>& pidOf,
                        const std::vector<uint32_t>& cpuNumbers) {
    std::ostringstream o;
    o << "pid,name,state,cpu,start_ns,end_ns\n";
    for (const TaskTrack& t : states.tasks) {
        auto it = pidOf.find(t.id.value());
        const int64_t pid = it != pidOf.end() ? it->second : static_cast<int64_t>(t.id.value());
        const std::string name = csvQuoted(t.name);
        for (const StateInterval& i : t.intervals) {
            o << pid << ',' << name << ',' << threadStateName(i.state) << ',';
            if (i.cpu >= 0)
                o << (static_cast<size_t>(i.cpu) < cpuNumbers.size() ? cpuNumbers[static_cast<size_t>(i.cpu)]
                                                                     : static_cast<uint32_t>(i.cpu));
            o << ',' << i.start.count() << ',' << i.end.count() << '\n';
        }
    }
    return o.str();
}

std::string toCountersCsv(const ThreadStates& states, const std::unordered_map<uint32_t, int64_t>& pidOf,
                          const std::vector<uint32_t>& cpuNumbers,
                          const std::vector<std::string>& cgroupPaths) {
    std::ostringstream o;
    o.precision(17);
    o << "owner,id,label,counter,unit,time_ns,value\n";
    auto cpuNumber = [&](uint32_t cpu) { return cpu < cpuNumbers.size() ? cpuNumbers[cpu] : cpu; };
    for (size_t cpu = 0; cpu < states.nrRunning.size(); ++cpu) {
        const uint32_t n = cpuNumber(static_cast<uint32_t>(cpu));
        for (const CounterStep& c : states.nrRunning[cpu])
            o << "cpu," << n << ",cpu" << n << ",nr_running,," << c.time.count() << ',' << c.value << '\n';
    }
    for (const CounterTrack& c : states.counters) {
        std::string owner, id, label;
        switch (c.owner) {
        case CounterOwner::Cpu:
            owner = "cpu";
            id = std::to_string(cpuNumber(c.id));
            label = "cpu" + id;
            break;
        case CounterOwner::Task: {
            owner = "task";
            const auto it = pidOf.find(c.id);
            id = std::to_string(it != pidOf.end() ? it->second : static_cast<int64_t>(c.id));
            const TaskTrack* t = states.find(TaskId(c.id));
            label = csvQuoted(t ? t->name : std::string());
            break;
        }
        case CounterOwner::Cgroup:
            owner = "cgroup";
            id = std::to_string(c.id);
            label = csvQuoted(c.id < cgroupPaths.size() ? cgroupPaths[c.id] : std::string());
            break;
        }
        for (const CounterTrack::Point& pt : c.points)
            o << owner << ',' << id << ',' << label << ',' << c.name << ',' << c.unit << ','
              << pt.time.count() << ',' << pt.value << '\n';
    }
    return o.str();
}

} // namespace core
