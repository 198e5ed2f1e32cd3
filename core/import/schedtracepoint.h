#pragma once

// The scheduler tracepoints as a binary recording holds them (trace.dat, perf.data): each event's
// fields read by name and turned into a TraceEvent (docs/traces.md). The text formats are parsed
// by import/traceparser instead.

#include "import/traceevent.h"

#include <cstdint>
#include <optional>
#include <string_view>

namespace core {

/// One recorded tracepoint event, its fields read by name.
class TracepointFields {
public:
    virtual ~TracepointFields() = default;
    /// The field as a number; nullopt when the event has no such field.
    virtual std::optional<long long> number(const char* field) const = 0;
    /// A text field (a comm, a path) up to its first NUL; empty when there is none.
    virtual std::string_view text(const char* field) const = 0;
};

/// The irq bits of `common_flags` (TRACE_FLAG_HARDIRQ 0x08, TRACE_FLAG_SOFTIRQ 0x10,
/// TRACE_FLAG_NMI 0x40): the event ran in interrupt context.
inline bool irqContext(unsigned long long commonFlags) {
    return (commonFlags & 0x58) != 0;
}

/// sched_switch's prev_state as a number: the TASK_REPORT bit's letter (R for none), and
/// `preempt` for TASK_REPORT_MAX (0x100, "R+" in text).
char taskStateLetter(unsigned long long state, bool& preempt);

/// Fills `ev`'s type and the fields that type uses from the event named `name` (sched_switch,
/// sched_waking, ..., cgroup_attach_task); any other name is an Unknown event of that name.
/// `ev`'s time, CPU, current task and irq flag are the caller's.
void decodeSchedTracepoint(std::string_view name, const TracepointFields& fields, StringTable& strings,
                           TraceEvent& ev);

} // namespace core
