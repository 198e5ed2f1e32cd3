// schedscope-cli record [--out DIR] [--for DUR] -- COMMAND [ARGS...] | --pid PID: a record
// folder of the command, or of a running process and the machine (docs/record-replay.md).
#include "commands.h"

#include "reality/recordsession.h"
#include "signalguard.h"

#include <cstdio>
#include <cstdlib>
#include <string>

namespace cli {

using namespace core;

int cmdRecord(Args& args) {
    const auto out = args.take("--out");
    const auto forText = args.take("--for");
    const auto pidText = args.take("--pid");
    const auto perf = args.take("--perf");
    if (reportLeftovers(args))
        return ExitUsage;
    RecordRequest request;
    request.command = args.positional();
    if (pidText) {
        char* end = nullptr;
        const long pid = std::strtol(pidText->c_str(), &end, 10);
        if (end == pidText->c_str() || *end != '\0' || pid <= 0 || pid > 0x3fffffff) {
            std::fprintf(stderr, "schedscope-cli record: --pid: expected a process id, found \"%s\"\n",
                         pidText->c_str());
            return ExitUsage;
        }
        request.pid = static_cast<pid_t>(pid);
    }
    if (request.command.empty() == !request.pid) {
        std::fprintf(stderr,
                     "schedscope-cli record: name a command to run (record -- COMMAND [ARGS...]) or a "
                     "process to attach to (--pid PID), not both\n");
        return ExitUsage;
    }
    if (forText) {
        const auto d = parseForOption(*forText, "record");
        if (!d)
            return ExitUsage;
        request.forNs = d->count();
    }
    request.dir = out.value_or("");
    request.perf = perf.value_or("");
    request.status = [](const std::string& s) { std::fprintf(stderr, "record: %s\n", s.c_str()); };
    request.stopRequested = [] { return stopSignal() != 0; };
    RecordResult r;
    {
        SignalGuard guard;
        r = recordWorkload(request);
    }
    switch (r.status) {
    case RecordResult::Status::Ok:
        break;
    case RecordResult::Status::NoPermission:
        std::fprintf(stderr, "schedscope-cli record: %s\n", r.error.c_str());
        return ExitInvalid;
    case RecordResult::Status::Failed:
        std::fprintf(stderr, "schedscope-cli record: %s%s\n", r.error.c_str(),
                     r.dir.empty() ? "" : (" (the folder " + r.dir + " is left as it is)").c_str());
        return ExitFailure;
    }
    for (const std::string& n : r.notes)
        std::fprintf(stderr, "note: %s\n", n.c_str());
    std::printf(
        "record: wrote %s (perf.data, tasks.jsonl: %zu tasks at the start and %zu changes, host.json, "
        "record.json)\n",
        r.dir.c_str(), r.tasks, r.changes);
    if (r.exitCode)
        std::printf("record: the command exited with status %d\n", *r.exitCode);
    else if (r.exitSignal)
        std::printf("record: the command was ended by signal %d\n", *r.exitSignal);
    else if (request.pid)
        std::printf("record: pid %d attached\n", static_cast<int>(*request.pid));
    return ExitOk;
}

} // namespace cli
