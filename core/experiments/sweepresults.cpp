#include "experiments/sweepresults.h"

#include "base/atomicfile.h"
#include "experiments/jsonpath.h"
#include "experiments/sweeprun.h"

#include <nlohmann/json.hpp>

#include <algorithm>
#include <charconv>
#include <cmath>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <map>
#include <sstream>

namespace core {

using nlohmann::ordered_json;
namespace fs = std::filesystem;

namespace {

std::string number(double v) {
    char buf[32];
    const auto r = std::to_chars(buf, buf + sizeof buf, v);
    return std::string(buf, r.ptr);
}

std::string csvField(const std::string& s) {
    if (s.find_first_of(",\"\n\r") == std::string::npos)
        return s;
    std::string out = "\"";
    for (char c : s)
        out += c == '"' ? std::string("\"\"") : std::string(1, c);
    return out + "\"";
}

std::optional<double> metricOf(const ordered_json& summary, const JsonPath& path) {
    const ordered_json* v = findJsonPath(summary, path);
    if (!v)
        return std::nullopt;
    if (v->is_number())
        return v->get<double>();
    if (v->is_boolean())
        return v->get<bool>() ? 1.0 : 0.0;
    return std::nullopt;
}

bool isSeed(const std::string& axis) {
    return axis == "seed";
}

/// Reads one cells.jsonl into `cells` (keyed by index); problems into `errors`.
void readCellsFile(const SweepSpec& spec, const std::vector<JsonPath>& paths, const std::string& file,
                   std::map<size_t, SweepCellResult>& cells, std::vector<std::string>& errors,
                   const SweepSummaryVisitor& onSummary) {
    std::ifstream in(file, std::ios::binary);
    if (!in) {
        errors.push_back(file + ": cannot read");
        return;
    }
    std::string line;
    size_t lineNo = 0;
    while (std::getline(in, line)) {
        ++lineNo;
        const std::string where = file + ":" + std::to_string(lineNo);
        if (in.eof() && !line.empty())
            break; // cut short by an interrupted run; the cell is not finished
        if (line.empty())
            continue;
        ordered_json j;
        try {
            j = ordered_json::parse(line);
        } catch (const std::exception&) {
            errors.push_back(where + ": expected a JSON object per line, found something else");
            continue;
        }
        const auto idx = j.find("index");
        if (!j.is_object() || idx == j.end() || !idx->is_number_unsigned() ||
            idx->get<size_t>() >= spec.cellCount()) {
            errors.push_back(where + ": expected \"index\" below " + std::to_string(spec.cellCount()));
            continue;
        }
        SweepCellResult r;
        r.index = idx->get<size_t>();
        const SweepCell cell = spec.cell(r.index);
        if (!j.contains("cell") || j["cell"].dump() != ordered_json::parse(cell.json()).dump()) {
            errors.push_back(where + ": cell " + std::to_string(r.index) + " is " + cell.json() +
                             " in sweep.json, but the line says " +
                             (j.contains("cell") ? j["cell"].dump() : "nothing"));
            continue;
        }
        if (cells.count(r.index)) {
            errors.push_back(where + ": cell " + std::to_string(r.index) + " again (already in " + file +
                             ")");
            continue;
        }
        r.values = cell.values;
        r.wallSeconds = j.value("wall_s", 0.0);
        if (const auto e = j.find("error"); e != j.end() && e->is_string()) {
            r.error = e->get<std::string>();
            r.metrics.resize(paths.size());
        } else if (const auto s = j.find("summary"); s != j.end() && s->is_object()) {
            for (const JsonPath& p : paths)
                r.metrics.push_back(metricOf(*s, p));
            if (onSummary)
                onSummary(r.index, *s);
        } else {
            errors.push_back(where + ": expected \"summary\" or \"error\"");
            continue;
        }
        cells.emplace(r.index, std::move(r));
    }
}

} // namespace

SweepResultsLoad readSweepCells(const SweepSpec& spec, const std::vector<std::string>& cellFiles,
                                const SweepSummaryVisitor& onSummary) {
    SweepResultsLoad out;
    std::vector<JsonPath> paths;
    for (const std::string& m : spec.metrics) {
        std::string err;
        paths.push_back(parseJsonPath(m, err).value_or(JsonPath{}));
    }
    std::map<size_t, SweepCellResult> cells;
    for (const std::string& f : cellFiles)
        readCellsFile(spec, paths, f, cells, out.errors, onSummary);
    if (!out.errors.empty())
        return out;
    SweepResults r;
    r.spec = spec;
    for (size_t i = 0; i < spec.cellCount(); ++i)
        if (!cells.count(i))
            r.missing.push_back(i);
    for (auto& [i, c] : cells)
        r.cells.push_back(std::move(c));
    for (size_t m = 0; m < spec.metrics.size(); ++m) {
        const bool any = std::any_of(r.cells.begin(), r.cells.end(),
                                     [&](const SweepCellResult& c) { return c.metrics[m].has_value(); });
        if (!any && std::any_of(r.cells.begin(), r.cells.end(),
                                [](const SweepCellResult& c) { return c.error.empty(); }))
            r.warnings.push_back("metric " + spec.metrics[m] + ": no cell's summary has it (a number there)");
    }
    out.results = std::move(r);
    return out;
}

SweepResultsLoad readSweepResults(const std::string& dir, const SweepSummaryVisitor& onSummary) {
    SweepResultsLoad out;
    const std::string specPath = dir + "/" + kSweepSpecFile;
    if (!fs::exists(specPath)) {
        out.errors.push_back(dir + ": not a sweep's results folder (no " + kSweepSpecFile + ")");
        return out;
    }
    SweepSpecLoad spec = loadSweepSpec(specPath);
    if (!spec.ok()) {
        out.errors = std::move(spec.errors);
        return out;
    }
    const std::string cells = dir + "/" + kSweepCellsFile;
    if (!fs::exists(cells)) {
        out.errors.push_back(dir + ": no " + std::string(kSweepCellsFile) +
                             " (a Slurm run's slices are joined by schedscope-cli sweep-merge)");
        return out;
    }
    return readSweepCells(*spec.spec, {cells}, onSummary);
}

std::vector<SweepGroup> aggregateOverSeeds(const SweepResults& results) {
    std::vector<SweepGroup> groups;
    std::map<std::string, size_t> byKey;
    std::vector<std::vector<std::vector<double>>> values; // group, metric, values
    const size_t nm = results.spec.metrics.size();
    for (const SweepCellResult& c : results.cells) {
        std::vector<std::pair<std::string, std::string>> key;
        std::string text;
        for (const auto& v : c.values)
            if (!isSeed(v.first)) {
                key.push_back(v);
                text += v.first + "=" + v.second + "\n";
            }
        auto [it, fresh] = byKey.emplace(text, groups.size());
        if (fresh) {
            groups.push_back({key, 0, 0, {}});
            values.emplace_back(nm);
        }
        SweepGroup& g = groups[it->second];
        ++g.cells;
        g.failed += c.error.empty() ? 0 : 1;
        for (size_t m = 0; m < nm; ++m)
            if (c.metrics[m])
                values[it->second][m].push_back(*c.metrics[m]);
    }
    for (size_t g = 0; g < groups.size(); ++g)
        for (size_t m = 0; m < nm; ++m) {
            const std::vector<double>& v = values[g][m];
            if (v.empty()) {
                groups[g].metrics.emplace_back();
                continue;
            }
            SweepStat s;
            s.n = v.size();
            s.min = *std::min_element(v.begin(), v.end());
            s.max = *std::max_element(v.begin(), v.end());
            double sum = 0;
            for (double x : v)
                sum += x;
            s.mean = sum / static_cast<double>(s.n);
            if (s.n > 1) {
                double ss = 0;
                for (double x : v)
                    ss += (x - s.mean) * (x - s.mean);
                s.stdErr = std::sqrt(ss / static_cast<double>(s.n - 1) / static_cast<double>(s.n));
            }
            groups[g].metrics.push_back(s);
        }
    return groups;
}

namespace {

std::vector<std::string> groupAxes(const SweepResults& r) {
    std::vector<std::string> out;
    for (const SweepAxis& a : r.spec.axes)
        if (!isSeed(a.name))
            out.push_back(a.name);
    return out;
}

std::string valueOf(const std::vector<std::pair<std::string, std::string>>& values, const std::string& axis) {
    for (const auto& [a, v] : values)
        if (a == axis)
            return sweepValueLabel(v);
    return {};
}

} // namespace

std::string sweepCellsCsv(const SweepResults& r) {
    std::string out = "index";
    for (const SweepAxis& a : r.spec.axes)
        out.append(",").append(csvField(a.name));
    for (const std::string& m : r.spec.metrics)
        out.append(",").append(csvField(m));
    out += ",error\n";
    for (const SweepCellResult& c : r.cells) {
        out += std::to_string(c.index);
        for (const SweepAxis& a : r.spec.axes)
            out.append(",").append(csvField(valueOf(c.values, a.name)));
        for (const std::optional<double>& v : c.metrics)
            out.append(",").append(v ? number(*v) : std::string());
        out.append(",").append(csvField(c.error)).append("\n");
    }
    return out;
}

std::string sweepAggregateCsv(const SweepResults& r, const std::vector<SweepGroup>& groups) {
    const std::vector<std::string> axes = groupAxes(r);
    std::string out;
    for (const std::string& a : axes)
        out += csvField(a) + ",";
    out += "metric,n,mean,stderr,min,max,cells,failed\n";
    for (const SweepGroup& g : groups)
        for (size_t m = 0; m < r.spec.metrics.size(); ++m) {
            for (const std::string& a : axes)
                out += csvField(valueOf(g.values, a)) + ",";
            out += csvField(r.spec.metrics[m]) + ",";
            if (const auto& s = g.metrics[m])
                out += std::to_string(s->n) + "," + number(s->mean) + "," + number(s->stdErr) + "," +
                       number(s->min) + "," + number(s->max);
            else
                out += "0,,,,";
            out.append(",")
                .append(std::to_string(g.cells))
                .append(",")
                .append(std::to_string(g.failed))
                .append("\n");
        }
    return out;
}

std::string sweepAggregateJson(const SweepResults& r, const std::vector<SweepGroup>& groups) {
    ordered_json j;
    j["cells"] = r.spec.cellCount();
    j["finished"] = r.cells.size();
    j["missing"] = r.missing.size();
    j["metrics"] = r.spec.metrics;
    ordered_json gs = ordered_json::array();
    for (const SweepGroup& g : groups) {
        ordered_json x;
        ordered_json vals = ordered_json::object();
        for (const auto& [a, v] : g.values)
            vals[a] = ordered_json::parse(v);
        x["values"] = vals;
        x["cells"] = g.cells;
        x["failed"] = g.failed;
        ordered_json ms = ordered_json::object();
        for (size_t m = 0; m < r.spec.metrics.size(); ++m) {
            if (const auto& s = g.metrics[m])
                ms[r.spec.metrics[m]] = {
                    {"n", s->n}, {"mean", s->mean}, {"stderr", s->stdErr}, {"min", s->min}, {"max", s->max}};
            else
                ms[r.spec.metrics[m]] = nullptr;
        }
        x["metrics"] = ms;
        gs.push_back(x);
    }
    j["groups"] = gs;
    return j.dump(2) + "\n";
}

std::string sweepAggregateTable(const SweepResults& r, const std::vector<SweepGroup>& groups) {
    const std::vector<std::string> axes = groupAxes(r);
    std::ostringstream o;
    o << r.cells.size() << " of " << r.spec.cellCount() << " cells";
    size_t failed = 0;
    for (const SweepCellResult& c : r.cells)
        failed += c.error.empty() ? 0 : 1;
    if (failed)
        o << ", " << failed << " failed";
    o << "; per combination of " << (axes.empty() ? std::string("(no axis but seed)") : "");
    for (size_t i = 0; i < axes.size(); ++i)
        o << (i ? ", " : "") << axes[i];
    o << ": mean ± standard error over seeds [min .. max]\n";
    size_t width = 0;
    for (const std::string& m : r.spec.metrics)
        width = std::max(width, m.size());
    for (const SweepGroup& g : groups) {
        std::string head;
        for (const std::string& a : axes)
            head += (head.empty() ? "" : "  ") + a + "=" + valueOf(g.values, a);
        o << (head.empty() ? std::string("all cells") : head) << "  (" << g.cells << " cells"
          << (g.failed ? ", " + std::to_string(g.failed) + " failed" : std::string()) << ")\n";
        for (size_t m = 0; m < r.spec.metrics.size(); ++m) {
            char line[128];
            if (const auto& s = g.metrics[m])
                std::snprintf(line, sizeof line, " %14.6g ± %-10.3g [%.6g .. %.6g]  n=%zu\n", s->mean,
                              s->stdErr, s->min, s->max, s->n);
            else
                std::snprintf(line, sizeof line, " %14s\n", "-");
            const std::string& name = r.spec.metrics[m];
            o << "  " << name << std::string(width > name.size() ? width - name.size() : 0, ' ') << line;
        }
    }
    return o.str();
}

std::string writeSweepOutputs(const std::string& dir, const SweepResults& r) {
    const std::vector<SweepGroup> groups = aggregateOverSeeds(r);
    if (std::string e = writeFileAtomically(dir + "/cells.csv", sweepCellsCsv(r)); !e.empty())
        return e;
    if (std::string e = writeFileAtomically(dir + "/aggregate.csv", sweepAggregateCsv(r, groups)); !e.empty())
        return e;
    return writeFileAtomically(dir + "/aggregate.json", sweepAggregateJson(r, groups));
}

SweepMerge mergeSweepSlices(const std::string& dir) {
    SweepMerge out;
    SweepSpecLoad spec = loadSweepSpec(dir + "/" + kSweepSpecFile);
    if (!spec.ok()) {
        out.errors = std::move(spec.errors);
        return out;
    }
    std::vector<std::string> files;
    std::error_code ec;
    for (const fs::directory_entry& e : fs::directory_iterator(dir, ec))
        if (e.is_directory() && e.path().filename().string().rfind("slice-", 0) == 0 &&
            fs::exists(e.path() / kSweepCellsFile))
            files.push_back((e.path() / kSweepCellsFile).string());
    if (ec) {
        out.errors.push_back(dir + ": " + ec.message());
        return out;
    }
    std::sort(files.begin(), files.end());
    out.slices = files.size();
    if (files.empty()) {
        out.errors.push_back(dir + ": no slice-*/" + std::string(kSweepCellsFile) +
                             " (has the job array run? see its slurm-*.out files)");
        return out;
    }
    SweepResultsLoad r = readSweepCells(*spec.spec, files);
    if (!r.ok()) {
        out.errors = std::move(r.errors);
        return out;
    }
    // DIR/cells.jsonl: the slices' lines in index order, as read.
    std::map<size_t, std::string> lines;
    for (const std::string& f : files) {
        std::ifstream in(f, std::ios::binary);
        std::string line;
        while (std::getline(in, line)) {
            if (in.eof() || line.empty())
                continue;
            const size_t at = line.find("\"index\":");
            if (at != std::string::npos)
                lines.emplace(std::strtoull(line.c_str() + at + 8, nullptr, 10), line);
        }
    }
    std::string all;
    for (const auto& [i, l] : lines)
        all += l + "\n";
    if (std::string e = writeFileAtomically(dir + "/" + kSweepCellsFile, all); !e.empty()) {
        out.errors.push_back(e);
        return out;
    }
    if (std::string e = writeSweepOutputs(dir, *r.results); !e.empty()) {
        out.errors.push_back(e);
        return out;
    }
    out.results = std::move(r.results);
    return out;
}

} // namespace core
