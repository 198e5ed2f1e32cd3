#pragma once

#include <cassert>
#include <cstdint>
#include <functional>
#include <limits>
#include <memory>
#include <mutex>
#include <string>
#include <string_view>
#include <unordered_map>
#include <utility>
#include <vector>

namespace core {

/// How a column holds its values, and the SQL type it declares: INTEGER (64 or 32 bits wide in
/// memory), REAL or TEXT.
enum class ColumnKind : uint8_t { Int64, Int32, Real, Text };

struct ColumnSpec {
    std::string name;
    ColumnKind kind = ColumnKind::Int64;
    /// The column's value is the row's number (0, 1, 2...): an `id`, `utid` or `upid`. Nothing is
    /// stored for it (a row gives its value as for any other column, and it must be the row's
    /// number); a lookup by it goes straight to the row.
    bool rowNumber = false;
};

/// One table held as columns in memory, filled row by row once and read-only after: what the
/// query layer's virtual tables read (query/columnvtab.h) and what a database file is written
/// from. NULL is a value no real one takes: INT64_MIN or INT32_MIN in an integer column, NaN in a
/// REAL one, an absent string in a TEXT one. Text is interned per table, so a state letter
/// repeated in millions of rows is stored once.
class ColumnTable {
public:
    static constexpr int64_t kNull64 = std::numeric_limits<int64_t>::min();
    static constexpr int32_t kNull32 = std::numeric_limits<int32_t>::min();
    static constexpr uint32_t kNullText = std::numeric_limits<uint32_t>::max();

    ColumnTable(std::string name, std::vector<ColumnSpec> columns);
    ColumnTable(const ColumnTable&) = delete;
    ColumnTable& operator=(const ColumnTable&) = delete;

    const std::string& name() const { return m_name; }
    const std::vector<ColumnSpec>& columns() const { return m_specs; }
    size_t rows() const { return m_rows; }
    /// The column's index, or -1.
    int columnIndex(std::string_view name) const;

    /// Appends one row: one call per column, in order; the row ends when the writer goes.
    class Row {
    public:
        explicit Row(ColumnTable& t)
            : m_t(t) {}
        Row(const Row&) = delete;
        ~Row();
        Row& i(int64_t v); // inline, below: millions of values a table
        /// An integer, or NULL when `known` is false.
        Row& i(int64_t v, bool known) { return known ? i(v) : null(); }
        Row& r(double v);
        Row& t(std::string_view v);
        Row& null();

    private:
        ColumnTable& m_t;
        size_t m_col = 0;
    };
    Row row() { return Row(*this); }
    /// Reserves room for `n` rows in every column.
    void reserve(size_t n);

    bool isNull(size_t col, size_t row) const;
    int64_t intAt(size_t col, size_t row) const;
    double realAt(size_t col, size_t row) const;
    std::string_view textAt(size_t col, size_t row) const;

    /// The rows whose value in integer column `col` lies in [lo, hi], in value order (then row
    /// order); NULLs never. The column's sorted index is built on first use (n log n, 4 bytes a
    /// row), under a lock: any thread may ask.
    std::pair<const uint32_t*, const uint32_t*> rowsWithin(size_t col, int64_t lo, int64_t hi) const;

    /// About how many distinct values integer column `col` holds, from an even sample of 1,000
    /// rows (the query planner's guess of how many rows an `=` keeps); computed once.
    double distinctEstimate(size_t col) const;

    /// Bytes held (columns, strings, indexes built so far), for the benchmark.
    size_t bytes() const;

private:
    struct Column {
        ColumnKind kind;
        bool rowNumber = false; ///< ColumnSpec::rowNumber: nothing stored
        std::vector<int64_t> i64;
        std::vector<int32_t> i32;
        std::vector<double> real;
        std::vector<uint32_t> text;
        mutable std::unique_ptr<std::vector<uint32_t>> sorted; ///< rows in value order, NULLs out
        mutable double distinct = 0;                           ///< distinctEstimate(), 0 until asked
        size_t size() const;
    };
    uint32_t intern(std::string_view s);
    void endRow(size_t columnsGiven);

    std::string m_name;
    std::vector<ColumnSpec> m_specs;
    std::vector<Column> m_columns;
    size_t m_rows = 0;
    struct Hash {
        using is_transparent = void;
        size_t operator()(std::string_view s) const { return std::hash<std::string_view>{}(s); }
    };
    std::vector<std::string> m_strings;
    std::unordered_map<std::string, uint32_t, Hash, std::equal_to<>> m_stringIds;
    mutable std::mutex m_indexLock;
};

inline ColumnTable::Row& ColumnTable::Row::i(int64_t v) {
    assert(m_col < m_t.m_columns.size() && m_t.m_columns[m_col].kind != ColumnKind::Text);
    Column& c = m_t.m_columns[m_col++];
    if (c.rowNumber) {
        assert(v == static_cast<int64_t>(m_t.m_rows));
        return *this;
    }
    if (c.kind == ColumnKind::Int32)
        c.i32.push_back(static_cast<int32_t>(v));
    else if (c.kind == ColumnKind::Real)
        c.real.push_back(static_cast<double>(v));
    else
        c.i64.push_back(v);
    return *this;
}

} // namespace core
