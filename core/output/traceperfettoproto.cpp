#include "output/traceperfettoproto.h"

#include "base/perfettofields.h"
#include "import/traceevent.h"
#include "sched/cgroups.h"
#include "sched/task.h"
#include "sim/engine.h"

#include <algorithm>

namespace core {

namespace pf = perfetto;

namespace {

constexpr uint32_t kSequenceId = 1; ///< the one sequence of the track events (markers, counters)

/// prev_state as the kernel the trace names encodes it (base/perfettofields.h).
int64_t prevStateOf(const SwitchRecord& s, const pf::PrevStateLayout& layout) {
    switch (s.prevState) {
    case TaskState::Running: // still current when the switch was recorded: preempted
    case TaskState::Runnable:
        // Switched out while runnable: preempted (R+), unless it gave the CPU up itself (R).
        return s.rule == PreemptRule::Yield ? pf::prev_state::kRunning : layout.preempted;
    case TaskState::Sleeping:
        return pf::prev_state::kInterruptible;
    case TaskState::IoWait:
    case TaskState::MemStall:
        return pf::prev_state::kUninterruptible;
    case TaskState::Dead:
        return layout.dead;
    case TaskState::New:
        break;
    }
    return pf::prev_state::kRunning;
}

} // namespace

PerfettoProtoWriter::PerfettoProtoWriter(std::ostream& out, Options options)
    : m_out(out)
    , m_options(std::move(options)) {
    bool ok = false;
    m_layout = pf::prevStateLayoutOf(m_options.kernelRelease, ok);
    writeSystemInfo();
}

uint32_t PerfettoProtoWriter::kernelCpu(uint32_t cpu) const {
    return cpu < m_options.cpuNumbers.size() ? m_options.cpuNumbers[cpu] : cpu;
}

PerfettoProtoWriter::Bundle& PerfettoProtoWriter::bundle(uint32_t cpu) {
    if (cpu >= m_bundles.size()) {
        m_bundles.resize(size_t(cpu) + 1);
        while (m_idle.size() < m_bundles.size()) {
            TaskInfo idle;
            idle.comm = "swapper/" + std::to_string(kernelCpu(static_cast<uint32_t>(m_idle.size())));
            m_bundles[m_idle.size()].current = idle;
            m_idle.push_back(std::move(idle));
        }
    }
    return m_bundles[cpu];
}

bool PerfettoProtoWriter::takes(uint32_t cpu) {
    // A recording's CPU numbers are the tracer's: one beyond any machine's is not given a
    // bundle (and thousands of empty ones), it is counted.
    if (cpu < kMaxCpus)
        return true;
    ++m_dropped;
    return false;
}

const PerfettoProtoWriter::TaskInfo& PerfettoProtoWriter::info(TaskId id, uint32_t cpu) {
    if (!id.valid()) {
        bundle(cpu);
        return m_idle[cpu];
    }
    auto it = m_tasks.find(id.value());
    if (it == m_tasks.end()) {
        // A task never announced (a recording's task seen mid-stream): its id is all there is.
        taskCreated(id, "task " + std::to_string(id.value()), CgroupId(), SchedPolicy::Other, 0);
        it = m_tasks.find(id.value());
    }
    return it->second;
}

void PerfettoProtoWriter::taskCreated(TaskId id, const std::string& name, CgroupId cgroup, SchedPolicy policy,
                                      uint8_t rtPriority) {
    PerfettoTask who;
    if (m_options.task)
        who = m_options.task(id);
    else
        who.pid = static_cast<int32_t>(id.value() + 1);
    TaskInfo t;
    t.comm = name;
    t.pid = who.pid;
    t.prio = rtPolicy(policy) ? 99 - int32_t(rtPriority) : 120 + who.nice;
    const bool known = m_tasks.count(id.value()) > 0;
    m_tasks[id.value()] = std::move(t);
    m_cgroups[id.value()] = cgroup;
    if (!known)
        m_newTasks.push_back(id);
}

PerfettoProtoWriter::Marks PerfettoProtoWriter::beginEvent(Bundle& b, SimTime t, int32_t commonPid,
                                                           uint32_t eventField, uint32_t flags) {
    seed(b, t);
    Marks m;
    m.event = b.events.beginNested(pf::bundle::kEvent);
    b.events.varint(pf::event::kTimestamp, static_cast<uint64_t>(t.count()));
    b.events.varint(pf::event::kPid, static_cast<uint32_t>(commonPid));
    if (flags != 0)
        b.events.varint(pf::event::kCommonFlags, flags);
    m.payload = b.events.beginNested(eventField);
    return m;
}

void PerfettoProtoWriter::endEvent(Bundle& b, Marks marks, uint32_t cpu) {
    b.events.endNested(marks.payload);
    b.events.endNested(marks.event);
    ++b.count;
    ++m_events;
    if (b.count >= m_options.bundleEvents)
        flush(cpu);
}

void PerfettoProtoWriter::seed(Bundle& b, SimTime t) {
    // A compact switch names only the task coming in: the one going out is the previous one's,
    // so a reader takes the first compact switch on a CPU as its starting point only. Each
    // CPU's first record is preceded by one into the task running there (its idle task, until
    // a record says otherwise), which the reader then knows.
    if (!m_options.compact || b.seeded)
        return;
    b.seeded = true;
    b.switchTime.push_back(static_cast<uint64_t>(t.count()));
    b.switchPrevState.push_back(pf::prev_state::kRunning);
    b.switchNextPid.push_back(b.current.pid);
    b.switchNextPrio.push_back(b.current.prio);
    b.switchComm.push_back(intern(b, b.current.comm));
}

uint32_t PerfettoProtoWriter::intern(Bundle& b, const std::string& comm) {
    auto [it, added] = b.internIndex.emplace(comm, static_cast<uint32_t>(b.intern.size()));
    if (added)
        b.intern.push_back(comm);
    return it->second;
}

void PerfettoProtoWriter::writeSwitch(uint32_t cpu, const SwitchRecord& s, const TaskInfo& prev,
                                      const TaskInfo& next) {
    namespace sw = pf::sched_switch;
    Bundle& b = bundle(cpu);
    const int64_t state = s.prev.valid() ? prevStateOf(s, m_layout) : pf::prev_state::kRunning;
    if (m_options.compact) {
        seed(b, s.time);
        b.switchTime.push_back(static_cast<uint64_t>(s.time.count()));
        b.switchPrevState.push_back(state);
        b.switchNextPid.push_back(next.pid);
        b.switchNextPrio.push_back(next.prio);
        b.switchComm.push_back(intern(b, next.comm));
        ++b.count;
        ++m_events;
        if (b.count >= m_options.bundleEvents)
            flush(cpu);
        return;
    }
    const Marks marks = beginEvent(b, s.time, prev.pid, pf::event::kSchedSwitch);
    b.events.bytes(sw::kPrevComm, prev.comm);
    b.events.int64(sw::kPrevPid, prev.pid);
    b.events.int64(sw::kPrevPrio, prev.prio);
    b.events.int64(sw::kPrevState, state);
    b.events.bytes(sw::kNextComm, next.comm);
    b.events.int64(sw::kNextPid, next.pid);
    b.events.int64(sw::kNextPrio, next.prio);
    endEvent(b, marks, cpu);
}

void PerfettoProtoWriter::contextSwitch(const SwitchRecord& s) {
    if (m_finished || !takes(s.cpu))
        return;
    m_now = std::max(m_now, s.time);
    flushProcesses();
    release(s.cpu);
    const TaskInfo prev = info(s.prev, s.cpu);
    const TaskInfo next = info(s.next, s.cpu);
    if (s.prev.valid() && s.prevState == TaskState::Dead) {
        // do_exit() reports the exit before the task's last switch.
        namespace ex = pf::sched_exit;
        Bundle& b = bundle(s.cpu);
        const Marks marks = beginEvent(b, s.time, prev.pid, pf::event::kSchedProcessExit);
        b.events.bytes(ex::kComm, prev.comm);
        b.events.int64(ex::kPid, prev.pid);
        b.events.int64(ex::kTgid, prev.pid);
        b.events.int64(ex::kPrio, prev.prio);
        endEvent(b, marks, s.cpu);
        bundle(s.cpu).held = Held{s, prev, next, {}};
        return;
    }
    writeSwitch(s.cpu, s, prev, next);
    bundle(s.cpu).current = next;
}

void PerfettoProtoWriter::release(uint32_t cpu) {
    if (cpu >= m_bundles.size() || !m_bundles[cpu].held)
        return;
    Held h = std::move(*m_bundles[cpu].held);
    m_bundles[cpu].held.reset();
    for (const MigrationRecord& m : h.migrations)
        writeMigration(m);
    writeSwitch(cpu, h.s, h.prev, h.next);
    bundle(cpu).current = h.next;
}

void PerfettoProtoWriter::writeWaking(uint32_t cpu, SimTime t, int32_t commonPid, const TaskInfo& task,
                                      uint32_t target, WakeSource source) {
    // A timer's or an interrupt's wakeup runs in hard interrupt context (TRACE_FLAG_HARDIRQ).
    const uint32_t flags = source == WakeSource::Timer || source == WakeSource::Interrupt ? 0x08 : 0;
    namespace wk = pf::sched_wakeup;
    Bundle& b = bundle(cpu);
    if (m_options.compact) {
        // Readers put a bundle's wakings before its switches of the same nanosecond: a waking
        // that came after such a switch goes into the next bundle, which keeps the order.
        if (!b.switchTime.empty() && b.switchTime.back() == static_cast<uint64_t>(t.count()))
            flush(cpu); // b is then the next, empty bundle of the same CPU
        seed(b, t);
        b.wakingTime.push_back(static_cast<uint64_t>(t.count()));
        b.wakingPid.push_back(task.pid);
        b.wakingTarget.push_back(static_cast<int32_t>(kernelCpu(target)));
        b.wakingPrio.push_back(task.prio);
        b.wakingComm.push_back(intern(b, task.comm));
        b.wakingFlags.push_back(flags);
        ++b.count;
        ++m_events;
        if (b.count >= m_options.bundleEvents)
            flush(cpu);
        return;
    }
    const Marks marks = beginEvent(b, t, commonPid, pf::event::kSchedWaking, flags);
    b.events.bytes(wk::kComm, task.comm);
    b.events.int64(wk::kPid, task.pid);
    b.events.int64(wk::kPrio, task.prio);
    b.events.int64(wk::kSuccess, 1);
    b.events.int64(wk::kTargetCpu, kernelCpu(target));
    endEvent(b, marks, cpu);
}

void PerfettoProtoWriter::wakeup(const WakeupRecord& w) {
    if (m_finished || !w.task.valid() || !takes(w.wakerCpu) || !takes(w.targetCpu))
        return;
    m_now = std::max(m_now, w.time);
    flushProcesses();
    bundle(w.wakerCpu);
    std::vector<MigrationRecord> after;
    if (auto& held = m_bundles[w.wakerCpu].held) {
        if (held->s.time == w.time && w.waker == held->s.prev)
            after.swap(held->migrations); // the exiting task wakes its parent: before its switch
        else
            release(w.wakerCpu);
    }
    const TaskInfo task = info(w.task, w.wakerCpu);
    Bundle& b = bundle(w.wakerCpu);
    const int32_t commonPid = w.waker.valid() ? info(w.waker, w.wakerCpu).pid : b.current.pid;
    if (w.source != WakeSource::Fork) {
        writeWaking(w.wakerCpu, w.time, commonPid, task, w.targetCpu, w.source);
        for (const MigrationRecord& m : after)
            writeMigration(m);
        return;
    }
    if (w.waker.valid()) {
        namespace fk = pf::sched_fork;
        const TaskInfo parent = info(w.waker, w.wakerCpu);
        const Marks marks = beginEvent(b, w.time, parent.pid, pf::event::kSchedProcessFork);
        b.events.bytes(fk::kParentComm, parent.comm);
        b.events.int64(fk::kParentPid, parent.pid);
        b.events.bytes(fk::kChildComm, task.comm);
        b.events.int64(fk::kChildPid, task.pid);
        endEvent(b, marks, w.wakerCpu);
    }
    attachCgroup(w);
    namespace wk = pf::sched_wakeup;
    Bundle& nb = bundle(w.wakerCpu);
    const Marks marks = beginEvent(nb, w.time, commonPid, pf::event::kSchedWakeupNew);
    nb.events.bytes(wk::kComm, task.comm);
    nb.events.int64(wk::kPid, task.pid);
    nb.events.int64(wk::kPrio, task.prio);
    nb.events.int64(wk::kSuccess, 1);
    nb.events.int64(wk::kTargetCpu, kernelCpu(w.targetCpu));
    endEvent(nb, marks, w.wakerCpu);
    for (const MigrationRecord& m : after)
        writeMigration(m);
}

void PerfettoProtoWriter::attachCgroup(const WakeupRecord& w) {
    // A child stays in its parent's cgroup, which needs no event; a task placed elsewhere (a
    // scenario's task, started by nobody) is attached as writing cgroup.procs reports it.
    if (!m_options.cgroupPath)
        return;
    const CgroupId group = m_cgroups[w.task.value()];
    if (w.waker.valid() && m_cgroups.count(w.waker.value()) && m_cgroups[w.waker.value()] == group)
        return;
    const std::string path = m_options.cgroupPath(group);
    if (path.empty() || path == "/")
        return;
    namespace ca = pf::cgroup_attach;
    const TaskInfo task = info(w.task, w.wakerCpu);
    Bundle& b = bundle(w.wakerCpu);
    const int32_t commonPid = w.waker.valid() ? info(w.waker, w.wakerCpu).pid : b.current.pid;
    const Marks marks = beginEvent(b, w.time, commonPid, pf::event::kCgroupAttachTask);
    b.events.int64(ca::kDstRoot, 0);
    b.events.int64(ca::kPid, task.pid);
    b.events.bytes(ca::kComm, task.comm);
    b.events.int64(ca::kDstLevel, std::count(path.begin(), path.end(), '/'));
    b.events.bytes(ca::kDstPath, path);
    endEvent(b, marks, w.wakerCpu);
}

uint32_t PerfettoProtoWriter::migrationCpu(const MigrationRecord& m) const {
    // set_task_cpu runs where the move is decided: the puller for a balancing pass, the source
    // for a push (active balancing, RT push), the destination otherwise (the wakeup's CPU is
    // not in the record).
    const bool push = m.reason == MigrationReason::Active || m.reason == MigrationReason::RtPush;
    return push ? m.from : m.to;
}

void PerfettoProtoWriter::migration(const MigrationRecord& m) {
    if (m_finished || !takes(m.from) || !takes(m.to))
        return;
    m_now = std::max(m_now, m.time);
    flushProcesses();
    const uint32_t cpu = migrationCpu(m);
    bundle(cpu);
    if (auto& held = m_bundles[cpu].held) {
        if (held->s.time == m.time && m.reason == MigrationReason::Wakeup) {
            held->migrations.push_back(m);
            return;
        }
        release(cpu);
    }
    writeMigration(m);
}

void PerfettoProtoWriter::writeMigration(const MigrationRecord& m) {
    const uint32_t cpu = migrationCpu(m);
    const TaskInfo task = info(m.task, cpu);
    Bundle& b = bundle(cpu);
    namespace mg = pf::sched_migrate;
    const Marks marks = beginEvent(b, m.time, b.current.pid, pf::event::kSchedMigrateTask);
    b.events.bytes(mg::kComm, task.comm);
    b.events.int64(mg::kPid, task.pid);
    b.events.int64(mg::kPrio, task.prio);
    b.events.int64(mg::kOrigCpu, kernelCpu(m.from));
    b.events.int64(mg::kDestCpu, kernelCpu(m.to));
    endEvent(b, marks, cpu);
}

void PerfettoProtoWriter::lost(SimTime t, int32_t cpu) {
    if (m_finished || (cpu >= 0 && !takes(static_cast<uint32_t>(cpu))))
        return;
    m_now = std::max(m_now, t);
    // lost_events says the loss came before the bundle's events: what is buffered goes first.
    auto mark = [&](uint32_t c) {
        release(c);
        flush(c);
        m_bundles[c].lost = true;
    };
    if (cpu < 0) {
        for (uint32_t c = 0; c < m_bundles.size(); ++c)
            mark(c);
        return;
    }
    bundle(static_cast<uint32_t>(cpu));
    mark(static_cast<uint32_t>(cpu));
}

void PerfettoProtoWriter::marker(const Marker& m) {
    if (m_finished)
        return;
    if (m_markerTrack == 0)
        m_markerTrack = describeTrack("SchedScope markers", false, "");
    m_packet.clear();
    const size_t p = m_packet.beginNested(pf::trace::kPacket);
    m_packet.varint(pf::packet::kTimestamp, static_cast<uint64_t>(m.time.count()));
    m_packet.varint(pf::packet::kTrustedPacketSequenceId, kSequenceId);
    const size_t e = m_packet.beginNested(pf::packet::kTrackEvent);
    m_packet.varint(pf::track_event::kType, 3); // TYPE_INSTANT
    m_packet.varint(pf::track_event::kTrackUuid, m_markerTrack);
    m_packet.bytes(23, m.label); // TrackEvent.name
    m_packet.endNested(e);
    m_packet.endNested(p);
    writePacket(m_packet);
}

void PerfettoProtoWriter::writePacket(const proto::Writer& packet) {
    m_out.write(packet.data().data(), static_cast<std::streamsize>(packet.size()));
}

void PerfettoProtoWriter::writeSystemInfo() {
    m_packet.clear();
    const size_t p = m_packet.beginNested(pf::trace::kPacket);
    const size_t si = m_packet.beginNested(pf::packet::kSystemInfo);
    const size_t u = m_packet.beginNested(pf::system_info::kUtsname);
    m_packet.bytes(pf::system_info::utsname::kSysname, "Linux");
    if (!m_options.version.empty())
        m_packet.bytes(pf::system_info::utsname::kVersion, m_options.version);
    if (!m_options.kernelRelease.empty())
        m_packet.bytes(pf::system_info::utsname::kRelease, m_options.kernelRelease);
    m_packet.bytes(pf::system_info::utsname::kMachine, "schedscope");
    m_packet.endNested(u);
    m_packet.endNested(si);
    m_packet.endNested(p);
    writePacket(m_packet);
}

void PerfettoProtoWriter::flushProcesses() {
    // At most kTreeTasks tasks a packet, so that no packet nears the wire format's limits.
    constexpr size_t kTreeTasks = 1000;
    for (size_t first = 0; first < m_newTasks.size(); first += kTreeTasks)
        writeProcessTree(first, std::min(m_newTasks.size(), first + kTreeTasks));
    m_newTasks.clear();
}

void PerfettoProtoWriter::writeProcessTree(size_t first, size_t end) {
    m_packet.clear();
    const size_t p = m_packet.beginNested(pf::trace::kPacket);
    m_packet.varint(pf::packet::kTimestamp, static_cast<uint64_t>(m_now.count()));
    const size_t tree = m_packet.beginNested(pf::packet::kProcessTree);
    for (size_t i = first; i < end; ++i) {
        const TaskId id = m_newTasks[i];
        const TaskInfo& t = m_tasks[id.value()];
        const PerfettoTask who = m_options.task ? m_options.task(id) : PerfettoTask{t.pid, 0, 0};
        treeEntry(t.pid, who.ppid, t.comm);
    }
    m_packet.endNested(tree);
    m_packet.endNested(p);
    writePacket(m_packet);
}

void PerfettoProtoWriter::treeEntry(int32_t pid, int32_t ppid, const std::string& comm) {
    namespace pt = pf::process_tree;
    const size_t proc = m_packet.beginNested(pt::kProcesses);
    m_packet.int64(pt::process::kPid, pid);
    m_packet.int64(pt::process::kPpid, ppid);
    m_packet.bytes(pt::process::kCmdline, comm);
    m_packet.endNested(proc);
    const size_t th = m_packet.beginNested(pt::kThreads);
    m_packet.int64(pt::thread::kTid, pid);
    m_packet.bytes(pt::thread::kName, comm);
    m_packet.int64(pt::thread::kTgid, pid);
    m_packet.endNested(th);
}

void PerfettoProtoWriter::flush(uint32_t cpu) {
    Bundle& b = m_bundles[cpu];
    if (b.count == 0 && !b.lost)
        return;
    m_packet.clear();
    const size_t p = m_packet.beginNested(pf::trace::kPacket);
    const size_t fb = m_packet.beginNested(pf::packet::kFtraceEvents);
    m_packet.varint(pf::bundle::kCpu, kernelCpu(cpu));
    m_packet.data().append(b.events.data());
    if (b.lost)
        m_packet.varint(pf::bundle::kLostEvents, 1);
    if (!b.switchTime.empty() || !b.wakingTime.empty()) {
        namespace c = pf::compact;
        const size_t cs = m_packet.beginNested(pf::bundle::kCompactSched);
        for (const std::string& s : b.intern)
            m_packet.bytes(c::kInternTable, s);
        auto packed = [&](uint32_t field, auto const& values, bool delta) {
            if (values.empty())
                return;
            const size_t mark = m_packet.beginNested(field);
            uint64_t last = 0;
            for (auto v : values) {
                const auto raw = static_cast<uint64_t>(static_cast<int64_t>(v));
                m_packet.packedVarint(delta ? raw - last : raw);
                last = raw;
            }
            m_packet.endNested(mark);
        };
        packed(c::kSwitchTimestamp, b.switchTime, true);
        packed(c::kSwitchPrevState, b.switchPrevState, false);
        packed(c::kSwitchNextPid, b.switchNextPid, false);
        packed(c::kSwitchNextPrio, b.switchNextPrio, false);
        packed(c::kSwitchNextCommIndex, b.switchComm, false);
        packed(c::kWakingTimestamp, b.wakingTime, true);
        packed(c::kWakingPid, b.wakingPid, false);
        packed(c::kWakingTargetCpu, b.wakingTarget, false);
        packed(c::kWakingPrio, b.wakingPrio, false);
        packed(c::kWakingCommIndex, b.wakingComm, false);
        packed(c::kWakingCommonFlags, b.wakingFlags, false);
        m_packet.endNested(cs);
    }
    m_packet.endNested(fb);
    m_packet.endNested(p);
    writePacket(m_packet);
    // Start the next bundle empty; what the CPU runs and holds carries over.
    Bundle next;
    next.current = b.current;
    next.seeded = true;
    next.held = std::move(b.held);
    b = std::move(next);
}

uint64_t PerfettoProtoWriter::describeTrack(const std::string& name, bool counter, const std::string& unit) {
    const uint64_t uuid = m_nextUuid++;
    namespace td = pf::track_descriptor;
    m_packet.clear();
    const size_t p = m_packet.beginNested(pf::trace::kPacket);
    m_packet.varint(pf::packet::kTrustedPacketSequenceId, kSequenceId);
    if (uuid == 1)
        m_packet.varint(pf::packet::kSequenceFlags, pf::packet::kSeqIncrementalStateCleared);
    const size_t d = m_packet.beginNested(pf::packet::kTrackDescriptor);
    m_packet.varint(td::kUuid, uuid);
    m_packet.bytes(td::kName, name);
    if (counter) {
        const size_t c = m_packet.beginNested(td::kCounter);
        if (!unit.empty())
            m_packet.bytes(td::counter::kUnitName, unit);
        m_packet.endNested(c);
    }
    m_packet.endNested(d);
    m_packet.endNested(p);
    writePacket(m_packet);
    return uuid;
}

void PerfettoProtoWriter::counterValue(uint64_t uuid, SimTime t, double value) {
    namespace te = pf::track_event;
    m_packet.clear();
    const size_t p = m_packet.beginNested(pf::trace::kPacket);
    m_packet.varint(pf::packet::kTimestamp, static_cast<uint64_t>(t.count()));
    m_packet.varint(pf::packet::kTrustedPacketSequenceId, kSequenceId);
    const size_t e = m_packet.beginNested(pf::packet::kTrackEvent);
    m_packet.varint(te::kType, te::kTypeCounter);
    m_packet.varint(te::kTrackUuid, uuid);
    m_packet.doubleValue(te::kDoubleCounterValue, value);
    m_packet.endNested(e);
    m_packet.endNested(p);
    writePacket(m_packet);
}

void PerfettoProtoWriter::finish(const PerfettoCounters& counters) {
    if (m_finished)
        return;
    flushProcesses();
    for (uint32_t c = 0; c < m_bundles.size(); ++c)
        release(c);
    for (uint32_t c = 0; c < m_bundles.size(); ++c)
        flush(c);
    for (uint32_t c = 0; c < counters.nrRunning.size(); ++c) {
        if (counters.nrRunning[c].empty())
            continue;
        const uint64_t uuid = describeTrack("cpu" + std::to_string(kernelCpu(c)) + " nr_running", true, "");
        for (const CounterStep& s : counters.nrRunning[c])
            counterValue(uuid, s.time, s.value);
    }
    for (const CounterTrack& t : counters.model) {
        if (t.points.empty())
            continue;
        std::string owner;
        const auto task = t.owner == CounterOwner::Task ? m_tasks.find(t.id) : m_tasks.end();
        if (t.owner == CounterOwner::Cpu)
            owner = "cpu" + std::to_string(kernelCpu(t.id));
        else if (task != m_tasks.end()) // by the pid written, also once the task is gone
            owner = task->second.comm + "[" + std::to_string(task->second.pid) + "]";
        else if (counters.ownerName)
            owner = counters.ownerName(t);
        else
            owner = (t.owner == CounterOwner::Task ? "task " : "cgroup ") + std::to_string(t.id);
        const uint64_t uuid = describeTrack(owner + " " + t.name, true, t.unit);
        for (const CounterTrack::Point& pt : t.points)
            counterValue(uuid, pt.time, pt.value);
    }
    m_finished = true;
}

// ------------------------------------------------------------------ a recording's own events ---

void PerfettoProtoWriter::recorded(const TraceEvent& ev, const StringTable& strings) {
    if (m_finished)
        return;
    if (ev.type == TraceEventType::Lost) {
        lost(SimTime::ns(ev.time), ev.cpu);
        return;
    }
    if (ev.cpu < 0 || !takes(static_cast<uint32_t>(ev.cpu)))
        return;
    const auto cpu = static_cast<uint32_t>(ev.cpu);
    m_now = std::max(m_now, SimTime::ns(ev.time));
    bundle(cpu);
    if (ev.pid > 0 && ev.current != 0)
        nameThread(ev.pid, strings.at(ev.current));
    keepInstantOrder(cpu, ev.time);
    switch (ev.type) {
    case TraceEventType::Switch:
    case TraceEventType::Waking:
    case TraceEventType::Wakeup:
    case TraceEventType::WakeupNew:
    case TraceEventType::Migrate:
        writeRecordedSched(cpu, ev, strings);
        break;
    default:
        writeRecordedTask(cpu, ev, strings);
        break;
    }
}

void PerfettoProtoWriter::keepInstantOrder(uint32_t cpu, int64_t t) {
    // A reader sorts the events of all CPUs by time and keeps the file's order within a
    // nanosecond: the events of this instant already buffered for other CPUs are written
    // first. (Those of this CPU before them went out when they came.)
    if (t != m_instant) {
        m_instant = t;
        m_instantCpus.clear();
    }
    bool listed = false;
    for (uint32_t other : m_instantCpus) {
        listed |= other == cpu;
        if (other != cpu && m_bundles[other].count > 0)
            flush(other);
    }
    if (!listed)
        m_instantCpus.push_back(cpu);
}

void PerfettoProtoWriter::nameThread(int32_t pid, const std::string& comm) {
    // FtraceEvent has no common_comm: the process tree names the task that recorded an event.
    auto [it, added] = m_threadNames.try_emplace(pid, comm);
    if (!added) {
        if (it->second == comm)
            return;
        it->second = comm;
        // A reader names events by the tree as it is when their bundle comes: those recorded
        // under the old name go out before the new one.
        for (uint32_t c = 0; c < m_bundles.size(); ++c)
            if (m_bundles[c].count > 0)
                flush(c);
    }
    m_packet.clear();
    const size_t p = m_packet.beginNested(pf::trace::kPacket);
    m_packet.varint(pf::packet::kTimestamp, static_cast<uint64_t>(m_now.count()));
    const size_t tree = m_packet.beginNested(pf::packet::kProcessTree);
    treeEntry(pid, 0, comm);
    m_packet.endNested(tree);
    m_packet.endNested(p);
    writePacket(m_packet);
}

int64_t PerfettoProtoWriter::recordedPrevState(char letter, bool preempt) const {
    // The letter's bit in the layout of the release written (base/perfettofields.h); a letter
    // neither layout has (a vendor kernel's) is asleep for the importer, as S is.
    const std::string_view letters = m_layout.modern ? "SDTtXZPI" : "SDTtXZXKWPN";
    int64_t bits = 0;
    if (letter != 'R') {
        const size_t bit = letters.find(letter);
        bits = bit == std::string_view::npos ? pf::prev_state::kInterruptible : int64_t(1) << bit;
    }
    return preempt ? bits | m_layout.preempted : bits;
}

void PerfettoProtoWriter::writeRecordedSched(uint32_t cpu, const TraceEvent& ev, const StringTable& strings) {
    Bundle& b = bundle(cpu);
    const SimTime t = SimTime::ns(ev.time);
    const uint32_t flags = ev.irq ? 0x08 : 0; // hard interrupt context: how the reader reads it
    if (ev.type == TraceEventType::Switch) {
        namespace sw = pf::sched_switch;
        const Marks marks = beginEvent(b, t, ev.pid, pf::event::kSchedSwitch, flags);
        b.events.bytes(sw::kPrevComm, strings.at(ev.name));
        b.events.int64(sw::kPrevPid, ev.a);
        if (auto it = m_prios.find(ev.a); it != m_prios.end())
            b.events.int64(sw::kPrevPrio, it->second);
        b.events.int64(sw::kPrevState, recordedPrevState(ev.state, ev.preempt));
        b.events.bytes(sw::kNextComm, strings.at(ev.name2));
        b.events.int64(sw::kNextPid, ev.b);
        if (ev.prio >= 0) {
            b.events.int64(sw::kNextPrio, ev.prio);
            m_prios[ev.b] = ev.prio;
        }
        endEvent(b, marks, cpu);
        return;
    }
    if (ev.type == TraceEventType::Migrate) {
        namespace mg = pf::sched_migrate;
        const Marks marks = beginEvent(b, t, ev.pid, pf::event::kSchedMigrateTask, flags);
        b.events.bytes(mg::kComm, strings.at(ev.name));
        b.events.int64(mg::kPid, ev.a);
        if (ev.prio >= 0)
            b.events.int64(mg::kPrio, ev.prio);
        b.events.int64(mg::kOrigCpu, ev.b);
        b.events.int64(mg::kDestCpu, ev.c);
        endEvent(b, marks, cpu);
        return;
    }
    namespace wk = pf::sched_wakeup;
    const uint32_t kind = ev.type == TraceEventType::Waking   ? pf::event::kSchedWaking
                          : ev.type == TraceEventType::Wakeup ? pf::event::kSchedWakeup
                                                              : pf::event::kSchedWakeupNew;
    const Marks marks = beginEvent(b, t, ev.pid, kind, flags);
    b.events.bytes(wk::kComm, strings.at(ev.name));
    b.events.int64(wk::kPid, ev.a);
    if (ev.prio >= 0) {
        b.events.int64(wk::kPrio, ev.prio);
        m_prios[ev.a] = ev.prio;
    }
    b.events.int64(wk::kSuccess, 1);
    if (ev.c >= 0)
        b.events.int64(wk::kTargetCpu, ev.c);
    endEvent(b, marks, cpu);
}

void PerfettoProtoWriter::writeRecordedTask(uint32_t cpu, const TraceEvent& ev, const StringTable& strings) {
    Bundle& b = bundle(cpu);
    const SimTime t = SimTime::ns(ev.time);
    const uint32_t flags = ev.irq ? 0x08 : 0;
    const std::string& name = strings.at(ev.name);
    Marks marks;
    switch (ev.type) {
    case TraceEventType::Fork: {
        namespace fk = pf::sched_fork;
        marks = beginEvent(b, t, ev.pid, pf::event::kSchedProcessFork, flags);
        if (auto it = m_threadNames.find(ev.a); it != m_threadNames.end())
            b.events.bytes(fk::kParentComm, it->second);
        b.events.int64(fk::kParentPid, ev.a);
        b.events.bytes(fk::kChildComm, name);
        b.events.int64(fk::kChildPid, ev.b);
        break;
    }
    case TraceEventType::Exit:
        marks = beginEvent(b, t, ev.pid, pf::event::kSchedProcessExit, flags);
        b.events.bytes(pf::sched_exit::kComm, name);
        b.events.int64(pf::sched_exit::kPid, ev.a);
        if (ev.prio >= 0)
            b.events.int64(pf::sched_exit::kPrio, ev.prio);
        break;
    case TraceEventType::Exec:
        // The import keeps the comm exec gives (the file's base name, cut to 15 bytes), which
        // reads back as itself.
        marks = beginEvent(b, t, ev.pid, pf::event::kSchedProcessExec, flags);
        b.events.bytes(pf::sched_exec::kFilename, name);
        b.events.int64(pf::sched_exec::kPid, ev.a);
        if (ev.b >= 0)
            b.events.int64(pf::sched_exec::kOldPid, ev.b);
        break;
    case TraceEventType::CgroupAttach: {
        namespace ca = pf::cgroup_attach;
        const std::string& path = strings.at(ev.name2);
        marks = beginEvent(b, t, ev.pid, pf::event::kCgroupAttachTask, flags);
        if (ev.c >= 0)
            b.events.int64(ca::kDstRoot, ev.c);
        b.events.int64(ca::kPid, ev.a);
        b.events.bytes(ca::kComm, name);
        b.events.int64(ca::kDstLevel, std::count(path.begin(), path.end(), '/'));
        b.events.bytes(ca::kDstPath, path);
        break;
    }
    default: {
        // Perfetto has no message for sched_stat_runtime (perf sched record's) or for the
        // events the import does not read: GenericFtraceEvent, by name, with the fields the
        // import kept (none for the others: they are written to keep their time and count).
        namespace gn = pf::generic;
        const bool runtime = ev.type == TraceEventType::Runtime;
        marks = beginEvent(b, t, ev.pid, pf::event::kGeneric, flags);
        b.events.bytes(gn::kEventName, runtime ? std::string_view("sched_stat_runtime") : name);
        if (runtime) {
            size_t f = b.events.beginNested(gn::kField);
            b.events.bytes(gn::field::kName, "comm");
            b.events.bytes(gn::field::kStrValue, name);
            b.events.endNested(f);
            f = b.events.beginNested(gn::kField);
            b.events.bytes(gn::field::kName, "pid");
            b.events.int64(gn::field::kIntValue, ev.a);
            b.events.endNested(f);
        }
        break;
    }
    }
    endEvent(b, marks, cpu);
}

namespace {

int32_t pidOf(const Task& t) {
    return t.pid >= 0 ? t.pid : static_cast<int32_t>(t.id.value() + 1);
}

} // namespace

PerfettoProtoWriter::Options perfettoOptionsOf(const Engine& engine) {
    PerfettoProtoWriter::Options o;
    o.kernelRelease = std::string(kernelModelInfo(engine.spec().kernel.model).release);
    o.version = "SchedScope simulation: " + engine.spec().name;
    o.cpuNumbers = engine.spec().topology.cpuNumbers;
    o.task = [&engine](TaskId id) {
        PerfettoTask who;
        who.pid = static_cast<int32_t>(id.value() + 1);
        if (const Task* t = engine.findTask(id)) {
            who.pid = pidOf(*t);
            who.nice = t->nice;
            if (const Task* parent = t->parent.valid() ? engine.findTask(t->parent) : nullptr)
                who.ppid = pidOf(*parent);
        }
        return who;
    };
    o.cgroupPath = [&engine](CgroupId id) {
        return id.valid() ? engine.cgroups().at(id).path : std::string();
    };
    return o;
}

PerfettoCounters perfettoCountersOf(const Engine& engine, std::vector<CounterTrack> model) {
    PerfettoCounters c;
    c.model = std::move(model);
    c.ownerName = [&engine](const CounterTrack& t) {
        if (t.owner == CounterOwner::Cgroup)
            return engine.cgroups().at(CgroupId(t.id)).path;
        const Task* task = engine.findTask(TaskId(t.id));
        return task ? task->name + "[" + std::to_string(pidOf(*task)) + "]" : "task " + std::to_string(t.id);
    };
    return c;
}

} // namespace core
