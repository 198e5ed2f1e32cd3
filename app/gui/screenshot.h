#pragma once

#include "base/simtime.h"

#include <QObject>
#include <QString>
#include <QTimer>

#include <optional>
#include <utility>

namespace ui {

class MainWindow;
class CompareWindow;

/// `schedscope --screenshot FILE`: runs the open scenario to a simulated time as fast as
/// possible, lets the views settle, saves the window as an image and quits (exit code 0, or 1
/// when the image could not be written or the run did not get there in time).
class ScreenshotJob : public QObject {
    Q_OBJECT
public:
    ScreenshotJob(MainWindow& window, QString path, core::SimTime runTo, int tab);
    /// Grabs the A/B comparison window instead, run to the same time.
    void useCompare(CompareWindow* compare) { m_compare = compare; }
    /// Gives CPU `cpu` its own lane (expanding its core) before the picture.
    void expandCpu(uint32_t cpu) { m_expandCpu = cpu; }
    /// Picks the slice running on `cpu` at `time` for the detail panel before the picture.
    void pickSlice(uint32_t cpu, core::SimTime time) { m_pick = {cpu, time}; }
    void start();

private:
    void poll();

    MainWindow& m_window;
    QString m_path;
    core::SimTime m_runTo;
    int m_tab;
    QTimer m_timer;
    int m_polls = 0;
    int m_settle = 0;
    CompareWindow* m_compare = nullptr;
    std::optional<uint32_t> m_expandCpu;
    std::optional<std::pair<uint32_t, core::SimTime>> m_pick;
};

} // namespace ui
