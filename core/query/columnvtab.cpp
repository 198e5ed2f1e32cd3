#include "query/columnvtab.h"

#include <sqlite3.h>

#include <cmath>
#include <cstring>
#include <string>

namespace core {

namespace {

struct VTab : sqlite3_vtab {
    std::shared_ptr<const ColumnTable> table;
};

struct Cursor : sqlite3_vtab_cursor {
    const ColumnTable* table = nullptr;
    bool list = false;             ///< rows from an index range, else a run of row numbers
    const uint32_t* at = nullptr;  ///< list: the current entry
    const uint32_t* end = nullptr; ///< list: one past the last
    size_t row = 0, stop = 0;      ///< run: the current row and one past the last
    size_t current() const { return list ? *at : row; }
};

/// idxNum of a plan: every row, one row by its number, or an integer column's range.
enum Plan : int { Scan = 0, ByRow = 1, ByRange = 2 };

bool rangeOp(unsigned char op) {
    return op == SQLITE_INDEX_CONSTRAINT_EQ || op == SQLITE_INDEX_CONSTRAINT_GT ||
           op == SQLITE_INDEX_CONSTRAINT_GE || op == SQLITE_INDEX_CONSTRAINT_LT ||
           op == SQLITE_INDEX_CONSTRAINT_LE;
}

char opChar(unsigned char op) {
    switch (op) {
    case SQLITE_INDEX_CONSTRAINT_EQ:
        return '=';
    case SQLITE_INDEX_CONSTRAINT_GT:
        return '>';
    case SQLITE_INDEX_CONSTRAINT_GE:
        return 'g';
    case SQLITE_INDEX_CONSTRAINT_LT:
        return '<';
    default:
        return 'l';
    }
}

bool integerColumn(const ColumnTable& t, int col) {
    if (col < 0)
        return false;
    const ColumnKind k = t.columns()[static_cast<size_t>(col)].kind;
    return k == ColumnKind::Int64 || k == ColumnKind::Int32;
}

int connect(sqlite3* db, void* aux, int argc, const char* const* argv, sqlite3_vtab** out, char** err) {
    const auto* tables = static_cast<const ColumnTables*>(aux);
    if (argc < 4) {
        *err = sqlite3_mprintf("%s: name the table to read", kColumnModule);
        return SQLITE_ERROR;
    }
    const auto it = tables->find(argv[3]);
    if (it == tables->end()) {
        *err = sqlite3_mprintf("%s: no table %s", kColumnModule, argv[3]);
        return SQLITE_ERROR;
    }
    const int rc = sqlite3_declare_vtab(db, columnTableDeclaration(*it->second, "x").c_str());
    if (rc != SQLITE_OK)
        return rc;
    auto* v = new VTab();
    v->table = it->second;
    *out = v;
    return SQLITE_OK;
}

int disconnect(sqlite3_vtab* tab) {
    delete static_cast<VTab*>(tab);
    return SQLITE_OK;
}

/// A unique lookup: `=` on the rowid or on a row-number column.
bool planByRow(const ColumnTable& t, sqlite3_index_info* info) {
    for (int i = 0; i < info->nConstraint; ++i) {
        const auto& c = info->aConstraint[i];
        if (!c.usable || c.op != SQLITE_INDEX_CONSTRAINT_EQ)
            continue;
        if (c.iColumn >= 0 && !t.columns()[static_cast<size_t>(c.iColumn)].rowNumber)
            continue;
        info->idxNum = ByRow;
        info->aConstraintUsage[i].argvIndex = 1;
        info->estimatedCost = 1;
        info->estimatedRows = 1;
        info->idxFlags = SQLITE_INDEX_SCAN_UNIQUE;
        return true;
    }
    return false;
}

int bestIndex(sqlite3_vtab* tab, sqlite3_index_info* info) {
    const ColumnTable& t = *static_cast<VTab*>(tab)->table;
    const double n = std::max<double>(1.0, static_cast<double>(t.rows()));
    if (planByRow(t, info))
        return SQLITE_OK;
    // The integer column whose constraints keep the fewest rows: an `=` keeps a value's share
    // (from the column's distinct values), a range with two bounds 1/16, with one 1/4.
    int best = -1;
    double bestRows = n;
    for (int i = 0; i < info->nConstraint; ++i) {
        const auto& c = info->aConstraint[i];
        if (!c.usable || !rangeOp(c.op) || !integerColumn(t, c.iColumn))
            continue;
        bool eq = false, lo = false, hi = false;
        for (int j = 0; j < info->nConstraint; ++j) {
            const auto& d = info->aConstraint[j];
            if (!d.usable || d.iColumn != c.iColumn || !rangeOp(d.op))
                continue;
            eq = eq || d.op == SQLITE_INDEX_CONSTRAINT_EQ;
            lo = lo || d.op == SQLITE_INDEX_CONSTRAINT_GT || d.op == SQLITE_INDEX_CONSTRAINT_GE;
            hi = hi || d.op == SQLITE_INDEX_CONSTRAINT_LT || d.op == SQLITE_INDEX_CONSTRAINT_LE;
        }
        const double rows = eq         ? n / t.distinctEstimate(static_cast<size_t>(c.iColumn))
                            : lo && hi ? n / 16
                                       : n / 4;
        if (best < 0 || rows < bestRows) {
            best = c.iColumn;
            bestRows = rows;
        }
    }
    if (best < 0) {
        info->idxNum = Scan;
        info->estimatedCost = n;
        info->estimatedRows = static_cast<sqlite3_int64>(n);
        return SQLITE_OK;
    }
    std::string ops = std::to_string(best) + ":";
    int arg = 0;
    for (int i = 0; i < info->nConstraint; ++i) {
        const auto& c = info->aConstraint[i];
        if (!c.usable || c.iColumn != best || !rangeOp(c.op))
            continue;
        info->aConstraintUsage[i].argvIndex = ++arg;
        ops += opChar(c.op);
    }
    info->idxNum = ByRange;
    info->idxStr = sqlite3_mprintf("%s", ops.c_str());
    info->needToFreeIdxStr = 1;
    info->estimatedCost = std::log2(n) + bestRows;
    info->estimatedRows = static_cast<sqlite3_int64>(std::max(1.0, bestRows));
    return SQLITE_OK;
}

int open(sqlite3_vtab* tab, sqlite3_vtab_cursor** out) {
    auto* c = new Cursor();
    c->table = static_cast<VTab*>(tab)->table.get();
    *out = c;
    return SQLITE_OK;
}

int close(sqlite3_vtab_cursor* cur) {
    delete static_cast<Cursor*>(cur);
    return SQLITE_OK;
}

/// Narrows [lo, hi] by `value op bound`; false when nothing can match (a NULL bound). A text or
/// blob bound narrows nothing: SQLite compares those rows itself.
bool narrow(char op, sqlite3_value* v, int64_t& lo, int64_t& hi) {
    const int type = sqlite3_value_numeric_type(v);
    if (type == SQLITE_NULL)
        return false;
    if (type != SQLITE_INTEGER && type != SQLITE_FLOAT)
        return true;
    constexpr double kMax = 9.2e18; // below INT64_MAX, where doubles still convert exactly enough
    double x = sqlite3_value_double(v);
    const bool integer = type == SQLITE_INTEGER;
    const int64_t i = sqlite3_value_int64(v);
    if (!integer && (x > kMax || x < -kMax)) {
        const bool above = x > 0;
        if (op == '=')
            return false;
        if ((op == '>' || op == 'g') && above)
            return false;
        if ((op == '<' || op == 'l') && !above)
            return false;
        return true;
    }
    auto raiseLo = [&](int64_t b) { lo = std::max(lo, b); };
    auto lowerHi = [&](int64_t b) { hi = std::min(hi, b); };
    switch (op) {
    case '=':
        if (!integer && x != std::floor(x))
            return false;
        raiseLo(integer ? i : static_cast<int64_t>(x));
        lowerHi(integer ? i : static_cast<int64_t>(x));
        break;
    case '>':
        if (integer && i == INT64_MAX)
            return false;
        raiseLo(integer ? i + 1 : static_cast<int64_t>(std::floor(x)) + 1);
        break;
    case 'g':
        raiseLo(integer ? i : static_cast<int64_t>(std::ceil(x)));
        break;
    case '<':
        if (integer && i == INT64_MIN)
            return false;
        lowerHi(integer ? i - 1 : static_cast<int64_t>(std::ceil(x)) - 1);
        break;
    default:
        lowerHi(integer ? i : static_cast<int64_t>(std::floor(x)));
        break;
    }
    return true;
}

int filter(sqlite3_vtab_cursor* cur, int idxNum, const char* idxStr, int argc, sqlite3_value** argv) {
    auto* c = static_cast<Cursor*>(cur);
    const ColumnTable& t = *c->table;
    c->list = false;
    c->row = 0;
    c->stop = t.rows();
    if (idxNum == ByRow && argc == 1) {
        const int type = sqlite3_value_numeric_type(argv[0]);
        if (type == SQLITE_NULL) {
            c->stop = 0;
        } else if (type == SQLITE_INTEGER || type == SQLITE_FLOAT) {
            const double x = sqlite3_value_double(argv[0]);
            const int64_t r = sqlite3_value_int64(argv[0]);
            const bool inTable = x == std::floor(x) && r >= 0 && static_cast<uint64_t>(r) < t.rows() &&
                                 static_cast<double>(r) == x;
            c->row = inTable ? static_cast<size_t>(r) : 0;
            c->stop = inTable ? c->row + 1 : 0;
        }
        return SQLITE_OK;
    }
    if (idxNum != ByRange || !idxStr)
        return SQLITE_OK;
    const char* colon = std::strchr(idxStr, ':');
    if (!colon || static_cast<int>(std::strlen(colon + 1)) != argc)
        return SQLITE_OK;
    const auto col = static_cast<size_t>(std::atoi(idxStr));
    int64_t lo = ColumnTable::kNull64 + 1, hi = INT64_MAX;
    for (int i = 0; i < argc; ++i)
        if (!narrow(colon[1 + i], argv[i], lo, hi)) {
            c->stop = 0;
            return SQLITE_OK;
        }
    const auto [first, last] = t.rowsWithin(col, lo, hi);
    c->list = true;
    c->at = first;
    c->end = last;
    return SQLITE_OK;
}

int next(sqlite3_vtab_cursor* cur) {
    auto* c = static_cast<Cursor*>(cur);
    if (c->list)
        ++c->at;
    else
        ++c->row;
    return SQLITE_OK;
}

int eof(sqlite3_vtab_cursor* cur) {
    const auto* c = static_cast<Cursor*>(cur);
    return c->list ? c->at == c->end : c->row >= c->stop;
}

int column(sqlite3_vtab_cursor* cur, sqlite3_context* ctx, int col) {
    const auto* c = static_cast<Cursor*>(cur);
    const ColumnTable& t = *c->table;
    const size_t row = c->current();
    const auto k = static_cast<size_t>(col);
    if (t.isNull(k, row)) {
        sqlite3_result_null(ctx);
        return SQLITE_OK;
    }
    switch (t.columns()[k].kind) {
    case ColumnKind::Int64:
    case ColumnKind::Int32:
        sqlite3_result_int64(ctx, t.intAt(k, row));
        break;
    case ColumnKind::Real:
        sqlite3_result_double(ctx, t.realAt(k, row));
        break;
    case ColumnKind::Text: {
        const std::string_view s = t.textAt(k, row);
        sqlite3_result_text(ctx, s.data(), static_cast<int>(s.size()), SQLITE_STATIC);
        break;
    }
    }
    return SQLITE_OK;
}

int rowid(sqlite3_vtab_cursor* cur, sqlite_int64* out) {
    *out = static_cast<sqlite_int64>(static_cast<Cursor*>(cur)->current());
    return SQLITE_OK;
}

const sqlite3_module kModule = {
    0,          // iVersion
    connect,    // xCreate
    connect,    // xConnect
    bestIndex,  // xBestIndex
    disconnect, // xDisconnect
    disconnect, // xDestroy
    open,       // xOpen
    close,      // xClose
    filter,     // xFilter
    next,       // xNext
    eof,        // xEof
    column,     // xColumn
    rowid,      // xRowid
    nullptr,    // xUpdate: read-only
    nullptr,    // xBegin
    nullptr,    // xSync
    nullptr,    // xCommit
    nullptr,    // xRollback
    nullptr,    // xFindFunction
    nullptr,    // xRename
    nullptr,    // xSavepoint
    nullptr,    // xRelease
    nullptr,    // xRollbackTo
    nullptr,    // xShadowName
};

const char* sqlType(ColumnKind k) {
    switch (k) {
    case ColumnKind::Int64:
    case ColumnKind::Int32:
        return "INTEGER";
    case ColumnKind::Real:
        return "REAL";
    case ColumnKind::Text:
        return "TEXT";
    }
    return "";
}

} // namespace

int registerColumnModule(sqlite3* db, const ColumnTables* tables) {
    return sqlite3_create_module_v2(db, kColumnModule, &kModule, const_cast<ColumnTables*>(tables), nullptr);
}

std::string sqlIdentifier(const std::string& name) {
    std::string out = "\"";
    for (char c : name)
        out += c == '"' ? std::string("\"\"") : std::string(1, c);
    return out + "\"";
}

std::string columnTableDeclaration(const ColumnTable& table, const std::string& name) {
    std::string out = "CREATE TABLE " + name + "(";
    for (size_t c = 0; c < table.columns().size(); ++c) {
        if (c)
            out += ", ";
        out += sqlIdentifier(table.columns()[c].name) + " " + sqlType(table.columns()[c].kind);
    }
    return out + ")";
}

} // namespace core
