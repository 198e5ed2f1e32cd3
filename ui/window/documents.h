#pragma once

#include "controller/session.h"
#include "scenario/loader.h"

#include <QObject>

#include <functional>
#include <memory>
#include <string>

class QMainWindow;
class QMimeData;

namespace core {
struct ImportedTrace;
struct WorkloadScenario;
} // namespace core

namespace ui {

using core::ImportedTrace;
class CompareWindow;
class RecentFiles;
class SweepWindow;
class TraceOpener;

/// What the main window does with files: it opens a scenario or an rt-app workload, a recording
/// (read on a thread, with progress and Cancel), a sweep's results folder, a dropped file; opens
/// the comparisons (A/B, against a real run, two recordings, a recording beside its simulation);
/// writes the session as a scenario and the trace for Perfetto. A failed or cancelled open or
/// write is a message and leaves the session as it was. The window shows what happens through
/// its title and status bar; it holds none of this logic.
class Documents : public QObject {
    Q_OBJECT
public:
    Documents(QMainWindow* window, Session& session);
    ~Documents() override;

    /// Batch runs (screenshots, exports): nothing may wait for a click.
    void setBatchMode(bool on) { m_batch = on; }
    /// Where opened files are remembered (File > Open Recent, made with the menu).
    void setRecentFiles(RecentFiles* recent);

    // ---- the File menu's questions, then the open or write ---------------------------------------
    void askOpen();
    void askOpenBuiltin();
    void askOpenTrace();
    void askOpenSweepResults();
    /// Compare with a Real Run: a trace of this scenario run on the host, on side A.
    void askCompareWithRealRun();
    /// Compare with Another Recording: the open recording on A, the one chosen on B.
    void askCompareWithRecording();
    void saveSessionAs();
    void exportTrace();

    // ---- opening what is named -------------------------------------------------------------------
    /// Opens a scenario (a file path or builtin:NAME), an rt-app workload or a recording
    /// (recognised by its content), and starts it paused. On failure shows the loader's messages
    /// and keeps the current session (still running if it was). Returns whether it opened (a
    /// recording: whether its reading started).
    bool openScenario(const QString& fileOrBuiltin);
    /// Opens a scenario already loaded and valid (batch runs load it first to report errors).
    void openLoaded(const QString& fileOrBuiltin, core::LoadResult&& loaded);
    /// Opens a real trace (File > Open Trace): read on a thread with progress and cancel, then
    /// shown in every view in place of a simulation. False when another import is running.
    bool openTrace(const QString& path);
    /// Shows a trace already read (batch modes); its warnings go to a box beside the window.
    void showTrace(std::shared_ptr<ImportedTrace> trace);
    /// Opens the A/B comparison of the current scenario; returns its window.
    CompareWindow* openCompare();
    /// Compare A/B with A = a real run of this scenario (a trace, e.g. from `schedscope-cli
    /// reality --keep DIR`) and B = its simulation.
    CompareWindow* openCompareAgainst(std::shared_ptr<const ImportedTrace> trace);
    /// File > Simulate This Recording: the open trace's workload made a scenario
    /// (docs/record-replay.md), read on a thread, then openRecordingSimulation.
    void simulateRecording();
    /// Compare A/B with A = the recording and B = the simulation of its workload (`text`, its
    /// scenario as text), B's kernel model and switches live; the notes of what could not be
    /// inferred in its status bar.
    CompareWindow* openRecordingSimulation(std::shared_ptr<const ImportedTrace> trace,
                                           std::shared_ptr<const core::WorkloadScenario> workload,
                                           const std::string& text);
    /// File > Compare with Another Recording: the open recording on A, `other` on B.
    CompareWindow* openRecordingsCompare(std::shared_ptr<const ImportedTrace> other);
    /// File > Open Sweep Results: a results folder of `schedscope-cli sweep` (the folder or a
    /// file in it) in a window of its own; returns it. A folder that does not read is a warning
    /// box naming the file and line, and nothing changes.
    SweepWindow* openSweepResults(const QString& path);
    /// Runs one cell of a sweep (shaped by its window) in place of the current session.
    void openSweepCell(const QString& title, core::ScenarioSpec spec, std::string scenarioText);

    // ---- drag and drop ---------------------------------------------------------------------------
    /// Whether a drop of `data` is something this opens (one local file or a sweep's folder).
    static bool canOpen(const QMimeData& data);
    void openDropped(const QMimeData& data);

private:
    QString scenarioName() const;
    void message(const QString& text, int ms);
    /// Asks for a trace file (dialog `title`), reads it with `opener` (created on first use) and
    /// hands it to `then`; a failure is a warning box and changes nothing.
    void openTraceFor(const QString& title, TraceOpener*& opener,
                      const std::function<void(std::shared_ptr<ImportedTrace>)>& then);
    /// A warning box: `text`, then the importer's `message` (file, place, expected, found).
    void warnNotOpened(const QString& title, const QString& text, const QString& message);

    QMainWindow* m_window;
    Session& m_session;
    RecentFiles* m_recent = nullptr;
    TraceOpener* m_traceOpener = nullptr;
    TraceOpener* m_referenceOpener = nullptr; ///< Compare with a Real Run's trace
    TraceOpener* m_workloadOpener = nullptr;  ///< Simulate This Recording
    TraceOpener* m_otherOpener = nullptr;     ///< Compare with Another Recording
    bool m_batch = false;
};

} // namespace ui
