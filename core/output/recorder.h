#pragma once

#include "base/trace.h"
#include "report/snapshot.h"

#include <memory>

namespace core {

class Engine;

/// Collects what happens in the engine and cuts it into snapshots. Attach it with
/// Engine::setTraceSink; call take() whenever the consumer wants the news.
class Recorder : public TraceSink {
public:
    void slice(const Slice& s) override { m_pending.slices.push_back(s); }
    void migration(const MigrationRecord& m) override { m_pending.migrations.push_back(m); }
    void marker(const Marker& m) override { m_pending.markers.push_back(m); }
    void contextSwitch(const SwitchRecord& s) override { m_pending.switches.push_back(s); }
    void throttle(const ThrottleRecord& t) override { m_pending.throttles.push_back(t); }
    void taskCreated(TaskId id, const std::string& name, CgroupId cgroup, SchedPolicy policy,
                     uint8_t rtPriority) override {
        m_pending.newTasks.push_back({id, name, cgroup, policy, rtPriority});
    }

    /// State of the engine now plus the deltas since the last take(). `withTasks` copies the
    /// live task list too (costly with many tasks; views ask for it at a lower rate).
    std::shared_ptr<Snapshot> take(Engine& engine, bool withTasks);
    /// Records the counters and cgroup accounting now, delivered with the next take().
    void sample(const Engine& engine);

private:
    Snapshot m_pending;
    size_t m_commandsSent = 0;
};

} // namespace core
