#include "plots/threadtrackview.h"

#include "controller/session.h"
#include "controller/wakeuptext.h"
#include "plots/markercolors.h"

#include <QContextMenuEvent>
#include <QHelpEvent>
#include <QMenu>
#include <QPainter>
#include <QPainterPath>
#include <QScrollBar>
#include <QToolTip>

#include <algorithm>
#include <array>
#include <cmath>

namespace ui {

namespace {

/// Maps times of [from, to) onto the pixels of an area's width.
struct TimeScale {
    SimNs from;
    SimNs to;
    int left;
    int width;
    double x(SimNs t) const {
        return left +
               static_cast<double>(t - from) * width / static_cast<double>(std::max<SimNs>(1, to - from));
    }
    SimNs time(double px) const {
        return from + static_cast<SimNs>((px - left) * static_cast<double>(to - from) / std::max(1, width));
    }
};

bool asleep(core::ThreadState s) {
    return s == core::ThreadState::Sleeping || s == core::ThreadState::Uninterruptible;
}

} // namespace

ThreadTrackView::ThreadTrackView(Session& session, ThreadRows& rows, QWidget* parent)
    : QAbstractScrollArea(parent)
    , m_session(session)
    , m_rows(rows) {
    setObjectName(QStringLiteral("threadTracks"));
    setHorizontalScrollBarPolicy(Qt::ScrollBarAlwaysOff);
    verticalScrollBar()->setSingleStep(1);
    connect(verticalScrollBar(), &QScrollBar::valueChanged, viewport(), qOverload<>(&QWidget::update));
    viewport()->setMouseTracking(true);
    setMinimumHeight(3 * kRowHeight);
}

QColor ThreadTrackView::stateColor(core::ThreadState s) {
    switch (s) {
    case core::ThreadState::Running:
        return QColor(0, 158, 115);
    case core::ThreadState::Runnable:
        return QColor(245, 199, 80);
    case core::ThreadState::Preempted:
        return QColor(235, 135, 50);
    case core::ThreadState::Sleeping:
        return QColor(226, 230, 238);
    case core::ThreadState::Uninterruptible:
        return QColor(200, 55, 55);
    case core::ThreadState::Throttled:
        return QColor(130, 80, 170);
    case core::ThreadState::Unknown:
        break;
    }
    return QColor(170, 170, 170);
}

void ThreadTrackView::setChain(core::WakeupChain chain) {
    m_chain = std::move(chain);
    viewport()->update();
}

void ThreadTrackView::rowsChanged() {
    updateScrollRange();
    viewport()->update();
}

int ThreadTrackView::firstRow() const {
    return verticalScrollBar()->value();
}

void ThreadTrackView::ensureRowVisible(int row) {
    const int visible = std::max(1, (viewport()->height() - kRulerHeight) / kRowHeight);
    if (row < firstRow())
        verticalScrollBar()->setValue(row);
    else if (row >= firstRow() + visible)
        verticalScrollBar()->setValue(row - visible + 1);
}

int ThreadTrackView::rowAt(int y) const {
    if (y < kRulerHeight)
        return -1;
    const int r = firstRow() + (y - kRulerHeight) / kRowHeight;
    return r < static_cast<int>(m_rows.rows().size()) ? r : -1;
}

void ThreadTrackView::updateScrollRange() {
    const int visible = std::max(1, (viewport()->height() - kRulerHeight) / kRowHeight);
    const int rows = static_cast<int>(m_rows.rows().size());
    verticalScrollBar()->setRange(0, std::max(0, rows - visible));
    verticalScrollBar()->setPageStep(visible);
}

void ThreadTrackView::resizeEvent(QResizeEvent* e) {
    QAbstractScrollArea::resizeEvent(e);
    updateScrollRange();
}

void ThreadTrackView::paintEvent(QPaintEvent*) {
    QPainter p(viewport());
    render(p, viewport()->rect(), firstRow());
}

void ThreadTrackView::render(QPainter& p, const QRect& target, int first) const {
    p.save();
    p.setClipRect(target);
    p.fillRect(target, palette().base());
    const ViewState& v = m_session.view();
    const SimNs from = v.rangeStart();
    const SimNs to = v.rangeEnd();
    const QRect area(target.left() + m_labelWidth, target.top(),
                     std::max(1, target.width() - m_labelWidth - m_rightMargin), target.height());
    const auto& rows = m_rows.rows();
    const std::optional<uint32_t> selected = v.selectedTask();
    QFont small = p.font();
    if (small.pointSizeF() > 0)
        small.setPointSizeF(small.pointSizeF() * 0.85);
    else
        small.setPixelSize(std::max(8, small.pixelSize() * 85 / 100));
    p.setFont(small);
    const QFontMetrics fm(small);
    drawRuler(p, QRect(area.left(), target.top(), area.width(), kRulerHeight), from, to);
    for (int r = first, y = target.top() + kRulerHeight;
         r < static_cast<int>(rows.size()) && y < target.bottom(); ++r, y += kRowHeight) {
        const TrackRow& row = rows[static_cast<size_t>(r)];
        const QRect label(target.left(), y, m_labelWidth - 4, kRowHeight);
        if (row.kind == TrackRow::Kind::Group) {
            p.fillRect(QRect(target.left(), y, target.width(), kRowHeight), palette().alternateBase());
            const QString name = row.group.empty() ? tr("Pinned")
                                 : row.group == ThreadRows::kCountersGroup
                                     ? tr("nr_running per CPU")
                                     : QString::fromStdString(row.group);
            const QString text = QStringLiteral("%1 %2  (%3)")
                                     .arg(row.collapsed ? QStringLiteral("\u25B8") : QStringLiteral("\u25BE"))
                                     .arg(name)
                                     .arg(row.members);
            p.setPen(palette().text().color());
            p.drawText(label.adjusted(4, 0, 0, 0), Qt::AlignVCenter | Qt::AlignLeft,
                       fm.elidedText(text, Qt::ElideMiddle, label.width() - 4));
            continue;
        }
        if (const core::CounterTrack* c = m_rows.modelCounter(row)) {
            p.setPen(palette().text().color());
            p.drawText(label.adjusted(20, 0, 0, 0), Qt::AlignVCenter | Qt::AlignLeft,
                       fm.elidedText(modelCounterLabel(*c), Qt::ElideRight, label.width() - 20));
            drawModelCounter(p, *c, m_rows.modelCounterRange(row),
                             QRect(area.left(), y + 1, area.width(), kRowHeight - 2), from, to);
            continue;
        }
        if (const auto* steps = m_rows.counter(row)) {
            p.setPen(palette().text().color());
            p.drawText(label.adjusted(12, 0, 0, 0), Qt::AlignVCenter | Qt::AlignLeft,
                       tr("cpu%1 nr_running (max %2)")
                           .arg(m_session.history().kernelCpu(static_cast<uint32_t>(row.track)))
                           .arg(m_rows.counterMax(row)));
            drawCounter(p, *steps, m_rows.counterMax(row),
                        QRect(area.left(), y + 1, area.width(), kRowHeight - 2), from, to);
            continue;
        }
        const core::TaskTrack* t = m_rows.track(row);
        if (!t)
            continue;
        const bool isSelected = selected && *selected == t->id.value();
        if (isSelected)
            p.fillRect(QRect(target.left(), y, m_labelWidth, kRowHeight), palette().highlight());
        p.setPen(isSelected ? palette().highlightedText().color() : palette().text().color());
        const QString text = (row.pinned ? QStringLiteral("\u2022 ") : QStringLiteral("   ")) +
                             QString::fromStdString(m_rows.taskLabel(*t));
        p.drawText(label.adjusted(12, 0, 0, 0), Qt::AlignVCenter | Qt::AlignLeft,
                   fm.elidedText(text, Qt::ElideRight, label.width() - 12));
        drawTrack(p, *t, QRect(area.left(), y + 2, area.width(), kRowHeight - 4), from, to);
    }
    drawChain(p, area, first, from, to);
    // The cursor (marker A) and marker B across every track, as in the CPU lanes.
    const TimeScale scale{from, to, area.left(), area.width()};
    auto vline = [&](std::optional<SimNs> t, const QColor& c) {
        if (!t || *t < from || *t > to)
            return;
        p.setPen(QPen(c, 1));
        const double x = scale.x(*t);
        p.drawLine(QPointF(x, target.top()), QPointF(x, target.bottom()));
    };
    for (const Bookmark& b : v.bookmarks()) {
        if (b.at < from || b.at > to)
            continue;
        const int x = static_cast<int>(std::lround(scale.x(b.at)));
        p.setPen(QPen(kBookmarkColor, 1, Qt::DashLine));
        p.drawLine(QPoint(x, target.top() + kRulerHeight), QPoint(x, target.bottom()));
        p.setPen(kBookmarkColor);
        p.drawText(QPoint(x + 2, target.top() + kRulerHeight - 3), QStringLiteral("\u2691"));
    }
    vline(v.cursor(), kCursorColor);
    vline(v.markerB(), kMarkerBColor);
    p.setPen(palette().mid().color());
    p.drawLine(area.left() - 1, target.top(), area.left() - 1, target.bottom());
    p.restore();
}

void ThreadTrackView::drawTrack(QPainter& p, const core::TaskTrack& t, const QRect& area, SimNs from,
                                SimNs to) const {
    const auto& iv = t.intervals;
    if (iv.empty())
        return;
    const TimeScale scale{from, to, area.left(), area.width()};
    const QColor running = m_session.colors().color(t.cgroup.valid() ? t.cgroup.value() : 0);
    const QFontMetrics fm(p.font());
    auto byStart = [](SimNs v, const core::StateInterval& i) { return v < i.start.count(); };
    // Neighbouring pixels of one colour are filled as one rectangle: at a whole-run zoom most
    // pixels hold many short stretches, and one fill per pixel would dominate the frame.
    struct Pending {
        int x0 = 0;
        int x1 = 0;
        const core::StateInterval* interval = nullptr;
    } pending;
    auto flush = [&] {
        if (!pending.interval)
            return;
        const core::StateInterval& i = *pending.interval;
        // Running fills the row; waiting for a CPU half of it, asleep a thin bar: what ran
        // stands out, whatever the colours of the cgroups.
        const int h = area.height();
        const int height = i.state == core::ThreadState::Running || i.state == core::ThreadState::Unknown ? h
                           : asleep(i.state) ? h / 4
                                             : h / 2;
        const QRect box(pending.x0, area.top() + (h - height) / 2, pending.x1 - pending.x0,
                        std::max(2, height));
        const QColor c = i.state == core::ThreadState::Running ? running : stateColor(i.state);
        if (i.state == core::ThreadState::Unknown)
            p.fillRect(box, QBrush(c, Qt::BDiagPattern));
        else
            p.fillRect(box, c);
        if (i.state == core::ThreadState::Running && box.width() > 34 && i.cpu >= 0) {
            p.setPen(c.lightnessF() < 0.55 ? Qt::white : Qt::black);
            p.drawText(box, Qt::AlignCenter,
                       fm.elidedText(QStringLiteral("cpu%1").arg(
                                         m_session.history().kernelCpu(static_cast<uint32_t>(i.cpu))),
                                     Qt::ElideRight, box.width()));
        }
        pending.interval = nullptr;
    };
    int x = area.left();
    const int right = area.left() + area.width();
    while (x < right) {
        const SimNs tx = scale.time(x);
        auto it = std::upper_bound(iv.begin(), iv.end(), tx, byStart);
        if (it != iv.begin() && std::prev(it)->end.count() > tx)
            --it;
        if (it == iv.end() || it->start.count() >= to)
            break;
        // Clamped as doubles: a stretch far outside a narrow window is beyond int's range.
        auto pixel = [&](double px) {
            return static_cast<int>(std::clamp(px, double(area.left()), double(right)));
        };
        const int x0 = std::max(x, pixel(std::floor(scale.x(it->start.count()))));
        int x1 = pixel(std::ceil(scale.x(it->end.count())));
        if (x1 <= x0)
            x1 = x0 + 1;
        // A pixel holding several stretches shows the state it spent most of that pixel in (of
        // its first 64 stretches): a task busy half the time reads half busy at any zoom.
        const core::StateInterval* shown = &*it;
        if (x1 == x0 + 1) {
            const SimNs p0 = scale.time(x0);
            const SimNs p1 = scale.time(x0 + 1);
            std::array<SimNs, core::kThreadStateCount> spent{};
            std::array<const core::StateInterval*, core::kThreadStateCount> example{};
            for (auto j = it; j != iv.end() && j->start.count() < p1 && j - it < 64; ++j) {
                const size_t k = static_cast<size_t>(j->state);
                spent[k] += std::min(p1, j->end.count()) - std::max(p0, j->start.count());
                if (!example[k])
                    example[k] = &*j;
            }
            const size_t best =
                static_cast<size_t>(std::max_element(spent.begin(), spent.end()) - spent.begin());
            if (example[best])
                shown = example[best];
        }
        const bool joins =
            pending.interval && pending.x1 == x0 && pending.interval->state == shown->state &&
            (shown->state != core::ThreadState::Running || pending.interval->cpu == shown->cpu);
        if (joins) {
            pending.x1 = x1;
        } else {
            flush();
            pending = {x0, x1, shown};
        }
        x = x1;
    }
    flush();
}

void ThreadTrackView::drawRuler(QPainter& p, const QRect& ruler, SimNs from, SimNs to) const {
    const TimeScale scale{from, to, ruler.left(), ruler.width()};
    // A tick about every 70 px, at 1, 2 or 5 times a power of ten.
    const double raw = static_cast<double>(to - from) * 70.0 / std::max(1, ruler.width());
    double step = std::pow(10.0, std::floor(std::log10(std::max(1.0, raw))));
    for (double m : {2.0, 5.0, 10.0})
        if (step < raw)
            step = std::pow(10.0, std::floor(std::log10(std::max(1.0, raw)))) * m;
    const SimNs tick = std::max<SimNs>(1, static_cast<SimNs>(step));
    p.setPen(palette().mid().color());
    p.drawLine(ruler.bottomLeft(), ruler.bottomRight());
    p.setPen(palette().text().color());
    for (SimNs t = (from + tick - 1) / tick * tick; t <= to; t += tick) {
        const double x = scale.x(t);
        p.drawLine(QPointF(x, ruler.bottom() - 3), QPointF(x, ruler.bottom()));
        p.drawText(QRectF(x + 2, ruler.top(), 100, ruler.height() - 2), Qt::AlignLeft | Qt::AlignVCenter,
                   formatNs(t, tick));
    }
}

void ThreadTrackView::drawCounter(QPainter& p, const std::vector<core::CounterStep>& steps, uint32_t max,
                                  const QRect& area, SimNs from, SimNs to) const {
    if (steps.empty() || max == 0)
        return;
    const TimeScale scale{from, to, area.left(), area.width()};
    const QColor ink(70, 85, 110);
    auto byTime = [](SimNs v, const core::CounterStep& c) { return v < c.time.count(); };
    // Per pixel the largest value in it (of its first 64 steps): a short burst stays visible.
    for (int x = area.left(); x < area.left() + area.width(); ++x) {
        const SimNs p0 = scale.time(x);
        if (p0 >= to)
            break;
        const SimNs p1 = scale.time(x + 1);
        auto it = std::upper_bound(steps.begin(), steps.end(), p0, byTime);
        if (it == steps.begin())
            continue;
        --it;
        uint32_t v = it->value;
        for (auto j = std::next(it); j != steps.end() && j->time.count() < p1 && j - it < 64; ++j)
            v = std::max(v, j->value);
        if (v == 0)
            continue;
        const int h = std::max(1, static_cast<int>(area.height() * static_cast<double>(v) / max));
        p.fillRect(QRect(x, area.bottom() - h + 1, 1, h), ink);
    }
}

QString ThreadTrackView::modelCounterLabel(const core::CounterTrack& c) const {
    const QString name = QString::fromStdString(c.name) + (c.unit == "%" ? QStringLiteral(" %") : QString());
    if (c.owner == core::CounterOwner::Cpu)
        return QStringLiteral("cpu%1 %2").arg(m_session.history().kernelCpu(c.id)).arg(name);
    return QStringLiteral("\u21B3 %1").arg(name);
}

void ThreadTrackView::drawModelCounter(QPainter& p, const core::CounterTrack& c,
                                       std::pair<double, double> range, const QRect& area, SimNs from,
                                       SimNs to) const {
    const auto& pts = c.points;
    if (pts.empty())
        return;
    // A counter that never moved (a pressure average before its first update) is a flat line
    // at the bottom, not an empty row.
    const double span = range.second > range.first ? range.second - range.first : 1.0;
    const TimeScale scale{from, to, area.left(), area.width()};
    auto y = [&](double v) { return area.bottom() - (v - range.first) / span * (area.height() - 1); };
    p.save();
    if (range.first < 0) { // the zero line of a signed counter (a lag)
        p.setPen(QPen(palette().mid().color(), 1, Qt::DotLine));
        p.drawLine(QPointF(area.left(), y(0)), QPointF(area.right(), y(0)));
    }
    auto byTime = [](SimNs v, const core::CounterTrack::Point& q) { return v < q.time.count(); };
    // From the point in force at the left edge to the first past the right one; points closer
    // than a pixel collapse into that pixel's last value, which keeps a long run to one line
    // per pixel.
    auto it = std::upper_bound(pts.begin(), pts.end(), from, byTime);
    if (it != pts.begin())
        --it;
    QPolygonF line;
    double lastX = -1e9;
    for (; it != pts.end(); ++it) {
        const double x = std::max<double>(area.left(), scale.x(it->time.count()));
        if (!line.isEmpty()) {
            if (x - lastX < 1 && line.size() > 1) {
                line.back().setY(y(it->value));
                if (it->time.count() > to)
                    break;
                continue;
            }
            line << QPointF(x, line.back().y());
        }
        line << QPointF(x, y(it->value));
        lastX = x;
        if (it->time.count() > to)
            break;
    }
    // The last value holds up to the last sample, not beyond (the sampler may have stopped
    // earlier than the tracks: its point limit).
    const SimNs end = m_rows.states() ? std::min<SimNs>(to, m_rows.states()->countersEnd.count()) : to;
    if (!line.isEmpty())
        line << QPointF(std::max(line.back().x(), std::min<double>(area.right(), scale.x(end))),
                        line.back().y());
    p.setPen(QPen(QColor(40, 110, 160), 1.2));
    p.setRenderHint(QPainter::Antialiasing, false);
    p.setClipRect(area, Qt::IntersectClip);
    p.drawPolyline(line);
    p.restore();
}

void ThreadTrackView::drawChain(QPainter& p, const QRect& area, int first, SimNs from, SimNs to) const {
    if (m_chain.hops.empty())
        return;
    p.save();
    p.setClipRect(area.adjusted(0, kRulerHeight, 0, 0)); // rows scrolled away stay off the ruler
    const TimeScale scale{from, to, area.left(), area.width()};
    auto rowY = [&](uint32_t task) -> std::optional<double> {
        const int r = m_rows.rowOfTask(task);
        if (r < 0)
            return std::nullopt;
        return area.top() + kRulerHeight + (r - first) * kRowHeight + kRowHeight / 2.0;
    };
    const QColor ink(20, 20, 20);
    for (const core::ChainHop& hop : m_chain.hops) {
        const auto y = rowY(hop.task.value());
        if (!y)
            continue;
        // Each hop's wait outlined on its task's track.
        const double x0 = std::max<double>(area.left(), scale.x(hop.from.count()));
        const double x1 = std::min<double>(area.right(), scale.x(hop.to.count()));
        if (x1 >= x0) {
            p.setPen(QPen(ink, 1.5));
            p.setBrush(Qt::NoBrush);
            p.drawRect(QRectF(x0, *y - kRowHeight / 2.0 + 1, std::max(1.0, x1 - x0), kRowHeight - 2));
        }
        if (!hop.wokenBy || hop.wakerCpu < 0)
            continue;
        const auto wy = rowY(hop.wokenBy->value());
        if (!wy)
            continue;
        // The arrow from the waker (where it ran the wakeup) to the task it woke.
        const double x = scale.x(hop.wokenAt.count());
        if (x < area.left() || x > area.right())
            continue;
        const QPointF a(x, *wy);
        const QPointF b(x, *y);
        p.setPen(QPen(ink, 1.5));
        p.drawLine(a, b);
        const double dir = b.y() > a.y() ? -1 : 1;
        QPainterPath head;
        head.moveTo(b);
        head.lineTo(b + QPointF(-4, dir * 7));
        head.lineTo(b + QPointF(4, dir * 7));
        head.closeSubpath();
        p.fillPath(head, ink);
    }
    p.restore();
}

const core::StateInterval* ThreadTrackView::intervalAt(const core::TaskTrack& t, SimNs time) const {
    auto it = std::upper_bound(t.intervals.begin(), t.intervals.end(), time,
                               [](SimNs v, const core::StateInterval& i) { return v < i.start.count(); });
    if (it == t.intervals.begin())
        return nullptr;
    --it;
    return it->end.count() > time ? &*it : nullptr;
}

SimNs ThreadTrackView::timeAt(int x, const QRect& area) const {
    const ViewState& v = m_session.view();
    return TimeScale{v.rangeStart(), v.rangeEnd(), area.left(), area.width()}.time(x);
}

SimNs ThreadTrackView::pixelTime() const {
    const ViewState& v = m_session.view();
    return std::max<SimNs>(1, (v.rangeEnd() - v.rangeStart()) / std::max(1, timeArea().width()));
}

void ThreadTrackView::setTimeArea(int labelWidth, int rightMargin) {
    labelWidth = std::max(labelWidth, kLabelWidth);
    rightMargin = std::max(rightMargin, 0);
    if (labelWidth == m_labelWidth && rightMargin == m_rightMargin)
        return;
    m_labelWidth = labelWidth;
    m_rightMargin = rightMargin;
    viewport()->update();
}

QRect ThreadTrackView::timeArea() const {
    return viewport()->rect().adjusted(m_labelWidth, 0, -m_rightMargin, 0);
}

void ThreadTrackView::mousePressEvent(QMouseEvent* e) {
    const int r = rowAt(e->position().toPoint().y());
    if (r < 0 || e->button() != Qt::LeftButton) {
        QAbstractScrollArea::mousePressEvent(e);
        return;
    }
    const TrackRow& row = m_rows.rows()[static_cast<size_t>(r)];
    if (row.kind == TrackRow::Kind::Group) {
        if (!row.group.empty()) // the pinned tasks' group always shows them
            m_rows.toggleCollapsed(row.group);
        rowsChanged();
        return;
    }
    const core::TaskTrack* t = m_rows.track(row);
    if (!t)
        return;
    const int x = static_cast<int>(e->position().x());
    if (x < m_labelWidth) {
        m_session.view().setSelection({}, t->id.value());
        viewport()->update();
        return;
    }
    const SimNs time = timeAt(x, timeArea());
    if (e->modifiers() & Qt::ShiftModifier) {
        m_session.view().setMarkerB(time);
        return;
    }
    emit picked(t->id.value(), time);
}

void ThreadTrackView::addCounterActions(QMenu& menu, const TrackRow& row) {
    core::CounterOwner owner;
    uint32_t id = 0;
    QString text;
    if (const core::TaskTrack* t = m_rows.track(row)) {
        owner = core::CounterOwner::Task;
        id = t->id.value();
        text = tr("Show Scheduler Counters of This Task");
    } else if (m_rows.counter(row)) {
        owner = core::CounterOwner::Cpu;
        id = static_cast<uint32_t>(row.track);
        text = tr("Show PELT Averages of cpu%1").arg(m_session.history().kernelCpu(id));
    } else if (const int64_t cg = row.kind == TrackRow::Kind::Group ? m_rows.cgroupOfGroup(row.group) : -1;
               cg >= 0) {
        owner = core::CounterOwner::Cgroup;
        id = static_cast<uint32_t>(cg);
        text = tr("Show cpu.max and Pressure of This Cgroup");
    } else {
        return;
    }
    QAction* a = menu.addAction(text);
    a->setCheckable(true);
    a->setChecked(m_rows.countersShown(owner, id));
    if (!m_rows.hasCounters(owner, id)) {
        // A recording carries none of the model's counters; an RT task has no vruntime; a
        // cgroup without cpu.max and PSI has nothing to show.
        a->setEnabled(false);
        a->setToolTip(tr("None here: a recording carries only nr_running"));
    }
    connect(a, &QAction::toggled, this, [this, owner, id](bool on) {
        m_rows.setCountersShown(owner, id, on);
        rowsChanged();
    });
}

void ThreadTrackView::contextMenuEvent(QContextMenuEvent* e) {
    const int r = rowAt(e->pos().y());
    const TrackRow* row = r >= 0 ? &m_rows.rows()[static_cast<size_t>(r)] : nullptr;
    QMenu menu(this);
    menu.setToolTipsVisible(true);
    if (const core::TaskTrack* t = row ? m_rows.track(*row) : nullptr) {
        const uint32_t task = t->id.value();
        const bool pinned = m_rows.pinned(task);
        menu.addAction(pinned ? tr("Unpin") : tr("Pin to Top"), this, [this, task, pinned] {
            m_rows.setPinned(task, !pinned);
            rowsChanged();
            emit pinChanged();
        });
        menu.addAction(tr("Next Run"), this, [this, task] { emit jumpToRun(task, +1); });
        menu.addAction(tr("Previous Run"), this, [this, task] { emit jumpToRun(task, -1); });
        if (e->pos().x() >= m_labelWidth) {
            const SimNs time = timeAt(e->pos().x(), timeArea());
            menu.addAction(tr("Why Did It Wait Here?"), this,
                           [this, task, time] { emit picked(task, time); });
        }
        menu.addSeparator();
    }
    if (row)
        addCounterActions(menu, *row);
    if (m_extendMenu)
        m_extendMenu(menu);
    if (!menu.isEmpty())
        menu.exec(e->globalPos());
}

QString ThreadTrackView::tooltipAt(const QPoint& pos) const {
    const int r = rowAt(pos.y());
    if (const core::CounterTrack* c =
            r >= 0 ? m_rows.modelCounter(m_rows.rows()[static_cast<size_t>(r)]) : nullptr) {
        const QString what = modelCounterLabel(*c);
        if (pos.x() < m_labelWidth || c->points.empty())
            return tr("%1: the model's value as the kernel holds it, sampled every 1 ms").arg(what);
        const SimNs time = timeAt(pos.x(), timeArea());
        auto it =
            std::upper_bound(c->points.begin(), c->points.end(), time,
                             [](SimNs v, const core::CounterTrack::Point& q) { return v < q.time.count(); });
        if (it == c->points.begin())
            return what;
        const double v = std::prev(it)->value;
        const QString value = c->unit == "ns"  ? formatNs(static_cast<SimNs>(v))
                              : c->unit == "%" ? QStringLiteral("%1 %").arg(v, 0, 'f', 1)
                                               : QString::number(v, 'f', 0);
        return tr("%1 at %2: %3").arg(what, formatNs(time, pixelTime()), value);
    }
    if (const auto* steps = r >= 0 ? m_rows.counter(m_rows.rows()[static_cast<size_t>(r)]) : nullptr) {
        const uint32_t cpu =
            m_session.history().kernelCpu(static_cast<uint32_t>(m_rows.rows()[static_cast<size_t>(r)].track));
        if (pos.x() < m_labelWidth || steps->empty())
            return tr("cpu%1 nr_running: the tasks running or queued there, from the thread states").arg(cpu);
        const SimNs time = timeAt(pos.x(), timeArea());
        auto it = std::upper_bound(steps->begin(), steps->end(), time,
                                   [](SimNs v, const core::CounterStep& c) { return v < c.time.count(); });
        const uint32_t value = it == steps->begin() ? 0 : std::prev(it)->value;
        return tr("cpu%1 nr_running at %2: %3").arg(cpu).arg(formatNs(time, pixelTime())).arg(value);
    }
    const core::TaskTrack* t = r >= 0 ? m_rows.track(m_rows.rows()[static_cast<size_t>(r)]) : nullptr;
    if (!t)
        return {};
    const QString who = QString::fromStdString(m_rows.taskLabel(*t)).toHtmlEscaped();
    if (pos.x() < m_labelWidth)
        return who;
    const SimNs time = timeAt(pos.x(), timeArea());
    const core::StateInterval* i = intervalAt(*t, time);
    if (!i)
        return who;
    QString where;
    if (i->cpu >= 0)
        where = QStringLiteral(" cpu%1").arg(m_session.history().kernelCpu(static_cast<uint32_t>(i->cpu)));
    const SimNs length = i->end.count() - i->start.count();
    return tr("<b>%1</b><br>%2%3<br>%4 to %5 (%6)")
        .arg(who, threadStateText(i->state), where, formatNs(i->start.count(), resolutionFor(length)),
             formatNs(i->end.count(), resolutionFor(length)), formatNs(length));
}

bool ThreadTrackView::viewportEvent(QEvent* e) {
    if (e->type() == QEvent::ToolTip) {
        auto* h = static_cast<QHelpEvent*>(e);
        const QString text = tooltipAt(h->pos());
        if (text.isEmpty())
            QToolTip::hideText();
        else
            QToolTip::showText(h->globalPos(), text, viewport());
        return true;
    }
    return QAbstractScrollArea::viewportEvent(e);
}

} // namespace ui
