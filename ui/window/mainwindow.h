#pragma once

#include "controller/session.h"
#include "window/documents.h"

#include <QMainWindow>

class QTabWidget;
class QSlider;
class QLabel;
class QAction;
class QMenu;

namespace ui {

class OccupancyPlot;
class ThreadsPage;
class BookmarksMenu;
class CgroupPanel;
class OptimizationsPanel;
class CountersPanel;
class ExportRegistry;

/// The application window: assembles the pages, docks and actions around one Session; holds no
/// simulation logic, and leaves what to do with files to its Documents. The views follow the
/// session by themselves (LiveView); what batch jobs and tests need goes through the session,
/// the documents and the export registry.
class MainWindow : public QMainWindow {
    Q_OBJECT
public:
    explicit MainWindow(QWidget* parent = nullptr);
    ~MainWindow() override;

    /// What the window does with files: open, compare, save, export (window/documents.h).
    Documents& documents() const { return *m_documents; }
    /// Batch runs (screenshots, exports): nothing may wait for a click.
    void setBatchMode(bool on) { m_documents->setBatchMode(on); }
    QString scenarioName() const;

    Session& session() { return m_session; }
    /// Every chart and table the window can write out (by name: "occupancy", "pressure", ...).
    ExportRegistry& exports() const { return *m_exports; }
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
    void runToDialog();
    /// Simulation > Kernel Model: the current scenario again, on another kernel model.
    void reopenOnModel(core::KernelModel model);
    /// What can be done depends on whether a simulation or a real trace is shown.
    void updateActions();

    Session m_session;
    ExportRegistry* m_exports;
    Documents* m_documents;
    OccupancyPlot* m_occupancy = nullptr;
    CgroupPanel* m_cgroups = nullptr;
    OptimizationsPanel* m_optimizations = nullptr;
    CountersPanel* m_counters = nullptr;
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
    QTabWidget* m_tabs = nullptr;
    ThreadsPage* m_threads = nullptr;
    BookmarksMenu* m_bookmarks = nullptr;
    QWidget* m_pressurePage = nullptr; ///< off for a recording, as is m_depthPage
    QWidget* m_depthPage = nullptr;
};

} // namespace ui
