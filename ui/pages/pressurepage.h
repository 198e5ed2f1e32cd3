#pragma once

#include <QWidget>

namespace ui {

class Session;
class PressureChart;

/// The Pressure tab: the PSI chart with switches for resources, full lines and windows.
class PressurePage : public QWidget {
    Q_OBJECT
public:
    explicit PressurePage(Session& session, QWidget* parent = nullptr);
    void restart();
    void refresh();
    PressureChart* chart() const { return m_chart; }

private:
    PressureChart* m_chart;
};

} // namespace ui
