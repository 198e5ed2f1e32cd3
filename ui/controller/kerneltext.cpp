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
    QT_TRANSLATE_NOOP("ui::KernelText", "move"),    QT_TRANSLATE_NOOP("ui::KernelText", "rt_push"),
    QT_TRANSLATE_NOOP("ui::KernelText", "rt_pull")};

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

/// Core's own English sentences for kernel models and fixed optimizations, marked for
/// translation. They must equal core's text exactly (tst_translations checks): the lookup below
/// goes by that text.
constexpr std::array<const char*, 10> kModelTexts = {
    QT_TRANSLATE_NOOP("ui::KernelText",
                      "CFS (vruntime, sched_latency slices, tick preemption) and the v4.11 load balancer"),
    QT_TRANSLATE_NOOP(
        "ui::KernelText",
        "EEVDF fair class as merged in v6.6, the v5.5+ load balancer with 6.6's SMT balance, RT "
        "throttling"),
    QT_TRANSLATE_NOOP(
        "ui::KernelText",
        "EEVDF with DELAY_DEQUEUE, PREEMPT_SHORT and per-task slices, the v6.6 load balancer, the "
        "fair deadline server"),
    QT_TRANSLATE_NOOP("ui::KernelText",
                      "EEVDF as in v6.18: slice protection up to the shortest queued slice, PICK_BUDDY, a "
                      "0.70 ms base slice, a fair server that stops lazily"),
    QT_TRANSLATE_NOOP("ui::KernelText", "merged in v5.13: always on in this model"),
    QT_TRANSLATE_NOOP("ui::KernelText",
                      "v6.17 reads the clock once per task change again, for every group, under one per-CPU "
                      "sequence count: always on in this model"),
    QT_TRANSLATE_NOOP("ui::KernelText", "merged in v6.4, reverted in v6.14: always off in this model"),
    QT_TRANSLATE_NOOP("ui::KernelText",
                      "v6.12 reads the clock inside every group's update again (the fix for bogus pressure "
                      "spikes): always off in this model"),
    QT_TRANSLATE_NOOP("ui::KernelText",
                      "cpuacct statistics are per-CPU without a shared counter since v3.x: no global lock to "
                      "batch, always on in this model"),
    QT_TRANSLATE_NOOP("ui::KernelText", "part of the load balancer since v4.14: always on in this model"),
};

QString coreText(std::string_view text) {
    for (const char* t : kModelTexts)
        if (text == t)
            return translated(t);
    return QString::fromUtf8(text.data(), static_cast<qsizetype>(text.size())); // untranslated, never lost
}

} // namespace

QString kernelModelText(core::KernelModel m) {
    return coreText(core::kernelModelInfo(m).description);
}

QString optimizationFixedText(core::Optimization o, core::KernelModel m) {
    const core::OptimizationApplicability a = core::optimizationApplicability(o, m);
    return a.togglable ? QString() : coreText(a.reason);
}

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
        what = QCoreApplication::translate("ui::KernelText", "cpu%1 continues its task's program")
                   .arg(engine.topology().kernelCpu(core::CpuId(e.cpu)));
        break;
    case core::EventKind::Tick:
        what = QCoreApplication::translate("ui::KernelText", "scheduler tick on cpu%1")
                   .arg(engine.topology().kernelCpu(core::CpuId(e.cpu)));
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
    case core::EventKind::BandwidthPeriod:
        what = QCoreApplication::translate("ui::KernelText", "cpu.max period of %1: quota refilled")
                   .arg(QString::fromStdString(engine.cgroups().at(e.cgroup).path));
        break;
    case core::EventKind::BandwidthSlack:
        what = QCoreApplication::translate("ui::KernelText",
                                           "cpu.max slack timer of %1: returned runtime handed out")
                   .arg(QString::fromStdString(engine.cgroups().at(e.cgroup).path));
        break;
    case core::EventKind::RtPeriod:
        what = QCoreApplication::translate("ui::KernelText",
                                           "RT period timer: RT run time paid back, throttled CPUs released");
        break;
    case core::EventKind::FairServer:
        what = QCoreApplication::translate("ui::KernelText", "fair deadline server timer of cpu%1")
                   .arg(engine.topology().kernelCpu(core::CpuId(e.cpu)));
        break;
    case core::EventKind::Resched:
        what = QCoreApplication::translate("ui::KernelText",
                                           "cpu%1 has done the kernel work of a wakeup and switches")
                   .arg(engine.topology().kernelCpu(core::CpuId(e.cpu)));
        break;
    }
    return QCoreApplication::translate("ui::KernelText", "Executed at %1: %2")
        .arg(QString::fromStdString(core::formatTimeHuman(e.time)), what);
}

QString cpuMaxProblemText(const core::CpuMax& max) {
    auto ms = [](core::SimTime t) { return QString::number(static_cast<double>(t.count()) / 1e6, 'g', 6); };
    switch (core::cpuMaxCheck(max)) {
    case core::CpuMaxCheck::Ok:
        return {};
    case core::CpuMaxCheck::Period:
        return QCoreApplication::translate("ui::KernelText",
                                           "The period must be 1 to 1000 ms; the kernel refuses %1 ms.")
            .arg(ms(max.period));
    case core::CpuMaxCheck::Quota:
        return QCoreApplication::translate("ui::KernelText",
                                           "The quota must be at least 1 ms; the kernel refuses %1 ms.")
            .arg(ms(*max.quota));
    case core::CpuMaxCheck::BurstAboveQuota:
        return QCoreApplication::translate("ui::KernelText",
                                           "The burst (%1 ms) must not be larger than the quota (%2 ms).")
            .arg(ms(max.burst), ms(*max.quota));
    case core::CpuMaxCheck::NegativeBurst:
        return QCoreApplication::translate("ui::KernelText", "The burst must not be negative.");
    }
    return {};
}

QString optimizationSummaryText(core::Optimization o) {
    const auto i = static_cast<size_t>(o);
    return i < kSummaries.size() ? translated(kSummaries[i]) : QString();
}

} // namespace ui
