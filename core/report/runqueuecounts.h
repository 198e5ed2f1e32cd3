#pragma once

#include "base/simtime.h"
#include "report/threadstates.h"

#include <cstdint>
#include <vector>

namespace core {

/// Each CPU's nr_running over time, as the thread-state tracks give it (by model CPU): the
/// tasks running on it or queued on it (runnable, preempted). A task whose group is throttled
/// there is not counted, as the kernel takes a throttled queue's tasks out of the runqueue's
/// count. The same for a simulation and a recording: a trace carries no nr_running, so this is
/// what its events imply. Steps in time order, each value differing from the one before; every
/// CPU starts at 0.
std::vector<std::vector<CounterStep>> runQueueCounts(const ThreadStates& states, uint32_t nrCpus);

} // namespace core
