#include "query/resultformat.h"

#include "base/bytetext.h"

#include <nlohmann/json.hpp>

#include <charconv>
#include <cmath>

namespace core {

namespace {

size_t characters(std::string_view s) {
    size_t n = 0;
    for (char c : s)
        n += (static_cast<unsigned char>(c) & 0xC0) != 0x80;
    return n;
}

class TableWriter : public QueryResultSink {
public:
    explicit TableWriter(std::ostream& out)
        : m_out(out) {}
    void begin(size_t index, const std::vector<std::string>& columns) override {
        if (index > 0)
            m_out << "\n";
        m_names.clear();
        for (const std::string& c : columns)
            m_names.push_back(bytesAsText(c));
        m_widths.assign(columns.size(), 0);
        for (size_t c = 0; c < columns.size(); ++c)
            m_widths[c] = characters(m_names[c]);
        m_held.clear();
        m_rows = 0;
        m_flushed = false;
    }
    bool row(const std::vector<QueryValue>& values) override {
        Row r;
        for (size_t c = 0; c < values.size(); ++c) {
            r.cells.push_back(values[c].type == QueryValue::Type::Null ? "NULL" : queryValueText(values[c]));
            r.right.push_back(values[c].type == QueryValue::Type::Integer ||
                              values[c].type == QueryValue::Type::Real);
        }
        ++m_rows;
        if (m_flushed) {
            print(r);
            return bool(m_out);
        }
        for (size_t c = 0; c < r.cells.size(); ++c)
            m_widths[c] = std::max(m_widths[c], characters(r.cells[c]));
        m_held.push_back(std::move(r));
        if (m_held.size() >= kTableRows)
            flush();
        return bool(m_out);
    }
    void end() override {
        if (!m_flushed)
            flush();
        m_out << "(" << m_rows << (m_rows == 1 ? " row)\n" : " rows)\n");
        m_out.flush();
    }

private:
    struct Row {
        std::vector<std::string> cells;
        std::vector<bool> right;
    };
    void pad(const std::string& s, size_t width, bool right) {
        const size_t n = characters(s);
        if (right && n < width)
            m_out << std::string(width - n, ' ');
        m_out << s;
        if (!right && n < width)
            m_out << std::string(width - n, ' ');
    }
    void print(const Row& r) {
        for (size_t c = 0; c < r.cells.size(); ++c) {
            if (c)
                m_out << "  ";
            const bool last = c + 1 == r.cells.size();
            pad(r.cells[c], last && !r.right[c] ? 0 : m_widths[c], r.right[c]);
        }
        m_out << "\n";
    }
    void flush() {
        for (size_t c = 0; c < m_names.size(); ++c) {
            if (c)
                m_out << "  ";
            pad(m_names[c], c + 1 == m_names.size() ? 0 : m_widths[c], false);
        }
        m_out << "\n";
        for (size_t c = 0; c < m_names.size(); ++c)
            m_out << (c ? "  " : "") << std::string(m_widths[c], '-');
        m_out << "\n";
        for (const Row& r : m_held)
            print(r);
        m_held.clear();
        m_flushed = true;
    }
    std::ostream& m_out;
    std::vector<std::string> m_names;
    std::vector<size_t> m_widths;
    std::vector<Row> m_held;
    size_t m_rows = 0;
    bool m_flushed = false;
};

class CsvWriter : public QueryResultSink {
public:
    explicit CsvWriter(std::ostream& out)
        : m_out(out) {}
    void begin(size_t index, const std::vector<std::string>& columns) override {
        if (index > 0)
            m_out << "\n";
        for (size_t c = 0; c < columns.size(); ++c)
            m_out << (c ? "," : "") << csvQuoted(columns[c]);
        m_out << "\n";
    }
    bool row(const std::vector<QueryValue>& values) override {
        for (size_t c = 0; c < values.size(); ++c) {
            if (c)
                m_out << ',';
            const QueryValue& v = values[c];
            if (v.type == QueryValue::Type::Text || v.type == QueryValue::Type::Blob)
                m_out << csvQuoted(v.bytes);
            else if (v.type != QueryValue::Type::Null)
                m_out << queryValueText(v);
        }
        m_out << "\n";
        return bool(m_out);
    }
    void end() override { m_out.flush(); }

private:
    std::ostream& m_out;
};

class JsonWriter : public QueryResultSink {
public:
    explicit JsonWriter(std::ostream& out)
        : m_out(out) {}
    void begin(size_t, const std::vector<std::string>& columns) override {
        m_keys.clear();
        for (const std::string& c : columns)
            m_keys.push_back(nlohmann::json(bytesAsText(c)).dump());
        m_out << "[";
        m_first = true;
    }
    bool row(const std::vector<QueryValue>& values) override {
        m_out << (m_first ? "\n  {" : ",\n  {");
        m_first = false;
        for (size_t c = 0; c < values.size(); ++c) {
            m_out << (c ? ", " : "") << m_keys[c] << ": ";
            const QueryValue& v = values[c];
            if (v.type == QueryValue::Type::Null ||
                (v.type == QueryValue::Type::Real && !std::isfinite(v.real)))
                m_out << "null";
            else if (v.type == QueryValue::Type::Text || v.type == QueryValue::Type::Blob)
                m_out << nlohmann::json(queryValueText(v)).dump();
            else
                m_out << queryValueText(v);
        }
        m_out << "}";
        return bool(m_out);
    }
    void end() override {
        m_out << (m_first ? "]\n" : "\n]\n");
        m_out.flush();
    }

private:
    std::ostream& m_out;
    std::vector<std::string> m_keys;
    bool m_first = true;
};

} // namespace

std::optional<ResultFormat> resultFormatFromName(std::string_view name) {
    if (name == "table")
        return ResultFormat::Table;
    if (name == "csv")
        return ResultFormat::Csv;
    if (name == "json")
        return ResultFormat::Json;
    return std::nullopt;
}

std::unique_ptr<QueryResultSink> makeResultWriter(ResultFormat format, std::ostream& out) {
    switch (format) {
    case ResultFormat::Table:
        return std::make_unique<TableWriter>(out);
    case ResultFormat::Csv:
        return std::make_unique<CsvWriter>(out);
    case ResultFormat::Json:
        return std::make_unique<JsonWriter>(out);
    }
    return nullptr;
}

std::string queryValueText(const QueryValue& v) {
    char buf[32];
    switch (v.type) {
    case QueryValue::Type::Null:
        return {};
    case QueryValue::Type::Integer: {
        const auto r = std::to_chars(buf, buf + sizeof buf, v.integer);
        return std::string(buf, r.ptr);
    }
    case QueryValue::Type::Real: {
        const auto r = std::to_chars(buf, buf + sizeof buf, v.real);
        return std::string(buf, r.ptr);
    }
    case QueryValue::Type::Text:
        return bytesAsText(v.bytes);
    case QueryValue::Type::Blob: {
        std::string out;
        static const char* hex = "0123456789ABCDEF";
        for (char c : v.bytes) {
            const auto b = static_cast<unsigned char>(c);
            out += "\\x";
            out += hex[b >> 4];
            out += hex[b & 15];
        }
        return out;
    }
    }
    return {};
}

} // namespace core
