#include "traceexporttask.h"

#include "atomicfile.h"
#include "engine.h"
#include "scenario.h"
#include "traceperfetto.h"

#include <QCoreApplication>
#include <QFutureWatcher>
#include <QIODevice>
#include <QProgressDialog>
#include <QTimer>
#include <QtConcurrent>

#include <sstream>

namespace ui {

QString TraceExportTask::write(const std::string& savedScenario, core::SimTime until, const QString& path,
                               const std::function<bool(double)>& progress) {
    core::LoadResult r = core::loadScenarioText(savedScenario, path.toStdString());
    if (!r.ok())
        return QCoreApplication::translate("ui", "Cannot replay the session for %1: %2")
            .arg(path, QString::fromStdString(r.errors.empty() ? std::string() : r.errors.front()));
    core::Engine engine(std::make_shared<const core::ScenarioSpec>(std::move(*r.spec)));
    std::ostringstream out;
    core::PerfettoTraceWriter writer(out, engine.topology(), engine.cgroups(), engine.spec().name);
    engine.setTraceSink(&writer);
    until = std::min(until, engine.spec().duration);
    // In steps of a hundredth of the run, for progress and cancel.
    const int64_t step = std::max<int64_t>(1, until.count() / 100);
    while (engine.now() < until && !engine.finished()) {
        engine.runUntil(std::min(until, engine.now() + core::SimTime::ns(step)));
        if (progress && !progress(double(engine.now().count()) / double(std::max<int64_t>(1, until.count()))))
            return QCoreApplication::translate("ui", "cancelled");
    }
    engine.setTraceSink(nullptr);
    writer.finish();
    const std::string text = out.str();
    return writeFileAtomically(path, QByteArray(text.data(), qsizetype(text.size())));
}

TraceExportTask::TraceExportTask(std::string savedScenario, core::SimTime until, QString path,
                                 QWidget* parent)
    : QObject(parent)
    , m_scenario(std::move(savedScenario))
    , m_until(until)
    , m_path(std::move(path))
    , m_parent(parent) {}

void TraceExportTask::start() {
    auto* dialog = new QProgressDialog(tr("Replaying the session to write its trace..."), tr("Cancel"), 0,
                                       1000, m_parent);
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
        return write(m_scenario, m_until, m_path, [this](double p) {
            m_permille = int(p * 999);
            return !m_cancel.load();
        });
    }));
}

} // namespace ui
