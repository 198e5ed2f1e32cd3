#pragma once

// Field numbers of Perfetto's trace format (google/perfetto, protos/perfetto/trace/...): the
// messages SchedScope writes and reads, no more. resources/perfetto/schedscope-perfetto.proto
// is the same subset as a .proto file, for `protoc --decode` (tests check both agree).

#include <cstdint>
#include <cstdio>
#include <string>

namespace core::perfetto {

namespace trace {
inline constexpr uint32_t kPacket = 1;
}

namespace packet {
inline constexpr uint32_t kFtraceEvents = 1;
inline constexpr uint32_t kProcessTree = 2;
inline constexpr uint32_t kTimestamp = 8;
inline constexpr uint32_t kTrustedPacketSequenceId = 10;
inline constexpr uint32_t kTrackEvent = 11;
inline constexpr uint32_t kSequenceFlags = 13;
inline constexpr uint32_t kSystemInfo = 45;
inline constexpr uint32_t kTrackDescriptor = 60;
inline constexpr uint32_t kSeqIncrementalStateCleared = 1; ///< a sequence_flags bit
} // namespace packet

namespace bundle {
inline constexpr uint32_t kCpu = 1;
inline constexpr uint32_t kEvent = 2;
inline constexpr uint32_t kLostEvents = 3;
inline constexpr uint32_t kCompactSched = 4;
inline constexpr uint32_t kFtraceClock = 5;
} // namespace bundle

/// FtraceEventBundle.CompactSched: sched_switch and sched_waking as parallel packed arrays.
namespace compact {
inline constexpr uint32_t kSwitchTimestamp = 1; ///< deltas from the previous switch in the bundle
inline constexpr uint32_t kSwitchPrevState = 2;
inline constexpr uint32_t kSwitchNextPid = 3;
inline constexpr uint32_t kSwitchNextPrio = 4;
inline constexpr uint32_t kInternTable = 5; ///< comms, indexed by the *_comm_index arrays
inline constexpr uint32_t kSwitchNextCommIndex = 6;
inline constexpr uint32_t kWakingTimestamp = 7; ///< deltas from the previous waking in the bundle
inline constexpr uint32_t kWakingPid = 8;
inline constexpr uint32_t kWakingTargetCpu = 9;
inline constexpr uint32_t kWakingPrio = 10;
inline constexpr uint32_t kWakingCommIndex = 11;
inline constexpr uint32_t kWakingCommonFlags = 12;
} // namespace compact

namespace event {
inline constexpr uint32_t kTimestamp = 1;
inline constexpr uint32_t kPid = 2; ///< common_pid: the task current on the CPU
inline constexpr uint32_t kCommonFlags = 5;
inline constexpr uint32_t kSchedSwitch = 4;
inline constexpr uint32_t kSchedWakeup = 17;
inline constexpr uint32_t kSchedWaking = 20;
inline constexpr uint32_t kCgroupAttachTask = 67;
inline constexpr uint32_t kSchedWakeupNew = 114;
inline constexpr uint32_t kTaskNewtask = 235;
inline constexpr uint32_t kTaskRename = 236;
inline constexpr uint32_t kSchedProcessExec = 237;
inline constexpr uint32_t kSchedProcessExit = 238;
inline constexpr uint32_t kSchedProcessFork = 239;
inline constexpr uint32_t kSchedProcessFree = 240;
/// An event Perfetto has no message of its own for, by name (GenericFtraceEvent).
inline constexpr uint32_t kGeneric = 327;
inline constexpr uint32_t kSchedMigrateTask = 491;
} // namespace event

namespace sched_switch {
inline constexpr uint32_t kPrevComm = 1, kPrevPid = 2, kPrevPrio = 3, kPrevState = 4, kNextComm = 5,
                          kNextPid = 6, kNextPrio = 7;
}
/// sched_waking, sched_wakeup and sched_wakeup_new share their fields.
namespace sched_wakeup {
inline constexpr uint32_t kComm = 1, kPid = 2, kPrio = 3, kSuccess = 4, kTargetCpu = 5;
}
namespace sched_migrate {
inline constexpr uint32_t kComm = 1, kPid = 2, kPrio = 3, kOrigCpu = 4, kDestCpu = 5;
}
namespace sched_fork {
inline constexpr uint32_t kParentComm = 1, kParentPid = 2, kChildComm = 3, kChildPid = 4;
}
namespace sched_exec {
inline constexpr uint32_t kFilename = 1, kPid = 2, kOldPid = 3;
}
namespace sched_exit {
inline constexpr uint32_t kComm = 1, kPid = 2, kTgid = 3, kPrio = 4;
}
namespace task_newtask {
inline constexpr uint32_t kPid = 1, kComm = 2, kCloneFlags = 3;
}
namespace task_rename {
inline constexpr uint32_t kPid = 1, kOldComm = 2, kNewComm = 3;
}
namespace generic {
inline constexpr uint32_t kEventName = 1, kField = 2;
/// GenericFtraceEvent.Field: a name and one value.
namespace field {
inline constexpr uint32_t kName = 1, kStrValue = 3, kIntValue = 4, kUintValue = 5;
}
} // namespace generic
namespace cgroup_attach {
inline constexpr uint32_t kDstRoot = 1, kDstId = 2, kPid = 3, kComm = 4, kDstLevel = 6, kDstPath = 7;
}

namespace process_tree {
inline constexpr uint32_t kProcesses = 1, kThreads = 2;
namespace process {
inline constexpr uint32_t kPid = 1, kPpid = 2, kCmdline = 3;
}
namespace thread {
inline constexpr uint32_t kTid = 1, kName = 2, kTgid = 3;
}
} // namespace process_tree

namespace system_info {
inline constexpr uint32_t kUtsname = 1;
namespace utsname {
inline constexpr uint32_t kSysname = 1, kVersion = 2, kRelease = 3, kMachine = 4;
}
} // namespace system_info

namespace track_descriptor {
inline constexpr uint32_t kUuid = 1, kName = 2, kParentUuid = 5, kCounter = 8, kDescription = 14;
namespace counter {
inline constexpr uint32_t kUnit = 3, kUnitName = 6;
inline constexpr uint32_t kUnitCount = 2;
} // namespace counter
} // namespace track_descriptor

namespace track_event {
inline constexpr uint32_t kType = 9, kTrackUuid = 11, kCounterValue = 30, kDoubleCounterValue = 44;
inline constexpr uint32_t kTypeCounter = 4;
} // namespace track_event

/// How a kernel encodes sched_switch's prev_state, which Perfetto (and the reader) choose by the
/// release the trace's SystemInfo names: from 4.14 the TASK_REPORT bits with TASK_REPORT_MAX
/// (0x100) for a preempted task and the exit as EXIT_ZOMBIE (0x20); before, the raw task state
/// with TASK_STATE_MAX for a preempted task (0x1000 from 4.8, 0x800 before) and the exit as
/// TASK_DEAD (0x40). Without a release, 4.4's layout, as Perfetto assumes.
struct PrevStateLayout {
    bool modern = false;
    int64_t preempted = 0x800;
    int64_t dead = 0x40;
};

/// The layout of a release such as "6.12.0" or "4.11.0-generic"; nullopt-like `ok` false when
/// it does not start with MAJOR.MINOR.
inline PrevStateLayout prevStateLayoutOf(const std::string& release, bool& ok) {
    int major = 0, minor = 0;
    ok = std::sscanf(release.c_str(), "%d.%d", &major, &minor) == 2;
    PrevStateLayout l;
    if (!ok)
        return l;
    l.modern = major > 4 || (major == 4 && minor >= 14);
    l.preempted = l.modern ? 0x100 : (major == 4 && minor >= 8 ? 0x1000 : 0x800);
    l.dead = l.modern ? 0x20 : 0x40;
    return l;
}

/// The prev_state bits a 4.14+ kernel reports (TASK_REPORT), and those older kernels share.
namespace prev_state {
inline constexpr int64_t kRunning = 0;
inline constexpr int64_t kInterruptible = 0x1;   ///< S
inline constexpr int64_t kUninterruptible = 0x2; ///< D
inline constexpr int64_t kStopped = 0x4;         ///< T
inline constexpr int64_t kTraced = 0x8;          ///< t
inline constexpr int64_t kExitDead = 0x10;       ///< X
inline constexpr int64_t kExitZombie = 0x20;     ///< Z
inline constexpr int64_t kParked = 0x40;         ///< P
inline constexpr int64_t kIdle = 0x80;           ///< I
inline constexpr int64_t kPreempted = 0x100;     ///< R+ (TASK_REPORT_MAX)
} // namespace prev_state

} // namespace core::perfetto
