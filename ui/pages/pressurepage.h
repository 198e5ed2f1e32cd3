#pragma once

#include <QWidget>

namespace ui {

class Session;
class PressureChart;
class ExportRegistry;

/// The Pressure tab: the PSI chart with switches for resources, full lines and windows.
class PressurePage : public QWidget {
    Q_OBJECT
public:
    explicit PressurePage(Session& session, QWidget* parent = nullptr);
    /// Registers the chart (it follows the session by itself).
    void addExports(ExportRegistry& exports);

private:
    PressureChart* m_chart;
};

} // namespace ui
