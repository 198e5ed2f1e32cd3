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

namespace {

/// Calls f(block) for every block of `lane` overlapping [t0, t1), each part read from the
/// finest level that still holds it, starting at `level` (older parts may only exist at coarser
/// levels after compaction); `levelDone()` after each level's run.
template <class F, class G>
void forEachBlock(const LaneStore& lane, SimNs t0, SimNs t1, int level, F&& f, G&& levelDone) {
    SimNs upper = t1;
    for (int l = level; l < LaneStore::kLevels && upper > t0; ++l) {
        const SimNs lo = std::max(t0, lane.validFrom(l));
        if (lo < upper) {
            const LaneBlocks& v = lane.blocks(l);
            v.visitFrom(v.firstEndingAfter(lo), [&](const LaneBlock& b) {
                if (b.start >= upper)
                    return false;
                f(b, l);
                return true;
            });
            if (const LaneBlock* o = lane.openBlock(l); o && o->start < upper && o->end > lo)
                f(*o, l);
            levelDone();
        }
        upper = std::min(upper, lo);
    }
}

/// The band that marks RT tasks' time on a lane.
QColor rtColor() {
    return QColor(0xC6, 0x28, 0x28); // crimson: apart from every cgroup colour and the overhead
}

/// Black or white, whichever reads better on `c`.
QColor textOn(const QColor& c) {
    const double l = 0.299 * c.redF() + 0.587 * c.greenF() + 0.114 * c.blueF();
    return l * c.alphaF() + (1 - c.alphaF()) > 0.6 ? QColor(20, 20, 20) : QColor(250, 250, 250);
}

} // namespace

struct LanesPlottable::Frame {
    SimNs t0 = 0, t1 = 0;
    double nsPerPx = 1;
    int left = 0, width = 0;
    int level = 0;
};

void LanesPlottable::setSource(const History* history, const CgroupColors* colors, const TrackList* tracks) {
    m_history = history;
    m_colors = colors;
    m_tracks = tracks;
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
    foundRange = m_tracks != nullptr;
    return m_tracks ? QCPRange(0, m_tracks->extent()) : QCPRange();
}

QColor LanesPlottable::taskColor(uint32_t task) {
    // Twelve distinct hues (Okabe-Ito and Paul Tol's).
    static const QColor kPalette[] = {
        QColor(0x00, 0x72, 0xB2), QColor(0xE6, 0x9F, 0x00), QColor(0x00, 0x9E, 0x73),
        QColor(0xCC, 0x79, 0xA7), QColor(0x56, 0xB4, 0xE9), QColor(0xD5, 0x5E, 0x00),
        QColor(0x33, 0x22, 0x88), QColor(0x88, 0xCC, 0xEE), QColor(0x11, 0x77, 0x33),
        QColor(0x99, 0x99, 0x33), QColor(0xAA, 0x44, 0x99), QColor(0x44, 0xAA, 0x99)};
    // Steps of 5 around 12 hues: consecutive pids (threads created together) never match.
    return kPalette[(task % 12u) * 5u % 12u];
}

QColor LanesPlottable::shade(uint32_t cgroup, uint32_t task) const {
    QColor c = m_byTask && task != UINT32_MAX ? taskColor(task) : m_colors->color(cgroup);
    const bool filtered = !m_cgroups.empty() || m_task;
    const bool chosen = (m_task && *m_task == task) || (!m_task && m_cgroups.count(cgroup));
    if (filtered && !chosen)
        c.setAlpha(60);
    return c;
}

void LanesPlottable::draw(QCPPainter* painter) {
    if (!m_history || !m_colors || !m_tracks || m_history->nrCpus() == 0)
        return;
    QCPAxis* key = keyAxis();
    QCPAxis* value = valueAxis();
    const QRect rect = key->axisRect()->rect();
    Frame f;
    f.left = rect.left();
    f.width = rect.width();
    if (f.width <= 0)
        return;
    const QCPRange kr = key->range();
    f.t0 = fromSeconds(kr.lower);
    f.nsPerPx = (kr.upper - kr.lower) * static_cast<double>(kNsPerSecond) / f.width;
    f.t1 = f.t0 + static_cast<SimNs>(f.nsPerPx * f.width);
    // The coarsest level whose blocks are at most half a pixel: a few blocks per column.
    while (f.level + 1 < LaneStore::kLevels &&
           static_cast<double>(LaneStore::width(f.level + 1)) * 2 <= f.nsPerPx)
        ++f.level;

    painter->setAntialiasing(false);
    painter->setPen(Qt::NoPen);
    const uint32_t n = m_history->nrCpus();
    for (const Track& row : m_tracks->rows()) {
        if (row.first + row.count > n)
            continue;
        double top = value->coordToPixel(row.position - row.band / 2);
        double bottom = value->coordToPixel(row.position + row.band / 2);
        if (top > bottom)
            std::swap(top, bottom);
        if (bottom < rect.top() || top > rect.bottom())
            continue;
        bottom = std::max(bottom, top + 1);
        if (m_cpu && *m_cpu >= row.first && *m_cpu < row.first + row.count)
            painter->fillRect(QRectF(f.left, top, f.width, bottom - top), QColor(255, 235, 160, 110));
        if (row.summary())
            drawSummary(painter, f, row, top, bottom);
        else
            drawLane(painter, f, row.first, top, bottom);
    }
}

void LanesPlottable::drawLane(QCPPainter* painter, const Frame& f, uint32_t cpu, double top, double bottom) {
    const double nsPerPx = f.nsPerPx;
    const int left = f.left, width = f.width;
    const SimNs t0 = f.t0;
    const double h = bottom - top;
    const double ovTop = top + h * 0.6;
    // RT tasks' time carries a crimson band along the top of the lane (the class at a glance).
    const double rtBand = std::clamp(h * 0.15, 1.0, 3.0);

    // Task names go on slices that have room for them, drawn after the fills.
    struct Name {
        QRectF rect;
        uint32_t task;
        QColor fill;
    };
    std::vector<Name> names;
    const bool withNames = h >= 11;

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
            if (m_history->taskClass(colTask).rt())
                painter->fillRect(QRectF(left + col, top, 1, rtBand), rtColor());
        }
        if (colOverhead / nsPerPx > 0.02) {
            const double ovH = tasks ? bottom - ovTop : h;
            painter->fillRect(QRectF(left + col, bottom - ovH, 1, ovH), CgroupColors::overhead());
        }
        col = -1;
        colBusy = colOverhead = colBest = 0;
    };
    auto drawBlock = [&](const LaneBlock& b, int level) {
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
                if (b.task != UINT32_MAX && m_history->taskClass(b.task).rt())
                    painter->fillRect(QRectF(left + a, top, e - a, rtBand), rtColor());
                // A name where one task fills the block (wide blocks at coarse levels are long
                // runs kept whole).
                if (withNames && b.task != UINT32_MAX && (level == 0 || share >= 0.98)) {
                    // Neighbouring pieces of one run (cut by overhead or snapshots) share a name.
                    if (!names.empty() && names.back().task == b.task &&
                        left + a - names.back().rect.right() < 2)
                        names.back().rect.setRight(left + e);
                    else
                        names.push_back({QRectF(left + a, top, e - a, ovTop - top), b.task, c});
                }
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
    forEachBlock(m_history->lane(cpu), t0, f.t1, f.level, drawBlock, flush);
    drawThrottled(painter, f, cpu, top, bottom);

    if (names.empty())
        return;
    QFont font = painter->font();
    font.setPixelSize(std::clamp(int(ovTop - top) - 2, 8, 12));
    painter->setFont(font);
    const QFontMetricsF fm(font);
    const double minWidth = fm.horizontalAdvance(QStringLiteral("MM")) + 4;
    for (const Name& n : names) {
        if (n.rect.width() < minWidth)
            continue;
        const QString name = QString::fromStdString(m_history->taskName(n.task));
        const QString shown = fm.elidedText(name.isEmpty() ? QStringLiteral("#%1").arg(n.task) : name,
                                            Qt::ElideRight, n.rect.width() - 4);
        if (shown.size() < 2)
            continue;
        painter->setPen(textOn(n.fill));
        painter->drawText(n.rect.adjusted(2, 0, -2, 0), Qt::AlignLeft | Qt::AlignVCenter, shown);
    }
    painter->setPen(Qt::NoPen);
}

void LanesPlottable::drawThrottled(QCPPainter* painter, const Frame& f, uint32_t cpu, double top,
                                   double bottom) {
    // cpu.max: a hatched band in the cgroup's colour across the top of the lane for as long as
    // the group's queue on this CPU waits for runtime (its tasks are queued but cannot run).
    const auto& stretches = m_history->throttled(cpu);
    if (stretches.empty())
        return;
    const double bandH = std::max(3.0, (bottom - top) * 0.3);
    auto first = std::lower_bound(stretches.begin(), stretches.end(), f.t0,
                                  [](const Throttled& t, SimNs v) { return t.end <= v; });
    for (auto it = first; it != stretches.end(); ++it) {
        if (it->start >= f.t1)
            continue;
        const double x0 = std::max(0.0, static_cast<double>(it->start - f.t0) / f.nsPerPx);
        const double x1 = std::min<double>(f.width, static_cast<double>(it->end - f.t0) / f.nsPerPx);
        if (x1 <= x0)
            continue;
        const QRectF band(f.left + x0, top, std::max(1.0, x1 - x0), bandH);
        const QColor c = shade(it->cgroup, UINT32_MAX).darker(150);
        painter->fillRect(band, QColor(255, 255, 255, 170));
        painter->fillRect(band, QBrush(c, Qt::BDiagPattern));
        painter->fillRect(QRectF(band.left(), band.bottom() - 1, band.width(), 1), c);
    }
}

void LanesPlottable::drawSummary(QCPPainter* painter, const Frame& f, const Track& row, double top,
                                 double bottom) {
    // Per pixel column: task and overhead time summed over the row's CPUs, and the cgroup with
    // the largest single part. Drawn as bars: height = share of the CPUs' time busy.
    const int width = f.width;
    std::vector<double> busy(size_t(width), 0.0), overhead(size_t(width), 0.0), best(size_t(width), 0.0);
    std::vector<uint32_t> cgroup(size_t(width), 0), task(size_t(width), 0);
    auto add = [&](int col, double taskNs, double ovNs, const LaneBlock& b) {
        busy[size_t(col)] += taskNs;
        overhead[size_t(col)] += ovNs;
        if (taskNs > best[size_t(col)]) {
            best[size_t(col)] = taskNs;
            cgroup[size_t(col)] = b.cgroup;
            task[size_t(col)] = b.task;
        }
    };
    auto addBlock = [&](const LaneBlock& b, int) {
        const double x0 = static_cast<double>(b.start - f.t0) / f.nsPerPx;
        const double x1 = static_cast<double>(b.end - f.t0) / f.nsPerPx;
        if (x1 <= 0 || x0 >= width)
            return;
        const double len = std::max(1.0, static_cast<double>(b.end - b.start));
        const double taskPerNs = static_cast<double>(b.busy - b.overhead) / len;
        const double ovPerNs = static_cast<double>(b.overhead) / len;
        // Spread the block over the columns it covers, each by the part it covers.
        const int c0 = static_cast<int>(std::floor(std::max(0.0, x0)));
        const int c1 = std::min(width - 1, static_cast<int>(std::floor(std::min<double>(width, x1) - 1e-9)));
        for (int c = c0; c <= c1; ++c) {
            const double covered = (std::min<double>(c + 1, x1) - std::max<double>(c, x0)) * f.nsPerPx;
            add(c, covered * taskPerNs, covered * ovPerNs, b);
        }
    };
    for (uint32_t cpu = row.first; cpu < row.first + row.count; ++cpu)
        forEachBlock(m_history->lane(cpu), f.t0, f.t1, f.level, addBlock, [] {});

    const double h = bottom - top;
    painter->fillRect(QRectF(f.left, top, width, h), QColor(236, 238, 242));
    const double capacity = f.nsPerPx * row.count;
    const int full = static_cast<int>(std::lround(h));
    // Runs of columns with the same colour and bar heights become one rectangle.
    int runStart = 0;
    QColor runColor;
    int runTask = -1, runOv = -1;
    auto paintRun = [&](int end) {
        if (end <= runStart)
            return;
        if (runTask > 0)
            painter->fillRect(QRectF(f.left + runStart, bottom - runOv - runTask, end - runStart, runTask),
                              runColor);
        if (runOv > 0)
            painter->fillRect(QRectF(f.left + runStart, bottom - runOv, end - runStart, runOv),
                              CgroupColors::overhead());
    };
    for (int c = 0; c < width; ++c) {
        const int ov = static_cast<int>(std::lround(std::min(1.0, overhead[size_t(c)] / capacity) * h));
        const int tk =
            std::min(full - ov, static_cast<int>(std::lround(std::min(1.0, busy[size_t(c)] / capacity) * h)));
        const QColor color = tk > 0 ? shade(cgroup[size_t(c)], task[size_t(c)]) : QColor();
        if (tk != runTask || ov != runOv || color != runColor) {
            paintRun(c);
            runStart = c;
            runTask = tk;
            runOv = ov;
            runColor = color;
        }
    }
    paintRun(width);
}

void LanesPlottable::drawLegendIcon(QCPPainter* painter, const QRectF& rect) const {
    painter->fillRect(rect, CgroupColors::rootColor());
}

} // namespace ui
