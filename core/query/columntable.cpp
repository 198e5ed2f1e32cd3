#include "query/columntable.h"

#include "base/hugepages.h"

#include <algorithm>
#include <cassert>
#include <cmath>

namespace core {

size_t ColumnTable::Column::size() const {
    switch (kind) {
    case ColumnKind::Int64:
        return i64.size();
    case ColumnKind::Int32:
        return i32.size();
    case ColumnKind::Real:
        return real.size();
    case ColumnKind::Text:
        return text.size();
    }
    return 0;
}

ColumnTable::ColumnTable(std::string name, std::vector<ColumnSpec> columns)
    : m_name(std::move(name))
    , m_specs(std::move(columns)) {
    for (const ColumnSpec& s : m_specs)
        m_columns.push_back(Column{s.kind, s.rowNumber, {}, {}, {}, {}, nullptr, 0});
}

int ColumnTable::columnIndex(std::string_view name) const {
    for (size_t c = 0; c < m_specs.size(); ++c)
        if (m_specs[c].name == name)
            return static_cast<int>(c);
    return -1;
}

ColumnTable::Row::~Row() {
    m_t.endRow(m_col);
}

ColumnTable::Row& ColumnTable::Row::r(double v) {
    assert(m_col < m_t.m_columns.size() && m_t.m_columns[m_col].kind == ColumnKind::Real);
    m_t.m_columns[m_col++].real.push_back(v);
    return *this;
}

ColumnTable::Row& ColumnTable::Row::t(std::string_view v) {
    assert(m_col < m_t.m_columns.size() && m_t.m_columns[m_col].kind == ColumnKind::Text);
    const uint32_t id = m_t.intern(v);
    m_t.m_columns[m_col++].text.push_back(id);
    return *this;
}

ColumnTable::Row& ColumnTable::Row::null() {
    assert(m_col < m_t.m_columns.size());
    Column& c = m_t.m_columns[m_col++];
    switch (c.kind) {
    case ColumnKind::Int64:
        c.i64.push_back(kNull64);
        break;
    case ColumnKind::Int32:
        c.i32.push_back(kNull32);
        break;
    case ColumnKind::Real:
        c.real.push_back(std::nan(""));
        break;
    case ColumnKind::Text:
        c.text.push_back(kNullText);
        break;
    }
    return *this;
}

void ColumnTable::endRow(size_t columnsGiven) {
    assert(columnsGiven == m_columns.size());
    (void)columnsGiven;
    ++m_rows;
}

void ColumnTable::reserve(size_t n) {
    for (size_t k = 0; k < m_columns.size(); ++k) {
        Column& c = m_columns[k];
        if (m_specs[k].rowNumber)
            continue;
        switch (c.kind) {
        case ColumnKind::Int64:
            reserveHuge(c.i64, n);
            break;
        case ColumnKind::Int32:
            reserveHuge(c.i32, n);
            break;
        case ColumnKind::Real:
            reserveHuge(c.real, n);
            break;
        case ColumnKind::Text:
            reserveHuge(c.text, n);
            break;
        }
    }
}

uint32_t ColumnTable::intern(std::string_view s) {
    auto it = m_stringIds.find(s);
    if (it != m_stringIds.end())
        return it->second;
    const auto id = static_cast<uint32_t>(m_strings.size());
    m_strings.emplace_back(s);
    m_stringIds.emplace(m_strings.back(), id);
    return id;
}

bool ColumnTable::isNull(size_t col, size_t row) const {
    if (m_specs[col].rowNumber)
        return false;
    const Column& c = m_columns[col];
    switch (c.kind) {
    case ColumnKind::Int64:
        return c.i64[row] == kNull64;
    case ColumnKind::Int32:
        return c.i32[row] == kNull32;
    case ColumnKind::Real:
        return std::isnan(c.real[row]);
    case ColumnKind::Text:
        return c.text[row] == kNullText;
    }
    return true;
}

int64_t ColumnTable::intAt(size_t col, size_t row) const {
    if (m_specs[col].rowNumber)
        return static_cast<int64_t>(row);
    const Column& c = m_columns[col];
    return c.kind == ColumnKind::Int32 ? c.i32[row] : c.i64[row];
}

double ColumnTable::realAt(size_t col, size_t row) const {
    return m_columns[col].real[row];
}

std::string_view ColumnTable::textAt(size_t col, size_t row) const {
    const uint32_t id = m_columns[col].text[row];
    return id == kNullText ? std::string_view() : std::string_view(m_strings[id]);
}

std::pair<const uint32_t*, const uint32_t*> ColumnTable::rowsWithin(size_t col, int64_t lo,
                                                                    int64_t hi) const {
    const Column& c = m_columns[col];
    assert(c.kind == ColumnKind::Int64 || c.kind == ColumnKind::Int32);
    {
        std::lock_guard<std::mutex> lock(m_indexLock);
        if (!c.sorted) {
            auto rows = std::make_unique<std::vector<uint32_t>>();
            rows->reserve(m_rows);
            for (size_t r = 0; r < m_rows; ++r)
                if (!isNull(col, r))
                    rows->push_back(static_cast<uint32_t>(r));
            std::stable_sort(rows->begin(), rows->end(),
                             [&](uint32_t a, uint32_t b) { return intAt(col, a) < intAt(col, b); });
            c.sorted = std::move(rows);
        }
    }
    const std::vector<uint32_t>& s = *c.sorted;
    if (lo > hi)
        return {s.data(), s.data()};
    auto first =
        std::lower_bound(s.begin(), s.end(), lo, [&](uint32_t r, int64_t v) { return intAt(col, r) < v; });
    auto last =
        std::upper_bound(first, s.end(), hi, [&](int64_t v, uint32_t r) { return v < intAt(col, r); });
    return {s.data() + (first - s.begin()), s.data() + (last - s.begin())};
}

double ColumnTable::distinctEstimate(size_t col) const {
    std::lock_guard<std::mutex> lock(m_indexLock);
    const Column& c = m_columns[col];
    if (c.distinct > 0)
        return c.distinct;
    if (m_specs[col].rowNumber || m_rows == 0) {
        c.distinct = std::max<double>(1.0, static_cast<double>(m_rows));
        return c.distinct;
    }
    constexpr size_t kSample = 1000;
    const size_t step = std::max<size_t>(1, m_rows / kSample);
    std::vector<int64_t> values;
    for (size_t r = 0; r < m_rows; r += step)
        if (!isNull(col, r))
            values.push_back(intAt(col, r));
    std::sort(values.begin(), values.end());
    const auto sampled = static_cast<double>(values.size());
    const auto distinct = static_cast<double>(std::unique(values.begin(), values.end()) - values.begin());
    // Few values repeat across the sample: that is about all of them. Mostly distinct: as many as
    // the sample's share says.
    c.distinct =
        std::max(1.0, distinct < sampled / 2 ? distinct : static_cast<double>(m_rows) * distinct / sampled);
    return c.distinct;
}

size_t ColumnTable::bytes() const {
    size_t n = 0;
    for (const Column& c : m_columns) {
        n += c.i64.capacity() * 8 + c.i32.capacity() * 4 + c.real.capacity() * 8 + c.text.capacity() * 4;
        if (c.sorted)
            n += c.sorted->capacity() * 4;
    }
    for (const std::string& s : m_strings)
        n += s.capacity() + sizeof(std::string) * 2 + 16;
    return n;
}

} // namespace core
