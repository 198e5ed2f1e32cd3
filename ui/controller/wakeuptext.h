#pragma once

#include "base/kernelmodel.h"
#include "report/wakeupchain.h"

#include <QString>
#include <QStringList>

#include <optional>

namespace ui {

class History;

/// Hops of a wakeup chain the views follow back from a picked wait.
constexpr int kWakeupChainDepth = 8;

/// A thread state as the views name it ("Runnable (preempted)", "Sleeping (S)", ...).
QString threadStateText(core::ThreadState s);
/// How a hop's wait ended, in words: "woken by name (pid) from cpu1", "its timer", ...
QString hopEndText(const core::ChainHop& hop, const History& history);
/// A preemption's rule in words ("wakeup preemption", "EEVDF deadline", ...).
QString preemptRuleText(core::PreemptRule r);
/// A migration's cause in words ("wakeup placement", "periodic balance (level 1)", ...).
QString moveReasonText(core::MigrationReason r, int level);
/// What the scheduler did within a hop: who preempted it and by which rule, what moved it.
QString schedulerActionsText(const core::ChainHop& hop, const History& history);
/// Which kernel decided what a chain shows: a model (a simulation), or none (a recording,
/// whose kernel's reasons are not recorded).
using DecidingKernel = std::optional<core::KernelModel>;

/// Who held the CPU while the hop's task waited for one, and how each of those runs ended:
/// "cc#1 #1 on cpu2 for 3.10 ms (then preempted by db#2 #11: tick)"; empty when it never waited.
QString cpuHoldersText(const core::ChainHop& hop, const History& history);
/// Why the task woken in this hop did not take the CPU from the task running there (the first
/// holder) at once, as far as the classes, policies and the kernel's rule tell; empty when it
/// did not wait behind a task.
QString noPreemptionText(const core::ChainHop& hop, const History& history, DecidingKernel kernel);
/// The chain as HTML, a paragraph per hop (its task, state and times, how it ended, who held
/// the CPU and why the task did not preempt it, what the scheduler did), or its error: the
/// Threads page's side panel and the Details panel. Wraps to any width.
QString chainHtml(const core::WakeupChain& chain, const History& history, DecidingKernel kernel);

} // namespace ui
