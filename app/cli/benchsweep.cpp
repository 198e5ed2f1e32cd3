// `bench sweep`: a sweep's throughput on every core against one cell's time, and its memory
// against the grid's size (the speed goal of docs/sweeps.md).
#include "commands.h"

#include "experiments/sweeprun.h"
#include "experiments/sweepspec.h"

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

/// `schedscope-cli sweep` on `cells` seeds in a child process: its wall time and its own peak RSS.
ChildRun sweepInChild(const std::string& dir, size_t cells, unsigned jobs) {
    ChildRun r;
    const std::string spec = dir + "/spec-" + std::to_string(cells) + ".json";
    std::ofstream(spec) << specText(cells);
    const std::string out = dir + "/out-" + std::to_string(cells);
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
    // One cell alone: the mean of 20 cells run one after another in this process.
    const SweepSpecLoad l = parseSweepSpec(specText(20), "bench-sweep");
    if (!l.ok()) {
        std::fprintf(stderr, "%s\n", l.errors.front().c_str());
        return ExitFailure;
    }
    std::fprintf(stderr, "one cell (builtin:default --for 1s) at a time, 20 cells...\n");
    const auto t0 = std::chrono::steady_clock::now();
    for (size_t i = 0; i < 20; ++i)
        if (runSweepCell(*l.spec, l.spec->cell(i), {}).failed) {
            std::fprintf(stderr, "schedscope-cli bench sweep: a cell failed\n");
            return ExitFailure;
        }
    const double single = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count() / 20;

    char tmpl[] = "/tmp/schedscope-bench-sweep-XXXXXX";
    if (!mkdtemp(tmpl)) {
        std::perror("mkdtemp");
        return ExitFailure;
    }
    const std::string dir = tmpl;
    const size_t small = std::max<size_t>(10, cells / 10);
    std::fprintf(stderr, "sweep of %zu cells, then of %zu, --jobs %u...\n", small, cells, jobs);
    const ChildRun a = sweepInChild(dir, small, jobs);
    const ChildRun b = sweepInChild(dir, cells, jobs);
    std::error_code ec;
    std::filesystem::remove_all(dir, ec);
    if (!WIFEXITED(a.status) || WEXITSTATUS(a.status) != 0 || !WIFEXITED(b.status) ||
        WEXITSTATUS(b.status) != 0) {
        std::fprintf(stderr, "schedscope-cli bench sweep: a sweep failed (status %d, %d)\n", a.status,
                     b.status);
        return ExitFailure;
    }
    const double ideal = single * static_cast<double>(cells) / std::min<double>(jobs, hw);
    std::printf("one cell alone:              %.2f ms (mean of 20)\n", single * 1e3);
    std::printf(
        "%zu cells, --jobs %u:      %.2f s wall (ideal: one cell x cells / cores = %.2f s; %+.1f%%)\n", cells,
        jobs, b.wall, ideal, (b.wall / ideal - 1) * 100);
    std::printf("peak RSS:                    %.1f MiB for %zu cells, %.1f MiB for %zu cells\n", a.peakRssMiB,
                small, b.peakRssMiB, cells);
    return ExitOk;
}

} // namespace cli
