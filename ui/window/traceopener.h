#pragma once

#include "controller/traceloader.h"

#include <QObject>
#include <QPointer>

class QProgressDialog;
class QWidget;

namespace ui {

/// File > Open Trace: reads a trace on a thread with a progress dialog that can cancel it, then
/// hands the result over. A failed or cancelled import leaves the session as it was.
class TraceOpener : public QObject {
    Q_OBJECT
public:
    explicit TraceOpener(QWidget* window);
    /// Starts reading `path`; false (and nothing happens) while another import runs.
    bool open(const QString& path);
    /// Starts reading `path` and writing its workload as a scenario (Simulate This Recording).
    bool openWorkload(const QString& path);
    bool busy() const { return m_loader.busy(); }
    /// The progress dialog while a trace is read (for tests).
    QProgressDialog* progressDialog() const;

signals:
    void opened(std::shared_ptr<core::ImportedTrace> trace);
    void workloadOpened(std::shared_ptr<core::ImportedTrace> trace,
                        std::shared_ptr<const core::WorkloadScenario> workload, const std::string& text);
    void failed(const QString& message, bool cancelled);

private:
    void showProgress(const QString& label, const QString& title);
    void closeProgress();

    QWidget* m_window;
    TraceLoader m_loader;
    QPointer<QProgressDialog> m_progress;
    bool m_settingValue = false; ///< inside m_progress->setValue(), which runs the event loop
};

} // namespace ui
