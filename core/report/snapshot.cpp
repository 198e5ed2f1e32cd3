#include "report/snapshot.h"

#include <iterator>
#include <utility>

namespace core {

void Snapshot::absorb(Snapshot&& newer) {
    auto append = [](auto& dst, auto& src) {
        if (dst.empty())
            dst = std::move(src);
        else
            dst.insert(dst.end(), std::make_move_iterator(src.begin()), std::make_move_iterator(src.end()));
    };
    append(slices, newer.slices);
    append(migrations, newer.migrations);
    append(switches, newer.switches);
    append(markers, newer.markers);
    append(throttles, newer.throttles);
    append(newTasks, newer.newTasks);
    append(commands, newer.commands);
    append(samples, newer.samples);
    adoptState(std::move(newer));
}

namespace {

/// The state half of a snapshot, copied or moved from `src` (the task list only when `src`
/// has one: an earlier snapshot's list stays the latest known).
template <class S>
void adopt(Snapshot& dst, S&& src) {
    dst.generation = src.generation;
    dst.time = src.time;
    dst.finished = src.finished;
    dst.counters = src.counters;
    dst.optimizations = src.optimizations;
    dst.cpus = std::forward<S>(src).cpus;
    dst.cgroups = std::forward<S>(src).cgroups;
    dst.channels = std::forward<S>(src).channels;
    if (src.threadStates)
        dst.threadStates = src.threadStates;
    if (src.hasTasks) {
        dst.tasks = std::forward<S>(src).tasks;
        dst.hasTasks = true;
    }
}

} // namespace

void Snapshot::adoptState(const Snapshot& newer) {
    adopt(*this, newer);
}

void Snapshot::adoptState(Snapshot&& newer) {
    adopt(*this, std::move(newer));
}

} // namespace core
