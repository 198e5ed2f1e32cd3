#include "pages/optimizationspanel.h"

#include "controller/format.h"
#include "controller/kerneltext.h"
#include "controller/session.h"
#include "scenario/scenariospec.h"

#include <QCheckBox>
#include <QLabel>
#include <QSignalBlocker>
#include <QVBoxLayout>

namespace ui {

namespace {
QString fromView(std::string_view s) {
    return QString::fromUtf8(s.data(), static_cast<qsizetype>(s.size()));
}

} // namespace

OptimizationsPanel::OptimizationsPanel(Session& session, QWidget* parent)
    : QWidget(parent)
    , m_session(session)
    , m_model(new QLabel(this)) {
    setObjectName(QStringLiteral("optimizationsPanel"));
    auto* layout = new QVBoxLayout(this);
    layout->setContentsMargins(6, 6, 6, 6);
    m_model->setObjectName(QStringLiteral("kernelModel"));
    m_model->setWordWrap(true);
    layout->addWidget(m_model);
    layout->addSpacing(6);
    for (const core::OptimizationInfo& info : core::optimizationCatalog()) {
        const size_t i = static_cast<size_t>(info.id);
        auto* box = new QCheckBox(fromView(info.key), this);
        box->setObjectName(fromView(info.key));
        QFont bold = box->font();
        bold.setBold(true);
        box->setFont(bold);
        auto* title = new QLabel(fromView(info.title), this);
        title->setWordWrap(true);
        auto* summary = new QLabel(optimizationSummaryText(info.id), this);
        summary->setWordWrap(true);
        summary->setEnabled(false);
        auto* seed = new QLabel(
            tr("<a href=\"#\">seed: %1 (%2)</a>").arg(fromView(info.seedFile), fromView(info.year)), this);
        seed->setToolTip(tr("The mailing-list thread in the project's shared/seeds folder"));
        seed->setTextInteractionFlags(Qt::TextSelectableByMouse);
        seed->setWordWrap(true);
        auto* figure = new QLabel(this);
        figure->setWordWrap(true);
        figure->setObjectName(fromView(info.key) + QStringLiteral("_figure"));
        auto* fixed = new QLabel(this);
        fixed->setObjectName(fromView(info.key) + QStringLiteral("_fixed"));
        fixed->setWordWrap(true);
        QFont italic = fixed->font();
        italic.setItalic(true);
        fixed->setFont(italic);
        fixed->hide();
        m_boxes[i] = box;
        m_figures[i] = figure;
        m_fixed[i] = fixed;
        connect(box, &QCheckBox::toggled, this,
                [this, id = info.id](bool on) { m_session.controller().setOptimization(id, on); });
        // One block per change, so that a recording (no model, no switches) can leave them out.
        auto* row = new QWidget(this);
        auto* rowLayout = new QVBoxLayout(row);
        rowLayout->setContentsMargins(0, 0, 0, 8);
        for (QWidget* w : std::initializer_list<QWidget*>{box, fixed, title, summary, seed, figure})
            rowLayout->addWidget(w);
        m_rows[i] = row;
        layout->addWidget(row);
    }
    layout->addStretch();
    followSession(this, session);
}

void OptimizationsPanel::restart() {
    const auto spec = m_session.spec();
    const core::KernelModel model = spec ? spec->kernel.model : core::kDefaultKernelModel;
    const QString name = fromView(core::kernelModelInfo(model).name);
    // A recording ran on a real kernel: no model, and the switches do not apply, so none is
    // listed (a model's "always off" beside a ticked box would say the opposite).
    const bool recording = m_session.trace() != nullptr;
    m_model->setText(
        recording ? tr("<b>A recording</b> of a real kernel: no kernel model, and the "
                       "optimizations cannot be switched. File > Simulate This Recording runs "
                       "its workload on a model, where they can.")
                  : tr("<b>Kernel model %1</b>%2: %3").arg(name, modelOrigin(), kernelModelText(model)));
    for (QWidget* row : m_rows)
        row->setVisible(!recording);
    for (const core::OptimizationInfo& info : core::optimizationCatalog()) {
        QCheckBox* box = m_boxes[static_cast<size_t>(info.id)];
        const QString fixed = optimizationFixedText(info.id, model);
        box->setEnabled(fixed.isEmpty());
        box->setToolTip(fixed.isEmpty()
                            ? tr("Applies live at the current simulated time; a marker shows where.")
                            : tr("Not a switch in kernel model %1: %2").arg(name, fixed));
        QLabel* reason = m_fixed[static_cast<size_t>(info.id)];
        reason->setText(fixed);
        reason->setVisible(!fixed.isEmpty());
    }
}

QString OptimizationsPanel::modelOrigin() const {
    const auto spec = m_session.spec();
    if (!spec)
        return {};
    return spec->kernel.model == core::kDefaultKernelModel ? tr(" (the default where a scenario names none)")
                                                           : tr(" (named by the scenario)");
}

QString OptimizationsPanel::figure(core::Optimization o) const {
    return m_figures[static_cast<size_t>(o)]->text();
}

void OptimizationsPanel::refresh() {
    const History& h = m_session.history();
    const auto& samples = h.samples();
    if (samples.empty() || m_session.trace())
        return;
    const HistorySample& now = samples.back();
    for (const core::OptimizationInfo& info : core::optimizationCatalog()) {
        QCheckBox* box = m_boxes[static_cast<size_t>(info.id)];
        const bool on = now.optimizations.test(info.id);
        if (box->isChecked() != on) {
            const QSignalBlocker block(box);
            box->setChecked(on);
        }
    }
    // Rates over the last simulated second.
    const HistorySample& before = samples[h.sampleAt(now.time - kNsPerSecond)];
    const double secs = toSeconds(now.time - before.time);
    const core::Counters& c = now.counters;
    const core::Counters& b = before.counters;
    auto per = [&](uint64_t a, uint64_t z) { return secs > 0 ? static_cast<double>(a - z) / secs : 0.0; };
    const double cpuNs = std::max(1.0, static_cast<double>(now.time - before.time) * h.nrCpus());
    auto share = [&](std::initializer_list<core::CostOp> ops) {
        double ns = 0;
        for (core::CostOp op : ops)
            ns += static_cast<double>(
                (c.overheadByOp[static_cast<size_t>(op)] - b.overheadByOp[static_cast<size_t>(op)]).count());
        return ns / cpuNs * 100;
    };
    using O = core::Optimization;
    using Op = core::CostOp;
    auto set = [&](O o, const QString& text) { m_figures[static_cast<size_t>(o)]->setText(text); };
    set(O::PsiClockOnce, tr("clock reads: %1/s; %2% of CPU time")
                             .arg(compactNumber(per(c.cpuClockReads, b.cpuClockReads)))
                             .arg(share({Op::CpuClock}), 0, 'f', 3));
    set(O::PsiDirectIteration,
        tr("PSI group updates: %1/s; PSI walk %2% of CPU time")
            .arg(compactNumber(per(c.psiGroupUpdates, b.psiGroupUpdates)))
            .arg(share({Op::PsiWalkParent, Op::PsiWalkDirect, Op::PsiWalkCacheMiss}), 0, 'f', 3));
    const double moves = per(c.schedMoveTaskCalls, b.schedMoveTaskCalls);
    const double moveNs =
        secs > 0 ? static_cast<double>((c.schedMoveTaskTime - b.schedMoveTaskTime).count()) / secs : 0;
    set(O::AutogroupMoveSkip,
        tr("sched_move_task: %1 calls/s, %2 us/s").arg(compactNumber(moves)).arg(moveNs / 1000, 0, 'f', 1));
    set(O::CpuacctBatchScaling,
        tr("counter folds: %1/s; lock wait %2% of CPU time")
            .arg(compactNumber(per(c.percpuCounterFolds, b.percpuCounterFolds)))
            .arg(static_cast<double>((c.lockWait - b.lockWait).count()) / cpuNs * 100, 0, 'f', 2));
    uint64_t balNow = 0, balBefore = 0;
    for (auto r : {core::MigrationReason::Periodic, core::MigrationReason::Newidle,
                   core::MigrationReason::Nohz, core::MigrationReason::Active}) {
        balNow += c.migrationsByReason[static_cast<size_t>(r)];
        balBefore += b.migrationsByReason[static_cast<size_t>(r)];
    }
    set(O::PreferSiblingLocal, tr("balancer migrations: %1/s").arg(compactNumber(per(balNow, balBefore))));
}

} // namespace ui
