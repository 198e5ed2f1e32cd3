#include "commands.h"

#include "base/kernelmodel.h"
#include "output/summarize.h"
#include "reality/perfrecorder.h"
#include "scenario/loader.h"
#include "sim/engine.h"

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <optional>
#include <string>
#include <vector>

namespace cli {

using namespace core;

namespace {

/// `perf bench sched pipe` as a scenario: two tasks, two pipes, `rounds` round trips.
std::string pingPongScenario(long rounds) {
    const std::string n = std::to_string(rounds);
    return R"({"format": 1, "name": "bench: pipe ping-pong, )" + n + R"( round trips", "duration": "1000s",
      "topology": {"sockets": 1, "cores_per_socket": 2, "threads_per_core": 1, "numa_nodes": 1},
      "kernel": {"model": "v4.11"},
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
      "kernel": {"model": "v4.11"},
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

/// The issue-19 case: perf bench sched pipe with both tasks pinned to CPU 0, in a cgroup three
/// levels deep, PSI and cpuacct on, on kernel model `model`.
std::string pinnedPipeScenario(long rounds, const std::string& model) {
    const std::string n = std::to_string(rounds);
    return R"({"format": 1, "name": "bench: pipe ping-pong pinned to cpu0, 3 cgroup levels, )" + n +
           R"( round trips", "duration": "1000s",
      "topology": {"sockets": 1, "cores_per_socket": 2, "threads_per_core": 1, "numa_nodes": 1},
      "kernel": {"model": ")" +
           model + R"(", "features": {"psi": true, "cpuacct": true}},
      "cgroups": [{"path": "/l1/l2/l3"}],
      "channels": [{"name": "p1", "kind": "pipe"}, {"name": "p2", "kind": "pipe"}],
      "tasks": [
        {"name": "sender", "cpus": "0", "cgroup": "/l1/l2/l3", "program": [{"loop": )" +
           n + R"(, "do": [{"send": "p1"}, {"recv": "p2"}]}]},
        {"name": "receiver", "cpus": "0", "cgroup": "/l1/l2/l3", "program": [{"loop": )" +
           n + R"(, "do": [{"recv": "p1"}, {"send": "p2"}]}]}
      ]})";
}

/// Whether this build keeps the engine's assertions and invariant checks (SCHEDSCOPE_ASSERTS):
/// every engine figure depends on it, so the bench says which it measured.
const char* buildChecksLine() {
#ifdef NDEBUG
    return "build: assertions and invariant checks off (SCHEDSCOPE_ASSERTS=OFF)";
#else
    return "build: assertions and invariant checks on (SCHEDSCOPE_ASSERTS=ON, the default; "
           "docs/performance.md measures them)";
#endif
}

double median(std::vector<double> v) {
    std::sort(v.begin(), v.end());
    return v[v.size() / 2];
}

double fastest(const std::vector<double>& v) {
    return *std::min_element(v.begin(), v.end());
}

/// `bench engine --vs-kernel`: the kernel's own pipe round trips (perf bench sched pipe, pinned
/// to CPU 0) against the simulation of the same benchmark on every kernel model, interleaved,
/// `runs` times each; the median and the fastest of each, the wall time per simulated event and
/// the ratio to the kernel measured in the same sitting.
int benchVsKernel(bool quick, int runs) {
    const long rounds = quick ? 100000 : 1000000;
    const std::string perf = PerfRecorder::find();
    if (perf.empty())
        std::fprintf(stderr,
                     "perf is not installed (Debian: linux-perf): the simulated times alone, no ratio\n");
    std::vector<std::string> models;
    for (const KernelModelInfo& info : kernelModelCatalog())
        models.emplace_back(info.name);
    std::vector<double> kernel;
    std::vector<std::vector<double>> sim(models.size());
    std::vector<uint64_t> events(models.size());
    for (int run = 0; run < runs; ++run) {
        std::fprintf(stderr, "run %d of %d: %ld round trips on the kernel and simulated...\n", run + 1, runs,
                     rounds);
        if (!perf.empty()) {
            std::string error;
            if (const auto t = perfBenchPipe(perf, rounds, 0, error))
                kernel.push_back(*t);
            else
                std::fprintf(stderr, "perf bench sched pipe: %s\n", error.c_str());
        }
        for (size_t m = 0; m < models.size(); ++m) {
            const CaseResult c = runCase("pinned pipe " + models[m], pinnedPipeScenario(rounds, models[m]));
            sim[m].push_back(c.wall);
            events[m] = c.summary.events;
        }
    }
    const double r = static_cast<double>(rounds);
    std::printf("%ld pipe round trips, both tasks on cpu0 (%d interleaved runs: median, fastest)\n", rounds,
                runs);
    std::printf("  %s\n", buildChecksLine());
    std::optional<double> k;
    std::optional<double> kFast;
    if (!kernel.empty()) {
        k = median(kernel);
        kFast = fastest(kernel);
        std::printf("  %-52s %8.3f s  %6.2f us per round trip; fastest %.3f s\n",
                    ("kernel: perf bench sched pipe -l " + std::to_string(rounds) + ", pinned").c_str(), *k,
                    *k / r * 1e6, *kFast);
    }
    for (size_t m = 0; m < models.size(); ++m) {
        const double w = median(sim[m]);
        const double wFast = fastest(sim[m]);
        const double n = static_cast<double>(events[m]);
        std::printf("  %-52s %8.3f s  %6.1f events per round trip, %5.0f ns per event",
                    ("simulated, kernel model " + models[m] + ", 3 cgroup levels, PSI").c_str(), w, n / r,
                    w / n * 1e9);
        if (k)
            std::printf(", %.2fx the kernel's speed", *k / w);
        std::printf("; fastest %.3f s, %.0f ns per event", wFast, wFast / n * 1e9);
        if (kFast)
            std::printf(", %.2fx the fastest kernel run", *kFast / wFast);
        std::printf("\n");
    }
    if (k)
        std::printf("  goal (issues 19 and 60): at least 10 times the kernel's speed\n");
    return ExitOk;
}

} // namespace

int cmdBenchEngine(Args& args) {
    const bool quick = args.flag("--quick");
    const bool vsKernel = args.flag("--vs-kernel");
    const std::optional<std::string> runsText = args.take("--runs");
    if (!args.leftovers().empty()) {
        std::fprintf(stderr, "schedscope-cli bench: unknown option %s\n", args.leftovers()[0].c_str());
        return ExitUsage;
    }
    int runs = 3;
    if (runsText) {
        char* end = nullptr;
        const long n = std::strtol(runsText->c_str(), &end, 10);
        if (!vsKernel || end == runsText->c_str() || *end != '\0' || n < 1 || n > 100) {
            std::fprintf(stderr,
                         "schedscope-cli bench engine: --runs takes 1 to 100 runs and needs --vs-kernel "
                         "(got %s)\n",
                         runsText->c_str());
            return ExitUsage;
        }
        runs = static_cast<int>(n);
    }
    if (vsKernel)
        return benchVsKernel(quick, runs);
    if (quick)
        std::fprintf(stderr, "--quick: workloads scaled down (100,000 round trips; 10 s on 176 CPUs)\n");
    const long rounds = quick ? 100000 : 1000000;
    std::printf("%s\n", buildChecksLine());
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
