#pragma once

#include "base/cpumax.h"

#include <QDialog>

class QCheckBox;
class QDialogButtonBox;
class QDoubleSpinBox;
class QLabel;

namespace ui {

/// Edits a cgroup's cpu.max and cpu.max.burst: quota (or no limit), period and burst, checked
/// as the kernel checks them before OK is possible. `burst` is offered only where the kernel
/// model has it.
class CpuMaxDialog : public QDialog {
    Q_OBJECT
public:
    CpuMaxDialog(const QString& cgroupPath, const core::CpuMax& current, bool burst,
                 QWidget* parent = nullptr);
    core::CpuMax value() const;

private:
    void check();

    QCheckBox* m_unlimited;
    QDoubleSpinBox* m_quota;
    QDoubleSpinBox* m_period;
    QDoubleSpinBox* m_burst;
    QLabel* m_problem;
    QDialogButtonBox* m_buttons;
};

} // namespace ui
