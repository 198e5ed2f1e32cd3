#pragma once

#include "controller/session.h"
#include "scenario/loader.h"

#include <QMainWindow>

#include <functional>

#include <memory>

class QTabWidget;
class QSlider;
class QLabel;
class QAction;
class QMenu;

namespace core {
struct ScenarioSpec;
struct ImportedTrace;
} // namespace core

namespace ui {

using core::ImportedTrace;
class OccupancyPlot;
class ThreadsPage;
class BookmarksMenu;
class CgroupPanel;
class OptimizationsPanel;
class CountersPanel;
class RecentFiles;
class ExportRegistry;
class CompareWindow;
class SweepWindow;
class TraceOpener;

/// The application window: assembles the pages, docks and actions around one Session; holds
/// no simulation logic. The views follow the session by themselves (LiveView); what batch jobs
/// and tests need goes through the session and the export registry.
class MainWindow : public QMainWindow {
    Q_OBJECT
public:
    explicit MainWindow(QWidget* parent = nullptr);
    ~MainWindow() override;

    /// Opens a scenario (a file path or builtin:NAME) and starts it paused. On failure shows
    /// the loader's messages and keeps the current session (still running if it was).
    /// Returns whether it opened.
    bool openScenario(const QString& fileOrBuiltin);
    /// Opens a real trace (File > Open Trace): read on a thread with progress and cancel, then
    /// shown in every view in place of a simulation. False when another import is running.
    bool openTrace(const QString& path);
    /// Shows a trace already read (batch modes); its warnings go to the status bar.
    void showTrace(std::shared_ptr<ImportedTrace> trace);
    /// Batch runs (screenshots, exports): nothing may wait for a click.
    void setBatchMode(bool on) { m_batch = on; }
    /// Opens a scenario already loaded and valid (batch runs load it first to report errors).
    void openLoaded(const QString& fileOrBuiltin, core::LoadResult&& loaded);
    QString scenarioName() const;

    Session& session() { return m_session; }
    /// Every chart and table the window can write out (by name: "occupancy", "pressure", ...).
    ExportRegistry& exports() const { return *m_exports; }
    /// Opens the A/B comparison of the current scenario; returns its window.
    CompareWindow* openCompare();
    /// Compare A/B with A = a real run of this scenario (a trace, e.g. from `schedscope-cli
    /// reality --keep DIR`) and B = its simulation.
    CompareWindow* openCompareAgainst(std::shared_ptr<const ImportedTrace> trace);
    /// File > Simulate This Recording: the open trace's workload written as a scenario
    /// (docs/record-replay.md), read on a thread, then openRecordingSimulation.
    void simulateRecording();
    /// Compare A/B with A = the recording and B = the simulation of its workload, B's kernel
    /// model and switches live; the notes of what could not be inferred in its status bar.
    CompareWindow* openRecordingSimulation(std::shared_ptr<const ImportedTrace> trace,
                                           std::shared_ptr<const core::WorkloadScenario> workload);
    /// File > Compare with Another Recording: the open recording on A, `other` on B.
    CompareWindow* openRecordingsCompare(std::shared_ptr<const ImportedTrace> other);
    /// File > Open Sweep Results: a results folder of `schedscope-cli sweep` (the folder or a
    /// file in it) in a window of its own; returns it. A folder that does not read is a warning
    /// box naming the file and line, and nothing changes.
    SweepWindow* openSweepResults(const QString& path);
    /// Runs one cell of a sweep (shaped by its window) in place of the current session.
    void openSweepCell(const QString& title, core::ScenarioSpec spec, std::string scenarioText);
    /// Sets the speed by preset index (see speedPresets()).
    void setSpeedPreset(int index);

protected:
    void dragEnterEvent(QDragEnterEvent* e) override;
    void dropEvent(QDropEvent* e) override;
    void closeEvent(QCloseEvent* e) override;

private:
    /// The menus, one function each, and the tool bar built from their actions.
    void createActions();
    void createFileMenu();
    void createSimulationMenu();
    void createViewMenu();
    /// Ctrl+F: the find field of the cgroup tree (when it has the focus) or the Threads page.
    void findTask();
    void createHelpMenu();
    void createToolBar();
    void createPages();
    void createDocks();
    void createLanguageMenu(QMenu* menu);
    void restoreSettings();
    void saveSettings() const;
    void saveSessionAs();
    void exportTrace();
    void runToDialog();
    /// Simulation > Kernel Model: the current scenario again, on another kernel model.
    void reopenOnModel(core::KernelModel model);
    /// What can be done depends on whether a simulation or a real trace is shown.
    void updateActions();
    /// Asks for a trace file (dialog `title`), reads it with `opener` (created on first use) and
    /// hands it to `then`; a failure is a warning box and changes nothing.
    void openTraceFor(const QString& title, TraceOpener*& opener,
                      const std::function<void(std::shared_ptr<ImportedTrace>)>& then);
    /// A warning box: `text`, then the importer's `message` (file, place, expected, found).
    void warnNotOpened(const QString& title, const QString& text, const QString& message);

    Session m_session;
    ExportRegistry* m_exports;
    OccupancyPlot* m_occupancy = nullptr;
    CgroupPanel* m_cgroups = nullptr;
    OptimizationsPanel* m_optimizations = nullptr;
    CountersPanel* m_counters = nullptr;
    RecentFiles* m_recent = nullptr;
    QSlider* m_speed = nullptr;
    QLabel* m_speedLabel = nullptr;
    QAction* m_runAction = nullptr;
    QAction* m_openAction = nullptr;
    QAction* m_builtinAction = nullptr;
    QAction* m_stepEventAction = nullptr;
    QAction* m_stepTickAction = nullptr;
    QAction* m_step10Action = nullptr;
    QAction* m_resetAction = nullptr;
    QMenu* m_modelMenu = nullptr;
    QList<QAction*> m_simulationOnly; ///< what a real trace cannot do
    QList<QAction*> m_recordingOnly;  ///< what only a real trace can do
    TraceOpener* m_traceOpener = nullptr;
    TraceOpener* m_referenceOpener = nullptr; ///< Compare with a Real Run's trace
    TraceOpener* m_workloadOpener = nullptr;  ///< Simulate This Recording
    TraceOpener* m_otherOpener = nullptr;     ///< Compare with Another Recording
    bool m_batch = false;
    QTabWidget* m_tabs = nullptr;
    ThreadsPage* m_threads = nullptr;
    BookmarksMenu* m_bookmarks = nullptr;
    QWidget* m_pressurePage = nullptr; ///< off for a recording, as is m_depthPage
    QWidget* m_depthPage = nullptr;
    QString m_source;
};

} // namespace ui
