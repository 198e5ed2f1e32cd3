#include "controller/traceloader.h"

#include <QThread>

namespace ui {

TraceLoader::TraceLoader(QObject* parent)
    : QObject(parent) {}

TraceLoader::~TraceLoader() {
    cancel();
    if (m_thread) {
        m_thread->wait();
        delete m_thread;
    }
}

std::shared_ptr<ImportedTrace> TraceLoader::load(const std::string& path, std::string& error,
                                                 const std::function<bool(double)>& progress) {
    core::TraceImportOptions options;
    options.progress = progress;
    options.forViews = true;
    auto t = std::make_shared<ImportedTrace>(core::importTrace(path, options));
    if (!t->ok) {
        error = t->error;
        return nullptr;
    }
    return t;
}

bool TraceLoader::start(const QString& path) {
    return run(path, false);
}

bool TraceLoader::startWorkload(const QString& path) {
    return run(path, true);
}

bool TraceLoader::run(const QString& path, bool workload) {
    if (m_thread)
        return false;
    m_cancel = false;
    m_percent = 0;
    m_wantWorkload = workload;
    const std::string file = path.toStdString();
    m_thread = QThread::create([this, file, workload] {
        auto progressed = [this](double f) {
            const int p = static_cast<int>(f * 100);
            if (p != m_percent.exchange(p))
                QMetaObject::invokeMethod(
                    this, [this, p] { emit progress(p); }, Qt::QueuedConnection);
            return !m_cancel.load();
        };
        std::string error;
        std::shared_ptr<ImportedTrace> trace;
        std::shared_ptr<const core::WorkloadScenario> scenario;
        std::string workloadText;
        if (workload) {
            core::TraceImportOptions options;
            options.progress = progressed;
            options.forViews = true;
            core::WorkloadImport w = core::importWorkload(file, {}, options);
            // The text is what B's session keeps (a model change rewrites it, a save writes it).
            core::WorkloadText text;
            if (w.scenario.ok)
                text = core::workloadScenarioText(w.scenario, {});
            if (w.scenario.ok && text.error.empty()) {
                if (!text.note.empty())
                    w.scenario.notes.push_back(std::move(text.note));
                trace = std::make_shared<ImportedTrace>(std::move(w.recording));
                scenario = std::make_shared<const core::WorkloadScenario>(std::move(w.scenario));
                workloadText = std::move(text.text);
            } else {
                error = w.scenario.ok ? text.error : w.scenario.error;
            }
        } else {
            trace = load(file, error, progressed);
        }
        {
            std::lock_guard lock(m_mutex);
            m_result = std::move(trace);
            m_workload = std::move(scenario);
            m_workloadText = std::move(workloadText);
            m_error = std::move(error);
            m_cancelled = m_cancel.load();
        }
        QMetaObject::invokeMethod(this, &TraceLoader::done, Qt::QueuedConnection);
    });
    m_thread->start();
    return true;
}

void TraceLoader::cancel() {
    m_cancel = true;
}

void TraceLoader::done() {
    if (m_thread) {
        m_thread->wait();
        delete m_thread;
        m_thread = nullptr;
    }
    std::shared_ptr<ImportedTrace> result;
    std::shared_ptr<const core::WorkloadScenario> workload;
    std::string workloadText;
    std::string error;
    bool cancelled;
    {
        std::lock_guard lock(m_mutex);
        result = std::move(m_result);
        workload = std::move(m_workload);
        workloadText = std::move(m_workloadText);
        error = std::move(m_error);
        cancelled = m_cancelled;
    }
    if (result && !cancelled && m_wantWorkload)
        emit workloadLoaded(std::move(result), std::move(workload), workloadText);
    else if (result && !cancelled)
        emit loaded(std::move(result));
    else
        emit failed(QString::fromStdString(error), cancelled);
}

} // namespace ui
