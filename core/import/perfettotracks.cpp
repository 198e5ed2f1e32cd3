#include "import/perfettotracks.h"

#include "base/perfettofields.h"
#include "base/protowire.h"

#include <algorithm>
#include <cstring>

namespace core {

namespace pf = perfetto;
using proto::Field;
using proto::Reader;
using proto::WireType;

namespace {

constexpr uint32_t kStaticName = 10; ///< TrackDescriptor.static_name
constexpr uint32_t kEventName = 23;  ///< TrackEvent.name
constexpr const char* kMarkers = "SchedScope markers";

bool digits(std::string_view s) {
    return !s.empty() && s.size() <= 9 &&
           std::all_of(s.begin(), s.end(), [](char c) { return c >= '0' && c <= '9'; });
}

} // namespace

bool counterOwnerOf(const std::string& trackName, CounterOwner& owner, std::string& who,
                    std::string& counter) {
    const size_t space = trackName.rfind(' ');
    if (space == std::string::npos || space == 0 || space + 1 == trackName.size())
        return false;
    who = trackName.substr(0, space);
    counter = trackName.substr(space + 1);
    if (who.rfind("cpu", 0) == 0 && digits(std::string_view(who).substr(3))) {
        owner = CounterOwner::Cpu;
        who = who.substr(3);
        return true;
    }
    if (who.front() == '/') {
        owner = CounterOwner::Cgroup;
        return true;
    }
    const size_t open = who.rfind('[');
    if (who.back() == ']' && open != std::string::npos &&
        digits(std::string_view(who).substr(open + 1, who.size() - open - 2))) {
        owner = CounterOwner::Task;
        who = who.substr(open + 1, who.size() - open - 2);
        return true;
    }
    return false;
}

bool isRunQueueTrack(const std::string& trackName) {
    CounterOwner owner;
    std::string who, counter;
    return counterOwnerOf(trackName, owner, who, counter) && owner == CounterOwner::Cpu &&
           counter == "nr_running";
}

std::string PerfettoTracks::descriptor(std::string_view bytes, uint64_t at) {
    namespace td = pf::track_descriptor;
    Reader r(bytes, at);
    Field f;
    uint64_t uuid = 0;
    Track t;
    t.described = true;
    while (r.next(f)) {
        if (f.number == td::kUuid && f.type == WireType::Varint) {
            uuid = f.value;
        } else if ((f.number == td::kName || f.number == kStaticName) && f.type == WireType::Bytes) {
            t.name = f.bytes;
        } else if (f.number == td::kCounter && f.type == WireType::Bytes) {
            t.counter = true;
            Reader c(f.bytes, r.offsetOf(f));
            Field g;
            while (c.next(g))
                if (g.number == td::counter::kUnitName && g.type == WireType::Bytes)
                    t.unit = g.bytes;
            if (!c.error().empty())
                return c.error() + " (in a counter descriptor: the track skipped)";
        }
    }
    if (!r.error().empty())
        return r.error() + " (in a track descriptor: the track skipped)";
    Track& known = m_tracks[uuid];
    t.events = known.events;
    t.points = std::move(known.points);
    known = std::move(t);
    return {};
}

std::string PerfettoTracks::event(std::string_view bytes, uint64_t at, int64_t time) {
    namespace te = pf::track_event;
    Reader r(bytes, at);
    Field f;
    uint64_t uuid = 0, type = 0;
    bool valued = false;
    double value = 0;
    while (r.next(f)) {
        if (f.number == te::kTrackUuid && f.type == WireType::Varint) {
            uuid = f.value;
        } else if (f.number == te::kType && f.type == WireType::Varint) {
            type = f.value;
        } else if (f.number == te::kCounterValue && f.type == WireType::Varint) {
            value = static_cast<double>(static_cast<int64_t>(f.value));
            valued = true;
        } else if (f.number == te::kDoubleCounterValue && f.type == WireType::Fixed64) {
            std::memcpy(&value, &f.value, sizeof value);
            valued = true;
        }
    }
    if (!r.error().empty())
        return r.error() + " (in a track event: skipped)";
    Track& t = m_tracks[uuid];
    ++t.events;
    if (type == te::kTypeCounter && valued) {
        if (m_points >= kMaxPoints) {
            ++m_pointsLeftOut;
        } else {
            t.points.push_back({SimTime::ns(time), value});
            ++m_points;
        }
    }
    return {};
}

std::vector<PerfettoCounterTrack> PerfettoTracks::finish(std::map<std::string, uint64_t>& skipped,
                                                         std::vector<std::string>& notes) {
    std::vector<std::pair<uint64_t, PerfettoCounterTrack>> used;
    for (auto& [uuid, t] : m_tracks) {
        CounterOwner owner;
        std::string who, counter;
        const bool ownCounter = t.described && t.counter && counterOwnerOf(t.name, owner, who, counter);
        if (ownCounter && !isRunQueueTrack(t.name)) {
            used.push_back({uuid, {t.name, t.unit, std::move(t.points)}});
            continue;
        }
        if (ownCounter || (t.described && !t.counter && t.name == kMarkers))
            continue; // derived from the events, or labels: nothing an import uses
        if (t.described)
            ++skipped["track_descriptor"];
        if (t.events > 0)
            skipped["track_event"] += t.events;
    }
    if (m_pointsLeftOut > 0)
        notes.push_back(std::to_string(m_pointsLeftOut) + " counter values after the first " +
                        std::to_string(kMaxPoints) + " were left out (a memory bound)");
    // In the order the tracks were described (uuids count up in SchedScope's files).
    std::sort(used.begin(), used.end(), [](const auto& a, const auto& b) { return a.first < b.first; });
    std::vector<PerfettoCounterTrack> out;
    out.reserve(used.size());
    for (auto& [uuid, t] : used) {
        std::stable_sort(
            t.points.begin(), t.points.end(),
            [](const CounterTrack::Point& a, const CounterTrack::Point& b) { return a.time < b.time; });
        out.push_back(std::move(t));
    }
    m_tracks.clear();
    return out;
}

std::vector<CounterTrack> counterTracksOf(const std::vector<PerfettoCounterTrack>& tracks,
                                          const RunSummary& summary, std::vector<std::string>& cgroupPaths,
                                          SimTime origin, std::vector<std::string>& notes) {
    std::unordered_map<int64_t, uint32_t> taskOfPid; // a pid's first task (the lowest id)
    for (const TaskSummary& t : summary.tasks)
        if (auto [it, added] = taskOfPid.emplace(t.pid, t.id); !added)
            it->second = std::min(it->second, t.id);
    std::unordered_map<std::string, uint32_t> cgroupIds;
    for (size_t i = 0; i < cgroupPaths.size(); ++i)
        cgroupIds.emplace(cgroupPaths[i], static_cast<uint32_t>(i));
    std::vector<CounterTrack> out;
    uint64_t unplaced = 0;
    for (const PerfettoCounterTrack& t : tracks) {
        CounterTrack c;
        std::string who;
        if (!counterOwnerOf(t.name, c.owner, who, c.name))
            continue;
        if (c.owner == CounterOwner::Cpu) {
            c.id = static_cast<uint32_t>(std::stoul(who));
        } else if (c.owner == CounterOwner::Task) {
            auto it = taskOfPid.find(std::stoll(who));
            if (it == taskOfPid.end()) {
                ++unplaced;
                continue;
            }
            c.id = it->second;
        } else {
            auto [it, added] = cgroupIds.try_emplace(who, static_cast<uint32_t>(cgroupPaths.size()));
            if (added)
                cgroupPaths.push_back(who);
            c.id = it->second;
        }
        c.unit = t.unit;
        c.points.reserve(t.points.size());
        for (const CounterTrack::Point& p : t.points)
            c.points.push_back({p.time - origin, p.value});
        out.push_back(std::move(c));
    }
    if (unplaced > 0)
        notes.push_back(std::to_string(unplaced) +
                        " counter tracks name a task by a pid no scheduler event names: left out");
    return out;
}

} // namespace core
