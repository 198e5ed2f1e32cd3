// `bench sweep`: a sweep's throughput on every core against one cell's time, and its memory
// against the grid's size (the speed goal of docs/sweeps.md).
#include "commands.h"

#include <chrono>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <string>
#include <thread>

#include <fcntl.h>
#include <sys/resource.h>
#include <sys/wait.h>
#include <unistd.h>

namespace cli {

using namespace core;

namespace {

std::string specText(size_t cells) {
    return "{\"scenario\": \"builtin:default\", \"for\": \"1s\", \"axes\": {\"seed\": {\"from\": 1, "
           "\"to\": " +
           std::to_string(cells) + "}}}";
}

struct ChildRun {
    double wall = 0;
    double peakRssMiB = 0;
    int status = -1;
};

/// `schedscope-cli sweep` on `cells` seeds in a child process (results in `dir`): its wall time and
/// its own peak RSS.
ChildRun sweepInChild(const std::string& dir, size_t cells, unsigned jobs) {
    ChildRun r;
    std::filesystem::create_directories(dir);
    const std::string spec = dir + "/spec.json";
    std::ofstream(spec) << specText(cells);
    const std::string out = dir + "/out";
    const std::string self = std::filesystem::read_symlink("/proc/self/exe").string();
    const std::string jobsText = std::to_string(jobs);
    std::fflush(nullptr);
    const auto t0 = std::chrono::steady_clock::now();
    const pid_t pid = fork();
    if (pid < 0)
        return r;
    if (pid == 0) {
        const int null = ::open("/dev/null", O_WRONLY);
        dup2(null, 1);
        dup2(null, 2);
        execl(self.c_str(), self.c_str(), "sweep", spec.c_str(), "--jobs", jobsText.c_str(), "--out",
              out.c_str(), static_cast<char*>(nullptr));
        _exit(127);
    }
    int status = 0;
    rusage usage{};
    wait4(pid, &status, 0, &usage);
    r.wall = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
    r.peakRssMiB = static_cast<double>(usage.ru_maxrss) / 1024.0;
    r.status = status;
    return r;
}

} // namespace

int cmdBenchSweep(Args& args) {
    const bool quick = args.flag("--quick");
    const auto cellsText = args.take("--cells");
    const auto jobsText = args.take("--jobs");
    if (reportLeftovers(args))
        return ExitUsage;
    const size_t cells = cellsText ? std::strtoul(cellsText->c_str(), nullptr, 10) : quick ? 100 : 1000;
    const unsigned hw = std::max(1u, std::thread::hardware_concurrency());
    const unsigned jobs = jobsText ? static_cast<unsigned>(std::strtoul(jobsText->c_str(), nullptr, 10)) : hw;
    if (cells < 10 || jobs == 0) {
        std::fprintf(stderr, "schedscope-cli bench sweep: --cells expects at least 10, --jobs at least 1\n");
        return ExitUsage;
    }
    char tmpl[] = "/tmp/schedscope-bench-sweep-XXXXXX";
    if (!mkdtemp(tmpl)) {
        std::perror("mkdtemp");
        return ExitFailure;
    }
    const std::string dir = tmpl;
    const size_t small = std::max<size_t>(10, cells / 10);
    // One cell's time: the same grid with one cell at a time, divided by its cells (each seed's
    // run differs, so a few cells alone would not be its mean).
    std::fprintf(stderr, "sweep of %zu cells with --jobs 1, of %zu and of %zu with --jobs %u...\n", cells,
                 small, cells, jobs);
    const ChildRun one = sweepInChild(dir + "/one", cells, 1);
    const ChildRun a = sweepInChild(dir + "/small", small, jobs);
    const ChildRun b = sweepInChild(dir + "/all", cells, jobs);
    std::error_code ec;
    std::filesystem::remove_all(dir, ec);
    for (const ChildRun* r : {&one, &a, &b})
        if (!WIFEXITED(r->status) || WEXITSTATUS(r->status) != 0) {
            std::fprintf(stderr, "schedscope-cli bench sweep: a sweep failed (status %d)\n", r->status);
            return ExitFailure;
        }
    const double single = one.wall / static_cast<double>(cells);
    const double ideal = single * static_cast<double>(cells) / std::min<double>(jobs, hw);
    std::printf("one cell (builtin:default --for 1s): %.2f ms (%zu cells one at a time: %.2f s)\n",
                single * 1e3, cells, one.wall);
    std::printf(
        "%zu cells, --jobs %u on %u cores: %.2f s wall; one cell x cells / cores = %.2f s (%+.1f%%)\n", cells,
        jobs, hw, b.wall, ideal, (b.wall / ideal - 1) * 100);
    std::printf("peak RSS: %.1f MiB for %zu cells, %.1f MiB for %zu cells\n", a.peakRssMiB, small,
                b.peakRssMiB, cells);
    return ExitOk;
}

} // namespace cli
