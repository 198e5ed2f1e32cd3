#pragma once

#include "base/simtime.h"
#include "scenario/scenariospec.h"

#include <QObject>
#include <QString>

#include <atomic>
#include <functional>
#include <string>

class QWidget;

namespace ui {

/// Writes a session's full trace as Perfetto JSON. The History keeps lanes merged to screen
/// resolution, so the trace comes from a replay: the saved session (scenario plus live
/// commands, core::scenarioWithTimeline) run in a fresh engine to the same simulated time,
/// which is exactly the run the user saw. The file is written atomically.
class TraceExportTask : public QObject {
    Q_OBJECT
public:
    /// The work itself, on any thread: returns "" or an error naming the file. `progress`
    /// receives 0..1 and returns false to cancel (then nothing is written).
    static QString write(const std::string& savedScenario, core::SimTime until, const QString& path,
                         const std::function<bool(double)>& progress = {});

    /// Runs write() on a pool thread with a cancellable progress dialog over `parent`; emits
    /// finished() with "" or the error, and whether the user cancelled (nothing written).
    TraceExportTask(std::string savedScenario, core::SimTime until, QString path, QWidget* parent);
    void start();

signals:
    void finished(const QString& error, bool cancelled);

private:
    std::string m_scenario;
    core::SimTime m_until;
    QString m_path;
    QWidget* m_parent;
    std::atomic<int> m_permille{0};
    std::atomic<bool> m_cancel{false};
};

} // namespace ui
