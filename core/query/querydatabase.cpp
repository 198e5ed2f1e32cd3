#include "query/querydatabase.h"

#include <sqlite3.h>

#include <fcntl.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <cstdio>
#include <cstring>
#include <string_view>

namespace core {

namespace {

/// Runs `sql` (no results wanted); "" or SQLite's message.
std::string exec(sqlite3* db, const std::string& sql) {
    char* msg = nullptr;
    if (sqlite3_exec(db, sql.c_str(), nullptr, nullptr, &msg) == SQLITE_OK)
        return {};
    std::string e = msg ? msg : sqlite3_errmsg(db);
    sqlite3_free(msg);
    return e;
}

/// PRAGMAs that only read (the schema, the build): the rest may change the connection.
bool readingPragma(std::string_view name) {
    static constexpr std::string_view kReading[] = {
        "table_info",    "table_xinfo",   "table_list",  "index_list",  "index_info",     "index_xinfo",
        "database_list", "function_list", "module_list", "pragma_list", "collation_list", "compile_options"};
    return std::find(std::begin(kReading), std::end(kReading), name) != std::end(kReading);
}

int authorize(void*, int action, const char* arg1, const char*, const char*, const char*) {
    switch (action) {
    case SQLITE_SELECT:
    case SQLITE_READ:
    case SQLITE_FUNCTION:
    case SQLITE_RECURSIVE:
    case SQLITE_TRANSACTION:
    case SQLITE_SAVEPOINT:
        return SQLITE_OK;
    case SQLITE_PRAGMA:
        return arg1 && readingPragma(arg1) ? SQLITE_OK : SQLITE_DENY;
    default:
        return SQLITE_DENY;
    }
}

/// Flushes `path` to the disk.
bool syncFile(const std::string& path) {
    const int fd = ::open(path.c_str(), O_RDONLY | O_CLOEXEC);
    if (fd < 0)
        return false;
    const bool ok = ::fsync(fd) == 0;
    ::close(fd);
    return ok;
}

} // namespace

QueryDatabase::QueryDatabase() {
    if (sqlite3_open_v2(":memory:", &m_db, SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE | SQLITE_OPEN_NOMUTEX,
                        nullptr) != SQLITE_OK) {
        m_error = std::string("cannot open an SQLite database in memory: ") +
                  (m_db ? sqlite3_errmsg(m_db) : "out of memory");
        return;
    }
    if (registerColumnModule(m_db, &m_tables) != SQLITE_OK)
        m_error = std::string("cannot register SchedScope's tables with SQLite: ") + sqlite3_errmsg(m_db);
    exec(m_db, "PRAGMA journal_mode=OFF; PRAGMA synchronous=OFF");
}

QueryDatabase::~QueryDatabase() {
    m_order.clear();
    sqlite3_close_v2(m_db); // the virtual tables let go of their ColumnTables here
}

std::string QueryDatabase::add(std::vector<std::shared_ptr<const ColumnTable>> tables,
                               const std::string& schema) {
    if (!ok())
        return m_error;
    if (schema != "main" && std::find(m_schemas.begin(), m_schemas.end(), schema) == m_schemas.end()) {
        if (std::string e = exec(m_db, "ATTACH DATABASE ':memory:' AS " + sqlIdentifier(schema)); !e.empty())
            return "cannot make schema " + schema + ": " + e;
        m_schemas.push_back(schema);
    }
    for (auto& t : tables) {
        const std::string key = schema + "." + t->name();
        m_tables[key] = t;
        const std::string sql = "CREATE VIRTUAL TABLE " + sqlIdentifier(schema) + "." +
                                sqlIdentifier(t->name()) + " USING " + kColumnModule + "(" + key + ")";
        if (std::string e = exec(m_db, sql); !e.empty())
            return "cannot make table " + key + ": " + e;
        m_order.push_back({schema, t});
    }
    return {};
}

std::string QueryDatabase::writeFile(const std::string& path) {
    if (m_readOnly)
        return path + ": the database is read-only now; write it before queries run";
    const std::string tmp = path + ".tmp-schedscope";
    std::remove(tmp.c_str());
    sqlite3_stmt* attach = nullptr;
    sqlite3_prepare_v2(m_db, "ATTACH DATABASE ?1 AS schedscope_out", -1, &attach, nullptr);
    sqlite3_bind_text(attach, 1, tmp.c_str(), -1, SQLITE_TRANSIENT);
    const int rc = sqlite3_step(attach);
    sqlite3_finalize(attach);
    if (rc != SQLITE_DONE)
        return path + ": cannot create " + tmp + ": " + sqlite3_errmsg(m_db);
    std::string error =
        exec(m_db, "PRAGMA schedscope_out.journal_mode=OFF; PRAGMA schedscope_out.synchronous=OFF; "
                   "BEGIN");
    for (const TableInfo& t : m_order) {
        if (!error.empty())
            break;
        if (t.schema != "main")
            continue;
        const std::string name = sqlIdentifier(t.table->name());
        error = exec(m_db, columnTableDeclaration(*t.table, "schedscope_out." + name) +
                               "; INSERT INTO schedscope_out." + name + " SELECT * FROM main." + name);
    }
    if (error.empty())
        error = exec(m_db, "COMMIT");
    else
        exec(m_db, "ROLLBACK");
    exec(m_db, "DETACH DATABASE schedscope_out");
    if (error.empty() && !syncFile(tmp))
        error = std::strerror(errno);
    if (error.empty() && std::rename(tmp.c_str(), path.c_str()) != 0)
        error = std::strerror(errno);
    if (!error.empty()) {
        std::remove(tmp.c_str());
        return path + ": " + error;
    }
    return {};
}

void QueryDatabase::makeReadOnly() {
    exec(m_db, "PRAGMA query_only=1");
    sqlite3_set_authorizer(m_db, authorize, nullptr);
    m_readOnly = true;
}

void QueryDatabase::interrupt() {
    if (m_db)
        sqlite3_interrupt(m_db);
}

size_t QueryDatabase::bytes() const {
    size_t n = 0;
    for (const TableInfo& t : m_order)
        n += t.table->bytes();
    return n;
}

} // namespace core
