#pragma once

#include "import/importtrace.h"
#include "import/workloadscenario.h"

#include <QObject>
#include <QString>

#include <atomic>
#include <functional>
#include <memory>
#include <mutex>
#include <string>
#include <vector>

class QThread;

namespace ui {

/// A real trace read into what a Session shows: core's import with its snapshots.
using core::ImportedTrace;

/// Reads a trace on a thread of its own, reporting progress; cancellable. One import at a time.
class TraceLoader : public QObject {
    Q_OBJECT
public:
    explicit TraceLoader(QObject* parent = nullptr);
    ~TraceLoader() override;

    /// Starts reading `path`; false when an import is already running.
    bool start(const QString& path);
    /// The same, and the recorded workload written as a scenario too (Simulate This Recording;
    /// docs/record-replay.md): `workloadLoaded` instead of `loaded`.
    bool startWorkload(const QString& path);
    void cancel();
    bool busy() const { return m_thread != nullptr; }

    /// Reads a trace on the calling thread (batch modes and tests); `error` is set on failure.
    static std::shared_ptr<ImportedTrace> load(const std::string& path, std::string& error,
                                               const std::function<bool(double)>& progress = {});

signals:
    void progress(int percent);
    void loaded(std::shared_ptr<core::ImportedTrace> trace);
    /// `text`: the workload's scenario as text (core::workloadScenarioText), for its session.
    void workloadLoaded(std::shared_ptr<core::ImportedTrace> trace,
                        std::shared_ptr<const core::WorkloadScenario> workload, const std::string& text);
    /// `cancelled` when the user stopped it; otherwise `message` names the file and the problem.
    void failed(const QString& message, bool cancelled);

private:
    bool run(const QString& path, bool workload);
    void done();

    QThread* m_thread = nullptr;
    std::atomic<bool> m_cancel{false};
    std::atomic<int> m_percent{0};
    std::mutex m_mutex;
    std::shared_ptr<ImportedTrace> m_result;
    std::shared_ptr<const core::WorkloadScenario> m_workload; ///< with startWorkload
    std::string m_workloadText;
    bool m_wantWorkload = false;
    std::string m_error;
    bool m_cancelled = false;
};

} // namespace ui
