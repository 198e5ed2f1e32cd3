#include "controller/kerneltext.h"

#include "sim/engine.h"

#include <QCoreApplication>

#include <array>

namespace ui {

namespace {

QString translated(const char* text) {
    return QCoreApplication::translate("ui::KernelText", text);
}

/// In core::TaskState order.
constexpr std::array<const char*, 7> kTaskStates = {
    QT_TRANSLATE_NOOP("ui::KernelText", "new"),      QT_TRANSLATE_NOOP("ui::KernelText", "running"),
    QT_TRANSLATE_NOOP("ui::KernelText", "runnable"), QT_TRANSLATE_NOOP("ui::KernelText", "sleeping"),
    QT_TRANSLATE_NOOP("ui::KernelText", "iowait"),   QT_TRANSLATE_NOOP("ui::KernelText", "memstall"),
    QT_TRANSLATE_NOOP("ui::KernelText", "dead")};

/// In core::MigrationReason order.
constexpr std::array<const char*, core::kMigrationReasonCount> kReasons = {
    QT_TRANSLATE_NOOP("ui::KernelText", "wakeup"),  QT_TRANSLATE_NOOP("ui::KernelText", "periodic"),
    QT_TRANSLATE_NOOP("ui::KernelText", "newidle"), QT_TRANSLATE_NOOP("ui::KernelText", "nohz"),
    QT_TRANSLATE_NOOP("ui::KernelText", "active"),  QT_TRANSLATE_NOOP("ui::KernelText", "affinity"),
    QT_TRANSLATE_NOOP("ui::KernelText", "move")};

/// In core::Optimization order; the same sentences as core's catalog, one line each.
constexpr std::array<const char*, core::kOptimizationCount> kSummaries = {
    QT_TRANSLATE_NOOP(
        "ui::KernelText",
        "Read the CPU clock once per task change or switch and stamp every PSI group level with "
        "it, instead of one clock read per cgroup level visited."),
    QT_TRANSLATE_NOOP("ui::KernelText",
                      "Walk PSI groups through the cgroups' own parent links instead of a cached parent "
                      "pointer: fewer instructions per level, but more cache misses in deep hierarchies."),
    QT_TRANSLATE_NOOP("ui::KernelText",
                      "sched_move_task returns early when the task's effective group does not change, "
                      "skipping the dequeue/enqueue on every exit of a task in a non-root cgroup."),
    QT_TRANSLATE_NOOP("ui::KernelText",
                      "Scale the cpuacct stats counter batch by one jiffy of cputime, so adds stay per-CPU "
                      "instead of taking the counter's global spinlock on every context switch."),
    QT_TRANSLATE_NOOP("ui::KernelText",
                      "The load balancer force-pulls from a busier sibling group only when it runs more than "
                      "one task more than the local group, ending task ping-pong between cores.")};

} // namespace

QString taskStateText(core::TaskState state) {
    const auto i = static_cast<size_t>(state);
    return i < kTaskStates.size() ? translated(kTaskStates[i]) : QStringLiteral("?");
}

QString taskStateText(core::TaskState state, uint32_t cpu) {
    if (state == core::TaskState::Running)
        return QCoreApplication::translate("ui::KernelText", "running on cpu%1").arg(cpu);
    return taskStateText(state);
}

QString migrationReasonText(core::MigrationReason reason) {
    const auto i = static_cast<size_t>(reason);
    return i < kReasons.size() ? translated(kReasons[i]) : QStringLiteral("?");
}

QString executedEventText(const core::Engine& engine) {
    const core::Engine::ExecutedEvent e = engine.lastEvent();
    if (!e.valid)
        return QCoreApplication::translate("ui::KernelText", "no event (the run has not started)");
    auto task = [&engine](core::TaskId id) {
        const core::Task* t = engine.findTask(id);
        return t ? QStringLiteral("%1 (#%2)").arg(QString::fromStdString(t->name)).arg(id.value())
                 : QStringLiteral("#%1").arg(id.value());
    };
    QString what;
    switch (e.kind) {
    case core::EventKind::CpuResume:
        what = QCoreApplication::translate("ui::KernelText", "cpu%1 continues its task's program").arg(e.cpu);
        break;
    case core::EventKind::Tick:
        what = QCoreApplication::translate("ui::KernelText", "scheduler tick on cpu%1").arg(e.cpu);
        break;
    case core::EventKind::TaskTimer:
        what = QCoreApplication::translate("ui::KernelText", "timer of %1 expired (sleep, I/O or stall ends)")
                   .arg(task(e.task));
        break;
    case core::EventKind::TaskStart:
        what = QCoreApplication::translate("ui::KernelText", "%1 starts").arg(task(e.task));
        break;
    case core::EventKind::Timeline:
        what = QCoreApplication::translate("ui::KernelText", "timeline entry %1 applied").arg(e.index + 1);
        break;
    case core::EventKind::PsiAvgs:
        what = QCoreApplication::translate("ui::KernelText", "PSI averaging work of group %1").arg(e.index);
        break;
    }
    return QCoreApplication::translate("ui::KernelText", "Executed at %1: %2")
        .arg(QString::fromStdString(core::formatTimeHuman(e.time)), what);
}

QString optimizationSummaryText(core::Optimization o) {
    const auto i = static_cast<size_t>(o);
    return i < kSummaries.size() ? translated(kSummaries[i]) : QString();
}

} // namespace ui
