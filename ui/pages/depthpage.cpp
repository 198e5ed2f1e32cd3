#include "pages/depthpage.h"

#include "export/exportregistry.h"
#include "plots/depthchart.h"

#include <QElapsedTimer>
#include <QHBoxLayout>
#include <QLabel>
#include <QProgressBar>
#include <QPushButton>
#include <QVBoxLayout>
#include <QtConcurrent>

namespace ui {

namespace {
const QList<int> kDepths = {0, 1, 2, 3, 4, 5, 6, 8, 12, 16, 24, 32, 50};
constexpr uint64_t kRoundTrips = 20000;
} // namespace

DepthPage::DepthPage(QWidget* parent)
    : QWidget(parent)
    , m_chart(new DepthChart(this))
    , m_run(new QPushButton(tr("Run sweep again"), this))
    , m_progress(new QProgressBar(this))
    , m_status(new QLabel(this)) {
    m_status->setWordWrap(true);
    m_status->setText(tr("perfpipe, %1 round trips per point, at %2 depths; each point runs three engines.")
                          .arg(kRoundTrips)
                          .arg(kDepths.size()));
    m_progress->setRange(0, static_cast<int>(kDepths.size()));
    m_progress->setVisible(false);
    connect(m_run, &QPushButton::clicked, this, [this] {
        m_done = false;
        compute();
    });
    connect(&m_watcher, &QFutureWatcher<core::DepthPoint>::progressValueChanged, m_progress,
            &QProgressBar::setValue);
    connect(&m_watcher, &QFutureWatcher<core::DepthPoint>::finished, this, [this] {
        std::vector<core::DepthPoint> points;
        for (const core::DepthPoint& p : m_watcher.future().results())
            points.push_back(p);
        std::sort(points.begin(), points.end(),
                  [](const auto& a, const auto& b) { return a.depth < b.depth; });
        m_chart->setPoints(points);
        m_progress->setVisible(false);
        m_run->setEnabled(true);
        m_done = true;
        m_computing = false;
        m_status->setText(tr("The direct walk gains while the hierarchy stays in cache and loses beyond; "
                             "PSI off is the ceiling."));
        emit computed();
    });
    auto* row = new QHBoxLayout;
    row->addWidget(m_status, 1);
    row->addWidget(m_progress);
    row->addWidget(m_run);
    auto* layout = new QVBoxLayout(this);
    layout->setContentsMargins(4, 4, 4, 4);
    layout->addLayout(row);
    layout->addWidget(m_chart, 1);
}

DepthPage::~DepthPage() {
    m_watcher.cancel();
    m_watcher.waitForFinished();
}

void DepthPage::compute() {
    if (m_done || m_computing)
        return;
    m_computing = true;
    m_run->setEnabled(false);
    m_progress->setValue(0);
    m_progress->setVisible(true);
    m_status->setText(tr("Running the sweep..."));
    // Each depth on its own: the pool runs them in parallel and reports progress per point.
    m_watcher.setFuture(QtConcurrent::mapped(
        kDepths, [](int depth) { return core::psiDepthSweep({depth}, kRoundTrips).front(); }));
}

void DepthPage::addExports(ExportRegistry& exports) {
    exports.add(this);
}

QString DepthPage::exportName() const {
    return m_chart->exportName();
}

QString DepthPage::exportTitle() const {
    return m_chart->exportTitle();
}

QWidget* DepthPage::exportWidget() {
    return m_chart;
}

void DepthPage::renderTo(QPainter& painter, const QRect& target) {
    m_chart->renderTo(painter, target);
}

QByteArray DepthPage::csv() const {
    return m_chart->csv();
}

void DepthPage::showEvent(QShowEvent* e) {
    QWidget::showEvent(e);
    compute();
}

} // namespace ui
