#pragma once

#include "controller/cgroupcolors.h"
#include "controller/history.h"
#include "controller/simulationcontroller.h"
#include "controller/traceloader.h"
#include "controller/viewstate.h"
#include "scenario/modelselection.h"
#include "scenario/sessionsave.h"
#include "sched/topology.h"

#include <QObject>
#include <QTimer>

#include <memory>
#include <optional>
#include <string>
#include <vector>

namespace ui {

/// One open simulation as the views see it: the controller (engine on its thread), the
/// History its snapshots feed, the cgroup colours, and the shared view state. Views repaint
/// when `updated` fires, at most at the frame rate, never per snapshot.
class Session : public QObject {
    Q_OBJECT
public:
    explicit Session(QObject* parent = nullptr);

    SimulationController& controller() { return m_controller; }
    const History& history() const { return m_history; }
    History& history() { return m_history; }
    const CgroupColors& colors() const { return m_colors; }
    ViewState& view() { return m_view; }
    const core::Topology* topology() const { return m_topology ? &*m_topology : nullptr; }
    std::shared_ptr<const core::ScenarioSpec> spec() const { return m_controller.spec(); }

    /// Starts a run of `spec`, replacing the current one. `sourceText` is the scenario file it
    /// came from (kept to save the session as a scenario; may be empty).
    void open(std::shared_ptr<const core::ScenarioSpec> spec, std::string sourceText = {});
    const std::string& sourceText() const { return m_sourceText; }
    /// Shows a real trace instead of a simulation: its snapshots fill History at once; nothing
    /// runs (the controller has no engine) until a scenario is opened again.
    void openTrace(std::shared_ptr<const ImportedTrace> trace);
    /// The trace shown, or null when the session simulates.
    const ImportedTrace* trace() const { return m_trace.get(); }
    std::shared_ptr<const ImportedTrace> sharedTrace() const { return m_trace; }
    /// Restarts the current scenario on another kernel model, rewritten as a file for it (what
    /// the model does not have is dropped and listed in `dropped`). False, with `error` set and
    /// the session unchanged, when the scenario's text is not known or does not load.
    bool reopenOnModel(core::KernelModel model, std::vector<core::ModelConflict>& dropped,
                       std::string& error);
    /// The session as a scenario file: the source text with every live command so far on its
    /// timeline (see core::scenarioWithTimeline) and the view's bookmarks.
    core::SessionSave savedScenario() const;

    /// Frames per second of the `updated` signal.
    void setFrameRate(int fps);

signals:
    /// A new run began (topology and cgroups may have changed).
    void started();
    /// History has news; views repaint.
    void updated();

private:
    void onSnapshot(std::shared_ptr<const core::Snapshot> s);
    void onOpened(std::shared_ptr<const core::ScenarioSpec> spec);
    void frame();

    SimulationController m_controller;
    History m_history;
    CgroupColors m_colors;
    ViewState m_view;
    std::optional<core::Topology> m_topology;
    QTimer m_frameTimer;
    bool m_dirty = false;
    const void* m_bookmarksOf = nullptr; ///< the scenario whose bookmarks the view holds
    bool m_keepBookmarks = false;        ///< the next open is the same scenario (another model)
    size_t m_cgroupCount = 0;
    std::string m_sourceText;
    std::shared_ptr<const ImportedTrace> m_trace;
};

} // namespace ui
