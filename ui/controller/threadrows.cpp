#include "controller/threadrows.h"

#include "base/bytetext.h"

#include <algorithm>
#include <cctype>
#include <map>

namespace ui {

namespace {

std::string lower(std::string s) {
    for (char& c : s)
        c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
    return s;
}

bool isNumberPart(char c) {
    return std::isdigit(static_cast<unsigned char>(c)) || c == '-' || c == '_' || c == '/' || c == ':' ||
           c == '.' || c == '#';
}

} // namespace

void ThreadRows::setStates(std::shared_ptr<const core::ThreadStates> states,
                           std::unordered_map<uint32_t, int64_t> pids, std::vector<std::string> cgroupPaths) {
    m_states = std::move(states);
    m_pids = std::move(pids);
    m_paths = std::move(cgroupPaths);
    m_counterMax.clear();
    if (m_states) {
        for (const auto& steps : m_states->nrRunning) {
            uint32_t top = 0;
            for (const core::CounterStep& c : steps)
                top = std::max(top, c.value);
            m_counterMax.push_back(top);
        }
        m_countersOf.clear();
        m_counterRange.clear();
        for (size_t i = 0; i < m_states->counters.size(); ++i) {
            const core::CounterTrack& c = m_states->counters[i];
            m_countersOf[ownerKey(c.owner, c.id)].push_back(static_cast<int>(i));
            double lo = 0, hi = 0;
            for (const auto& pt : c.points) {
                lo = std::min(lo, pt.value);
                hi = std::max(hi, pt.value);
            }
            m_counterRange.emplace_back(lo, hi);
        }
        if (!m_countersSeen && !m_states->nrRunning.empty()) {
            m_countersSeen = true;
            if (m_states->nrRunning.size() > 4)
                m_collapsed.insert(kCountersGroup);
        }
    }
    rebuild();
}

void ThreadRows::setGrouping(TrackGrouping g) {
    if (g == m_grouping)
        return;
    m_grouping = g;
    m_collapsed.clear();
    rebuild();
}

void ThreadRows::setFilter(const std::string& text) {
    const std::string f = lower(text);
    if (f == m_filter)
        return;
    m_filter = f;
    rebuild();
}

void ThreadRows::toggleCollapsed(const std::string& group) {
    if (!m_collapsed.erase(group))
        m_collapsed.insert(group);
    rebuild();
}

void ThreadRows::setPinned(uint32_t task, bool pinned) {
    if (pinned)
        m_pins.insert(task);
    else
        m_pins.erase(task);
    rebuild();
}

void ThreadRows::clearChoices() {
    m_pins.clear();
    m_countersShown.clear();
    m_collapsed.clear();
    m_countersSeen = false;
    m_filter.clear();
    rebuild();
}

const core::TaskTrack* ThreadRows::track(const TrackRow& row) const {
    if (row.kind != TrackRow::Kind::Task || !m_states || row.track < 0 ||
        static_cast<size_t>(row.track) >= m_states->tasks.size())
        return nullptr;
    return &m_states->tasks[static_cast<size_t>(row.track)];
}

const std::vector<core::CounterStep>* ThreadRows::counter(const TrackRow& row) const {
    if (row.kind != TrackRow::Kind::Counter || row.counter >= 0 || !m_states || row.track < 0 ||
        static_cast<size_t>(row.track) >= m_states->nrRunning.size())
        return nullptr;
    return &m_states->nrRunning[static_cast<size_t>(row.track)];
}

uint32_t ThreadRows::counterMax(const TrackRow& row) const {
    return row.track >= 0 && static_cast<size_t>(row.track) < m_counterMax.size()
               ? m_counterMax[static_cast<size_t>(row.track)]
               : 0;
}

const core::CounterTrack* ThreadRows::modelCounter(const TrackRow& row) const {
    if (row.kind != TrackRow::Kind::Counter || !m_states || row.counter < 0 ||
        static_cast<size_t>(row.counter) >= m_states->counters.size())
        return nullptr;
    return &m_states->counters[static_cast<size_t>(row.counter)];
}

std::pair<double, double> ThreadRows::modelCounterRange(const TrackRow& row) const {
    return modelCounter(row) ? m_counterRange[static_cast<size_t>(row.counter)] : std::pair<double, double>{};
}

bool ThreadRows::hasCounters(core::CounterOwner owner, uint32_t id) const {
    return m_countersOf.count(ownerKey(owner, id)) != 0;
}

void ThreadRows::setCountersShown(core::CounterOwner owner, uint32_t id, bool shown) {
    if (shown)
        m_countersShown.insert(ownerKey(owner, id));
    else
        m_countersShown.erase(ownerKey(owner, id));
    rebuild();
}

bool ThreadRows::countersShown(core::CounterOwner owner, uint32_t id) const {
    return m_countersShown.count(ownerKey(owner, id)) != 0;
}

int64_t ThreadRows::cgroupOfGroup(const std::string& group) const {
    const auto it = m_groupCgroup.find(group);
    return it != m_groupCgroup.end() ? it->second : -1;
}

void ThreadRows::addCounterRows(core::CounterOwner owner, uint32_t id, const std::string& group) {
    if (!countersShown(owner, id))
        return;
    const auto it = m_countersOf.find(ownerKey(owner, id));
    if (it == m_countersOf.end())
        return;
    for (int index : it->second) {
        TrackRow c;
        c.kind = TrackRow::Kind::Counter;
        c.counter = index;
        c.track = static_cast<int>(id);
        c.group = group;
        m_rows.push_back(std::move(c));
    }
}

int ThreadRows::rowOfTask(uint32_t task) const {
    const auto it = m_rowOfTask.find(task);
    return it != m_rowOfTask.end() ? it->second : -1;
}

int64_t ThreadRows::pidOf(uint32_t task) const {
    const auto it = m_pids.find(task);
    return it != m_pids.end() ? it->second : static_cast<int64_t>(task);
}

std::string ThreadRows::taskLabel(const core::TaskTrack& t) const {
    return core::bytesAsText(t.name) + " (" + std::to_string(pidOf(t.id.value())) + ")";
}

std::string ThreadRows::groupOf(const core::TaskTrack& t, TrackGrouping g,
                                const std::vector<std::string>& paths) {
    switch (g) {
    case TrackGrouping::Cgroup: {
        const uint32_t c = t.cgroup.valid() ? t.cgroup.value() : 0;
        return c < paths.size() ? core::bytesAsText(paths[c]) : "cgroup " + std::to_string(c);
    }
    case TrackGrouping::Name: {
        std::string n = t.name;
        while (!n.empty() && isNumberPart(n.back()))
            n.pop_back();
        if (n.empty())
            n = t.name;
        return n.empty() ? std::string("(no name)") : core::bytesAsText(n);
    }
    case TrackGrouping::None:
        break;
    }
    return "all";
}

bool ThreadRows::matches(const core::TaskTrack& t) const {
    if (m_filter.empty())
        return true;
    if (lower(core::bytesAsText(t.name)).find(m_filter) != std::string::npos)
        return true;
    return std::to_string(pidOf(t.id.value())).rfind(m_filter, 0) == 0;
}

void ThreadRows::rebuild() {
    m_rows.clear();
    m_rowOfTask.clear();
    m_groupCgroup.clear();
    m_matching = 0;
    if (!m_states)
        return;
    std::vector<int> pinned;
    std::map<std::string, std::vector<int>> groups;
    for (size_t i = 0; i < m_states->tasks.size(); ++i) {
        const core::TaskTrack& t = m_states->tasks[i];
        if (!matches(t))
            continue;
        ++m_matching;
        if (m_pins.count(t.id.value()))
            pinned.push_back(static_cast<int>(i));
        const std::string key = groupOf(t, m_grouping, m_paths);
        groups[key].push_back(static_cast<int>(i));
        if (m_grouping == TrackGrouping::Cgroup && t.cgroup.valid())
            m_groupCgroup[key] = t.cgroup.value();
    }
    auto addGroup = [this](const std::string& key, const std::vector<int>& tracks, bool pins) {
        // Without grouping the tasks are one list under no header; a filter opens every group.
        const bool header = pins || m_grouping != TrackGrouping::None;
        const bool collapsed = !pins && m_filter.empty() && m_collapsed.count(key) != 0;
        if (header) {
            TrackRow g;
            g.kind = TrackRow::Kind::Group;
            g.group = key;
            g.members = static_cast<uint32_t>(tracks.size());
            g.collapsed = collapsed;
            m_rows.push_back(std::move(g));
            if (const int64_t cg = pins ? -1 : cgroupOfGroup(key); cg >= 0)
                addCounterRows(core::CounterOwner::Cgroup, static_cast<uint32_t>(cg), key);
        }
        if (collapsed)
            return;
        for (int i : tracks) {
            TrackRow r;
            r.track = i;
            r.group = key;
            const uint32_t id = m_states->tasks[static_cast<size_t>(i)].id.value();
            r.pinned = m_pins.count(id) != 0;
            m_rowOfTask.try_emplace(id, static_cast<int>(m_rows.size())); // the first (pinned) one
            m_rows.push_back(std::move(r));
            addCounterRows(core::CounterOwner::Task, id, key);
        }
    };
    if (m_filter.empty() && !m_states->nrRunning.empty()) {
        TrackRow g;
        g.kind = TrackRow::Kind::Group;
        g.group = kCountersGroup;
        g.members = static_cast<uint32_t>(m_states->nrRunning.size());
        g.collapsed = m_collapsed.count(kCountersGroup) != 0;
        m_rows.push_back(g);
        for (size_t cpu = 0; !g.collapsed && cpu < m_states->nrRunning.size(); ++cpu) {
            TrackRow c;
            c.kind = TrackRow::Kind::Counter;
            c.track = static_cast<int>(cpu);
            c.group = kCountersGroup;
            m_rows.push_back(c);
            addCounterRows(core::CounterOwner::Cpu, static_cast<uint32_t>(cpu), kCountersGroup);
        }
    }
    if (!pinned.empty())
        addGroup({}, pinned, true);
    for (const auto& [key, tracks] : groups)
        addGroup(key, tracks, false);
}

std::optional<SimNs> ThreadRows::nextRun(uint32_t task, SimNs t) const {
    const core::TaskTrack* tr = m_states ? m_states->find(core::TaskId(task)) : nullptr;
    if (!tr)
        return std::nullopt;
    auto it = std::upper_bound(tr->intervals.begin(), tr->intervals.end(), t,
                               [](SimNs v, const core::StateInterval& i) { return v < i.start.count(); });
    for (; it != tr->intervals.end(); ++it)
        if (it->state == core::ThreadState::Running)
            return it->start.count();
    return std::nullopt;
}

std::optional<SimNs> ThreadRows::previousRun(uint32_t task, SimNs t) const {
    const core::TaskTrack* tr = m_states ? m_states->find(core::TaskId(task)) : nullptr;
    if (!tr)
        return std::nullopt;
    auto it = std::lower_bound(tr->intervals.begin(), tr->intervals.end(), t,
                               [](const core::StateInterval& i, SimNs v) { return i.start.count() < v; });
    while (it != tr->intervals.begin()) {
        --it;
        if (it->state == core::ThreadState::Running)
            return it->start.count();
    }
    return std::nullopt;
}

} // namespace ui
