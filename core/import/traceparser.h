#pragma once

#include "import/traceevent.h"

#include <cstdint>
#include <string>
#include <string_view>

namespace core {

/// Reads one line of a text trace into a TraceEvent. Understands the three text forms of the
/// same tracepoints: the kernel's own (`/sys/kernel/tracing/trace`, "comm-pid [cpu] flags
/// time: event: key=value..."), `trace-cmd report` (the same lines, some events printed by its
/// plugins as "comm:pid [prio] S ==> comm:pid [prio]") and `perf script` ("comm pid [cpu]
/// time: sys:event: key=value..."). Fields are read by key, so fields added by other kernels
/// are ignored; values may contain spaces (a comm like "Web Content").
class TraceTextParser {
public:
    enum class Result {
        Event,    ///< `ev` holds an event (possibly a Lost marker or an Unknown one)
        Skip,     ///< a header, comment or blank line
        Malformed ///< not a trace line; error() says why
    };

    explicit TraceTextParser(StringTable& strings)
        : m_strings(strings) {}

    Result parse(std::string_view line, uint32_t lineNo, TraceEvent& ev);
    /// Why the last line was malformed: "expected ..., found ...".
    const std::string& error() const { return m_error; }

    /// What the headers said: the flavour ("ftrace", "trace-cmd-report", "perf-script"; empty
    /// until known), the number of CPUs, and how many entries an overwriting ring buffer lost.
    const std::string& flavor() const { return m_flavor; }
    int declaredCpus() const { return m_cpus; }
    uint64_t overwritten() const { return m_overwritten; }

private:
    Result malformed(std::string what, std::string_view found);
    Result parseHeader(std::string_view line);
    Result parsePerfLost(std::string_view text, TraceEvent& ev);
    bool parseFields(TraceEventType type, std::string_view fields, TraceEvent& ev);
    bool parsePluginSwitch(std::string_view fields, TraceEvent& ev);
    bool parsePluginWakeup(std::string_view fields, TraceEvent& ev);

    StringTable& m_strings;
    std::string m_error;
    std::string m_flavor;
    bool m_traceCmd = false; ///< trace-cmd report (lines may start with an instance's name)
    int m_cpus = 0;
    uint64_t m_overwritten = 0;
};

/// Nanoseconds from a trace timestamp ("386.552228", "356.381997360"); false when it is not one.
bool parseTraceTimestamp(std::string_view text, int64_t& ns);

} // namespace core
