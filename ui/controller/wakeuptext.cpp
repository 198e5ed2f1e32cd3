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
                 formatNs(hop.wokenAt.count(), kEventResolution));
    case core::HopEnd::Forked:
        return WakeupText::tr("started by its parent %1 (fork) on %2")
            .arg(taskName(hop.wokenBy ? hop.wokenBy->value() : 0, history), cpu);
    case core::HopEnd::Timer:
        return WakeupText::tr("its timer fired on %1 at %2")
            .arg(cpu, formatNs(hop.wokenAt.count(), kEventResolution));
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
                     .arg(formatNs(m.time.count(), kEventResolution),
                          moveReasonText(m.reason, m.level) + inferred);
    return parts.join(QStringLiteral("; "));
}

QString cpuHoldersText(const core::ChainHop& hop, const History& history) {
    QStringList parts;
    for (const core::CpuHolder& h : hop.holders) {
        QString then;
        switch (h.then) {
        case core::ThreadState::Running:
            then = WakeupText::tr("still running");
            break;
        case core::ThreadState::Preempted:
            then = h.preemptedBy
                       ? WakeupText::tr("then preempted by %1: %2")
                             .arg(taskName(h.preemptedBy->value(), history), preemptRuleText(h.rule))
                       : WakeupText::tr("then preempted: %1").arg(preemptRuleText(h.rule));
            break;
        case core::ThreadState::Sleeping:
        case core::ThreadState::Uninterruptible:
            then = WakeupText::tr("then it slept");
            break;
        case core::ThreadState::Throttled:
            then = WakeupText::tr("then throttled (cpu.max)");
            break;
        case core::ThreadState::Runnable:
        case core::ThreadState::Unknown:
            then = WakeupText::tr("then it exited or the record ends");
            break;
        }
        parts << WakeupText::tr("%1 on cpu%2 for %3 (%4)")
                     .arg(taskName(h.task.value(), history))
                     .arg(history.kernelCpu(h.cpu))
                     .arg(formatNs((h.to - h.from).count()), then);
    }
    return parts.join(QStringLiteral("; "));
}

QString noPreemptionText(const core::ChainHop& hop, const History& history, DecidingKernel kernel) {
    // Only a woken task can have been refused the CPU; a preempted one waits by the rule named.
    if (hop.holders.empty() || hop.state == core::ThreadState::Preempted ||
        hop.state == core::ThreadState::Throttled)
        return {};
    const core::CpuHolder& holder = hop.holders.front();
    // It must have been running when the wait began (the runnable part ends the stretch).
    if (holder.from > hop.to - hop.runnable)
        return {};
    const History::TaskClass woken = history.taskClass(hop.task.value());
    const History::TaskClass running = history.taskClass(holder.task.value());
    const QString who = taskName(holder.task.value(), history);
    if (woken.rt() && running.rt() && running.rtPriority >= woken.rtPriority)
        return WakeupText::tr(
                   "%1 is an RT task of equal or higher priority (%2 against %3): it keeps the CPU")
            .arg(who)
            .arg(running.rtPriority)
            .arg(woken.rtPriority);
    if (!woken.rt() && running.rt())
        return WakeupText::tr("%1 is an RT task: a fair task never preempts one").arg(who);
    if (woken.policy == core::SchedPolicy::Batch || woken.policy == core::SchedPolicy::Idle)
        return WakeupText::tr("a SCHED_BATCH or SCHED_IDLE task's wakeup never preempts; the tick decides");
    if (woken.rt())
        return WakeupText::tr("it was placed behind %1 while that CPU was rescheduling").arg(who);
    if (!kernel)
        return WakeupText::tr(
                   "the kernel's wakeup check (wakeup_preempt) let %1 run on; a recording does not "
                   "say why")
            .arg(who);
    if (core::kernelModelInfo(*kernel).eevdf)
        return WakeupText::tr("EEVDF's pick still chose %1 (pick_eevdf): the woken task was not eligible, or "
                              "%1's deadline was earlier, or %1 ran to parity within its slice")
            .arg(who);
    return WakeupText::tr("CFS's wakeup check (check_preempt_wakeup) found the woken task's vruntime not "
                          "ahead of %1's by more than the wakeup granularity")
        .arg(who);
}

QString chainHtml(const core::WakeupChain& chain, const History& history, DecidingKernel kernel) {
    if (!chain.error.empty())
        return QStringLiteral("<p>%1</p>").arg(QString::fromStdString(chain.error).toHtmlEscaped());
    QString out;
    int n = 0;
    for (const core::ChainHop& hop : chain.hops) {
        const SimNs length = hop.to.count() - hop.from.count();
        QStringList lines;
        lines << WakeupText::tr(
                     "<b>%1. %2</b>: left the CPU as %3, from %4 to %5: asleep %6, waited for a CPU %7")
                     .arg(++n)
                     .arg(taskName(hop.task.value(), history).toHtmlEscaped(), threadStateText(hop.state),
                          formatNs(hop.from.count(), resolutionFor(length)),
                          formatNs(hop.to.count(), resolutionFor(length)), formatNs(hop.sleeping.count()),
                          formatNs(hop.runnable.count()));
        auto line = [&lines](const QString& key, const QString& value) {
            if (!value.isEmpty())
                lines << QStringLiteral("<i>%1</i>: %2").arg(key, value.toHtmlEscaped());
        };
        line(WakeupText::tr("Ended by"), hopEndText(hop, history));
        line(WakeupText::tr("Held the CPU"), cpuHoldersText(hop, history));
        line(WakeupText::tr("Not preempted because"), noPreemptionText(hop, history, kernel));
        line(WakeupText::tr("Scheduler"), schedulerActionsText(hop, history));
        out += QStringLiteral("<p>%1</p>").arg(lines.join(QStringLiteral("<br>")));
    }
    return out;
}

} // namespace ui
