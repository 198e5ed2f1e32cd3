#pragma once

#include "report/summary.h"
#include "report/threadstates.h"

#include <cstdint>
#include <map>
#include <string>
#include <string_view>
#include <unordered_map>
#include <vector>

namespace core {

/// A counter track as a Perfetto trace holds it: its descriptor's name and unit and its values
/// (at the times recorded).
struct PerfettoCounterTrack {
    std::string name;
    std::string unit;
    std::vector<CounterTrack::Point> points;
};

/// The track descriptors and track events of a Perfetto trace, as far as an import can use them
/// (docs/traces.md): counter tracks named "OWNER COUNTER" (the owner `cpuN`, a cgroup's path or
/// a task's `comm[pid]`), as SchedScope writes the model's counters. Each CPU's `nr_running`
/// and the instants of "SchedScope markers" are recognised and left out without a word: the
/// import derives the first from the events, and the second are labels no part of an import
/// uses. Every other track's packets are counted as skipped.
class PerfettoTracks {
public:
    /// A TrackDescriptor (the packet's payload, at file offset `at`). "" or what was malformed.
    std::string descriptor(std::string_view bytes, uint64_t at);
    /// A TrackEvent at the packet's timestamp. "" or what was malformed.
    std::string event(std::string_view bytes, uint64_t at, int64_t time);
    /// The counter tracks an import uses; the packets of the others are added to `skipped` by
    /// kind ("track_descriptor", "track_event"), and `notes` say what a limit left out.
    std::vector<PerfettoCounterTrack> finish(std::map<std::string, uint64_t>& skipped,
                                             std::vector<std::string>& notes);

    /// At most this many counter points are kept (as the writer writes at most).
    static constexpr size_t kMaxPoints = size_t(4) << 20;

private:
    struct Track {
        std::string name;
        std::string unit;
        bool described = false;
        bool counter = false;
        uint64_t events = 0;
        std::vector<CounterTrack::Point> points;
    };
    std::unordered_map<uint64_t, Track> m_tracks;
    size_t m_points = 0;
    uint64_t m_pointsLeftOut = 0;
};

/// What a counter track's name says of its owner: "cpu3 util_avg" is CPU 3's util_avg,
/// "/a/b psi_cpu_some_avg10" cgroup /a/b's, "db#1[11] vruntime" the task of pid 11's. False
/// when the name says none of these.
bool counterOwnerOf(const std::string& trackName, CounterOwner& owner, std::string& who,
                    std::string& counter);

/// Each CPU's nr_running, as the writer names it: derived from the events by an import.
bool isRunQueueTrack(const std::string& trackName);

/// The counter tracks as an import's (report/threadstates.h): owners by the import's CPU
/// numbers, task ids (a pid's first task) and cgroup ids; a cgroup only the counters name
/// (one without tasks of its own) is added to `cgroupPaths`. Times from `origin`. A task's
/// track whose pid no event names is left out, counted in `notes`.
std::vector<CounterTrack> counterTracksOf(const std::vector<PerfettoCounterTrack>& tracks,
                                          const RunSummary& summary, std::vector<std::string>& cgroupPaths,
                                          SimTime origin, std::vector<std::string>& notes);

} // namespace core
