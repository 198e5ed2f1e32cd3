#include "compare/comparewindow.h"

#include "compare/comparedeltamodel.h"
#include "compare/compareside.h"
#include "controller/commanduse.h"
#include "controller/format.h"
#include "controller/history.h"
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
        connect(side, &CompareSide::modelChosen, this, [this, side] { restartSide(side); });
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
    m_runAction->setObjectName(QStringLiteral("runAction"));
    // The main window's icons with the main window's meanings: "seek forward" steps, "skip
    // forward" runs to the end.
    QAction* step =
        bar->addAction(style()->standardIcon(QStyle::SP_MediaSeekForward), tr("Step &100 ms"), this, [this] {
            runTo(core::SimTime::ns(std::max<SimNs>(0, m_target)) + core::SimTime::ms(100));
        });
    step->setObjectName(QStringLiteral("stepAction"));
    step->setShortcut(QKeySequence(Qt::Key_Period));
    QAction* end = bar->addAction(style()->standardIcon(QStyle::SP_MediaSkipForward), tr("Run to &end"), this,
                                  [this] { runTo(m_spec.duration); });
    end->setObjectName(QStringLiteral("runToAction"));
    end->setShortcut(QKeySequence(tr("Ctrl+End")));
    QAction* reset = bar->addAction(style()->standardIcon(QStyle::SP_BrowserReload), tr("R&eset"), this,
                                    &CompareWindow::restart);
    reset->setShortcut(QKeySequence(tr("Ctrl+R")));
    m_runActions = {m_runAction, step, end, reset};
    m_runActions << bar->addSeparator();
    m_runActions << bar->addWidget(new QLabel(tr(" Speed ")));
    for (SimNs s : speedPresets())
        m_speed->addItem(speedText(s), QVariant::fromValue<qlonglong>(s));
    m_speed->setCurrentIndex(std::min(5, m_speed->count() - 1));
    m_runActions << bar->addWidget(m_speed);
    m_runActions << bar->addSeparator();
    // What the table compares: each side whole unless a stretch is chosen.
    bar->addWidget(new QLabel(tr(" Compare ")));
    m_stretch = new QComboBox;
    m_stretch->setObjectName(QStringLiteral("compareStretch"));
    m_stretch->addItem(tr("each whole"));
    m_stretch->addItem(tr("at the same time"));
    m_stretch->addItem(tr("the range in view"));
    m_stretch->setItemData(0,
                           tr("Each side over all it has run; a recording from its first event to its last"),
                           Qt::ToolTipRole);
    m_stretch->setItemData(1, tr("Both sides up to the same time since their start (the shorter one's end)"),
                           Qt::ToolTipRole);
    m_stretch->setItemData(2, tr("Both sides over the time range the timelines show (zoom to choose it)"),
                           Qt::ToolTipRole);
    connect(m_stretch, &QComboBox::currentIndexChanged, this, &CompareWindow::updateDelta);
    bar->addWidget(m_stretch);
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
            q = new QueryPage(
                {{QStringLiteral("a"), &m_a->session()}, {QStringLiteral("b"), &m_b->session()}}, *m_exports,
                this);
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

QString CompareWindow::openSide(CompareSide* side, bool keepChoices) {
    const bool isA = side == m_a;
    if (const auto& trace = isA ? m_reference : m_referenceB) {
        side->openTrace(trace);
        return {};
    }
    // Default: A all off, B all on (against a real run, B the scenario as written); a side
    // that ran keeps its own choices.
    core::OptimizationSet opts =
        isA ? core::OptimizationSet::none() : (m_reference ? m_spec.optimizations : core::OptimizationSet());
    core::KernelModel model = m_spec.kernel.model;
    if (keepChoices && side->session().spec() && !side->trace()) {
        for (const core::OptimizationInfo& i : core::optimizationCatalog())
            opts.set(i.id, side->optimizationBox(i.id)->isChecked());
        model = side->model();
    }
    return side->open(m_spec, m_text, model, opts);
}

void CompareWindow::restartSide(CompareSide* side) {
    // Only the side that changed starts over; it runs back to where it was, so the comparison
    // goes on where the user left it.
    const SimNs was = side->session().history().now();
    m_shownA = m_shownB = -1;
    const QString note = openSide(side, true);
    const QString letter = side == m_a ? QStringLiteral("A") : QStringLiteral("B");
    const QString model = QString::fromUtf8(core::kernelModelInfo(side->model()).name.data());
    QString text = was > 0 ? tr("%1 restarted on kernel %2 and runs back to %3.")
                                 .arg(letter, model, formatNs(was, kEventResolution))
                           : tr("%1 restarted on kernel %2.").arg(letter, model);
    if (!note.isEmpty())
        text += QLatin1Char(' ') + note;
    statusBar()->showMessage(text, 15000);
    if (was > 0)
        side->session().controller().runTo(core::SimTime::ns(was));
    updateMismatch();
}

void CompareWindow::restart() {
    setRunning(false);
    m_target = 0;
    m_delta->clear();
    m_shownA = m_shownB = -1;
    // Keep each side's choice across a reset once the window exists.
    const bool keep = m_a->session().spec() != nullptr;
    QStringList notes;
    for (CompareSide* side : {m_a, m_b})
        if (const QString n = openSide(side, keep); !n.isEmpty())
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
        a->setVisible(false);
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

core::Snapshot CompareWindow::stateAt(const History& h, SimNs t) {
    // The latest state, with the counters and cgroup accounting of the last sample at or
    // before t (a recording has no pressure to go back in time with).
    core::Snapshot s = h.latest();
    if (h.samples().empty() || t >= h.now())
        return s;
    // Before the first sample nothing has been counted yet (sampleAt gives the first one).
    const HistorySample& first = h.samples()[h.sampleAt(t)];
    const HistorySample sample = first.time <= t ? first : h.runOrigin();
    s.time = core::SimTime::ns(sample.time);
    s.counters = sample.counters;
    for (core::CgroupState& g : s.cgroups)
        if (g.id.value() < sample.cgroups.size())
            static_cast<core::CgroupPoint&>(g) = sample.cgroups[g.id.value()];
        else
            g.usage = core::SimTime();
    return s;
}

CommandOf CompareWindow::commandsOf(const CompareSide* side) const {
    const History& h = side->session().history();
    if (side->trace())
        return recordedCommands(h);
    // B simulating a recording's workload (Simulate This Recording, a real run): its tasks
    // carry the recorded pids, matched as replay matches them.
    const core::RunSummary* recording = m_reference && !m_referenceB ? &m_reference->summary : nullptr;
    return simulatedCommands(h, *side->session().spec(), recording);
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

void CompareWindow::setStretch(Stretch s) {
    m_stretch->setCurrentIndex(static_cast<int>(s));
}

CompareWindow::Stretch CompareWindow::stretch() const {
    return static_cast<Stretch>(m_stretch->currentIndex());
}

void CompareWindow::updateDelta() {
    const History& ha = m_a->session().history();
    const History& hb = m_b->session().history();
    if (!m_a->session().spec() || !m_b->session().spec())
        return;
    SimNs fromA = 0, fromB = 0, toA = ha.now(), toB = hb.now();
    switch (stretch()) {
    case Stretch::Whole:
        m_time->setText(
            ha.now() == hb.now()
                ? tr("each whole: A and B at %1").arg(formatNs(ha.now(), kEventResolution))
                : tr("each whole: A to %1, B to %2")
                      .arg(formatNs(ha.now(), kEventResolution), formatNs(hb.now(), kEventResolution)));
        break;
    case Stretch::SameTime: {
        const SimNs t = commonTime();
        if (t < 0) {
            m_time->setText(
                tr("A at %1, B at %2")
                    .arg(formatNs(ha.now(), kEventResolution), formatNs(hb.now(), kEventResolution)));
            return;
        }
        toA = toB = t;
        m_time->setText(tr("A and B at %1").arg(formatNs(t, kEventResolution)));
        break;
    }
    case Stretch::InView: {
        const ViewState& v = m_a->session().view(); // both sides show the same range
        fromA = fromB = v.rangeStart();
        toA = std::min(v.rangeEnd(), ha.now());
        toB = std::min(v.rangeEnd(), hb.now());
        const SimNs at = resolutionFor(v.rangeEnd() - v.rangeStart());
        m_time->setText(
            tr("from %1 to %2 of each").arg(formatNs(v.rangeStart(), at), formatNs(v.rangeEnd(), at)));
        break;
    }
    }
    const core::Snapshot endA = stateAt(ha, toA), endB = stateAt(hb, toB);
    const core::Snapshot startA = stateAt(ha, fromA), startB = stateAt(hb, fromB);
    SideFigures a{&endA, fromA > 0 ? &startA : nullptr, commandUseWithin(ha, fromA, toA + 1, commandsOf(m_a)),
                  m_a->trace() != nullptr};
    SideFigures b{&endB, fromB > 0 ? &startB : nullptr, commandUseWithin(hb, fromB, toB + 1, commandsOf(m_b)),
                  m_b->trace() != nullptr};
    m_delta->update(a, b);
    m_shownA = toA;
    m_shownB = toB;
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
