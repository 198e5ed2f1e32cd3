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

} // namespace core
