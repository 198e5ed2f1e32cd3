#include "import/traceimporter.h"

#include <algorithm>
#include <cstdio>

namespace core {

namespace {

std::string seconds(int64_t ns) {
    char b[32];
    std::snprintf(b, sizeof b, "%.6f s", static_cast<double>(ns) / 1e9);
    return b;
}

/// The kernel's prev_state letter as a task state (R = preempted, still runnable).
TaskState stateOf(char letter) {
    switch (letter) {
    case 'R':
        return TaskState::Runnable;
    case 'X':
    case 'Z':
        return TaskState::Dead;
    case 'D':
        return TaskState::IoWait; // uninterruptible: the views show it apart from S
    default:
        return TaskState::Sleeping;
    }
}

} // namespace

TraceImporter::TraceImporter(const StringTable& strings, LatencyStart start, TraceSink* sink)
    : m_strings(strings)
    , m_start(start)
    , m_sink(sink) {}

TraceImporter::Cpu& TraceImporter::cpu(int32_t n) {
    if (static_cast<size_t>(n) >= m_cpus.size())
        m_cpus.resize(static_cast<size_t>(n) + 1);
    return m_cpus[static_cast<size_t>(n)];
}

int32_t TraceImporter::runningOn(const TraceEvent& ev, int64_t& since) const {
    if (ev.cpu < 0 || static_cast<size_t>(ev.cpu) >= m_cpus.size())
        return -1;
    const Cpu& c = m_cpus[static_cast<size_t>(ev.cpu)];
    if (!c.known || c.curr < 0)
        return -1;
    since = c.since;
    return c.curr;
}

void TraceImporter::announce(Task& t) {
    if (m_sink)
        m_sink->taskCreated(t.id, m_strings.at(t.comm), t.cgroup,
                            t.rt ? SchedPolicy::Fifo : SchedPolicy::Other, t.rtPriority);
}

int32_t TraceImporter::newIncarnation(int32_t pid, uint32_t comm, int64_t t) {
    // A task's id is its pid; a pid used again gets the pid plus its reuse count above the
    // largest pid (PID_MAX_LIMIT, 2^22), so that id % 2^22 is the pid whatever happens.
    uint32_t reuse = 0;
    if (auto it = m_byPid.find(pid); it != m_byPid.end()) {
        ++m_reusedPids;
        reuse = (m_tasks[static_cast<size_t>(it->second)].id.value() >> kPidBits) + 1;
    }
    Task rec;
    rec.pid = pid;
    rec.comm = comm;
    rec.id = TaskId((reuse << kPidBits) | static_cast<uint32_t>(pid));
    rec.seen = t;
    m_tasks.push_back(std::move(rec));
    const int32_t index = static_cast<int32_t>(m_tasks.size() - 1);
    m_byPid[pid] = index;
    announce(m_tasks.back());
    if (m_observer)
        m_observer->taskSeen(index, t);
    return index;
}

int32_t TraceImporter::task(int32_t pid, uint32_t comm, int64_t t) {
    if (pid <= 0)
        return -1; // the idle task (swapper/N), one per CPU
    auto it = m_byPid.find(pid);
    if (it == m_byPid.end() || m_tasks[static_cast<size_t>(it->second)].gone) {
        const int32_t i = newIncarnation(pid, comm, t);
        if (!m_pendingAttributes.empty())
            if (auto p = m_pendingAttributes.find(pid); p != m_pendingAttributes.end()) {
                tellAttributes(i, p->second);
                m_pendingAttributes.erase(p);
            }
        return i;
    }
    Task& rec = m_tasks[static_cast<size_t>(it->second)];
    if (comm != 0 && rec.comm != comm) { // prctl(PR_SET_NAME), pthread_setname_np, exec
        rec.comm = comm;
        announce(rec);
    }
    return it->second;
}

void TraceImporter::closeStretch(uint32_t n, Cpu& c, int64_t t) {
    // A damaged file's times can be anything: a stretch longer than 2^52 ns (52 days) is
    // counted as 2^52 ns, so that the sums stay defined (the events are still read as they are).
    constexpr int64_t kLongest = int64_t{1} << 52;
    const int64_t length = std::clamp<int64_t>(t - c.since, -kLongest, kLongest);
    if (!c.known) {
        c.unknown += length;
    } else if (c.curr < 0) {
        c.idle += length;
    } else {
        Task& rec = m_tasks[static_cast<size_t>(c.curr)];
        rec.runtime += length;
        c.busy += length;
        if (m_observer && length > 0)
            m_observer->ran(c.curr, c.since, t);
        if (m_sink && length > 0)
            m_sink->slice({n, SliceKind::Task, rec.id, rec.cgroup, SimTime::ns(c.since), SimTime::ns(t)});
    }
    c.since = t;
}

void TraceImporter::enter(uint32_t n, Cpu& c, int32_t taskIndex, int64_t t) {
    c.curr = taskIndex;
    c.known = true;
    c.since = t;
    if (taskIndex >= 0) {
        Task& rec = m_tasks[static_cast<size_t>(taskIndex)];
        rec.state = TaskState::Running;
        rec.cpu = static_cast<int32_t>(n);
    }
}

void TraceImporter::process(const TraceEvent& ev) {
    if (ev.type == TraceEventType::Attributes) { // not a recorded event: no time of the trace's
        onAttributes(ev);
        return;
    }
    if (m_start0 < 0)
        m_start0 = ev.time;
    m_last = std::max(m_last, ev.time);
    if (ev.type == TraceEventType::Lost) {
        onLost(ev);
        return;
    }
    if (ev.type == TraceEventType::Unknown) {
        ++m_unknown[m_strings.at(ev.name)];
        return;
    }
    // The data calls (record's syscalls) are not the scheduler's events the summary counts.
    if (ev.type != TraceEventType::CallEnter && ev.type != TraceEventType::CallExit)
        ++m_events;
    if (m_sink)
        m_sink->advanceTo(SimTime::ns(ev.time), m_counters);
    if (ev.cpu >= 0) {
        Cpu& c = cpu(ev.cpu);
        const uint32_t n = static_cast<uint32_t>(ev.cpu);
        if (!c.seen) {
            // The tracer says who was current at the CPU's first event; before it, nothing is
            // known (not even idleness).
            c.seen = true;
            c.first = ev.time;
            c.since = ev.time;
            enter(n, c, task(ev.pid, ev.current, ev.time), ev.time);
        } else if (!c.known) {
            closeStretch(n, c, ev.time);
            enter(n, c, task(ev.pid, ev.current, ev.time), ev.time);
        } else {
            const int32_t expected = c.curr < 0 ? 0 : m_tasks[static_cast<size_t>(c.curr)].pid;
            if (ev.pid >= 0 && ev.pid != expected) {
                // A switch is missing (lost without a marker): believe the tracer from here on.
                if (m_mismatches++ == 0)
                    m_firstMismatchLine = ev.line;
                closeStretch(n, c, ev.time);
                const int32_t now = task(ev.pid, ev.current, ev.time);
                if (c.curr >= 0 && c.curr != now)
                    m_tasks[static_cast<size_t>(c.curr)].state = TaskState::Runnable;
                enter(n, c, now, ev.time);
            }
        }
        if (ev.type == TraceEventType::Switch) {
            onSwitch(ev, c);
            return;
        }
    }
    switch (ev.type) {
    case TraceEventType::Waking:
    case TraceEventType::Wakeup:
    case TraceEventType::WakeupNew:
        onWake(ev);
        break;
    case TraceEventType::Migrate:
        onMigrate(ev);
        break;
    case TraceEventType::Fork:
        onFork(ev);
        break;
    case TraceEventType::Exit: {
        const int32_t i = task(ev.a, ev.name, ev.time);
        if (i >= 0) {
            Task& rec = m_tasks[static_cast<size_t>(i)];
            rec.exited = true;
            rec.exitTime = ev.time;
            ++m_counters.exits;
        }
        break;
    }
    case TraceEventType::Exec:
        task(ev.a, ev.name, ev.time);
        break;
    case TraceEventType::Runtime: {
        // perf sched latency: a task first seen being charged runtime is runnable from here.
        const int32_t i = task(ev.a, ev.name, ev.time);
        if (i >= 0) {
            Task& rec = m_tasks[static_cast<size_t>(i)];
            if (rec.atom == Task::Atom::None) {
                rec.atom = Task::Atom::WaitCpu;
                rec.atomWake = ev.time;
            }
            if (rec.state == TaskState::New) {
                rec.state = TaskState::Runnable;
                rec.runnableSince = ev.time;
            }
        }
        break;
    }
    case TraceEventType::CgroupAttach: {
        const int32_t i = task(ev.a, ev.name, ev.time);
        if (i >= 0)
            attach(i, m_strings.at(ev.name2), ev.time);
        break;
    }
    case TraceEventType::CallEnter:
    case TraceEventType::CallExit:
        if (m_observer) {
            // The call is the current task's, as the tracer says (its pid), which the stretch
            // check above has made this CPU's current task.
            int64_t since = -1;
            const int32_t i = runningOn(ev, since);
            if (i < 0)
                break;
            const auto call = static_cast<DataCall>(ev.a);
            if (ev.type == TraceEventType::CallEnter)
                m_observer->callEntered(i, ev.time, since, call, ev.b, ev.c);
            else
                m_observer->callReturned(i, ev.time, since, call, ev.c);
        }
        break;
    default:
        break;
    }
}

void TraceImporter::onSwitch(const TraceEvent& ev, Cpu& c) {
    const uint32_t n = static_cast<uint32_t>(ev.cpu);
    const int64_t t = ev.time;
    const int32_t prev = task(ev.a, ev.name, t);
    const int32_t next = task(ev.b, ev.name2, t);
    c.intoIdle += ev.b == 0;
    c.outOfIdle += ev.a == 0;
    if (c.curr != prev) { // the tracer's own pid agreed, but prev_pid does not
        if (m_mismatches++ == 0)
            m_firstMismatchLine = ev.line;
    }
    closeStretch(n, c, t);
    ++m_counters.contextSwitches;
    SwitchRecord r;
    r.time = SimTime::ns(t);
    r.cpu = n;
    if (prev >= 0) {
        Task& p = m_tasks[static_cast<size_t>(prev)];
        ++p.switches;
        p.state = stateOf(ev.state);
        p.wakePending = false;
        if (p.state == TaskState::Runnable)
            p.runnableSince = t;
        // perf: switched out in R = waiting for a CPU from now; otherwise asleep.
        const bool waits =
            p.state == TaskState::Runnable && !(ev.preempt && m_start == LatencyStart::PerfSchedLatency);
        p.atom = waits ? Task::Atom::WaitCpu : Task::Atom::Sleeping;
        p.atomWake = t;
        p.atomOut = t;
        if (p.state == TaskState::Dead && !p.exited) {
            // perf sched record records no sched_process_exit: the last switch out (Z or X) is it.
            p.exited = true;
            p.exitTime = t;
            ++m_counters.exits;
        }
        if (p.state == TaskState::Dead || (p.exited && p.state != TaskState::Runnable))
            p.gone = true;
        if (m_observer)
            m_observer->switchedOut(prev, t, ev.preempt ? 'R' : ev.state);
        r.prev = p.id;
        r.prevState = p.state; // D is IoWait: the thread-state track's uninterruptible
    }
    if (next >= 0) {
        Task& q = m_tasks[static_cast<size_t>(next)];
        if (q.state == TaskState::Runnable)
            q.wait += t - q.runnableSince;
        if (q.atom == Task::Atom::None) { // perf: a task first seen here waited no time
            q.atom = Task::Atom::WaitCpu;
            q.atomWake = t;
        }
        if (q.atom == Task::Atom::WaitCpu) {
            if (t < q.atomWake) {
                q.atom = Task::Atom::Ignore;
            } else {
                q.latency.add(SimTime::ns(t - q.atomWake));
                q.atom = Task::Atom::SchedIn;
            }
            r.nextRunnableSince = SimTime::ns(q.atomWake);
        } else {
            r.nextRunnableSince = SimTime::ns(t);
        }
        if (ev.prio >= 0 && ev.prio < 100 && !q.rt) {
            q.rt = true;
            q.rtPriority = static_cast<uint8_t>(99 - ev.prio);
            announce(q);
        }
        q.wakePending = false;
        r.next = q.id;
        if (m_observer && ev.prio >= 0)
            m_observer->priority(next, ev.prio, t);
    }
    if (m_observer)
        m_observer->switchedTo(prev, next, t);
    enter(n, c, next, t);
    if (m_sink)
        m_sink->contextSwitch(r);
}

void TraceImporter::onWake(const TraceEvent& ev) {
    const int32_t i = task(ev.a, ev.name, ev.time);
    if (i < 0)
        return;
    Task& rec = m_tasks[static_cast<size_t>(i)];
    const int64_t t = ev.time;
    if (ev.type == TraceEventType::Waking)
        ++m_wakings;
    else
        ++m_wakeupEvents;
    // Kept up to date for the samples a sink takes; the summary counts the same way.
    m_counters.wakeups = m_wakings > 0 ? m_wakings : m_wakeupEvents;
    if (ev.type == TraceEventType::WakeupNew) {
        if (ev.c >= 0 && ev.cpu >= 0 && ev.c != ev.cpu) {
            ++m_counters.placements;
            if (m_sink)
                m_sink->placement(
                    {SimTime::ns(t), rec.id, static_cast<uint32_t>(ev.cpu), static_cast<uint32_t>(ev.c)});
        }
        rec.cpu = ev.c;
    }
    if (m_observer && ev.prio >= 0)
        m_observer->priority(i, ev.prio, t);
    if (rec.state != TaskState::Running && rec.state != TaskState::Runnable) {
        // The waker is whoever the recording CPU was running (ev.pid, made current above).
        int64_t since = -1;
        int32_t waker = runningOn(ev, since);
        if (waker == i)
            waker = -1;
        if (m_observer)
            m_observer->woken(i, t, waker, since, ev.irq);
        if (m_sink)
            m_sink->wakeup(wakeupRecord(ev, rec, waker));
        rec.state = TaskState::Runnable;
        rec.runnableSince = t;
        rec.wakePending = ev.type == TraceEventType::Waking;
    } else if (ev.type != TraceEventType::Waking) {
        rec.wakePending = false;
    }
    if (ev.type == TraceEventType::Waking && m_start == LatencyStart::PerfSchedLatency)
        return;
    // perf sched latency: a wakeup only starts a wait for a task whose last record says it sleeps.
    if (rec.atom == Task::Atom::None) {
        rec.atom = Task::Atom::Sleeping;
        rec.atomOut = t;
    }
    if (rec.atom != Task::Atom::Sleeping || rec.atomOut > t)
        return;
    rec.atom = Task::Atom::WaitCpu;
    rec.atomWake = t;
}

WakeupRecord TraceImporter::wakeupRecord(const TraceEvent& ev, const Task& woken, int32_t waker) const {
    WakeupRecord w;
    w.time = SimTime::ns(ev.time);
    w.task = woken.id;
    w.wakerCpu = static_cast<uint32_t>(std::max(0, ev.cpu));
    w.targetCpu = static_cast<uint32_t>(std::max(0, ev.c >= 0 ? ev.c : ev.cpu));
    // A wakeup in interrupt context is the interrupt's, whoever it interrupted; one from a CPU
    // running no task is a timer's or a device's, which a recording cannot tell apart.
    if (ev.type == TraceEventType::WakeupNew)
        w.source = WakeSource::Fork;
    else if (ev.irq || waker < 0)
        w.source = WakeSource::Interrupt;
    if (waker >= 0 && (w.source != WakeSource::Interrupt))
        w.waker = m_tasks[static_cast<size_t>(waker)].id;
    return w;
}

void TraceImporter::onMigrate(const TraceEvent& ev) {
    m_sawMigrate = true;
    const int32_t i = task(ev.a, ev.name, ev.time);
    if (i < 0 || ev.b == ev.c) // set_task_cpu to the same CPU traces but is no migration
        return;
    if (ev.b < 0 || ev.c < 0 || ev.b > kMaxCpu || ev.c > kMaxCpu) {
        ++m_badMigrations; // a CPU no machine has: not a migration anyone can place
        return;
    }
    Task& rec = m_tasks[static_cast<size_t>(i)];
    // The reason is inferred from the task's state: moved while waking = wakeup placement,
    // while queued = load balancing, while running = the stopper pushing it (active balance).
    MigrationReason reason = MigrationReason::Periodic;
    if (rec.wakePending || rec.state == TaskState::Sleeping || rec.state == TaskState::IoWait ||
        rec.state == TaskState::New)
        reason = MigrationReason::Wakeup;
    else if (rec.state == TaskState::Running)
        reason = MigrationReason::Active;
    ++rec.migrations;
    ++m_counters.migrations;
    ++m_counters.migrationsByReason[static_cast<size_t>(reason)];
    rec.cpu = ev.c;
    if (m_sink)
        m_sink->migration({SimTime::ns(ev.time), rec.id, static_cast<uint32_t>(ev.b),
                           static_cast<uint32_t>(ev.c), reason, -1});
}

void TraceImporter::attach(int32_t i, const std::string& path, int64_t t) {
    auto [it, added] = m_cgroupIds.try_emplace(path, CgroupId(static_cast<uint32_t>(m_cgroupPaths.size())));
    if (added)
        m_cgroupPaths.push_back(path);
    if (path == "/")
        it->second = CgroupId(0);
    m_tasks[static_cast<size_t>(i)].cgroup = it->second;
    announce(m_tasks[static_cast<size_t>(i)]);
    if (m_observer)
        m_observer->attached(i, it->second.value(), t);
}

void TraceImporter::onAttributes(const TraceEvent& ev) {
    const auto it = m_byPid.find(ev.a);
    if (it == m_byPid.end() || m_tasks[static_cast<size_t>(it->second)].gone)
        m_pendingAttributes[ev.a] = ev;
    else
        tellAttributes(it->second, ev);
}

void TraceImporter::tellAttributes(int32_t i, const TraceEvent& ev) {
    if (ev.time == 0 && ev.name2 != 0) // the cgroup it was in when the recording began
        attach(i, m_strings.at(ev.name2), m_tasks[static_cast<size_t>(i)].seen);
    if (!m_observer)
        return;
    const Task& rec = m_tasks[static_cast<size_t>(i)];
    int64_t since = -1;
    if (rec.state == TaskState::Running && rec.cpu >= 0 && static_cast<size_t>(rec.cpu) < m_cpus.size()) {
        const Cpu& c = m_cpus[static_cast<size_t>(rec.cpu)];
        if (c.known && c.curr == i)
            since = c.since;
    }
    TaskAttributes a;
    a.policy = static_cast<SchedPolicy>(ev.state);
    a.nice = ev.b;
    a.rtPriority = static_cast<uint8_t>(ev.c);
    a.cpus = m_strings.at(ev.name);
    a.timerSlackNs = static_cast<int64_t>(ev.lost) - 1;
    m_observer->attributes(i, ev.time, since, a);
}

void TraceImporter::onFork(const TraceEvent& ev) {
    m_pendingAttributes.erase(ev.b); // a new task: what an earlier one of that pid had is not its
    const int32_t parent = task(ev.a, 0, ev.time);
    const int32_t child = newIncarnation(ev.b, ev.name, ev.time);
    if (m_observer && parent >= 0) {
        int64_t since = -1;
        m_observer->forked(parent, runningOn(ev, since) == parent ? since : -1, child, ev.time);
    }
    ++m_counters.forks;
    if (parent >= 0) {
        Task& c = m_tasks[static_cast<size_t>(child)];
        const Task& p = m_tasks[static_cast<size_t>(parent)];
        c.cgroup = p.cgroup;
        c.rt = p.rt;
        c.rtPriority = p.rtPriority;
        if (c.cgroup.value() != 0 || c.rt)
            announce(c);
    }
}

void TraceImporter::onLost(const TraceEvent& ev) {
    m_lost += ev.lost;
    auto forget = [&](uint32_t n) {
        Cpu& c = m_cpus[n];
        if (!c.seen)
            return;
        closeStretch(n, c, ev.time);
        c.known = false;
    };
    std::string where = ev.cpu >= 0 ? "CPU " + std::to_string(ev.cpu) : std::string("every CPU");
    if (ev.cpu >= 0) {
        cpu(ev.cpu);
        forget(static_cast<uint32_t>(ev.cpu));
    } else {
        for (uint32_t n = 0; n < m_cpus.size(); ++n)
            forget(n);
    }
    if (m_observer)
        m_observer->lost(ev.cpu, ev.time);
    if (m_sink)
        m_sink->lost(SimTime::ns(ev.time), ev.cpu);
    // A Perfetto bundle says that events were lost, not how many (lost = 0).
    const std::string how =
        ev.lost > 0 ? std::to_string(ev.lost) + " events" : std::string("events (how many unknown)");
    note("line " + std::to_string(ev.line) + ": " + how + " lost on " + where + " at " + seconds(ev.time) +
         "; its running task is unknown until its next event");
    if (m_sink)
        m_sink->marker({SimTime::ns(ev.time), "lost " + how + " (" + where + ")"});
}

RunSummary TraceImporter::finish(const std::string& name, TraceSource source) {
    RunSummary s;
    s.scenario = name;
    const int64_t start = std::max<int64_t>(m_start0, 0);
    for (uint32_t n = 0; n < m_cpus.size(); ++n) {
        Cpu& c = m_cpus[n];
        if (c.seen)
            closeStretch(n, c, m_last);
        s.cpus.push_back({n, 0, n, 0, SimTime::ns(c.busy), SimTime::ns(c.idle), SimTime()});
        if (!c.seen)
            note("CPU " + std::to_string(n) + ": no events; its time is unknown, not idle");
        else if (c.first - start > 1'000'000)
            note("CPU " + std::to_string(n) + ": first event at " + seconds(c.first) + ", " +
                 seconds(c.first - start) + " after the trace starts; its time before is unknown, not idle");
        if (c.unknown > 0 && c.seen)
            note("CPU " + std::to_string(n) + ": " + seconds(c.unknown) +
                 " with an unknown running task (after lost events); left out of busy and idle");
        if (c.intoIdle > c.outOfIdle + 1 || c.outOfIdle > c.intoIdle + 1)
            note("CPU " + std::to_string(n) + ": " + std::to_string(c.intoIdle) + " switches into idle but " +
                 std::to_string(c.outOfIdle) +
                 " out of it: the idle task's events went missing without a lost-events marker; this "
                 "CPU's busy and idle times and its tasks' waits are not reliable");
    }
    if (m_badMigrations > 0)
        note(std::to_string(m_badMigrations) + " sched_migrate_task events name a CPU outside 0.." +
             std::to_string(kMaxCpu) + ": skipped");
    if (m_mismatches > 0)
        note(std::to_string(m_mismatches) +
             " events ran under a different task than the last sched_switch said (first at line " +
             std::to_string(m_firstMismatchLine) + "): switches are missing; the tracer's pid was believed");
    if (m_reusedPids > 0)
        note(std::to_string(m_reusedPids) + " pids were reused: each use is a task of its own");
    if (!m_unknown.empty()) {
        uint64_t total = 0;
        std::string names;
        for (const auto& [event, count] : m_unknown) {
            total += count;
            if (names.size() < 200)
                names += (names.empty() ? "" : ", ") + event + " x" + std::to_string(count);
        }
        note(std::to_string(total) + " events of " + std::to_string(m_unknown.size()) +
             " types other than the scheduler's were skipped (" + names + ")");
    }
    if (!m_sawMigrate && m_events > 0)
        note("no sched_migrate_task events: migrations are not counted");
    if (m_wakings == 0 && m_wakeupEvents == 0 && m_events > 0)
        note("no wakeup events: wakeup latency is not measured (only waits after preemption)");
    else if (m_wakings == 0 && m_start == LatencyStart::Waking)
        note("no sched_waking events: latency starts at sched_wakeup");

    m_counters.wakeups = m_wakings > 0 ? m_wakings : m_wakeupEvents;
    s.counters = m_counters;
    s.events = m_events;
    s.simTime = SimTime::ns(m_last - start);
    s.psiEnabled = false;
    s.cpuacctEnabled = false;
    std::vector<SimTime> usage(m_cgroupPaths.size());
    for (const Task& t : m_tasks) {
        TaskSummary ts;
        ts.id = t.id.value();
        ts.pid = t.pid;
        ts.name = m_strings.at(t.comm);
        ts.cgroup = m_cgroupPaths[t.cgroup.value()];
        ts.runtime = SimTime::ns(t.runtime);
        ts.wait = SimTime::ns(t.wait);
        ts.switches = t.switches;
        ts.migrations = t.migrations;
        ts.exited = t.exited;
        ts.exit = SimTime::ns(t.exitTime - start);
        ts.start = SimTime::ns(std::max<int64_t>(t.seen - start, 0));
        ts.latency = t.latency;
        usage[t.cgroup.value()] += ts.runtime;
        s.tasks.push_back(std::move(ts));
    }
    std::vector<size_t> order(m_cgroupPaths.size());
    for (size_t i = 0; i < order.size(); ++i)
        order[i] = i;
    std::sort(order.begin() + 1, order.end(),
              [&](size_t a, size_t b) { return m_cgroupPaths[a] < m_cgroupPaths[b]; });
    for (size_t i : order) {
        CgroupSummary cs;
        cs.path = m_cgroupPaths[i];
        // cpuacct is not in a trace: the subtree's on-CPU time from sched_switch stands in for it.
        for (size_t k = 0; k < m_cgroupPaths.size(); ++k) {
            const std::string& p = m_cgroupPaths[k];
            if (cs.path == "/" || p == cs.path || p.rfind(cs.path + "/", 0) == 0)
                cs.usage += usage[k];
        }
        cs.user = cs.usage;
        s.cgroups.push_back(std::move(cs));
    }
    addCgroupLatency(s);
    source.events = m_events;
    source.lostEvents += m_lost;
    for (std::string& w : m_warnings)
        source.warnings.push_back(std::move(w));
    m_warnings.clear();
    s.trace = std::move(source);
    return s;
}

} // namespace core
