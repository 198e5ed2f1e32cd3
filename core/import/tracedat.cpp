#include "import/tracedat.h"

#if SCHEDSCOPE_HAVE_LIBTRACECMD
#include <sched.h>
extern "C" {
#include <event-parse.h>
// libtracecmd's own header pulls in tracefs.h, which is not valid C++ (an int passed as an
// enum); these are the few functions used, as trace-cmd.h (3.x) declares them.
struct tracecmd_input;
tracecmd_input* tracecmd_open(const char* file, int flags);
void tracecmd_close(tracecmd_input* handle);
tep_handle* tracecmd_get_tep(tracecmd_input* handle);
int tracecmd_iterate_events_multi(tracecmd_input** handles, int count,
                                  int (*callback)(tracecmd_input*, tep_record*, int, void*), void* data);
int tracecmd_buffer_instances(tracecmd_input* handle);
tracecmd_input* tracecmd_buffer_instance_handle(tracecmd_input* handle, int index);
void tracecmd_set_loglevel(enum tep_loglevel level);
}
#endif

#include <array>
#include <cstring>
#include <string_view>
#include <vector>

namespace core {

#if SCHEDSCOPE_HAVE_LIBTRACECMD

namespace {

/// prev_state as a number: bits of TASK_REPORT (R is no bit; TASK_REPORT_MAX marks preemption).
char stateLetter(unsigned long long state, bool& preempt) {
    constexpr unsigned long long kReportMax = 0x100;
    preempt = (state & kReportMax) != 0;
    state &= kReportMax - 1;
    if (state == 0)
        return 'R';
    static constexpr std::string_view kLetters = "SDTtXZPI";
    const int bit = __builtin_ctzll(state);
    return bit < static_cast<int>(kLetters.size()) ? kLetters[static_cast<size_t>(bit)] : '?';
}

struct Reader {
    StringTable& strings;
    const std::function<void(const TraceEvent&)>& add;
    const std::function<bool(double)>& progress;
    tep_handle* tep = nullptr;
    uint64_t records = 0;
    bool cancelled = false;

    long long num(tep_event* e, tep_record* r, const char* field) {
        unsigned long long v = 0;
        if (tep_get_field_val(nullptr, e, field, r, &v, 0) != 0)
            return -1;
        return static_cast<long long>(v);
    }
    uint32_t str(tep_event* e, tep_record* r, const char* field) {
        int len = 0;
        const char* raw = static_cast<const char*>(tep_get_field_raw(nullptr, e, field, r, &len, 0));
        if (!raw || len <= 0)
            return 0;
        return strings.intern(std::string_view(raw, strnlen(raw, static_cast<size_t>(len))));
    }

    int record(tracecmd_input* handle, tep_record* r) {
        tep = tracecmd_get_tep(handle);
        ++records;
        if (r->missed_events != 0) {
            TraceEvent lost;
            lost.type = TraceEventType::Lost;
            lost.time = static_cast<int64_t>(r->ts);
            lost.cpu = r->cpu;
            lost.line = static_cast<uint32_t>(records);
            lost.lost = r->missed_events > 0 ? static_cast<uint64_t>(r->missed_events) : 1;
            add(lost);
        }
        tep_event* e = tep_find_event_by_record(tep, r);
        if (!e)
            return 0;
        TraceEvent ev;
        ev.time = static_cast<int64_t>(r->ts);
        ev.cpu = r->cpu;
        ev.line = static_cast<uint32_t>(records);
        ev.pid = tep_data_pid(tep, r);
        if (const char* comm = tep_data_comm_from_pid(tep, ev.pid))
            ev.current = strings.intern(comm);
        // common_flags: TRACE_FLAG_HARDIRQ 0x08, TRACE_FLAG_SOFTIRQ 0x10, TRACE_FLAG_NMI 0x40.
        if (unsigned long long flags = 0;
            tep_get_common_field_val(nullptr, e, "common_flags", r, &flags, 0) == 0)
            ev.irq = (flags & 0x58) != 0;
        const std::string_view name = e->name ? e->name : "";
        if (name == "sched_switch") {
            ev.type = TraceEventType::Switch;
            ev.a = static_cast<int32_t>(num(e, r, "prev_pid"));
            ev.b = static_cast<int32_t>(num(e, r, "next_pid"));
            ev.prio = static_cast<int16_t>(num(e, r, "next_prio"));
            ev.state = stateLetter(static_cast<unsigned long long>(num(e, r, "prev_state")), ev.preempt);
            ev.name = str(e, r, "prev_comm");
            ev.name2 = str(e, r, "next_comm");
        } else if (name == "sched_waking" || name == "sched_wakeup" || name == "sched_wakeup_new") {
            ev.type = name == "sched_waking"   ? TraceEventType::Waking
                      : name == "sched_wakeup" ? TraceEventType::Wakeup
                                               : TraceEventType::WakeupNew;
            ev.a = static_cast<int32_t>(num(e, r, "pid"));
            ev.c = static_cast<int32_t>(num(e, r, "target_cpu"));
            ev.prio = static_cast<int16_t>(num(e, r, "prio"));
            ev.name = str(e, r, "comm");
        } else if (name == "sched_migrate_task") {
            ev.type = TraceEventType::Migrate;
            ev.a = static_cast<int32_t>(num(e, r, "pid"));
            ev.b = static_cast<int32_t>(num(e, r, "orig_cpu"));
            ev.c = static_cast<int32_t>(num(e, r, "dest_cpu"));
            ev.name = str(e, r, "comm");
        } else if (name == "sched_process_fork") {
            ev.type = TraceEventType::Fork;
            ev.a = static_cast<int32_t>(num(e, r, "parent_pid"));
            ev.b = static_cast<int32_t>(num(e, r, "child_pid"));
            ev.name = str(e, r, "child_comm");
        } else if (name == "sched_stat_runtime") {
            ev.type = TraceEventType::Runtime;
            ev.a = static_cast<int32_t>(num(e, r, "pid"));
            ev.name = str(e, r, "comm");
        } else if (name == "sched_process_exit") {
            ev.type = TraceEventType::Exit;
            ev.a = static_cast<int32_t>(num(e, r, "pid"));
            ev.name = str(e, r, "comm");
        } else if (name == "sched_process_exec") {
            ev.type = TraceEventType::Exec;
            ev.a = static_cast<int32_t>(num(e, r, "pid"));
            std::string_view file = strings.at(str(e, r, "filename"));
            if (const size_t slash = file.rfind('/'); slash != std::string_view::npos)
                file = file.substr(slash + 1);
            ev.name = strings.intern(file.substr(0, 15));
        } else if (name == "cgroup_attach_task") {
            ev.type = TraceEventType::CgroupAttach;
            ev.a = static_cast<int32_t>(num(e, r, "pid"));
            ev.c = static_cast<int32_t>(num(e, r, "dst_root"));
            ev.name = str(e, r, "comm");
            ev.name2 = str(e, r, "dst_path");
        } else {
            ev.type = TraceEventType::Unknown;
            ev.name = strings.intern(name);
        }
        add(ev);
        if (progress && (records & 0xffff) == 0 && !progress(0.5)) {
            cancelled = true;
            return 1; // stops the iteration
        }
        return 0;
    }
};

} // namespace

bool traceDatSupported() {
    return true;
}

std::string readTraceDat(const std::string& path, StringTable& strings,
                         const std::function<void(const TraceEvent&)>& add,
                         const std::function<bool(double)>& progress) {
    tracecmd_set_loglevel(TEP_LOG_NONE);
    tracecmd_input* handle = tracecmd_open(path.c_str(), 0);
    if (!handle)
        return path + ": expected a trace-cmd trace.dat that libtracecmd can open, found a damaged or "
                      "unsupported file";
    // The top buffer and every instance buffer (trace-cmd record -B, extract -B), merged in
    // time order.
    std::vector<tracecmd_input*> handles{handle};
    for (int i = 0, n = tracecmd_buffer_instances(handle); i < n; ++i)
        if (tracecmd_input* instance = tracecmd_buffer_instance_handle(handle, i))
            handles.push_back(instance);
    Reader reader{strings, add, progress};
    tracecmd_iterate_events_multi(
        handles.data(), static_cast<int>(handles.size()),
        [](tracecmd_input* h, tep_record* r, int, void* data) {
            return static_cast<Reader*>(data)->record(h, r);
        },
        &reader);
    for (size_t i = handles.size(); i-- > 0;)
        tracecmd_close(handles[i]);
    return reader.cancelled ? path + ": import cancelled" : std::string();
}

#else

bool traceDatSupported() {
    return false;
}

std::string readTraceDat(const std::string& path, StringTable&, const std::function<void(const TraceEvent&)>&,
                         const std::function<bool(double)>&) {
    return path +
           ": a trace.dat file, but this build has no libtracecmd (install libtracecmd-dev and rebuild), "
           "or convert it with `trace-cmd report " +
           path + " > trace.txt` and open that";
}

#endif

} // namespace core
