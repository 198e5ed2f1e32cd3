#pragma once

#include "base/simtime.h"

#include <QObject>
#include <QString>
#include <QTimer>

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
};

} // namespace ui
