#include "export/traceexporttask.h"

#include "output/perfettoconvert.h"
#include "output/simulation.h"
#include "scenario/loader.h"

#include <QCoreApplication>
#include <QFutureWatcher>
#include <QIODevice>
#include <QProgressDialog>
#include <QTimer>
#include <QtConcurrent>

namespace ui {

QString TraceExportTask::write(const std::string& savedScenario, core::SimTime until, const QString& path,
                               const std::function<bool(double)>& progress) {
    core::LoadResult r = core::loadScenarioText(savedScenario, path.toStdString());
    if (!r.ok())
        return QCoreApplication::translate("ui", "Cannot replay the session for %1: %2")
            .arg(path, QString::fromStdString(r.errors.empty() ? std::string() : r.errors.front()));
    core::SimulationOptions options;
    options.until = until;
    // Always in steps (the trace then has the same slices whether or not anyone watches).
    options.progress = progress ? progress : [](double) { return true; };
    const core::SimulationResult run =
        core::simulate(std::make_shared<const core::ScenarioSpec>(std::move(*r.spec)),
                       {{core::perfettoFormatFor(path.toStdString()), path.toStdString()}}, options);
    if (run.cancelled)
        return QCoreApplication::translate("ui", "cancelled");
    return QString::fromStdString(run.error);
}

QString TraceExportTask::writeRecording(const std::string& recordingPath, const QString& path,
                                        const std::function<bool(double)>& progress) {
    core::TraceImportOptions options;
    options.progress = progress;
    const core::PerfettoConversion c = core::convertToPerfetto(recordingPath, path.toStdString(), options);
    if (c.cancelled)
        return QCoreApplication::translate("ui", "cancelled");
    return QString::fromStdString(c.error);
}

TraceExportTask* TraceExportTask::forRecording(std::string recordingPath, QString path, QWidget* parent) {
    auto* task = new TraceExportTask({}, core::SimTime{}, std::move(path), parent);
    task->m_recording = std::move(recordingPath);
    return task;
}

TraceExportTask::TraceExportTask(std::string savedScenario, core::SimTime until, QString path,
                                 QWidget* parent)
    : QObject(parent)
    , m_scenario(std::move(savedScenario))
    , m_until(until)
    , m_path(std::move(path))
    , m_parent(parent) {}

void TraceExportTask::start() {
    auto* dialog =
        new QProgressDialog(m_recording.empty() ? tr("Replaying the session to write its trace...")
                                                : tr("Reading the recording to write its trace..."),
                            tr("Cancel"), 0, 1000, m_parent);
    dialog->setWindowTitle(tr("Export trace"));
    dialog->setMinimumDuration(300);
    dialog->setAttribute(Qt::WA_DeleteOnClose);
    auto* timer = new QTimer(dialog);
    connect(timer, &QTimer::timeout, dialog, [this, dialog] { dialog->setValue(m_permille.load()); });
    timer->start(100);
    connect(dialog, &QProgressDialog::canceled, this, [this] { m_cancel = true; });
    auto* watcher = new QFutureWatcher<QString>(this);
    connect(watcher, &QFutureWatcher<QString>::finished, this, [this, watcher, dialog] {
        // Read the outcome before closing: closing the dialog emits canceled() too.
        const QString error = watcher->result();
        const bool cancelled = !error.isEmpty() && m_cancel.load();
        dialog->close();
        emit finished(error, cancelled);
        deleteLater();
    });
    watcher->setFuture(QtConcurrent::run([this] {
        auto progress = [this](double p) {
            m_permille = int(p * 999);
            return !m_cancel.load();
        };
        return m_recording.empty() ? write(m_scenario, m_until, m_path, progress)
                                   : writeRecording(m_recording, m_path, progress);
    }));
}

} // namespace ui
