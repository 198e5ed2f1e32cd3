#include "plots/occupancyplot.h"

#include "base/simtime.h"
#include "controller/format.h"
#include "controller/session.h"
#include "export/csv.h"
#include "plots/lanesplottable.h"
#include "plots/plotrender.h"

#include <QToolTip>
#include <QVBoxLayout>

#include <qcustomplot.h>

namespace ui {

/// The QCustomPlot itself, private to the plot: it hands its input to the owner.
class OccupancyPlot::Canvas : public QCustomPlot {
public:
    explicit Canvas(OccupancyPlot& owner)
        : QCustomPlot(&owner)
        , m_owner(owner) {}

protected:
    void keyPressEvent(QKeyEvent* e) override {
        if (!m_owner.keyPressed(e))
            QCustomPlot::keyPressEvent(e);
    }
    void mousePressEvent(QMouseEvent* e) override {
        m_owner.mousePressed(e);
        QCustomPlot::mousePressEvent(e);
    }
    void mouseReleaseEvent(QMouseEvent* e) override {
        QCustomPlot::mouseReleaseEvent(e);
        m_owner.mouseReleased(e);
    }
    void mouseMoveEvent(QMouseEvent* e) override {
        QCustomPlot::mouseMoveEvent(e);
        m_owner.mouseMoved(e);
    }
    void wheelEvent(QWheelEvent* e) override { m_owner.wheelTurned(e); }

private:
    OccupancyPlot& m_owner;
};

OccupancyPlot::OccupancyPlot(Session& session, QWidget* parent)
    : QWidget(parent)
    , m_session(session)
    , m_plot(new Canvas(*this))
    , m_lanes(new LanesPlottable(m_plot->xAxis, m_plot->yAxis))
    , m_cursor(new QCPItemStraightLine(m_plot)) {
    setObjectName(QStringLiteral("occupancyPlot"));
    auto* box = new QVBoxLayout(this);
    box->setContentsMargins(0, 0, 0, 0);
    box->addWidget(m_plot);
    setFocusProxy(m_plot);
    m_plot->setFocusPolicy(Qt::StrongFocus);
    m_plot->setMouseTracking(true);
    QCustomPlot* plot = m_plot;
    plot->setInteractions(QCP::iRangeDrag);
    plot->axisRect()->setRangeDrag(Qt::Horizontal);
    plot->setNoAntialiasingOnDrag(true);
    plot->xAxis->setLabel(tr("simulated time (s)"));
    plot->yAxis->setRangeReversed(true);
    plot->yAxis->grid()->setVisible(false);
    plot->yAxis->setTicker(QSharedPointer<QCPAxisTickerText>(new QCPAxisTickerText));
    plot->yAxis->setTickLength(0, 0);
    plot->yAxis->setSubTickLength(0, 0);
    m_lanes->setSource(&session.history(), &session.colors(), &m_layout);
    m_lanes->setName(tr("CPU occupancy"));
    m_lanes->removeFromLegend();

    m_cursor->setPen(QPen(QColor(200, 30, 30), 1.5));
    m_cursor->setVisible(false);

    // The legend sits in its own row under the plot: cgroup colours and the overhead.
    plot->legend->setVisible(true);
    plot->legend->setFillOrder(QCPLayoutGrid::foColumnsFirst);
    plot->legend->setWrap(8);
    plot->legend->setBorderPen(Qt::NoPen);
    auto* row = new QCPLayoutGrid;
    plot->plotLayout()->addElement(1, 0, row);
    row->addElement(0, 0, plot->legend);
    plot->plotLayout()->setRowStretchFactor(1, 0.001);

    connect(plot->xAxis, qOverload<const QCPRange&>(&QCPAxis::rangeChanged), this,
            &OccupancyPlot::onAxisRangeChanged);
    connect(&session.view(), &ViewState::rangeChanged, this, &OccupancyPlot::applyViewRange);
    connect(&session.view(), &ViewState::cursorChanged, this, [this] {
        const auto c = m_session.view().cursor();
        m_cursor->setVisible(c.has_value());
        if (c) {
            const double x = toSeconds(*c);
            m_cursor->point1->setCoords(x, 0);
            m_cursor->point2->setCoords(x, 1);
        }
        m_plot->replot(QCustomPlot::rpQueuedReplot);
    });
    connect(&session.view(), &ViewState::selectionChanged, this, [this] {
        const ViewState& v = m_session.view();
        m_lanes->setHighlight(v.selectedCgroups(), v.selectedTask(), v.selectedCpu());
        m_plot->replot(QCustomPlot::rpQueuedReplot);
    });
    followSession(this, session);
}

OccupancyPlot::~OccupancyPlot() = default;

void OccupancyPlot::replotNow() {
    m_plot->replot(QCustomPlot::rpImmediateRefresh);
}

double OccupancyPlot::lastFrameMs() const {
    return m_plot->replotTime();
}

void OccupancyPlot::restart() {
    if (const core::Topology* topo = m_session.topology())
        m_layout.build(*topo);
    m_markerCount = SIZE_MAX;
    m_legendCgroups = SIZE_MAX;
    m_labelHeight = -1;
    m_plot->yAxis->setRange(-0.6, std::max(1.0, m_layout.extent - 0.4));
    applyViewRange();
}

void OccupancyPlot::refresh() {
    // Lane labels depend on the height each lane gets.
    if (m_plot->axisRect()->height() != m_labelHeight) {
        m_labelHeight = m_plot->axisRect()->height();
        updateLabels();
    }
    updateMarkers();
    updateLegend();
    m_plot->replot(QCustomPlot::rpQueuedReplot);
}

void OccupancyPlot::applyViewRange() {
    const ViewState& v = m_session.view();
    m_applying = true;
    m_plot->xAxis->setRange(toSeconds(v.rangeStart()), toSeconds(v.rangeEnd()));
    m_applying = false;
    m_plot->replot(QCustomPlot::rpQueuedReplot);
}

void OccupancyPlot::onAxisRangeChanged(const QCPRange& r) {
    if (m_applying)
        return;
    // The user moved the view: stop following unless it still shows the present.
    const SimNs from = fromSeconds(r.lower), to = fromSeconds(r.upper);
    const bool follow = to >= m_session.history().now() && from <= m_session.history().now();
    m_session.view().setRange(from, to, follow && m_session.view().following());
}

void OccupancyPlot::updateLabels() {
    auto ticker = qSharedPointerCast<QCPAxisTickerText>(m_plot->yAxis->ticker());
    ticker->clear();
    const core::Topology* topo = m_session.topology();
    if (!topo)
        return;
    const double pxPerLane = m_layout.extent > 0 ? m_plot->axisRect()->height() / m_layout.extent : 0;
    for (uint32_t c = 0; c < topo->nrCpus(); ++c) {
        const core::CpuInfo& info = topo->cpu(core::CpuId(c));
        // Every lane labelled when there is room; otherwise the first thread of each core.
        if (pxPerLane >= 11 || (info.thread == 0 && pxPerLane * topo->threadsPerCore() >= 11))
            ticker->addTick(m_layout.position[c], QString::fromStdString(topo->cpuLabel(core::CpuId(c))));
    }
}

void OccupancyPlot::updateMarkers() {
    const auto& markers = m_session.history().markers();
    if (markers.size() == m_markerCount)
        return;
    for (auto* l : m_markerLines)
        m_plot->removeItem(l);
    for (auto* t : m_markerLabels)
        m_plot->removeItem(t);
    m_markerLines.clear();
    m_markerLabels.clear();
    for (const core::Marker& m : markers) {
        const double x = m.time.seconds();
        auto* line = new QCPItemStraightLine(m_plot);
        line->setPen(QPen(QColor(120, 60, 160), 1, Qt::DashLine));
        line->point1->setCoords(x, 0);
        line->point2->setCoords(x, 1);
        auto* label = new QCPItemText(m_plot);
        label->position->setTypeX(QCPItemPosition::ptPlotCoords);
        label->position->setTypeY(QCPItemPosition::ptAxisRectRatio);
        label->position->setCoords(x, 0.0);
        label->setPositionAlignment(Qt::AlignLeft | Qt::AlignTop);
        label->setText(QString::fromStdString(m.label));
        label->setColor(QColor(120, 60, 160));
        label->setBrush(QColor(255, 255, 255, 200));
        label->setClipToAxisRect(true);
        m_markerLines.push_back(line);
        m_markerLabels.push_back(label);
    }
    m_markerCount = markers.size();
}

void OccupancyPlot::updateLegend() {
    const auto& cgroups = m_session.history().latest().cgroups;
    if (cgroups.size() == m_legendCgroups)
        return;
    m_legendCgroups = cgroups.size();
    m_plot->clearGraphs();
    m_plot->legend->clearItems();
    auto addEntry = [this](const QString& name, const QColor& color) {
        QCPGraph* g = m_plot->addGraph();
        g->setName(name);
        g->setPen(QPen(color, 9));
        g->setLineStyle(QCPGraph::lsLine);
    };
    for (const core::CgroupState& c : cgroups)
        if (!c.parent.valid() || c.parent.value() == 0)
            addEntry(c.parent.valid() ? QString::fromStdString(c.path) : tr("/ (root)"),
                     m_session.colors().color(c.id.value()));
    addEntry(tr("kernel overhead"), CgroupColors::overhead());
}

void OccupancyPlot::zoom(double factor, double centre) {
    m_plot->xAxis->scaleRange(factor, centre);
    m_plot->replot(QCustomPlot::rpQueuedReplot);
}

void OccupancyPlot::zoomBy(double factor) {
    const auto cursor = m_session.view().cursor();
    zoom(factor, cursor ? toSeconds(*cursor) : m_plot->xAxis->range().center());
}

void OccupancyPlot::zoomToAll() {
    m_session.view().showWholeRun(m_session.history().now());
}

void OccupancyPlot::pan(double fraction) {
    m_plot->xAxis->moveRange(m_plot->xAxis->range().size() * fraction);
    m_plot->replot(QCustomPlot::rpQueuedReplot);
}

bool OccupancyPlot::keyPressed(QKeyEvent* e) {
    switch (e->key()) {
    case Qt::Key_Plus:
    case Qt::Key_Equal:
        zoomBy(0.5);
        break;
    case Qt::Key_Minus:
        zoomBy(2.0);
        break;
    case Qt::Key_Left:
        pan(-0.1);
        break;
    case Qt::Key_Right:
        pan(0.1);
        break;
    case Qt::Key_Home: {
        const double w = m_plot->xAxis->range().size();
        const double s = toSeconds(m_session.history().start());
        m_session.view().setRange(fromSeconds(s), fromSeconds((s + w)), false);
        break;
    }
    case Qt::Key_End: {
        const SimNs w = m_session.view().rangeEnd() - m_session.view().rangeStart();
        m_session.view().setRange(m_session.view().rangeStart(), m_session.view().rangeStart() + w, true);
        m_session.view().followTo(m_session.history().now());
        break;
    }
    case Qt::Key_Escape:
        m_session.view().setCursor(std::nullopt);
        break;
    default:
        return false;
    }
    return true;
}

void OccupancyPlot::wheelTurned(QWheelEvent* e) {
    const double factor = std::pow(0.85, e->angleDelta().y() / 120.0);
    zoom(factor, m_plot->xAxis->pixelToCoord(e->position().x()));
    e->accept();
}

void OccupancyPlot::mousePressed(QMouseEvent* e) {
    m_pressPos = e->pos();
}

void OccupancyPlot::mouseReleased(QMouseEvent* e) {
    // A click (not a drag) inside the plot sets the time cursor there.
    if (e->button() == Qt::LeftButton && (e->pos() - m_pressPos).manhattanLength() < 4 &&
        m_plot->axisRect()->rect().contains(e->pos())) {
        const double t = m_plot->xAxis->pixelToCoord(e->pos().x());
        m_session.view().setCursor(fromSeconds(std::max(0.0, t)));
    }
}

void OccupancyPlot::mouseMoved(QMouseEvent* e) {
    if (e->buttons() != Qt::NoButton)
        return;
    const QString tip = tooltipAt(e->pos());
    if (tip.isEmpty())
        QToolTip::hideText();
    else
        QToolTip::showText(e->globalPosition().toPoint(), tip, m_plot);
}

QRect OccupancyPlot::laneRect(uint32_t cpu) const {
    if (cpu >= m_layout.position.size())
        return {};
    const double y = m_layout.position[cpu];
    const double a = m_plot->yAxis->coordToPixel(y - m_layout.laneHeight / 2);
    const double b = m_plot->yAxis->coordToPixel(y + m_layout.laneHeight / 2);
    const QRect area = m_plot->axisRect()->rect();
    return QRect(QPoint(area.left(), int(std::ceil(std::min(a, b)))),
                 QPoint(area.right(), int(std::floor(std::max(a, b)))))
        .intersected(area);
}

QString OccupancyPlot::tooltipAt(const QPoint& pos) const {
    if (!m_plot->axisRect()->rect().contains(pos))
        return {};
    const auto cpu = m_layout.cpuAt(m_plot->yAxis->pixelToCoord(pos.y()));
    if (!cpu || *cpu >= m_session.history().nrCpus())
        return {};
    const SimNs t = fromSeconds(m_plot->xAxis->pixelToCoord(pos.x()));
    const History& h = m_session.history();
    const core::Topology* topo = m_session.topology();
    const QString where =
        topo ? QString::fromStdString(topo->cpuLabel(core::CpuId(*cpu))) : QString::number(*cpu);
    const LaneBlock* b = h.lane(*cpu).at(t);
    if (!b) {
        if (t < h.lane(*cpu).validFrom(0))
            return tr("%1 at %2\n(older history is kept at reduced resolution)").arg(where, formatNs(t));
        return tr("%1 at %2: idle").arg(where, formatNs(t));
    }
    // Blocks merged at coarse zoom hold several slices: say how busy the span was.
    const QString span =
        tr("%1, %2 to %3 (%4)").arg(where, formatNs(b->start), formatNs(b->end), formatNs(b->end - b->start));
    const bool onlyOverhead = b->overhead >= b->busy;
    if (b->task == UINT32_MAX) // kernel work on behalf of no task (balancing, idle entry)
        return tr("kernel overhead\n%1").arg(span);
    QString who = QString::fromStdString(h.taskName(b->task));
    if (who.isEmpty())
        who = tr("task");
    who += QStringLiteral(" #%1").arg(b->task);
    QString cgroup;
    for (const core::CgroupState& c : h.latest().cgroups)
        if (c.id.value() == b->cgroup)
            cgroup = QString::fromStdString(c.path);
    const QString what = onlyOverhead ? tr("kernel overhead on behalf of %1").arg(who) : who;
    if (cgroup.isEmpty())
        return tr("%1\n%2").arg(what, span);
    return tr("%1\ncgroup %2\n%3").arg(what, cgroup, span);
}

QString OccupancyPlot::exportTitle() const {
    const auto spec = m_session.spec();
    const ViewState& v = m_session.view();
    return m_titlePrefix + tr("CPU occupancy: %1, %2 to %3")
                               .arg(spec ? QString::fromStdString(spec->name) : QString(),
                                    formatNs(v.rangeStart()),
                                    formatNs(std::min(v.rangeEnd(), m_session.history().now())));
}

void OccupancyPlot::renderTo(QPainter& painter, const QRect& target) {
    renderCustomPlot(*m_plot, painter, target);
}

QByteArray OccupancyPlot::csv() const {
    const History& h = m_session.history();
    const ViewState& v = m_session.view();
    CsvWriter out;
    out.row({QStringLiteral("cpu"), QStringLiteral("start_ns"), QStringLiteral("end_ns"),
             QStringLiteral("kind"), QStringLiteral("task_id"), QStringLiteral("task"),
             QStringLiteral("cgroup")});
    std::vector<QString> paths;
    for (const core::CgroupState& c : h.latest().cgroups) {
        paths.resize(std::max<size_t>(paths.size(), c.id.value() + 1));
        paths[c.id.value()] = QString::fromStdString(c.path);
    }
    for (uint32_t cpu = 0; cpu < h.nrCpus(); ++cpu) {
        const LaneStore& lane = h.lane(cpu);
        auto write = [&](const LaneBlock& b) {
            if (b.end <= v.rangeStart() || b.start >= v.rangeEnd())
                return;
            out.row({QString::number(cpu), QString::number(b.start), QString::number(b.end),
                     b.overhead > 0 ? QStringLiteral("overhead") : QStringLiteral("task"),
                     b.task == UINT32_MAX ? QString() : QString::number(b.task),
                     QString::fromStdString(h.taskName(b.task)),
                     b.cgroup < paths.size() ? paths[b.cgroup] : QString()});
        };
        const LaneBlocks& blocks = lane.blocks(0);
        blocks.visitFrom(blocks.firstEndingAfter(v.rangeStart()), [&](const LaneBlock& b) {
            if (b.start >= v.rangeEnd())
                return false;
            write(b);
            return true;
        });
        if (const LaneBlock* o = lane.openBlock(0))
            write(*o);
    }
    return out.data();
}

} // namespace ui
