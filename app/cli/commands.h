#pragma once

#include "options.h"

namespace cli {

int cmdList(Args& args);
int cmdValidate(Args& args);
int cmdRun(Args& args);
int cmdBench(Args& args);
int cmdBenchSeeds(Args& args);
int cmdBenchScale(Args& args);
int cmdBenchMemory(Args& args);
int cmdCosts(Args& args);
int cmdModels(Args& args);
void printUsage();

} // namespace cli
