#include "query/statementrunner.h"

#include <sqlite3.h>

#include <cctype>

namespace core {

namespace {

/// The first byte of the statement at `from`: past white space and comments.
size_t statementStart(std::string_view sql, size_t from) {
    size_t i = from;
    while (i < sql.size()) {
        if (std::isspace(static_cast<unsigned char>(sql[i]))) {
            ++i;
        } else if (sql.compare(i, 2, "--") == 0) {
            const size_t nl = sql.find('\n', i);
            i = nl == std::string_view::npos ? sql.size() : nl + 1;
        } else if (sql.compare(i, 2, "/*") == 0) {
            const size_t close = sql.find("*/", i + 2);
            i = close == std::string_view::npos ? sql.size() : close + 2;
        } else {
            break;
        }
    }
    return std::min(i, sql.size());
}

std::string messageOf(sqlite3* db, int rc) {
    if (rc == SQLITE_AUTH)
        return "not allowed: queries read the tables and cannot change them (no INSERT, UPDATE, DELETE, "
               "CREATE, DROP, ATTACH or PRAGMA that sets a value)";
    if (rc == SQLITE_INTERRUPT)
        return "interrupted";
    return sqlite3_errmsg(db);
}

QueryValue valueOf(sqlite3_stmt* st, int c) {
    QueryValue v;
    switch (sqlite3_column_type(st, c)) {
    case SQLITE_INTEGER:
        v.type = QueryValue::Type::Integer;
        v.integer = sqlite3_column_int64(st, c);
        break;
    case SQLITE_FLOAT:
        v.type = QueryValue::Type::Real;
        v.real = sqlite3_column_double(st, c);
        break;
    case SQLITE_TEXT: {
        v.type = QueryValue::Type::Text;
        const auto* p = reinterpret_cast<const char*>(sqlite3_column_text(st, c));
        v.bytes = std::string_view(p ? p : "", static_cast<size_t>(sqlite3_column_bytes(st, c)));
        break;
    }
    case SQLITE_BLOB: {
        v.type = QueryValue::Type::Blob;
        const auto* p = static_cast<const char*>(sqlite3_column_blob(st, c));
        v.bytes = std::string_view(p ? p : "", static_cast<size_t>(sqlite3_column_bytes(st, c)));
        break;
    }
    default:
        break;
    }
    return v;
}

} // namespace

void lineColumnOf(std::string_view text, size_t offset, int& line, int& column) {
    line = 1;
    column = 1;
    for (size_t i = 0; i < offset && i < text.size(); ++i) {
        const auto c = static_cast<unsigned char>(text[i]);
        if (c == '\n') {
            ++line;
            column = 1;
        } else if ((c & 0xC0) != 0x80) { // not a UTF-8 continuation byte: a new character
            ++column;
        }
    }
}

std::string QueryOutcome::describe() const {
    return "line " + std::to_string(line) + ", column " + std::to_string(column) + ": " + error;
}

QueryOutcome runStatements(sqlite3* db, std::string_view sql, QueryResultSink& sink,
                           const std::atomic<bool>* stop) {
    struct Handler { // the progress handler on for this run only
        sqlite3* db;
        Handler(sqlite3* d, const std::atomic<bool>* stop)
            : db(d) {
            if (stop)
                sqlite3_progress_handler(
                    db, 4096,
                    [](void* flag) { return static_cast<const std::atomic<bool>*>(flag)->load() ? 1 : 0; },
                    const_cast<std::atomic<bool>*>(stop));
        }
        ~Handler() { sqlite3_progress_handler(db, 0, nullptr, nullptr); }
    } handler(db, stop);
    QueryOutcome out;
    size_t at = 0, results = 0;
    std::vector<QueryValue> values;
    auto fail = [&](int rc, size_t stmtAt) {
        out.error = messageOf(db, rc);
        out.interrupted = rc == SQLITE_INTERRUPT;
        const int where = sqlite3_error_offset(db);
        out.offset = where >= 0 ? std::min(sql.size(), stmtAt + static_cast<size_t>(where))
                                : statementStart(sql, stmtAt);
        lineColumnOf(sql, out.offset, out.line, out.column);
    };
    while (at < sql.size()) {
        sqlite3_stmt* st = nullptr;
        const char* tail = nullptr;
        const char* begin = sql.data() + at;
        const int rc = sqlite3_prepare_v2(db, begin, static_cast<int>(sql.size() - at), &st, &tail);
        if (rc != SQLITE_OK) {
            fail(rc, at);
            sqlite3_finalize(st);
            return out;
        }
        const size_t stmtAt = at;
        at = tail ? static_cast<size_t>(tail - sql.data()) : sql.size();
        if (!st)
            continue; // white space or a comment
        const int columns = sqlite3_column_count(st);
        if (columns > 0) {
            std::vector<std::string> names;
            for (int c = 0; c < columns; ++c)
                names.emplace_back(sqlite3_column_name(st, c));
            sink.begin(results++, names);
        }
        int step;
        while ((step = sqlite3_step(st)) == SQLITE_ROW) {
            values.clear();
            for (int c = 0; c < columns; ++c)
                values.push_back(valueOf(st, c));
            if (!sink.row(values)) {
                out.stopped = true;
                break;
            }
        }
        if (columns > 0)
            sink.end();
        if (!out.stopped && step != SQLITE_DONE) {
            fail(step, stmtAt);
            sqlite3_finalize(st);
            return out;
        }
        sqlite3_finalize(st);
        if (out.stopped)
            return out;
        ++out.statements;
    }
    return out;
}

} // namespace core
