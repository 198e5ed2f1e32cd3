// `sweep` and `sweep-merge`: many runs of one scenario over a grid of settings (docs/sweeps.md).
#include "commands.h"

#include "base/atomicfile.h"
#include "experiments/sweepresults.h"
#include "experiments/sweeprun.h"
#include "experiments/sweepspec.h"

#include <atomic>
#include <chrono>
#include <csignal>
#include <cstdio>
#include <filesystem>
#include <string>

#include <unistd.h>

namespace cli {

using namespace core;

namespace {

std::atomic<bool> g_stop{false};
std::atomic<int> g_signal{0};

extern "C" void onStopSignal(int sig) {
    g_signal.store(sig);
    g_stop.store(true);
    std::signal(sig, SIG_DFL); // a second one ends the process at once
}

std::string formatSeconds(double s) {
    char buf[32];
    const long t = static_cast<long>(s + 0.5);
    if (t >= 3600)
        std::snprintf(buf, sizeof buf, "%ldh%02ldm", t / 3600, t / 60 % 60);
    else if (t >= 60)
        std::snprintf(buf, sizeof buf, "%ldm%02lds", t / 60, t % 60);
    else
        std::snprintf(buf, sizeof buf, "%lds", t);
    return buf;
}

/// A progress line on stderr: redrawn in place on a terminal (at most 5 times a second), one
/// line per tenth of the sweep or per 10 s otherwise.
class ProgressLine {
public:
    void operator()(const SweepProgress& p) {
        const auto now = std::chrono::steady_clock::now();
        const bool last = p.done == p.total;
        const double since = std::chrono::duration<double>(now - m_last).count();
        const size_t tenth = p.total >= 10 ? p.total / 10 : 1;
        if (m_tty ? !last && since < 0.2 : !last && since < 10 && p.done % tenth != 0)
            return;
        m_last = now;
        const double rate = p.elapsedSeconds > 0 ? static_cast<double>(p.done) / p.elapsedSeconds : 0;
        std::fprintf(stderr, "%s%zu/%zu cells, %.1f cells/s, %s elapsed%s%s%s%s", m_tty ? "\r" : "", p.done,
                     p.total, rate, formatSeconds(p.elapsedSeconds).c_str(),
                     last ? "" : (", about " + formatSeconds(p.etaSeconds) + " left").c_str(),
                     p.failed ? (", " + std::to_string(p.failed) + " failed").c_str() : "",
                     m_tty ? "\033[K" : "", m_tty && !last ? "" : "\n");
        m_open = m_tty && !last;
    }
    void finish() {
        if (m_open)
            std::fputc('\n', stderr);
        m_open = false;
    }

private:
    bool m_tty = ::isatty(2) != 0;
    bool m_open = false;
    std::chrono::steady_clock::time_point m_last{};
};

std::string shellQuote(const std::string& s) {
    std::string out = "'";
    for (char c : s)
        out += c == '\'' ? std::string("'\\''") : std::string(1, c);
    return out + "'";
}

std::string selfPath() {
    std::error_code ec;
    const std::filesystem::path p = std::filesystem::read_symlink("/proc/self/exe", ec);
    return ec ? std::string("schedscope-cli") : p.string();
}

std::string absolute(const std::string& dir) {
    std::error_code ec;
    const std::filesystem::path p = std::filesystem::absolute(dir, ec);
    return (ec ? std::filesystem::path(dir) : p).lexically_normal().string();
}

/// `--slurm`: sweep.json and a job array script in DIR, nothing run.
int writeSlurmJob(const SweepSpec& spec, const std::string& dir, size_t slices, unsigned cpus) {
    std::error_code ec;
    std::filesystem::create_directories(dir, ec);
    if (ec) {
        std::fprintf(stderr, "schedscope-cli sweep: %s: cannot create the folder: %s\n", dir.c_str(),
                     ec.message().c_str());
        return ExitFailure;
    }
    const std::string specPath = dir + "/" + kSweepSpecFile;
    if (std::filesystem::exists(specPath)) {
        SweepSpecLoad old = loadSweepSpec(specPath);
        if (!old.ok() || old.spec->normalizedJson() != spec.normalizedJson()) {
            std::fprintf(stderr,
                         "schedscope-cli sweep: %s: the folder holds another sweep; choose another --out\n",
                         dir.c_str());
            return ExitFailure;
        }
    } else if (const std::string e = writeFileAtomically(specPath, spec.normalizedJson()); !e.empty()) {
        std::fprintf(stderr, "schedscope-cli sweep: %s\n", e.c_str());
        return ExitFailure;
    }
    const std::string k = std::to_string(slices);
    std::string s =
        "#!/bin/bash\n"
        "# A SchedScope sweep as a Slurm job array (docs/sweeps.md): " +
        std::to_string(spec.cellCount()) + " cells of " + spec.scenarioName + " in " + k +
        " array tasks.\n# Submit:  sbatch " + dir +
        "/sweep.sbatch   (options given to sbatch override these lines)\n"
        "# Then:    schedscope-cli sweep-merge " +
        dir +
        "\n#SBATCH --job-name=schedscope-sweep\n"
        "#SBATCH --array=0-" +
        std::to_string(slices - 1) + "\n#SBATCH --ntasks=1\n#SBATCH --cpus-per-task=" + std::to_string(cpus) +
        "\n#SBATCH --output=" + dir + "/slurm-%A_%a.out\n#SBATCH --chdir=" + dir + "\nset -eu\ncd " +
        shellQuote(dir) + "\nexec " + shellQuote(selfPath()) + " sweep " + shellQuote(specPath) +
        " --slice \"${SLURM_ARRAY_TASK_ID}/" + k + "\" --jobs \"${SLURM_CPUS_PER_TASK:-" +
        std::to_string(cpus) + "}\" --out " + shellQuote(dir) + "/slice-\"${SLURM_ARRAY_TASK_ID}\"\n";
    if (const std::string e = writeFileAtomically(dir + "/sweep.sbatch", s); !e.empty()) {
        std::fprintf(stderr, "schedscope-cli sweep: %s\n", e.c_str());
        return ExitFailure;
    }
    std::fprintf(
        stderr,
        "wrote %s/sweep.sbatch: %zu cells in %zu array tasks of %u CPU%s each\n"
        "submit it with:  sbatch %s/sweep.sbatch\nthen join the slices:  schedscope-cli sweep-merge %s\n",
        dir.c_str(), spec.cellCount(), slices, cpus, cpus == 1 ? "" : "s", dir.c_str(), dir.c_str());
    return ExitOk;
}

bool parseSlice(const std::string& text, size_t& index, size_t& count) {
    const size_t slash = text.find('/');
    if (slash == std::string::npos)
        return false;
    char* end = nullptr;
    const unsigned long i = std::strtoul(text.c_str(), &end, 10);
    if (end != text.c_str() + slash)
        return false;
    const unsigned long n = std::strtoul(text.c_str() + slash + 1, &end, 10);
    if (*end || n == 0 || i >= n || text[0] == '-' || text[slash + 1] == '-')
        return false;
    index = i;
    count = n;
    return true;
}

std::optional<unsigned> positiveOption(const std::optional<std::string>& text, const char* name) {
    if (!text)
        return 0u;
    char* end = nullptr;
    const unsigned long v = std::strtoul(text->c_str(), &end, 10);
    if (text->empty() || *end || v == 0 || v > 100000 || (*text)[0] == '-') {
        std::fprintf(stderr, "schedscope-cli sweep: %s expects a positive integer, found \"%s\"\n", name,
                     text->c_str());
        return std::nullopt;
    }
    return static_cast<unsigned>(v);
}

int printResults(const SweepResults& r, const std::string& format) {
    for (const std::string& w : r.warnings)
        std::fprintf(stderr, "warning: %s\n", w.c_str());
    const std::vector<SweepGroup> groups = aggregateOverSeeds(r);
    const std::string text = format == "json"  ? sweepAggregateJson(r, groups)
                             : format == "csv" ? sweepAggregateCsv(r, groups)
                                               : sweepAggregateTable(r, groups);
    std::fwrite(text.data(), 1, text.size(), stdout);
    size_t failed = 0;
    for (const SweepCellResult& c : r.cells)
        failed += c.error.empty() ? 0 : 1;
    if (failed) {
        std::fprintf(stderr, "%zu of %zu cells failed; their errors are in cells.csv\n", failed,
                     r.cells.size());
        return ExitFailure;
    }
    return ExitOk;
}

bool formatOk(const std::string& format, const char* command) {
    if (format == "table" || format == "json" || format == "csv")
        return true;
    std::fprintf(stderr, "schedscope-cli %s: --format must be table, json or csv, not \"%s\"\n", command,
                 format.c_str());
    return false;
}

} // namespace

int cmdSweep(Args& args) {
    const auto jobsText = args.take("--jobs");
    const auto outText = args.take("--out");
    const std::string format = args.take("--format").value_or("table");
    const bool slurm = args.flag("--slurm");
    const auto slicesText = args.take("--slices");
    const auto sliceText = args.take("--slice");
    if (reportLeftovers(args))
        return ExitUsage;
    if (args.positional().size() != 1) {
        std::fprintf(stderr, "schedscope-cli sweep: name exactly one sweep spec (SPEC.json)\n");
        return ExitUsage;
    }
    if (!formatOk(format, "sweep"))
        return ExitUsage;
    const auto jobs = positiveOption(jobsText, "--jobs");
    const auto slices = positiveOption(slicesText, "--slices");
    if (!jobs || !slices)
        return ExitUsage;
    size_t sliceIndex = 0, sliceCount = 1;
    if (sliceText && !parseSlice(*sliceText, sliceIndex, sliceCount)) {
        std::fprintf(stderr, "schedscope-cli sweep: --slice expects I/K with 0 <= I < K, found \"%s\"\n",
                     sliceText->c_str());
        return ExitUsage;
    }
    if (slicesText && !slurm) {
        std::fprintf(stderr, "schedscope-cli sweep: --slices goes with --slurm\n");
        return ExitUsage;
    }
    const std::string specPath = args.positional()[0];
    SweepSpecLoad load = loadSweepSpec(specPath);
    if (!load.ok()) {
        for (const std::string& e : load.errors)
            std::fprintf(stderr, "%s\n", e.c_str());
        return ExitInvalid;
    }
    // Every cell runs from the normalized spec, as a Slurm array task and the GUI read it back.
    SweepSpecLoad normalized = parseSweepSpec(load.spec->normalizedJson(), specPath);
    if (!normalized.ok()) {
        for (const std::string& e : normalized.errors)
            std::fprintf(stderr, "%s\n", e.c_str());
        return ExitInvalid;
    }
    const SweepSpec& spec = *normalized.spec;
    const std::string stem = std::filesystem::path(specPath).stem().string();
    const std::string dir = absolute(outText.value_or(stem + "-sweep"));
    if (slurm) {
        const size_t k =
            *slices ? std::min<size_t>(*slices, spec.cellCount()) : std::min<size_t>(spec.cellCount(), 100);
        return writeSlurmJob(spec, dir, k, *jobs ? *jobs : 1);
    }
    SweepRunOptions o;
    o.outDir = dir;
    o.jobs = *jobs;
    o.sliceIndex = sliceIndex;
    o.sliceCount = sliceCount;
    ProgressLine line;
    o.progress = [&line](const SweepProgress& p) { line(p); };
    o.stop = &g_stop;
    g_stop = false;
    auto oldInt = std::signal(SIGINT, onStopSignal);
    auto oldTerm = std::signal(SIGTERM, onStopSignal);
    std::fprintf(stderr, "sweep %s: %zu cells%s into %s\n", spec.scenarioName.c_str(), spec.cellCount(),
                 sliceText ? (", slice " + *sliceText).c_str() : "", dir.c_str());
    const SweepRunResult run = runSweep(spec, o);
    std::signal(SIGINT, oldInt);
    std::signal(SIGTERM, oldTerm);
    line.finish();
    if (!run.error.empty()) {
        std::fprintf(stderr, "schedscope-cli sweep: %s\n", run.error.c_str());
        return ExitFailure;
    }
    if (run.progress.skipped)
        std::fprintf(stderr, "%zu cells were already finished (kept)\n", run.progress.skipped);
    if (run.interrupted) {
        std::fprintf(stderr, "interrupted: %zu of %zu cells finished; run the same command to go on\n",
                     run.progress.done + run.progress.skipped, run.progress.total + run.progress.skipped);
        return 128 + (g_signal.load() ? g_signal.load() : SIGINT);
    }
    // A slice's failed cells are results, which sweep-merge reports: the array task itself
    // succeeded, so the scheduler's job state keeps meaning the machinery failed.
    if (sliceText)
        return ExitOk;
    SweepResultsLoad results = readSweepResults(dir);
    if (!results.ok()) {
        for (const std::string& e : results.errors)
            std::fprintf(stderr, "%s\n", e.c_str());
        return ExitFailure;
    }
    if (const std::string e = writeSweepOutputs(dir, *results.results); !e.empty()) {
        std::fprintf(stderr, "schedscope-cli sweep: %s\n", e.c_str());
        return ExitFailure;
    }
    std::fprintf(stderr, "wrote %s/{cells.jsonl,cells.csv,aggregate.csv,aggregate.json}\n", dir.c_str());
    return printResults(*results.results, format);
}

int cmdSweepMerge(Args& args) {
    const std::string format = args.take("--format").value_or("table");
    if (reportLeftovers(args))
        return ExitUsage;
    if (args.positional().size() != 1) {
        std::fprintf(stderr, "schedscope-cli sweep-merge: name the folder of a sweep --slurm run\n");
        return ExitUsage;
    }
    if (!formatOk(format, "sweep-merge"))
        return ExitUsage;
    const std::string dir = absolute(args.positional()[0]);
    SweepMerge m = mergeSweepSlices(dir);
    if (!m.results) {
        for (const std::string& e : m.errors)
            std::fprintf(stderr, "%s\n", e.c_str());
        return ExitInvalid;
    }
    std::fprintf(stderr,
                 "joined %zu slices: %zu of %zu cells; wrote %s/{cells.jsonl,cells.csv,aggregate.csv,"
                 "aggregate.json}\n",
                 m.slices, m.results->cells.size(), m.results->spec.cellCount(), dir.c_str());
    const int rc = printResults(*m.results, format);
    if (!m.results->missing.empty()) {
        std::string list;
        for (size_t i = 0; i < m.results->missing.size() && i < 20; ++i)
            list += (i ? ", " : "") + std::to_string(m.results->missing[i]);
        std::fprintf(
            stderr,
            "%zu cells have no result (%s%s): an array task failed or has not run; see %s/slurm-*.out\n",
            m.results->missing.size(), list.c_str(), m.results->missing.size() > 20 ? ", ..." : "",
            dir.c_str());
        return ExitFailure;
    }
    return rc;
}

} // namespace cli
