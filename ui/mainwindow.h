#pragma once

#include "session.h"

#include <QMainWindow>

#include <memory>

class QTabWidget;
class QSlider;
class QLabel;
class QAction;

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
    /// Sets the speed by preset index (see speedPresets()).
    void setSpeedPreset(int index);

protected:
    void dragEnterEvent(QDragEnterEvent* e) override;
    void dropEvent(QDropEvent* e) override;

private:
    void createActions();
    void createDocks();
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
    QString m_source;
};

} // namespace ui
