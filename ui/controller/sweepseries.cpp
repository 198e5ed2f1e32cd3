#include "controller/sweepseries.h"

#include <algorithm>
#include <map>
#include <string>

namespace ui {

namespace {

bool isSeed(const std::string& axis) {
    return axis == "seed";
}

/// The axes other than seed and their values, as one key (how groups are told apart).
std::string keyOf(const std::vector<std::pair<std::string, std::string>>& values) {
    std::string key;
    for (const auto& [axis, value] : values)
        if (!isSeed(axis))
            key += axis + '=' + value + '\n';
    return key;
}

} // namespace

SweepSeries::SweepSeries(core::SweepResults results)
    : m_results(std::move(results))
    , m_groups(core::aggregateOverSeeds(m_results)) {
    const std::vector<core::SweepAxis>& axes = m_results.spec.axes;
    for (size_t a = 0; a < axes.size(); ++a)
        if (!isSeed(axes[a].name))
            m_plotAxes.push_back(a);
    std::map<std::string, size_t> byKey;
    for (size_t g = 0; g < m_groups.size(); ++g) {
        byKey.emplace(keyOf(m_groups[g].values), g);
        std::vector<std::optional<size_t>> index(axes.size());
        for (const auto& [name, value] : m_groups[g].values)
            for (size_t a = 0; a < axes.size(); ++a)
                if (axes[a].name == name) {
                    const auto it = std::find(axes[a].values.begin(), axes[a].values.end(), value);
                    if (it != axes[a].values.end())
                        index[a] = static_cast<size_t>(it - axes[a].values.begin());
                }
        m_valueIndex.push_back(std::move(index));
    }
    // A click opens the combination's first seed; a failed cell only when every seed failed.
    m_openCell.assign(m_groups.size(), 0);
    std::vector<bool> found(m_groups.size(), false), good(m_groups.size(), false);
    for (const core::SweepCellResult& c : m_results.cells) {
        m_failed += c.error.empty() ? 0 : 1;
        const auto it = byKey.find(keyOf(c.values));
        if (it == byKey.end())
            continue;
        const size_t g = it->second;
        if (!found[g] || (!good[g] && c.error.empty())) {
            m_openCell[g] = c.index;
            found[g] = true;
            good[g] = c.error.empty();
        }
    }
}

size_t SweepSeries::seedCount() const {
    for (const core::SweepAxis& a : m_results.spec.axes)
        if (isSeed(a.name))
            return a.values.size();
    return 1;
}

std::optional<size_t> SweepSeries::valueOf(size_t group, size_t axis) const {
    return axis < m_valueIndex[group].size() ? m_valueIndex[group][axis] : std::nullopt;
}

bool SweepSeries::matchesHeld(size_t group, const std::vector<size_t>& held,
                              std::initializer_list<size_t> plotted) const {
    for (size_t a : m_plotAxes) {
        if (std::find(plotted.begin(), plotted.end(), a) != plotted.end())
            continue;
        const std::optional<size_t> v = valueOf(group, a);
        // An explicit list of cells may leave an axis unset in some: those match any value.
        if (v && *v != (a < held.size() ? held[a] : 0))
            return false;
    }
    return true;
}

SweepPoint SweepSeries::pointOf(size_t group, size_t metric, size_t xIndex, size_t lineIndex) const {
    const core::SweepGroup& g = m_groups[group];
    SweepPoint p;
    p.xIndex = xIndex;
    p.x = static_cast<double>(xIndex);
    p.lineIndex = lineIndex;
    p.stat = metric < g.metrics.size() && g.metrics[metric] ? *g.metrics[metric] : core::SweepStat{};
    p.cells = g.cells;
    p.failed = g.failed;
    p.openCell = m_openCell[group];
    return p;
}

SweepLines SweepSeries::lines(size_t metric, size_t x, std::optional<size_t> by,
                              const std::vector<size_t>& held) const {
    SweepLines out;
    out.xLabels = valueLabels(x);
    out.numericX = !out.xLabels.isEmpty();
    for (const std::string& v : m_results.spec.axes[x].values) {
        bool ok = false;
        out.xs.push_back(QString::fromStdString(v).toDouble(&ok));
        out.numericX = out.numericX && ok;
    }
    if (!out.numericX)
        for (size_t i = 0; i < out.xs.size(); ++i)
            out.xs[i] = static_cast<double>(i);
    const QStringList lineLabels = by ? valueLabels(*by) : QStringList{QString()};
    std::vector<SweepLines::Line> all(static_cast<size_t>(lineLabels.size()));
    for (size_t l = 0; l < all.size(); ++l)
        all[l].label = lineLabels[static_cast<qsizetype>(l)];
    for (size_t g = 0; g < m_groups.size(); ++g) {
        const std::optional<size_t> xi = valueOf(g, x);
        const std::optional<size_t> li = by ? valueOf(g, *by) : std::optional<size_t>(0);
        if (!xi || !li || !matchesHeld(g, held, {x, by.value_or(x)}))
            continue;
        const bool has = metric < m_groups[g].metrics.size() && m_groups[g].metrics[metric];
        if (!has)
            continue; // every cell failed or none has the metric: nothing to draw
        SweepPoint p = pointOf(g, metric, *xi, *li);
        p.x = out.xs[*xi];
        all[*li].points.push_back(p);
    }
    for (SweepLines::Line& line : all) {
        if (line.points.empty())
            continue;
        std::sort(line.points.begin(), line.points.end(),
                  [](const SweepPoint& a, const SweepPoint& b) { return a.xIndex < b.xIndex; });
        out.lines.push_back(std::move(line));
    }
    return out;
}

SweepGrid SweepSeries::grid(size_t metric, size_t x, size_t y, const std::vector<size_t>& held) const {
    SweepGrid out;
    out.xLabels = valueLabels(x);
    out.yLabels = valueLabels(y);
    const size_t nx = static_cast<size_t>(out.xLabels.size());
    out.cells.resize(nx * static_cast<size_t>(out.yLabels.size()));
    for (size_t g = 0; g < m_groups.size(); ++g) {
        const std::optional<size_t> xi = valueOf(g, x), yi = valueOf(g, y);
        if (!xi || !yi || !matchesHeld(g, held, {x, y}))
            continue;
        if (metric < m_groups[g].metrics.size() && m_groups[g].metrics[metric])
            out.cells[*xi + *yi * nx] = pointOf(g, metric, *xi, *yi);
    }
    return out;
}

QStringList SweepSeries::valueLabels(size_t axis) const {
    QStringList out;
    for (const std::string& v : m_results.spec.axes[axis].values)
        out << QString::fromStdString(core::sweepValueLabel(v));
    return out;
}

QString SweepSeries::cellText(size_t cellIndex) const {
    QStringList parts;
    for (const auto& [axis, value] : m_results.spec.cell(cellIndex).values)
        parts << QStringLiteral("%1 = %2").arg(QString::fromStdString(axis),
                                               QString::fromStdString(core::sweepValueLabel(value)));
    return parts.join(QStringLiteral(", "));
}

} // namespace ui
