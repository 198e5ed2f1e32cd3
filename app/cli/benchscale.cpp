#include "commands.h"

#include "base/atomicfile.h"

#include "base/kernelmodel.h"
#include "scenario/loader.h"
#include "sim/engine.h"

#include <sys/resource.h>
#include <sys/wait.h>
#include <unistd.h>

#include <chrono>
#include <cinttypes>
#include <cstdio>
#include <cstring>
#include <sstream>
#include <string>
#include <vector>

namespace cli {

using namespace core;

namespace {

struct Cell {
    uint32_t cpus;
    uint32_t tasks;
    uint32_t depth;
};

struct CellResult {
    Cell cell;
    double simSeconds = 0;
    uint64_t events = 0;
    double wall = 0;
    long peakRssKb = 0;
    bool ok = false;
    std::string error;
};

/// sockets x cores x threads for a CPU count: SMT2 from 16 CPUs up, NUMA from 1024.
std::string topologyJson(uint32_t cpus) {
    uint32_t sockets = 1, threads = 2, nodes = 1;
    if (cpus >= 1024) {
        sockets = cpus / 512; // 2 or 8 sockets of 256 cores x SMT2
        nodes = sockets;
    }
    const uint32_t cores = cpus / sockets / threads;
    return "{\"sockets\": " + std::to_string(sockets) + ", \"cores_per_socket\": " + std::to_string(cores) +
           ", \"threads_per_core\": " + std::to_string(threads) +
           ", \"numa_nodes\": " + std::to_string(nodes) + "}";
}

/// The grid's workload: `tasks` tasks that each run ~2 ms and sleep ~8 ms (exponential), spread
/// over four cgroup branches `depth` levels deep (tasks in the leaves), PSI and cpuacct on.
std::string cellScenario(const Cell& c, const std::string& duration, const std::string& model) {
    constexpr uint32_t kBranches = 4;
    std::ostringstream s;
    s << "{\"format\": 1, \"name\": \"bench scale: " << c.cpus << " CPUs, " << c.tasks << " tasks, depth "
      << c.depth << "\", \"duration\": \"" << duration
      << "\", \"seed\": 1, \"topology\": " << topologyJson(c.cpus) << ", \"kernel\": {"
      << (model.empty() ? "" : "\"model\": \"" + model + "\", ")
      << "\"features\": {\"psi\": true, \"cpuacct\": true}}, \"tasks\": [";
    const uint32_t branches = std::min(kBranches, c.tasks);
    for (uint32_t b = 0; b < branches; ++b) {
        std::string path = "/b" + std::to_string(b);
        for (uint32_t l = 1; l < c.depth; ++l)
            path += "/l" + std::to_string(l);
        const uint32_t n = c.tasks / branches + (b < c.tasks % branches ? 1 : 0);
        s << (b ? ", " : "") << "{\"name\": \"w" << b << "\", \"count\": " << n << ", \"cgroup\": \"" << path
          << "\", \"program\": [{\"loop\": -1, \"do\": [{\"run\": {\"exp\": \"2ms\"}}, {\"sleep\": {\"exp\": "
             "\"8ms\"}}]}]}";
    }
    s << "]}";
    return s.str();
}

/// Runs one cell in a child process, so that its peak RSS is its own.
CellResult runCell(const Cell& c, const std::string& duration, const std::string& model) {
    CellResult r;
    r.cell = c;
    int fds[2];
    if (pipe(fds) != 0) {
        r.error = std::strerror(errno);
        return r;
    }
    std::fflush(nullptr);
    const pid_t pid = fork();
    if (pid < 0) {
        r.error = std::strerror(errno);
        return r;
    }
    if (pid == 0) {
        close(fds[0]);
        LoadResult l = loadScenarioText(cellScenario(c, duration, model), "bench-scale");
        std::string out;
        if (!l.ok()) {
            out = "error " + (l.errors.empty() ? std::string("?") : l.errors.front());
        } else {
            Engine e(std::make_shared<const ScenarioSpec>(std::move(*l.spec)));
            const auto t0 = std::chrono::steady_clock::now();
            e.runToEnd();
            const double wall = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
            char buf[128];
            std::snprintf(buf, sizeof buf, "ok %.9f %" PRIu64 " %.6f", e.now().seconds(), e.counters().events,
                          wall);
            out = buf;
        }
        [[maybe_unused]] const ssize_t n = write(fds[1], out.data(), out.size());
        close(fds[1]);
        _exit(0);
    }
    close(fds[1]);
    std::string text;
    char buf[512];
    for (ssize_t n; (n = read(fds[0], buf, sizeof buf)) > 0;)
        text.append(buf, size_t(n));
    close(fds[0]);
    int status = 0;
    rusage usage{};
    wait4(pid, &status, 0, &usage);
    r.peakRssKb = usage.ru_maxrss;
    if (!WIFEXITED(status) || WEXITSTATUS(status) != 0) {
        r.error = "the cell's process failed (status " + std::to_string(status) + ")";
        return r;
    }
    if (text.rfind("ok ", 0) != 0) {
        r.error = text.empty() ? "no result" : text;
        return r;
    }
    r.ok = std::sscanf(text.c_str(), "ok %lf %" SCNu64 " %lf", &r.simSeconds, &r.events, &r.wall) == 3;
    return r;
}

std::string row(const CellResult& r, bool markdown) {
    char buf[256];
    if (!r.ok) {
        std::snprintf(buf, sizeof buf,
                      markdown ? "| %u | %u | %u | failed: %s | | | | |\n" : "%6u %7u %5u  failed: %s\n",
                      r.cell.cpus, r.cell.tasks, r.cell.depth, r.error.c_str());
        return buf;
    }
    const double evps = double(r.events) / r.wall;
    std::snprintf(buf, sizeof buf,
                  markdown ? "| %u | %u | %u | %.2f s | %.1f M | %.2f M/s | %.1f ns | %.2f s | %.0f MB |\n"
                           : "%6u %7u %5u %8.2fs %9.1fM %9.2fM/s %8.1fns %9.2fs %8.0fMB\n",
                  r.cell.cpus, r.cell.tasks, r.cell.depth, r.simSeconds, double(r.events) / 1e6, evps / 1e6,
                  1e9 / evps, r.wall / r.simSeconds, double(r.peakRssKb) / 1024.0);
    return buf;
}

bool parseCell(const std::string& s, Cell& c) {
    return std::sscanf(s.c_str(), "%ux%ux%u", &c.cpus, &c.tasks, &c.depth) == 3;
}

} // namespace

/// `bench scale`: the CPUs x tasks x cgroup depth grid, one child process per cell.
int cmdBenchScale(Args& args) {
    const bool quick = args.flag("--quick");
    const std::vector<std::string> only = args.takeAll("--cell");
    const std::string duration = args.take("--sim").value_or(quick ? "100ms" : "1s");
    const std::string format = args.take("--format").value_or("table");
    const auto out = args.take("--out");
    // v4.11 unless told: the model every recorded figure of the grid was made with
    // (docs/performance.md), so the figures stay comparable now that scenarios default to v6.12.
    const std::string model = args.take("--model").value_or("v4.11");
    for (const std::string& l : args.leftovers()) {
        std::fprintf(stderr, "schedscope-cli bench scale: unknown option %s\n", l.c_str());
        return ExitUsage;
    }
    if (!model.empty()) {
        std::string known;
        bool found = false;
        for (const KernelModelInfo& m : kernelModelCatalog()) {
            known += (known.empty() ? "" : ", ") + std::string(m.name);
            found = found || m.name == model;
        }
        if (!found) {
            std::fprintf(stderr, "schedscope-cli bench scale: --model expects one of %s, found \"%s\"\n",
                         known.c_str(), model.c_str());
            return ExitUsage;
        }
    }
    if (format != "table" && format != "markdown") {
        std::fprintf(stderr, "schedscope-cli bench scale: --format expects table or markdown, found \"%s\"\n",
                     format.c_str());
        return ExitUsage;
    }
    const DurationParse d = parseDuration(duration);
    if (!d.value || d.value->count() == 0) {
        std::fprintf(stderr, "schedscope-cli bench scale: --sim expects a positive duration, found \"%s\"\n",
                     duration.c_str());
        return ExitUsage;
    }
    std::vector<Cell> cells;
    for (const std::string& s : only) {
        Cell c{};
        if (!parseCell(s, c) || c.tasks == 0 || c.depth == 0 || c.depth > 64) {
            std::fprintf(
                stderr,
                "schedscope-cli bench scale: --cell expects CPUSxTASKSxDEPTH such as 176x1000x8, found "
                "\"%s\"\n",
                s.c_str());
            return ExitUsage;
        }
        cells.push_back(c);
    }
    if (cells.empty()) {
        const std::vector<uint32_t> cpus =
            quick ? std::vector<uint32_t>{2, 16, 176} : std::vector<uint32_t>{2, 16, 176, 1024, 4096};
        const std::vector<uint32_t> tasks =
            quick ? std::vector<uint32_t>{10, 1000} : std::vector<uint32_t>{10, 1000, 100000};
        const std::vector<uint32_t> depths =
            quick ? std::vector<uint32_t>{1, 8} : std::vector<uint32_t>{1, 8, 50};
        for (uint32_t c : cpus)
            for (uint32_t t : tasks)
                for (uint32_t dp : depths)
                    cells.push_back({c, t, dp});
    }
    const bool md = format == "markdown";
    std::string text =
        md ? "| CPUs | tasks | depth | simulated | events | events per wall s | wall per event | "
             "wall per simulated s | peak RSS |\n|---:|---:|---:|---:|---:|---:|---:|---:|---:|\n"
           : "  CPUs   tasks depth  simulated    events   events/s   per event  wall/sim s  peak RSS\n";
    if (!out)
        std::fputs(text.c_str(), stdout);
    bool allOk = true;
    for (size_t i = 0; i < cells.size(); ++i) {
        std::fprintf(stderr, "[%zu/%zu] %u CPUs, %u tasks, depth %u, %s simulated, kernel model %s...\n",
                     i + 1, cells.size(), cells[i].cpus, cells[i].tasks, cells[i].depth, duration.c_str(),
                     model.c_str());
        const CellResult r = runCell(cells[i], duration, model);
        allOk = allOk && r.ok;
        const std::string line = row(r, md);
        text += line;
        if (!out) {
            std::fputs(line.c_str(), stdout);
            std::fflush(stdout);
        }
    }
    if (out) {
        if (const std::string err = writeFileAtomically(*out, text); !err.empty()) {
            std::fprintf(stderr, "schedscope-cli bench scale: %s\n", err.c_str());
            return ExitFailure;
        }
        std::fprintf(stderr, "wrote %s\n", out->c_str());
    }
    return allOk ? ExitOk : ExitFailure;
}

} // namespace cli
