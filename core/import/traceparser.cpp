#include "import/traceparser.h"

#include <algorithm>
#include <array>
#include <charconv>
#include <climits>
#include <string>

namespace core {

namespace {

std::string_view trim(std::string_view s) {
    while (!s.empty() && (s.front() == ' ' || s.front() == '\t'))
        s.remove_prefix(1);
    while (!s.empty() && (s.back() == ' ' || s.back() == '\t' || s.back() == '\r'))
        s.remove_suffix(1);
    return s;
}

bool isDigit(char c) {
    return c >= '0' && c <= '9';
}

template <typename T>
bool toInt(std::string_view s, T& v) {
    s = trim(s);
    if (s.empty())
        return false;
    const auto [p, ec] = std::from_chars(s.data(), s.data() + s.size(), v);
    return ec == std::errc() && p == s.data() + s.size();
}

std::string_view shorten(std::string_view s) {
    return s.size() > 60 ? s.substr(0, 60) : s;
}

/// key=value pairs of a tracepoint's text. A key starts a field when it follows a space (or
/// starts the text) and is made of [a-z0-9_]; its value runs to the next such key.
class Fields {
public:
    explicit Fields(std::string_view text)
        : m_text(text) {
        size_t i = 0;
        while (i < text.size() && m_count < m_keys.size()) {
            if (i == 0 || text[i - 1] == ' ') {
                size_t k = i;
                while (k < text.size() &&
                       ((text[k] >= 'a' && text[k] <= 'z') || isDigit(text[k]) || text[k] == '_'))
                    ++k;
                if (k > i && k < text.size() && text[k] == '=') {
                    m_keys[m_count] = {text.substr(i, k - i), k + 1};
                    ++m_count;
                    i = k + 1;
                    continue;
                }
            }
            ++i;
        }
    }
    /// The value of `key`, trimmed; nullopt-like empty view with `found` false when absent.
    bool get(std::string_view key, std::string_view& value) const {
        for (size_t n = 0; n < m_count; ++n)
            if (m_keys[n].key == key) {
                const size_t start = m_keys[n].value;
                size_t end = m_text.size();
                if (n + 1 < m_count)
                    end = m_keys[n + 1].value - m_keys[n + 1].key.size() - 1;
                value = trim(m_text.substr(start, end - start));
                return true;
            }
        return false;
    }
    template <typename T>
    bool integer(std::string_view key, T& v) const {
        std::string_view s;
        return get(key, s) && toInt(s, v);
    }

private:
    struct Key {
        std::string_view key;
        size_t value = 0;
    };
    std::string_view m_text;
    std::array<Key, 24> m_keys{};
    size_t m_count = 0;
};

TraceEventType eventType(std::string_view name) {
    if (name.size() < 12 || (name[0] != 's' && name[0] != 'c')) // sched_switch is the shortest
        return TraceEventType::Unknown;
    struct Entry {
        std::string_view name;
        TraceEventType type;
    };
    static constexpr Entry kEvents[] = {{"sched_switch", TraceEventType::Switch},
                                        {"sched_waking", TraceEventType::Waking},
                                        {"sched_wakeup", TraceEventType::Wakeup},
                                        {"sched_wakeup_new", TraceEventType::WakeupNew},
                                        {"sched_migrate_task", TraceEventType::Migrate},
                                        {"sched_process_fork", TraceEventType::Fork},
                                        {"sched_process_exit", TraceEventType::Exit},
                                        {"sched_process_exec", TraceEventType::Exec},
                                        {"cgroup_attach_task", TraceEventType::CgroupAttach},
                                        {"sched_stat_runtime", TraceEventType::Runtime}};
    for (const Entry& e : kEvents)
        if (e.name == name)
            return e.type;
    return TraceEventType::Unknown;
}

/// "comm:pid [prio]" as trace-cmd's sched plugin prints a task; the comm may hold ':'.
bool parsePluginTask(std::string_view s, std::string_view& comm, int32_t& pid, int16_t& prio) {
    s = trim(s);
    const size_t bracket = s.rfind(" [");
    std::string_view head = bracket == std::string_view::npos ? s : s.substr(0, bracket);
    if (bracket != std::string_view::npos) {
        std::string_view p = s.substr(bracket + 2);
        const size_t close = p.find(']');
        if (close == std::string_view::npos || !toInt(p.substr(0, close), prio))
            return false;
    }
    const size_t colon = head.rfind(':');
    if (colon == std::string_view::npos)
        return false;
    comm = head.substr(0, colon);
    return toInt(head.substr(colon + 1), pid);
}

// The phases of TraceTextParser::parse. They stay in this file, with internal linkage, so that
// the compiler inlines them into the per-line loop. Those that can fail return what was expected
// (nullptr when all is well) for parse() to report: no message is built for a good line.

/// A lost-events marker: "CPU:1 [LOST 123 EVENTS]" (ftrace, trace-cmd).
const char* readLostMarker(std::string_view line, TraceEvent& ev) {
    const size_t lost = line.find("[LOST ");
    if (lost == std::string_view::npos)
        return "\"CPU:N [LOST COUNT EVENTS]\"";
    std::string_view n = line.substr(lost + 6);
    n = n.substr(0, n.find(' '));
    ev.type = TraceEventType::Lost;
    if (!toInt(n, ev.lost))
        return "a count of lost events";
    std::string_view c = line.substr(4);
    toInt(c.substr(0, c.find(' ')), ev.cpu);
    return nullptr;
}

/// trace-cmd report names the buffer of an instance first: "NAME:   comm-pid [cpu] ...".
std::string_view withoutInstanceName(std::string_view line) {
    const size_t sp = line.find_first_of(" \t");
    if (sp != std::string_view::npos && sp > 1 && line[sp - 1] == ':')
        return trim(line.substr(sp));
    return line;
}

/// The CPU field: the first " [digits]" in the line. Returns the position of its '[' (npos
/// when there is none).
size_t findCpuField(std::string_view line) {
    for (size_t i = line.find(" ["); i != std::string_view::npos; i = line.find(" [", i + 1)) {
        size_t k = i + 2;
        while (k < line.size() && isDigit(line[k]))
            ++k;
        if (k > i + 2 && k < line.size() && line[k] == ']')
            return i + 1;
    }
    return std::string_view::npos;
}

/// The task before the CPU field: "comm-pid" (ftrace) or "comm  pid" (perf), maybe with
/// "(tgid)". Sets ev.pid and `comm` (trimmed); false when there is no pid.
bool readTask(std::string_view task, TraceEvent& ev, std::string_view& comm) {
    task = trim(task);
    if (!task.empty() && task.back() == ')') {
        const size_t paren = task.rfind('(');
        if (paren != std::string_view::npos)
            task = trim(task.substr(0, paren));
    }
    size_t digits = task.size();
    while (digits > 0 && isDigit(task[digits - 1]))
        --digits;
    if (digits == task.size() || !toInt(task.substr(digits), ev.pid))
        return false;
    comm = task.substr(0, digits);
    if (comm.size() >= 2 && comm.back() == '-' && comm[comm.size() - 2] == ' ') {
        // perf's "comm -1": a thread it no longer knows (exited); who runs is unknown.
        ev.pid = -1;
        comm.remove_suffix(1);
    }
    if (!comm.empty() && (comm.back() == '-' || comm.back() == ' '))
        comm.remove_suffix(1);
    comm = trim(comm);
    return true;
}

/// After the CPU field: optional irq flags ("d..2."), then "TIMESTAMP:" into ev.time. `rest`
/// starts after the CPU field and ends up after the timestamp; false when there is none.
bool readTimestamp(std::string_view& rest, TraceEvent& ev) {
    for (int token = 0; token < 2; ++token) {
        const size_t sp = rest.find(' ');
        std::string_view t = rest.substr(0, sp);
        if (!t.empty() && t.back() == ':' && parseTraceTimestamp(t.substr(0, t.size() - 1), ev.time)) {
            rest = sp == std::string_view::npos ? std::string_view() : trim(rest.substr(sp));
            return true;
        }
        if (token == 1 || sp == std::string_view::npos)
            return false;
        // The irq flags (irqs-off, need-resched, hardirq/softirq, preempt depth, ...): the
        // third says the event was recorded in interrupt context (h, s, H; z, Z for NMIs).
        ev.irq = t.size() >= 4 && std::string_view("hsHzZ").find(t[2]) != std::string_view::npos;
        rest = trim(rest.substr(sp));
    }
    return false;
}

/// The header fields every event line starts with: the task, its CPU and the timestamp. The
/// task's comm is interned as soon as it is read (also when the timestamp then fails). `rest`
/// is what follows the timestamp.
const char* readHeaderFields(std::string_view line, StringTable& strings, TraceEvent& ev,
                             std::string_view& rest) {
    const size_t open = findCpuField(line);
    if (open == std::string_view::npos)
        return "\"TASK-PID [CPU] TIMESTAMP: EVENT: FIELDS\"";
    const size_t close = line.find(']', open);
    toInt(line.substr(open + 1, close - open - 1), ev.cpu);
    std::string_view comm;
    if (!readTask(line.substr(0, open), ev, comm))
        return "the current task's pid before [CPU]";
    ev.current = strings.intern(comm);
    rest = trim(line.substr(close + 1));
    if (!readTimestamp(rest, ev))
        return "a timestamp \"SECONDS.FRACTION:\" after the CPU";
    return nullptr;
}

/// The event's name: "sched_switch:" or perf's "sched:sched_switch:" (`perf` is set for the
/// latter); `fields` is the text after it. False when there is no name.
bool readEventName(std::string_view rest, std::string_view& name, std::string_view& fields, bool& perf) {
    const size_t colonSpace = rest.find(": ");
    name = colonSpace == std::string_view::npos ? rest : rest.substr(0, colonSpace);
    if (!name.empty() && name.back() == ':')
        name.remove_suffix(1);
    if (name.empty() || name.find(' ') != std::string_view::npos)
        return false;
    perf = false;
    if (const size_t sys = name.find(':'); sys != std::string_view::npos) {
        name = name.substr(sys + 1);
        perf = true;
    }
    fields = colonSpace == std::string_view::npos ? std::string_view() : trim(rest.substr(colonSpace + 2));
    return true;
}

/// A hexadecimal number as the syscall events print theirs ("0x64" in perf script and in an
/// exit's "-> 0x64", "64" in ftrace's arguments).
bool hexValue(std::string_view text, uint64_t& v) {
    if (text.rfind("0x", 0) == 0)
        text.remove_prefix(2);
    if (text.empty() || text.size() > 16)
        return false;
    v = 0;
    for (char ch : text) {
        const int d = ch >= '0' && ch <= '9' ? ch - '0' : ch >= 'a' && ch <= 'f' ? ch - 'a' + 10 : -1;
        if (d < 0)
            return false;
        v = v << 4 | static_cast<uint64_t>(d);
    }
    return true;
}

/// A data call's entry or exit (import/traceevent.h's CallEnter, CallExit), as ftrace and
/// trace-cmd print them ("sys_write(fd: 5, buf: 7ffd.., count: 64)", "sys_write -> 0x64") or perf
/// script does ("syscalls:sys_enter_write: fd: 0x00000005, ...", "syscalls:sys_exit_write: 0x64").
/// False for any other line; a data call whose numbers do not read is Malformed (`bad`).
bool readDataCall(std::string_view rest, TraceEvent& ev, bool& bad) {
    bad = false;
    std::string_view call, args;
    bool enter = false;
    uint64_t v = 0;
    if (rest.rfind("syscalls:sys_", 0) == 0) {
        const size_t colon = rest.find(": ", 9);
        const std::string_view name =
            rest.substr(9, colon == std::string_view::npos ? rest.size() : colon - 9);
        if (dataCallOf(name, enter) == DataCall::None)
            return false;
        ev.a = static_cast<int32_t>(dataCallOf(name, enter));
        args = colon == std::string_view::npos ? std::string_view() : trim(rest.substr(colon + 2));
        if (!enter) {
            bad = !hexValue(args, v);
            ev.c = static_cast<int32_t>(std::clamp<int64_t>(static_cast<int64_t>(v), INT32_MIN, INT32_MAX));
            ev.type = TraceEventType::CallExit;
            return true;
        }
    } else if (rest.rfind("sys_", 0) == 0) {
        const size_t paren = rest.find('('), arrow = rest.find(" -> ");
        enter = paren != std::string_view::npos && (arrow == std::string_view::npos || paren < arrow);
        if (!enter && arrow == std::string_view::npos)
            return false;
        call = rest.substr(4, (enter ? paren : arrow) - 4);
        bool isEnter = false;
        const DataCall c =
            dataCallOf(std::string(enter ? "sys_enter_" : "sys_exit_") + std::string(call), isEnter);
        if (c == DataCall::None)
            return false;
        ev.a = static_cast<int32_t>(c);
        if (!enter) {
            bad = !hexValue(trim(rest.substr(arrow + 4)), v);
            ev.c = static_cast<int32_t>(std::clamp<int64_t>(static_cast<int64_t>(v), INT32_MIN, INT32_MAX));
            ev.type = TraceEventType::CallExit;
            return true;
        }
        const size_t close = rest.rfind(')');
        args =
            rest.substr(paren + 1, close == std::string_view::npos || close < paren ? std::string_view::npos
                                                                                    : close - paren - 1);
    } else {
        return false;
    }
    // The first argument of each is the file descriptor.
    ev.type = TraceEventType::CallEnter;
    ev.c = -1; // text does not say which thread group
    bad = args.rfind("fd: ", 0) != 0 ||
          !hexValue(args.substr(4, args.find(',') == std::string_view::npos ? std::string_view::npos
                                                                            : args.find(',') - 4),
                    v);
    ev.b = static_cast<int32_t>(v);
    return true;
}

} // namespace

bool parseTraceTimestamp(std::string_view text, int64_t& ns) {
    const size_t dot = text.find('.');
    int64_t sec = 0;
    if (dot == std::string_view::npos)
        return toInt(text, ns) && ns >= 0;
    if (!toInt(text.substr(0, dot), sec) || sec < 0 || sec > 9'000'000'000LL)
        return false;
    std::string_view frac = text.substr(dot + 1);
    if (frac.empty() || frac.size() > 9)
        return false;
    int64_t f = 0;
    for (char ch : frac) {
        if (!isDigit(ch))
            return false;
        f = f * 10 + (ch - '0');
    }
    for (size_t d = frac.size(); d < 9; ++d)
        f *= 10;
    ns = sec * 1'000'000'000LL + f;
    return true;
}

TraceTextParser::Result TraceTextParser::malformed(std::string what, std::string_view found) {
    m_error = "expected " + std::move(what) + ", found \"" + std::string(shorten(found)) + "\"";
    return Result::Malformed;
}

TraceTextParser::Result TraceTextParser::parseHeader(std::string_view line) {
    // "# entries-in-buffer/entries-written: 4896/250000   #P:2" (an overwriting ring buffer).
    if (const size_t e = line.find("entries-in-buffer/entries-written:"); e != std::string_view::npos) {
        std::string_view rest = trim(line.substr(e + 34));
        const size_t slash = rest.find('/');
        const size_t space = rest.find(' ');
        uint64_t inBuffer = 0, written = 0;
        if (slash != std::string_view::npos && toInt(rest.substr(0, slash), inBuffer) &&
            toInt(rest.substr(slash + 1,
                              space == std::string_view::npos ? std::string_view::npos : space - slash - 1),
                  written) &&
            written > inBuffer)
            m_overwritten = written - inBuffer;
        if (const size_t p = line.find("#P:"); p != std::string_view::npos)
            toInt(line.substr(p + 3), m_cpus);
    }
    if (line.find("# tracer:") == 0 && m_flavor.empty())
        m_flavor = "ftrace";
    return Result::Skip;
}

TraceTextParser::Result TraceTextParser::parsePerfLost(std::string_view text, TraceEvent& ev) {
    // perf script --show-lost-events: "PERF_RECORD_LOST ... lost N" (the count comes last).
    const size_t last = text.find_last_of("0123456789");
    size_t first = last;
    while (first != std::string_view::npos && first > 0 && isDigit(text[first - 1]))
        --first;
    ev.type = TraceEventType::Lost;
    if (last == std::string_view::npos || !toInt(text.substr(first, last - first + 1), ev.lost))
        return malformed("a count of lost events", text);
    return Result::Event;
}

TraceTextParser::Result TraceTextParser::parse(std::string_view line, uint32_t lineNo, TraceEvent& ev) {
    line = trim(line);
    if (line.empty())
        return Result::Skip;
    if (line.front() == '#')
        return parseHeader(line);
    ev = TraceEvent{};
    ev.line = lineNo;
    // Lines that are not events start with these (checked by their first letter: most lines
    // start with spaces or a comm, and this runs for every line of a large file).
    if (line.front() == 'C' || line.front() == 'c' || line.front() == 'v' || line.front() == 'P') {
        if (line.rfind("CPU:", 0) == 0) {
            if (const char* expected = readLostMarker(line, ev))
                return malformed(expected, line);
            return Result::Event;
        }
        if (line.rfind("PERF_RECORD_LOST", 0) == 0)
            return parsePerfLost(line, ev);
        if (line.rfind("cpus=", 0) == 0) { // trace-cmd report's first line
            toInt(line.substr(5), m_cpus);
            m_flavor = "trace-cmd-report";
            m_traceCmd = true;
            return Result::Skip;
        }
        if (line.rfind("version =", 0) == 0 || line.rfind("CPU ", 0) == 0)
            return Result::Skip; // trace-cmd's "version = 6", "CPU 1 is empty"
    }

    // Header fields: task, CPU, timestamp.
    if (m_traceCmd)
        line = withoutInstanceName(line);
    std::string_view rest;
    if (const char* expected = readHeaderFields(line, m_strings, ev, rest))
        return malformed(expected, line);
    if (rest.rfind("PERF_RECORD_LOST", 0) == 0) {
        const int32_t cpu = ev.cpu;
        const Result r = parsePerfLost(rest, ev);
        ev.cpu = cpu;
        return r;
    }

    // A data call (docs/record-replay.md): syscall events print in their own way.
    if (bool bad = false; readDataCall(rest, ev, bad)) {
        if (m_flavor.empty())
            m_flavor = rest.rfind("syscalls:", 0) == 0 ? "perf-script" : "ftrace";
        return bad ? malformed("a data call's file descriptor or return value in hexadecimal", rest)
                   : Result::Event;
    }

    // Event name; the first one also tells the flavour.
    std::string_view name, fields;
    bool perf = false;
    if (!readEventName(rest, name, fields, perf))
        return malformed("an event name followed by ':'", rest);
    if (m_flavor.empty())
        m_flavor = perf ? "perf-script" : "ftrace";
    ev.type = eventType(name);
    if (ev.type == TraceEventType::Unknown) {
        ev.name = m_strings.intern(name);
        return Result::Event;
    }

    // Fields.
    if (!parseFields(ev.type, fields, ev))
        return Result::Malformed;
    return Result::Event;
}

bool TraceTextParser::parsePluginSwitch(std::string_view fields, TraceEvent& ev) {
    const size_t arrow = fields.find(" ==> ");
    std::string_view left = fields.substr(0, arrow), right = fields.substr(arrow + 5);
    // left: "comm:pid [prio] STATE"
    const size_t stateSpace = left.rfind(' ');
    if (stateSpace == std::string_view::npos) {
        malformed("\"COMM:PID [PRIO] STATE ==> COMM:PID [PRIO]\"", fields);
        return false;
    }
    std::string_view state = left.substr(stateSpace + 1), prevComm, nextComm;
    int16_t prevPrio = -1;
    if (!parsePluginTask(left.substr(0, stateSpace), prevComm, ev.a, prevPrio) ||
        !parsePluginTask(right, nextComm, ev.b, ev.prio) || state.empty()) {
        malformed("\"COMM:PID [PRIO] STATE ==> COMM:PID [PRIO]\"", fields);
        return false;
    }
    ev.state = state.front();
    ev.preempt = state.find('+') != std::string_view::npos;
    ev.name = m_strings.intern(prevComm);
    ev.name2 = m_strings.intern(nextComm);
    return true;
}

bool TraceTextParser::parsePluginWakeup(std::string_view fields, TraceEvent& ev) {
    // "comm:pid [prio] CPU:001" or with "success=1" before CPU.
    const size_t cpu = fields.rfind("CPU:");
    std::string_view comm;
    if (cpu == std::string_view::npos || !toInt(fields.substr(cpu + 4), ev.c)) {
        malformed("\"COMM:PID [PRIO] CPU:NNN\"", fields);
        return false;
    }
    std::string_view head = trim(fields.substr(0, cpu));
    if (const size_t succ = head.find(" success="); succ != std::string_view::npos)
        head = head.substr(0, succ);
    if (!parsePluginTask(head, comm, ev.a, ev.prio)) {
        malformed("\"COMM:PID [PRIO] CPU:NNN\"", fields);
        return false;
    }
    ev.name = m_strings.intern(comm);
    return true;
}

bool TraceTextParser::parseFields(TraceEventType type, std::string_view text, TraceEvent& ev) {
    const Fields f(text);
    auto need = [&](std::string_view key, auto& v) {
        if (f.integer(key, v))
            return true;
        malformed(std::string(key) + "=NUMBER", text);
        return false;
    };
    std::string_view s;
    switch (type) {
    case TraceEventType::Switch:
        if (!f.get("prev_pid", s) && text.find(" ==> ") != std::string_view::npos)
            return parsePluginSwitch(text, ev);
        if (!need("prev_pid", ev.a) || !need("next_pid", ev.b))
            return false;
        f.integer("next_prio", ev.prio);
        if (!f.get("prev_state", s) || s.empty()) {
            malformed("prev_state=STATE", text);
            return false;
        }
        ev.state = s.front();
        ev.preempt = s.size() > 1 && s[1] == '+';
        if (f.get("prev_comm", s))
            ev.name = m_strings.intern(s);
        if (f.get("next_comm", s))
            ev.name2 = m_strings.intern(s);
        return true;
    case TraceEventType::Waking:
    case TraceEventType::Wakeup:
    case TraceEventType::WakeupNew:
        if (!f.get("pid", s) && text.find("CPU:") != std::string_view::npos)
            return parsePluginWakeup(text, ev);
        if (!need("pid", ev.a))
            return false;
        f.integer("prio", ev.prio);
        if (!f.integer("target_cpu", ev.c))
            f.integer("cpu", ev.c);
        if (f.get("comm", s))
            ev.name = m_strings.intern(s);
        return true;
    case TraceEventType::Migrate:
        if (!need("pid", ev.a) || !need("orig_cpu", ev.b) || !need("dest_cpu", ev.c))
            return false;
        if (f.get("comm", s))
            ev.name = m_strings.intern(s);
        return true;
    case TraceEventType::Fork:
        if (!need("pid", ev.a) || !need("child_pid", ev.b))
            return false;
        if (f.get("child_comm", s))
            ev.name = m_strings.intern(s);
        return true;
    case TraceEventType::Runtime:
    case TraceEventType::Exit:
        if (!need("pid", ev.a))
            return false;
        if (f.get("comm", s))
            ev.name = m_strings.intern(s);
        return true;
    case TraceEventType::Exec:
        if (!need("pid", ev.a))
            return false;
        f.integer("old_pid", ev.b);
        if (f.get("filename", s)) {
            // The comm after exec is the file's base name, cut to TASK_COMM_LEN - 1.
            if (const size_t slash = s.rfind('/'); slash != std::string_view::npos)
                s = s.substr(slash + 1);
            ev.name = m_strings.intern(s.substr(0, 15));
        }
        return true;
    case TraceEventType::CgroupAttach:
        if (!need("pid", ev.a))
            return false;
        f.integer("dst_root", ev.c);
        if (!f.get("dst_path", s) || s.empty() || s.front() != '/') {
            malformed("dst_path=/PATH", text);
            return false;
        }
        ev.name2 = m_strings.intern(s);
        if (f.get("comm", s))
            ev.name = m_strings.intern(s);
        return true;
    case TraceEventType::Lost:
    case TraceEventType::Unknown:
    case TraceEventType::Attributes: // never a line of text
    case TraceEventType::CallEnter:  // text is read for the scheduler's events only
    case TraceEventType::CallExit:
        return true;
    }
    return true;
}

} // namespace core
