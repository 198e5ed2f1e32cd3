#include "query/sweeptables.h"

#include "base/bytetext.h"
#include "experiments/sweepresults.h"
#include "experiments/sweeprun.h"

#include <nlohmann/json.hpp>

#include <filesystem>
#include <map>

namespace core {

using nlohmann::ordered_json;

namespace {

/// A name as an SQL column: runs of characters other than letters, digits and '_' made one '_'.
std::string columnName(const std::string& text) {
    std::string out;
    for (char c : text) {
        const bool word =
            (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '_';
        if (word)
            out += c;
        else if (!out.empty() && out.back() != '_')
            out += '_';
    }
    while (!out.empty() && out.back() == '_')
        out.pop_back();
    if (out.empty() || (out[0] >= '0' && out[0] <= '9'))
        out = "c_" + out;
    return out;
}

/// Rows of JSON scalars under column names found as they come, typed at the end: INTEGER when
/// every value is an integer (or a boolean), REAL when every value is a number, else TEXT.
class FlatRows {
public:
    /// The column for `name` (made unique against the others unless `reuse`).
    size_t column(const std::string& name, bool reuse = true) {
        std::string n = columnName(name);
        if (reuse)
            if (const auto it = m_index.find(n); it != m_index.end())
                return it->second;
        const std::string base = n;
        for (int k = 2; m_index.count(n); ++k)
            n = base + "_" + std::to_string(k);
        m_index[n] = m_names.size();
        m_names.push_back(n);
        return m_names.size() - 1;
    }
    const std::string& nameOf(size_t column) const { return m_names[column]; }
    void beginRow() { m_rows.emplace_back(); }
    void set(size_t column, ordered_json value) { m_rows.back().emplace_back(column, std::move(value)); }
    /// Every scalar member of `o`, its key path joined by '_' after `prefix`; lists are left out.
    void flatten(const std::string& prefix, const ordered_json& o) {
        for (auto it = o.begin(); it != o.end(); ++it) {
            const std::string key = prefix.empty() ? it.key() : prefix + "_" + it.key();
            if (it->is_object())
                flatten(key, *it);
            else if (!it->is_array())
                set(column(key), *it);
        }
    }
    std::shared_ptr<const ColumnTable> build(const std::string& name) const;

private:
    std::vector<std::string> m_names;
    std::map<std::string, size_t> m_index;
    std::vector<std::vector<std::pair<size_t, ordered_json>>> m_rows;
};

std::shared_ptr<const ColumnTable> FlatRows::build(const std::string& name) const {
    std::vector<ColumnKind> kinds(m_names.size(), ColumnKind::Int64);
    std::vector<bool> seen(m_names.size(), false);
    for (const auto& row : m_rows)
        for (const auto& [c, v] : row) {
            if (v.is_null())
                continue;
            seen[c] = true;
            if (v.is_number_float() && kinds[c] == ColumnKind::Int64)
                kinds[c] = ColumnKind::Real;
            else if (!v.is_number() && !v.is_boolean())
                kinds[c] = ColumnKind::Text;
        }
    std::vector<ColumnSpec> specs;
    for (size_t c = 0; c < m_names.size(); ++c)
        specs.push_back({m_names[c], seen[c] ? kinds[c] : ColumnKind::Text});
    auto t = std::make_shared<ColumnTable>(name, specs);
    std::vector<const ordered_json*> cells(m_names.size());
    for (const auto& row : m_rows) {
        std::fill(cells.begin(), cells.end(), nullptr);
        for (const auto& [c, v] : row)
            cells[c] = &v;
        auto r = t->row();
        for (size_t c = 0; c < m_names.size(); ++c) {
            const ordered_json* v = cells[c];
            if (!v || v->is_null())
                r.null();
            else if (specs[c].kind == ColumnKind::Text)
                r.t(bytesAsText(v->is_string() ? v->get<std::string>() : v->dump()));
            else if (specs[c].kind == ColumnKind::Real)
                r.r(v->get<double>());
            else
                r.i(v->is_boolean() ? int64_t(v->get<bool>()) : v->get<int64_t>());
        }
    }
    return t;
}

ordered_json parsedValue(const std::string& json) {
    try {
        return ordered_json::parse(json);
    } catch (const std::exception&) {
        return json;
    }
}

/// Each cell's summary into cell_summary and its lists into the per-element tables.
struct SummaryTables {
    FlatRows summary, task, cgroup, cpu, channel;
    void add(size_t index, const ordered_json& s) {
        summary.beginRow();
        summary.set(summary.column("cell_id"), index);
        summary.flatten("", s);
        const std::pair<const char*, FlatRows*> lists[] = {
            {"tasks", &task}, {"cgroups", &cgroup}, {"cpus", &cpu}, {"channels", &channel}};
        for (const auto& [key, rows] : lists) {
            const auto it = s.find(key);
            if (it == s.end() || !it->is_array())
                continue;
            for (const ordered_json& e : *it) {
                rows->beginRow();
                rows->set(rows->column("cell_id"), index);
                if (e.is_object())
                    rows->flatten("", e);
            }
        }
    }
};

} // namespace

bool isSweepFolder(const std::string& path) {
    std::error_code ec;
    return std::filesystem::is_directory(path, ec) &&
           std::filesystem::exists(std::filesystem::path(path) / kSweepSpecFile, ec);
}

QueryTables sweepTables(const std::string& dir) {
    QueryTables out;
    SummaryTables lists;
    lists.summary.column("cell_id");
    for (FlatRows* r : {&lists.task, &lists.cgroup, &lists.cpu, &lists.channel})
        r->column("cell_id");
    const SweepResultsLoad load =
        readSweepResults(dir, [&](size_t index, const ordered_json& summary) { lists.add(index, summary); });
    if (!load.ok()) {
        for (const std::string& e : load.errors)
            out.error += (out.error.empty() ? "" : "\n") + e;
        out.invalidSource = true;
        return out;
    }
    const SweepResults& r = *load.results;
    FlatRows cell;
    const size_t id = cell.column("id");
    std::vector<size_t> axes, metrics;
    for (const SweepAxis& a : r.spec.axes)
        axes.push_back(cell.column(a.name, false));
    for (const std::string& m : r.spec.metrics)
        metrics.push_back(cell.column(m, false));
    const size_t error = cell.column("error", false), wall = cell.column("wall_s", false);
    size_t failed = 0;
    for (const SweepCellResult& c : r.cells) {
        cell.beginRow();
        cell.set(id, c.index);
        for (size_t a = 0; a < axes.size(); ++a)
            for (const auto& [axis, value] : c.values)
                if (axis == r.spec.axes[a].name)
                    cell.set(axes[a], parsedValue(value));
        for (size_t m = 0; m < metrics.size(); ++m)
            cell.set(metrics[m], c.metrics[m] ? ordered_json(*c.metrics[m]) : ordered_json());
        cell.set(error, c.error.empty() ? ordered_json() : ordered_json(c.error));
        cell.set(wall, c.wallSeconds);
        failed += !c.error.empty();
    }
    auto axisTable = std::make_shared<ColumnTable>(
        "sweep_axis", std::vector<ColumnSpec>{{"name", ColumnKind::Text}, {"column", ColumnKind::Text}});
    for (size_t a = 0; a < axes.size(); ++a)
        axisTable->row().t(bytesAsText(r.spec.axes[a].name)).t(cell.nameOf(axes[a]));
    auto metricTable = std::make_shared<ColumnTable>(
        "sweep_metric", std::vector<ColumnSpec>{{"path", ColumnKind::Text}, {"column", ColumnKind::Text}});
    for (size_t m = 0; m < metrics.size(); ++m)
        metricTable->row().t(bytesAsText(r.spec.metrics[m])).t(cell.nameOf(metrics[m]));
    out.warnings = r.warnings;
    if (!r.missing.empty())
        out.warnings.push_back(std::to_string(r.missing.size()) + " of " +
                               std::to_string(r.spec.cellCount()) + " cells have no result (yet)");
    if (failed)
        out.warnings.push_back(std::to_string(failed) + " cells failed: their error is in cell.error");
    FlatRows meta;
    const size_t name = meta.column("name"), keyType = meta.column("key_type");
    const size_t intValue = meta.column("int_value"), strValue = meta.column("str_value");
    auto put = [&](const char* key, const ordered_json& v) {
        meta.beginRow();
        meta.set(name, key);
        meta.set(keyType, std::string(key) == "warning" ? "multi" : "single");
        meta.set(v.is_number() ? intValue : strValue, v);
    };
    put("source_kind", "sweep");
    put("source_file", dir);
    put("cells", r.spec.cellCount());
    put("finished", r.cells.size());
    put("failed", failed);
    for (const std::string& w : out.warnings)
        put("warning", w);
    out.tables = {cell.build("cell"),
                  lists.summary.build("cell_summary"),
                  lists.task.build("cell_task"),
                  lists.cgroup.build("cell_cgroup"),
                  lists.cpu.build("cell_cpu"),
                  lists.channel.build("cell_channel"),
                  axisTable,
                  metricTable,
                  meta.build("metadata")};
    return out;
}

} // namespace core
