#include "report/wakeupchain.h"

#include <algorithm>
#include <string>

namespace core {

std::string_view hopEndName(HopEnd e) {
    switch (e) {
    case HopEnd::Woken:
        return "woken";
    case HopEnd::Forked:
        return "fork";
    case HopEnd::Timer:
        return "timer";
    case HopEnd::Interrupt:
        return "interrupt";
    case HopEnd::Start:
        return "start";
    case HopEnd::Preempted:
        return "preempted";
    case HopEnd::Throttled:
        return "throttled";
    case HopEnd::Unknown:
        return "unknown";
    case HopEnd::NotYet:
        return "not_yet";
    }
    return "?";
}

namespace {

bool asleep(ThreadState s) {
    return s == ThreadState::Sleeping || s == ThreadState::Uninterruptible || s == ThreadState::Unknown;
}

/// The index of the interval that contains t, or of the last one starting before it; -1 if
/// the track starts after t.
ptrdiff_t intervalAt(const TaskTrack& track, SimTime t) {
    auto it = std::upper_bound(track.intervals.begin(), track.intervals.end(), t,
                               [](SimTime v, const StateInterval& i) { return v < i.start; });
    return (it - track.intervals.begin()) - 1;
}

/// The stretch off the CPU around interval i (i is not running): [first, last] indices.
std::pair<size_t, size_t> stretchAround(const TaskTrack& track, size_t i) {
    size_t first = i, last = i;
    while (first > 0 && track.intervals[first - 1].state != ThreadState::Running &&
           track.intervals[first - 1].end == track.intervals[first].start)
        --first;
    while (last + 1 < track.intervals.size() && track.intervals[last + 1].state != ThreadState::Running &&
           track.intervals[last + 1].start == track.intervals[last].end)
        ++last;
    return {first, last};
}

/// The stretch to explain for `track` at `at`: the one containing it, or when it was running
/// then, the one that ended where that run began. `waker`: `at` is when the task woke another,
/// so it was running up to `at` (start < at <= end), even if it switched out at that instant.
/// False when there is none, or `at` is past the track's end.
bool stretchFor(const TaskTrack& track, SimTime at, bool waker, bool& wasRunning,
                std::pair<size_t, size_t>& out) {
    ptrdiff_t i = intervalAt(track, at);
    if (i < 0 || at > track.intervals.back().end || (!waker && at == track.intervals.back().end))
        return false;
    if (waker && i > 0 && track.intervals[static_cast<size_t>(i)].start == at &&
        track.intervals[static_cast<size_t>(i - 1)].end == at)
        --i;
    const StateInterval& in = track.intervals[static_cast<size_t>(i)];
    if (in.state != ThreadState::Running && at < in.end) {
        out = stretchAround(track, static_cast<size_t>(i));
        return true;
    }
    // Running at `at`: the stretch before that run.
    wasRunning = in.state == ThreadState::Running;
    ptrdiff_t k = i;
    while (k >= 0 && track.intervals[static_cast<size_t>(k)].state == ThreadState::Running)
        --k;
    if (k < 0)
        return false;
    out = stretchAround(track, static_cast<size_t>(k));
    return true;
}

/// The wakeup that ended a stretch of `track`: its last one after the run before the stretch
/// began (a wakeup can come while the CPU still pays for the switch out, which the track shows
/// as running) and before the stretch ended. None for a stretch that never slept.
const WakeupRecord* wakeupEnding(const ThreadStates& states, const TaskTrack& track,
                                 std::pair<size_t, size_t> stretch) {
    const StateInterval& first = track.intervals[stretch.first];
    if (first.state == ThreadState::Preempted || first.state == ThreadState::Throttled)
        return nullptr;
    const bool afterRun = stretch.first > 0;
    const SimTime from = afterRun ? track.intervals[stretch.first - 1].start : first.start;
    const SimTime to = track.intervals[stretch.second].end;
    auto it = std::lower_bound(states.wakeups.begin(), states.wakeups.end(), from,
                               [](const WakeupRecord& w, SimTime t) { return w.time < t; });
    const WakeupRecord* found = nullptr;
    for (; it != states.wakeups.end() && it->time <= to; ++it)
        if (it->task == track.id && (!afterRun || it->time > from))
            found = &*it;
    return found;
}

/// The last preemption of `task` in [from, upTo]: its rule and who took the CPU.
const PreemptionRecord* preemptionOf(const ThreadStates& states, TaskId task, SimTime from, SimTime upTo) {
    auto it = std::upper_bound(states.preemptions.begin(), states.preemptions.end(), upTo,
                               [](SimTime t, const PreemptionRecord& p) { return t < p.time; });
    while (it != states.preemptions.begin()) {
        --it;
        if (it->time < from)
            break;
        if (it->task == task)
            return &*it;
    }
    return nullptr;
}

/// What the scheduler did to the task within its hop: the preemption that began it (the last
/// one of the task at or before the stretch's start, after its run before) and the moves.
void addSchedulerActions(const ThreadStates& states, const TaskTrack& track,
                         std::pair<size_t, size_t> stretch, ChainHop& hop) {
    // A stretch begins where the run's last slice ends, which can be after the switch out (the
    // CPU still paying for kernel work charged to the task): what happened at the switch or
    // in that tail is searched from after the run began, as wakeupEnding does.
    const bool afterRun = stretch.first > 0;
    const SimTime runStart = afterRun ? track.intervals[stretch.first - 1].start : hop.from;
    if (hop.state == ThreadState::Preempted) {
        hop.rule = PreemptRule::Unknown; // unless a record names it
        if (const PreemptionRecord* p = preemptionOf(states, track.id, runStart, hop.from)) {
            hop.rule = p->rule;
            if (p->by.valid())
                hop.preemptedBy = p->by;
        }
    }
    const auto byTime = [](const MigrationRecord& r, SimTime t) { return r.time < t; };
    for (auto it = std::lower_bound(states.migrations.begin(), states.migrations.end(), runStart, byTime);
         it != states.migrations.end() && it->time <= hop.to; ++it)
        if (it->task == track.id && (!afterRun || it->time > runStart))
            hop.moves.push_back(*it);
}

/// The runs of other tasks on `cpu` within [from, to), appended to `out` (at most the hop's
/// limit): one search per task track, so a chain costs O(hops x tasks x log intervals).
void addHolders(const ThreadStates& states, TaskId waiting, uint32_t cpu, SimTime from, SimTime to,
                std::vector<CpuHolder>& out) {
    for (const TaskTrack& t : states.tasks) {
        if (t.id == waiting || t.intervals.empty())
            continue;
        auto it = std::upper_bound(t.intervals.begin(), t.intervals.end(), from,
                                   [](SimTime v, const StateInterval& i) { return v < i.end; });
        for (; it != t.intervals.end() && it->start < to; ++it) {
            if (it->state != ThreadState::Running || it->cpu != static_cast<int32_t>(cpu))
                continue;
            CpuHolder h;
            h.task = t.id;
            h.cpu = cpu;
            h.from = std::max(it->start, from);
            h.to = std::min(it->end, to);
            const auto next = std::next(it);
            if (it->end > to)
                h.then = ThreadState::Running;
            else if (next != t.intervals.end() && next->start == it->end)
                h.then = next->state;
            if (h.then == ThreadState::Preempted) {
                h.rule = PreemptRule::Unknown;
                if (const PreemptionRecord* p = preemptionOf(states, t.id, it->start, it->end)) {
                    h.rule = p->rule;
                    if (p->by.valid())
                        h.preemptedBy = p->by;
                }
            }
            out.push_back(h);
        }
    }
}

/// Who held the CPU during the runnable part of the stretch, in time order.
void addCpuHolders(const ThreadStates& states, const TaskTrack& track, std::pair<size_t, size_t> stretch,
                   ChainHop& hop) {
    std::vector<CpuHolder> all;
    for (size_t k = stretch.first; k <= stretch.second; ++k) {
        const StateInterval& i = track.intervals[k];
        if (!asleep(i.state) && i.cpu >= 0)
            addHolders(states, track.id, static_cast<uint32_t>(i.cpu), i.start, i.end, all);
    }
    std::sort(all.begin(), all.end(), [](const CpuHolder& a, const CpuHolder& b) { return a.from < b.from; });
    if (all.size() > ChainHop::kMaxHolders)
        all.resize(ChainHop::kMaxHolders);
    hop.holders = std::move(all);
}

} // namespace

WakeupChain wakeupChain(const ThreadStates& states, TaskId task, SimTime at, int depth) {
    WakeupChain chain;
    const TaskTrack* track = states.find(task);
    if (!track || track->intervals.empty()) {
        chain.error = "the task has no recorded states";
        return chain;
    }
    std::pair<size_t, size_t> stretch;
    if (at >= track->intervals.back().end) {
        chain.error = "that time is at or after the end of the task's track (" +
                      std::to_string(track->intervals.back().end.count()) + " ns)";
        return chain;
    }
    if (!stretchFor(*track, at, false, chain.wasRunning, stretch)) {
        chain.error = "the task did not wait or sleep before that time";
        return chain;
    }
    while (static_cast<int>(chain.hops.size()) < depth) {
        ChainHop hop;
        hop.task = track->id;
        hop.name = track->name;
        const StateInterval& first = track->intervals[stretch.first];
        hop.state = first.state;
        hop.from = first.start;
        hop.to = track->intervals[stretch.second].end;
        for (size_t k = stretch.first; k <= stretch.second; ++k) {
            const StateInterval& i = track->intervals[k];
            (asleep(i.state) ? hop.sleeping : hop.runnable) += i.end - i.start;
        }
        addSchedulerActions(states, *track, stretch, hop);
        addCpuHolders(states, *track, stretch, hop);
        const WakeupRecord* w = wakeupEnding(states, *track, stretch);
        const bool startsTrack = stretch.first == 0;
        // A stretch that lasts to the end of the tracks has not ended: nothing woke it yet.
        const bool open = stretch.second + 1 == track->intervals.size() && hop.to >= states.end;
        if (!w) {
            hop.end = first.state == ThreadState::Preempted   ? HopEnd::Preempted
                      : first.state == ThreadState::Throttled ? HopEnd::Throttled
                      : open                                  ? HopEnd::NotYet
                      : startsTrack                           ? HopEnd::Start
                                                              : HopEnd::Unknown;
            chain.hops.push_back(std::move(hop));
            break;
        }
        hop.wakerCpu = static_cast<int32_t>(w->wakerCpu);
        hop.targetCpu = static_cast<int32_t>(w->targetCpu);
        hop.wokenAt = w->time;
        switch (w->source) {
        case WakeSource::Task:
            hop.end = HopEnd::Woken;
            break;
        case WakeSource::Fork:
            hop.end = w->waker.valid() ? HopEnd::Forked : HopEnd::Start;
            break;
        case WakeSource::Timer:
            hop.end = HopEnd::Timer;
            break;
        case WakeSource::Interrupt:
            hop.end = HopEnd::Interrupt;
            break;
        }
        if (w->waker.valid() && (hop.end == HopEnd::Woken || hop.end == HopEnd::Forked))
            hop.wokenBy = w->waker;
        chain.hops.push_back(std::move(hop));
        if (!w->waker.valid() || (w->source != WakeSource::Task && w->source != WakeSource::Fork))
            break;
        // The waker ran to wake it: what was it waiting on before that run?
        track = states.find(w->waker);
        if (!track || track->intervals.empty())
            break;
        bool running = false;
        if (!stretchFor(*track, w->time, true, running, stretch))
            break;
    }
    return chain;
}

} // namespace core
