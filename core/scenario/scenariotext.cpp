#include "scenario/scenariotext.h"

#include "base/bytetext.h"
#include "base/cgrouprules.h"

#include <nlohmann/json.hpp>

#include <algorithm>
#include <charconv>

namespace core {

namespace {

void appendString(std::string& out, const std::string& s) {
    // Names are mostly plain ASCII ("wake-10-20"): those go as they are, the rest through the
    // JSON library's escaping (a recording writes millions of them).
    const bool plain = std::all_of(s.begin(), s.end(),
                                   [](char c) { return c >= 0x20 && c < 0x7f && c != '"' && c != '\\'; });
    if (plain) {
        out += '"';
        out += s;
        out += '"';
        return;
    }
    out += nlohmann::json(bytesAsText(s)).dump();
}

void appendNumber(std::string& out, int64_t v) {
    char buf[24];
    const auto r = std::to_chars(buf, buf + sizeof buf, v);
    out.append(buf, r.ptr);
}

void appendDuration(std::string& out, const DurationDist& d) {
    switch (d.kind) {
    case DurationDist::Kind::Fixed:
        appendDurationText(out, d.a);
        return;
    case DurationDist::Kind::Exp:
        out += "{\"exp\": " + durationText(d.a) + "}";
        return;
    case DurationDist::Kind::Uniform:
        out += "{\"uniform\": [" + durationText(d.a) + ", " + durationText(d.b) + "]}";
        return;
    }
}

void appendProgram(std::string& out, const std::vector<ActionSpec>& program, const TopologySpec* numbering);

/// A CPU list in scenario numbering, as the file writes it: in the kernel's numbers when the
/// machine has them (topology.cpu_numbers), which the loader translates back.
std::string cpuListText(const CpuListParse& list, const TopologySpec* numbering) {
    if (!numbering || numbering->cpuNumbers.empty())
        return list.toString();
    std::vector<uint32_t> cpus;
    for (auto [a, b] : list.ranges)
        for (uint32_t c = a; c <= b; ++c)
            cpus.push_back(numbering->kernelCpu(c));
    std::sort(cpus.begin(), cpus.end());
    return formatCpuList(cpus);
}

void appendAction(std::string& out, const ActionSpec& a, const TopologySpec* numbering) {
    switch (a.kind) {
    case ActionKind::Run:
    case ActionKind::Sleep:
    case ActionKind::Io:
    case ActionKind::Memstall:
        out += a.kind == ActionKind::Run     ? "{\"run\": "
               : a.kind == ActionKind::Sleep ? "{\"sleep\": "
               : a.kind == ActionKind::Io    ? "{\"io\": "
                                             : "{\"memstall\": ";
        appendDuration(out, a.duration);
        break;
    case ActionKind::Send:
    case ActionKind::Recv:
    case ActionKind::Move:
    case ActionKind::Setsid:
        out += a.kind == ActionKind::Send   ? "{\"send\": "
               : a.kind == ActionKind::Recv ? "{\"recv\": "
               : a.kind == ActionKind::Move ? "{\"move\": "
                                            : "{\"setsid\": ";
        appendString(out, a.name);
        break;
    case ActionKind::Loop:
        out += "{\"loop\": " + std::to_string(a.loopCount) + ", \"do\": ";
        appendProgram(out, a.body, numbering);
        break;
    case ActionKind::Fork:
        out += "{\"fork\": ";
        appendTaskText(out, *a.child, numbering);
        break;
    case ActionKind::Nice:
        out += "{\"nice\": " + std::to_string(a.nice);
        break;
    case ActionKind::Policy:
        out += std::string("{\"policy\": \"") + schedPolicyName(a.policy) + "\"";
        if (rtPolicy(a.policy))
            out += ", \"rt_priority\": " + std::to_string(a.rtPriority);
        else if (!a.keepNice)
            out += ", \"nice\": " + std::to_string(a.nice);
        break;
    case ActionKind::Cpus:
        out += "{\"cpus\": \"" + cpuListText(parseCpuList(a.name), numbering) + "\"";
        break;
    case ActionKind::Wait:
        out += "{\"wait\": \"children\"";
        break;
    case ActionKind::Yield:
        out += "{\"yield\": true";
        break;
    case ActionKind::Exit:
        out += "{\"exit\": true";
        break;
    }
    out += "}";
}

void appendProgram(std::string& out, const std::vector<ActionSpec>& program, const TopologySpec* numbering) {
    out += "[";
    for (size_t i = 0; i < program.size(); ++i) {
        if (i)
            out += ", ";
        appendAction(out, program[i], numbering);
    }
    out += "]";
}

} // namespace

std::string durationText(SimTime t) {
    std::string out;
    appendDurationText(out, t);
    return out;
}

void appendDurationText(std::string& out, SimTime t) {
    out += '"';
    appendNumber(out, std::max<int64_t>(t.count(), 0));
    out += "ns\"";
}

void appendChannelText(std::string& out, const ChannelSpec& c) {
    out += "{\"name\": ";
    appendString(out, c.name);
    out += c.kind == ChannelKind::Pipe ? ", \"kind\": \"pipe\", \"capacity\": "
                                       : ", \"kind\": \"socket\", \"capacity\": ";
    appendNumber(out, c.capacity);
    out += "}";
}

void appendTaskText(std::string& out, const TaskSpec& t, const TopologySpec* numbering) {
    out += "{\"name\": ";
    appendString(out, t.name);
    if (t.count != 1)
        out += ", \"count\": " + std::to_string(t.count);
    if (t.pid)
        out += ", \"pid\": " + std::to_string(*t.pid);
    if (t.policy != SchedPolicy::Other)
        out += std::string(", \"policy\": \"") + schedPolicyName(t.policy) + "\"";
    if (rtPolicy(t.policy))
        out += ", \"rt_priority\": " + std::to_string(t.rtPriority);
    if (t.nice != 0)
        out += ", \"nice\": " + std::to_string(t.nice);
    if (t.cgroup) {
        out += ", \"cgroup\": ";
        appendString(out, *t.cgroup);
    }
    if (t.slice)
        out += ", \"slice\": " + durationText(*t.slice);
    if (t.timerSlack)
        out += ", \"timer_slack\": " + durationText(*t.timerSlack);
    if (t.cpus)
        out += ", \"cpus\": \"" + cpuListText(*t.cpus, numbering) + "\"";
    if (t.session) {
        out += ", \"session\": ";
        appendString(out, *t.session);
    }
    if (t.start.count() > 0)
        out += ", \"start\": " + durationText(t.start);
    out += ", \"program\": ";
    appendProgram(out, t.program, numbering);
    out += "}";
}

void appendTopologyText(std::string& out, const TopologySpec& t) {
    out += "{\"sockets\": ";
    appendNumber(out, t.sockets);
    out += ", \"cores_per_socket\": ";
    appendNumber(out, t.coresPerSocket);
    out += ", \"threads_per_core\": ";
    appendNumber(out, t.threadsPerCore);
    if (t.numaNodes != 1) {
        out += ", \"numa_nodes\": ";
        appendNumber(out, t.numaNodes);
    }
    if (!t.cpuNumbers.empty()) {
        out += ", \"cpu_numbers\": [";
        for (size_t i = 0; i < t.cpuNumbers.size(); ++i) {
            if (i)
                out += ", ";
            appendNumber(out, t.cpuNumbers[i]);
        }
        out += ']';
    }
    out += '}';
}

void appendCgroupText(std::string& out, const CgroupSpec& c) {
    out += "{\"path\": ";
    appendString(out, c.path);
    if (c.weight != kDefaultCgroupWeight) {
        out += ", \"weight\": ";
        appendNumber(out, c.weight);
    }
    if (c.cpus)
        out += ", \"cpus\": \"" + c.cpus->toString() + "\"";
    if (c.max != CpuMax{}) {
        out += ", \"max\": {\"quota\": ";
        out += c.max.quota ? durationText(*c.max.quota) : std::string("\"max\"");
        out += ", \"period\": " + durationText(c.max.period);
        if (c.max.burst > SimTime())
            out += ", \"burst\": " + durationText(c.max.burst);
        out += '}';
    }
    out += '}';
}

} // namespace core
