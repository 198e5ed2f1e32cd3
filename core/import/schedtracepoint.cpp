#include "import/schedtracepoint.h"

#include <algorithm>
#include <climits>

namespace core {

namespace {

int32_t num(const TracepointFields& f, const char* field) {
    return static_cast<int32_t>(f.number(field).value_or(-1));
}

uint32_t str(const TracepointFields& f, const char* field, StringTable& strings) {
    const std::string_view s = f.text(field);
    return s.empty() ? 0 : strings.intern(s);
}

} // namespace

DataCall dataCallOf(std::string_view name, bool& enter) {
    constexpr std::string_view kEnter = "sys_enter_", kExit = "sys_exit_";
    if (name.substr(0, kEnter.size()) == kEnter) {
        enter = true;
        name.remove_prefix(kEnter.size());
    } else if (name.substr(0, kExit.size()) == kExit) {
        enter = false;
        name.remove_prefix(kExit.size());
    } else {
        return DataCall::None;
    }
    if (name == "read" || name == "readv" || name == "recvfrom" || name == "recvmsg")
        return DataCall::Read;
    if (name == "write" || name == "writev" || name == "sendto" || name == "sendmsg")
        return DataCall::Write;
    return DataCall::None;
}

char taskStateLetter(unsigned long long state, bool& preempt) {
    constexpr unsigned long long kReportMax = 0x100;
    preempt = (state & kReportMax) != 0;
    state &= kReportMax - 1;
    if (state == 0)
        return 'R';
    static constexpr std::string_view kLetters = "SDTtXZPI";
    const int bit = __builtin_ctzll(state);
    return bit < static_cast<int>(kLetters.size()) ? kLetters[static_cast<size_t>(bit)] : '?';
}

void decodeSchedTracepoint(std::string_view name, const TracepointFields& f, StringTable& strings,
                           TraceEvent& ev) {
    bool enter = false;
    if (name == "sched_switch") {
        ev.type = TraceEventType::Switch;
        ev.a = num(f, "prev_pid");
        ev.b = num(f, "next_pid");
        ev.prio = static_cast<int16_t>(num(f, "next_prio"));
        ev.state =
            taskStateLetter(static_cast<unsigned long long>(f.number("prev_state").value_or(-1)), ev.preempt);
        ev.name = str(f, "prev_comm", strings);
        ev.name2 = str(f, "next_comm", strings);
    } else if (name == "sched_waking" || name == "sched_wakeup" || name == "sched_wakeup_new") {
        ev.type = name == "sched_waking"   ? TraceEventType::Waking
                  : name == "sched_wakeup" ? TraceEventType::Wakeup
                                           : TraceEventType::WakeupNew;
        ev.a = num(f, "pid");
        ev.c = num(f, "target_cpu");
        ev.prio = static_cast<int16_t>(num(f, "prio"));
        ev.name = str(f, "comm", strings);
    } else if (name == "sched_migrate_task") {
        ev.type = TraceEventType::Migrate;
        ev.a = num(f, "pid");
        ev.b = num(f, "orig_cpu");
        ev.c = num(f, "dest_cpu");
        ev.name = str(f, "comm", strings);
    } else if (name == "sched_process_fork") {
        ev.type = TraceEventType::Fork;
        ev.a = num(f, "parent_pid");
        ev.b = num(f, "child_pid");
        ev.name = str(f, "child_comm", strings);
    } else if (name == "sched_stat_runtime") {
        ev.type = TraceEventType::Runtime;
        ev.a = num(f, "pid");
        ev.name = str(f, "comm", strings);
    } else if (name == "sched_process_exit") {
        ev.type = TraceEventType::Exit;
        ev.a = num(f, "pid");
        ev.name = str(f, "comm", strings);
    } else if (name == "sched_process_exec") {
        ev.type = TraceEventType::Exec;
        ev.a = num(f, "pid");
        std::string_view file = f.text("filename");
        if (const size_t slash = file.rfind('/'); slash != std::string_view::npos)
            file = file.substr(slash + 1);
        ev.name = strings.intern(file.substr(0, 15));
    } else if (name == "cgroup_attach_task") {
        ev.type = TraceEventType::CgroupAttach;
        ev.a = num(f, "pid");
        ev.c = num(f, "dst_root");
        ev.name = str(f, "comm", strings);
        ev.name2 = str(f, "dst_path", strings);
    } else if (dataCallOf(name, enter) != DataCall::None) {
        const DataCall call = dataCallOf(name, enter);
        ev.type = enter ? TraceEventType::CallEnter : TraceEventType::CallExit;
        ev.a = static_cast<int32_t>(call);
        ev.name = strings.intern(name); // what a conversion (output/perfettoconvert) names it by
        if (enter) {
            ev.b = num(f, "fd");
            ev.c = -1; // the thread group, where the format has it (perf.data's sample)
        } else {
            const long long ret = f.number("ret").value_or(-1);
            ev.c = static_cast<int32_t>(std::clamp<long long>(ret, INT32_MIN, INT32_MAX));
        }
    } else {
        ev.type = TraceEventType::Unknown;
        ev.name = strings.intern(name);
    }
}

} // namespace core
