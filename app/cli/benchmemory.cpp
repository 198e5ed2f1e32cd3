#include "commands.h"

#include "scenario/builtins.h"
#include "scenario/loader.h"
#include "sim/engine.h"

#include <malloc.h>

#include <chrono>
#include <cstdio>
#include <string>
#include <vector>

namespace cli {

using namespace core;

namespace {

/// Heap in use now, MB (glibc: allocated chunks plus mmapped blocks).
double heapMb() {
    const struct mallinfo2 m = mallinfo2();
    return static_cast<double>(m.uordblks + m.hblkhd) / (1024.0 * 1024.0); // small chunks + mmapped blocks
}

/// A spawner that forks children forever; each child runs ~10 us and exits.
std::string churnScenario(const std::string& duration) {
    return R"({"format": 1, "name": "fork and exit churn", "duration": ")" + duration + R"(",
      "topology": {"sockets": 1, "cores_per_socket": 4, "threads_per_core": 2, "numa_nodes": 1},
      "kernel": {"model": "v4.11"},
      "cgroups": [{"path": "/jobs/batch"}],
      "tasks": [{"name": "spawner", "count": 4, "cgroup": "/jobs/batch", "program": [{"loop": -1, "do": [
        {"fork": {"name": "child", "program": [{"run": {"exp": "10us"}}]}}, {"run": "2us"}]}]}]})";
}

struct Probe {
    double simSeconds;
    double heap;
    uint64_t forks;
    size_t liveTasks;
    size_t taskSlots;
};

/// Runs `text` to each checkpoint and reports the engine's heap there.
std::vector<Probe> probe(const std::string& text, const std::vector<SimTime>& checkpoints) {
    LoadResult r = loadScenarioText(text, "bench-memory");
    if (!r.ok()) {
        for (const auto& e : r.errors)
            std::fprintf(stderr, "%s\n", e.c_str());
        std::exit(ExitFailure);
    }
    r.spec->duration = checkpoints.back();
    std::vector<Probe> out;
    Engine e(std::make_shared<const ScenarioSpec>(std::move(*r.spec)));
    for (SimTime t : checkpoints) {
        e.runUntil(t);
        malloc_trim(0);
        out.push_back(
            {e.now().seconds(), heapMb(), e.counters().forks, e.tasks().liveCount(), e.tasks().slotCount()});
        std::fprintf(
            stderr, "  %10.0f s simulated: heap %8.2f MB, %llu forks, %zu live tasks, %zu task slots\n",
            out.back().simSeconds, out.back().heap, static_cast<unsigned long long>(out.back().forks),
            out.back().liveTasks, out.back().taskSlots);
    }
    return out;
}

} // namespace

/// `bench memory`: the engine's own memory over simulated time: the default scenario for an
/// hour, and fork/exit churn of ten million tasks. Neither may grow with time.
int cmdBenchMemory(Args& args) {
    const bool quick = args.flag("--quick");
    for (const std::string& l : args.leftovers()) {
        std::fprintf(stderr, "schedscope-cli bench memory: unknown option %s\n", l.c_str());
        return ExitUsage;
    }
    const double base = heapMb();
    std::printf("engine heap over simulated time (heap in use after malloc_trim; %.2f MB before)\n", base);
    std::fprintf(stderr, "builtin:default:\n");
    const std::vector<SimTime> defaultAt =
        quick ? std::vector<SimTime>{SimTime::s(10), SimTime::s(60)}
              : std::vector<SimTime>{SimTime::s(60), SimTime::s(600), SimTime::s(3600)};
    const auto d = probe(std::string(findBuiltin("default")->text), defaultAt);
    std::fprintf(stderr, "fork/exit churn:\n");
    const std::vector<SimTime> churnAt = quick ? std::vector<SimTime>{SimTime::s(1), SimTime::s(4)}
                                               : std::vector<SimTime>{SimTime::s(10), SimTime::s(60)};
    const auto c = probe(churnScenario("1000s"), churnAt);
    std::printf("%-22s %14s %14s %12s\n", "workload", "simulated", "heap", "forks");
    for (const Probe& p : d)
        std::printf("%-22s %12.0f s %11.2f MB %12llu\n", "builtin:default", p.simSeconds, p.heap,
                    static_cast<unsigned long long>(p.forks));
    for (const Probe& p : c)
        std::printf("%-22s %12.0f s %11.2f MB %12llu\n", "fork/exit churn", p.simSeconds, p.heap,
                    static_cast<unsigned long long>(p.forks));
    const double growDefault = d.back().heap - d.front().heap;
    const double growChurn = c.back().heap - c.front().heap;
    std::printf("growth: default %+.2f MB from %.0f s to %.0f s; churn %+.2f MB over %llu more forks; task "
                "slots %zu\n",
                growDefault, d.front().simSeconds, d.back().simSeconds, growChurn,
                static_cast<unsigned long long>(c.back().forks - c.front().forks), c.back().taskSlots);
    return ExitOk;
}

} // namespace cli
