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
    if (m_thread)
        return false;
    m_cancel = false;
    m_percent = 0;
    const std::string file = path.toStdString();
    m_thread = QThread::create([this, file] {
        std::string error;
        auto trace = load(file, error, [this](double f) {
            const int p = static_cast<int>(f * 100);
            if (p != m_percent.exchange(p))
                QMetaObject::invokeMethod(
                    this, [this, p] { emit progress(p); }, Qt::QueuedConnection);
            return !m_cancel.load();
        });
        {
            std::lock_guard lock(m_mutex);
            m_result = std::move(trace);
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
    std::string error;
    bool cancelled;
    {
        std::lock_guard lock(m_mutex);
        result = std::move(m_result);
        error = std::move(m_error);
        cancelled = m_cancelled;
    }
    if (result && !cancelled)
        emit loaded(std::move(result));
    else
        emit failed(QString::fromStdString(error), cancelled);
}

} // namespace ui
