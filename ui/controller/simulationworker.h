#pragma once

#include "base/tracetee.h"
#include "controller/format.h"
#include "output/recorder.h"
#include "output/schedcounters.h"
#include "report/mailbox.h"
#include "report/threadstates.h"
#include "sim/engine.h"

#include <QObject>

#include <chrono>
#include <memory>
#include <optional>

class QTimer;

namespace ui {

/// Lives on the simulation thread and owns the engine. Runs it in short slices (a few ms of
/// wall time) from its own event loop, so commands (queued calls from the controller) apply
/// between slices, and publishes snapshots through the mailbox. Never waits for the GUI.
class SimulationWorker : public QObject {
    Q_OBJECT
public:
    explicit SimulationWorker(core::SnapshotMailbox& mailbox);
    ~SimulationWorker() override;

    // Called on the worker thread only (the controller queues them).
    void open(std::shared_ptr<const core::ScenarioSpec> spec, uint64_t generation);
    /// Drops the engine (a real trace is shown instead): commands do nothing until open().
    void close(uint64_t generation);
    void reset(uint64_t generation);
    void setRunning(bool running);
    /// Simulated ns per wall second; 0 = as fast as possible.
    void setSpeed(SimNs simNsPerWallSecond);
    void stepEvent();
    void stepTick();
    void stepFor(core::SimTime d);
    /// Runs as fast as possible until `t`, then pauses.
    void runTo(core::SimTime t);
    void setOptimization(core::Optimization o, bool on);
    void moveTask(core::TaskId task, const std::string& cgroupPath);
    void setCgroupWeight(const std::string& cgroupPath, uint32_t weight);
    void setCgroupMax(const std::string& cgroupPath, const core::CpuMax& max);
    void killTasks(const std::string& pattern);
    /// Publishes a snapshot with the task list now (e.g. when a view needs it).
    void publishNow();
    /// Whether to build thread-state tracks (the main window's Threads page; on by default).
    /// Takes effect at the next open or reset.
    void setThreadStates(bool on);

signals:
    /// The mailbox went from empty to full: the reader should take().
    void snapshotPosted();
    void runningChanged(bool running);
    /// The outcome of a command, for the status bar.
    void commandDone(bool ok, const QString& message);

private:
    void runSlice();
    void publish(bool withTasks);
    /// Builds the thread-state tracks when they are due: whenever the run is not running
    /// (paused, stepped, finished), else at most every few seconds, slower when building is
    /// slow (it reads the whole run).
    std::shared_ptr<const core::ThreadStates> threadStatesIfDue();
    void stopRunning();
    void reanchor();
    void report(const core::CommandResult& r);

    core::SnapshotMailbox& m_mailbox;
    std::shared_ptr<const core::ScenarioSpec> m_spec;
    std::unique_ptr<core::Engine> m_engine;
    core::Recorder m_recorder;
    core::ThreadStateRecorder m_states;
    core::SchedCounterSampler m_counters; ///< the counter tracks, sampled with m_states
    core::TraceTee m_tee;                 ///< the engine's records to m_recorder and m_states
    bool m_wantStates = true;
    std::pair<SimNs, uint64_t> m_statesBuiltAt{-1, 0}; ///< engine time and records at the last build
    bool m_statesBuiltFull = false;                    ///< the last build was after the recorder filled
    std::chrono::steady_clock::time_point m_statesDue;
    std::chrono::steady_clock::time_point m_statesBuiltWhen;
    QTimer* m_statesTimer; ///< builds the tracks once paused steps settle
    QTimer* m_timer;
    uint64_t m_generation = 0;
    bool m_running = false;
    SimNs m_speed = 0;
    std::optional<core::SimTime> m_runTo;
    // Pacing: simulated time should be anchorSim + speed x (wall - anchorWall).
    core::SimTime m_anchorSim;
    core::SimTime m_lastSample; ///< the last periodic sample's time
    std::chrono::steady_clock::time_point m_anchorWall;
    std::chrono::steady_clock::time_point m_lastPublish;
    std::chrono::steady_clock::time_point m_lastTasks;
};

} // namespace ui
