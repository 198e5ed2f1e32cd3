#include "plots/depthchart.h"

#include "export/csv.h"
#include "plots/plotlabels.h"
#include "plots/plotrender.h"

#include <QChart>
#include <QChartView>
#include <QLineSeries>
#include <QVBoxLayout>
#include <QValueAxis>

namespace ui {

DepthChart::DepthChart(QWidget* parent)
    : QWidget(parent)
    , m_view(new QChartView(this))
    , m_parent(new QLineSeries)
    , m_direct(new QLineSeries)
    , m_noPsi(new QLineSeries)
    , m_x(new QValueAxis)
    , m_y(new QValueAxis) {
    setObjectName(QStringLiteral("depthChart"));
    m_view->setRenderHint(QPainter::Antialiasing);
    auto* c = new QChart;
    c->setTitle(tr("PSI cost versus cgroup depth (perfpipe, psi_direct_iteration)"));
    // Short names (the title names the change), so that the three read whole in a row under a
    // chart at 1024x640; the whole ones in the tooltip.
    m_parent->setName(tr("change off"));
    m_direct->setName(tr("change on"));
    m_noPsi->setName(tr("PSI off"));
    m_view->setToolTip(QStringList{tr("round trips per simulated second"),
                                   tr("cached parent pointer (change off)"),
                                   tr("direct cgroup walk (change on)"), tr("PSI off")}
                           .join(QLatin1Char('\n')));
    m_parent->setPen(QPen(QColor(0x00, 0x72, 0xB2), 2));
    m_direct->setPen(QPen(QColor(0xD5, 0x5E, 0x00), 2));
    m_noPsi->setPen(QPen(QColor(0x99, 0x99, 0x99), 1.5, Qt::DashLine));
    m_parent->setPointsVisible(true);
    m_direct->setPointsVisible(true);
    for (QLineSeries* s : {m_parent, m_direct, m_noPsi})
        c->addSeries(s);
    m_x->setTitleText(tr("cgroup levels below the root"));
    m_x->setLabelFormat(QStringLiteral("%d"));
    m_y->setTitleText(tr("round trips per simulated second"));
    m_y->setLabelFormat(QStringLiteral("%.0f"));
    // The vertical title runs along the plot's height: where that is short (1024x640), the short
    // wording, never a cut one; the whole one in the view's tooltip.
    connect(c, &QChart::plotAreaChanged, this, [this](const QRectF& area) {
        const QString full = tr("round trips per simulated second");
        const QString text =
            firstThatFits({full, tr("round trips/s")}, m_y->titleFont(), static_cast<int>(area.height()));
        if (text != m_y->titleText())
            m_y->setTitleText(text);
    });
    c->addAxis(m_x, Qt::AlignBottom);
    c->addAxis(m_y, Qt::AlignLeft);
    for (QLineSeries* s : {m_parent, m_direct, m_noPsi}) {
        s->attachAxis(m_x);
        s->attachAxis(m_y);
    }
    c->legend()->setAlignment(Qt::AlignBottom);
    c->legend()->setShowToolTips(true);     // an entry cut short on a narrower chart still says all
    QFont legendFont = c->legend()->font(); // smaller than the axes, as the pressure chart's
    legendFont.setPointSizeF(legendFont.pointSizeF() * 0.85);
    c->legend()->setFont(legendFont);
    m_view->setChart(c);
    auto* box = new QVBoxLayout(this);
    box->setContentsMargins(0, 0, 0, 0);
    box->addWidget(m_view);
}

void DepthChart::setPoints(const std::vector<core::DepthPoint>& points) {
    m_points = points;
    QList<QPointF> p, d, n;
    double maxY = 1, maxX = 1;
    for (const core::DepthPoint& pt : points) {
        p.append(QPointF(pt.depth, pt.parentOpsPerSec));
        d.append(QPointF(pt.depth, pt.directOpsPerSec));
        n.append(QPointF(pt.depth, pt.noPsiOpsPerSec));
        maxY = std::max({maxY, pt.parentOpsPerSec, pt.directOpsPerSec, pt.noPsiOpsPerSec});
        maxX = std::max(maxX, static_cast<double>(pt.depth));
    }
    m_parent->replace(p);
    m_direct->replace(d);
    m_noPsi->replace(n);
    m_x->setRange(0, maxX);
    m_y->setRange(0, maxY * 1.1);
    m_x->applyNiceNumbers();
    m_y->applyNiceNumbers();
}

QString DepthChart::exportTitle() const {
    return tr("PSI cost versus cgroup depth (perfpipe round trips per simulated second)");
}

void DepthChart::renderTo(QPainter& painter, const QRect& target) {
    renderChart(*m_view->chart(), painter, target);
}

QByteArray DepthChart::csv() const {
    if (m_points.empty())
        return {};
    CsvWriter out;
    out.row({QStringLiteral("depth"), QStringLiteral("cached_parent_ops_per_s"),
             QStringLiteral("direct_walk_ops_per_s"), QStringLiteral("psi_off_ops_per_s")});
    for (const core::DepthPoint& p : m_points)
        out.row({QString::number(p.depth), QString::number(p.parentOpsPerSec, 'f', 1),
                 QString::number(p.directOpsPerSec, 'f', 1), QString::number(p.noPsiOpsPerSec, 'f', 1)});
    return out.data();
}

} // namespace ui
