#include "commands.h"

#include "output/summary.h"
#include "scenario/loader.h"
#include "sim/engine.h"

#include <chrono>
#include <cstdio>
#include <string>

namespace cli {

using namespace core;

namespace {

/// `perf bench sched pipe` as a scenario: two tasks, two pipes, `rounds` round trips.
std::string pingPongScenario(long rounds) {
    const std::string n = std::to_string(rounds);
    return R"({"format": 1, "name": "bench: pipe ping-pong, )" + n + R"( round trips", "duration": "1000s",
      "topology": {"sockets": 1, "cores_per_socket": 2, "threads_per_core": 1, "numa_nodes": 1},
      "channels": [{"name": "p1", "kind": "pipe"}, {"name": "p2", "kind": "pipe"}],
      "tasks": [
        {"name": "sender", "program": [{"loop": )" +
           n + R"(, "do": [{"send": "p1"}, {"recv": "p2"}]}]},
        {"name": "receiver", "program": [{"loop": )" +
           n + R"(, "do": [{"recv": "p1"}, {"send": "p2"}]}]}
      ]})";
}

struct CaseResult {
    std::string name;
    double wall;
    RunSummary summary;
};

CaseResult runCase(const std::string& name, const std::string& text) {
    LoadResult r = loadScenarioText(text, name);
    if (!r.ok()) {
        for (const auto& e : r.errors)
            std::fprintf(stderr, "%s\n", e.c_str());
        std::exit(ExitFailure);
    }
    Engine engine(std::make_shared<const ScenarioSpec>(std::move(*r.spec)));
    const auto t0 = std::chrono::steady_clock::now();
    engine.runToEnd();
    const double wall = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
    return {name, wall, summarize(engine)};
}

/// The seed's POWER8 (22 cores x SMT8 = 176 CPUs) with 96 mostly CPU-bound threads.
std::string bigMachineScenario(const std::string& duration) {
    return R"({"format": 1, "name": "bench: 176 CPUs, 96 threads", "duration": ")" + duration + R"(",
      "topology": {"sockets": 1, "cores_per_socket": 22, "threads_per_core": 8, "numa_nodes": 1},
      "tasks": [{"name": "worker", "count": 96, "program": [{"loop": -1, "do": [
        {"run": {"exp": "1s"}}, {"sleep": {"exp": "100us"}}]}]}]})";
}

void printCase(const CaseResult& c, double roundTrips) {
    const RunSummary& s = c.summary;
    std::printf("%s\n", c.name.c_str());
    if (roundTrips > 0) {
        std::printf("  %-34s %.0f\n", "round trips", roundTrips);
        std::printf("  %-34s %s (%.3f us per round trip)\n", "simulated time",
                    formatTimeHuman(s.simTime).c_str(), s.simTime.seconds() * 1e6 / roundTrips);
    } else {
        std::printf("  %-34s %s\n", "simulated time", formatTimeHuman(s.simTime).c_str());
    }
    std::printf("  %-34s %llu\n", "events", static_cast<unsigned long long>(s.events));
    std::printf("  %-34s %llu\n", "context switches",
                static_cast<unsigned long long>(s.counters.contextSwitches));
    std::printf("  %-34s %llu\n", "migrations", static_cast<unsigned long long>(s.counters.migrations));
    std::printf("  %-34s %.3f s\n", "wall time", c.wall);
    std::printf("  %-34s %.3f s\n", "wall time per simulated second", c.wall / s.simTime.seconds());
    std::printf("  %-34s %.2f M/s\n", "events per wall second", static_cast<double>(s.events) / c.wall / 1e6);
    std::printf("  %-34s %.2f M/s\n", "context switches per wall second",
                static_cast<double>(s.counters.contextSwitches) / c.wall / 1e6);
    if (roundTrips > 0)
        std::printf("  %-34s %.2f M/s\n", "round trips per wall second", roundTrips / c.wall / 1e6);
}

} // namespace

int cmdBench(Args& args) {
    if (args.positional().size() == 1 && args.positional()[0] == "seeds")
        return cmdBenchSeeds(args);
    if (args.positional().size() == 1 && args.positional()[0] == "scale")
        return cmdBenchScale(args);
    if (args.positional().size() == 1 && args.positional()[0] == "memory")
        return cmdBenchMemory(args);
    if (args.positional().size() == 1 && args.positional()[0] == "import")
        return cmdBenchImport(args);
    if (args.positional().size() != 1 || args.positional()[0] != "engine") {
        std::fprintf(
            stderr,
            "schedscope-cli bench: expected \"engine\", \"seeds\", \"scale\", \"memory\" or \"import\"\n");
        return ExitUsage;
    }
    const bool quick = args.flag("--quick");
    if (!args.leftovers().empty()) {
        std::fprintf(stderr, "schedscope-cli bench: unknown option %s\n", args.leftovers()[0].c_str());
        return ExitUsage;
    }
    if (quick)
        std::fprintf(stderr, "--quick: workloads scaled down (100,000 round trips; 10 s on 176 CPUs)\n");
    const long rounds = quick ? 100000 : 1000000;
    std::fprintf(stderr, "running pipe ping-pong, %ld round trips on 2 CPUs...\n", rounds);
    CaseResult pipe = runCase("pipe ping-pong, 2 tasks, 2 CPUs", pingPongScenario(rounds));
    uint64_t transfers = 0;
    for (const auto& ch : pipe.summary.channels)
        transfers += ch.transfers;
    printCase(pipe, static_cast<double>(transfers) / 2.0);
    std::fflush(stdout);
    const std::string dur = quick ? "10s" : "100s";
    std::fprintf(stderr, "running 96 threads on 176 CPUs for %s simulated...\n", dur.c_str());
    CaseResult big = runCase("176 CPUs (22 cores x SMT8), 96 threads, " + dur, bigMachineScenario(dur));
    printCase(big, 0);
    return ExitOk;
}
} // namespace cli
