#include "plots/occupancyplot.h"

#include "base/simtime.h"
#include "controller/format.h"
#include "controller/session.h"
#include "controller/slicedetails.h"
#include "export/csv.h"
#include "plots/lanesplottable.h"
#include "plots/markercolors.h"
#include "plots/plotlabels.h"
#include "plots/plotrender.h"

#include <QHBoxLayout>
#include <QLabel>
#include <QScrollBar>
#include <QSpinBox>
#include <QToolButton>
#include <QToolTip>
#include <QVBoxLayout>

#include <qcustomplot.h>

namespace ui {

namespace {
constexpr int kFitLanes = 5;    ///< the lane-height control's value for "fit"
constexpr int kMinFitLane = 14; ///< px per track unit below which "fit" scrolls instead
/// Room above the first row: QCustomPlot leaves out a tick label that would reach past the
/// plot's top edge, which the first row's (core 0's header) did.
constexpr int kLabelHeadroom = 8;
} // namespace

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
    void mouseDoubleClickEvent(QMouseEvent* e) override {
        QCustomPlot::mouseDoubleClickEvent(e);
        m_owner.mouseDoubleClicked(e);
    }
    void resizeEvent(QResizeEvent* e) override {
        QCustomPlot::resizeEvent(e);
        m_owner.fitLegend();
        m_owner.applyRows();
    }
    void wheelEvent(QWheelEvent* e) override { m_owner.wheelTurned(e); }

private:
    OccupancyPlot& m_owner;
};

OccupancyPlot::OccupancyPlot(Session& session, QWidget* parent)
    : QWidget(parent)
    , m_session(session)
    , m_plot(new Canvas(*this))
    , m_scroll(new QScrollBar(Qt::Vertical, this))
    , m_laneHeight(new QSpinBox(this))
    , m_lanes(new LanesPlottable(m_plot->xAxis, m_plot->yAxis))
    , m_cursor(new QCPItemStraightLine(m_plot))
    , m_pickArrow(new QCPItemLine(m_plot))
    , m_pickBox(new QCPItemRect(m_plot)) {
    setObjectName(QStringLiteral("occupancyPlot"));
    // The track controls above the plot: lane height, expand and collapse.
    m_laneHeight->setObjectName(QStringLiteral("laneHeight"));
    m_laneHeight->setRange(kFitLanes, 80);
    m_laneHeight->setSpecialValueText(tr("fit"));
    m_laneHeight->setSuffix(tr(" px"));
    m_laneHeight->setToolTip(tr("Height of a CPU lane; \"fit\" shares the height among the tracks "
                                "(scrolling when they would be too thin to read)"));
    auto* heightLabel = new QLabel(tr("Lane height"), this);
    heightLabel->setBuddy(m_laneHeight);
    auto* expand = new QToolButton(this);
    expand->setObjectName(QStringLiteral("expandAll"));
    expand->setText(tr("Expand all"));
    expand->setToolTip(tr("Show a lane for every CPU"));
    auto* collapse = new QToolButton(this);
    collapse->setObjectName(QStringLiteral("collapseCores"));
    collapse->setText(tr("Collapse cores"));
    collapse->setToolTip(tr("One summed row per core; click a row's label to expand or collapse it"));
    auto* controls = new QHBoxLayout;
    controls->setContentsMargins(4, 2, 4, 0);
    controls->addWidget(heightLabel);
    controls->addWidget(m_laneHeight);
    controls->addSpacing(12);
    controls->addWidget(expand);
    controls->addWidget(collapse);
    controls->addStretch(1);
    m_scroll->setObjectName(QStringLiteral("trackScroll"));
    auto* plotAndScroll = new QHBoxLayout;
    plotAndScroll->setContentsMargins(0, 0, 0, 0);
    plotAndScroll->setSpacing(0);
    plotAndScroll->addWidget(m_plot, 1);
    plotAndScroll->addWidget(m_scroll);
    auto* box = new QVBoxLayout(this);
    box->setContentsMargins(0, 0, 0, 0);
    box->setSpacing(0);
    box->addLayout(controls);
    box->addLayout(plotAndScroll, 1);
    connect(m_laneHeight, qOverload<int>(&QSpinBox::valueChanged), this, [this] { applyRows(); });
    connect(expand, &QToolButton::clicked, this, &OccupancyPlot::expandAll);
    connect(collapse, &QToolButton::clicked, this, &OccupancyPlot::collapseCores);
    connect(m_scroll, &QScrollBar::valueChanged, this, [this](int v) {
        if (m_applying)
            return;
        m_top = v / 100.0;
        applyRows();
    });
    setFocusProxy(m_plot);
    m_plot->setFocusPolicy(Qt::StrongFocus);
    m_plot->setMouseTracking(true);
    QCustomPlot* plot = m_plot;
    plot->setInteractions(QCP::iRangeDrag);
    plot->axisRect()->setRangeDrag(Qt::Horizontal);
    plot->setNoAntialiasingOnDrag(true);
    plot->xAxis->setLabel(tr("simulated time (s)"));
    // Tick labels as fine as the range in view needs, never crowded.
    followAxes(*plot, plot->xAxis, nullptr);
    plot->yAxis->setRangeReversed(true);
    plot->yAxis->grid()->setVisible(false);
    plot->yAxis->setTicker(QSharedPointer<QCPAxisTickerText>(new QCPAxisTickerText));
    plot->yAxis->setTickLength(0, 0);
    plot->yAxis->setSubTickLength(0, 0);
    plot->axisRect()->setMinimumMargins(QMargins(0, kLabelHeadroom, 0, 0));
    m_lanes->setSource(&session.history(), &session.colors(), &m_tracks);
    m_lanes->setName(tr("CPU occupancy"));
    m_lanes->removeFromLegend();

    m_cursor->setPen(QPen(kCursorColor, 1.5));
    m_cursor->setVisible(false);
    m_markerB = new QCPItemStraightLine(m_plot);
    m_markerB->setPen(QPen(kMarkerBColor, 1.5));
    m_markerB->setVisible(false);
    m_spanLabel = new QCPItemText(m_plot);
    m_spanLabel->setObjectName(QStringLiteral("markerSpan"));
    m_spanLabel->position->setTypeX(QCPItemPosition::ptPlotCoords);
    m_spanLabel->position->setTypeY(QCPItemPosition::ptAxisRectRatio);
    m_spanLabel->setPositionAlignment(Qt::AlignHCenter | Qt::AlignTop);
    m_spanLabel->setColor(kMarkerBColor);
    m_spanLabel->setBrush(QColor(255, 255, 255, 220));
    m_spanLabel->setPadding(QMargins(4, 1, 4, 1));
    m_spanLabel->setClipToAxisRect(true);
    m_spanLabel->setVisible(false);
    m_pickArrow->setPen(QPen(QColor(20, 20, 20), 2));
    m_pickArrow->setHead(QCPLineEnding::esSpikeArrow);
    m_pickArrow->setVisible(false);
    m_pickBox->setPen(QPen(QColor(20, 20, 20), 2));
    m_pickBox->setBrush(Qt::NoBrush);
    m_pickBox->setVisible(false);

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
    connect(&session.view(), &ViewState::cursorChanged, this, &OccupancyPlot::updateCursorLines);
    connect(&session.view(), &ViewState::bookmarksChanged, this, &OccupancyPlot::updateBookmarks);
    connect(plot, &QCustomPlot::afterReplot, this, [this] {
        const QRect r = timeAxisGlobal();
        if (r != m_lastAxisGlobal) {
            m_lastAxisGlobal = r;
            emit timeAxisChanged();
        }
    });
    connect(&session.view(), &ViewState::pickChanged, this, &OccupancyPlot::onPickChanged);
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
        m_tracks.build(*topo);
    const bool trace = m_session.history().fromTrace();
    m_lanes->setColorByTask(colourByTask());
    m_plot->xAxis->setLabel(trace ? tr("trace time (s), from its first event") : tr("simulated time (s)"));
    m_markerCount = SIZE_MAX;
    m_legendCgroups = SIZE_MAX;
    m_top = 0;
    applyRows();
    applyViewRange();
}

void OccupancyPlot::applyRows() {
    // Pixels per track unit: the chosen lane height, or the height shared among the tracks but
    // never thinner than a readable lane (then the list scrolls).
    const int height = std::max(1, m_plot->axisRect()->height());
    const double extent = std::max(1.0, m_tracks.extent());
    const int chosen = m_laneHeight->value();
    m_pxPerUnit =
        chosen == kFitLanes ? std::max(height / extent, double(kMinFitLane)) : chosen / TrackList::kRowHeight;
    const double visible = height / m_pxPerUnit;
    const double maxTop = std::max(0.0, extent - visible);
    m_top = std::clamp(m_top, 0.0, maxTop);
    m_applying = true;
    m_scroll->setVisible(maxTop > 0);
    m_scroll->setRange(0, static_cast<int>(std::ceil(maxTop * 100)));
    m_scroll->setPageStep(static_cast<int>(visible * 100));
    m_scroll->setSingleStep(100);
    m_scroll->setValue(static_cast<int>(std::lround(m_top * 100)));
    m_applying = false;
    m_plot->yAxis->setRange(m_top, m_top + visible);
    updateLabels();
    onPickChanged();
    m_plot->replot(QCustomPlot::rpQueuedReplot);
}

void OccupancyPlot::setLaneHeight(int px) {
    m_laneHeight->setValue(px <= 0 ? kFitLanes : std::max(px, kFitLanes + 1));
}

void OccupancyPlot::toggleRow(size_t row) {
    m_tracks.toggle(row);
    applyRows();
}

void OccupancyPlot::expandAll() {
    m_tracks.expandAll();
    applyRows();
}

void OccupancyPlot::collapseCores() {
    m_tracks.collapseCores();
    applyRows();
}

std::pair<size_t, size_t> OccupancyPlot::visibleRows() const {
    const QCPRange r = m_plot->yAxis->range();
    const auto& rows = m_tracks.rows();
    size_t first = rows.size(), last = 0;
    for (size_t i = 0; i < rows.size(); ++i)
        if (rows[i].position >= r.lower && rows[i].position <= r.upper) {
            first = std::min(first, i);
            last = i;
        }
    return {first, last};
}

void OccupancyPlot::scrollToRow(size_t row) {
    if (row >= m_tracks.rows().size())
        return;
    const auto [first, last] = visibleRows();
    if (first <= last && row >= first && row <= last)
        return;
    const double visible = m_plot->yAxis->range().size();
    m_top = m_tracks.rows()[row].position - visible / 3;
    applyRows();
}

void OccupancyPlot::scrollRows(double rows) {
    m_top += rows;
    applyRows();
}

QStringList OccupancyPlot::rowLabels() const {
    QStringList out;
    const auto [first, last] = visibleRows();
    for (size_t i = first; i <= last && i < m_tracks.rows().size(); ++i)
        out << m_tracks.label(m_tracks.rows()[i]);
    return out;
}

QWidget* OccupancyPlot::canvas() const {
    return m_plot;
}

void OccupancyPlot::onPickChanged() {
    const auto& pick = m_session.view().pick();
    m_pickArrow->setVisible(false);
    m_pickBox->setVisible(false);
    if (pick && pick->kind == Pick::Kind::Migration) {
        // Both ends get their own lanes, joined by an arrow at the migration's time.
        const core::MigrationRecord& m = pick->migration;
        if (!m_tracks.cpuShown(m.from) || !m_tracks.cpuShown(m.to)) {
            m_tracks.reveal(m.from);
            m_tracks.reveal(m.to);
            applyRows(); // calls back here with both lanes shown
            return;
        }
        const double x = m.time.seconds();
        m_pickArrow->start->setCoords(x, m_tracks.rows()[*m_tracks.rowOfCpu(m.from)].position);
        m_pickArrow->end->setCoords(x, m_tracks.rows()[*m_tracks.rowOfCpu(m.to)].position);
        m_pickArrow->setVisible(true);
    } else if (pick) {
        if (const auto d = describeSlice(m_session.history(), pick->cpu, pick->time)) {
            if (const auto row = m_tracks.rowOfCpu(pick->cpu)) {
                const Track& t = m_tracks.rows()[*row];
                m_pickBox->topLeft->setCoords(toSeconds(d->start), t.position - t.band / 2);
                m_pickBox->bottomRight->setCoords(toSeconds(d->end), t.position + t.band / 2);
                m_pickBox->setVisible(true);
            }
        }
    }
    m_plot->replot(QCustomPlot::rpQueuedReplot);
}

void OccupancyPlot::refresh() {
    // The rows depend on the height the plot gets (the legend row may have changed it).
    if (m_plot->axisRect()->height() != m_labelHeight) {
        m_labelHeight = m_plot->axisRect()->height();
        applyRows();
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
    // Every visible row labelled, the font sized to the lane.
    QFont font = m_plot->yAxis->tickLabelFont();
    font.setPixelSize(std::clamp(static_cast<int>(m_pxPerUnit * TrackList::kRowHeight) - 2, 8, 12));
    m_plot->yAxis->setTickLabelFont(font);
    const auto [first, last] = visibleRows();
    for (size_t i = first; i <= last && i < m_tracks.rows().size(); ++i)
        ticker->addTick(m_tracks.rows()[i].position, m_tracks.label(m_tracks.rows()[i]));
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

bool OccupancyPlot::colourByTask() const {
    // Colour means cgroup; where there is only one (a recording, an rt-app workload, a scenario
    // without cgroups) every slice would share it, so each task gets its own.
    const auto spec = m_session.spec();
    return m_session.history().fromTrace() || !spec || spec->cgroups.empty();
}

void OccupancyPlot::updateLegend() {
    const auto& cgroups = m_session.history().latest().cgroups;
    const bool rt = m_session.history().anyRtTask();
    const bool byTask = colourByTask();
    if (cgroups.size() == m_legendCgroups && rt == m_legendRt && byTask == m_legendByTask)
        return;
    m_legendByTask = byTask;
    m_legendCgroups = cgroups.size();
    m_legendRt = rt;
    m_plot->clearGraphs();
    m_plot->legend->clearItems();
    auto addEntry = [this](const QString& name, const QColor& color) {
        // A filled square inside the icon rectangle (a thick line spills onto the label in SVG).
        QCPGraph* g = m_plot->addGraph();
        g->setName(name);
        g->setPen(QPen(color));
        g->setLineStyle(QCPGraph::lsNone);
        g->setScatterStyle(QCPScatterStyle(QCPScatterStyle::ssSquare, color, color, 9));
    };
    if (byTask) { // one colour per task, named on the slices
        // Short enough for half a 1024-pixel window (Compare A/B): a legend entry cannot wrap.
        addEntry(tr("a colour per task"), LanesPlottable::taskColor(1));
    } else {
        for (const core::CgroupState& c : cgroups)
            if (!c.parent.valid() || c.parent.value() == 0)
                addEntry(c.parent.valid() ? QString::fromStdString(c.path) : tr("/ (root)"),
                         m_session.colors().color(c.id.value()));
    }
    addEntry(tr("kernel overhead"), CgroupColors::overhead());
    if (rt) // the lanes mark RT tasks' time with a crimson band along the top
        addEntry(tr("RT task (band on top)"), QColor(0xC6, 0x28, 0x28));
    fitLegend();
}

void OccupancyPlot::fitLegend() {
    // As many entries a row as fit whole, so that none is cut ("/batc"); more rows otherwise.
    QCPLegend* legend = m_plot->legend;
    int widest = 0;
    for (int i = 0; i < legend->itemCount(); ++i)
        if (auto* item = qobject_cast<QCPPlottableLegendItem*>(legend->item(i)))
            widest =
                std::max(widest, QFontMetrics(item->font()).horizontalAdvance(item->plottable()->name()));
    const int perItem = widest + legend->iconSize().width() + legend->iconTextPadding() + 12;
    const int wrap = std::clamp(perItem > 0 ? (m_plot->width() - 20) / perItem : 8, 1, 8);
    if (wrap != legend->wrap()) {
        legend->setWrap(wrap);
        m_plot->replot(QCustomPlot::rpQueuedReplot);
    }
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
    // Never before the run's start: there is nothing to see there.
    const QCPRange r = m_plot->xAxis->range();
    const double start = toSeconds(m_session.history().start());
    const double lower = std::max(r.lower + r.size() * fraction, std::min(start, r.lower));
    m_plot->xAxis->setRange(lower, lower + r.size());
    m_plot->replot(QCustomPlot::rpQueuedReplot);
}

void OccupancyPlot::goToStart() {
    const double w = m_plot->xAxis->range().size();
    const double s = toSeconds(m_session.history().start());
    m_session.view().setRange(fromSeconds(s), fromSeconds((s + w)), false);
}

void OccupancyPlot::followPresent() {
    const SimNs w = m_session.view().rangeEnd() - m_session.view().rangeStart();
    m_session.view().setRange(m_session.view().rangeStart(), m_session.view().rangeStart() + w, true);
    m_session.view().followTo(m_session.history().now());
}

void OccupancyPlot::updateCursorLines() {
    const ViewState& v = m_session.view();
    for (auto [line, t] : {std::pair{m_cursor, v.cursor()}, std::pair{m_markerB, v.markerB()}}) {
        line->setVisible(t.has_value());
        if (t) {
            line->point1->setCoords(toSeconds(*t), 0);
            line->point2->setCoords(toSeconds(*t), 1);
        }
    }
    const bool span = v.cursor() && v.markerB();
    m_spanLabel->setVisible(span);
    if (span) {
        const SimNs a = *v.cursor(), b = *v.markerB();
        m_spanLabel->position->setCoords(toSeconds(std::min(a, b) + (std::max(a, b) - std::min(a, b)) / 2),
                                         0.0);
        m_spanLabel->setText(tr("A to B: %1").arg(formatNsShort(b - a >= 0 ? b - a : a - b)));
    }
    m_plot->replot(QCustomPlot::rpQueuedReplot);
}

QRect OccupancyPlot::timeAxisGlobal() const {
    const QRect r = m_plot->axisRect()->rect();
    return QRect(m_plot->mapToGlobal(r.topLeft()), r.size());
}

void OccupancyPlot::setTimeAxisBounds(std::optional<int> left, std::optional<int> right) {
    // The axis rect's margins are the larger of what the plot needs and these minimums.
    const QPoint origin = m_plot->mapToGlobal(QPoint(0, 0));
    const int l = left ? std::max(0, *left - origin.x()) : 0;
    const int r = right ? std::max(0, origin.x() + m_plot->width() - *right) : 0;
    const QMargins margins(l, kLabelHeadroom, r, 0);
    if (m_plot->axisRect()->minimumMargins() == margins)
        return;
    m_plot->axisRect()->setMinimumMargins(margins);
    m_plot->replot(QCustomPlot::rpQueuedReplot);
}

void OccupancyPlot::updateBookmarks() {
    for (QCPAbstractItem* item : m_bookmarkItems)
        m_plot->removeItem(item);
    m_bookmarkItems.clear();
    const auto& marks = m_session.view().bookmarks();
    for (size_t i = 0; i < marks.size(); ++i) {
        const double x = toSeconds(marks[i].at);
        auto* line = new QCPItemStraightLine(m_plot);
        line->setPen(QPen(kBookmarkColor, 1, Qt::DashLine));
        line->point1->setCoords(x, 0);
        line->point2->setCoords(x, 1);
        auto* flag = new QCPItemText(m_plot);
        flag->position->setTypeX(QCPItemPosition::ptPlotCoords);
        flag->position->setTypeY(QCPItemPosition::ptAxisRectRatio);
        flag->position->setCoords(x, 1.0);
        flag->setPositionAlignment(Qt::AlignLeft | Qt::AlignBottom);
        flag->setColor(kBookmarkColor);
        flag->setBrush(QColor(255, 255, 255, 220));
        flag->setPadding(QMargins(2, 0, 2, 0));
        flag->setClipToAxisRect(true);
        const QString note =
            marks[i].note.size() > 24 ? marks[i].note.left(24) + QStringLiteral("\u2026") : marks[i].note;
        flag->setText(QStringLiteral("\u2691%1 %2").arg(i + 1).arg(note).trimmed());
        m_bookmarkItems << line << flag;
    }
    m_plot->replot(QCustomPlot::rpQueuedReplot);
}

QString OccupancyPlot::markerSpanText() const {
    return m_spanLabel->visible() ? m_spanLabel->text() : QString();
}

void OccupancyPlot::clearCursor() {
    m_session.view().setMarkerB(std::nullopt);
    m_session.view().setCursor(std::nullopt);
    m_session.view().setPick(std::nullopt);
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
    case Qt::Key_Home:
        goToStart();
        break;
    case Qt::Key_End:
        followPresent();
        break;
    case Qt::Key_PageUp:
        scrollRows(-m_plot->yAxis->range().size() * 0.9);
        break;
    case Qt::Key_PageDown:
        scrollRows(m_plot->yAxis->range().size() * 0.9);
        break;
    case Qt::Key_Escape:
        clearCursor();
        break;
    default:
        return false;
    }
    return true;
}

void OccupancyPlot::wheelTurned(QWheelEvent* e) {
    const double notches = e->angleDelta().y() / 120.0;
    const bool scrollable = m_scroll->maximum() > 0;
    if (e->modifiers() & Qt::ShiftModifier)
        pan(-0.1 * notches);
    else if (scrollable && !(e->modifiers() & Qt::ControlModifier))
        scrollRows(-3 * notches);
    else
        zoom(std::pow(0.85, notches), m_plot->xAxis->pixelToCoord(e->position().x()));
    e->accept();
}

void OccupancyPlot::mousePressed(QMouseEvent* e) {
    m_pressPos = e->pos();
}

void OccupancyPlot::mouseReleased(QMouseEvent* e) {
    if (e->button() != Qt::LeftButton || (e->pos() - m_pressPos).manhattanLength() >= 4)
        return;
    const QRect area = m_plot->axisRect()->rect();
    const auto row = m_tracks.rowAt(m_plot->yAxis->pixelToCoord(e->pos().y()));
    if (e->pos().x() < area.left() && e->pos().y() >= area.top() && e->pos().y() <= area.bottom()) {
        // A click on a core's or socket's label expands or collapses it.
        if (row && m_tracks.rows()[*row].kind != Track::Kind::Cpu)
            toggleRow(*row);
        return;
    }
    if (!area.contains(e->pos()))
        return;
    // A click (not a drag) inside the plot sets the time cursor there and picks the slice;
    // Shift+click sets marker B.
    const SimNs t = fromSeconds(std::max(0.0, m_plot->xAxis->pixelToCoord(e->pos().x())));
    if (e->modifiers() & Qt::ShiftModifier) {
        m_session.view().setMarkerB(t);
        return;
    }
    m_session.view().setCursor(t);
    if (row && m_tracks.rows()[*row].kind == Track::Kind::Cpu)
        m_session.view().setPick(Pick{Pick::Kind::Slice, m_tracks.rows()[*row].first, t, {}});
}

void OccupancyPlot::mouseDoubleClicked(QMouseEvent* e) {
    // A double click on a summary row expands it.
    if (!m_plot->axisRect()->rect().contains(e->pos()))
        return;
    const auto row = m_tracks.rowAt(m_plot->yAxis->pixelToCoord(e->pos().y()));
    if (row && m_tracks.rows()[*row].kind != Track::Kind::Cpu && !m_tracks.rows()[*row].expanded)
        toggleRow(*row);
}

void OccupancyPlot::mouseMoved(QMouseEvent* e) {
    if (e->buttons() != Qt::NoButton)
        return;
    const QString tip = tooltipAt(e->pos() + m_plot->pos());
    if (tip.isEmpty())
        QToolTip::hideText();
    else
        QToolTip::showText(e->globalPosition().toPoint(), tip, m_plot);
}

QRect OccupancyPlot::laneRect(uint32_t cpu) const {
    const auto row = m_tracks.rowOfCpu(cpu);
    if (!row || m_tracks.rows()[*row].kind != Track::Kind::Cpu)
        return {};
    return rowRect(*row);
}

QRect OccupancyPlot::rowRect(size_t row) const {
    if (row >= m_tracks.rows().size())
        return {};
    const Track& t = m_tracks.rows()[row];
    const double a = m_plot->yAxis->coordToPixel(t.position - t.band / 2);
    const double b = m_plot->yAxis->coordToPixel(t.position + t.band / 2);
    const QRect area = m_plot->axisRect()->rect();
    return QRect(QPoint(area.left(), int(std::ceil(std::min(a, b)))),
                 QPoint(area.right(), int(std::floor(std::max(a, b)))))
        .intersected(area)
        .translated(m_plot->pos());
}

QString OccupancyPlot::tooltipAt(const QPoint& widgetPos) const {
    const QPoint pos = widgetPos - m_plot->pos();
    const QRect area = m_plot->axisRect()->rect();
    const auto row = m_tracks.rowAt(m_plot->yAxis->pixelToCoord(pos.y()));
    if (!row || pos.y() < area.top() || pos.y() > area.bottom())
        return {};
    const Track& track = m_tracks.rows()[*row];
    const History& h = m_session.history();
    if (track.kind != Track::Kind::Cpu) {
        const QString label = m_tracks.label(track);
        const QString hint =
            track.expanded ? tr("click the label to collapse") : tr("click the label to expand");
        if (!area.contains(pos))
            return tr("%1\n%2").arg(label, hint);
        // How busy the row's CPUs were over the pixel under the pointer.
        const SimNs from = fromSeconds(m_plot->xAxis->pixelToCoord(pos.x()));
        const SimNs to = fromSeconds(m_plot->xAxis->pixelToCoord(pos.x() + 1));
        double busy = 0;
        for (uint32_t c = track.first; c < track.first + track.count && c < h.nrCpus(); ++c)
            busy += static_cast<double>(h.lane(c).timeWithin(from, to).busy);
        const double cpus = to > from ? busy / static_cast<double>(to - from) : 0;
        return tr("%1 at %2: %3 of %4 CPUs busy\n%5")
            .arg(label, formatNs(from, std::max<SimNs>(1, to - from)), QString::number(cpus, 'f', 1),
                 QString::number(track.count), hint);
    }
    if (!area.contains(pos))
        return {};
    const std::optional<uint32_t> cpu = track.first;
    if (*cpu >= h.nrCpus())
        return {};
    const SimNs t = fromSeconds(m_plot->xAxis->pixelToCoord(pos.x()));
    // A time under the mouse is known to a pixel's worth.
    const SimNs pixel = std::max<SimNs>(1, fromSeconds(m_plot->xAxis->pixelToCoord(pos.x() + 1)) - t);
    const core::Topology* topo = m_session.topology();
    const QString where =
        topo ? QString::fromStdString(topo->cpuLabel(core::CpuId(*cpu))) : QString::number(*cpu);
    const LaneBlock* b = h.lane(*cpu).at(t);
    if (!b) {
        if (t < h.lane(*cpu).validFrom(0))
            return tr("%1 at %2\n(older history is kept at reduced resolution)")
                .arg(where, formatNs(t, pixel));
        return tr("%1 at %2: idle").arg(where, formatNs(t, pixel));
    }
    // Blocks merged at coarse zoom hold several slices: say how busy the span was.
    const QString span =
        tr("%1, %2 to %3 (%4)")
            .arg(where, formatNs(b->start, resolutionFor(b->end - b->start)),
                 formatNs(b->end, resolutionFor(b->end - b->start)), formatNs(b->end - b->start));
    const bool onlyOverhead = b->overhead >= b->busy;
    if (b->task == UINT32_MAX) // kernel work on behalf of no task (balancing, idle entry)
        return tr("kernel overhead\n%1").arg(span);
    QString who = QString::fromStdString(h.taskName(b->task));
    if (who.isEmpty())
        who = tr("task");
    who += QStringLiteral(" #%1").arg(b->task);
    if (const History::TaskClass cls = h.taskClass(b->task); cls.rt())
        who += tr(" (RT: %1 %2)")
                   .arg(cls.policy == core::SchedPolicy::Fifo ? QStringLiteral("FIFO") : QStringLiteral("RR"))
                   .arg(cls.rtPriority);
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
                                    formatNs(v.rangeStart(), resolutionFor(v.rangeEnd() - v.rangeStart())),
                                    formatNs(std::min(v.rangeEnd(), m_session.history().now()),
                                             resolutionFor(v.rangeEnd() - v.rangeStart())));
}

void OccupancyPlot::renderTo(QPainter& painter, const QRect& target) {
    // Laid out for the target alone: the margins that line the axis up with the tracks below
    // on screen have no meaning in a file.
    const QMargins aligned = m_plot->axisRect()->minimumMargins();
    m_plot->axisRect()->setMinimumMargins(QMargins(0, kLabelHeadroom, 0, 0));
    renderCustomPlot(*m_plot, painter, target);
    m_plot->axisRect()->setMinimumMargins(aligned);
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
            out.row({QString::number(h.kernelCpu(cpu)), QString::number(b.start), QString::number(b.end),
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
