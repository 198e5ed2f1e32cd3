// schedscope-cli bench query: the query tables of bench import's 10 M-event trace: how long they take
// beside the import itself, a query over them, the same tables written as ordinary SQLite tables
// (what --db writes, and what bulk inserts would cost), and `query` as users run it, in a process
// of its own for its peak memory (docs/performance.md).
#include "commands.h"

#include "base/trace.h"
#include "import/tracefile.h"
#include "query/querydatabase.h"
#include "query/recordingtables.h"
#include "query/resultformat.h"
#include "query/statementrunner.h"

#include <sys/resource.h>
#include <unistd.h>

#include <chrono>
#include <cinttypes>
#include <cstdio>
#include <cstdlib>
#include <sstream>

namespace cli {

using namespace core;

namespace {

double since(std::chrono::steady_clock::time_point t0) {
    return std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
}

/// The CPU time (user and system, every thread) this process has used so far: less moved by
/// what else runs on the machine than wall time is.
double cpuSeconds() {
    rusage u{};
    getrusage(RUSAGE_SELF, &u);
    auto s = [](const timeval& t) {
        return static_cast<double>(t.tv_sec) + static_cast<double>(t.tv_usec) * 1e-6;
    };
    return s(u.ru_utime) + s(u.ru_stime);
}

/// Counts rows without keeping them.
struct CountRows : QueryResultSink {
    size_t rows = 0;
    void begin(size_t, const std::vector<std::string>&) override {}
    bool row(const std::vector<QueryValue>&) override {
        ++rows;
        return true;
    }
    void end() override {}
};

const char* kQueries[] = {
    "select cpu, sum(dur) from sched group by cpu",
    "select t.name, sum(s.dur) as runtime from sched s join thread t using(utid) group by utid order by "
    "runtime "
    "desc limit 10",
    "select state, count(*), sum(dur) from thread_state group by state",
};

bool timeQueries(QueryDatabase& db) {
    for (const char* q : kQueries) {
        CountRows rows;
        const auto t0 = std::chrono::steady_clock::now();
        const QueryOutcome o = runStatements(db.handle(), q, rows);
        const double wall = since(t0);
        if (!o.ok()) {
            std::fprintf(stderr, "schedscope-cli bench query: %s: %s\n", q, o.error.c_str());
            return false;
        }
        std::printf("  %-62s wall %6.2f s   %zu rows\n", q, wall, rows.rows);
    }
    return true;
}

struct Discard : TraceSink {
    void slice(const Slice&) override {}
    void migration(const MigrationRecord&) override {}
    void marker(const Marker&) override {}
};

} // namespace

int cmdBenchQuery(Args& args) {
    const bool quick = args.flag("--quick");
    const auto eventsText = args.take("--events");
    const auto keep = args.take("--keep");
    if (reportLeftovers(args))
        return ExitUsage;
    uint64_t events = 0;
    if (!benchEventsOption(eventsText, quick, "query", events))
        return ExitUsage;
    const std::string path =
        keep ? *keep : "/tmp/schedscope-bench-query-" + std::to_string(getpid()) + ".txt";
    std::fprintf(stderr, "writing a %" PRIu64 "-event ftrace text trace to %s...\n", events, path.c_str());
    if (generateBenchTrace(path, events) == 0) {
        std::fprintf(stderr, "schedscope-cli bench query: cannot write %s\n", path.c_str());
        return ExitFailure;
    }
    auto cleanup = [&] {
        if (!keep)
            std::remove(path.c_str());
    };
    std::printf("query tables of %" PRIu64 " scheduler events (%.0f MiB of ftrace text, 8 CPUs, 400 tasks)\n",
                events, fileMiB(path));
    Discard discard;
    auto t0 = std::chrono::steady_clock::now();
    double cpu0 = cpuSeconds();
    if (!importTraceFile(path, &discard).ok) {
        cleanup();
        return ExitFailure;
    }
    const double importWall = since(t0), importCpu = cpuSeconds() - cpu0;
    std::printf("  %-62s wall %6.2f s   cpu %6.2f s\n",
                "import alone (as bench import: the records to a sink)", importWall, importCpu);
    t0 = std::chrono::steady_clock::now();
    cpu0 = cpuSeconds();
    QueryTables tables = recordingTables(path);
    const double tablesWall = since(t0), tablesCpu = cpuSeconds() - cpu0;
    if (!tables.ok()) {
        std::fprintf(stderr, "schedscope-cli bench query: %s\n", tables.error.c_str());
        cleanup();
        return ExitFailure;
    }
    std::ostringstream counts;
    for (const auto& t : tables.tables)
        if (t->rows() >= 1000)
            counts << (counts.tellp() ? ", " : "") << t->name() << " " << t->rows();
    QueryDatabase db;
    db.add(std::move(tables.tables));
    std::printf("  %-62s wall %6.2f s   cpu %6.2f s   (%.2f x the import's wall, %.2f x its cpu)\n",
                "import with the recorders, and the tables built", tablesWall, tablesCpu,
                tablesWall / importWall, tablesCpu / importCpu);
    std::printf("  %-62s %.0f MiB\n", "tables in memory",
                static_cast<double>(db.bytes()) / (1024.0 * 1024.0));
    std::printf("  rows: %s\n", counts.str().c_str());
    const bool queried = timeQueries(db);
    const std::string file = path + ".sqlite";
    t0 = std::chrono::steady_clock::now();
    const std::string written = db.writeFile(file);
    const double writeWall = since(t0);
    if (written.empty())
        std::printf("  %-62s wall %6.2f s   %.0f MiB\n",
                    "the tables as ordinary SQLite tables (--db: INSERT SELECT)", writeWall, fileMiB(file));
    std::remove(file.c_str());
    const BenchChildRun child = runSelf({"query", path, kQueries[0]});
    std::printf("  %-62s wall %6.2f s   peak RSS %.0f MiB\n",
                "schedscope-cli query TRACE \"select cpu, ...\" (own process)", child.wall, child.rssMiB);
    cleanup();
    return queried && written.empty() && child.ok ? ExitOk : ExitFailure;
}

} // namespace cli
