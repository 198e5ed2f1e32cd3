// schedscope-cli: runs SchedScope scenarios headless.
#include "commands.h"

#include <cstdio>
#include <cstring>
#include <string>

int main(int argc, char** argv) {
    using namespace cli;
    if (argc < 2) {
        printUsage();
        return ExitUsage;
    }
    const std::string cmd = argv[1];
    Args args(argc, argv, 2);
    if (cmd == "help" || cmd == "--help" || cmd == "-h") {
        printUsage();
        return ExitOk;
    }
    if (cmd == "--version") {
        std::printf("schedscope-cli 0.1.0\n");
        return ExitOk;
    }
    if (!args.error().empty()) {
        std::fprintf(stderr, "schedscope-cli: %s\n", args.error().c_str());
        return ExitUsage;
    }
    int rc;
    if (cmd == "list")
        rc = cmdList(args);
    else if (cmd == "validate")
        rc = cmdValidate(args);
    else if (cmd == "run")
        rc = cmdRun(args);
    else if (cmd == "models")
        rc = cmdModels(args);
    else if (cmd == "costs")
        rc = cmdCosts(args);
    else if (cmd == "bench")
        rc = cmdBench(args);
    else if (cmd == "trace-summary")
        rc = cmdTraceSummary(args);
    else if (cmd == "import-trace")
        rc = cmdImportTrace(args);
    else if (cmd == "replay")
        rc = cmdReplay(args);
    else if (cmd == "import-rtapp")
        rc = cmdImportRtApp(args);
    else if (cmd == "host")
        rc = cmdHost(args);
    else if (cmd == "calibrate")
        rc = cmdCalibrate(args);
    else if (cmd == "reality")
        rc = cmdReality(args);
    else if (cmd == "sweep")
        rc = cmdSweep(args);
    else if (cmd == "sweep-merge")
        rc = cmdSweepMerge(args);
    else if (cmd == "why")
        rc = cmdWhy(args);
    else if (cmd == "query")
        rc = cmdQuery(args);
    else {
        std::fprintf(stderr, "schedscope-cli: unknown command \"%s\"; see schedscope-cli help\n",
                     cmd.c_str());
        return ExitUsage;
    }
    return rc;
}
