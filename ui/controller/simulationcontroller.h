#pragma once

#include "base/cpumax.h"
#include "base/optimizations.h"
#include "base/simtime.h"
#include "controller/format.h"
#include "report/mailbox.h"

#include <QObject>
#include <QThread>

#include <memory>

namespace core {
struct ScenarioSpec;
struct Snapshot;
} // namespace core

namespace ui {

class SimulationWorker;

/// The GUI's handle on a simulation: owns the worker thread and the engine on it (through
/// SimulationWorker), forwards commands as queued calls, and turns the mailbox's news into a
/// snapshot signal on the GUI thread. The GUI thread never touches the engine and never waits.
class SimulationController : public QObject {
    Q_OBJECT
public:
    explicit SimulationController(QObject* parent = nullptr);
    ~SimulationController() override;

    /// Starts a new run of `spec` (paused at time 0). Snapshots of the previous run still in
    /// flight are dropped.
    void open(std::shared_ptr<const core::ScenarioSpec> spec);
    /// Stops simulating: `spec` describes a real trace's machine and the worker drops its engine
    /// (run, step and the live commands then do nothing). `opened` is emitted as for open().
    void openTrace(std::shared_ptr<const core::ScenarioSpec> spec);
    /// Whether the current spec is a real trace's (no engine behind it).
    bool showsTrace() const { return m_trace; }
    std::shared_ptr<const core::ScenarioSpec> spec() const { return m_spec; }
    bool isRunning() const { return m_running; }
    /// Simulated ns per wall second; 0 = as fast as possible.
    SimNs speed() const { return m_speed; }

    void run();
    void pause();
    void toggleRunning() { m_running ? pause() : run(); }
    void stepEvent();
    void stepTick();
    void stepFor(core::SimTime d);
    void runTo(core::SimTime t);
    void reset();
    void setSpeed(SimNs simNsPerWallSecond);
    /// Whether the worker builds thread-state tracks (History::latest().threadStates); on by
    /// default, off where no view shows them (the A/B window). From the next open or reset.
    void setThreadStates(bool on);
    void setOptimization(core::Optimization o, bool on);
    void moveTask(core::TaskId task, const QString& cgroupPath);
    void setCgroupWeight(const QString& cgroupPath, uint32_t weight);
    /// cpu.max (and cpu.max.burst) of a cgroup, live.
    void setCgroupMax(const QString& cgroupPath, const core::CpuMax& max);
    /// Kills the tasks whose name matches `pattern` (the scenario's kill action, live).
    void killTasks(const QString& pattern);
    /// Asks for a snapshot now (with the task list).
    void refresh();

    /// Posts that the worker merged because the GUI had not read yet (diagnostics, tests).
    uint64_t mergedSnapshots() const { return m_mailbox.merged(); }

signals:
    /// News from the engine, in order; deltas (slices, migrations) are never dropped.
    void snapshot(std::shared_ptr<const core::Snapshot> s);
    void opened(std::shared_ptr<const core::ScenarioSpec> spec);
    void runningChanged(bool running);
    void speedChanged(SimNs simNsPerWallSecond);
    void commandDone(bool ok, const QString& message);

private:
    void takeSnapshot();
    template <typename F>
    void post(F&& f);

    core::SnapshotMailbox m_mailbox;
    QThread m_thread;
    SimulationWorker* m_worker;
    std::shared_ptr<const core::ScenarioSpec> m_spec;
    uint64_t m_generation = 0;
    bool m_running = false;
    bool m_trace = false;
    SimNs m_speed = 0;
};

} // namespace ui
