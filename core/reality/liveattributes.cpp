#include "reality/liveattributes.h"

#include "base/cpuset.h"
#include "import/hostfs.h"

#include <sched.h>
#include <sys/syscall.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <cstdint>
#include <cstdlib>
#include <cstring>
#include <filesystem>

namespace core {

namespace {

/// include/uapi/linux/sched/types.h's struct sched_attr, as far as SCHED_DEADLINE's period.
struct SchedAttr {
    uint32_t size;
    uint32_t policy;
    uint64_t flags;
    int32_t nice;
    uint32_t priority;
    uint64_t runtime, deadline, period;
};

std::optional<SchedPolicy> policyOf(uint32_t p) {
    switch (p) {
    case 0: // SCHED_NORMAL
        return SchedPolicy::Other;
    case 1:
        return SchedPolicy::Fifo;
    case 2:
        return SchedPolicy::Rr;
    case 3:
        return SchedPolicy::Batch;
    case 5:
        return SchedPolicy::Idle;
    default:
        return std::nullopt;
    }
}

std::vector<pid_t> numbered(const std::filesystem::path& dir) {
    std::vector<pid_t> out;
    std::error_code ec;
    for (std::filesystem::directory_iterator it(dir, ec), end; !ec && it != end; it.increment(ec)) {
        const std::string name = it->path().filename().string();
        if (!name.empty() &&
            std::all_of(name.begin(), name.end(), [](char c) { return c >= '0' && c <= '9'; }))
            out.push_back(static_cast<pid_t>(std::atol(name.c_str())));
    }
    std::sort(out.begin(), out.end());
    return out;
}

} // namespace

std::optional<LiveAttributes> readLiveAttributes(pid_t tid, std::string* why) {
    SchedAttr attr{};
    if (::syscall(SYS_sched_getattr, tid, &attr, sizeof attr, 0) != 0) {
        if (why)
            *why = "sched_getattr(" + std::to_string(tid) + "): " + std::strerror(errno);
        return std::nullopt;
    }
    LiveAttributes out;
    TaskAttributes& a = out.attributes;
    if (const auto p = policyOf(attr.policy)) {
        a.policy = *p;
        a.rtPriority = rtPolicy(*p) ? static_cast<uint8_t>(attr.priority) : 0;
    } else { // SCHED_DEADLINE (6): above every RT task, as the model has no such class
        a.policy = SchedPolicy::Fifo;
        a.rtPriority = 99;
        if (why)
            *why = "task " + std::to_string(tid) + ": SCHED_DEADLINE read as fifo 99";
    }
    a.nice = std::clamp(attr.nice, -20, 19);
    cpu_set_t set;
    CPU_ZERO(&set);
    if (::sched_getaffinity(tid, sizeof set, &set) == 0) {
        std::vector<uint32_t> cpus;
        for (uint32_t c = 0; c < CPU_SETSIZE; ++c)
            if (CPU_ISSET(c, &set))
                cpus.push_back(c);
        a.cpus = formatCpuList(cpus);
    }
    // /proc/TID is every thread's own folder too (hidden from a listing of /proc).
    const std::string task = "/proc/" + std::to_string(tid);
    if (const auto slack = hostfs::readInteger(task + "/timerslack_ns"))
        a.timerSlackNs = *slack;
    // cgroup v2: the line "0::PATH".
    if (const auto text = hostfs::readValue(task + "/cgroup")) {
        for (size_t at = 0; at < text->size();) {
            size_t end = text->find('\n', at);
            if (end == std::string::npos)
                end = text->size();
            const std::string_view line(text->data() + at, end - at);
            if (line.rfind("0::", 0) == 0)
                out.cgroup = std::string(line.substr(3));
            at = end + 1;
        }
    }
    return out;
}

std::vector<pid_t> liveThreads() {
    std::vector<pid_t> out;
    for (pid_t pid : numbered("/proc"))
        for (pid_t tid : threadsOf(pid))
            out.push_back(tid);
    std::sort(out.begin(), out.end());
    return out;
}

std::vector<pid_t> threadsOf(pid_t pid) {
    return numbered("/proc/" + std::to_string(pid) + "/task");
}

} // namespace core
