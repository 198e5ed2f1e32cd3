#include "scenario/sessionsave.h"

#include <nlohmann/json.hpp>

namespace core {

using nlohmann::json;

SessionSave scenarioWithTimeline(const std::string& originalText, const std::vector<TimelineEntry>& commands,
                                 const std::vector<Bookmark>* bookmarks) {
    SessionSave out;
    json j = json::parse(originalText, nullptr, false);
    if (j.is_discarded() || !j.is_object()) {
        out.error = "the original scenario is not a JSON object";
        return out;
    }
    json& timeline = j["timeline"];
    if (timeline.is_null())
        timeline = json::array();
    for (const TimelineEntry& e : commands) {
        json entry = {{"at", formatDuration(e.at)}};
        switch (e.kind) {
        case TimelineEntry::Kind::Optimizations: {
            json opts = json::object();
            for (auto [o, on] : e.optimizations)
                opts[std::string(optimizationInfo(o).key)] = on;
            entry["optimizations"] = opts;
            break;
        }
        case TimelineEntry::Kind::Move:
            entry["move"] = {{"task", e.taskPattern}, {"cgroup", e.cgroupPath}};
            break;
        case TimelineEntry::Kind::CgroupWeight:
            entry["cgroup"] = {{"path", e.cgroupPath}, {"weight", e.weight}};
            break;
        case TimelineEntry::Kind::CgroupMax: {
            json max = {{"quota", e.max.quota ? json(formatDuration(*e.max.quota)) : json("max")},
                        {"period", formatDuration(e.max.period)}};
            if (e.max.burst > SimTime())
                max["burst"] = formatDuration(e.max.burst);
            entry["cgroup"] = {{"path", e.cgroupPath}, {"max", max}};
            break;
        }
        case TimelineEntry::Kind::Kill:
            entry["kill"] = e.taskPattern;
            break;
        case TimelineEntry::Kind::Affinity:
            entry["affinity"] = {{"task", e.taskPattern},
                                 {"cpus", e.cpus ? e.cpus->toString() : std::string()}};
            break;
        case TimelineEntry::Kind::Spawn:
            out.error = "a task spawned live cannot be saved: its definition is not kept as text";
            return out;
        }
        timeline.push_back(std::move(entry));
    }
    if (bookmarks) {
        j.erase("bookmarks");
        if (!bookmarks->empty()) {
            json list = json::array();
            for (const Bookmark& b : *bookmarks)
                list.push_back({{"at", formatDuration(b.at)}, {"note", b.note}});
            j["bookmarks"] = std::move(list);
        }
    }
    const std::string name = j.value("name", std::string("scenario"));
    j["name"] = name + " (saved session)";
    out.text = j.dump(2) + "\n";
    return out;
}

} // namespace core
