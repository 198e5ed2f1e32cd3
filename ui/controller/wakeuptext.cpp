#include "controller/wakeuptext.h"

#include "base/bytetext.h"
#include "controller/format.h"
#include "controller/history.h"

#include <QCoreApplication>

namespace ui {

namespace {

/// The context of these words for translators.
struct WakeupText {
    Q_DECLARE_TR_FUNCTIONS(WakeupText)
};

/// A task's name as its track has it (a recording's tasks are named there), else History's.
QString taskName(uint32_t task, const History& history) {
    const auto& states = history.latest().threadStates;
    const core::TaskTrack* t = states ? states->find(core::TaskId(task)) : nullptr;
    const std::string& name = t ? t->name : history.taskName(task);
    return QStringLiteral("%1 #%2")
        .arg(name.empty() ? WakeupText::tr("task") : QString::fromStdString(core::bytesAsText(name)))
        .arg(task);
}

} // namespace

QString threadStateText(core::ThreadState s) {
    switch (s) {
    case core::ThreadState::Running:
        return WakeupText::tr("Running");
    case core::ThreadState::Runnable:
        return WakeupText::tr("Runnable");
    case core::ThreadState::Preempted:
        return WakeupText::tr("Runnable (preempted)");
    case core::ThreadState::Sleeping:
        return WakeupText::tr("Sleeping (S)");
    case core::ThreadState::Uninterruptible:
        return WakeupText::tr("Uninterruptible (D)");
    case core::ThreadState::Throttled:
        return WakeupText::tr("Throttled (cpu.max)");
    case core::ThreadState::Unknown:
        break;
    }
    return WakeupText::tr("Unknown (not in the recording)");
}

QString hopEndText(const core::ChainHop& hop, const History& history) {
    const QString cpu =
        hop.wakerCpu >= 0
            ? QStringLiteral("cpu%1").arg(history.kernelCpu(static_cast<uint32_t>(hop.wakerCpu)))
            : QString();
    switch (hop.end) {
    case core::HopEnd::Woken:
        return WakeupText::tr("woken by %1 from %2 at %3")
            .arg(taskName(hop.wokenBy ? hop.wokenBy->value() : 0, history), cpu,
                 formatNs(hop.wokenAt.count()));
    case core::HopEnd::Forked:
        return WakeupText::tr("started by its parent %1 (fork) on %2")
            .arg(taskName(hop.wokenBy ? hop.wokenBy->value() : 0, history), cpu);
    case core::HopEnd::Timer:
        return WakeupText::tr("its timer fired on %1 at %2").arg(cpu, formatNs(hop.wokenAt.count()));
    case core::HopEnd::Interrupt:
        return WakeupText::tr("an interrupt or an idle CPU woke it (%1)").arg(cpu);
    case core::HopEnd::Start:
        return WakeupText::tr("the start (of the run or the recording)");
    case core::HopEnd::Preempted:
        return WakeupText::tr("never slept: preempted, it waited for a CPU");
    case core::HopEnd::Throttled:
        return WakeupText::tr("never slept: its cgroup was throttled (cpu.max)");
    case core::HopEnd::NotYet:
        return WakeupText::tr("not woken yet: it still waits where the tracks end");
    case core::HopEnd::Unknown:
        break;
    }
    return WakeupText::tr("no wakeup recorded (events lost)");
}

QString preemptRuleText(core::PreemptRule r) {
    switch (r) {
    case core::PreemptRule::None:
        return WakeupText::tr("not preempted");
    case core::PreemptRule::Wakeup:
        return WakeupText::tr("wakeup preemption");
    case core::PreemptRule::RtPriority:
        return WakeupText::tr("RT priority");
    case core::PreemptRule::Tick:
        return WakeupText::tr("tick (share used up)");
    case core::PreemptRule::Deadline:
        return WakeupText::tr("EEVDF deadline (slice used up)");
    case core::PreemptRule::ShortSlice:
        return WakeupText::tr("shorter-slice waker (EEVDF)");
    case core::PreemptRule::Protection:
        return WakeupText::tr("protected run ended (EEVDF, v6.17+)");
    case core::PreemptRule::CpuMax:
        return WakeupText::tr("cpu.max runtime used up");
    case core::PreemptRule::RtThrottle:
        return WakeupText::tr("RT throttling");
    case core::PreemptRule::FairServer:
        return WakeupText::tr("fair server");
    case core::PreemptRule::Yield:
        return WakeupText::tr("sched_yield");
    case core::PreemptRule::Other:
        return WakeupText::tr("rescheduled (a move, an affinity change, the stopper)");
    case core::PreemptRule::Unknown:
        break;
    }
    return WakeupText::tr("rule not in the recording");
}

QString moveReasonText(core::MigrationReason r, int level) {
    const QString lvl = level >= 0 ? WakeupText::tr(" (domain level %1)").arg(level) : QString();
    switch (r) {
    case core::MigrationReason::Wakeup:
        return WakeupText::tr("wakeup placement");
    case core::MigrationReason::Periodic:
        return WakeupText::tr("periodic balance") + lvl;
    case core::MigrationReason::Newidle:
        return WakeupText::tr("newidle balance") + lvl;
    case core::MigrationReason::Nohz:
        return WakeupText::tr("nohz idle balance") + lvl;
    case core::MigrationReason::Active:
        return WakeupText::tr("active balance") + lvl;
    case core::MigrationReason::Affinity:
        return WakeupText::tr("affinity change");
    case core::MigrationReason::Move:
        return WakeupText::tr("cgroup move");
    case core::MigrationReason::RtPush:
        return WakeupText::tr("RT push");
    case core::MigrationReason::RtPull:
        return WakeupText::tr("RT pull");
    }
    return {};
}

QString schedulerActionsText(const core::ChainHop& hop, const History& history) {
    QStringList parts;
    const auto& states = history.latest().threadStates;
    // A recording's reasons are inferred from the task's state, not recorded.
    const QString inferred = states && states->recording ? WakeupText::tr(" (inferred)") : QString();
    if (hop.state == core::ThreadState::Preempted)
        parts << (hop.preemptedBy
                      ? WakeupText::tr("preempted by %1: %2")
                            .arg(taskName(hop.preemptedBy->value(), history), preemptRuleText(hop.rule))
                      : WakeupText::tr("preempted (the CPU went idle): %1").arg(preemptRuleText(hop.rule)));
    for (const core::MigrationRecord& m : hop.moves)
        parts << WakeupText::tr("moved cpu%1 → cpu%2 at %3 by %4")
                     .arg(history.kernelCpu(m.from))
                     .arg(history.kernelCpu(m.to))
                     .arg(formatNs(m.time.count()), moveReasonText(m.reason, m.level) + inferred);
    return parts.join(QStringLiteral("; "));
}

QStringList chainHeaders() {
    return {WakeupText::tr("Task"),   WakeupText::tr("Ended by"), WakeupText::tr("Left the CPU as"),
            WakeupText::tr("Asleep"), WakeupText::tr("Runnable"), WakeupText::tr("From"),
            WakeupText::tr("To"),     WakeupText::tr("Scheduler")};
}

QStringList chainCells(const core::ChainHop& hop, const History& history) {
    return {taskName(hop.task.value(), history),
            hopEndText(hop, history),
            threadStateText(hop.state),
            formatNs(hop.sleeping.count()),
            formatNs(hop.runnable.count()),
            formatNs(hop.from.count()),
            formatNs(hop.to.count()),
            schedulerActionsText(hop, history)};
}

QString chainHtml(const core::WakeupChain& chain, const History& history) {
    if (!chain.error.empty())
        return QStringLiteral("<p>%1</p>").arg(QString::fromStdString(chain.error).toHtmlEscaped());
    QString rows;
    for (const QString& h : chainHeaders())
        rows += QStringLiteral("<th align='left' style='padding-right:8px'>%1</th>").arg(h);
    rows = QStringLiteral("<tr>%1</tr>").arg(rows);
    for (const core::ChainHop& hop : chain.hops) {
        QString cells;
        for (const QString& c : chainCells(hop, history))
            cells += QStringLiteral("<td style='padding-right:8px'>%1</td>").arg(c.toHtmlEscaped());
        rows += QStringLiteral("<tr>%1</tr>").arg(cells);
    }
    return QStringLiteral("<table>%1</table>").arg(rows);
}

} // namespace ui
