#pragma once

#include "base/simtime.h"
#include "report/threadstates.h"

#include <cstddef>
#include <optional>
#include <unordered_map>
#include <vector>

namespace core {

class Engine;

/// Samples the scheduler's own state into counter tracks, the values no trace carries:
/// - per CPU: the root cfs_rq's PELT averages (load_avg, runnable_avg, util_avg);
/// - per fair task: vruntime, and under EEVDF its lag (V - v) and virtual deadline, under CFS
///   its queue's min_vruntime; its PELT util_avg;
/// - per cgroup: the cpu.max pool's runtime left and its throttled CPUs (where it has a
///   cpu.max), and its CPU pressure (some, full) as its cpu.pressure's avg10 reads, every 10 ms.
/// It reads what the model holds and changes nothing (the run stays bit for bit the same).
/// Values the kernel updates lazily (a running task's vruntime at update_curr, PELT at its
/// updates) are shown as held, so they move in steps where the kernel's do.
class SchedCounterSampler {
public:
    /// Tasks are sampled only while at most this many are alive (each sample reads them all).
    static constexpr size_t kMaxTasks = 2000;
    /// Cgroups are sampled at most this often (a pressure read collects every CPU's state).
    static constexpr SimTime kCgroupEvery = SimTime::ms(10);
    /// At most this many points in all; beyond, sampling stops and fullAt() says when.
    void setPointLimit(size_t points) { m_limit = points; }
    /// Reads every counter at engine.now() and keeps those that changed.
    void sample(const Engine& engine);
    /// The tracks so far (a copy: a live view asks again as the run goes on).
    std::vector<CounterTrack> tracks() const;
    std::optional<SimTime> fullAt() const { return m_fullAt; }
    /// Where the values are known up to: the last sample (or where the limit stopped it).
    SimTime sampledUpTo() const { return m_fullAt ? *m_fullAt : m_lastSample; }
    /// Whether task counters were skipped at some sample (too many tasks alive).
    bool skippedTasks() const { return m_skippedTasks; }
    size_t pointCount() const { return m_points; }

private:
    /// Adds a point to the track of (owner, id, counter) if its value changed.
    void put(CounterOwner owner, uint32_t id, int counter, SimTime t, double v);
    void sampleCpus(const Engine& engine, SimTime now);
    void sampleTasks(const Engine& engine, SimTime now);
    void sampleCgroups(const Engine& engine, SimTime now);

    std::vector<CounterTrack> m_tracks;
    std::unordered_map<uint64_t, size_t> m_index; ///< (owner, id, counter) -> track
    size_t m_limit = SIZE_MAX;
    size_t m_points = 0;
    std::optional<SimTime> m_fullAt;
    bool m_skippedTasks = false;
    SimTime m_lastSample;
    bool m_sampledAny = false;
    SimTime m_lastCgroupSample;
    bool m_cgroupSampled = false;
};

} // namespace core
