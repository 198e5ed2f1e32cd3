#pragma once

// A folder `schedscope-cli record` wrote (docs/record-replay.md, "The record folder"): the
// scheduler events in perf.data, and beside them what perf leaves out and a replay needs. This
// reads its manifest (record.json) and its tasks' scheduling attributes (tasks.jsonl); perf.data
// is read by import/perfdata.h, host.json by the scenario loader.

#include "import/traceevent.h"
#include "import/traceobserver.h"

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

namespace core {

/// The manifest's name and the files it lists.
inline constexpr const char* kRecordManifest = "record.json";
inline constexpr const char* kRecordPerfData = "perf.data";
inline constexpr const char* kRecordHost = "host.json";
inline constexpr const char* kRecordTasks = "tasks.jsonl";
/// Present while `record` writes the folder; left behind only when it was killed before it finished.
inline constexpr const char* kRecordIncomplete = "INCOMPLETE";
/// record.json's "format" and the version this reader reads.
inline constexpr const char* kRecordFormat = "schedscope-record";
inline constexpr int kRecordVersion = 1;

/// One line of tasks.jsonl: a task's attributes at the start (`t` 0) or after a change.
struct RecordedAttributes {
    int64_t t = 0;   ///< the recording's clock (perf.data's), 0 for the state at the start
    int32_t tid = 0; ///< the task (a thread id, as sched_switch's pids)
    TaskAttributes attributes;
    std::string cgroup; ///< at the start: its cgroup v2 path ("" when not read)
};

struct RecordFolder {
    std::string dir;
    int version = 0;
    std::string kernelRelease; ///< `uname -r` of the recording machine
    std::string hostname;
    std::string perfVersion;
    std::string started;              ///< the wall-clock start, ISO 8601 UTC
    std::vector<std::string> command; ///< the command recorded (empty when a pid was attached)
    std::optional<int32_t> attachedPid;
    std::optional<int> exitCode, exitSignal; ///< the command's status (none for an attached pid)
    std::vector<int32_t> recorderPids;       ///< the recorder's own processes (schedscope-cli, perf)
    std::vector<RecordedAttributes> tasks;   ///< tasks.jsonl, in file order
    std::vector<std::string> notes;          ///< what the recorder could not read, from the manifest
    std::vector<std::string> hostNotes;      ///< what host.json approximates (`schedscope-cli host`'s notes)
    std::string path(const char* file) const { return dir + "/" + file; }
};

/// Whether `path` is a directory holding record.json or INCOMPLETE (what File > Open, a drop and
/// core::sniff take for a record folder).
bool isRecordFolder(const std::string& path);

/// Reads the manifest and tasks.jsonl. nullopt with `error` naming the file, the place (line and
/// column), what was expected and what was found: a folder without perf.data, an interrupted
/// recording (INCOMPLETE and no record.json), a manifest cut short or of another version.
std::optional<RecordFolder> readRecordFolder(const std::string& dir, std::string& error);

/// The folder's task attributes as events for the trace importer (TraceEventType::Attributes,
/// with the cgroup at the start), strings interned in `strings`.
std::vector<TraceEvent> attributeEvents(const RecordFolder& folder, StringTable& strings);

/// One line of tasks.jsonl (with its end of line), as readRecordFolder reads it back.
std::string recordedAttributesLine(const RecordedAttributes& r);

/// record.json's text for `folder` (its manifest fields; not its tasks): format, version, kernel
/// release, hostname, perf version, start, command or pid, exit status, recorder pids, notes, and
/// what each file holds.
std::string recordManifestText(const RecordFolder& folder);

/// A policy as tasks.jsonl writes it ("other", "batch", "idle", "fifo", "rr") and back.
std::optional<SchedPolicy> recordedPolicy(std::string_view name);

} // namespace core
