#pragma once

#include "report/wakeupchain.h"

#include <QString>
#include <QStringList>

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
/// The wakeup chain's columns, and one hop's cells (task, ended by, left the CPU as, asleep,
/// runnable, from, to, the scheduler's actions), as the Threads page's list and the Details
/// panel show them.
QStringList chainHeaders();
QStringList chainCells(const core::ChainHop& hop, const History& history);
/// The chain as an HTML table (the Details panel), or its error.
QString chainHtml(const core::WakeupChain& chain, const History& history);

} // namespace ui
