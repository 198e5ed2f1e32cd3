#pragma once

// The rt-app workload as the importer holds it (import/rtapp.h): the file's global settings and
// its thread definitions with their phases and events, as parsed (import/rtappparse.h), with the
// settings the plan derives (import/rtappplan.h); the messages every step reports to; and the
// arithmetic and formatting the steps share. Internal to the rt-app importer.

#include <cstdint>
#include <map>
#include <memory>
#include <optional>
#include <set>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

namespace core::rtapp {

enum class Ev : uint8_t {
    Run,
    Runtime,
    Sleep,
    Timer,
    Lock,
    Unlock,
    Wait,
    Signal,
    Broad,
    Sync,
    Barrier,
    Suspend,
    Resume,
    Yield,
    Fork,
    Mem,
    Iorun,
    External
};

/// rt-app matches event keys by prefix, in this order (the order its event parser tests them), so
/// "run0", "run_end" and "runtime1" are events and "runtime" is checked before "run".
std::optional<Ev> classifyEvent(std::string_view key);

struct Event {
    Ev kind = Ev::Run;
    std::string path;
    int64_t us = 0;    ///< run, runtime, sleep, timer period
    std::string ref;   ///< resource name (mutex, cond, barrier, timer, task to fork)
    std::string mutex; ///< wait, sync
    bool absolute = false;
    bool uniqueTimer = false;
};

enum class Policy : uint8_t { Other, Batch, Idle, Fifo, Rr, Deadline };

/// The scenario format's "policy" (SCHED_DEADLINE is imported as "fifo").
const char* policyKey(Policy p);
/// rt-app's name of the policy ("SCHED_OTHER", ...).
const char* policyRtApp(Policy p);

inline bool fairPolicy(Policy p) {
    return p == Policy::Other || p == Policy::Batch || p == Policy::Idle;
}

struct Props {
    std::optional<Policy> policy;
    std::string policyPath;
    std::optional<int64_t> prio;
    std::string prioPath;
    std::optional<std::vector<uint32_t>> cpus;
    std::string cpusPath;
    std::optional<std::string> taskgroup; ///< normalized; "/" is the root
    std::string taskgroupPath;
    std::optional<int64_t> dlRuntime;
    std::string dlRuntimePath;
};

struct Phase {
    std::string name;
    std::string path;
    int64_t loop = 1; ///< <= 0: forever (rt-app's counter never reaches it)
    std::vector<Event> events;
    Props props;
};

struct TaskDef {
    std::string key; ///< the rt-app name
    std::string path;
    int64_t instances = 1;
    int64_t loop = -1; ///< -1 or other negative: forever; 0: never runs
    int64_t delayUs = 0;
    Props props;
    std::vector<Phase> phases;

    // Derived (import/rtappplan.h).
    Policy policy = Policy::Other;
    int64_t prio = 0;
    std::optional<std::string> cpus;
    std::optional<std::string> cgroup;
    std::optional<int64_t> sliceNs;
    bool forked = false; ///< named by a fork event somewhere
    bool expand = false; ///< emit one task per instance
    size_t order = 0;
};

/// One emitted task: a whole definition with "count", or one instance of an expanded one.
struct Unit {
    TaskDef* def = nullptr;
    std::string name;
    uint32_t count = 1;
    int index = -1; ///< instance index when expanded (or count 1), -1 with count > 1
};

/// The whole file: its global settings and its thread definitions, in file order.
struct Workload {
    uint32_t cpus = 0; ///< the machine's CPU count asked for (0: from the CPUs the file names)
    int64_t durationS = -1;
    std::string durationPath = "global.duration";
    Policy defaultPolicy = Policy::Other;
    uint32_t maxCpu = 0; ///< the highest CPU the file names
    bool anyCpu = false; ///< the file names a CPU
    std::vector<std::unique_ptr<TaskDef>> defs;
    std::map<std::string, TaskDef*> byName;
};

/// What the import reports: warnings ("FILE: path.to.key: what"), each once and at most
/// 500 of them, and the error that ends it.
class Messages {
public:
    explicit Messages(std::string source)
        : m_src(std::move(source)) {}

    const std::string& source() const { return m_src; }
    void warn(const std::string& path, const std::string& what);
    /// Throws RtAppError ("FILE: path: expected ..., found ...").
    [[noreturn]] void fail(const std::string& path, const std::string& expected,
                           const std::string& found) const;
    /// The warnings, then a line counting those left out.
    std::vector<std::string> take();

private:
    std::string m_src;
    std::vector<std::string> m_warnings;
    std::set<std::string> m_warned;
    size_t m_suppressed = 0;
};

// Saturating arithmetic on nanoseconds (loop counts times durations can overflow int64).
inline constexpr int64_t kInfNs = int64_t{1} << 62;
inline int64_t satAdd(int64_t a, int64_t b) {
    return (a >= kInfNs - b) ? kInfNs : a + b;
}
inline int64_t satMul(int64_t a, int64_t n) {
    if (a == 0 || n == 0)
        return 0;
    return a > kInfNs / n ? kInfNs : a * n;
}

/// A duration in the scenario format, in the largest unit that holds it exactly ("20ms").
std::string fmtNs(int64_t ns);
/// CPU numbers as a kernel CPU list, sorted and without repeats ("0-3,8").
std::string cpuListString(const std::vector<uint32_t>& cpus);

} // namespace core::rtapp
