#pragma once

#include "controller/format.h"
#include "plots/lanelayout.h"

#include <qcustomplot.h>

#include <optional>
#include <set>
#include <vector>

namespace ui {

class History;
class CgroupColors;

/// Draws the CPU occupancy lanes from History the way trace viewers do: each lane becomes a
/// row of pixel columns, filled from the History level whose blocks are about a pixel wide;
/// everything smaller than a pixel is merged into its column (opacity = busy share, colour =
/// the cgroup with the largest part). Kernel overhead is drawn dark in the lower part of the
/// lane. Cost per frame is O(lanes x pixels), independent of how many slices the range holds.
class LanesPlottable : public QCPAbstractPlottable {
    Q_OBJECT
public:
    LanesPlottable(QCPAxis* keyAxis, QCPAxis* valueAxis);

    void setSource(const History* history, const CgroupColors* colors, const LaneLayout* layout);
    /// Highlighted cgroups (others are dimmed); empty = none dimmed.
    void setHighlight(std::set<uint32_t> cgroups, std::optional<uint32_t> task, std::optional<uint32_t> cpu);

    double selectTest(const QPointF& pos, bool onlySelectable, QVariant* details = nullptr) const override;
    QCPRange getKeyRange(bool& foundRange, QCP::SignDomain inSignDomain = QCP::sdBoth) const override;
    QCPRange getValueRange(bool& foundRange, QCP::SignDomain inSignDomain = QCP::sdBoth,
                           const QCPRange& inKeyRange = QCPRange()) const override;

protected:
    void draw(QCPPainter* painter) override;
    void drawLegendIcon(QCPPainter* painter, const QRectF& rect) const override;

private:
    void drawLane(QCPPainter* painter, uint32_t cpu, double top, double bottom, SimNs t0, double nsPerPx,
                  int left, int width, int level);
    QColor shade(uint32_t cgroup, uint32_t task) const;

    const History* m_history = nullptr;
    const CgroupColors* m_colors = nullptr;
    const LaneLayout* m_layout = nullptr;
    std::set<uint32_t> m_cgroups;
    std::optional<uint32_t> m_task;
    std::optional<uint32_t> m_cpu;
};

} // namespace ui
