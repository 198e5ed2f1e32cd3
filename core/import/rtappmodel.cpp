// The rt-app importer's model (import/rtappmodel.h): event keys, policies, messages, formatting.
#include "import/rtappmodel.h"

#include "base/cpuset.h"
#include "import/rtapp.h"

#include <algorithm>

namespace core::rtapp {

namespace {

constexpr size_t kMaxWarnings = 500;

} // namespace

std::optional<Ev> classifyEvent(std::string_view key) {
    auto starts = [&](std::string_view p) { return key.substr(0, p.size()) == p; };
    if (starts("run") || starts("sleep"))
        return starts("sleep") ? Ev::Sleep : starts("runtime") ? Ev::Runtime : Ev::Run;
    if (starts("mem") || starts("iorun"))
        return starts("mem") ? Ev::Mem : Ev::Iorun;
    if (starts("lock") || starts("unlock"))
        return starts("lock") ? Ev::Lock : Ev::Unlock;
    if (starts("signal") || starts("broad"))
        return starts("signal") ? Ev::Signal : Ev::Broad;
    if (starts("wait") || starts("sync"))
        return starts("wait") ? Ev::Wait : Ev::Sync;
    if (starts("barrier"))
        return Ev::Barrier;
    if (starts("timer"))
        return Ev::Timer;
    if (starts("resume"))
        return Ev::Resume;
    if (starts("suspend"))
        return Ev::Suspend;
    if (starts("yield"))
        return Ev::Yield;
    if (starts("fork"))
        return Ev::Fork;
    if (starts("external_workload")) // newer rt-app: a call into a shared library
        return Ev::External;
    return std::nullopt;
}

const char* policyKey(Policy p) {
    switch (p) {
    case Policy::Other:
        return "other";
    case Policy::Batch:
        return "batch";
    case Policy::Idle:
        return "idle";
    case Policy::Fifo:
        return "fifo";
    case Policy::Rr:
        return "rr";
    case Policy::Deadline:
        return "fifo";
    }
    return "other";
}

const char* policyRtApp(Policy p) {
    switch (p) {
    case Policy::Other:
        return "SCHED_OTHER";
    case Policy::Batch:
        return "SCHED_BATCH";
    case Policy::Idle:
        return "SCHED_IDLE";
    case Policy::Fifo:
        return "SCHED_FIFO";
    case Policy::Rr:
        return "SCHED_RR";
    case Policy::Deadline:
        return "SCHED_DEADLINE";
    }
    return "SCHED_OTHER";
}

void Messages::warn(const std::string& path, const std::string& what) {
    std::string line = m_src + ": " + (path.empty() ? std::string("top level") : path) + ": " + what;
    if (!m_warned.insert(line).second)
        return;
    if (m_warnings.size() >= kMaxWarnings) {
        ++m_suppressed;
        return;
    }
    m_warnings.push_back(std::move(line));
}

void Messages::fail(const std::string& path, const std::string& expected, const std::string& found) const {
    throw RtAppError(m_src + ": " + path + ": expected " + expected + ", found " + found);
}

std::vector<std::string> Messages::take() {
    std::vector<std::string> out = std::move(m_warnings);
    if (m_suppressed > 0)
        out.push_back(m_src + ": " + std::to_string(m_suppressed) + " more warnings not shown");
    return out;
}

std::string fmtNs(int64_t ns) {
    if (ns % 1'000'000'000 == 0)
        return std::to_string(ns / 1'000'000'000) + "s";
    if (ns % 1'000'000 == 0)
        return std::to_string(ns / 1'000'000) + "ms";
    if (ns % 1'000 == 0)
        return std::to_string(ns / 1'000) + "us";
    return std::to_string(ns) + "ns";
}

std::string cpuListString(const std::vector<uint32_t>& cpus) {
    std::vector<uint32_t> c = cpus;
    std::sort(c.begin(), c.end());
    c.erase(std::unique(c.begin(), c.end()), c.end());
    return formatCpuList(c);
}

} // namespace core::rtapp
