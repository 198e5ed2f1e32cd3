#include "plots/latencyhistogramplot.h"

#include "controller/format.h"
#include "export/csv.h"
#include "plots/plotlabels.h"
#include "plots/plotrender.h"

#include <QVBoxLayout>

#include <qcustomplot.h>

#include <bit>
#include <map>

namespace ui {

namespace {
/// The octave of a wait: 0 for < 1 us, then k for [2^(k-1), 2^k) us.
int octave(int64_t ns) {
    const int64_t us = ns / 1000;
    return us <= 0 ? 0 : std::bit_width(static_cast<uint64_t>(us));
}
/// The bar's lower bound, short, with two significant digits: 1 us, 2 us, ... 512 us, 1.0 ms,
/// 2.0 ms, 4.1 ms, ... 1.1 s.
QString octaveLabel(int k) {
    if (k == 0)
        return QStringLiteral("<") + formatNs(1000, 1000);
    const SimNs ns = SimNs{1000} << (k - 1);
    return formatNs(ns, ns < 1'000'000 ? 1000 : resolutionFor(ns) * 10); // whole microseconds below 1 ms
}
} // namespace

LatencyHistogramPlot::LatencyHistogramPlot(QWidget* parent)
    : QWidget(parent)
    , m_plot(new QCustomPlot(this))
    , m_bars(new QCPBars(m_plot->xAxis, m_plot->yAxis)) {
    setObjectName(QStringLiteral("latencyHistogramPlot"));
    m_bars->setBrush(QColor(0x00, 0x72, 0xB2));
    m_bars->setPen(Qt::NoPen);
    m_bars->setWidth(0.85);
    m_plot->yAxis->setLabel(tr("waits"));
    followAxes(*m_plot, nullptr, m_plot->yAxis);
    m_plot->plotLayout()->insertRow(0);
    m_title = new QCPTextElement(m_plot, QString(), QFont(font().family(), font().pointSize() - 1));
    m_plot->plotLayout()->addElement(0, 0, m_title);
    auto* box = new QVBoxLayout(this);
    box->setContentsMargins(0, 0, 0, 0);
    box->addWidget(m_plot);
    setHistogram({}, {}, {});
}

LatencyHistogramPlot::~LatencyHistogramPlot() = default;

void LatencyHistogramPlot::setHistogram(const core::LatencyHistogram& h, const QString& who,
                                        const QString& source) {
    m_histogram = h;
    m_who = who;
    m_source = source;
    std::map<int, double> counts;
    for (const core::LatencyHistogram::Bucket& b : h.buckets())
        counts[octave(b.low.count())] += static_cast<double>(b.samples);
    const int last = counts.empty() ? 4 : std::max(4, counts.rbegin()->first);
    QVector<double> keys, values;
    QSharedPointer<QCPAxisTickerText> ticker(new QCPAxisTickerText);
    double maxY = 1;
    m_drawn = 0;
    for (int k = 0; k <= last; ++k) {
        const double v = counts.count(k) ? counts[k] : 0;
        keys << k;
        values << v;
        maxY = std::max(maxY, v);
        m_drawn += static_cast<uint64_t>(v);
        // Every label when they fit, else every other one.
        if (last < 16 || k % 2 == 0)
            ticker->addTick(k, octaveLabel(k));
    }
    m_bars->setData(keys, values, true);
    m_plot->xAxis->setTicker(ticker);
    m_plot->xAxis->setTickLabelRotation(last > 8 ? 45 : 0);
    m_plot->xAxis->setRange(-0.6, last + 0.6);
    m_plot->yAxis->setRange(0, maxY * 1.1);
    if (h.count() == 0) {
        m_titleText = tr("no waits in this range");
        m_shortTitle = m_titleText;
    } else {
        // Each figure stays whole on a line: its words are joined by non-breaking spaces.
        auto part = [](const QString& name, SimNs ns) {
            return QStringLiteral("%1 %2")
                .arg(name, formatNsShort(ns))
                .replace(QLatin1Char(' '), QChar(0xA0));
        };
        m_titleText =
            QStringList{
                tr("%n wait(s)", nullptr, static_cast<int>(h.count())).replace(QLatin1Char(' '), QChar(0xA0)),
                part(QStringLiteral("p50"), h.percentile(0.5).count()),
                part(QStringLiteral("p90"), h.percentile(0.9).count()),
                part(QStringLiteral("p99"), h.percentile(0.99).count()), part(tr("max"), h.max().count())}
                .join(QStringLiteral("  "));
        m_shortTitle = QStringList{tr("%n wait(s)", nullptr, static_cast<int>(h.count())),
                                   part(tr("max"), h.max().count())}
                           .join(QStringLiteral("  "));
    }
    fitText();
}

QString LatencyHistogramPlot::titleText() const {
    return m_title->text();
}

void LatencyHistogramPlot::resizeEvent(QResizeEvent* e) {
    QWidget::resizeEvent(e);
    fitText();
}

void LatencyHistogramPlot::fitText() {
    const int width = std::max(80, m_plot->width() - 16);
    // Where the plot is too short for every figure: the count and the longest wait only, then none
    // (hovering the title tells them all).
    fitTitle(*m_title, {m_titleText, m_shortTitle, QString()});
    m_plot->xAxis->setLabel(wrapToWidth(tr("wait for a CPU (a bar: from its value to twice it)"),
                                        m_plot->xAxis->labelFont(), width));
    m_plot->replot(QCustomPlot::rpQueuedReplot);
}

QString LatencyHistogramPlot::exportTitle() const {
    return tr("Wait for a CPU: %1 (%2)").arg(m_who, m_source);
}

void LatencyHistogramPlot::renderTo(QPainter& painter, const QRect& target) {
    renderCustomPlot(*m_plot, painter, target);
}

QByteArray LatencyHistogramPlot::csv() const {
    CsvWriter out;
    out.row({QStringLiteral("from_ns"), QStringLiteral("to_ns"), QStringLiteral("waits")});
    for (const core::LatencyHistogram::Bucket& b : m_histogram.buckets())
        out.row(
            {QString::number(b.low.count()), QString::number(b.high.count()), QString::number(b.samples)});
    return out.data();
}

} // namespace ui
