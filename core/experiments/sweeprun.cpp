#include "experiments/sweeprun.h"

#include "base/atomicfile.h"
#include "output/simulation.h"
#include "output/summarize.h"
#include "sim/engine.h"

#include <nlohmann/json.hpp>

#include <cerrno>
#include <chrono>
#include <cstdio>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <mutex>
#include <thread>
#include <unordered_set>

#include <fcntl.h>
#include <sys/file.h>
#include <unistd.h>

namespace core {

using nlohmann::ordered_json;
namespace fs = std::filesystem;

namespace {

unsigned threadsFor(unsigned jobs) {
    if (jobs)
        return jobs;
    const unsigned hw = std::thread::hardware_concurrency();
    return hw ? hw : 1;
}

/// An exclusive lock on the results folder for as long as it lives (two sweeps writing one
/// cells.jsonl would interleave their lines).
class FolderLock {
public:
    explicit FolderLock(const std::string& dir) {
        m_fd = ::open((dir + "/.lock").c_str(), O_CREAT | O_RDWR | O_CLOEXEC, 0644);
        if (m_fd < 0)
            m_error = dir + "/.lock: " + std::strerror(errno);
        else if (::flock(m_fd, LOCK_EX | LOCK_NB) != 0)
            m_error = dir + ": another sweep is writing its results there";
    }
    ~FolderLock() {
        if (m_fd >= 0)
            ::close(m_fd);
    }
    FolderLock(const FolderLock&) = delete;
    FolderLock& operator=(const FolderLock&) = delete;
    const std::string& error() const { return m_error; }

private:
    int m_fd = -1;
    std::string m_error;
};

/// The cells a previous run finished, read from cells.jsonl. A last line cut short by a kill
/// is dropped from the file; a line naming a cell this spec does not have is an error.
std::string finishedCells(const SweepSpec& spec, const std::string& path, std::unordered_set<size_t>& done) {
    std::ifstream in(path, std::ios::binary);
    if (!in)
        return {};
    std::string line;
    uint64_t goodBytes = 0, lineNo = 0;
    const size_t n = spec.cellCount();
    while (std::getline(in, line)) {
        ++lineNo;
        if (in.eof()) // no newline: a line cut short
            break;
        ordered_json j;
        try {
            j = ordered_json::parse(line);
        } catch (const std::exception&) {
            return path + ":" + std::to_string(lineNo) +
                   ": not a JSON line; move the file away to start over";
        }
        const auto idx = j.find("index");
        const auto cell = j.find("cell");
        if (idx == j.end() || !idx->is_number_unsigned() || idx->get<size_t>() >= n || cell == j.end() ||
            cell->dump() != ordered_json::parse(spec.cell(idx->get<size_t>()).json()).dump())
            return path + ":" + std::to_string(lineNo) +
                   ": a cell this sweep does not have; the folder holds "
                   "another sweep's results";
        done.insert(idx->get<size_t>());
        goodBytes += line.size() + 1;
    }
    in.close();
    std::error_code ec;
    if (fs::file_size(path, ec) != goodBytes && !ec)
        fs::resize_file(path, goodBytes, ec);
    return ec ? path + ": " + ec.message() : std::string();
}

std::string prepareFolder(const SweepSpec& spec, const std::string& dir) {
    const std::string specPath = dir + "/" + kSweepSpecFile;
    const std::string normalized = spec.normalizedJson();
    if (fs::exists(specPath)) {
        std::ifstream in(specPath, std::ios::binary);
        std::string old((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
        if (old != normalized)
            return specPath + ": the folder holds the results of another sweep (its sweep.json differs); "
                              "choose another --out, or delete the folder to start over";
        return {};
    }
    return writeFileAtomically(specPath, normalized);
}

} // namespace

void forEachCellInParallel(size_t n, unsigned jobs, const std::function<void(size_t)>& fn,
                           const std::atomic<bool>* stop) {
    std::atomic<size_t> next{0};
    auto worker = [&] {
        for (;;) {
            if (stop && stop->load())
                return;
            const size_t i = next.fetch_add(1);
            if (i >= n)
                return;
            fn(i);
        }
    };
    const unsigned threads = std::min<size_t>(threadsFor(jobs), std::max<size_t>(n, 1));
    std::vector<std::thread> pool;
    for (unsigned t = 1; t < threads; ++t)
        pool.emplace_back(worker);
    worker();
    for (std::thread& t : pool)
        t.join();
}

SweepCellLine runSweepCell(const SweepSpec& spec, const SweepCell& cell,
                           const std::function<bool()>& keepGoing) {
    SweepCellLine out;
    ordered_json line;
    line["index"] = cell.index;
    line["cell"] = ordered_json::parse(cell.json());
    ShapedRun shaped = shapeCell(spec, cell);
    if (!shaped.ok()) {
        std::string e;
        for (const std::string& x : shaped.errors)
            e += (e.empty() ? "" : "; ") + x;
        line["error"] = e;
        return {line.dump(), true, false};
    }
    SimulationOptions ro;
    ro.checkInvariants = true; // as run does
    ro.progress = [&](double) { return !keepGoing || keepGoing(); };
    SimulationResult run = simulate(std::make_shared<const ScenarioSpec>(std::move(*shaped.spec)), {}, ro);
    if (run.cancelled) {
        out.cancelled = true;
        return out;
    }
    if (!run.ok()) {
        line["error"] = run.error;
        return {line.dump(), true, false};
    }
    line["wall_s"] = run.wallSeconds;
    line["summary"] = ordered_json::parse(toJson(summarize(*run.engine), false));
    out.line = line.dump();
    return out;
}

SweepRunResult runSweep(const SweepSpec& spec, const SweepRunOptions& o) {
    SweepRunResult result;
    std::error_code ec;
    fs::create_directories(o.outDir, ec);
    if (ec) {
        result.error = o.outDir + ": cannot create the results folder: " + ec.message();
        return result;
    }
    FolderLock lock(o.outDir);
    if (!lock.error().empty()) {
        result.error = lock.error();
        return result;
    }
    if (std::string e = prepareFolder(spec, o.outDir); !e.empty()) {
        result.error = e;
        return result;
    }
    const std::string cellsPath = o.outDir + "/" + kSweepCellsFile;
    std::unordered_set<size_t> done;
    if (std::string e = finishedCells(spec, cellsPath, done); !e.empty()) {
        result.error = e;
        return result;
    }
    std::vector<size_t> todo;
    const size_t count = o.sliceCount ? o.sliceCount : 1;
    for (size_t i = o.sliceIndex; i < spec.cellCount(); i += count) {
        if (done.count(i))
            ++result.progress.skipped;
        else
            todo.push_back(i);
    }
    done.clear();
    result.progress.total = todo.size();
    FILE* out = std::fopen(cellsPath.c_str(), "ab");
    if (!out) {
        result.error = cellsPath + ": " + std::strerror(errno);
        return result;
    }
    std::mutex mutex;
    const auto t0 = std::chrono::steady_clock::now();
    std::string writeError;
    auto keepGoing = [&] { return !(o.stop && o.stop->load()); };
    forEachCellInParallel(
        todo.size(), o.jobs,
        [&](size_t k) {
            const SweepCell cell = spec.cell(todo[k]);
            const SweepCellLine r = runSweepCell(spec, cell, keepGoing);
            if (r.cancelled)
                return; // abandoned: the next run does it
            const std::string& line = r.line;
            std::lock_guard<std::mutex> g(mutex);
            if (std::fwrite(line.data(), 1, line.size(), out) != line.size() ||
                std::fputc('\n', out) == EOF || std::fflush(out) != 0) {
                if (writeError.empty())
                    writeError = cellsPath + ": " + std::strerror(errno);
                return;
            }
            SweepProgress& p = result.progress;
            ++p.done;
            p.failed += r.failed ? 1 : 0;
            p.elapsedSeconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
            p.etaSeconds =
                p.elapsedSeconds / static_cast<double>(p.done) * static_cast<double>(p.total - p.done);
            if (o.progress)
                o.progress(p);
        },
        o.stop);
    if (std::fclose(out) != 0 && writeError.empty())
        writeError = cellsPath + ": " + std::strerror(errno);
    result.error = writeError;
    result.interrupted = result.progress.done < result.progress.total && writeError.empty();
    return result;
}

std::vector<std::vector<double>>
measureSweepCells(const SweepSpec& spec, unsigned jobs,
                  const std::function<std::vector<double>(Engine&)>& measure) {
    std::vector<std::vector<double>> out(spec.cellCount());
    std::mutex errorMutex;
    std::string error;
    forEachCellInParallel(out.size(), jobs, [&](size_t i) {
        ShapedRun shaped = shapeCell(spec, spec.cell(i));
        if (!shaped.ok()) {
            std::lock_guard<std::mutex> g(errorMutex);
            error = spec.scenarioName + ": cell " + spec.cell(i).json() + ": " +
                    (shaped.errors.empty() ? "refused" : shaped.errors.front());
            return;
        }
        Engine e(std::make_shared<const ScenarioSpec>(std::move(*shaped.spec)));
        out[i] = measure(e);
    });
    if (!error.empty())
        throw std::logic_error(error);
    return out;
}

} // namespace core
