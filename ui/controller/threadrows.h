#pragma once

#include "controller/format.h"
#include "report/threadstates.h"

#include <cstdint>
#include <memory>
#include <optional>
#include <set>
#include <string>
#include <unordered_map>
#include <vector>

namespace ui {

/// How the thread-state tracks are grouped under collapsible headers.
enum class TrackGrouping : uint8_t {
    Cgroup, ///< by the cgroup each task was created in
    Name,   ///< by command name without its number ("kworker/0:1" and "kworker/1:2" together)
    None    ///< one flat list
};

/// One row of the thread-state view: a group's header, a task's track or a counter track.
struct TrackRow {
    enum class Kind : uint8_t { Group, Task, Counter };
    Kind kind = Kind::Task;
    int track = -1;         ///< Task: index into ThreadStates::tasks; Counter: the CPU (nr_running)
    int counter = -1;       ///< Counter: index into ThreadStates::counters (the model's), else -1
    std::string group;      ///< the group's key (its label); "" for the pinned tasks' group
    uint32_t members = 0;   ///< Group: its tasks (those matching the filter)
    bool collapsed = false; ///< Group: its tasks are hidden
    bool pinned = false;    ///< Task: pinned to the top
};

/// Which rows the thread-state view shows, in which order: pinned tasks first, then each
/// group (collapsible) with its tasks in id order; a filter keeps the tasks whose name
/// contains the text (case-insensitive) or whose pid starts with it, and opens their groups.
/// Qt-free, so that the rules are tested without a widget.
class ThreadRows {
public:
    /// The tracks to show, with each task's pid (a task missing there shows its id) and the
    /// cgroup paths by id (for the Cgroup grouping's labels).
    void setStates(std::shared_ptr<const core::ThreadStates> states,
                   std::unordered_map<uint32_t, int64_t> pids, std::vector<std::string> cgroupPaths);
    const core::ThreadStates* states() const { return m_states.get(); }
    std::shared_ptr<const core::ThreadStates> sharedStates() const { return m_states; }

    void setGrouping(TrackGrouping g);
    TrackGrouping grouping() const { return m_grouping; }
    void setFilter(const std::string& text);
    const std::string& filter() const { return m_filter; }
    void toggleCollapsed(const std::string& group);
    /// Pins or unpins a task (by task id); pins survive new states of the same run.
    void setPinned(uint32_t task, bool pinned);
    bool pinned(uint32_t task) const { return m_pins.count(task) != 0; }
    /// Forgets pins and collapsed groups (a new run).
    void clearChoices();

    const std::vector<TrackRow>& rows() const { return m_rows; }
    /// The counter group's key: each CPU's nr_running, above the tasks (collapsed from the
    /// start on machines of more than 4 CPUs, where they would push the tasks out of view;
    /// hidden while a filter is set).
    static constexpr const char* kCountersGroup = "\x01nr_running";
    /// A counter row's steps and their largest value (for its scale), or null.
    const std::vector<core::CounterStep>* counter(const TrackRow& row) const;
    uint32_t counterMax(const TrackRow& row) const;
    /// The model's counter shown in a row (PELT, vruntime, pressure, ...), or null.
    const core::CounterTrack* modelCounter(const TrackRow& row) const;
    /// Its smallest and largest value (0 included: the scale starts at zero or below it).
    std::pair<double, double> modelCounterRange(const TrackRow& row) const;
    /// Whether the states carry counters of a CPU, task or cgroup (a recording carries none).
    bool hasCounters(core::CounterOwner owner, uint32_t id) const;
    /// Shows or hides the counter tracks of a CPU (below its nr_running), a task (below its
    /// track) or a cgroup (below its group's header, when grouped by cgroup). Kept for the run.
    void setCountersShown(core::CounterOwner owner, uint32_t id, bool shown);
    bool countersShown(core::CounterOwner owner, uint32_t id) const;
    /// The cgroup id of a Cgroup grouping's header, or -1.
    int64_t cgroupOfGroup(const std::string& group) const;
    /// The track shown in a row, or null for a header.
    const core::TaskTrack* track(const TrackRow& row) const;
    /// The row of a task's track (the first, when it is pinned), or -1.
    int rowOfTask(uint32_t task) const;
    int64_t pidOf(uint32_t task) const;
    const std::vector<std::string>& cgroupPaths() const { return m_paths; }
    /// The label of a task's row: "name (pid)".
    std::string taskLabel(const core::TaskTrack& t) const;
    /// Tasks matching the filter (all of them without one).
    size_t matching() const { return m_matching; }

    /// The start of the task's first run after `t` (next), or of the last run starting before
    /// `t` (previous); nullopt when there is none.
    std::optional<SimNs> nextRun(uint32_t task, SimNs t) const;
    std::optional<SimNs> previousRun(uint32_t task, SimNs t) const;

    /// The group a task belongs to under `g`: its cgroup's path, or its name without the
    /// trailing number.
    static std::string groupOf(const core::TaskTrack& t, TrackGrouping g,
                               const std::vector<std::string>& paths);

private:
    void rebuild();
    bool matches(const core::TaskTrack& t) const;

    std::shared_ptr<const core::ThreadStates> m_states;
    std::unordered_map<uint32_t, int64_t> m_pids;
    std::vector<std::string> m_paths;
    TrackGrouping m_grouping = TrackGrouping::Cgroup;
    std::string m_filter; ///< lower case
    std::set<std::string> m_collapsed;
    std::set<uint32_t> m_pins;
    std::vector<TrackRow> m_rows;
    size_t m_matching = 0;
    std::vector<uint32_t> m_counterMax; ///< by CPU
    static uint64_t ownerKey(core::CounterOwner owner, uint32_t id) { return (uint64_t(owner) << 32) | id; }
    /// Adds the shown counter rows of (owner, id) under `group`.
    void addCounterRows(core::CounterOwner owner, uint32_t id, const std::string& group);
    std::unordered_map<uint64_t, std::vector<int>> m_countersOf; ///< owner key -> ThreadStates::counters
    std::vector<std::pair<double, double>> m_counterRange;       ///< by ThreadStates::counters index
    std::set<uint64_t> m_countersShown;                          ///< owner keys
    std::unordered_map<std::string, uint32_t> m_groupCgroup;     ///< Cgroup grouping: header -> cgroup
    std::unordered_map<uint32_t, int> m_rowOfTask;               ///< task id -> its first row
    bool m_countersSeen = false; ///< the counters' group was shown (and its default set)
};

} // namespace ui
