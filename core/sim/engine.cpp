#include "sim/engine.h"

#include "scenario/patterns.h"

#include <algorithm>
#include <cassert>

namespace core {

Engine::Engine(std::shared_ptr<const ScenarioSpec> spec, EngineOptions options)
    : m_spec(std::move(spec))
    , m_options(options)
    , m_ctx(*m_spec)
    , m_machine(m_spec->topology, m_ctx)
    , m_cgroups(*m_spec, m_spec->topology.nrCpus(), m_machine.rqs())
    , m_cpuacct(m_ctx, m_machine, m_cgroups)
    , m_psi(m_ctx, m_machine, m_cgroups)
    , m_fair(m_ctx, m_machine, m_cgroups, m_cpuacct)
    , m_rt(m_ctx, m_machine, m_cpuacct, m_sched)
    , m_fairServer(m_ctx, m_machine)
    , m_wakeup(m_ctx, m_machine, m_fair)
    , m_sched(m_ctx, m_machine, m_cgroups, m_fair, m_rt, m_fairServer, m_wakeup, m_psi, m_cpuacct, m_balancer)
    , m_balancer(m_ctx, m_machine, m_fair, m_sched)
    , m_interp(m_ctx, m_machine, m_sched, m_tasks, m_channels, *this) {
    const ScenarioSpec& s = *m_spec;
    m_machine.topology().setSmtGainCapacity(s.kernel.smtGainCapacity);
    if (kernelModelInfo(s.kernel.model).v6Balancer)
        m_machine.topology().useV6Parameters();
    for (Rq& rq : m_machine.rqs())
        rq.capacity = m_machine.topology().capacityOrig();
    m_sched.setExitListener(this);
    m_sched.setTimerInterruptListener(this);
    for (const CgroupSpec& c : s.cgroups)
        if (c.max != CpuMax{})
            m_sched.setCpuMax(*m_cgroups.at(m_cgroups.find(c.path)).tg, c.max);

    m_channels.reserve(s.channels.size());
    for (const ChannelSpec& c : s.channels) {
        m_channelByName[c.name] = static_cast<uint32_t>(m_channels.size());
        Channel ch;
        ch.name = c.name;
        ch.kind = c.kind;
        ch.capacity = c.capacity;
        m_channels.push_back(std::move(ch));
    }
    for (const TaskSpec& t : s.tasks)
        createTasks(t, SimTime());
    for (size_t i = 0; i < s.timeline.size(); ++i) {
        if (s.timeline[i].kind == TimelineEntry::Kind::Spawn)
            ++m_pendingLaunches;
        m_ctx.queue.postLast(s.timeline[i].at,
                             Event{static_cast<uint32_t>(EventKind::Timeline), static_cast<uint32_t>(i), 0});
    }
    if (m_tasks.liveCount() == 0 && m_pendingLaunches == 0)
        m_finished = true;
}

Engine::~Engine() = default;

// ---- NameResolver -------------------------------------------------------------------------------

uint32_t Engine::channel(const std::string& name) {
    auto it = m_channelByName.find(name);
    assert(it != m_channelByName.end() && "unvalidated channel name");
    return it->second;
}

CgroupId Engine::cgroup(const std::string& path) {
    const CgroupId id = m_cgroups.find(path);
    assert(id.valid() && "unvalidated cgroup path");
    return id;
}

uint32_t Engine::session(const std::string& name) {
    auto [it, fresh] = m_sessions.emplace(name, static_cast<uint32_t>(m_sessions.size() + 1));
    return it->second;
}

const CostModel* Engine::recordedBurstCosts() const {
    return m_spec->kernel.recordedBursts != RecordedBursts::No ? &m_ctx.costs : nullptr;
}

std::shared_ptr<const CpuSet> Engine::cpus(const CpuListParse& list) {
    CpuSet set = toCpuSet(list, m_machine.nrCpus());
    if (set.isAll())
        return nullptr;
    const std::string key = set.toString();
    auto& slot = m_cpuSets[key];
    if (!slot)
        slot = std::make_shared<const CpuSet>(std::move(set));
    return slot;
}

// ---- task creation ------------------------------------------------------------------------------

Task& Engine::newTask(std::string name, CgroupId cg, uint32_t session, int nice, SchedPolicy policy,
                      uint8_t rtPriority, std::shared_ptr<const CpuSet> affinity,
                      std::shared_ptr<const Program> program) {
    Task& t = m_tasks.create(std::move(name));
    t.cgroup = cg;
    t.session = session;
    t.nice = nice;
    t.policy = policy;
    t.rtPriority = rtPriority;
    t.affinity = std::move(affinity);
    t.program = std::move(program);
    m_sched.initTask(t);
    if (m_ctx.trace)
        m_ctx.trace->taskCreated(t.id, t.name, t.cgroup, t.policy, t.rtPriority);
    return t;
}

void Engine::setCustomSlice(Task& t, std::optional<SimTime> slice) {
    // sched_setattr(SCHED_OTHER, sched_runtime): the validator kept it within 0.1-100 ms and
    // to the models that have it.
    if (!slice)
        return;
    t.se.slice = static_cast<uint64_t>(slice->count());
    t.se.customSlice = true;
}

void Engine::createTasks(const TaskSpec& spec, SimTime startAt) {
    const CgroupId cg = spec.cgroup ? cgroup(*spec.cgroup) : CgroupId(0);
    const uint32_t sess = spec.session ? session(*spec.session) : 0;
    const auto affinity = spec.cpus ? cpus(*spec.cpus) : nullptr;
    std::shared_ptr<const Program> shared;
    const bool perInstance = programUsesInstance(spec.program);
    for (uint32_t i = 0; i < spec.count; ++i) {
        if (m_tasks.liveCount() >= m_options.maxLiveTasks) {
            ++m_ctx.counters.forkFailures;
            continue;
        }
        std::shared_ptr<const Program> prog;
        if (perInstance) {
            prog = compileProgram(spec.program, i, *this);
        } else {
            if (!shared)
                shared = compileProgram(spec.program, 0, *this);
            prog = shared;
        }
        Task& t = newTask(instanceName(spec.name, spec.count, i), cg, sess, spec.nice, spec.policy,
                          spec.rtPriority, affinity, std::move(prog));
        setCustomSlice(t, spec.slice);
        if (spec.timerSlack)
            t.timerSlack = *spec.timerSlack;
        t.pid = spec.pid.value_or(-1);
        ++m_pendingLaunches;
        m_ctx.schedule(startAt + spec.start, EventKind::TaskStart, t.slot, t.id.value());
    }
}

void Engine::startTask(Task& t) {
    Task* parent = m_tasks.get(t.parentSlot, t.parent);
    m_sched.wakeUpNewTask(t, t.cpu.value(), parent);
}

Task* Engine::fork(Task& parent, const ForkTemplate& tmpl) {
    if (m_tasks.liveCount() >= m_options.maxLiveTasks) {
        ++m_ctx.counters.forkFailures;
        return nullptr;
    }
    Task& c = newTask(tmpl.name, tmpl.cgroup.value_or(parent.cgroup), tmpl.session.value_or(parent.session),
                      tmpl.nice, tmpl.policy, tmpl.rtPriority, tmpl.affinity.value_or(parent.affinity),
                      tmpl.program);
    setCustomSlice(c, tmpl.slice);
    c.timerSlack = tmpl.timerSlack.value_or(parent.timerSlack); // copied at fork
    c.pid = tmpl.pid;
    c.parent = parent.id;
    c.parentSlot = parent.slot;
    c.cpu = parent.cpu;
    ++parent.liveChildren;
    ++m_ctx.counters.forks;
    if (tmpl.start.count() > 0) {
        ++m_pendingLaunches;
        m_ctx.schedule(m_ctx.now + tmpl.start, EventKind::TaskStart, c.slot, c.id.value());
    } else {
        m_sched.wakeUpNewTask(c, parent.cpu.value(), &parent);
    }
    return &c;
}

void Engine::taskExited(Task& t) {
    if (m_exitRecords.size() < m_options.maxExitRecords)
        m_exitRecords.push_back({t.id, t.name, t.cgroup, t.userTime + t.sysTime, t.userTime, t.sysTime,
                                 t.waitTime, t.startTime, t.exitTime, t.nvcsw + t.nivcsw, t.migrations,
                                 t.latency, t.pid, t.timerLatency});
    else
        ++m_exitsNotRecorded;
    if (Task* parent = m_tasks.get(t.parentSlot, t.parent)) {
        if (parent->liveChildren > 0)
            --parent->liveChildren;
        if (parent->liveChildren == 0 && parent->block == BlockReason::Children &&
            parent->state == TaskState::Sleeping)
            m_sched.tryToWakeUp(*parent, m_machine.rq(t.cpu.value()), &t, false);
    }
    m_tasks.destroy(t);
}

void Engine::killTask(Task& t) {
    if (t.state == TaskState::Dead)
        return;
    if (t.state == TaskState::New) {
        // Never started: it leaves without scheduler state.
        --m_pendingLaunches;
        t.state = TaskState::Dead;
        t.exitTime = m_ctx.now;
        m_cgroups.at(t.cgroup).nrTasks--;
        ++m_ctx.counters.exits;
        taskExited(t);
        return;
    }
    m_interp.detachBlocked(t);
    m_sched.exitTask(t);
}

// ---- running ------------------------------------------------------------------------------------

void Engine::dispatch(const Event& ev) {
    switch (static_cast<EventKind>(ev.kind)) {
    case EventKind::CpuResume: {
        Rq& rq = m_machine.rq(ev.a);
        rq.resumeArmed = false;
        m_interp.resume(rq);
        break;
    }
    case EventKind::Tick:
        m_sched.tick(m_machine.rq(ev.a));
        break;
    case EventKind::TaskTimer:
        if (Task* t = m_tasks.get(ev.a, TaskId(static_cast<uint32_t>(ev.b))))
            m_interp.timerExpired(*t);
        break;
    case EventKind::TaskStart:
        if (Task* t = m_tasks.get(ev.a, TaskId(static_cast<uint32_t>(ev.b)));
            t && t->state == TaskState::New) {
            --m_pendingLaunches;
            startTask(*t);
        }
        break;
    case EventKind::PsiAvgs:
        m_psi.avgsWork(ev.a);
        break;
    case EventKind::BandwidthPeriod:
    case EventKind::BandwidthSlack:
        m_sched.bandwidthTimer(static_cast<EventKind>(ev.kind), ev.a, ev.b);
        break;
    case EventKind::RtPeriod:
        m_sched.rtPeriodTimer(static_cast<uint32_t>(ev.b));
        break;
    case EventKind::FairServer:
        m_sched.fairServerTimer(ev.a, static_cast<uint32_t>(ev.b));
        break;
    case EventKind::Resched:
        m_sched.reschedPoint(m_machine.rq(ev.a));
        break;
    case EventKind::Timeline: {
        const TimelineEntry& e = m_spec->timeline[ev.a];
        if (e.kind == TimelineEntry::Kind::Spawn)
            --m_pendingLaunches;
        applyTimeline(e);
        break;
    }
    }
}

bool Engine::step() {
    if (m_finished)
        return false;
    SimTime at;
    const bool pending = m_ctx.queue.peek(at);
    return stepPeeked(pending, at);
}

bool Engine::stepPeeked(bool pending, SimTime at) {
    while (true) {
        if (!pending || at > m_spec->duration) {
            m_ctx.now = m_spec->duration;
            finish();
            return false;
        }
        const EventQueue::Popped p = m_ctx.queue.pop();
        // A resume superseded by a newer one for the same CPU is not an event.
        if (static_cast<EventKind>(p.event.kind) == EventKind::CpuResume &&
            p.event.b != m_machine.rq(p.event.a).resumeGen) {
            pending = m_ctx.queue.peek(at);
            continue;
        }
        assert(p.time >= m_ctx.now && "simulated time went backwards");
        m_ctx.now = p.time;
        ++m_ctx.counters.events;
        m_lastEvent = p.event;
        m_lastEventTime = p.time;
        m_hasLastEvent = true;
        dispatch(p.event);
        break;
    }
    if (m_tasks.liveCount() == 0 && m_pendingLaunches == 0)
        finish();
    return !m_finished;
}

Engine::ExecutedEvent Engine::lastEvent() const {
    ExecutedEvent e;
    if (!m_hasLastEvent)
        return e;
    e.valid = true;
    e.time = m_lastEventTime;
    e.kind = static_cast<EventKind>(m_lastEvent.kind);
    switch (e.kind) {
    case EventKind::CpuResume:
    case EventKind::Tick:
        e.cpu = m_lastEvent.a;
        break;
    case EventKind::TaskTimer:
    case EventKind::TaskStart:
        e.task = TaskId(static_cast<uint32_t>(m_lastEvent.b));
        break;
    case EventKind::Timeline:
    case EventKind::PsiAvgs:
        e.index = m_lastEvent.a;
        break;
    case EventKind::BandwidthPeriod:
    case EventKind::BandwidthSlack:
        e.index = m_lastEvent.a;
        e.cgroup = const_cast<CgroupTree&>(m_cgroups).group(m_lastEvent.a).cgroup;
        break;
    case EventKind::RtPeriod:
        break;
    case EventKind::FairServer:
    case EventKind::Resched:
        e.cpu = m_lastEvent.a;
        break;
    }
    return e;
}

void Engine::runUntil(SimTime t) {
    advanceUntil(t, UINT64_MAX);
}

bool Engine::advanceUntil(SimTime t, uint64_t maxEvents) {
    const SimTime target = std::min(t, m_spec->duration);
    SimTime next;
    for (uint64_t n = 0; !m_finished && m_ctx.queue.peek(next) && next <= target; ++n) {
        if (n == maxEvents)
            return false;
        stepPeeked(true, next); // the queue's top, just read: step() would read it again
    }
    if (m_finished)
        return true;
    if (target > m_ctx.now)
        m_ctx.now = target;
    if (m_ctx.now >= m_spec->duration)
        finish();
    return true;
}

void Engine::stepTick() {
    // Run to the next jiffy boundary, so every CPU's tick for it has been processed.
    const int64_t period = m_ctx.tickPeriod.count();
    runUntil(SimTime::ns((m_ctx.now.count() / period + 1) * period));
}

void Engine::finish() {
    if (m_finished)
        return;
    m_finished = true;
    for (Rq& rq : m_machine.rqs()) {
        if (rq.curr)
            m_sched.updateCurr(rq);
        else
            m_machine.advance(rq);
    }
    m_machine.flushTrace();
    m_fair.flushThrottleTrace();
}

void Engine::flushTrace() {
    for (Rq& rq : m_machine.rqs())
        m_machine.advance(rq);
    m_machine.flushTrace();
    m_fair.flushThrottleTrace();
}

void Engine::setTraceSink(TraceSink* sink) {
    m_ctx.trace = sink;
    if (sink)
        m_tasks.forEach(
            [&](const Task& t) { sink->taskCreated(t.id, t.name, t.cgroup, t.policy, t.rtPriority); });
}

// ---- live commands ------------------------------------------------------------------------------

bool Engine::eventsPendingAtNow() {
    SimTime next;
    return m_ctx.queue.peek(next) && next <= m_ctx.now;
}

// ---- observation --------------------------------------------------------------------------------

const Task* Engine::findTask(TaskId id) const {
    const Task* found = nullptr;
    m_tasks.forEach([&](const Task& t) {
        if (t.id == id)
            found = &t;
    });
    return found;
}

void Engine::cpuTimesNow(const Rq& rq, SimTime& busy, SimTime& idle, SimTime& overhead) const {
    busy = rq.busy;
    idle = rq.idle;
    overhead = overheadNow(rq);
    if (m_ctx.now > rq.cursor) {
        if (rq.curr)
            busy += m_ctx.now - rq.cursor;
        else
            idle += m_ctx.now - rq.cursor;
    }
}

std::string Engine::checkInvariants() const {
    std::vector<int> onCpu(m_tasks.slotCount(), 0);
    for (const Rq& rq : m_machine.rqs()) {
        if (rq.busy + rq.idle + rq.overhead != rq.cursor)
            return "cpu" + std::to_string(rq.cpu) + ": busy + idle + overhead != accounted time";
        if (rq.nrRunning != rq.cfs.hNrRunning + (rq.rt.queued ? rq.rt.nrRunning() : 0))
            return "cpu" + std::to_string(rq.cpu) + ": nr_running differs from the CFS and RT counts";
        for (size_t i = 0; i < rq.rt.queue.size(); ++i) {
            const Task* t = rq.rt.queue[i];
            if (!t->rt() || !t->rtOnRq || t->cpu.value() != rq.cpu)
                return "cpu" + std::to_string(rq.cpu) + ": RT queue holds " + t->name + " wrongly";
            if (i > 0 && rq.rt.queue[i - 1]->rtPriority < t->rtPriority)
                return "cpu" + std::to_string(rq.cpu) + ": RT queue out of priority order";
        }
        if (rq.cfs.runnableWeight != rq.cfs.loadWeight)
            return "cpu" + std::to_string(rq.cpu) + ": runnable weight " +
                   std::to_string(rq.cfs.runnableWeight) + " differs from the queued weight " +
                   std::to_string(rq.cfs.loadWeight);
        if (rq.curr) {
            if (++onCpu[rq.curr->slot] > 1)
                return "task " + rq.curr->name + " is current on two CPUs";
            if (rq.curr->cpu.value() != rq.cpu)
                return "task " + rq.curr->name + " runs on a CPU it is not assigned to";
            if (rq.curr->state != TaskState::Running)
                return "current task " + rq.curr->name + " is not in the running state";
            if (!rq.curr->allowedOn(CpuId(rq.cpu)))
                return "task " + rq.curr->name + " runs outside its allowed CPUs";
        }
    }
    std::vector<uint32_t> runnable(m_machine.nrCpus(), 0);
    std::string problem;
    std::vector<uint32_t> perCgroup(m_cgroups.size(), 0);
    m_tasks.forEach([&](const Task& t) {
        if (t.state != TaskState::Dead)
            ++perCgroup[t.cgroup.value()];
        if (t.rt()) {
            if (t.runnable() != t.rtOnRq && problem.empty())
                problem = "RT task " + t.name + (t.rtOnRq ? " is queued while " : " is not queued while ") +
                          taskStateName(t.state);
            if (t.runnable() && m_machine.rq(t.cpu.value()).rt.queued) // throttled RT leaves nr_running
                ++runnable[t.cpu.value()];
            if (t.se.onRq && problem.empty())
                problem = "RT task " + t.name + " is on a CFS queue";
        } else if (t.runnable()) {
            if (!t.se.cfsRq->throttleCount) // a throttled hierarchy's tasks leave nr_running
                ++runnable[t.cpu.value()];
            if ((!t.se.onRq || t.se.delayed) && problem.empty())
                problem = "runnable task " + t.name + " is not queued";
            if (!t.allowedOn(t.cpu) && problem.empty())
                problem = "task " + t.name + " is queued outside its allowed CPUs";
        } else if (t.se.onRq && !t.se.delayed && problem.empty()) {
            problem = "task " + t.name + " is queued while " + taskStateName(t.state);
        }
        if (t.state == TaskState::Running && m_machine.rq(t.cpu.value()).curr != &t && problem.empty())
            problem = "task " + t.name + " is running but not current";
    });
    if (!problem.empty())
        return problem;
    for (const Rq& rq : m_machine.rqs())
        if (runnable[rq.cpu] != rq.nrRunning)
            return "cpu" + std::to_string(rq.cpu) + ": " + std::to_string(rq.nrRunning) + " queued but " +
                   std::to_string(runnable[rq.cpu]) + " runnable tasks";
    for (size_t i = 0; i < m_cgroups.size(); ++i)
        if (perCgroup[i] != m_cgroups.all()[i].nrTasks)
            return "cgroup " + m_cgroups.all()[i].path + ": task count out of step";
    if (std::string psi = m_psi.checkConsistency(m_tasks); !psi.empty())
        return psi;
    // cpuacct: a cgroup's usage is its own tasks' plus its children's.
    for (const Cgroup& cg : m_cgroups.all()) {
        SimTime sum = m_cpuacct.ownUsage(cg.id);
        for (CgroupId c : cg.children)
            sum += m_cpuacct.usage(c);
        if (sum != m_cpuacct.usage(cg.id))
            return "cpuacct: " + cg.path + " differs from its own tasks plus its children";
    }
    return {};
}

} // namespace core
