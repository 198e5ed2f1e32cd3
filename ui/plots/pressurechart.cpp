#include "plots/pressurechart.h"

#include "controller/format.h"

#include "controller/session.h"
#include "export/csv.h"
#include "plots/plotlabels.h"
#include "plots/plotrender.h"

#include <QChart>
#include <QChartView>
#include <QLegendMarker>
#include <QLineSeries>
#include <QVBoxLayout>
#include <QValueAxis>

#include <algorithm>

namespace ui {

namespace {
const QColor kResourceColors[3] = {QColor(0x00, 0x72, 0xB2), QColor(0xE6, 0x9F, 0x00),
                                   QColor(0x00, 0x9E, 0x73)};
constexpr int kMaxPoints = 1200;
} // namespace

PressureChart::PressureChart(Session& session, QWidget* parent)
    : QWidget(parent)
    , m_session(session)
    , m_view(new QChartView(this))
    , m_x(new QValueAxis)
    , m_y(new QValueAxis) {
    setObjectName(QStringLiteral("pressureChart"));
    m_view->setRenderHint(QPainter::Antialiasing);
    auto* c = new QChart;
    c->setTitle(tr("Pressure stall information"));
    // A column on the right: each entry gets a line of its own (a row under the chart cut them
    // all short, "syst..."), in a smaller font than the axes.
    c->legend()->setAlignment(Qt::AlignRight);
    QFont legendFont = c->legend()->font();
    legendFont.setPointSizeF(legendFont.pointSizeF() * 0.85);
    c->legend()->setFont(legendFont);
    c->legend()->setShowToolTips(true); // an entry cut short still says all on hover
    m_x->setTitleText(tr("simulated time (s)"));
    // The unit on each label rather than a title along the axis, which a short chart (a 640-pixel
    // screen) cut to "% of ti...": the chart's tooltip says what the percentage is of.
    m_y->setLabelFormat(QStringLiteral("%.1f %%"));
    m_tip = tr("% of time stalled: the share of each averaging window in which some (or all) "
               "tasks of the cgroup waited for the resource");
    m_view->setToolTip(m_tip);
    c->addAxis(m_x, Qt::AlignBottom);
    c->addAxis(m_y, Qt::AlignLeft);
    m_view->setChart(c);
    auto* box = new QVBoxLayout(this);
    box->setContentsMargins(0, 0, 0, 0);
    box->addWidget(m_view);
    connect(&session.view(), &ViewState::selectionChanged, this, [this] {
        m_dirtySeries = true;
        refreshWhenVisible();
    });
    connect(&session.view(), &ViewState::rangeChanged, this, [this] { refreshWhenVisible(); });
    followSession(this, session);
}

PressureChart::~PressureChart() = default;

void PressureChart::setResourceShown(Resource r, bool on) {
    m_resources[r] = on;
    m_dirtySeries = true;
    refreshWhenVisible();
}

void PressureChart::setFullShown(bool on) {
    m_full = on;
    m_dirtySeries = true;
    refreshWhenVisible();
}

void PressureChart::setWindowShown(int window, bool on) {
    m_windows[window] = on;
    m_dirtySeries = true;
    refreshWhenVisible();
}

void PressureChart::restart() {
    m_dirtySeries = true;
    m_markerCount = SIZE_MAX;
}

void PressureChart::refresh() {
    // The kernel updates the averages every 2 s (PSI_FREQ): say so while they are still 0.
    const bool early = m_session.history().now() < 2 * kNsPerSecond;
    if (m_dirtySeries)
        rebuildSeries();
    const QString title = early ? tr("Pressure stall information (averages update every 2 s; the first "
                                     "comes at 2 s, the rate shows stalls meanwhile)")
                                : tr("Pressure stall information");
    // PSI is the kernel's own name for it (/proc/pressure).
    const QString shortTitle = early ? tr("PSI (averages from 2 s on)") : QStringLiteral("PSI");
    auto withSubject = [this](const QString& t) {
        return m_subject.isEmpty() ? t : QStringLiteral("%1 \u2014 %2").arg(m_subject, t);
    };
    m_wholeTitle = withSubject(title);
    m_shortTitle = withSubject(shortTitle);
    fitChartTitle();
    updateMarkers();
    fillSeries();
}

void PressureChart::resizeEvent(QResizeEvent* e) {
    QWidget::resizeEvent(e);
    fitChartTitle();
}

void PressureChart::fitChartTitle() {
    QChart* c = m_view->chart();
    const int width = m_view->width() - c->margins().left() - c->margins().right();
    const QString shown = firstThatFits({m_wholeTitle, m_shortTitle}, c->titleFont(), width);
    c->setTitle(shown);
    m_view->setToolTip(shown == m_wholeTitle ? m_tip : m_wholeTitle + QStringLiteral("\n\n") + m_tip);
}

QString PressureChart::chartTitle() const {
    return m_view->chart()->title();
}

QStringList PressureChart::seriesNames() const {
    QStringList names;
    for (const Track& t : m_tracks)
        names << t.series->name();
    return names;
}

void PressureChart::rebuildSeries() {
    m_dirtySeries = false;
    for (const Track& t : m_tracks) {
        m_view->chart()->removeSeries(t.series);
        delete t.series;
    }
    m_tracks.clear();
    const auto& cgroups = m_session.history().latest().cgroups;
    std::vector<uint32_t> ids(m_session.view().selectedCgroups().begin(),
                              m_session.view().selectedCgroups().end());
    if (ids.empty())
        ids.push_back(0); // the system
    static const char* const kResourceNames[3] = {QT_TR_NOOP("cpu"), QT_TR_NOOP("memory"), QT_TR_NOOP("io")};
    static const char* const kWindowNames[4] = {"avg10", "avg60", "avg300", QT_TR_NOOP("rate")};
    // One group: its name goes in the title and the legend names only the lines, so that the
    // entries fit ("cpu some avg10"); several: each line starts with its group's last name.
    m_subject.clear();
    for (uint32_t id : ids) {
        QString path = id == 0 ? tr("system") : QString();
        for (const core::CgroupState& c : cgroups)
            if (c.id.value() == id && id != 0)
                path = QString::fromStdString(c.path);
        if (ids.size() == 1)
            m_subject = path;
        const QString prefix =
            ids.size() == 1 ? QString() : path.mid(path.lastIndexOf(QLatin1Char('/')) + 1) + QLatin1Char(' ');
        for (int r = 0; r < 3; ++r) {
            if (!m_resources[r])
                continue;
            for (int full = 0; full < 2; ++full) {
                // The system's cpu full is not reported (always zero in /proc/pressure).
                if ((full && !m_full) || (full && r == Cpu && id == 0))
                    continue;
                for (int w = 0; w < 4; ++w) {
                    if (!m_windows[w])
                        continue;
                    auto* s = new QLineSeries;
                    s->setName(QStringLiteral("%1%2 %3 %4")
                                   .arg(prefix, tr(kResourceNames[r]), full ? tr("full") : tr("some"),
                                        w == kRate ? tr(kWindowNames[w]) : QLatin1String(kWindowNames[w])));
                    QColor color =
                        ids.size() > 1 && id != 0 ? m_session.colors().color(id) : kResourceColors[r];
                    QPen pen(color, w == 0 ? 2.0 : 1.2);
                    pen.setStyle(full ? Qt::DashLine : (w == 2 ? Qt::DotLine : Qt::SolidLine));
                    if (w == kRate) { // thin and pale: the rate is noisy, the averages are the figure
                        color.setAlpha(110);
                        pen = QPen(color, 1.0, full ? Qt::DashLine : Qt::SolidLine);
                    }
                    s->setPen(pen);
                    m_view->chart()->addSeries(s);
                    s->attachAxis(m_x);
                    s->attachAxis(m_y);
                    m_tracks.push_back({s, id, r, full, w});
                }
            }
        }
    }
}

void PressureChart::fillSeries() {
    const History& h = m_session.history();
    const ViewState& v = m_session.view();
    const double x0 = toSeconds(v.rangeStart()), x1 = toSeconds(v.rangeEnd());
    m_x->setRange(x0, x1);
    const auto& samples = h.samples();
    size_t from = h.sampleAt(v.rangeStart());
    size_t to = std::min(samples.size(), h.sampleAt(v.rangeEnd()) + 2);
    const size_t stride = std::max<size_t>(1, (to - from) / kMaxPoints);
    double maxY = 1.0;
    for (const Track& t : m_tracks) {
        QList<QPointF> pts;
        pts.reserve(static_cast<qsizetype>((to - from) / stride + 1));
        for (size_t i = from; i < to; i += stride) {
            const HistorySample& s = samples[i];
            if (t.cgroup >= s.cgroups.size())
                continue;
            double y = 0;
            if (t.window == kRate) {
                const HistorySample& b = samples[h.sampleAt(s.time - kRateWindow)];
                if (t.cgroup >= b.cgroups.size() || b.time >= s.time)
                    continue;
                const double stalled =
                    static_cast<double>(s.cgroups[t.cgroup].psi.line(t.resource, t.full).totalUs -
                                        b.cgroups[t.cgroup].psi.line(t.resource, t.full).totalUs);
                y = std::min(100.0, stalled * 1000.0 / static_cast<double>(s.time - b.time) * 100.0);
            } else {
                y = s.cgroups[t.cgroup].psi.percent(t.resource, t.full, t.window);
            }
            maxY = std::max(maxY, y);
            pts.append(QPointF(toSeconds(s.time), y));
        }
        t.series->replace(pts);
    }
    m_y->setRange(0, std::min(100.0, maxY * 1.15));
    for (QLineSeries* s : m_markerSeries) {
        auto pts = s->points();
        if (pts.size() == 2 && pts[1].y() != m_y->max())
            s->replace({QPointF(pts[0].x(), 0), QPointF(pts[0].x(), m_y->max())});
    }
}

void PressureChart::updateMarkers() {
    const auto& markers = m_session.history().markers();
    if (markers.size() == m_markerCount)
        return;
    m_markerCount = markers.size();
    for (QLineSeries* s : m_markerSeries) {
        m_view->chart()->removeSeries(s);
        delete s;
    }
    m_markerSeries.clear();
    for (const core::Marker& m : markers) {
        auto* s = new QLineSeries;
        s->setName(QString::fromStdString(m.label));
        s->setPen(QPen(QColor(120, 60, 160), 1, Qt::DashLine));
        s->append(m.time.seconds(), 0);
        s->append(m.time.seconds(), 100);
        m_view->chart()->addSeries(s);
        s->attachAxis(m_x);
        s->attachAxis(m_y);
        for (QLegendMarker* lm : m_view->chart()->legend()->markers(s))
            lm->setVisible(false);
        m_markerSeries.push_back(s);
    }
}

QString PressureChart::exportTitle() const {
    const auto spec = m_session.spec();
    return tr("Pressure stall information: %1").arg(spec ? QString::fromStdString(spec->name) : QString());
}

void PressureChart::renderTo(QPainter& painter, const QRect& target) {
    renderChart(*m_view->chart(), painter, target);
}

QByteArray PressureChart::csv() const {
    const History& h = m_session.history();
    const ViewState& v = m_session.view();
    CsvWriter out;
    QStringList header{QStringLiteral("time_s")};
    for (const Track& t : m_tracks)
        header << t.series->name();
    out.row(header);
    for (const HistorySample& s : h.samples()) {
        if (s.time < v.rangeStart() || s.time > v.rangeEnd())
            continue;
        QStringList row{QString::number(toSeconds(s.time), 'f', 9)};
        for (const Track& t : m_tracks)
            row << (t.cgroup < s.cgroups.size()
                        ? QString::number(s.cgroups[t.cgroup].psi.percent(t.resource, t.full, t.window), 'f',
                                          2)
                        : QString());
        out.row(row);
    }
    return out.data();
}

} // namespace ui
