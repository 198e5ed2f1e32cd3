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

/// Writes a session's full trace for Perfetto: its own protobuf format for a `.pftrace` or
/// `.perfetto-trace` name, trace-event JSON otherwise. The History keeps lanes merged to screen
/// resolution, so a simulation's trace comes from a replay: the saved session (scenario plus
/// live commands, core::scenarioWithTimeline) run in a fresh engine to the same simulated time,
/// which is exactly the run the user saw. An opened recording is read again from its file and
/// written in Perfetto's own format. The file is written atomically.
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
    /// A recording (the file it was opened from) written as a .pftrace.
    static TraceExportTask* forRecording(std::string recordingPath, QString path, QWidget* parent);
    /// The work for a recording, on any thread, as write() for a session.
    static QString writeRecording(const std::string& recordingPath, const QString& path,
                                  const std::function<bool(double)>& progress = {});
    void start();

signals:
    void finished(const QString& error, bool cancelled);

private:
    std::string m_scenario;
    std::string m_recording; ///< set: a recording's file, converted instead of a replay
    core::SimTime m_until;
    QString m_path;
    QWidget* m_parent;
    std::atomic<int> m_permille{0};
    std::atomic<bool> m_cancel{false};
};

} // namespace ui
