#pragma once

#include <atomic>
#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

struct sqlite3;

namespace core {

/// One value of a result row as SQLite gave it. Text and blob bytes are SQLite's: valid until
/// the next row.
struct QueryValue {
    enum class Type : uint8_t { Null, Integer, Real, Text, Blob };
    Type type = Type::Null;
    int64_t integer = 0;
    double real = 0;
    std::string_view bytes; ///< Text (UTF-8 as stored; may be any bytes a query made) or Blob
};

/// Where a query's results go: statement by statement, row by row, as SQLite steps (nothing is
/// collected here, so a huge result streams).
class QueryResultSink {
public:
    virtual ~QueryResultSink() = default;
    /// A statement that returns rows begins (its column names); `index` counts such statements.
    virtual void begin(size_t index, const std::vector<std::string>& columns) = 0;
    /// One row; returning false stops the query (the rest is not run).
    virtual bool row(const std::vector<QueryValue>& values) = 0;
    /// The statement's rows are all given.
    virtual void end() = 0;
};

/// How a run of statements ended. On an error, where in the SQL text it is: SQLite's offset
/// when it names one, else the start of the failing statement.
struct QueryOutcome {
    std::string error;        ///< "" when every statement ran; SQLite's message otherwise
    bool interrupted = false; ///< interrupt() stopped it (error says "interrupted")
    bool stopped = false;     ///< the sink asked to stop
    size_t offset = 0;        ///< byte offset of the place in the SQL text
    int line = 0, column = 0; ///< 1-based; the column counts characters (UTF-8)
    size_t statements = 0;    ///< statements that ran to their end
    bool ok() const { return error.empty(); }
    /// "line L, column C: MESSAGE"
    std::string describe() const;
};

/// Runs every statement of `sql` in order on `db` (empty statements and comments are skipped),
/// each result to `sink`. Stops at the first error. A write refused by a read-only database is
/// explained as such.
/// `stop`, when given, is read every few thousand SQLite instructions: once true, the statement
/// fails as interrupted (a Cancel that cannot miss a statement about to start, as
/// sqlite3_interrupt() alone could).
QueryOutcome runStatements(sqlite3* db, std::string_view sql, QueryResultSink& sink,
                           const std::atomic<bool>* stop = nullptr);

/// The 1-based line and column (in characters) of byte `offset` in `text`.
void lineColumnOf(std::string_view text, size_t offset, int& line, int& column);

} // namespace core
