#include "controller/history.h"

#ifdef __GLIBC__
#include <malloc.h>
#endif

#include <algorithm>
#include <unordered_set>

namespace ui {

namespace {

/// The records of a time-ordered deque with time in [from, to), as indexes.
template <class Record>
std::pair<size_t, size_t> indexesWithin(const std::deque<Record>& d, SimNs from, SimNs to) {
    auto lo =
        std::partition_point(d.begin(), d.end(), [from](const Record& r) { return r.time.count() < from; });
    auto hi = std::partition_point(lo, d.end(), [to](const Record& r) { return r.time.count() < to; });
    return {static_cast<size_t>(lo - d.begin()), static_cast<size_t>(hi - d.begin())};
}

/// Drops the records before mid from a time-ordered deque.
template <class Record>
void dropRecordsBefore(std::deque<Record>& d, SimNs mid) {
    while (!d.empty() && d.front().time.count() < mid)
        d.pop_front();
    d.shrink_to_fit();
}

const std::string kNoName;

} // namespace

History::History(size_t capBytes)
    : m_cap(capBytes) {}

void History::reset(uint32_t nrCpus) {
    m_fromTrace = false;
    m_cpuNumbers.clear();
    m_lanes.clear();
    m_lanes.resize(nrCpus);
    m_migrations.clear();
    m_switches.clear();
    m_markers.clear();
    m_throttles.assign(nrCpus, {});
    m_commands.clear();
    m_samples.clear();
    m_taskNames.clear();
    m_anyRt = false;
    m_names.clear();
    m_nameIndex.clear();
    m_latest = core::Snapshot{};
    m_start = m_now = m_coarseUntil = 0;
    m_migrationsDelivered = 0;
    m_snapshots = 0;
    m_compactions = 0;
}

template <class Cgroups>
void History::addSample(SimNs time, const core::Counters& counters, const core::OptimizationSet& opts,
                        const Cgroups& cgroups) {
    HistorySample sample;
    sample.time = time;
    sample.counters = counters;
    sample.optimizations = opts;
    sample.cgroups.assign(cgroups.begin(), cgroups.end()); // a CgroupState without its identity
    // Several samples at one simulated time (steps of zero length): the newest wins.
    if (!m_samples.empty() && m_samples.back().time == time)
        m_samples.back() = std::move(sample);
    else
        m_samples.push_back(std::move(sample));
}

void History::append(const core::Snapshot& s) {
    ++m_snapshots;
    m_now = s.time.count();
    for (const core::Slice& sl : s.slices)
        if (sl.cpu < m_lanes.size())
            m_lanes[sl.cpu].append(sl);
    m_migrations.insert(m_migrations.end(), s.migrations.begin(), s.migrations.end());
    m_migrationsDelivered += s.migrations.size();
    m_switches.insert(m_switches.end(), s.switches.begin(), s.switches.end());
    m_markers.insert(m_markers.end(), s.markers.begin(), s.markers.end());
    for (const core::ThrottleRecord& t : s.throttles)
        if (t.cpu < m_throttles.size())
            m_throttles[t.cpu].push_back({t.start.count(), t.end.count(), t.cgroup.value()});
    m_commands.insert(m_commands.end(), s.commands.begin(), s.commands.end());
    for (const core::NewTask& t : s.newTasks) {
        auto [it, fresh] = m_nameIndex.try_emplace(t.name, static_cast<uint32_t>(m_names.size()));
        if (fresh)
            m_names.push_back(t.name);
        m_taskNames[t.id.value()] = {it->second, m_now, t.cgroup.valid() ? t.cgroup.value() : 0, t.policy,
                                     t.rtPriority};
        m_anyRt |= core::rtPolicy(t.policy);
    }

    for (const core::StateSample& p : s.samples)
        addSample(p.time.count(), p.counters, p.optimizations, p.cgroups);
    addSample(m_now, s.counters, s.optimizations, s.cgroups);

    m_latest.adoptState(s); // the deltas are in the stores above
    compactIfNeeded();
}

void History::setCap(size_t bytes) {
    m_cap = bytes;
    compactIfNeeded();
}

size_t History::bytes() const {
    size_t n = sizeof(*this);
    for (const LaneStore& l : m_lanes)
        n += l.bytes();
    n += m_migrations.size() * sizeof(core::MigrationRecord);
    n += m_switches.size() * sizeof(core::SwitchRecord);
    n += m_markers.capacity() * sizeof(core::Marker);
    for (const auto& v : m_throttles)
        n += v.capacity() * sizeof(Throttled);
    n += m_samples.capacity() * sizeof(HistorySample);
    for (const HistorySample& s : m_samples)
        n += s.cgroups.capacity() * sizeof(core::CgroupPoint);
    // Hash nodes: key, value, next pointer and the bucket, roughly.
    n += m_taskNames.size() * (sizeof(std::pair<uint32_t, Name>) + 2 * sizeof(void*));
    for (const std::string& name : m_names)
        n += sizeof(std::string) + name.capacity() + 2 * sizeof(void*) + sizeof(uint32_t);
    n += m_latest.tasks.capacity() * sizeof(core::TaskInfo);
    return n;
}

HistorySample History::runOrigin() const {
    if (m_start == 0 || m_samples.empty())
        return HistorySample{};
    return m_samples.front();
}

size_t History::sampleAt(SimNs t) const {
    auto it = std::partition_point(m_samples.begin(), m_samples.end(),
                                   [t](const HistorySample& s) { return s.time <= t; });
    return it == m_samples.begin() ? 0 : static_cast<size_t>(it - m_samples.begin()) - 1;
}

std::pair<size_t, size_t> History::migrationsWithin(SimNs from, SimNs to) const {
    return indexesWithin(m_migrations, from, to);
}

std::pair<size_t, size_t> History::switchesWithin(SimNs from, SimNs to) const {
    return indexesWithin(m_switches, from, to);
}

const std::string& History::taskName(uint32_t id) const {
    auto it = m_taskNames.find(id);
    return it == m_taskNames.end() ? kNoName : m_names[it->second.index];
}

History::TaskClass History::taskClass(uint32_t id) const {
    auto it = m_taskNames.find(id);
    if (it == m_taskNames.end())
        return {};
    return {it->second.policy, it->second.rtPriority};
}

uint32_t History::taskCgroup(uint32_t id) const {
    auto it = m_taskNames.find(id);
    return it == m_taskNames.end() ? 0 : it->second.cgroup;
}

void History::compactIfNeeded() {
    if (bytes() <= m_cap)
        return;
    // Compact to three quarters of the cap, so that it happens now and then, not per snapshot.
    // First the older half goes coarse, then the older three quarters; only then is the oldest
    // half dropped. A bounded number of passes always ends.
    const size_t target = m_cap / 4 * 3;
    for (int pass = 0; pass < 64 && bytes() > target && m_now - m_start >= 4; ++pass) {
        const SimNs span = m_now - m_start;
        const SimNs half = m_start + span / 2, threeQuarters = m_start + span / 4 * 3;
        if (m_coarseUntil < half)
            coarsenBefore(half);
        else if (m_coarseUntil < threeQuarters)
            coarsenBefore(threeQuarters);
        else
            dropBefore(half);
        ++m_compactions;
    }
#ifdef __GLIBC__
    // What compaction freed is scattered through the heap; give it back to the system, or the
    // process keeps the peak of every compaction (RSS would grow to about twice the cap).
    malloc_trim(0);
#endif
}

void History::coarsenBefore(SimNs mid) {
    // Keep about 2048 blocks per CPU for the coarse part: the level whose width is its 1/2048.
    int keep = 1;
    while (keep < LaneStore::kLevels - 1 && LaneStore::width(keep) * 2048 < mid - m_start)
        ++keep;
    for (LaneStore& l : m_lanes)
        l.dropFiner(keep, mid);
    // Samples of the part that turns coarse now: every other one (older parts were thinned
    // when they turned coarse).
    std::vector<HistorySample> thinned;
    thinned.reserve(m_samples.size());
    size_t n = 0;
    for (HistorySample& s : m_samples) {
        if (s.time < m_coarseUntil || s.time >= mid || n++ % 2 == 0)
            thinned.push_back(std::move(s));
    }
    m_samples = std::move(thinned);
    dropRecordsBefore(m_migrations, mid);
    dropRecordsBefore(m_switches, mid);
    m_coarseUntil = mid;
    forgetUnreferencedNames(mid);
}

void History::dropBefore(SimNs mid) {
    for (LaneStore& l : m_lanes)
        l.dropBefore(mid);
    // Keep the last sample before mid so that state at the new start is known.
    const size_t keepFrom = sampleAt(mid);
    m_samples.erase(m_samples.begin(), m_samples.begin() + static_cast<std::ptrdiff_t>(keepFrom));
    m_samples.shrink_to_fit();
    dropRecordsBefore(m_migrations, mid);
    dropRecordsBefore(m_switches, mid);
    std::erase_if(m_markers, [mid](const core::Marker& m) { return m.time.count() < mid; });
    for (auto& v : m_throttles)
        std::erase_if(v, [mid](const Throttled& t) { return t.end <= mid; });
    m_start = mid;
    m_coarseUntil = std::max(m_coarseUntil, mid);
    forgetUnreferencedNames(mid);
}

void History::forgetUnreferencedNames(SimNs keepCreatedAfter) {
    std::unordered_set<uint32_t> used;
    for (const LaneStore& l : m_lanes)
        for (int level = 0; level < LaneStore::kLevels; ++level) {
            l.blocks(level).forEach([&](const LaneBlock& b) { used.insert(b.task); });
            if (const LaneBlock* o = l.openBlock(level))
                used.insert(o->task);
        }
    for (const core::MigrationRecord& m : m_migrations)
        used.insert(m.task.value());
    for (const core::SwitchRecord& s : m_switches) {
        used.insert(s.prev.value());
        used.insert(s.next.value());
    }
    for (const core::TaskInfo& t : m_latest.tasks)
        used.insert(t.id.value());
    std::erase_if(m_taskNames, [&](const auto& kv) {
        return kv.second.created < keepCreatedAfter && !used.count(kv.first);
    });
}

} // namespace ui
