#pragma once

#include <sys/types.h>

#include <functional>
#include <optional>
#include <string>
#include <vector>

namespace core {

/// `perf sched record` of the whole machine, started with its events disabled and switched on
/// and off through perf's control pipe (`--control fd:CTL,ACK`), so the recording covers the
/// workload and not perf's own start-up (docs/reality.md).
class PerfRecorder {
public:
    PerfRecorder() = default;
    PerfRecorder(const PerfRecorder&) = delete;
    PerfRecorder& operator=(const PerfRecorder&) = delete;
    ~PerfRecorder() { stop(); }

    /// The perf executable found in PATH ("" when there is none).
    static std::string find();
    /// `perf --version`'s line ("" when it cannot be run).
    static std::string version(const std::string& perf);

    /// Starts recording into `dataPath` (perf's messages go to `logPath`), events off; `extra`
    /// are more options of perf record (another clock, more events). Returns "" or what went wrong.
    std::string start(const std::string& perf, const std::string& dataPath, const std::string& logPath,
                      const std::vector<std::string>& extra = {});
    /// Switches the events on; returns once perf has acknowledged it (or with the error).
    std::string enable();
    /// Switches the events off and lets perf write its file. Idempotent; "" or what went wrong.
    std::string stop();
    pid_t pid() const { return m_pid; }

private:
    std::string command(const char* what);

    pid_t m_pid = -1;
    int m_ctl = -1, m_ack = -1;
    std::string m_log;
};

/// Whether this process may record every CPU's scheduler events with `perf` (found on PATH when
/// empty): "" or what is missing (perf not installed, not root and perf_event_paranoid above -1).
std::string perfRecordingProblem(const std::string& perf);

/// `perf script --ns -i dataPath > outPath`, polled so that `cancelled` (may be empty) can stop
/// it. Returns "" or what went wrong.
std::string perfScript(const std::string& perf, const std::string& dataPath, const std::string& outPath,
                       const std::function<bool()>& cancelled);

/// Runs a child process to completion, its output to `outPath` ("" = /dev/null), polling
/// `cancelled`; pinned to CPU `cpu` when it is not -1. Returns "" or what went wrong.
std::string runProgram(const std::vector<std::string>& argv, const std::string& outPath,
                       const std::function<bool()>& cancelled, int cpu = -1);

/// `perf bench sched pipe -l loops`, pinned to CPU `cpu`: perf's "Total time" in seconds, or
/// nullopt with `error` saying why.
std::optional<double> perfBenchPipe(const std::string& perf, long loops, int cpu, std::string& error);

} // namespace core
