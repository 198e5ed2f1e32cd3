#pragma once

#include "controller/format.h"
#include "plots/tracklist.h"

#include <qcustomplot.h>

#include <optional>
#include <set>
#include <vector>

namespace ui {

class History;
class CgroupColors;

/// Draws the occupancy tracks from History the way trace viewers do: each CPU lane becomes a
/// row of pixel columns, filled from the History level whose blocks are about a pixel wide;
/// everything smaller than a pixel is merged into its column (opacity = busy share, colour =
/// the cgroup with the largest part). Kernel overhead is drawn dark in the lower part of the
/// lane. Slices wide enough carry their task's name. A collapsed core or socket is drawn as a
/// bar chart of its CPUs' summed occupancy. A cgroup throttled by cpu.max on a CPU shows as a
/// hatched band in its colour across the top of that CPU's lane. Only rows on screen are drawn; the cost per
/// frame is O(CPUs shown x pixels), independent of how many slices the range holds.
class LanesPlottable : public QCPAbstractPlottable {
    Q_OBJECT
public:
    LanesPlottable(QCPAxis* keyAxis, QCPAxis* valueAxis);

    void setSource(const History* history, const CgroupColors* colors, const TrackList* tracks);
    /// Highlighted cgroups (others are dimmed); empty = none dimmed.
    void setHighlight(std::set<uint32_t> cgroups, std::optional<uint32_t> task, std::optional<uint32_t> cpu);
    /// Colour by task instead of by cgroup (a real trace, whose tasks mostly share a cgroup).
    void setColorByTask(bool on) { m_byTask = on; }
    /// The colour a task gets when colouring by task.
    static QColor taskColor(uint32_t task);

    double selectTest(const QPointF& pos, bool onlySelectable, QVariant* details = nullptr) const override;
    QCPRange getKeyRange(bool& foundRange, QCP::SignDomain inSignDomain = QCP::sdBoth) const override;
    QCPRange getValueRange(bool& foundRange, QCP::SignDomain inSignDomain = QCP::sdBoth,
                           const QCPRange& inKeyRange = QCPRange()) const override;

protected:
    void draw(QCPPainter* painter) override;
    void drawLegendIcon(QCPPainter* painter, const QRectF& rect) const override;

private:
    struct Frame; // what every row of one draw shares
    void drawLane(QCPPainter* painter, const Frame& f, uint32_t cpu, double top, double bottom);
    void drawSummary(QCPPainter* painter, const Frame& f, const Track& row, double top, double bottom);
    void drawThrottled(QCPPainter* painter, const Frame& f, uint32_t cpu, double top, double bottom);
    QColor shade(uint32_t cgroup, uint32_t task) const;

    const History* m_history = nullptr;
    const CgroupColors* m_colors = nullptr;
    const TrackList* m_tracks = nullptr;
    std::set<uint32_t> m_cgroups;
    std::optional<uint32_t> m_task;
    bool m_byTask = false;
    std::optional<uint32_t> m_cpu;
};

} // namespace ui
