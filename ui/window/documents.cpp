#include "window/documents.h"

#include "compare/comparewindow.h"
#include "controller/format.h"
#include "export/atomicfile.h"
#include "export/exportregistry.h"
#include "export/traceexporttask.h"
#include "pages/messagelist.h"
#include "sweep/sweepwindow.h"
#include "window/builtinsdialog.h"
#include "window/recentfiles.h"
#include "window/traceopener.h"

#include "import/filekind.h"
#include "import/recordfolder.h"
#include "import/workloadfile.h"

#include <QApplication>
#include <QDir>
#include <QFileDialog>
#include <QFileInfo>
#include <QMainWindow>
#include <QMessageBox>
#include <QMimeData>
#include <QSettings>
#include <QStatusBar>
#include <QUrl>

namespace ui {

namespace {

/// The names recordings go by: perf script, ftrace and trace-cmd text, trace.dat, perf.data,
/// Perfetto, and a record folder's record.json (which stands for its folder).
constexpr const char* kTracePatterns =
    "*.txt *.dat *.data *.trace *.script *.report *.pftrace *.perfetto-trace record.json";

QString traceFilter() {
    return QCoreApplication::translate("ui::Documents", "Scheduler traces (%1);;All files (*)")
        .arg(QLatin1String(kTracePatterns));
}

/// File > Open's filters: everything it reads first (it tells them apart by content), then
/// each kind.
QString openFilter() {
    const QString traces = QLatin1String(kTracePatterns);
    return QCoreApplication::translate("ui::Documents", "Everything SchedScope opens (*.json %1)")
               .arg(traces) +
           QStringLiteral(";;") +
           QCoreApplication::translate("ui::Documents", "Scenarios and rt-app workloads (*.json)") +
           QStringLiteral(";;") +
           QCoreApplication::translate("ui::Documents", "Recordings (%1)").arg(traces) +
           QStringLiteral(";;") + QCoreApplication::translate("ui::Documents", "Sweep results (sweep.json)") +
           QStringLiteral(";;") + QCoreApplication::translate("ui::Documents", "All files (*)");
}

/// A record folder's record.json stands for its folder (a file dialog picks files, not folders).
QString recordingPath(const QString& path) {
    const QFileInfo f(path);
    if (f.fileName() == QLatin1String(core::kRecordManifest) &&
        core::isRecordFolder(f.absolutePath().toStdString()))
        return f.absolutePath();
    return path;
}

} // namespace

Documents::Documents(QMainWindow* window, Session& session)
    : QObject(window)
    , m_window(window)
    , m_session(session) {}

Documents::~Documents() = default;

void Documents::setRecentFiles(RecentFiles* recent) {
    m_recent = recent;
    connect(m_recent, &RecentFiles::openRequested, this, &Documents::openAny);
}

void Documents::message(const QString& text, int ms) {
    m_window->statusBar()->showMessage(text, ms);
}

QString Documents::scenarioName() const {
    const auto spec = m_session.spec();
    return spec ? QString::fromStdString(spec->name) : QString();
}

// ---- the File menu's questions ----------------------------------------------------------------------

void Documents::askOpen() {
    const QString path = QFileDialog::getOpenFileName(
        m_window, tr("Open a scenario, a recording or sweep results"), QString(), openFilter());
    if (!path.isEmpty())
        openAny(path);
}

void Documents::askOpenBuiltin() {
    BuiltinsDialog d(m_window);
    if (d.exec() == QDialog::Accepted && !d.chosen().isEmpty())
        openScenario(d.chosen());
}

void Documents::askOpenTrace() {
    const QString path = QFileDialog::getOpenFileName(m_window, tr("Open trace"), QString(), traceFilter());
    if (!path.isEmpty())
        openTrace(path);
}

void Documents::askOpenSweepResults() {
    const QString path =
        QFileDialog::getOpenFileName(m_window, tr("Open sweep results: the sweep.json of a results folder"),
                                     QSettings().value(QStringLiteral("sweep/folder")).toString(),
                                     tr("Sweep results (sweep.json);;All files (*)"));
    if (!path.isEmpty())
        openSweepResults(path);
}

void Documents::askCompareWithRealRun() {
    openTraceFor(tr("Trace of a real run of this scenario"), m_referenceOpener,
                 [this](std::shared_ptr<ImportedTrace> t) { openCompareAgainst(std::move(t)); });
}

void Documents::askCompareWithRecording() {
    openTraceFor(tr("Another recording to compare this one with"), m_otherOpener,
                 [this](std::shared_ptr<ImportedTrace> t) { openRecordingsCompare(std::move(t)); });
}

void Documents::saveSessionAs() {
    const core::SessionSave saved = m_session.savedScenario();
    if (!saved.ok()) {
        QMessageBox::warning(m_window, tr("Save session"),
                             tr("The session cannot be saved: %1").arg(QString::fromStdString(saved.error)));
        return;
    }
    const QString suggested = QDir(ExportRegistry::lastFolder())
                                  .filePath(scenarioName().replace(QLatin1Char(' '), QLatin1Char('-')) +
                                            QStringLiteral("-session.json"));
    const QString path = QFileDialog::getSaveFileName(m_window, tr("Save session as scenario"), suggested,
                                                      tr("Scenarios (*.json)"));
    if (path.isEmpty())
        return;
    if (const QString error = writeFileAtomically(path, QByteArray::fromStdString(saved.text));
        !error.isEmpty()) {
        QMessageBox::warning(m_window, tr("Save session"), error);
        return;
    }
    if (m_recent)
        m_recent->add(path);
    message(tr("Saved the session with %n live action(s) to %1", nullptr,
               int(m_session.history().commands().size()))
                .arg(QDir::toNativeSeparators(path)),
            8000);
}

void Documents::exportTrace() {
    // A recording is read again from its file; a simulation is simulated again from the saved
    // session (History keeps its lanes at screen resolution only).
    const bool recording = m_session.trace() != nullptr;
    core::SessionSave saved;
    if (!recording) {
        saved = m_session.savedScenario();
        if (!saved.ok()) {
            QMessageBox::warning(
                m_window, tr("Export trace"),
                tr("The trace cannot be written: %1").arg(QString::fromStdString(saved.error)));
            return;
        }
    }
    // Perfetto's own format first: ui.perfetto.dev then shows CPUs, thread states and wakeups as
    // for a recording of a real kernel; the JSON (simulations only) is plain slices.
    const QString native = tr("Perfetto trace (*.pftrace)");
    const QString json = tr("Trace event JSON (*.json)");
    QString filter = native;
    QString path = QFileDialog::getSaveFileName(
        m_window, tr("Export trace for Perfetto"),
        QDir(ExportRegistry::lastFolder()).filePath(QStringLiteral("trace.pftrace")),
        recording ? native : native + QStringLiteral(";;") + json, &filter);
    if (path.isEmpty())
        return;
    const bool named = path.endsWith(QStringLiteral(".pftrace")) ||
                       path.endsWith(QStringLiteral(".perfetto-trace")) ||
                       (!recording && path.endsWith(QStringLiteral(".json")));
    if (!named)
        path += filter == json && !recording ? QStringLiteral(".json") : QStringLiteral(".pftrace");
    auto* task = recording ? TraceExportTask::forRecording(m_session.trace()->path, path, m_window)
                           : new TraceExportTask(saved.text, core::SimTime::ns(m_session.history().now()),
                                                 path, m_window);
    connect(task, &TraceExportTask::finished, this, [this, path](const QString& error, bool cancelled) {
        if (error.isEmpty())
            message(tr("Wrote %1; open it in ui.perfetto.dev").arg(QDir::toNativeSeparators(path)), 8000);
        else if (!cancelled)
            QMessageBox::warning(m_window, tr("Export trace"), error);
    });
    task->start();
}

// ---- opening what is named --------------------------------------------------------------------------

bool Documents::openAny(const QString& path) {
    const QFileInfo info(path);
    if (info.isDir())
        return openFolder(path);
    if (info.fileName() == QStringLiteral("sweep.json"))
        return openSweepResults(path) != nullptr;
    return openScenario(path);
}

bool Documents::isOpenableFolder(const QString& folder) {
    // A sweep's results folder, or schedscope-cli record's folder.
    return QFileInfo::exists(QDir(folder).filePath(QStringLiteral("sweep.json"))) ||
           core::isRecordFolder(folder.toStdString());
}

bool Documents::openFolder(const QString& folder) {
    if (QFileInfo::exists(QDir(folder).filePath(QStringLiteral("sweep.json"))))
        return openSweepResults(folder) != nullptr;
    if (core::isRecordFolder(folder.toStdString()))
        return openTrace(folder);
    warnNotOpened(tr("Cannot open the folder"),
                  tr("%1 was not opened; the current session goes on.").arg(QDir::toNativeSeparators(folder)),
                  tr("%1: expected a sweep's results folder (with a sweep.json) or a record folder (with a "
                     "record.json); found neither.")
                      .arg(QDir::toNativeSeparators(folder)));
    return false;
}

bool Documents::openScenario(const QString& fileOrBuiltin) {
    // A real trace opened the way a scenario is (File > Open, recent files, a dropped file):
    // recognised by its content.
    if (core::sniff(recordingPath(fileOrBuiltin).toStdString()) == core::FileKind::Trace)
        return openTrace(recordingPath(fileOrBuiltin));
    QApplication::setOverrideCursor(Qt::WaitCursor);
    core::WorkloadLoad w = core::loadScenarioOrWorkload(fileOrBuiltin.toStdString());
    QApplication::restoreOverrideCursor();
    core::LoadResult& r = w.result;
    if (!r.ok()) {
        showMessageList(m_window, QMessageBox::Warning, tr("Cannot open scenario"),
                        tr("%1 was not opened; the current session goes on.").arg(fileOrBuiltin),
                        messageList(r.errors), 12, MessageListMode::Modal);
        return false;
    }
    openLoaded(fileOrBuiltin, std::move(r));
    if (w.fromRtApp) {
        message(tr("Opened the rt-app workload %1 as a scenario (%2 warnings). Space runs it.")
                    .arg(fileOrBuiltin)
                    .arg(w.warnings.size()),
                10000);
        if (!w.warnings.empty() && !m_batch)
            showMessageList(m_window, QMessageBox::Information, tr("rt-app workload"),
                            tr("Some of %1 could not be represented exactly:").arg(fileOrBuiltin),
                            messageList(w.warnings), 8, MessageListMode::Passing);
    }
    return true;
}

void Documents::openLoaded(const QString& fileOrBuiltin, core::LoadResult&& r) {
    auto spec = std::make_shared<const core::ScenarioSpec>(std::move(*r.spec));
    m_window->setWindowTitle(tr("%1 - SchedScope").arg(QString::fromStdString(spec->name)));
    m_session.open(spec, std::move(r.text));
    if (m_recent)
        m_recent->add(fileOrBuiltin);
    message(tr("Opened %1. Space runs it.").arg(fileOrBuiltin), 5000);
}

bool Documents::openTrace(const QString& path) {
    if (!m_traceOpener) {
        m_traceOpener = new TraceOpener(m_window);
        connect(m_traceOpener, &TraceOpener::opened, this, &Documents::showTrace);
        connect(m_traceOpener, &TraceOpener::failed, this, [this](const QString& text, bool cancelled) {
            if (cancelled)
                message(tr("Opening the trace was cancelled; the current session goes on."), 8000);
            else
                warnNotOpened(tr("Cannot open trace"),
                              tr("The trace was not opened; the current session goes on."), text);
        });
    }
    if (!m_traceOpener->open(recordingPath(path))) {
        message(tr("Another trace is being read."), 5000);
        return false;
    }
    return true;
}

void Documents::showTrace(std::shared_ptr<ImportedTrace> trace) {
    const QString path = QString::fromStdString(trace->path);
    const core::TraceSource& src = *trace->summary.trace;
    m_window->setWindowTitle(tr("%1 (real trace) - SchedScope").arg(QFileInfo(path).fileName()));
    m_session.openTrace(trace);
    if (m_recent)
        m_recent->add(path);
    message(tr("Opened the trace %1 (%2): %3 scheduler events, %4 lost, %5 warnings; time 0 is "
               "%6 in the trace.")
                .arg(QFileInfo(path).fileName(), QString::fromStdString(src.format))
                .arg(src.events)
                .arg(src.lostEvents)
                .arg(src.warnings.size())
                .arg(formatNs(trace->origin.count(), kEventResolution)),
            15000);
    // What makes the picture incomplete, said once, without stopping the user.
    if (!src.warnings.empty() && !m_batch)
        showMessageList(m_window, QMessageBox::Information, tr("Trace warnings"),
                        tr("%1 has gaps or oddities the views cannot show by themselves:")
                            .arg(QFileInfo(path).fileName()),
                        messageList(src.warnings), 8, MessageListMode::Passing);
}

CompareWindow* Documents::openCompare() {
    const auto spec = m_session.spec();
    if (!spec)
        return nullptr;
    auto* w = new CompareWindow(*spec, m_session.sourceText(), m_window);
    w->show();
    return w;
}

CompareWindow* Documents::openCompareAgainst(std::shared_ptr<const ImportedTrace> trace) {
    CompareWindow* w = openCompare();
    if (w) {
        w->setReferenceTrace(std::move(trace));
        if (!w->mismatch().isEmpty() && !m_batch)
            QMessageBox::warning(w, tr("Compare with a real run"), w->mismatch());
    }
    return w;
}

void Documents::simulateRecording() {
    const ImportedTrace* open = m_session.trace();
    if (!open)
        return;
    if (!m_workloadOpener) {
        m_workloadOpener = new TraceOpener(m_window);
        connect(m_workloadOpener, &TraceOpener::workloadOpened, this, &Documents::openRecordingSimulation);
        connect(m_workloadOpener, &TraceOpener::failed, this, [this](const QString& text, bool cancelled) {
            if (!cancelled)
                warnNotOpened(
                    tr("Cannot simulate the recording"),
                    tr("Its workload could not be written as a scenario; the current session goes on."),
                    text);
        });
    }
    if (!m_workloadOpener->openWorkload(QString::fromStdString(open->path)))
        message(tr("Another trace is being read."), 5000);
}

CompareWindow* Documents::openRecordingSimulation(std::shared_ptr<const ImportedTrace> trace,
                                                  std::shared_ptr<const core::WorkloadScenario> workload,
                                                  const std::string& text) {
    auto* w = new CompareWindow(*workload->spec, text, m_window);
    w->setReferenceTrace(std::move(trace));
    w->setNotes(messageList(workload->notes));
    w->show();
    return w;
}

CompareWindow* Documents::openRecordingsCompare(std::shared_ptr<const ImportedTrace> other) {
    const std::shared_ptr<const ImportedTrace> open = m_session.sharedTrace();
    if (!open || !open->machine)
        return nullptr;
    auto* w = new CompareWindow(*open->machine, std::string(), m_window);
    w->setRecordings(open, std::move(other));
    w->show();
    if (!w->mismatch().isEmpty() && !m_batch)
        QMessageBox::warning(w, tr("Compare two recordings"), w->mismatch());
    return w;
}

SweepWindow* Documents::openSweepResults(const QString& path) {
    QApplication::setOverrideCursor(Qt::WaitCursor);
    QStringList errors;
    SweepWindow* w = SweepWindow::open(path, m_window, errors);
    QApplication::restoreOverrideCursor();
    if (!w) {
        warnNotOpened(
            tr("Cannot open sweep results"),
            tr("%1 was not opened; the current session goes on.").arg(QDir::toNativeSeparators(path)),
            errors.mid(0, 12).join(QLatin1Char('\n')));
        return nullptr;
    }
    QSettings().setValue(QStringLiteral("sweep/folder"), w->folder());
    connect(w, &SweepWindow::cellChosen, this, &Documents::openSweepCell);
    w->show();
    return w;
}

void Documents::openSweepCell(const QString& title, core::ScenarioSpec spec, std::string scenarioText) {
    m_window->setWindowTitle(tr("%1 - SchedScope").arg(title));
    const core::SimTime end = spec.duration;
    m_session.open(std::make_shared<const core::ScenarioSpec>(std::move(spec)), std::move(scenarioText));
    // Run as `schedscope-cli run` runs it, to its end: its figures are the sweep's.
    m_session.controller().runTo(end);
    message(tr("Opened %1 and ran it to its end.").arg(title), 15000);
    // The sweep window stays in front: the next point is a click away.
    if (auto* sweep = qobject_cast<QWidget*>(sender())) {
        sweep->raise();
        sweep->activateWindow();
    }
}

void Documents::openTraceFor(const QString& title, TraceOpener*& opener,
                             const std::function<void(std::shared_ptr<ImportedTrace>)>& then) {
    const QString path = QFileDialog::getOpenFileName(m_window, title, QString(), traceFilter());
    if (path.isEmpty())
        return;
    if (!opener) {
        opener = new TraceOpener(m_window);
        connect(opener, &TraceOpener::failed, this, [this](const QString& text, bool cancelled) {
            if (!cancelled)
                warnNotOpened(tr("Cannot open trace"),
                              tr("The comparison was not opened; the current session goes on."), text);
        });
    }
    disconnect(opener, &TraceOpener::opened, this, nullptr);
    connect(opener, &TraceOpener::opened, this, then);
    if (!opener->open(recordingPath(path)))
        message(tr("Another trace is being read."), 5000);
}

void Documents::warnNotOpened(const QString& title, const QString& text, const QString& detail) {
    QMessageBox box(QMessageBox::Warning, title, text, QMessageBox::Ok, m_window);
    box.setInformativeText(detail);
    box.exec();
}

// ---- drag and drop ----------------------------------------------------------------------------------

bool Documents::canOpen(const QMimeData& data) {
    const QList<QUrl> urls = data.urls();
    if (urls.size() != 1 || !urls.first().isLocalFile())
        return false;
    const QString file = urls.first().toLocalFile();
    if (QFileInfo(file).isDir())
        return isOpenableFolder(file);
    for (const char* ext : {".json", ".pftrace", ".perfetto-trace", ".data"})
        if (file.endsWith(QLatin1String(ext), Qt::CaseInsensitive))
            return true;
    return false;
}

void Documents::openDropped(const QMimeData& data) {
    const QList<QUrl> urls = data.urls();
    if (urls.isEmpty())
        return;
    openAny(QFileInfo(urls.first().toLocalFile()).absoluteFilePath());
}

} // namespace ui
