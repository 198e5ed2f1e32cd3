// schedscope-cli: runs SchedScope scenarios headless.
#include "commandcatalog.h"
#include "help.h"

#include <cstdio>
#include <cstring>
#include <string>

int main(int argc, char** argv) {
    using namespace cli;
    if (argc < 2) {
        printUsage();
        return ExitUsage;
    }
    std::string cmd = argv[1];
    if (cmd == "--version") {
        std::printf("schedscope-cli %s\n", SCHEDSCOPE_VERSION);
        return ExitOk;
    }
    if (cmd == "--help" || cmd == "-h")
        cmd = "help";
    Args args(argc, argv, 2);
    if (!args.error().empty()) {
        std::fprintf(stderr, "schedscope-cli: %s\n", args.error().c_str());
        return ExitUsage;
    }
    const CommandInfo* command = findCommand(cmd, args.positional());
    const bool help = args.flag("--help") || args.flag("-h");
    if (!command && !subcommandsOf(cmd).empty()) {
        // A group (bench) without one of its subcommands.
        if (help)
            return helpOn(cmd);
        std::string list;
        const auto subs = subcommandsOf(cmd);
        for (size_t i = 0; i < subs.size(); ++i)
            list += (i == 0 ? "\"" : i + 1 == subs.size() ? " or \"" : ", \"") + std::string(subs[i]) + "\"";
        std::fprintf(stderr, "schedscope-cli %s: expected %s\n", cmd.c_str(), list.c_str());
        return ExitUsage;
    }
    if (!command) {
        std::fprintf(stderr, "schedscope-cli: unknown command \"%s\"; see schedscope-cli help\n",
                     cmd.c_str());
        return ExitUsage;
    }
    if (help) {
        printCommandUsage(*command);
        return ExitOk;
    }
    return command->run(args);
}
