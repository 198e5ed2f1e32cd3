#include "plots/sweepplot.h"

#include "export/csv.h"
#include "plots/heatgradient.h"
#include "plots/plotrender.h"

#include <QHelpEvent>
#include <QToolTip>
#include <QVBoxLayout>

#include <qcustomplot.h>

#include <array>
#include <cmath>
#include <limits>

namespace ui {

namespace {

/// One colour per line (Okabe-Ito, the yellow left out: it cannot be read on white).
const std::array<QColor, 7> kLineColors = {
    QColor(0x00, 0x72, 0xB2), QColor(0xD5, 0x5E, 0x00), QColor(0x00, 0x9E, 0x73), QColor(0xCC, 0x79, 0xA7),
    QColor(0xE6, 0x9F, 0x00), QColor(0x56, 0xB4, 0xE9), QColor(0x33, 0x33, 0x33)};
/// Past seven lines the colours come round again with another marker.
const std::array<QCPScatterStyle::ScatterShape, 4> kShapes = {
    QCPScatterStyle::ssCircle, QCPScatterStyle::ssSquare, QCPScatterStyle::ssTriangle,
    QCPScatterStyle::ssDiamond};
/// How near (pixels) a click or the mouse must be to a point.
constexpr double kHitPixels = 9;
/// Heat maps this small write each cell's mean into it.
constexpr size_t kMaxLabelledCells = 100;

/// A figure as short as its precision allows: whole numbers whole, others to four digits.
QString number(double v) {
    if (std::isfinite(v) && std::abs(v) < 1e15 && v == std::round(v))
        return QString::number(v, 'f', 0);
    if (std::abs(v) >= 1000)
        return QString::number(v, 'f', 1);
    return QString::number(v, 'g', 4);
}

/// The perceptually ordered sequential map of the migration matrix (pale yellow to dark
/// purple), its light end a shade darker so that it is not taken for white: cells no finished
/// cell has are NaN and drawn white.
QCPColorGradient heatGradient() {
    return sequentialHeatGradient(QColor(0xfb, 0xe7, 0x9c));
}

QSharedPointer<QCPAxisTickerText> textTicker(const QStringList& labels) {
    auto ticker = QSharedPointer<QCPAxisTickerText>::create();
    for (qsizetype i = 0; i < labels.size(); ++i)
        ticker->addTick(static_cast<double>(i), labels[i]);
    return ticker;
}

/// Long labels side by side would overlap: tilted when there are many or they are long.
double labelRotation(const QStringList& labels) {
    qsizetype chars = 0;
    for (const QString& l : labels)
        chars += l.size() + 2;
    return chars > 60 ? 30 : 0;
}

} // namespace

SweepPlot::SweepPlot(QWidget* parent)
    : QWidget(parent)
    , m_plot(new QCustomPlot(this))
    , m_side(new QCPLayoutGrid) {
    setObjectName(QStringLiteral("sweepPlot"));
    // Title and detail over the axes and the column on their right (the legend or the colour
    // scale), so that both are centred over the whole chart.
    QCPLayoutGrid* layout = m_plot->plotLayout();
    QCPAxisRect* rect = m_plot->axisRect();
    layout->take(rect);
    layout->simplify();
    QFont bold = font();
    bold.setBold(true);
    m_title = new QCPTextElement(m_plot, QString(), bold);
    QFont small = font();
    small.setPointSizeF(small.pointSizeF() * 0.9);
    m_detail = new QCPTextElement(m_plot, QString(), small);
    m_detail->setTextColor(QColor(0x44, 0x44, 0x44));
    auto* body = new QCPLayoutGrid;
    layout->addElement(0, 0, m_title);
    layout->addElement(1, 0, m_detail);
    layout->addElement(2, 0, body);
    layout->setRowSpacing(0);
    body->addElement(0, 0, rect);
    body->addElement(0, 1, m_side);
    body->setColumnStretchFactor(1, 0.001);
    m_side->setMargins(QMargins(0, 2, 4, 2)); // the legend's frame stays inside the widget
    m_plot->legend->setFont(small);
    m_plot->legend->setRowSpacing(0);
    m_side->addElement(0, 0, m_plot->legend);
    m_spacer = new QCPLayoutElement(m_plot);

    m_scale = new QCPColorScale(m_plot);
    m_scale->setVisible(false);
    auto* margins = new QCPMarginGroup(m_plot);
    rect->setMarginGroup(QCP::msBottom | QCP::msTop, margins);
    m_scale->setMarginGroup(QCP::msBottom | QCP::msTop, margins);

    m_plot->setMouseTracking(true);
    m_plot->installEventFilter(this);
    connect(m_plot, &QCustomPlot::mousePress, this, [this](QMouseEvent* e) { m_pressed = e->pos(); });
    connect(m_plot, &QCustomPlot::mouseRelease, this, [this](QMouseEvent* e) {
        if (e->button() == Qt::LeftButton && (e->pos() - m_pressed).manhattanLength() <= 4)
            clickAt(e->pos());
        m_pressed = QPoint(-1, -1);
    });
    connect(m_plot, &QCustomPlot::mouseMove, this, [this](QMouseEvent* e) {
        m_plot->setCursor(pointAt(e->pos()) ? Qt::PointingHandCursor : Qt::ArrowCursor);
    });
    auto* box = new QVBoxLayout(this);
    box->setContentsMargins(0, 0, 0, 0);
    box->addWidget(m_plot);
}

SweepPlot::~SweepPlot() = default;

void SweepPlot::clear() {
    m_plot->clearPlottables(); // the graphs, their error bars and the colour map
    m_plot->clearItems();
    m_map = nullptr;
    m_lines.reset();
    m_grid.reset();
    // The side column holds the legend or the colour scale, whichever is shown.
    for (QCPLayoutElement* e :
         {static_cast<QCPLayoutElement*>(m_plot->legend), m_spacer, static_cast<QCPLayoutElement*>(m_scale)})
        if (e->layout() == m_side)
            m_side->take(e);
    m_side->simplify();
}

void SweepPlot::setFramed(bool on) {
    for (QCPAxis* a : {m_plot->xAxis2, m_plot->yAxis2}) {
        a->setVisible(on);
        a->setTicks(false);
        a->setTickLabels(false);
    }
}

void SweepPlot::setTitle(const QString& title, const QString& detail) {
    m_title->setText(title);
    m_detail->setText(detail);
}

void SweepPlot::showLines(const SweepLines& lines, const SweepPlotLabels& labels) {
    clear();
    m_labels = labels;
    m_scale->setVisible(false);
    // The legend at the top of its column, as high as its entries.
    m_side->addElement(0, 0, m_plot->legend);
    m_side->addElement(1, 0, m_spacer);
    m_side->setRowStretchFactors({0.001, 1});
    double lo = std::numeric_limits<double>::infinity(), hi = -lo;
    for (size_t l = 0; l < lines.lines.size(); ++l) {
        const SweepLines::Line& line = lines.lines[l];
        const QColor color = kLineColors[l % kLineColors.size()];
        QCPGraph* graph = m_plot->addGraph();
        graph->setName(line.label.isEmpty() ? labels.metric : line.label);
        graph->setPen(QPen(color, 2));
        graph->setScatterStyle(
            QCPScatterStyle(kShapes[(l / kLineColors.size()) % kShapes.size()], color, Qt::white, 8));
        auto* bars = new QCPErrorBars(m_plot->xAxis, m_plot->yAxis);
        bars->removeFromLegend();
        bars->setDataPlottable(graph);
        bars->setPen(QPen(color, 1.5));
        bars->setWhiskerWidth(8);
        QVector<double> xs, means, errors;
        for (size_t i = 0; i < line.points.size(); ++i) {
            const SweepPoint& p = line.points[i];
            // A value of x with no finished cell between two that have one breaks the line
            // (a NaN is a gap) rather than being bridged.
            if (i > 0 && p.xIndex > line.points[i - 1].xIndex + 1) {
                xs << (line.points[i - 1].x + p.x) / 2;
                means << std::numeric_limits<double>::quiet_NaN();
                errors << 0;
            }
            xs << p.x;
            means << p.stat.mean;
            errors << p.stat.stdErr;
            lo = std::min(lo, p.stat.mean - p.stat.stdErr);
            hi = std::max(hi, p.stat.mean + p.stat.stdErr);
        }
        graph->setData(xs, means, true);
        bars->setData(errors);
    }
    m_plot->legend->setVisible(lines.lines.size() > 1);
    QCPAxis* x = m_plot->xAxis;
    x->grid()->setVisible(true);
    m_plot->yAxis->grid()->setVisible(true);
    setFramed(false);
    if (lines.numericX) {
        x->setTicker(QSharedPointer<QCPAxisTicker>::create());
        x->setTickLabelRotation(0);
        const auto [minX, maxX] = std::minmax_element(lines.xs.begin(), lines.xs.end());
        const double span = lines.xs.empty() ? 0 : *maxX - *minX;
        const double pad = span > 0 ? span * 0.06 : 1;
        x->setRange(lines.xs.empty() ? 0 : *minX - pad, lines.xs.empty() ? 1 : *maxX + pad);
    } else {
        x->setTicker(textTicker(lines.xLabels));
        x->setTickLabelRotation(labelRotation(lines.xLabels));
        x->setRange(-0.5, std::max<double>(0.5, static_cast<double>(lines.xLabels.size()) - 0.5));
    }
    m_plot->yAxis->setTicker(QSharedPointer<QCPAxisTicker>::create());
    if (std::isfinite(lo)) {
        const double pad = hi > lo ? (hi - lo) * 0.08 : std::max(1.0, std::abs(hi) * 0.05);
        m_plot->yAxis->setRange(lo - pad, hi + pad);
    } else {
        m_plot->yAxis->setRange(0, 1);
    }
    x->setLabel(labels.xAxis);
    m_plot->yAxis->setLabel(labels.metric);
    const QString title =
        labels.secondAxis.isEmpty()
            ? tr("%1 by %2").arg(labels.metric, labels.xAxis)
            : tr("%1 by %2, a line per %3").arg(labels.metric, labels.xAxis, labels.secondAxis);
    setTitle(title, labels.held.isEmpty()
                        ? tr("mean and standard error over the seeds")
                        : tr("mean and standard error over the seeds; %1").arg(labels.held));
    m_lines = lines;
    m_plot->replot();
}

void SweepPlot::showGrid(const SweepGrid& grid, const SweepPlotLabels& labels) {
    clear();
    m_labels = labels;
    m_plot->legend->setVisible(false);
    m_scale->setVisible(true);
    m_side->addElement(0, 0, m_scale);
    const int nx = static_cast<int>(grid.xLabels.size()), ny = static_cast<int>(grid.yLabels.size());
    m_map = new QCPColorMap(m_plot->xAxis, m_plot->yAxis);
    m_map->setInterpolate(false);
    m_map->setColorScale(m_scale); // the scale's gradient is the map's from here on
    m_scale->setGradient(heatGradient());
    m_map->data()->setSize(std::max(1, nx), std::max(1, ny));
    m_map->data()->setRange(QCPRange(0, std::max(0, nx - 1)), QCPRange(0, std::max(0, ny - 1)));
    double lo = std::numeric_limits<double>::infinity(), hi = -lo;
    for (int yi = 0; yi < ny; ++yi)
        for (int xi = 0; xi < nx; ++xi) {
            const std::optional<SweepPoint>& c = grid.cells[size_t(xi) + size_t(yi) * size_t(nx)];
            m_map->data()->setCell(xi, yi, c ? c->stat.mean : std::numeric_limits<double>::quiet_NaN());
            if (c) {
                lo = std::min(lo, c->stat.mean);
                hi = std::max(hi, c->stat.mean);
            }
        }
    if (!std::isfinite(lo))
        lo = 0, hi = 1;
    else if (hi <= lo)
        lo -= std::max(1.0, std::abs(lo) * 0.05), hi += std::max(1.0, std::abs(hi) * 0.05);
    m_map->setDataRange(QCPRange(lo, hi));
    m_scale->axis()->setLabel(labels.metric);
    for (QCPAxis* a : {m_plot->xAxis, m_plot->yAxis})
        a->grid()->setVisible(false);
    setFramed(true); // blank cells are white: the frame shows where the map ends
    m_plot->xAxis->setTicker(textTicker(grid.xLabels));
    m_plot->xAxis->setTickLabelRotation(labelRotation(grid.xLabels));
    m_plot->yAxis->setTicker(textTicker(grid.yLabels));
    m_plot->xAxis->setRange(-0.5, std::max(0, nx) - 0.5);
    m_plot->yAxis->setRange(-0.5, std::max(0, ny) - 0.5);
    m_plot->xAxis->setLabel(labels.xAxis);
    m_plot->yAxis->setLabel(labels.secondAxis);
    m_grid = grid;
    addGridLabels(grid);
    setTitle(tr("%1 over %2 and %3").arg(labels.metric, labels.xAxis, labels.secondAxis),
             labels.held.isEmpty() ? tr("mean over the seeds; blank: no finished cell")
                                   : tr("mean over the seeds; blank: no finished cell; %1").arg(labels.held));
    m_plot->replot();
}

void SweepPlot::addGridLabels(const SweepGrid& grid) {
    if (grid.cells.size() > kMaxLabelledCells || !m_map)
        return;
    const QCPRange range = m_map->dataRange();
    // Smaller once the cells get small.
    QFont small = font();
    if (grid.cells.size() > 36)
        small.setPointSizeF(small.pointSizeF() * 0.85);
    for (const std::optional<SweepPoint>& c : grid.cells) {
        if (!c)
            continue;
        auto* text = new QCPItemText(m_plot);
        text->position->setCoords(static_cast<double>(c->xIndex), static_cast<double>(c->lineIndex));
        text->setText(number(c->stat.mean));
        text->setFont(small);
        // Dark text on the light half of the scale, light text on the dark half.
        const double t = range.size() > 0 ? (c->stat.mean - range.lower) / range.size() : 0;
        text->setColor(t > 0.45 ? Qt::white : Qt::black);
        text->setClipToAxisRect(true);
    }
}

std::optional<SweepPoint> SweepPlot::pointAt(QPoint pos) const {
    if (!m_plot->axisRect()->rect().contains(pos))
        return std::nullopt;
    const QCPAxis* x = m_plot->xAxis;
    const QCPAxis* y = m_plot->yAxis;
    if (m_grid) {
        const double kx = std::round(x->pixelToCoord(pos.x())), ky = std::round(y->pixelToCoord(pos.y()));
        const qsizetype nx = m_grid->xLabels.size(), ny = m_grid->yLabels.size();
        if (kx < 0 || ky < 0 || kx >= static_cast<double>(nx) || ky >= static_cast<double>(ny))
            return std::nullopt;
        return m_grid->cells[static_cast<size_t>(kx) + static_cast<size_t>(ky) * static_cast<size_t>(nx)];
    }
    if (!m_lines)
        return std::nullopt;
    std::optional<SweepPoint> best;
    double bestDistance = kHitPixels;
    for (const SweepLines::Line& line : m_lines->lines)
        for (const SweepPoint& p : line.points) {
            const double d =
                std::hypot(x->coordToPixel(p.x) - pos.x(), y->coordToPixel(p.stat.mean) - pos.y());
            if (d <= bestDistance) {
                bestDistance = d;
                best = p;
            }
        }
    return best;
}

void SweepPlot::clickAt(QPoint pos) {
    if (const std::optional<SweepPoint> p = pointAt(pos))
        emit cellClicked(p->openCell);
}

QString SweepPlot::tooltipOf(const SweepPoint& p) const {
    QString second;
    if (m_grid)
        second = m_grid->yLabels.value(static_cast<qsizetype>(p.lineIndex));
    else if (m_lines && !m_labels.secondAxis.isEmpty())
        for (const SweepLines::Line& line : m_lines->lines)
            if (!line.points.empty() && line.points.front().lineIndex == p.lineIndex)
                second = line.label;
    const QStringList xLabels = m_grid ? m_grid->xLabels : m_lines->xLabels;
    QStringList lines;
    lines << QStringLiteral("%1 = %2").arg(m_labels.xAxis, xLabels.value(static_cast<qsizetype>(p.xIndex)));
    if (!m_labels.secondAxis.isEmpty())
        lines << QStringLiteral("%1 = %2").arg(m_labels.secondAxis, second);
    lines << tr("%1: mean %2 ± %3 (standard error), n = %4")
                 .arg(m_labels.metric, number(p.stat.mean), number(p.stat.stdErr))
                 .arg(p.stat.n);
    lines << tr("min %1, max %2").arg(number(p.stat.min), number(p.stat.max));
    if (p.failed > 0)
        lines << tr("%n of the cells failed and are left out", nullptr, static_cast<int>(p.failed));
    lines << tr("Click to run cell %1 (the first seed) in the main window").arg(p.openCell);
    return lines.join(QLatin1Char('\n'));
}

bool SweepPlot::eventFilter(QObject* watched, QEvent* event) {
    if (watched == m_plot && event->type() == QEvent::ToolTip) {
        auto* help = static_cast<QHelpEvent*>(event);
        if (const std::optional<SweepPoint> p = pointAt(help->pos()))
            QToolTip::showText(help->globalPos(), tooltipOf(*p), m_plot);
        else
            QToolTip::hideText();
        return true;
    }
    return QWidget::eventFilter(watched, event);
}

QString SweepPlot::exportTitle() const {
    return tr("Sweep results: %1").arg(m_labels.source);
}

void SweepPlot::renderTo(QPainter& painter, const QRect& target) {
    renderCustomPlot(*m_plot, painter, target);
}

QByteArray SweepPlot::csv() const {
    CsvWriter out;
    out.row({QStringLiteral("x"), m_grid ? QStringLiteral("y") : QStringLiteral("line"),
             QStringLiteral("mean"), QStringLiteral("stderr"), QStringLiteral("n"), QStringLiteral("min"),
             QStringLiteral("max")});
    size_t points = 0;
    auto row = [&out, &points](const QString& x, const QString& second, const SweepPoint& p) {
        out.row({x, second, QString::number(p.stat.mean, 'g', 15), QString::number(p.stat.stdErr, 'g', 15),
                 QString::number(p.stat.n), QString::number(p.stat.min, 'g', 15),
                 QString::number(p.stat.max, 'g', 15)});
        ++points;
    };
    if (m_grid) {
        for (const std::optional<SweepPoint>& c : m_grid->cells)
            if (c)
                row(m_grid->xLabels.value(static_cast<qsizetype>(c->xIndex)),
                    m_grid->yLabels.value(static_cast<qsizetype>(c->lineIndex)), *c);
    } else if (m_lines) {
        for (const SweepLines::Line& line : m_lines->lines)
            for (const SweepPoint& p : line.points)
                row(m_lines->xLabels.value(static_cast<qsizetype>(p.xIndex)), line.label, p);
    }
    return points > 0 ? out.data() : QByteArray(); // nothing drawn: no data to export
}

} // namespace ui
