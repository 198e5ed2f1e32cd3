#include "import/tracedat.h"

#include "import/schedtracepoint.h"

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

struct Reader {
    StringTable& strings;
    const std::function<void(const TraceEvent&)>& add;
    const std::function<bool(double)>& progress;
    tep_handle* tep = nullptr;
    uint64_t records = 0;
    bool cancelled = false;

    /// One record's fields, read through libtraceevent.
    struct Fields final : TracepointFields {
        tep_event* e;
        tep_record* r;
        Fields(tep_event* event, tep_record* record)
            : e(event)
            , r(record) {}
        std::optional<long long> number(const char* field) const override {
            unsigned long long v = 0;
            if (tep_get_field_val(nullptr, e, field, r, &v, 0) != 0)
                return std::nullopt;
            return static_cast<long long>(v);
        }
        std::string_view text(const char* field) const override {
            int len = 0;
            const char* raw = static_cast<const char*>(tep_get_field_raw(nullptr, e, field, r, &len, 0));
            if (!raw || len <= 0)
                return {};
            return std::string_view(raw, strnlen(raw, static_cast<size_t>(len)));
        }
    };

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
        if (unsigned long long flags = 0;
            tep_get_common_field_val(nullptr, e, "common_flags", r, &flags, 0) == 0)
            ev.irq = irqContext(flags);
        decodeSchedTracepoint(e->name ? e->name : "", Fields(e, r), strings, ev);
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
