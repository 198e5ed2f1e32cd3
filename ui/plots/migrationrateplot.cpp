#include "plots/migrationrateplot.h"

#include "controller/format.h"
#include "controller/kerneltext.h"

#include "base/trace.h"
#include "controller/session.h"
#include "export/csv.h"
#include "plots/plotlabels.h"
#include "plots/plotrender.h"

#include <QVBoxLayout>

#include <qcustomplot.h>

#include <array>

namespace ui {

namespace {
constexpr int kBins = 60;
/// One colour per migration reason, in core::MigrationReason order (Okabe-Ito).
const std::array<QColor, core::kMigrationReasonCount> kReasonColors = {
    QColor(0x56, 0xB4, 0xE9), QColor(0xE6, 0x9F, 0x00), QColor(0x00, 0x72, 0xB2),
    QColor(0x00, 0x9E, 0x73), QColor(0xCC, 0x79, 0xA7), QColor(0xD5, 0x5E, 0x00),
    QColor(0x99, 0x99, 0x99), QColor(0x33, 0x33, 0x33), QColor(0xF0, 0xE4, 0x42)};
} // namespace

MigrationRatePlot::MigrationRatePlot(Session& session, QWidget* parent)
    : QWidget(parent)
    , m_session(session)
    , m_plot(new QCustomPlot(this)) {
    setObjectName(QStringLiteral("migrationRatePlot"));
    m_axisText = tr("simulated time (s)");
    m_plot->xAxis->setLabel(m_axisText);
    // After each layout, the label wrapped to the axes' width as laid out.
    connect(m_plot, &QCustomPlot::afterLayout, this, [this] {
        if (fitText())
            m_plot->replot(QCustomPlot::rpQueuedReplot);
    });
    // Tick labels as fine as the range in view needs, never crowded.
    followAxes(*m_plot, m_plot->xAxis, nullptr);

    // The legend in its own column, so it never covers bars.
    m_plot->legend->setVisible(true);
    QFont small = m_plot->legend->font();
    small.setPointSizeF(small.pointSizeF() * 0.85);
    m_plot->legend->setFont(small);
    m_plot->legend->setRowSpacing(0);
    auto* side = new QCPLayoutGrid;
    m_plot->plotLayout()->addElement(0, 1, side);
    side->addElement(0, 0, m_plot->legend);
    side->setMargins(QMargins(0, 2, 3, 2)); // the legend's frame stays inside the widget
    m_plot->plotLayout()->setColumnStretchFactor(1, 0.001);
    QCPBars* below = nullptr;
    for (size_t r = 0; r < m_bars.size(); ++r) {
        auto* b = new QCPBars(m_plot->xAxis, m_plot->yAxis);
        b->setName(migrationReasonText(static_cast<core::MigrationReason>(r)));
        b->setBrush(kReasonColors[r]);
        b->setPen(Qt::NoPen);
        b->setWidthType(QCPBars::wtPlotCoords);
        if (below)
            b->moveAbove(below);
        below = b;
        m_bars[r] = b;
    }
    connect(&session.view(), &ViewState::rangeChanged, this, [this] { refreshWhenVisible(); });
    auto* box = new QVBoxLayout(this);
    box->setContentsMargins(0, 0, 0, 0);
    box->addWidget(m_plot);
    followSession(this, session);
}

MigrationRatePlot::~MigrationRatePlot() = default;

void MigrationRatePlot::refresh() {
    const History& h = m_session.history();
    const ViewState& v = m_session.view();
    const auto& samples = h.samples();
    const double x0 = toSeconds(v.rangeStart()), x1 = toSeconds(v.rangeEnd());
    const SimNs binNs = std::max<SimNs>(1, (v.rangeEnd() - v.rangeStart()) / kBins);
    // Where History still holds the records, count them exactly; where it compacted them
    // away, use the counter samples (cumulative by reason, at the last sample before t).
    auto cumAt = [&](SimNs t, size_t r) -> double {
        if (samples.empty() || samples.front().time > t)
            return 0;
        return static_cast<double>(samples[h.sampleAt(t)].counters.migrationsByReason[r]);
    };
    std::vector<std::array<double, core::kMigrationReasonCount>> exact(kBins);
    {
        const auto [lo, hi] = h.migrationsWithin(std::max(v.rangeStart(), h.coarseUntil()), v.rangeEnd());
        const auto& migs = h.migrations();
        for (size_t i = lo; i < hi; ++i) {
            const SimNs b = (migs[i].time.count() - v.rangeStart()) / binNs;
            if (b >= 0 && b < kBins)
                exact[static_cast<size_t>(b)][static_cast<size_t>(migs[i].reason)] += 1;
        }
    }
    double maxY = 1;
    m_drawnTotal = 0;
    std::vector<double> stack(kBins, 0);
    for (size_t r = 0; r < m_bars.size(); ++r) {
        QVector<double> keys, values;
        for (int b = 0; b < kBins; ++b) {
            const SimNs a = v.rangeStart() + b * binNs, e = std::min(a + binNs, h.now());
            if (a >= h.now())
                break;
            const double n =
                a >= h.coarseUntil() ? exact[static_cast<size_t>(b)][r] : cumAt(e, r) - cumAt(a, r);
            keys << toSeconds(a + binNs / 2);
            values << n;
            stack[static_cast<size_t>(b)] += n;
            m_drawnTotal += n;
        }
        m_bars[r]->setWidth(toSeconds(binNs) * 0.9);
        m_bars[r]->setData(keys, values, true);
    }
    for (double s : stack)
        maxY = std::max(maxY, s);
    m_plot->xAxis->setRange(x0, x1);
    m_plot->yAxis->setRange(0, maxY * 1.1);
    // The bar width is the interval: say it, or the counts mean nothing.
    // The bin on the long axis, where it has room at any size.
    m_plot->yAxis->setLabel(tr("migrations"));
    m_axisText = h.fromTrace() ? tr("trace time (s), bins of %1; reasons inferred").arg(formatNs(binNs))
                               : tr("simulated time (s), bins of %1").arg(formatNs(binNs));
    fitText();
    m_plot->replot(QCustomPlot::rpQueuedReplot);
}

bool MigrationRatePlot::fitText() {
    // The label is centred under the axes, which share the width with the y axis and the
    // legend's column: known after a layout.
    return wrapAxisLabel(*m_plot->xAxis, m_axisText);
}

QString MigrationRatePlot::exportTitle() const {
    const auto spec = m_session.spec();
    return tr("Migrations per interval by reason: %1")
        .arg(spec ? QString::fromStdString(spec->name) : QString());
}

void MigrationRatePlot::renderTo(QPainter& painter, const QRect& target) {
    renderCustomPlot(*m_plot, painter, target);
}

QStringList MigrationRatePlot::seriesNames() const {
    QStringList names;
    for (int i = 0; i < m_plot->legend->itemCount(); ++i)
        if (auto* item = qobject_cast<QCPPlottableLegendItem*>(m_plot->legend->item(i)))
            names << item->plottable()->name();
    return names;
}

QByteArray MigrationRatePlot::csv() const {
    CsvWriter out;
    QStringList header{QStringLiteral("interval_middle_s")};
    for (size_t r = 0; r < m_bars.size(); ++r) { // core's names: the columns are for programs
        const std::string_view name = core::migrationReasonName(static_cast<core::MigrationReason>(r));
        header << QString::fromLatin1(name.data(), static_cast<qsizetype>(name.size()));
    }
    out.row(header);
    const auto first = m_bars[0]->data();
    for (int i = 0; i < first->size(); ++i) {
        QStringList row{QString::number((first->constBegin() + i)->key, 'f', 9)};
        for (QCPBars* b : m_bars)
            row << QString::number(i < b->data()->size() ? (b->data()->constBegin() + i)->value : 0, 'f', 0);
        out.row(row);
    }
    return out.data();
}

} // namespace ui
