#pragma once

#include "query/columntable.h"
#include "query/columnvtab.h"

#include <memory>
#include <string>
#include <vector>

struct sqlite3;

namespace core {

/// The SQL database a query runs on (docs/query.md): an in-memory SQLite connection whose
/// tables are the ColumnTables of a run, a recording or a sweep, as read-only virtual tables
/// (query/columnvtab.h). Built once by one thread; queries may then run on another thread, and
/// interrupt() may come from a third or from a signal handler.
class QueryDatabase {
public:
    QueryDatabase();
    ~QueryDatabase();
    QueryDatabase(const QueryDatabase&) = delete;
    QueryDatabase& operator=(const QueryDatabase&) = delete;

    /// The connection could be opened; otherwise error() says why.
    bool ok() const { return m_error.empty(); }
    const std::string& error() const { return m_error; }
    sqlite3* handle() const { return m_db; }

    /// Makes `tables` SQL tables of `schema`: "main", or another name, attached for them on first
    /// use (the A/B window's `a` and `b`, so one query reads both sides). "" or what failed.
    std::string add(std::vector<std::shared_ptr<const ColumnTable>> tables,
                    const std::string& schema = "main");

    struct TableInfo {
        std::string schema;
        std::shared_ptr<const ColumnTable> table;
    };
    /// Every table added, in the order added.
    const std::vector<TableInfo>& tables() const { return m_order; }

    /// Writes the tables of `main` into a standalone SQLite file at `path` (ordinary tables with
    /// the same names, columns and types, which sqlite3, Python, pandas or DuckDB open as they
    /// are), atomically: into PATH.tmp-schedscope, synced, then renamed over PATH. "" or an error
    /// naming the file. Call before makeReadOnly().
    std::string writeFile(const std::string& path);

    /// From now on no statement can change anything: PRAGMA query_only, and an authorizer that
    /// refuses every write, ATTACH and DETACH and any PRAGMA but those that only read the schema.
    void makeReadOnly();
    bool readOnly() const { return m_readOnly; }

    /// Stops the statement running now (callable from any thread or a signal handler): it fails
    /// with SQLITE_INTERRUPT.
    void interrupt();

    /// Bytes the tables hold.
    size_t bytes() const;

private:
    sqlite3* m_db = nullptr;
    std::string m_error;
    ColumnTables m_tables; ///< by "schema.name": the virtual tables' module reads these
    std::vector<TableInfo> m_order;
    std::vector<std::string> m_schemas;
    bool m_readOnly = false;
};

} // namespace core
