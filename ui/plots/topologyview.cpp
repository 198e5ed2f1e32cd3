#include "plots/topologyview.h"

#include "controller/format.h"

#include "controller/session.h"
#include "export/csv.h"

#include <QHelpEvent>
#include <QMouseEvent>
#include <QPainter>
#include <QPainterPath>
#include <QToolTip>

#include <cmath>

namespace ui {

namespace {

/// White (idle) through yellow to red (always busy).
QColor heat(double u) {
    u = std::clamp(u, 0.0, 1.0);
    if (u < 0.5)
        return QColor::fromRgbF(1.0, 1.0, 1.0 - u * 1.6);
    return QColor::fromRgbF(1.0, 1.0 - (u - 0.5) * 1.5, 0.2 - (u - 0.5) * 0.4);
}

/// A grid of n boxes in `area`: the column count that gives the largest boxes of about
/// `shape` (width / height), fewer empty cells breaking ties.
std::vector<QRectF> grid(const QRectF& area, uint32_t n, double gap, double shape = 1.6) {
    std::vector<QRectF> out;
    if (n == 0)
        return out;
    uint32_t cols = 1;
    double best = -1;
    for (uint32_t c = 1; c <= n; ++c) {
        const uint32_t r = (n + c - 1) / c;
        const double w = (area.width() - gap * (c - 1)) / c, h = (area.height() - gap * (r - 1)) / r;
        const double size = std::min(w, h * shape) - 0.01 * (c * r - n);
        if (size > best) {
            best = size;
            cols = c;
        }
    }
    const uint32_t rows = (n + cols - 1) / cols;
    const double w = (area.width() - gap * (cols - 1)) / cols;
    const double h = (area.height() - gap * (rows - 1)) / rows;
    for (uint32_t i = 0; i < n; ++i)
        out.emplace_back(area.left() + (i % cols) * (w + gap), area.top() + (i / cols) * (h + gap), w, h);
    return out;
}

} // namespace

TopologyView::TopologyView(Session& session, QWidget* parent)
    : QWidget(parent)
    , m_session(session) {
    setObjectName(QStringLiteral("topologyView"));
    setMinimumSize(200, 150);
    setMouseTracking(true);
    connect(&session.view(), &ViewState::cursorChanged, this, qOverload<>(&QWidget::update));
    connect(&session.view(), &ViewState::selectionChanged, this, qOverload<>(&QWidget::update));
    followSession(this, session);
}

void TopologyView::restart() {
    layoutBoxes(rect());
}

void TopologyView::refresh() {
    update();
}

void TopologyView::resizeEvent(QResizeEvent*) {
    layoutBoxes(rect());
}

void TopologyView::layoutBoxes(const QRectF& bounds) {
    m_socketRects.clear();
    m_coreRects.clear();
    m_cpuRects.clear();
    const core::Topology* topo = m_session.topology();
    if (!topo)
        return;
    const auto& spec = topo->spec();
    const QRectF area = bounds.adjusted(6, 6, -6, -6);
    m_socketRects = grid(area, spec.sockets, 10);
    m_cpuRects.resize(topo->nrCpus());
    for (uint32_t s = 0; s < spec.sockets; ++s) {
        const QRectF inner = m_socketRects[s].adjusted(6, 18, -6, -6);
        const auto cores = grid(inner, spec.coresPerSocket, 6);
        for (uint32_t c = 0; c < spec.coresPerSocket; ++c) {
            m_coreRects.push_back(cores[c]);
            const QRectF threadsArea = cores[c].adjusted(3, 3, -3, -3);
            const auto threads = grid(threadsArea, spec.threadsPerCore, 2);
            for (uint32_t t = 0; t < spec.threadsPerCore; ++t) {
                const uint32_t cpu = (s * spec.coresPerSocket + c) * spec.threadsPerCore + t;
                m_cpuRects[cpu] = threads[t];
            }
        }
    }
}

SimNs TopologyView::shownTime() const {
    const auto c = m_session.view().cursor();
    return c ? std::min(*c, m_session.history().now()) : m_session.history().now();
}

double TopologyView::busyShare(uint32_t cpu, SimNs t) const {
    const History& h = m_session.history();
    const SimNs from = std::max(h.start(), t - kWindow);
    return t > from
               ? static_cast<double>(h.lane(cpu).timeWithin(from, t).busy) / static_cast<double>(t - from)
               : 0;
}

void TopologyView::paintEvent(QPaintEvent*) {
    QPainter p(this);
    paint(p, rect());
}

void TopologyView::renderTo(QPainter& painter, const QRect& target) {
    layoutBoxes(target);
    paint(painter, target);
    layoutBoxes(rect());
}

QString TopologyView::exportTitle() const {
    const auto spec = m_session.spec();
    return tr("Topology at %1: %2")
        .arg(formatNs(shownTime(), kEventResolution), spec ? QString::fromStdString(spec->name) : QString());
}

QByteArray TopologyView::csv() const {
    const core::Topology* topo = m_session.topology();
    if (!topo)
        return {};
    const History& h = m_session.history();
    const SimNs t = shownTime();
    CsvWriter out;
    out.row({QStringLiteral("cpu"), QStringLiteral("socket"), QStringLiteral("core"),
             QStringLiteral("thread"), QStringLiteral("task_id"), QStringLiteral("task"),
             QStringLiteral("busy_share")});
    for (uint32_t c = 0; c < topo->nrCpus() && c < h.nrCpus(); ++c) {
        const core::CpuInfo& info = topo->cpu(core::CpuId(c));
        const LaneBlock* b = h.lane(c).at(t > 0 ? t - 1 : 0);
        out.row({QString::number(topo->kernelCpu(core::CpuId(c))), QString::number(info.socket),
                 QString::number(info.core), QString::number(info.thread),
                 b ? QString::number(b->task) : QString(),
                 b ? QString::fromStdString(h.taskName(b->task)) : QString(),
                 QString::number(busyShare(c, t), 'f', 4)});
    }
    return out.data();
}

void TopologyView::paint(QPainter& p, const QRectF& bounds) {
    p.fillRect(bounds, palette().window());
    const core::Topology* topo = m_session.topology();
    if (!topo || m_cpuRects.empty())
        return;
    const History& h = m_session.history();
    const SimNs t = shownTime();
    p.setRenderHint(QPainter::Antialiasing, false);
    QFont small = font();
    small.setPointSizeF(std::max(6.0, small.pointSizeF() - 1.5));

    for (size_t s = 0; s < m_socketRects.size(); ++s) {
        p.setPen(QPen(palette().text().color(), 1));
        p.setBrush(Qt::NoBrush);
        p.drawRect(m_socketRects[s]);
        p.drawText(m_socketRects[s].adjusted(6, 2, -6, 0), Qt::AlignLeft | Qt::AlignTop,
                   tr("socket %1").arg(s));
    }
    p.setPen(QPen(palette().mid().color(), 1));
    for (const QRectF& r : m_coreRects)
        p.drawRect(r);

    p.setFont(small);
    const QFontMetricsF fm(small);
    for (uint32_t c = 0; c < m_cpuRects.size() && c < h.nrCpus(); ++c) {
        const QRectF r = m_cpuRects[c];
        const LaneStore& lane = h.lane(c);
        p.fillRect(r, heat(busyShare(c, t)));
        const LaneBlock* b = lane.at(t > 0 ? t - 1 : 0);
        if (b && b->overhead == 0)
            p.fillRect(QRectF(r.left(), r.top(), std::max(3.0, r.width() * 0.12), r.height()),
                       m_session.colors().color(b->cgroup));
        if (m_session.view().selectedCpu() == c) {
            p.setPen(QPen(QColor(200, 30, 30), 2));
            p.setBrush(Qt::NoBrush);
            p.drawRect(r.adjusted(1, 1, -1, -1));
        }
        if (r.height() >= fm.height() * 1.1 && r.width() >= fm.horizontalAdvance(QStringLiteral("cpu000"))) {
            p.setPen(Qt::black);
            const QRectF text = r.adjusted(std::max(4.0, r.width() * 0.14), 1, -2, -1);
            QString label = QString::fromStdString(topo->cpuName(core::CpuId(c)));
            if (b && r.height() >= fm.height() * 2.1)
                label += QLatin1Char('\n') + fm.elidedText(QString::fromStdString(h.taskName(b->task)),
                                                           Qt::ElideRight, text.width());
            p.drawText(text, Qt::AlignLeft | Qt::AlignTop, label);
        }
    }

    // Recent migrations, fading with age; at most the newest 300.
    const auto [lo, hi] = h.migrationsWithin(t - kFade, t + 1);
    p.setRenderHint(QPainter::Antialiasing, true);
    const auto& migs = h.migrations();
    for (size_t i = hi > lo + 300 ? hi - 300 : lo; i < hi; ++i) {
        const core::MigrationRecord& m = migs[i];
        if (m.from >= m_cpuRects.size() || m.to >= m_cpuRects.size() || m.from == m.to)
            continue;
        const double age = static_cast<double>(t - m.time.count()) / kFade;
        QColor col(30, 60, 160);
        col.setAlphaF(std::clamp(1.0 - age, 0.08, 1.0));
        const QPointF a = m_cpuRects[m.from].center(), b = m_cpuRects[m.to].center();
        p.setPen(QPen(col, 1.8));
        p.drawLine(a, b);
        // Arrow head.
        const QPointF d = b - a;
        const double len = std::hypot(d.x(), d.y());
        if (len < 1)
            continue;
        const QPointF u(d.x() / len, d.y() / len), n(-u.y(), u.x());
        QPainterPath head;
        head.moveTo(b);
        head.lineTo(b - u * 9 + n * 4);
        head.lineTo(b - u * 9 - n * 4);
        head.closeSubpath();
        p.fillPath(head, col);
    }
}

int TopologyView::cpuAt(const QPointF& pt) const {
    for (size_t c = 0; c < m_cpuRects.size(); ++c)
        if (m_cpuRects[c].contains(pt))
            return static_cast<int>(c);
    return -1;
}

void TopologyView::mousePressEvent(QMouseEvent* e) {
    const int c = cpuAt(e->position());
    ViewState& v = m_session.view();
    if (c < 0 || v.selectedCpu() == static_cast<uint32_t>(c))
        v.setSelectedCpu(std::nullopt);
    else
        v.setSelectedCpu(static_cast<uint32_t>(c));
}

bool TopologyView::event(QEvent* e) {
    if (e->type() == QEvent::ToolTip) {
        auto* he = static_cast<QHelpEvent*>(e);
        const int c = cpuAt(he->pos());
        const core::Topology* topo = m_session.topology();
        if (c < 0 || !topo) {
            QToolTip::hideText();
            return true;
        }
        const History& h = m_session.history();
        const SimNs t = shownTime();
        const double u = busyShare(static_cast<uint32_t>(c), t);
        const LaneBlock* b = h.lane(static_cast<uint32_t>(c)).at(t > 0 ? t - 1 : 0);
        QString task = b ? QString::fromStdString(h.taskName(b->task)) + QStringLiteral(" #%1").arg(b->task)
                         : tr("idle");
        QToolTip::showText(he->globalPos(),
                           tr("%1\n%2\nbusy %3% over the last %4 ms")
                               .arg(QString::fromStdString(topo->cpuLabel(core::CpuId(c))), task)
                               .arg(u * 100, 0, 'f', 1)
                               .arg(kWindow / 1000000),
                           this);
        return true;
    }
    return QWidget::event(e);
}

} // namespace ui
