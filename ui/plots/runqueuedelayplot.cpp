#include "plots/runqueuedelayplot.h"

#include "controller/format.h"
#include "controller/latencystats.h"
#include "controller/session.h"
#include "export/csv.h"
#include "plots/plotlabels.h"
#include "plots/plotrender.h"

#include <QVBoxLayout>

#include <qcustomplot.h>

namespace ui {

namespace {
constexpr int kBins = 120;
}

RunqueueDelayPlot::RunqueueDelayPlot(Session& session, QWidget* parent)
    : QWidget(parent)
    , m_session(session)
    , m_plot(new QCustomPlot(this))
    , m_graph(m_plot->addGraph()) {
    setObjectName(QStringLiteral("runqueueDelayPlot"));
    m_graph->setPen(QPen(QColor(0xD5, 0x5E, 0x00), 1.5));
    m_graph->setBrush(QColor(0xD5, 0x5E, 0x00, 60));
    m_graph->setLineStyle(QCPGraph::lsStepLeft);
    m_plot->yAxis->setLabel(tr("tasks waiting"));
    // Whose waits: a line above the chart, not a legend over its data.
    m_plot->plotLayout()->insertRow(0);
    m_title = new QCPTextElement(m_plot, QString(), QFont(font().family(), font().pointSize() - 1));
    m_plot->plotLayout()->addElement(0, 0, m_title);
    m_plot->setToolTip(tr("The average number of tasks waiting for a CPU in each interval, from the "
                          "switch records (each wait from the wakeup or preemption to the switch in); "
                          "not PSI"));
    followAxes(*m_plot, m_plot->xAxis, m_plot->yAxis);
    // The time axis's label wrapped to the data area's width as laid out.
    connect(m_plot, &QCustomPlot::afterLayout, this, [this] {
        if (wrapAxisLabel(*m_plot->xAxis, m_axisText))
            m_plot->replot(QCustomPlot::rpQueuedReplot);
    });
    connect(&session.view(), &ViewState::rangeChanged, this, [this] {
        if (!m_whole)
            refreshWhenVisible();
    });
    auto* box = new QVBoxLayout(this);
    box->setContentsMargins(0, 0, 0, 0);
    box->addWidget(m_plot);
    followSession(this, session);
}

RunqueueDelayPlot::~RunqueueDelayPlot() = default;

void RunqueueDelayPlot::setTasks(std::vector<uint32_t> ids, const QString& who) {
    m_ids = std::move(ids);
    m_who = who;
    refreshWhenVisible();
}

void RunqueueDelayPlot::setWholeRun(bool whole) {
    m_whole = whole;
    refreshWhenVisible();
}

void RunqueueDelayPlot::refresh() {
    const ViewState& v = m_session.view();
    const History& h = m_session.history();
    const SimNs shownFrom = m_whole ? h.start() : v.rangeStart();
    const SimNs shownTo = m_whole ? std::max(h.now(), h.start() + 1) : v.rangeEnd();
    const SimNs from = shownFrom, to = std::min(shownTo, h.now());
    const std::vector<double> waiting =
        runqueueDelay(m_session.history(), from, std::max(to, from + 1), kBins, m_ids);
    const double binNs = static_cast<double>(std::max<SimNs>(to - from, 1)) / kBins;
    QVector<double> keys, values;
    double maxY = 0.5;
    for (int b = 0; b < kBins; ++b) {
        keys << toSeconds(from + static_cast<SimNs>(b * binNs));
        values << waiting[static_cast<size_t>(b)];
        maxY = std::max(maxY, waiting[static_cast<size_t>(b)]);
    }
    m_graph->setData(keys, values, true);
    m_graph->setName(m_who.isEmpty() ? tr("all tasks") : m_who);
    m_shown = {shownFrom, shownTo};
    m_plot->xAxis->setRange(toSeconds(shownFrom), toSeconds(shownTo));
    m_plot->yAxis->setRange(0, maxY * 1.15);
    m_axisText = m_session.trace()
                     ? tr("trace time (s), bins of %1").arg(formatNsShort(static_cast<SimNs>(binNs)))
                     : tr("simulated time (s), bins of %1").arg(formatNsShort(static_cast<SimNs>(binNs)));
    fitText();
}

void RunqueueDelayPlot::resizeEvent(QResizeEvent* e) {
    QWidget::resizeEvent(e);
    fitText();
}

void RunqueueDelayPlot::fitText() {
    // Where the plot is too short: whose waits only, then none (hovering tells the whole title).
    fitTitle(*m_title, {tr("waiting for a CPU: %1").arg(m_graph->name()), m_graph->name(), QString()});
    wrapAxisLabel(*m_plot->xAxis, m_axisText);
    m_plot->replot(QCustomPlot::rpQueuedReplot);
}

QString RunqueueDelayPlot::exportTitle() const {
    const auto spec = m_session.spec();
    return tr("Runqueue delay (tasks waiting for a CPU): %1")
        .arg(spec ? QString::fromStdString(spec->name) : QString());
}

void RunqueueDelayPlot::renderTo(QPainter& painter, const QRect& target) {
    renderCustomPlot(*m_plot, painter, target);
}

QByteArray RunqueueDelayPlot::csv() const {
    CsvWriter out;
    out.row({QStringLiteral("interval_start_s"), QStringLiteral("tasks_waiting")});
    for (auto it = m_graph->data()->constBegin(); it != m_graph->data()->constEnd(); ++it)
        out.row({QString::number(it->key, 'f', 9), QString::number(it->value, 'f', 4)});
    return out.data();
}

} // namespace ui
