#include "plots/lanesplottable.h"

#include "controller/format.h"

#include "controller/cgroupcolors.h"
#include "controller/history.h"
#include "sched/topology.h"

#include <algorithm>
#include <cmath>

namespace ui {

LanesPlottable::LanesPlottable(QCPAxis* keyAxis, QCPAxis* valueAxis)
    : QCPAbstractPlottable(keyAxis, valueAxis) {
    setSelectable(QCP::stNone);
    setAntialiasedFill(false);
}

void LanesPlottable::setSource(const History* history, const CgroupColors* colors, const LaneLayout* layout) {
    m_history = history;
    m_colors = colors;
    m_layout = layout;
}

void LanesPlottable::setHighlight(std::set<uint32_t> cgroups, std::optional<uint32_t> task,
                                  std::optional<uint32_t> cpu) {
    m_cgroups = std::move(cgroups);
    m_task = task;
    m_cpu = cpu;
}

double LanesPlottable::selectTest(const QPointF&, bool, QVariant*) const {
    return -1;
}

QCPRange LanesPlottable::getKeyRange(bool& foundRange, QCP::SignDomain) const {
    foundRange = m_history != nullptr;
    return m_history ? QCPRange(toSeconds(m_history->start()), toSeconds(m_history->now())) : QCPRange();
}

QCPRange LanesPlottable::getValueRange(bool& foundRange, QCP::SignDomain, const QCPRange&) const {
    foundRange = m_layout != nullptr;
    return m_layout ? QCPRange(-0.5, m_layout->extent - 0.5) : QCPRange();
}

QColor LanesPlottable::shade(uint32_t cgroup, uint32_t task) const {
    QColor c = m_colors->color(cgroup);
    const bool filtered = !m_cgroups.empty() || m_task;
    const bool chosen = (m_task && *m_task == task) || (!m_task && m_cgroups.count(cgroup));
    if (filtered && !chosen)
        c.setAlpha(60);
    return c;
}

void LanesPlottable::draw(QCPPainter* painter) {
    if (!m_history || !m_colors || !m_layout || m_history->nrCpus() == 0)
        return;
    QCPAxis* key = keyAxis();
    QCPAxis* value = valueAxis();
    const QRect rect = key->axisRect()->rect();
    const int left = rect.left();
    const int width = rect.width();
    if (width <= 0)
        return;
    const QCPRange kr = key->range();
    const SimNs t0 = fromSeconds(kr.lower);
    const double nsPerPx = (kr.upper - kr.lower) * static_cast<double>(kNsPerSecond) / width;
    // The coarsest level whose blocks are at most half a pixel: a few blocks per column.
    int level = 0;
    while (level + 1 < LaneStore::kLevels && static_cast<double>(LaneStore::width(level + 1)) * 2 <= nsPerPx)
        ++level;

    painter->setAntialiasing(false);
    painter->setPen(Qt::NoPen);
    const uint32_t n = m_history->nrCpus();
    for (uint32_t cpu = 0; cpu < n && cpu < m_layout->position.size(); ++cpu) {
        const double y = m_layout->position[cpu];
        double top = value->coordToPixel(y - m_layout->laneHeight / 2);
        double bottom = value->coordToPixel(y + m_layout->laneHeight / 2);
        if (top > bottom)
            std::swap(top, bottom);
        if (bottom < rect.top() || top > rect.bottom())
            continue;
        if (m_cpu && *m_cpu == cpu)
            painter->fillRect(QRectF(left, top, width, bottom - top), QColor(255, 235, 160, 110));
        drawLane(painter, cpu, top, std::max(bottom, top + 1), t0, nsPerPx, left, width, level);
    }
}

void LanesPlottable::drawLane(QCPPainter* painter, uint32_t cpu, double top, double bottom, SimNs t0,
                              double nsPerPx, int left, int width, int level) {
    const LaneStore& lane = m_history->lane(cpu);
    const SimNs t1 = t0 + static_cast<SimNs>(nsPerPx * width);
    const double h = bottom - top;
    const double ovTop = top + h * 0.6;

    // One pixel column being accumulated from blocks narrower than a pixel.
    int col = -1;
    double colBusy = 0, colOverhead = 0, colBest = 0;
    uint32_t colCgroup = 0, colTask = 0;
    auto flush = [&] {
        if (col < 0)
            return;
        // Task time in the colour of the task with the largest part, kernel overhead in its own
        // colour: in the lower part under task time, the whole height when there is no task
        // time. The same rule as for blocks a pixel or wider, so a zoom never recolours it.
        const double taskShare = std::min(1.0, (colBusy - colOverhead) / nsPerPx);
        const bool tasks = taskShare > 0.02;
        if (tasks) {
            QColor c = shade(colCgroup, colTask);
            c.setAlphaF(c.alphaF() * (0.35 + 0.65 * taskShare));
            painter->fillRect(QRectF(left + col, top, 1, h), c);
        }
        if (colOverhead / nsPerPx > 0.02) {
            const double ovH = tasks ? bottom - ovTop : h;
            painter->fillRect(QRectF(left + col, bottom - ovH, 1, ovH), CgroupColors::overhead());
        }
        col = -1;
        colBusy = colOverhead = colBest = 0;
    };
    auto drawBlock = [&](const LaneBlock& b) {
        const double x0 = static_cast<double>(b.start - t0) / nsPerPx;
        const double x1 = static_cast<double>(b.end - t0) / nsPerPx;
        if (x1 <= 0 || x0 >= width)
            return;
        const double len = static_cast<double>(b.end - b.start);
        if (x1 - x0 >= 1.0) {
            flush();
            const double a = std::max(0.0, x0), e = std::min<double>(width, x1);
            const double share = len > 0 ? static_cast<double>(b.busy - b.overhead) / len : 0;
            const double ovShare = len > 0 ? static_cast<double>(b.overhead) / len : 0;
            if (b.overhead < b.busy) {
                QColor c = shade(b.cgroup, b.task);
                if (share < 0.98)
                    c.setAlphaF(c.alphaF() * (0.35 + 0.65 * share));
                painter->fillRect(QRectF(left + a, top, e - a, h), c);
            }
            if (ovShare > 0.02) {
                const double ovH = b.overhead == b.busy ? h : (bottom - ovTop);
                painter->fillRect(QRectF(left + a, bottom - ovH, e - a, ovH), CgroupColors::overhead());
            }
            return;
        }
        const int c = static_cast<int>(std::floor(std::max(0.0, x0)));
        if (c != col) {
            flush();
            col = c;
        }
        const double part = static_cast<double>(b.busy - b.overhead);
        colBusy += static_cast<double>(b.busy);
        colOverhead += static_cast<double>(b.overhead);
        if (part > colBest) {
            colBest = part;
            colCgroup = b.cgroup;
            colTask = b.task;
        }
    };
    // Read each part of [t0, t1) from the finest level that still holds it, starting at the
    // chosen one; older parts may only exist at coarser levels after compaction.
    SimNs upper = t1;
    for (int l = level; l < LaneStore::kLevels && upper > t0; ++l) {
        const SimNs lo = std::max(t0, lane.validFrom(l));
        if (lo < upper) {
            const LaneBlocks& v = lane.blocks(l);
            v.visitFrom(v.firstEndingAfter(lo), [&](const LaneBlock& b) {
                if (b.start >= upper)
                    return false;
                drawBlock(b);
                return true;
            });
            if (const LaneBlock* o = lane.openBlock(l); o && o->start < upper && o->end > lo)
                drawBlock(*o);
            flush();
        }
        upper = std::min(upper, lo);
    }
}

void LanesPlottable::drawLegendIcon(QCPPainter* painter, const QRectF& rect) const {
    painter->fillRect(rect, CgroupColors::rootColor());
}

} // namespace ui
