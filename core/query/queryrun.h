#pragma once

#include "base/psireport.h"
#include "base/simtime.h"
#include "report/threadstates.h"

#include <cstdint>
#include <cstring>
#include <optional>
#include <string>
#include <string_view>
#include <unordered_map>
#include <vector>

namespace core {

/// A CgroupStay or PriorityChange that holds from the task's start, whenever that is.
inline constexpr SimTime kFromStart = SimTime::ns(-1);

/// A task switched out, as sched_switch's prev_state reports it: the state letters Perfetto
/// writes ("R+", "S", "D", "Z", ...) and, for a simulated D, whether it waits for I/O.
struct SwitchOut {
    SimTime time;
    char state[3] = {}; ///< the letters, NUL-padded
    int8_t ioWait = -1; ///< 1 I/O, 0 another uninterruptible wait (a memory stall), -1 not known
    SwitchOut() = default;
    SwitchOut(SimTime t, std::string_view letters, int8_t io = -1)
        : time(t)
        , ioWait(io) {
        letters.copy(state, sizeof state);
    }
    std::string_view letters() const { return std::string_view(state, state[2] ? 3 : std::strlen(state)); }
};

/// The kernel priority a task runs at from `time` (120 + nice; 99 - rt_priority for RT).
struct PriorityChange {
    SimTime time;
    int prio = 120;
};

/// A task is in cgroup `cgroup` from `time` on.
struct CgroupStay {
    SimTime time;
    uint32_t cgroup = 0;
};

/// One CPU as the `cpu` table lists it: the kernel's number and where it sits.
struct QueryCpu {
    uint32_t number = 0;
    std::optional<uint32_t> socket, core, thread, llc, node;
};

/// One cgroup as the `cgroup` table lists it (what a recording cannot tell stays empty).
struct QueryCgroup {
    uint32_t id = 0;
    std::string path;
    std::optional<uint32_t> parent;
    std::optional<uint32_t> weight;
    std::string cpuMax;           ///< as cpu.max reads ("max 100000"); empty: not known
    std::optional<PsiReport> psi; ///< its pressure files at the end of the run
    std::optional<SimTime> usage; ///< cpuacct usage at the end of the run
};

/// One row of the `metadata` table: an integer or a text value.
struct QueryMetadata {
    std::string name;
    std::optional<int64_t> integer;
    std::string text;
};

/// Everything the tables of a simulation or a recording are built from (query/runtables.h):
/// the thread-state tracks with the wakeups, preemptions, migrations and counters behind them
/// (times from the run's or the recording's start), and what the tracks do not keep.
struct QueryRun {
    bool recording = false;
    ThreadStates states;
    std::unordered_map<uint32_t, int64_t> tids;                           ///< by task id
    std::unordered_map<uint32_t, std::vector<SwitchOut>> switchOuts;      ///< by task id, in time order
    std::unordered_map<uint32_t, std::vector<PriorityChange>> priorities; ///< by task id, in time order
    std::unordered_map<uint32_t, std::vector<CgroupStay>> cgroupStays;    ///< by task id, in time order
    std::vector<QueryCpu> cpus;                                           ///< by the records' CPU index
    /// A recording: each CPU's first switch, by record CPU; before it, what the CPU ran is not
    /// known (no idle row there). Empty: known from the start (a simulation).
    std::vector<std::optional<SimTime>> cpuKnownFrom;
    std::vector<std::string> domainLevels; ///< a migration's level index -> its name (MC, PKG...)
    std::vector<QueryCgroup> cgroups;
    std::vector<QueryMetadata> metadata;
};

} // namespace core
