#include "pages/cpumaxdialog.h"

#include "controller/kerneltext.h"

#include <QCheckBox>
#include <QDialogButtonBox>
#include <QDoubleSpinBox>
#include <QFormLayout>
#include <QLabel>
#include <QPushButton>
#include <QVBoxLayout>

#include <algorithm>

namespace ui {

namespace {

QDoubleSpinBox* msBox(double value, double max, QWidget* parent) {
    auto* b = new QDoubleSpinBox(parent);
    b->setDecimals(3);
    b->setRange(0.0, max);
    b->setSingleStep(1.0);
    b->setSuffix(QStringLiteral(" ms"));
    b->setValue(value);
    return b;
}

double toMs(core::SimTime t) {
    return static_cast<double>(t.count()) / 1e6;
}

core::SimTime fromMs(double ms) {
    return core::SimTime::ns(static_cast<int64_t>(ms * 1e6 + 0.5));
}

} // namespace

CpuMaxDialog::CpuMaxDialog(const QString& cgroupPath, const core::CpuMax& current, bool burst,
                           QWidget* parent)
    : QDialog(parent)
    , m_unlimited(new QCheckBox(tr("No limit (\"max\")"), this))
    , m_quota(msBox(current.quota ? toMs(*current.quota) : toMs(current.period) / 2, 1e6, this))
    , m_period(msBox(toMs(current.period), 1000.0, this))
    , m_burst(msBox(toMs(current.burst), 1e6, this))
    , m_problem(new QLabel(this))
    , m_buttons(new QDialogButtonBox(QDialogButtonBox::Ok | QDialogButtonBox::Cancel, this)) {
    setObjectName(QStringLiteral("cpuMaxDialog"));
    setWindowTitle(tr("cpu.max of %1").arg(cgroupPath));
    // Wide enough for the title (a window manager cuts what does not fit), within reason.
    setMinimumWidth(std::min(fontMetrics().horizontalAdvance(windowTitle()) + 140, 640));
    m_unlimited->setChecked(!current.quota);
    m_quota->setObjectName(QStringLiteral("quota"));
    m_period->setObjectName(QStringLiteral("period"));
    m_burst->setObjectName(QStringLiteral("burst"));
    m_quota->setToolTip(tr("CPU time the cgroup may use per period, over all CPUs (more than the period "
                           "means more than one CPU)"));
    m_burst->setToolTip(burst ? tr("Unused quota that may carry over to later periods (cpu.max.burst)")
                              : tr("cpu.max.burst came with Linux 5.14; this kernel model has none"));
    m_burst->setEnabled(burst);
    m_problem->setWordWrap(true);
    m_problem->setStyleSheet(QStringLiteral("color: #b02020"));
    auto* form = new QFormLayout;
    form->addRow(m_unlimited);
    form->addRow(tr("Quota:"), m_quota);
    form->addRow(tr("Period:"), m_period);
    form->addRow(tr("Burst:"), m_burst);
    auto* layout = new QVBoxLayout(this);
    layout->addLayout(form);
    layout->addWidget(m_problem);
    layout->addWidget(m_buttons);
    connect(m_buttons, &QDialogButtonBox::accepted, this, &QDialog::accept);
    connect(m_buttons, &QDialogButtonBox::rejected, this, &QDialog::reject);
    connect(m_unlimited, &QCheckBox::toggled, this, &CpuMaxDialog::check);
    for (QDoubleSpinBox* b : {m_quota, m_period, m_burst})
        connect(b, &QDoubleSpinBox::valueChanged, this, &CpuMaxDialog::check);
    check();
}

core::CpuMax CpuMaxDialog::value() const {
    core::CpuMax m;
    if (!m_unlimited->isChecked())
        m.quota = fromMs(m_quota->value());
    m.period = fromMs(m_period->value());
    if (m_burst->isEnabled())
        m.burst = fromMs(m_burst->value());
    return m;
}

void CpuMaxDialog::check() {
    m_quota->setEnabled(!m_unlimited->isChecked());
    // The same rules the engine and the scenario validator apply (core::cpuMaxCheck).
    const QString problem = cpuMaxProblemText(value());
    m_problem->setText(problem);
    m_problem->setVisible(!problem.isEmpty());
    m_buttons->button(QDialogButtonBox::Ok)->setEnabled(problem.isEmpty());
}

} // namespace ui
