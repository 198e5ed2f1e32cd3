#pragma once

#include "options.h"

#include <optional>
#include <string>

namespace cli {

int cmdList(Args& args);
int cmdValidate(Args& args);
int cmdRun(Args& args);
int cmdBench(Args& args);
int cmdBenchSeeds(Args& args);
int cmdBenchScale(Args& args);
int cmdBenchMemory(Args& args);
int cmdBenchImport(Args& args);
int cmdTraceSummary(Args& args);
int cmdImportRtApp(Args& args);
int cmdHost(Args& args);
int cmdCalibrate(Args& args);
int cmdCosts(Args& args);
int cmdModels(Args& args);
void printUsage();
/// Writes a command's output to `path` atomically (nothing partial is left), or to stdout when
/// no path was given. Returns the exit code: ExitOk, or ExitFailure with the reason on stderr.
int writeOutput(const std::optional<std::string>& path, const std::string& text);

} // namespace cli
