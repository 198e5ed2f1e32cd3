#include "plots/migrationmatrixplot.h"

#include "controller/session.h"
#include "export/csv.h"
#include "plots/plotrender.h"

#include <QVBoxLayout>

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
    QCPColorGradient g(QCPColorGradient::gpHot);
    g.setColorStopAt(0, QColor(250, 250, 250));
    g.setColorStopAt(0.001, QColor(255, 240, 180));
    g.setColorStopAt(0.5, QColor(230, 90, 20));
    g.setColorStopAt(1, QColor(90, 0, 0));
    m_map->setGradient(g);
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
    m_map->data()->fill(0);
    const ViewState& v = m_session.view();
    const auto [lo, hi] = h.migrationsWithin(v.rangeStart(), v.rangeEnd() + 1);
    m_total = 0;
    const auto& migs = h.migrations();
    for (size_t i = lo; i < hi; ++i) {
        const core::MigrationRecord& m = migs[i];
        if (v.selectedCpu() && m.from != *v.selectedCpu() && m.to != *v.selectedCpu())
            continue;
        const int x = static_cast<int>(m.to / m_block), y = static_cast<int>(m.from / m_block);
        m_map->data()->setCell(x, y, m_map->data()->cell(x, y) + 1);
        m_total += 1;
    }
    m_map->rescaleDataRange(true);
    if (m_map->dataRange().upper < 1)
        m_map->setDataRange(QCPRange(0, 1));
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
    auto label = [this](int i) {
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
            row << QString::number(m_map->data()->cell(x, y), 'f', 0);
        out.row(row);
    }
    return out.data();
}

} // namespace ui
