#pragma once

#include "base/cpumax.h"
#include "base/kernelmodel.h"
#include "base/optimizations.h"
#include "base/trace.h"
#include "sched/task.h"

#include <QString>

namespace core {
class Engine;
}

namespace ui {

// The words core uses, as the user reads them. Core names things in English because they are
// identifiers (scenario keys, CSV columns, trace fields); everything the ui shows from core
// goes through these, so a translation reaches it. Exports that other programs read keep
// core's own names.

/// "running", "runnable", "sleeping", ... in the user's language.
QString taskStateText(core::TaskState state);
/// A task's state for a list: "running on cpu3" for a running task, else taskStateText().
QString taskStateText(core::TaskState state, uint32_t cpu);
/// "wakeup", "periodic", "newidle", ... in the user's language.
QString migrationReasonText(core::MigrationReason reason);
/// What an optimization changes, in two sentences (core's summary, translated). The patch
/// title is a quotation and stays as it was posted.
QString optimizationSummaryText(core::Optimization o);
/// What a kernel model simulates, in one line (core's catalog, translated).
QString kernelModelText(core::KernelModel m);
/// Why an optimization is fixed in a kernel model (core's reason, translated); empty when the
/// model lets it be switched.
QString optimizationFixedText(core::Optimization o, core::KernelModel m);
/// What the engine's last step did: "tick on cpu3", "timer of worker#2 (#12) expired", ...
QString executedEventText(const core::Engine& engine);
/// Why the kernel would refuse a cpu.max setting (core::cpuMaxCheck), translated; empty if fine.
QString cpuMaxProblemText(const core::CpuMax& max);

} // namespace ui
