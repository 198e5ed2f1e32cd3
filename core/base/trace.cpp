#include "base/trace.h"

namespace core {

std::string_view migrationReasonName(MigrationReason r) {
    switch (r) {
    case MigrationReason::Wakeup:
        return "wakeup";
    case MigrationReason::Periodic:
        return "periodic";
    case MigrationReason::Newidle:
        return "newidle";
    case MigrationReason::Nohz:
        return "nohz";
    case MigrationReason::Active:
        return "active";
    case MigrationReason::Affinity:
        return "affinity";
    case MigrationReason::Move:
        return "move";
    case MigrationReason::RtPush:
        return "rt_push";
    case MigrationReason::RtPull:
        return "rt_pull";
    }
    return "?";
}

std::string_view wakeSourceName(WakeSource s) {
    switch (s) {
    case WakeSource::Task:
        return "task";
    case WakeSource::Timer:
        return "timer";
    case WakeSource::Interrupt:
        return "interrupt";
    case WakeSource::Fork:
        return "fork";
    }
    return "?";
}

std::string_view preemptRuleName(PreemptRule r) {
    switch (r) {
    case PreemptRule::None:
        return "none";
    case PreemptRule::Wakeup:
        return "wakeup";
    case PreemptRule::RtPriority:
        return "rt";
    case PreemptRule::Tick:
        return "tick";
    case PreemptRule::Deadline:
        return "deadline";
    case PreemptRule::ShortSlice:
        return "short_slice";
    case PreemptRule::Protection:
        return "protection";
    case PreemptRule::CpuMax:
        return "cpu_max";
    case PreemptRule::RtThrottle:
        return "rt_throttle";
    case PreemptRule::FairServer:
        return "fair_server";
    case PreemptRule::Yield:
        return "yield";
    case PreemptRule::Other:
        return "other";
    case PreemptRule::Unknown:
        break;
    }
    return "unknown";
}

} // namespace core
