#include "import/perfettotrace.h"

#include "base/perfettofields.h"
#include "base/protowire.h"
#include "import/perfettotracks.h"

#include <algorithm>
#include <fstream>
#include <map>
#include <unordered_map>

namespace core {

namespace pf = perfetto;
using proto::Field;
using proto::Reader;
using proto::WireType;

namespace {

/// A packet bigger than this is not believed: Perfetto's own packets stay far below it.
constexpr uint64_t kMaxPacket = 256ull << 20;
/// Nor a bundle of more events than this (Perfetto's hold a page or a few of them).
constexpr size_t kMaxBundleEvents = 1u << 20;

/// Packet kinds a scheduler trace may carry that are not read, by field number (for warnings).
const char* packetKindName(uint32_t field) {
    switch (field) {
    case 3:
        return "trusted_uid";
    case 6:
        return "clock_snapshot";
    case 33:
        return "trace_config";
    case 35:
        return "trace_stats";
    case 36:
        return "trace_uuid";
    case 5:
        return "process_stats";
    case 9:
        return "inode_file_map";
    case 12:
        return "chrome_events";
    case 54:
        return "interned_data";
    default:
        return nullptr;
    }
}

using StateLayout = pf::PrevStateLayout;

char stateLetter(int64_t raw, const StateLayout& layout, bool& preempt) {
    preempt = (raw & layout.preempted) != 0;
    const int64_t bits = raw & (layout.preempted - 1);
    if (bits == 0)
        return 'R';
    static constexpr char kModern[] = {'S', 'D', 'T', 't', 'X', 'Z', 'P', 'I'};
    static constexpr char kOld[] = {'S', 'D', 'T', 't', 'X', 'Z', 'X', 'K', 'W', 'P', 'N', '?'};
    const auto lowest = static_cast<size_t>(__builtin_ctzll(static_cast<uint64_t>(bits)));
    if (layout.modern)
        return lowest < sizeof kModern ? kModern[lowest] : '?';
    return lowest < sizeof kOld ? kOld[lowest] : '?';
}

/// One event of a bundle with its place among events of the same time: per-event messages
/// first (an exit precedes the last switch), then wakings, then switches.
struct Pending {
    TraceEvent ev;
    int rank = 0;
    int64_t prevState = 0; ///< a compact switch's raw prev_state (its prev is filled in order)
    bool compactSwitch = false;
    bool compactWaking = false;
};

/// A CPU's last switch, which a compact switch's prev and a compact waking's waker come from.
struct CpuState {
    bool seen = false;
    int32_t pid = -1;
    int16_t prio = -1;
    uint32_t comm = 0;
    int64_t lastTime = -1; ///< the CPU's latest event so far
};

/// Compact arrays lose the order of events of the same nanosecond: an event recorded by the
/// task a compact switch brings in (its common_pid) comes after that switch (the last one of
/// the instant that brings it in). One pass per instant.
void orderAfterCompactSwitches(std::vector<Pending>& pending) {
    std::vector<Pending> group;
    std::unordered_map<int32_t, size_t> lastSwitchOf; // pid -> index in the instant
    std::unordered_map<size_t, std::vector<Pending>> after;
    for (size_t i = 0; i < pending.size();) {
        size_t j = i;
        bool compact = false;
        while (j < pending.size() && pending[j].ev.time == pending[i].ev.time)
            compact |= pending[j++].compactSwitch;
        if (!compact) {
            i = j;
            continue;
        }
        lastSwitchOf.clear();
        after.clear();
        for (size_t k = i; k < j; ++k)
            if (pending[k].compactSwitch && pending[k].ev.b > 0)
                lastSwitchOf[pending[k].ev.b] = k;
        group.clear();
        for (size_t k = i; k < j; ++k) {
            Pending& p = pending[k];
            auto it = p.rank == 0 ? lastSwitchOf.find(p.ev.pid) : lastSwitchOf.end();
            if (it != lastSwitchOf.end() && it->second > k) {
                after[it->second].push_back(std::move(p));
                continue;
            }
            group.push_back(std::move(p));
            if (auto a = after.find(k); a != after.end())
                for (Pending& q : a->second)
                    group.push_back(std::move(q));
        }
        std::move(group.begin(), group.end(), pending.begin() + static_cast<std::ptrdiff_t>(i));
        i = j;
    }
}

class PerfettoReader {
public:
    PerfettoReader(StringTable& strings, const std::function<void(const TraceEvent&)>& add)
        : m_strings(strings)
        , m_add(add) {}

    /// One packet's bytes, at file offset `at`. False on an error that ends the read.
    bool packet(std::string_view bytes, uint64_t at);
    void finish(PerfettoReadResult& r);
    std::string& error() { return m_error; }
    uint64_t sched() const { return m_sched; }

private:
    bool bundle(std::string_view bytes, uint64_t at);
    bool event(std::string_view bytes, uint64_t at, int32_t cpu, Pending& out);
    bool payload(uint32_t kind, std::string_view bytes, uint64_t at, TraceEvent& ev);
    bool generic(std::string_view bytes, uint64_t at, TraceEvent& ev);
    bool compact(std::string_view bytes, uint64_t at, int32_t cpu, std::vector<Pending>& out);
    void systemInfo(std::string_view bytes, uint64_t at);
    void processTree(std::string_view bytes, uint64_t at);
    void malformed(const std::string& what);
    void nameFromProcessTree(TraceEvent& ev) const;
    uint32_t text(std::string_view s) { return m_strings.intern(s); }

    StringTable& m_strings;
    const std::function<void(const TraceEvent&)>& m_add;
    std::string m_error;
    PerfettoTracks m_tracks;
    StateLayout m_layout;
    std::vector<CpuState> m_cpus;
    std::map<std::string, uint64_t> m_skippedPackets;
    std::unordered_map<int32_t, uint32_t> m_processNames;
    std::unordered_map<int32_t, uint32_t> m_threadNames; ///< the tree's thread names only
    std::unordered_map<int32_t, int64_t> m_forked;       ///< child pid -> time of its fork event
    uint64_t m_malformed = 0;
    std::vector<std::string> m_malformedNotes;
    std::vector<std::string> m_notes;
    uint64_t m_lostBundles = 0;
    uint64_t m_sched = 0;
    uint32_t m_record = 0;
};

void PerfettoReader::malformed(const std::string& what) {
    if (m_malformed++ < 3)
        m_malformedNotes.push_back(what);
}

bool PerfettoReader::packet(std::string_view bytes, uint64_t at) {
    Reader r(bytes, at);
    Field f;
    int64_t time = 0;
    std::string_view trackEvent;
    uint64_t trackEventAt = 0;
    while (r.next(f)) {
        switch (f.number) {
        case pf::packet::kFtraceEvents:
            if (f.type != WireType::Bytes) {
                malformed("offset " + std::to_string(at + f.offset) +
                          ": ftrace_events: expected a length-delimited message, found a " +
                          std::string(proto::wireTypeName(f.type)) + " value: that field skipped");
                break;
            }
            if (!bundle(f.bytes, r.offsetOf(f)))
                return false;
            break;
        case pf::packet::kSystemInfo:
            if (f.type == WireType::Bytes)
                systemInfo(f.bytes, r.offsetOf(f));
            break;
        case pf::packet::kProcessTree:
            if (f.type == WireType::Bytes)
                processTree(f.bytes, r.offsetOf(f));
            break;
        case pf::packet::kTrackDescriptor:
            if (f.type == WireType::Bytes)
                if (std::string e = m_tracks.descriptor(f.bytes, r.offsetOf(f)); !e.empty())
                    malformed(e);
            break;
        case pf::packet::kTrackEvent:
            // Read once the packet's timestamp is known (it may come after).
            if (f.type == WireType::Bytes) {
                trackEvent = f.bytes;
                trackEventAt = r.offsetOf(f);
            }
            break;
        case pf::packet::kTimestamp:
            if (f.type == WireType::Varint)
                time = static_cast<int64_t>(f.value);
            break;
        case pf::packet::kTrustedPacketSequenceId:
        case pf::packet::kSequenceFlags:
        case 58: // timestamp_clock_id
        case 41: // incremental_state_cleared
        case 42: // previous_packet_dropped
        case 87: // first_packet_on_sequence
            break;
        default: {
            const char* kind = packetKindName(f.number);
            ++m_skippedPackets[kind ? std::string(kind) : "field " + std::to_string(f.number)];
        }
        }
    }
    if (!r.error().empty())
        malformed(r.error() + " (in a packet: the rest of it skipped)");
    if (trackEventAt != 0)
        if (std::string e = m_tracks.event(trackEvent, trackEventAt, time); !e.empty())
            malformed(e);
    return true;
}

void PerfettoReader::systemInfo(std::string_view bytes, uint64_t at) {
    Reader r(bytes, at);
    Field f;
    std::string sysname, release;
    while (r.next(f))
        if (f.number == pf::system_info::kUtsname && f.type == WireType::Bytes) {
            Reader u(f.bytes, r.offsetOf(f));
            Field g;
            while (u.next(g)) {
                if (g.type != WireType::Bytes)
                    continue;
                if (g.number == pf::system_info::utsname::kSysname)
                    sysname = g.bytes;
                else if (g.number == pf::system_info::utsname::kRelease)
                    release = g.bytes;
            }
        }
    if (sysname != "Linux" || release.empty())
        return;
    bool ok = false;
    const StateLayout layout = pf::prevStateLayoutOf(release, ok);
    if (!ok) {
        m_notes.push_back("offset " + std::to_string(at) + ": the kernel release \"" + release +
                          "\" is not MAJOR.MINOR: prev_state decoded as 4.4 encodes it");
        return;
    }
    m_layout = layout;
}

void PerfettoReader::processTree(std::string_view bytes, uint64_t at) {
    Reader r(bytes, at);
    Field f;
    while (r.next(f)) {
        if (f.type != WireType::Bytes)
            continue;
        const bool process = f.number == pf::process_tree::kProcesses;
        const bool thread = f.number == pf::process_tree::kThreads;
        if (!process && !thread)
            continue;
        Reader p(f.bytes, r.offsetOf(f));
        Field g;
        int32_t pid = -1;
        std::string_view name;
        bool haveName = false;
        while (p.next(g)) {
            if (g.number == 1 && g.type == WireType::Varint)
                pid = static_cast<int32_t>(g.value);
            else if (g.type == WireType::Bytes && !haveName &&
                     g.number ==
                         (process ? pf::process_tree::process::kCmdline : pf::process_tree::thread::kName)) {
                name = g.bytes;
                haveName = true;
            }
        }
        // A thread's own name wins over its process's command line.
        if (pid > 0 && haveName && (thread || !m_processNames.count(pid)))
            m_processNames[pid] = text(name.substr(0, name.find('\0')));
        if (pid > 0 && haveName && thread)
            m_threadNames[pid] = m_processNames[pid];
    }
}

namespace {

/// What a field of an event's payload fills in a TraceEvent (traceevent.h says which of a, b, c
/// means what for each type).
enum class Role : uint8_t { None, Name, Name2, A, B, C, Prio, State };

Role roleOf(uint32_t kind, uint32_t field) {
    using R = Role;
    switch (kind) {
    case pf::event::kSchedSwitch: {
        static constexpr R roles[] = {R::None, R::Name, R::A, R::None, R::State, R::Name2, R::B, R::Prio};
        return field < std::size(roles) ? roles[field] : R::None;
    }
    case pf::event::kSchedWaking:
    case pf::event::kSchedWakeup:
    case pf::event::kSchedWakeupNew: {
        static constexpr R roles[] = {R::None, R::Name, R::A, R::Prio, R::None, R::C};
        return field < std::size(roles) ? roles[field] : R::None;
    }
    case pf::event::kSchedMigrateTask: {
        static constexpr R roles[] = {R::None, R::Name, R::A, R::Prio, R::B, R::C};
        return field < std::size(roles) ? roles[field] : R::None;
    }
    case pf::event::kSchedProcessExit: {
        static constexpr R roles[] = {R::None, R::Name, R::A, R::None, R::Prio};
        return field < std::size(roles) ? roles[field] : R::None;
    }
    case pf::event::kSchedProcessFork: {
        static constexpr R roles[] = {R::None, R::None, R::A, R::Name, R::B};
        return field < std::size(roles) ? roles[field] : R::None;
    }
    case pf::event::kTaskNewtask:
        return field == pf::task_newtask::kPid ? R::A : field == pf::task_newtask::kComm ? R::Name : R::None;
    case pf::event::kTaskRename:
        return field == pf::task_rename::kPid ? R::A : field == pf::task_rename::kNewComm ? R::Name : R::None;
    case pf::event::kSchedProcessExec: {
        static constexpr R roles[] = {R::None, R::Name, R::A, R::B};
        return field < std::size(roles) ? roles[field] : R::None;
    }
    case pf::event::kCgroupAttachTask:
        return field == pf::cgroup_attach::kPid       ? R::A
               : field == pf::cgroup_attach::kComm    ? R::Name
               : field == pf::cgroup_attach::kDstPath ? R::Name2
                                                      : R::None;
    default:
        return R::None;
    }
}

TraceEventType typeOf(uint32_t kind) {
    switch (kind) {
    case pf::event::kSchedSwitch:
        return TraceEventType::Switch;
    case pf::event::kSchedWaking:
        return TraceEventType::Waking;
    case pf::event::kSchedWakeup:
        return TraceEventType::Wakeup;
    case pf::event::kSchedWakeupNew:
        return TraceEventType::WakeupNew;
    case pf::event::kSchedMigrateTask:
        return TraceEventType::Migrate;
    case pf::event::kSchedProcessExit:
        return TraceEventType::Exit;
    case pf::event::kSchedProcessFork:
    case pf::event::kTaskNewtask:
        return TraceEventType::Fork;
    case pf::event::kTaskRename:
    case pf::event::kSchedProcessExec:
        return TraceEventType::Exec;
    case pf::event::kCgroupAttachTask:
        return TraceEventType::CgroupAttach;
    default:
        return TraceEventType::Unknown;
    }
}

} // namespace

bool PerfettoReader::payload(uint32_t kind, std::string_view bytes, uint64_t at, TraceEvent& ev) {
    Reader r(bytes, at);
    Field f;
    std::string_view name, name2;
    int64_t prevState = 0;
    while (r.next(f)) {
        const Role role = roleOf(kind, f.number);
        if (role == Role::None)
            continue;
        const bool text = role == Role::Name || role == Role::Name2;
        if (text != (f.type == WireType::Bytes) || (!text && f.type != WireType::Varint)) {
            malformed("offset " + std::to_string(at + f.offset) + ": field " + std::to_string(f.number) +
                      ": expected " + (text ? "a string" : "a varint") + ", found a " +
                      std::string(proto::wireTypeName(f.type)) + " value: event skipped");
            return false;
        }
        const auto v = static_cast<int32_t>(static_cast<int64_t>(f.value));
        switch (role) {
        case Role::Name:
            name = f.bytes;
            break;
        case Role::Name2:
            name2 = f.bytes;
            break;
        case Role::A:
            ev.a = v;
            break;
        case Role::B:
            ev.b = v;
            break;
        case Role::C:
            ev.c = v;
            break;
        case Role::Prio:
            ev.prio = static_cast<int16_t>(v);
            break;
        case Role::State:
            prevState = static_cast<int64_t>(f.value);
            break;
        case Role::None:
            break;
        }
    }
    if (!r.error().empty()) {
        malformed(r.error() + ": event skipped");
        return false;
    }
    if (kind == pf::event::kSchedProcessExec) {
        // The comm after exec is the file's base name, cut to TASK_COMM_LEN - 1.
        if (const size_t slash = name.rfind('/'); slash != std::string_view::npos)
            name = name.substr(slash + 1);
        name = name.substr(0, 15);
    }
    ev.name = text(name);
    ev.name2 = text(name2);
    ev.type = typeOf(kind);
    if (ev.type == TraceEventType::Switch) {
        bool preempt = false;
        ev.state = stateLetter(prevState, m_layout, preempt);
        ev.preempt = preempt;
    } else if (kind == pf::event::kTaskNewtask) {
        // The new task's pid and comm; its parent is the task that recorded it.
        ev.b = ev.a;
        ev.a = ev.pid;
    } else if (kind == pf::event::kTaskRename) {
        ev.b = ev.a;
    }
    return true;
}

bool PerfettoReader::generic(std::string_view bytes, uint64_t at, TraceEvent& ev) {
    // An event Perfetto has no message of its own for, by name with its fields by name:
    // sched_stat_runtime is read (perf sched record records it; perf sched latency counts a
    // task first seen in one as waiting), the others are counted by their name.
    namespace gn = pf::generic;
    Reader r(bytes, at);
    Field f;
    std::string_view event, comm;
    int64_t pid = 0;
    bool havePid = false;
    while (r.next(f)) {
        if (f.type != WireType::Bytes)
            continue;
        if (f.number == gn::kEventName) {
            event = f.bytes;
            continue;
        }
        if (f.number != gn::kField)
            continue;
        Reader g(f.bytes, r.offsetOf(f));
        Field h;
        std::string_view name;
        Field value;
        bool valued = false;
        while (g.next(h)) {
            if (h.number == gn::field::kName && h.type == WireType::Bytes) {
                name = h.bytes;
            } else if (h.number >= gn::field::kStrValue && h.number <= gn::field::kUintValue) {
                value = h;
                valued = true;
            }
        }
        if (!g.error().empty()) {
            malformed(g.error() + ": event skipped");
            return false;
        }
        if (valued && name == "pid" && value.type == WireType::Varint) {
            pid = static_cast<int64_t>(value.value);
            havePid = true;
        } else if (valued && name == "comm" && value.type == WireType::Bytes) {
            comm = value.bytes;
        }
    }
    if (!r.error().empty()) {
        malformed(r.error() + ": event skipped");
        return false;
    }
    if (event != "sched_stat_runtime") {
        ev.type = TraceEventType::Unknown;
        ev.name = text(event.empty() ? std::string_view("ftrace event 327 (generic, unnamed)") : event);
        return true;
    }
    if (!havePid) {
        malformed("offset " + std::to_string(at) +
                  ": sched_stat_runtime: expected a field \"pid\" with a number: event skipped");
        return false;
    }
    ev.type = TraceEventType::Runtime;
    ev.a = static_cast<int32_t>(pid);
    ev.name = text(comm);
    return true;
}

bool PerfettoReader::event(std::string_view bytes, uint64_t at, int32_t cpu, Pending& out) {
    Reader r(bytes, at);
    Field f;
    TraceEvent& ev = out.ev;
    ev.cpu = cpu;
    ev.line = ++m_record;
    uint32_t kind = 0;
    std::string_view body;
    uint64_t bodyAt = 0;
    bool haveTime = false;
    while (r.next(f)) {
        if (f.number == pf::event::kTimestamp && f.type == WireType::Varint) {
            ev.time = static_cast<int64_t>(f.value);
            haveTime = true;
        } else if (f.number == pf::event::kPid && f.type == WireType::Varint) {
            ev.pid = static_cast<int32_t>(f.value);
        } else if (f.number == pf::event::kCommonFlags && f.type == WireType::Varint) {
            ev.irq = (f.value & (0x08 | 0x10 | 0x40)) != 0; // hardirq, softirq, NMI
        } else if (f.number >= 3 && f.type == WireType::Bytes && f.number != pf::event::kCommonFlags) {
            kind = f.number;
            body = f.bytes;
            bodyAt = r.offsetOf(f);
        }
    }
    if (!r.error().empty()) {
        malformed(r.error() + ": event skipped");
        return false;
    }
    if (!haveTime) {
        malformed("offset " + std::to_string(at) + ": an ftrace event without a timestamp: skipped");
        return false;
    }
    switch (kind) {
    case pf::event::kSchedSwitch:
    case pf::event::kSchedWaking:
    case pf::event::kSchedWakeup:
    case pf::event::kSchedWakeupNew:
    case pf::event::kSchedMigrateTask:
    case pf::event::kSchedProcessExit:
    case pf::event::kSchedProcessFork:
    case pf::event::kTaskNewtask:
    case pf::event::kTaskRename:
    case pf::event::kSchedProcessExec:
    case pf::event::kCgroupAttachTask:
        return payload(kind, body, bodyAt, ev);
    case pf::event::kGeneric:
        return generic(body, bodyAt, ev);
    default:
        // Counted by name, as every other event kind, by the importer.
        ev.type = TraceEventType::Unknown;
        ev.name = text("ftrace event " + std::to_string(kind));
        return true;
    }
}

bool PerfettoReader::compact(std::string_view bytes, uint64_t at, int32_t cpu, std::vector<Pending>& out) {
    namespace c = pf::compact;
    Reader r(bytes, at);
    Field f;
    std::vector<uint32_t> intern;
    std::map<uint32_t, std::vector<uint64_t>> arrays;
    while (r.next(f)) {
        if (f.number == c::kInternTable) {
            if (f.type == WireType::Bytes)
                intern.push_back(text(f.bytes));
            continue;
        }
        if (f.number < c::kSwitchTimestamp || f.number > c::kWakingCommonFlags)
            continue;
        std::vector<uint64_t>& values = arrays[f.number];
        if (f.type == WireType::Varint) { // an unpacked repeated field is valid protobuf too
            values.push_back(f.value);
            continue;
        }
        if (f.type != WireType::Bytes) {
            malformed("offset " + std::to_string(at + f.offset) + ": compact_sched field " +
                      std::to_string(f.number) + ": expected packed varints, found a " +
                      std::string(proto::wireTypeName(f.type)) +
                      " value: the bundle's compact events skipped");
            return true;
        }
        proto::PackedVarints p(f.bytes);
        uint64_t v;
        while (p.next(v))
            values.push_back(v);
        if (p.malformed()) {
            malformed("offset " + std::to_string(r.offsetOf(f)) + ": compact_sched field " +
                      std::to_string(f.number) + ": a varint cut short: the bundle's compact events skipped");
            return true;
        }
    }
    if (!r.error().empty()) {
        malformed(r.error() + ": the bundle's compact events skipped");
        return true;
    }
    auto group = [&](std::initializer_list<uint32_t> fields, const char* what) -> size_t {
        const size_t n = arrays[*fields.begin()].size();
        for (uint32_t field : fields)
            if (arrays[field].size() != n) {
                malformed("offset " + std::to_string(at) + ": compact_sched " + what +
                          ": expected arrays of " + std::to_string(n) + " entries, found field " +
                          std::to_string(field) + " with " + std::to_string(arrays[field].size()) +
                          ": skipped");
                return 0;
            }
        return n;
    };
    auto comm = [&](uint64_t index, bool& ok) -> uint32_t {
        if (index < intern.size())
            return intern[index];
        ok = false;
        return 0;
    };
    const size_t switches = group({c::kSwitchTimestamp, c::kSwitchPrevState, c::kSwitchNextPid,
                                   c::kSwitchNextPrio, c::kSwitchNextCommIndex},
                                  "switches");
    uint64_t t = 0;
    for (size_t i = 0; i < switches; ++i) {
        Pending p;
        t += arrays[c::kSwitchTimestamp][i];
        p.ev.time = static_cast<int64_t>(t);
        p.ev.cpu = cpu;
        p.ev.line = ++m_record;
        p.ev.type = TraceEventType::Switch;
        p.ev.b = static_cast<int32_t>(arrays[c::kSwitchNextPid][i]);
        p.ev.prio = static_cast<int16_t>(static_cast<int64_t>(arrays[c::kSwitchNextPrio][i]));
        bool ok = true;
        p.ev.name2 = comm(arrays[c::kSwitchNextCommIndex][i], ok);
        if (!ok) {
            malformed("offset " + std::to_string(at) + ": compact_sched switch " + std::to_string(i) +
                      ": expected a comm index below " + std::to_string(intern.size()) + ": skipped");
            continue;
        }
        p.prevState = static_cast<int64_t>(arrays[c::kSwitchPrevState][i]);
        p.compactSwitch = true;
        p.rank = 2;
        out.push_back(p);
    }
    const size_t wakings =
        group({c::kWakingTimestamp, c::kWakingPid, c::kWakingTargetCpu, c::kWakingPrio, c::kWakingCommIndex},
              "wakings");
    const std::vector<uint64_t>& flags = arrays[c::kWakingCommonFlags];
    t = 0;
    for (size_t i = 0; i < wakings; ++i) {
        Pending p;
        t += arrays[c::kWakingTimestamp][i];
        p.ev.time = static_cast<int64_t>(t);
        p.ev.cpu = cpu;
        p.ev.line = ++m_record;
        p.ev.type = TraceEventType::Waking;
        p.ev.a = static_cast<int32_t>(arrays[c::kWakingPid][i]);
        p.ev.c = static_cast<int32_t>(arrays[c::kWakingTargetCpu][i]);
        p.ev.prio = static_cast<int16_t>(static_cast<int64_t>(arrays[c::kWakingPrio][i]));
        p.ev.irq = i < flags.size() && (flags[i] & (0x08 | 0x10 | 0x40)) != 0;
        bool ok = true;
        p.ev.name = comm(arrays[c::kWakingCommIndex][i], ok);
        if (!ok) {
            malformed("offset " + std::to_string(at) + ": compact_sched waking " + std::to_string(i) +
                      ": expected a comm index below " + std::to_string(intern.size()) + ": skipped");
            continue;
        }
        p.compactWaking = true;
        p.rank = 1;
        out.push_back(p);
    }
    return true;
}

bool PerfettoReader::bundle(std::string_view bytes, uint64_t at) {
    Reader r(bytes, at);
    Field f;
    uint64_t cpu = 0; // optional: a bundle without one is CPU 0's (proto2's default)
    bool lost = false;
    std::vector<std::pair<std::string_view, uint64_t>> events, compacts;
    while (r.next(f)) {
        if (f.number == pf::bundle::kCpu && f.type == WireType::Varint)
            cpu = f.value;
        else if (f.number == pf::bundle::kEvent && f.type == WireType::Bytes)
            events.emplace_back(f.bytes, r.offsetOf(f));
        else if (f.number == pf::bundle::kCompactSched && f.type == WireType::Bytes)
            compacts.emplace_back(f.bytes, r.offsetOf(f));
        else if (f.number == pf::bundle::kLostEvents && f.type == WireType::Varint)
            lost = f.value != 0;
    }
    if (!r.error().empty())
        malformed(r.error() + " (in an ftrace bundle: the rest of it skipped)");
    if (events.size() > kMaxBundleEvents) {
        malformed("offset " + std::to_string(at) + ": an ftrace bundle of " + std::to_string(events.size()) +
                  " events (expected at most " + std::to_string(kMaxBundleEvents) + "): skipped");
        return true;
    }
    if (cpu > 65535) {
        malformed("offset " + std::to_string(at) + ": an ftrace bundle of CPU " + std::to_string(cpu) +
                  " (expected a CPU number from 0 to 65535): skipped");
        return true;
    }
    const auto c = static_cast<int32_t>(cpu);
    std::vector<Pending> pending;
    pending.reserve(events.size());
    for (const auto& [b, off] : events) {
        Pending p;
        if (event(b, off, c, p)) {
            p.rank = 0; // per-event messages keep the order the tracer wrote them in
            pending.push_back(p);
        }
    }
    for (const auto& [b, off] : compacts)
        compact(b, off, c, pending);
    if (pending.size() > kMaxBundleEvents) {
        malformed("offset " + std::to_string(at) + ": an ftrace bundle of " + std::to_string(pending.size()) +
                  " compact events (expected at most " + std::to_string(kMaxBundleEvents) + "): skipped");
        return true;
    }
    std::stable_sort(pending.begin(), pending.end(), [](const Pending& x, const Pending& y) {
        return x.ev.time != y.ev.time ? x.ev.time < y.ev.time : x.rank < y.rank;
    });
    if (!compacts.empty())
        orderAfterCompactSwitches(pending);
    if (static_cast<size_t>(c) >= m_cpus.size())
        m_cpus.resize(static_cast<size_t>(c) + 1);
    CpuState& state = m_cpus[static_cast<size_t>(c)];
    if (lost) {
        // Lost after the CPU's last event before this bundle (or, without one, before this
        // bundle's first); a bundle says that events were lost, not how many.
        ++m_lostBundles;
        TraceEvent ev;
        ev.type = TraceEventType::Lost;
        ev.cpu = c;
        ev.time = state.lastTime >= 0 ? state.lastTime : pending.empty() ? -1 : pending.front().ev.time;
        ev.line = ++m_record;
        if (ev.time >= 0)
            m_add(ev);
    }
    for (Pending& p : pending) {
        TraceEvent& ev = p.ev;
        if (p.compactSwitch) {
            if (!state.seen) {
                // The first compact switch on a CPU only says who runs there from now on.
                state.seen = true;
                state.pid = ev.b;
                state.prio = ev.prio;
                state.comm = ev.name2;
                continue;
            }
            ev.a = state.pid;
            ev.name = state.comm;
            ev.pid = state.pid;
            bool preempt = false;
            ev.state = stateLetter(p.prevState, m_layout, preempt);
            ev.preempt = preempt;
        } else if (p.compactWaking) {
            ev.pid = state.seen ? state.pid : -1;
        }
        if (ev.type == TraceEventType::Switch) {
            state.seen = true;
            state.pid = ev.b;
            state.prio = ev.prio;
            state.comm = ev.name2;
        }
        if (ev.type == TraceEventType::Fork) {
            // task_newtask and sched_process_fork both report a fork: take it once.
            auto [it, added] = m_forked.emplace(ev.b, ev.time);
            if (!added && it->second == ev.time)
                continue;
            it->second = ev.time;
        }
        if (ev.type != TraceEventType::Unknown && ev.type != TraceEventType::Lost) {
            ++m_sched;
            nameFromProcessTree(ev);
        }
        // FtraceEvent has no common_comm: the tree's name of the thread that recorded it is.
        if (ev.pid > 0 && ev.current == 0)
            if (auto it = m_threadNames.find(ev.pid); it != m_threadNames.end())
                ev.current = it->second;
        state.lastTime = std::max(state.lastTime, ev.time);
        m_add(ev);
    }
    return true;
}

void PerfettoReader::nameFromProcessTree(TraceEvent& ev) const {
    // An event that names no task (an empty comm) takes the process tree's name for its pid.
    auto lookup = [&](int32_t pid, uint32_t& name) {
        if (name != 0 || pid <= 0)
            return;
        if (auto it = m_processNames.find(pid); it != m_processNames.end())
            name = it->second;
    };
    lookup(ev.a, ev.name);
    if (ev.type == TraceEventType::Switch)
        lookup(ev.b, ev.name2);
}

void PerfettoReader::finish(PerfettoReadResult& r) {
    r.lostBundles = m_lostBundles;
    r.counters = m_tracks.finish(m_skippedPackets, m_notes);
    if (m_lostBundles > 0)
        r.warnings.push_back(
            std::to_string(m_lostBundles) +
            " ftrace bundles say the tracer lost events before them: what tasks did there is "
            "unknown until their next event");
    if (!m_skippedPackets.empty()) {
        uint64_t n = 0;
        std::string kinds;
        for (const auto& [kind, count] : m_skippedPackets) {
            n += count;
            kinds += (kinds.empty() ? "" : ", ") + kind + " " + std::to_string(count);
        }
        r.warnings.push_back(std::to_string(n) + " packets of other kinds were skipped (" + kinds + ")");
    }
    if (m_malformed > 0) {
        std::string w = std::to_string(m_malformed) + " records could not be read and were skipped";
        for (const std::string& n : m_malformedNotes)
            w += "; " + n;
        r.warnings.push_back(w);
    }
    for (std::string& n : m_notes)
        r.warnings.push_back(std::move(n));
}

/// Reads a varint from a stream; false at the end or on a varint cut short.
/// Reads a varint from a stream: 1, 0 at the end of the file (`used` says whether it ended
/// inside the varint), -1 for one longer than ten bytes.
int streamVarint(std::istream& in, uint64_t& v, size_t& used) {
    v = 0;
    used = 0;
    for (int i = 0; i < 10; ++i) {
        const int c = in.get();
        if (c == EOF)
            return 0;
        ++used;
        v |= uint64_t(c & 0x7f) << (7 * i);
        if (!(c & 0x80))
            return 1;
    }
    return -1;
}

/// The packet framing both entry points share: calls `packet` for each packet's bytes.
template <class NextPacket>
PerfettoReadResult readPackets(const std::string& name, uint64_t size, StringTable& strings,
                               const std::function<void(const TraceEvent&)>& add, NextPacket nextPacket) {
    PerfettoReadResult result;
    PerfettoReader reader(strings, add);
    uint64_t packets = 0;
    std::string bytes;
    for (;;) {
        uint64_t at = 0;
        std::string why;
        const int got = nextPacket(bytes, at, why);
        if (got == 0)
            break;
        if (got < 0) {
            if (packets == 0) {
                result.error = name + ": " + why;
                return result;
            }
            result.warnings.push_back(why + "; the " + std::to_string(size - std::min(size, at)) +
                                      " bytes from there on were not read");
            break;
        }
        ++packets;
        if (!reader.packet(bytes, at)) {
            result.error = name + ": " + reader.error();
            return result;
        }
    }
    reader.finish(result);
    if (reader.sched() == 0 && result.error.empty())
        result.error = name +
                       ": not a scheduler trace: no scheduler events (sched_switch, sched_waking, ...) in " +
                       std::to_string(packets) + " packets";
    return result;
}

std::string framingError(uint64_t at, const std::string& what) {
    return "offset " + std::to_string(at) + ": " + what;
}

} // namespace

bool looksLikePerfettoTrace(std::string_view head) {
    // A packet's tag (field 1, length-delimited) and a length; the reader judges the length.
    if (head.size() < 3 || static_cast<uint8_t>(head[0]) != 0x0a)
        return false;
    const auto* p = reinterpret_cast<const uint8_t*>(head.data());
    uint64_t len;
    const size_t n = proto::decodeVarint(p + 1, p + head.size(), len);
    if (n == 0 || len == 0)
        return false;
    // Text starting with a blank line has the same first byte: a packet has bytes text has not,
    // and the fields of the packet that the head holds are well formed (text is not: its
    // characters read as group wire types or field number 0 within a few fields).
    bool binary = false;
    for (size_t i = 1; i < std::min<size_t>(head.size(), 64) && !binary; ++i) {
        const auto c = static_cast<uint8_t>(head[i]);
        binary = c >= 0x80 || (c < 0x20 && c != '\n' && c != '\r' && c != '\t');
    }
    if (!binary)
        return false;
    const std::string_view packet =
        head.substr(1 + n, static_cast<size_t>(std::min<uint64_t>(len, head.size() - 1 - n)));
    Reader r(packet);
    Field f;
    int fields = 0;
    while (r.next(f))
        ++fields;
    if (r.error().empty())
        return fields > 0;
    // A field the head cuts is no sign against it; a wrong wire type or field number is.
    const bool whole = len <= head.size() - 1 - n;
    return !whole && r.error().find("wire type") == std::string::npos &&
           r.error().find("field number") == std::string::npos;
}

PerfettoReadResult readPerfettoBytes(std::string_view data, const std::string& name, StringTable& strings,
                                     const std::function<void(const TraceEvent&)>& add) {
    size_t pos = 0;
    return readPackets(
        name, data.size(), strings, add, [&](std::string& bytes, uint64_t& at, std::string& why) {
            if (pos >= data.size())
                return 0;
            const uint64_t start = pos;
            at = start;
            Reader r(data.substr(pos), pos);
            Field f;
            if (!r.next(f)) {
                why = (r.error().empty() ? framingError(start, "expected a packet") : r.error()) +
                      " (the trace is cut short here, or is not a Perfetto trace)";
                return -1;
            }
            if (f.number != pf::trace::kPacket || f.type != WireType::Bytes) {
                why =
                    framingError(start, "expected a trace packet (field 1, length-delimited), found field " +
                                            std::to_string(f.number) + " as a " +
                                            std::string(proto::wireTypeName(f.type)) + " value");
                return -1;
            }
            if (f.bytes.size() > kMaxPacket) {
                why = framingError(start, "a packet of " + std::to_string(f.bytes.size()) +
                                              " bytes, but packets are at most 256 MiB (not a length?)");
                return -1;
            }
            bytes.assign(f.bytes);
            at = r.offsetOf(f);
            pos = static_cast<size_t>(at) + f.bytes.size();
            return 1;
        });
}

PerfettoReadResult readPerfettoTrace(const std::string& path, StringTable& strings,
                                     const std::function<void(const TraceEvent&)>& add,
                                     const std::function<bool(double)>& progress) {
    std::ifstream in(path, std::ios::binary);
    if (!in) {
        PerfettoReadResult r;
        r.error = path + ": cannot open the file for reading";
        return r;
    }
    in.seekg(0, std::ios::end);
    const auto size = static_cast<uint64_t>(std::max<std::streamoff>(in.tellg(), 0));
    in.seekg(0);
    uint64_t pos = 0, lastReport = 0;
    bool cancelled = false;
    PerfettoReadResult r =
        readPackets(path, size, strings, add, [&](std::string& bytes, uint64_t& at, std::string& why) {
            if (progress && pos - lastReport > (4u << 20)) {
                lastReport = pos;
                if (!progress(0.9 * double(pos) / double(std::max<uint64_t>(size, 1)))) {
                    cancelled = true;
                    return 0;
                }
            }
            uint64_t key, len;
            size_t used;
            at = pos;
            const int tag = streamVarint(in, key, used);
            if (tag <= 0) {
                if (tag == 0 && used == 0)
                    return 0; // the end, between packets
                why = framingError(
                    pos, tag < 0 ? "expected a packet's tag, found a varint longer than 10 bytes"
                                 : "expected a packet's tag, found the end of the file (cut short?)");
                return -1;
            }
            const uint64_t tagAt = pos;
            pos += used;
            if ((key >> 3) != pf::trace::kPacket || (key & 7) != 2) {
                why = framingError(tagAt,
                                   "expected a trace packet (field 1, length-delimited), found field " +
                                       std::to_string(key >> 3) + " of wire type " + std::to_string(key & 7));
                return -1;
            }
            const int length = streamVarint(in, len, used);
            if (length <= 0) {
                why = framingError(
                    pos, length < 0 ? "expected a packet's length, found a varint longer than 10 bytes"
                                    : "expected a packet's length, found the end of the file (cut short?)");
                return -1;
            }
            pos += used;
            if (len > kMaxPacket || len > size - std::min(size, pos)) {
                why = framingError(tagAt, "a packet of " + std::to_string(len) + " bytes, but " +
                                              (len > kMaxPacket ? std::string("packets are at most 256 MiB")
                                                                : std::to_string(size - std::min(size, pos)) +
                                                                      " bytes remain") +
                                              " (cut short, or not a length)");
                return -1;
            }
            bytes.resize(static_cast<size_t>(len));
            in.read(bytes.data(), static_cast<std::streamsize>(len));
            if (static_cast<uint64_t>(in.gcount()) != len) {
                why = framingError(pos, "read error");
                return -1;
            }
            at = pos;
            pos += len;
            return 1;
        });
    if (cancelled) {
        r.error = path + ": import cancelled";
        r.warnings.clear();
    }
    return r;
}

} // namespace core
