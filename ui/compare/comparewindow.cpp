#include "compare/comparewindow.h"

#include "compare/comparedeltamodel.h"
#include "compare/compareside.h"
#include "controller/commanduse.h"
#include "controller/format.h"
#include "export/exportregistry.h"
#include "pages/querypage.h"
#include "pages/statuspanel.h"
#include "pages/windowsize.h"
#include "report/snapshot.h"

#include <QAction>

#include <QCheckBox>
#include <QComboBox>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QLabel>
#include <QScreen>
#include <QSplitter>
#include <QStatusBar>
#include <QTableView>
#include <QToolBar>
#include <algorithm>

namespace ui {

namespace {
constexpr int kPumpMs = 50;
}

CompareWindow::CompareWindow(const core::ScenarioSpec& spec, const std::string& sourceText, QWidget* parent)
    : QMainWindow(parent)
    , m_spec(spec)
    , m_text(sourceText)
    , m_a(new CompareSide(QStringLiteral("A")))
    , m_b(new CompareSide(QStringLiteral("B")))
    , m_delta(new CompareDeltaModel(this))
    , m_table(new QTableView)
    , m_time(new QLabel)
    , m_speed(new QComboBox) {
    setObjectName(QStringLiteral("compareWindow"));
    setAttribute(Qt::WA_DeleteOnClose);
    setWindowFlag(Qt::Window); // a window of its own, also when it has a parent
    setWindowTitle(tr("Compare A/B: %1 - SchedScope").arg(QString::fromStdString(spec.name)));

    m_table->setObjectName(QStringLiteral("deltaTable"));
    m_table->setModel(m_delta);
    m_table->verticalHeader()->setVisible(false);
    m_table->verticalHeader()->setDefaultSectionSize(fontMetrics().height() + 4);
    m_table->horizontalHeader()->setSectionResizeMode(QHeaderView::ResizeToContents);
    m_table->horizontalHeader()->setSectionResizeMode(CompareDeltaModel::Quantity, QHeaderView::Stretch);
    m_table->setAlternatingRowColors(true);

    // Side by side at equal widths, so that one time is at one x in both timelines.
    auto* sides = new QWidget;
    auto* sideLayout = new QHBoxLayout(sides);
    sideLayout->setContentsMargins(0, 0, 0, 0);
    sideLayout->addWidget(m_a, 1);
    sideLayout->addWidget(m_b, 1);
    auto* split = new QSplitter(Qt::Vertical);
    split->addWidget(sides);
    split->addWidget(m_table);
    split->setSizes({560, 300});
    setCentralWidget(split);

    m_exports = new ExportRegistry(this);
    m_a->addExports(*m_exports);
    m_b->addExports(*m_exports);
    m_exports->addTable(QStringLiteral("compare-delta"), tr("A/B delta"), m_table);
    connect(m_exports, &ExportRegistry::message, this,
            [this](const QString& m) { statusBar()->showMessage(m, 8000); });

    createActions();
    statusBar()->addPermanentWidget(m_time);

    for (CompareSide* side : {m_a, m_b}) {
        connect(&side->session(), &Session::updated, this, &CompareWindow::updateDelta);
        connect(side, &CompareSide::modelChosen, this, &CompareWindow::restart);
        CompareSide* other = side == m_a ? m_b : m_a;
        connect(&side->session().view(), &ViewState::rangeChanged, this,
                [this, side, other] { syncRange(side, other); });
        connect(&side->session().view(), &ViewState::cursorChanged, this, [this, side, other] {
            if (m_syncing)
                return;
            m_syncing = true;
            other->session().view().setCursor(side->session().view().cursor());
            m_syncing = false;
        });
    }
    connect(&m_pump, &QTimer::timeout, this, &CompareWindow::pump);
    restart();
    fitToScreen(*this, QSize(1500, 950));
}

CompareWindow::~CompareWindow() = default;

void CompareWindow::createActions() {
    QToolBar* bar = addToolBar(tr("Compare"));
    bar->setObjectName(QStringLiteral("compareToolBar"));
    m_runAction = bar->addAction(style()->standardIcon(QStyle::SP_MediaPlay), tr("&Run"), this,
                                 [this] { setRunning(!m_running); });
    m_runAction->setShortcut(QKeySequence(Qt::Key_Space));
    QAction* step =
        bar->addAction(style()->standardIcon(QStyle::SP_MediaSkipForward), tr("Step &100 ms"), this, [this] {
            runTo(core::SimTime::ns(std::max<SimNs>(0, m_target)) + core::SimTime::ms(100));
        });
    step->setShortcut(QKeySequence(Qt::Key_Period));
    QAction* end = bar->addAction(style()->standardIcon(QStyle::SP_MediaSeekForward), tr("Run to &end"), this,
                                  [this] { runTo(m_spec.duration); });
    end->setShortcut(QKeySequence(tr("Ctrl+End")));
    QAction* reset = bar->addAction(style()->standardIcon(QStyle::SP_BrowserReload), tr("R&eset"), this,
                                    &CompareWindow::restart);
    reset->setShortcut(QKeySequence(tr("Ctrl+R")));
    m_runActions = {m_runAction, step, end, reset};
    bar->addSeparator();
    bar->addWidget(new QLabel(tr(" Speed ")));
    for (SimNs s : speedPresets())
        m_speed->addItem(speedText(s), QVariant::fromValue<qlonglong>(s));
    m_speed->setCurrentIndex(std::min(5, m_speed->count() - 1));
    bar->addWidget(m_speed);
    bar->addSeparator();
    QAction* exportChart = bar->addAction(tr("&Export Chart..."), this, [this] {
        m_exports->exportWithDialog(m_exports->current(), ExportFormat::Png);
    });
    exportChart->setShortcut(QKeySequence(tr("Ctrl+E")));
    QAction* exportAll =
        bar->addAction(tr("Export &All..."), m_exports, &ExportRegistry::exportAllWithDialog);
    exportAll->setShortcut(QKeySequence(tr("Ctrl+Shift+E")));
    bar->addAction(tr("&Query..."), this, [this] { // both sides as the schemas a and b (docs/query.md)
        auto* q = findChild<QueryPage*>();
        if (!q) {
            q = new QueryPage({{QStringLiteral("a"), &m_a->session()}, {QStringLiteral("b"), &m_b->session()}},
                              *m_exports, this);
            q->setWindowFlag(Qt::Window);
            q->setWindowTitle(tr("Query A and B"));
            q->resize(900, 560);
        }
        q->show();
        q->raise();
    });
    QAction* close = new QAction(tr("Close"), this);
    close->setShortcut(QKeySequence::Close);
    connect(close, &QAction::triggered, this, &QWidget::close);
    addAction(close);
}

void CompareWindow::restart() {
    setRunning(false);
    m_target = 0;
    m_delta->clear();
    core::OptimizationSet a = core::OptimizationSet::none(), b;
    core::KernelModel modelA = m_spec.kernel.model, modelB = m_spec.kernel.model;
    // Keep each side's choice across a reset once the window exists.
    if (m_a->session().spec()) {
        for (const core::OptimizationInfo& i : core::optimizationCatalog()) {
            a.set(i.id, m_a->optimizationBox(i.id)->isChecked());
            b.set(i.id, m_b->optimizationBox(i.id)->isChecked());
        }
        modelA = m_a->model();
        modelB = m_b->model();
    }
    QStringList notes;
    if (m_reference) {
        if (!m_a->trace())
            b = m_spec.optimizations; // against a real run, the scenario as written
        m_a->openTrace(m_reference);
    } else if (const QString n = m_a->open(m_spec, m_text, modelA, a); !n.isEmpty()) {
        notes << n;
    }
    if (m_referenceB)
        m_b->openTrace(m_referenceB);
    else if (const QString n = m_b->open(m_spec, m_text, modelB, b); !n.isEmpty())
        notes << n;
    if (!notes.isEmpty())
        statusBar()->showMessage(notes.join(QStringLiteral("; ")), 15000);
    m_time->setText(tr("A and B at 0 s"));
    updateMismatch();
    if (!notes.isEmpty() && !m_mismatch.isEmpty())
        statusBar()->showMessage(notes.join(QStringLiteral("; ")) + QStringLiteral("; ") + m_mismatch, 15000);
}

void CompareWindow::setRunning(bool running) {
    m_running = running;
    m_runAction->setText(running ? tr("&Pause") : tr("&Run"));
    m_runAction->setIcon(style()->standardIcon(running ? QStyle::SP_MediaPause : QStyle::SP_MediaPlay));
    if (running)
        m_pump.start(kPumpMs);
    else
        m_pump.stop();
}

SimNs CompareWindow::commonTime() const {
    const SimNs a = m_a->session().history().now(), b = m_b->session().history().now();
    if (m_referenceB) // two recordings: compared over the shorter one's length
        return std::min(a, b);
    if (m_reference) // the real run is there at every time it covers
        return b <= a ? b : -1;
    return a == b ? a : -1;
}

void CompareWindow::setReferenceTrace(std::shared_ptr<const ImportedTrace> trace) {
    m_reference = std::move(trace);
    // B runs as long as the real run was recorded.
    m_spec.duration = std::max(core::SimTime::ns(1), m_reference->summary.simTime);
    setWindowTitle(tr("Compare a real run with its simulation: %1 - SchedScope")
                       .arg(QString::fromStdString(m_spec.name)));
    restart();
}

void CompareWindow::updateMismatch() {
    // Two machines of different sizes run different workloads' worth of CPU time: say so (B's
    // machine may be its own: Costs & Machine).
    if (!m_reference || m_referenceB || !m_b->session().spec())
        return;
    const auto recorded = static_cast<uint32_t>(m_reference->summary.cpus.size());
    const uint32_t simulated = m_b->session().spec()->topology.nrCpus();
    m_mismatch = recorded == simulated
                     ? QString()
                     : tr("The recording ran on %1 CPU(s), the scenario simulates %2: per-CPU figures and "
                          "totals are not comparable.")
                           .arg(recorded)
                           .arg(simulated);
    if (!m_mismatch.isEmpty())
        statusBar()->showMessage(m_mismatch, 15000);
}

void CompareWindow::setRecordings(std::shared_ptr<const ImportedTrace> a,
                                  std::shared_ptr<const ImportedTrace> b) {
    m_referenceB = std::move(b);
    m_reference = std::move(a);
    m_spec.duration =
        std::max(core::SimTime::ns(1), std::min(m_reference->summary.simTime, m_referenceB->summary.simTime));
    setWindowTitle(tr("Compare two recordings: %1 and %2 - SchedScope")
                       .arg(QString::fromStdString(m_reference->summary.scenario),
                            QString::fromStdString(m_referenceB->summary.scenario)));
    restart();
    for (QAction* a : m_runActions) // nothing to run: both sides are recordings
        a->setEnabled(false);
    m_speed->setEnabled(false);
    const auto ca = m_reference->summary.cpus.size(), cb = m_referenceB->summary.cpus.size();
    m_mismatch = ca == cb ? QString()
                          : tr("The recordings ran on %1 and %2 CPU(s): per-CPU figures and totals are not "
                               "comparable.")
                                .arg(ca)
                                .arg(cb);
    if (!m_mismatch.isEmpty())
        statusBar()->showMessage(m_mismatch, 15000);
    updateDelta();
}

void CompareWindow::setNotes(const QStringList& notes) {
    if (!m_notes) {
        m_notes = new QLabel(this);
        statusBar()->addWidget(m_notes);
    }
    m_notes->setText(
        tr("%n thing(s) the recording could not tell (hover to read)", nullptr, int(notes.size())));
    m_notes->setToolTip(notes.join(QLatin1Char('\n')));
    m_notes->setVisible(!notes.isEmpty());
}

core::Snapshot CompareWindow::recordedAt(const CompareSide* side, SimNs t) const {
    // The trace's final state, with the counters and cgroup usage of its last sample at or
    // before t (the trace has no pressure to go back in time with).
    const History& h = side->session().history();
    core::Snapshot s = h.latest();
    if (h.samples().empty() || t >= h.now())
        return s;
    // Before the first sample nothing has been counted yet (sampleAt gives the first one).
    const HistorySample& first = h.samples()[h.sampleAt(t)];
    const HistorySample sample = first.time <= t ? first : h.runOrigin();
    s.time = core::SimTime::ns(sample.time);
    s.counters = sample.counters;
    for (core::CgroupState& g : s.cgroups)
        g.usage = g.id.value() < sample.cgroups.size() ? sample.cgroups[g.id.value()].usage : core::SimTime();
    return s;
}

void CompareWindow::runTo(core::SimTime t) {
    m_target = std::min(t, m_spec.duration).count();
    m_a->session().controller().runTo(core::SimTime::ns(m_target));
    m_b->session().controller().runTo(core::SimTime::ns(m_target));
}

void CompareWindow::pump() {
    // Lockstep: the next stretch starts only when both sides finished the last one.
    const SimNs a = m_a->session().history().now(), b = m_b->session().history().now();
    if (a < m_target || b < m_target)
        return;
    if (m_target >= m_spec.duration.count()) {
        setRunning(false);
        return;
    }
    const SimNs speed = m_speed->currentData().toLongLong();
    const SimNs stretch =
        speed == 0 ? m_spec.duration.count() : std::max<SimNs>(1000, speed * kPumpMs / 1000);
    runTo(core::SimTime::ns(m_target + stretch));
}

void CompareWindow::updateDelta() {
    const SimNs t = commonTime();
    if (t < 0) {
        m_time->setText(
            tr("A at %1, B at %2")
                .arg(formatNs(m_a->session().history().now()), formatNs(m_b->session().history().now())));
        return;
    }
    m_time->setText(tr("A and B at %1").arg(formatNs(t)));
    const CommandUseTable commandsA = commandUseUntil(m_a->session().history(), t);
    const CommandUseTable commandsB = commandUseUntil(m_b->session().history(), t);
    if (m_reference) {
        m_delta->update(recordedAt(m_a, t),
                        m_referenceB ? recordedAt(m_b, t) : m_b->session().history().latest(), commandsA,
                        commandsB);
        return;
    }
    m_delta->update(m_a->session().history().latest(), m_b->session().history().latest(), commandsA,
                    commandsB);
}

void CompareWindow::syncRange(CompareSide* from, CompareSide* to) {
    if (m_syncing)
        return;
    m_syncing = true;
    const ViewState& v = from->session().view();
    to->session().view().setRange(v.rangeStart(), v.rangeEnd(), v.following());
    m_syncing = false;
}

} // namespace ui
