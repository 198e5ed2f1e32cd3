#include "plots/migrationmatrixplot.h"

#include "controller/session.h"
#include "export/csv.h"
#include "plots/heatgradient.h"
#include "plots/plotrender.h"

#include <QVBoxLayout>

#include <cmath>
#include <limits>

#include <qcustomplot.h>

namespace ui {

MigrationMatrixPlot::MigrationMatrixPlot(Session& session, QWidget* parent)
    : QWidget(parent)
    , m_session(session)
    , m_plot(new QCustomPlot(this))
    , m_map(new QCPColorMap(m_plot->xAxis, m_plot->yAxis))
    , m_scale(new QCPColorScale(m_plot)) {
    setObjectName(QStringLiteral("migrationMatrix"));
    m_plot->xAxis->setLabel(tr("to CPU"));
    m_plot->yAxis->setLabel(tr("from CPU"));
    m_plot->yAxis->setRangeReversed(true);
    m_plot->plotLayout()->addElement(0, 1, m_scale);
    m_scale->setLabel(tr("migrations"));
    m_map->setColorScale(m_scale);
    // A perceptually ordered sequential map (light yellow to dark purple, lightness falling
    // steadily) over a log scale: one migration and a thousand are both readable. Cells with no
    // migration are NaN and drawn white, apart from the scale.
    const QCPColorGradient g = sequentialHeatGradient(QColor(0xfc, 0xfd, 0xbf));
    m_map->setGradient(g);
    m_map->setDataScaleType(QCPAxis::stLogarithmic);
    m_scale->setDataScaleType(QCPAxis::stLogarithmic);
    m_scale->axis()->setTicker(QSharedPointer<QCPAxisTickerLog>(new QCPAxisTickerLog));
    m_map->setInterpolate(false);
    auto* margins = new QCPMarginGroup(m_plot);
    m_plot->axisRect()->setMarginGroup(QCP::msBottom | QCP::msTop, margins);
    m_scale->setMarginGroup(QCP::msBottom | QCP::msTop, margins);
    connect(&session.view(), &ViewState::rangeChanged, this, [this] { refreshWhenVisible(); });
    connect(&session.view(), &ViewState::selectionChanged, this, [this] { refreshWhenVisible(); });
    auto* box = new QVBoxLayout(this);
    box->setContentsMargins(0, 0, 0, 0);
    box->addWidget(m_plot);
    followSession(this, session);
}

MigrationMatrixPlot::~MigrationMatrixPlot() = default;

void MigrationMatrixPlot::refresh() {
    const History& h = m_session.history();
    const uint32_t n = std::max(1u, h.nrCpus());
    m_block = (n + 255) / 256;
    const int cells = static_cast<int>((n + m_block - 1) / m_block);
    m_map->data()->setSize(cells, cells);
    m_map->data()->setRange(QCPRange(0, (cells - 1) * double(m_block)),
                            QCPRange(0, (cells - 1) * double(m_block)));
    const ViewState& v = m_session.view();
    const auto [lo, hi] = h.migrationsWithin(v.rangeStart(), v.rangeEnd() + 1);
    m_total = 0;
    std::vector<double> counts(size_t(cells) * size_t(cells), 0.0);
    const auto& migs = h.migrations();
    for (size_t i = lo; i < hi; ++i) {
        const core::MigrationRecord& m = migs[i];
        if (v.selectedCpu() && m.from != *v.selectedCpu() && m.to != *v.selectedCpu())
            continue;
        counts[size_t(m.from / m_block) * size_t(cells) + size_t(m.to / m_block)] += 1;
        m_total += 1;
    }
    double most = 1;
    for (int y = 0; y < cells; ++y)
        for (int x = 0; x < cells; ++x) {
            const double n = counts[size_t(y) * size_t(cells) + size_t(x)];
            m_map->data()->setCell(x, y, n > 0 ? n : std::numeric_limits<double>::quiet_NaN());
            most = std::max(most, n);
        }
    // Log scale from one migration; a decade at least so the scale has ticks.
    m_map->setDataRange(QCPRange(1, std::max(10.0, most)));
    // Whole CPUs on the axes, named by the kernel's numbers (topology.cpu_numbers): at most
    // about eight labels, a power-of-two apart.
    uint32_t step = m_block;
    while (n / step > 8)
        step *= 2;
    auto ticker = QSharedPointer<QCPAxisTickerText>::create();
    for (uint32_t c = 0; c < n; c += step)
        ticker->addTick(c, QString::number(h.kernelCpu(c)));
    m_plot->xAxis->setTicker(ticker);
    m_plot->yAxis->setTicker(ticker);
    const double half = m_block / 2.0;
    m_plot->xAxis->setRange(-half, (cells - 1) * double(m_block) + half);
    m_plot->yAxis->setRange(-half, (cells - 1) * double(m_block) + half);
    m_plot->replot(QCustomPlot::rpQueuedReplot);
}

QString MigrationMatrixPlot::exportTitle() const {
    const auto spec = m_session.spec();
    return tr("Migrations from CPU to CPU: %1").arg(spec ? QString::fromStdString(spec->name) : QString());
}

void MigrationMatrixPlot::renderTo(QPainter& painter, const QRect& target) {
    renderCustomPlot(*m_plot, painter, target);
}

QByteArray MigrationMatrixPlot::csv() const {
    CsvWriter out;
    const int cells = m_map->data()->keySize();
    const core::Topology* topo = m_session.topology();
    auto label = [this, topo](int i) {
        const auto first = static_cast<uint32_t>(i * m_block);
        if (topo && first < topo->nrCpus())
            return QString::fromStdString(m_block == 1
                                              ? topo->cpuName(core::CpuId(first))
                                              : topo->cpuRangeName(first, static_cast<uint32_t>(m_block)));
        return m_block == 1 ? QStringLiteral("cpu%1").arg(i)
                            : QStringLiteral("cpu%1-%2").arg(i * m_block).arg((i + 1) * m_block - 1);
    };
    QStringList header{QStringLiteral("from\\to")};
    for (int x = 0; x < cells; ++x)
        header << label(x);
    out.row(header);
    for (int y = 0; y < cells; ++y) {
        QStringList row{label(y)};
        for (int x = 0; x < cells; ++x)
            row << QString::number(std::isnan(m_map->data()->cell(x, y)) ? 0.0 : m_map->data()->cell(x, y),
                                   'f', 0);
        out.row(row);
    }
    return out.data();
}

} // namespace ui
