#pragma once

#include "experiments/sweepresults.h"

#include <QString>
#include <QStringList>

#include <cstddef>
#include <initializer_list>
#include <optional>
#include <vector>

namespace ui {

/// One combination of the axes other than seed, its cells summarized over their seeds: one
/// point of a line or one cell of a heat map.
struct SweepPoint {
    size_t xIndex = 0;    ///< the value's place along x (the axis's value order)
    double x = 0;         ///< where it is drawn: the value when x is numeric, else xIndex
    size_t lineIndex = 0; ///< Lines: the value's place along the lines-by axis; Heat map: along y
    core::SweepStat stat; ///< the metric over the seeds that have it (failed cells have not)
    size_t cells = 0;     ///< finished cells of the combination (failed ones included)
    size_t failed = 0;
    size_t openCell = 0; ///< the cell a click opens: the combination's first seed (a finished one)
};

/// A metric against one axis, a line per value of a second (or one line).
struct SweepLines {
    bool numericX = false;  ///< every value of x is a number: drawn at that number
    QStringList xLabels;    ///< per value of x, in the axis's order
    std::vector<double> xs; ///< per value of x: where it is drawn
    struct Line {
        QString label;                  ///< the lines-by value ("" for the one line)
        std::vector<SweepPoint> points; ///< by xIndex; combinations no cell has are left out
    };
    std::vector<Line> lines; ///< per value of the lines-by axis that has a point
};

/// A metric over two axes: cell (x, y) at points[x + y * xLabels.size()].
struct SweepGrid {
    QStringList xLabels, yLabels;
    std::vector<std::optional<SweepPoint>> cells; ///< empty where no cell finished
};

/// A sweep's results read for its views (File > Open Sweep Results): the combinations of the
/// axes other than seed, summarized over their seeds (core::aggregateOverSeeds, which leaves
/// failed cells out of the figures), each with the value of every axis as an index and the cell
/// a click opens; and what a choice of metric and axes makes of them. Axes are indices into
/// results().spec.axes; `held` gives, per axis, the value index the view holds it at (axes
/// plotted, and seed, are not held).
class SweepSeries {
public:
    explicit SweepSeries(core::SweepResults results);

    const core::SweepResults& results() const { return m_results; }
    const std::vector<core::SweepGroup>& groups() const { return m_groups; }
    /// The axes a view can plot or hold: every axis but seed, in the spec's order.
    const std::vector<size_t>& plotAxes() const { return m_plotAxes; }
    /// How many seeds the sweep has (1 without a seed axis).
    size_t seedCount() const;

    /// `metric` against `x`, a line per value of `by` (none: one line).
    SweepLines lines(size_t metric, size_t x, std::optional<size_t> by,
                     const std::vector<size_t>& held) const;
    /// `metric` over `x` and `y`.
    SweepGrid grid(size_t metric, size_t x, size_t y, const std::vector<size_t>& held) const;

    /// An axis's values as people read them (strings without their quotes).
    QStringList valueLabels(size_t axis) const;
    /// A cell's axes and values: "model = v6.12, topology.cores_per_socket = 4, seed = 1".
    QString cellText(size_t cellIndex) const;

    size_t finishedCells() const { return m_results.cells.size(); }
    size_t failedCells() const { return m_failed; }
    size_t missingCells() const { return m_results.missing.size(); }
    size_t totalCells() const { return m_results.spec.cellCount(); }

private:
    /// The combination's value index on `axis`, or nullopt when its cells do not set it.
    std::optional<size_t> valueOf(size_t group, size_t axis) const;
    /// Whether the combination has the held value of every axis but those plotted.
    bool matchesHeld(size_t group, const std::vector<size_t>& held,
                     std::initializer_list<size_t> plotted) const;
    SweepPoint pointOf(size_t group, size_t metric, size_t xIndex, size_t lineIndex) const;

    core::SweepResults m_results;
    std::vector<core::SweepGroup> m_groups;
    std::vector<size_t> m_plotAxes;
    std::vector<std::vector<std::optional<size_t>>> m_valueIndex; ///< per group, per axis
    std::vector<size_t> m_openCell;                               ///< per group
    size_t m_failed = 0;
};

} // namespace ui
