// schedscope-cli query: SQL over a simulation, a recording or a sweep (docs/query.md).
#include "commands.h"

#include "query/querydatabase.h"
#include "query/querysource.h"
#include "query/recordingtables.h"
#include "query/resultformat.h"
#include "query/simulationtables.h"
#include "query/statementrunner.h"
#include "query/sweeptables.h"

#include <atomic>
#include <csignal>
#include <cstdio>
#include <fstream>
#include <iostream>
#include <iterator>
#include <sstream>

namespace cli {

using namespace core;

namespace {

std::atomic<int> g_signal{0};
QueryDatabase* g_database = nullptr;

extern "C" void onQuerySignal(int sig) {
    g_signal.store(sig);
    if (g_database)
        g_database->interrupt(); // sqlite3_interrupt: safe from a signal handler
    std::signal(sig, SIG_DFL);   // a second one ends the process at once
}

/// The SQL to run: the argument, or --file (- for stdin). ExitOk, or the code after saying why.
int readSql(const std::vector<std::string>& positional, const std::optional<std::string>& file,
            std::string& sql, std::string& name) {
    if (positional.size() == 2 && file) {
        std::fprintf(stderr, "schedscope-cli query: give the SQL once: as an argument or with --file\n");
        return ExitUsage;
    }
    if (positional.size() == 2) {
        sql = positional[1];
        name = "SQL";
        return ExitOk;
    }
    if (!file)
        return ExitOk;
    name = *file == "-" ? std::string("stdin") : *file;
    if (*file == "-") {
        sql.assign(std::istreambuf_iterator<char>(std::cin), std::istreambuf_iterator<char>());
        return ExitOk;
    }
    std::ifstream in(*file, std::ios::binary);
    if (!in) {
        std::fprintf(stderr, "schedscope-cli query: cannot read %s\n", file->c_str());
        return ExitInvalid;
    }
    std::ostringstream text;
    text << in.rdbuf();
    sql = text.str();
    return ExitOk;
}

/// The source's tables, built as its kind needs. ExitOk, or the code after saying why.
int buildTables(const std::string& source, const RunRequest& runOptions, QueryTables& tables) {
    const QuerySourceKind kind = querySourceKind(source);
    const bool runOption = runOptions.forText || runOptions.seedText || runOptions.model ||
                           runOptions.costs || !runOptions.opts.empty();
    if (kind != QuerySourceKind::Scenario && runOption) {
        std::fprintf(stderr,
                     "schedscope-cli query: --for, --seed, --model, --costs and --opt shape a scenario's "
                     "run; %s is a %s\n",
                     source.c_str(), kind == QuerySourceKind::Sweep ? "sweep's results folder" : "recording");
        return ExitUsage;
    }
    if (kind == QuerySourceKind::Scenario) {
        std::optional<ScenarioSpec> spec;
        if (const int rc = specForRun(source, runOptions, "query", spec); rc != ExitOk)
            return rc;
        std::vector<QueryMetadata> meta = {{"source_file", {}, source},
                                           {"costs", {}, runOptions.costs.value_or("default")}};
        tables = simulationTables(std::make_shared<const ScenarioSpec>(std::move(*spec)), std::move(meta));
    } else if (kind == QuerySourceKind::Recording) {
        tables = recordingTables(source);
    } else {
        tables = sweepTables(source);
    }
    if (!tables.ok()) {
        std::fprintf(stderr, "%s\n", tables.error.c_str());
        return tables.invalidSource ? ExitInvalid : ExitFailure;
    }
    for (const std::string& w : tables.warnings)
        std::fprintf(stderr, "warning: %s: %s\n", source.c_str(), w.c_str());
    return ExitOk;
}

/// The failing statement's line with a caret under the place.
void showPlace(const std::string& sql, const QueryOutcome& o) {
    const size_t at = std::min(o.offset, sql.size());
    const size_t nl = at == 0 ? std::string::npos : sql.rfind('\n', at - 1);
    const size_t start = nl == std::string::npos ? 0 : nl + 1;
    const size_t end = sql.find('\n', at);
    const std::string line = sql.substr(start, end == std::string::npos ? std::string::npos : end - start);
    std::fprintf(stderr, "  %s\n  %*s^\n", line.c_str(), o.column - 1, "");
}

} // namespace

int cmdQuery(Args& args) {
    const RunRequest runOptions = takeRunOptions(args);
    const auto file = args.take("--file");
    const std::string formatName = args.take("--format").value_or("table");
    const auto dbPath = args.take("--db");
    if (reportLeftovers(args))
        return ExitUsage;
    const std::vector<std::string>& pos = args.positional();
    if (pos.empty() || pos.size() > 2) {
        std::fprintf(stderr,
                     "schedscope-cli query: name a SOURCE (a scenario, builtin:NAME, a recording or a "
                     "sweep's results folder), then the SQL (or --file)\n");
        return ExitUsage;
    }
    const std::optional<ResultFormat> format = resultFormatFromName(formatName);
    if (!format) {
        std::fprintf(stderr, "schedscope-cli query: --format must be table, csv or json, not \"%s\"\n",
                     formatName.c_str());
        return ExitUsage;
    }
    std::string sql, sqlName;
    if (const int rc = readSql(pos, file, sql, sqlName); rc != ExitOk)
        return rc;
    if (pos.size() == 1 && !file && !dbPath) {
        std::fprintf(stderr,
                     "schedscope-cli query: nothing to do: give the SQL (an argument or --file), or --db "
                     "OUT.sqlite to write the database\n");
        return ExitUsage;
    }
    QueryTables tables;
    if (const int rc = buildTables(pos[0], runOptions, tables); rc != ExitOk)
        return rc;
    QueryDatabase db;
    if (std::string e = db.ok() ? db.add(std::move(tables.tables)) : db.error(); !e.empty()) {
        std::fprintf(stderr, "schedscope-cli query: %s\n", e.c_str());
        return ExitFailure;
    }
    if (dbPath)
        if (std::string e = db.writeFile(*dbPath); !e.empty()) {
            std::fprintf(stderr, "schedscope-cli query: %s\n", e.c_str());
            return ExitFailure;
        }
    if (sql.empty() && pos.size() == 1 && !file)
        return ExitOk;
    db.makeReadOnly();
    std::ios::sync_with_stdio(false);
    const std::unique_ptr<QueryResultSink> writer = makeResultWriter(*format, std::cout);
    g_database = &db;
    auto oldInt = std::signal(SIGINT, onQuerySignal);
    auto oldTerm = std::signal(SIGTERM, onQuerySignal);
    const QueryOutcome outcome = runStatements(db.handle(), sql, *writer);
    std::signal(SIGINT, oldInt);
    std::signal(SIGTERM, oldTerm);
    g_database = nullptr;
    std::cout.flush();
    if (outcome.interrupted) {
        std::fprintf(stderr, "schedscope-cli query: interrupted\n");
        return 128 + (g_signal.load() ? g_signal.load() : SIGINT);
    }
    if (!outcome.ok()) {
        std::fprintf(stderr, "schedscope-cli query: %s:%d:%d: %s\n", sqlName.c_str(), outcome.line,
                     outcome.column, outcome.error.c_str());
        showPlace(sql, outcome);
        return ExitInvalid;
    }
    if (!std::cout) {
        std::fprintf(stderr, "schedscope-cli query: cannot write the results\n");
        return ExitFailure;
    }
    return ExitOk;
}

} // namespace cli
