#pragma once

#include "controller/session.h"
#include "scenario/loader.h"

#include <QMainWindow>

#include <memory>

class QTabWidget;
class QSlider;
class QLabel;
class QAction;
class QMenu;

namespace core {
struct ScenarioSpec;
}

namespace ui {

class OccupancyPlot;
class TopologyView;
class PressurePage;
class MigrationsPage;
class DepthPage;
class CgroupPanel;
class OptimizationsPanel;
class CountersPanel;
class StatusPanel;
class RecentFiles;
class ExportRegistry;
class CompareWindow;

/// The application window: assembles the pages, docks and actions around one Session; holds
/// no simulation logic.
class MainWindow : public QMainWindow {
    Q_OBJECT
public:
    explicit MainWindow(QWidget* parent = nullptr);
    ~MainWindow() override;

    /// Opens a scenario (a file path or builtin:NAME) and starts it paused. On failure shows
    /// the loader's messages and keeps the current session (still running if it was).
    /// Returns whether it opened.
    bool openScenario(const QString& fileOrBuiltin);
    /// Opens a scenario already loaded and valid (batch runs load it first to report errors).
    void openLoaded(const QString& fileOrBuiltin, core::LoadResult&& loaded);
    QString scenarioName() const;

    Session& session() { return m_session; }
    OccupancyPlot* occupancy() const { return m_occupancy; }
    TopologyView* topology() const { return m_topology; }
    PressurePage* pressure() const { return m_pressure; }
    MigrationsPage* migrations() const { return m_migrations; }
    DepthPage* depth() const { return m_depth; }
    CgroupPanel* cgroups() const { return m_cgroups; }
    OptimizationsPanel* optimizations() const { return m_optimizations; }
    CountersPanel* counters() const { return m_counters; }
    StatusPanel* status() const { return m_status; }
    QTabWidget* tabs() const { return m_tabs; }
    ExportRegistry* exports() const { return m_exports; }
    /// Brings every view up to date, the hidden ones too (before exporting them all).
    void refreshAllViews();
    /// Opens the A/B comparison of the current scenario; returns its window.
    CompareWindow* openCompare();
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
    void createHelpMenu();
    void createToolBar();
    void createDocks();
    void createExports();
    void createLanguageMenu(QMenu* menu);
    void restoreSettings();
    void saveSettings() const;
    void saveSessionAs();
    void exportTrace();
    void restartViews();
    void refreshViews();
    void runToDialog();

    Session m_session;
    OccupancyPlot* m_occupancy;
    QTabWidget* m_tabs;
    TopologyView* m_topology;
    PressurePage* m_pressure;
    MigrationsPage* m_migrations;
    DepthPage* m_depth;
    CgroupPanel* m_cgroups;
    OptimizationsPanel* m_optimizations;
    CountersPanel* m_counters;
    StatusPanel* m_status;
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
    ExportRegistry* m_exports = nullptr;
    QString m_source;
};

} // namespace ui
