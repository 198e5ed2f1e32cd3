#pragma once

#include "options.h"

#include "base/simtime.h"
#include "scenario/loader.h"
#include "scenario/runrequest.h"
#include "scenario/scenariospec.h"

#include <optional>
#include <string>
#include <vector>

namespace cli {

int cmdList(Args& args);
int cmdValidate(Args& args);
int cmdRun(Args& args);
int cmdBenchEngine(Args& args);
int cmdBenchSeeds(Args& args);
int cmdBenchScale(Args& args);
int cmdBenchMemory(Args& args);
int cmdBenchImport(Args& args);
int cmdBenchSweep(Args& args);
int cmdTraceSummary(Args& args);
int cmdImportRtApp(Args& args);
int cmdImportTrace(Args& args);
int cmdReplay(Args& args);
int cmdHost(Args& args);
int cmdCalibrate(Args& args);
int cmdCosts(Args& args);
int cmdModels(Args& args);
int cmdReality(Args& args);
int cmdRecord(Args& args);
int cmdSweep(Args& args);
int cmdSweepMerge(Args& args);
int cmdQuery(Args& args);
int cmdBenchQuery(Args& args);
int cmdHelp(Args& args);
/// Writes a command's output to `path` atomically (nothing partial is left), or to stdout when
/// no path was given. Returns the exit code: ExitOk, or ExitFailure with the reason on stderr.
int writeOutput(const std::optional<std::string>& path, const std::string& text);
/// Reports options nobody took ("unknown option"); true when there were any.
bool reportLeftovers(Args& args);
/// `--format table|json`: true, or false after saying what was wrong.
bool tableOrJson(const std::string& format, const char* command);
/// What `run` takes to shape a run: `--for`, `--seed`, `--opt`, `--model`, `--costs`.
core::RunRequest takeRunOptions(Args& args);
/// The scenario `source` loaded and shaped by those options as `run` does; problems go to
/// stderr, returns the exit code (ExitOk and `spec`).
int specForRun(const std::string& source, const core::RunRequest& options, const char* command,
               std::optional<core::ScenarioSpec>& spec);
/// A shaped run's notes and problems on stderr (option problems as `command`'s); the exit code
/// (ExitOk and `spec`, ExitUsage for an option, ExitInvalid for a file).
int reportShaped(core::ShapedRun shaped, const char* command, std::optional<core::ScenarioSpec>& spec);
int cmdWhy(Args& args);
/// bench import's trace: `events` consistent scheduler events in ftrace text (8 CPUs, 400 tasks,
/// one microsecond apart) written to `path`. Returns the events written, 0 on error.
uint64_t generateBenchTrace(const std::string& path, uint64_t events);
/// A bench's `--events N` (default 10,000,000; `quick`: 1,000,000): false after saying what
/// was wrong.
bool benchEventsOption(const std::optional<std::string>& text, bool quick, const char* command,
                       uint64_t& events);
/// A file's size in MiB (0 when it cannot be read).
double fileMiB(const std::string& path);
/// This program run with `args` in a child process, its output to /dev/null.
struct BenchChildRun {
    bool ok = false;
    double wall = 0;   ///< seconds
    double rssMiB = 0; ///< peak resident memory
};
BenchChildRun runSelf(const std::vector<std::string>& args);
/// `--for DUR`: a positive duration, or nullopt after saying what was wrong.
std::optional<core::SimTime> parseForOption(const std::string& text, const char* command);

} // namespace cli
