#pragma once

// `schedscope-cli record`: a command (or a running process) recorded into a record folder
// (docs/record-replay.md, "The record folder"): perf.data as perf sched record writes it, plus
// what perf leaves out and a replay needs (tasks.jsonl, host.json), described by record.json.
// Every process, perf instance and tracing instance it makes is removed on success, error and
// signal.

#include <sys/types.h>

#include <ctime>
#include <functional>
#include <optional>
#include <string>
#include <vector>

namespace core {

struct RecordRequest {
    std::string dir;                     ///< the folder to write ("": defaultRecordDir)
    std::optional<int64_t> forNs;        ///< stop after this long (the command is sent SIGTERM)
    std::vector<std::string> command;    ///< the command to run, or
    std::optional<pid_t> pid;            ///< the process to attach to (until it ends, --for or a stop)
    std::string perf;                    ///< the perf program ("": perf on PATH)
    std::function<bool()> stopRequested; ///< a Ctrl+C or SIGTERM: end the recording in order
    std::function<void(const std::string&)> status;
};

struct RecordResult {
    enum class Status { Ok, NoPermission, Failed };
    Status status = Status::Failed;
    std::string error;
    std::string dir;
    std::optional<int> exitCode, exitSignal; ///< the command's (none for an attached pid)
    size_t tasks = 0, changes = 0;           ///< tasks.jsonl: tasks at the start, changes after
    std::vector<std::string> notes;          ///< what was not recorded, as the manifest says
};

/// "schedscope-rec-YYYYMMDD-HHMMSS" (local time) for `now`.
std::string defaultRecordDir(std::time_t now);

RecordResult recordWorkload(const RecordRequest& request);

/// What `record` adds to perf sched record's own events: the monotonic clock, cgroup moves, the
/// data calls (read, write and kin: their enter and exit, where this kernel has them) and a
/// 32 MiB buffer a CPU.
std::vector<std::string> recordTracingOptions();

/// Runs `body` while the whole machine is traced as `record` traces it (perf sched record with
/// recordTracingOptions, into a temporary folder that is removed afterwards), so that what
/// `body` measures pays the tracing a recorded run paid (`calibrate --traced`). Returns "" or
/// what went wrong (perf missing or not allowed, perf failing); an exception from `body` passes
/// through after perf has been stopped and its file removed.
std::string underRecordTracing(const std::string& perf, const std::function<void()>& body);

} // namespace core
