#pragma once

#include "report/threadstates.h"

namespace core {

class Engine;

/// The thread-state tracks of a run that `recorder` watched to its end: told the engine's
/// cgroup tree (a throttled group throttles the groups below it) and the kernel work charged
/// beyond the end, which the tasks' runtimes already count.
/// A recorder that stopped taking records (its slice limit, ThreadStateRecorder::fullAt) gives
/// the tracks up to where it stopped, without the engine's open slices. Tasks with a pid of
/// their own (an imported workload's) are listed in ThreadStates::pids.
/// `records`: Kept for a live view that asks again as the run goes on; Taken (the records moved
/// into the tracks, the recorder empty after) where the run has ended for good.
enum class RecordsAfter { Kept, Taken };
ThreadStates statesOfRun(ThreadStateRecorder& recorder, const Engine& engine,
                         RecordsAfter records = RecordsAfter::Kept);

} // namespace core
