#include "window/traceopener.h"

#include <QFileInfo>
#include <QProgressDialog>
#include <QScopedValueRollback>

namespace ui {

TraceOpener::TraceOpener(QWidget* window)
    : QObject(window)
    , m_window(window) {
    connect(&m_loader, &TraceLoader::progress, this, [this](int p) {
        if (!m_progress)
            return;
        // A window-modal QProgressDialog runs the event loop inside setValue(); the trace may
        // finish there, and closeProgress() must not delete the dialog under its own setValue().
        const QScopedValueRollback inside(m_settingValue, true);
        m_progress->setValue(p);
    });
    connect(&m_loader, &TraceLoader::loaded, this, [this](std::shared_ptr<ImportedTrace> t) {
        closeProgress();
        emit opened(std::move(t));
    });
    connect(&m_loader, &TraceLoader::workloadLoaded, this,
            [this](std::shared_ptr<ImportedTrace> t, std::shared_ptr<const core::WorkloadScenario> w,
                   const std::string& text) {
                closeProgress();
                emit workloadOpened(std::move(t), std::move(w), text);
            });
    connect(&m_loader, &TraceLoader::failed, this, [this](const QString& message, bool cancelled) {
        closeProgress(); // before the receiver's message box, which it would stay on top of
        emit failed(message, cancelled);
    });
}

QProgressDialog* TraceOpener::progressDialog() const {
    return m_progress.data();
}

void TraceOpener::closeProgress() {
    // Gone now, not at the next return to the event loop: a receiver may open a modal box at
    // once, whose own loop would not delete it, and a window-modal progress dialog would then
    // sit over the box and take its clicks. Inside the dialog's own setValue() it is hidden
    // (which ends its modality at once) and deleted when setValue() has returned.
    if (!m_progress)
        return;
    if (m_settingValue) {
        m_progress->hide();
        m_progress->deleteLater();
        m_progress = nullptr;
        return;
    }
    delete m_progress.data();
}

bool TraceOpener::open(const QString& path) {
    if (!m_loader.start(path))
        return false;
    showProgress(tr("Reading the trace %1...").arg(QFileInfo(path).fileName()), tr("Open Trace"));
    return true;
}

bool TraceOpener::openWorkload(const QString& path) {
    if (!m_loader.startWorkload(path))
        return false;
    showProgress(tr("Reading the recording %1 and writing its workload as a scenario...")
                     .arg(QFileInfo(path).fileName()),
                 tr("Simulate This Recording"));
    return true;
}

void TraceOpener::showProgress(const QString& label, const QString& title) {
    m_progress = new QProgressDialog(label, tr("Cancel"), 0, 100, m_window);
    m_progress->setWindowTitle(title);
    m_progress->setWindowModality(Qt::WindowModal);
    m_progress->setMinimumDuration(300); // small traces open without a flash of dialog
    m_progress->setAutoClose(false);
    m_progress->setAutoReset(false);
    connect(m_progress, &QProgressDialog::canceled, &m_loader, &TraceLoader::cancel);
}

} // namespace ui
