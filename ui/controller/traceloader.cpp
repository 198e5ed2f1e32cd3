#include "controller/traceloader.h"

#include "import/tracefile.h"
#include "import/tracesnapshots.h"
#include "scenario/loader.h"

#include <nlohmann/json.hpp>

#include <QThread>

namespace ui {

namespace {

/// A scenario for the traced machine: its CPUs as one socket of single-thread cores (a trace
/// does not say which CPUs share a core) and the cgroups its tasks were attached to.
std::shared_ptr<const core::ScenarioSpec> machineSpec(const core::TraceFileResult& r, std::string& note) {
    nlohmann::ordered_json j;
    j["format"] = 1;
    j["name"] = "trace " + r.summary.scenario;
    j["description"] = "A real trace (" + r.summary.trace->format + "), not a simulation.";
    j["duration"] = std::to_string(std::max<int64_t>(r.summary.simTime.count(), 1)) + "ns";
    j["topology"] = {{"sockets", 1},
                     {"cores_per_socket", std::max<size_t>(r.summary.cpus.size(), 1)},
                     {"threads_per_core", 1}};
    nlohmann::ordered_json cgroups = nlohmann::ordered_json::array();
    for (const std::string& p : r.cgroupPaths)
        if (p != "/")
            cgroups.push_back({{"path", p}});
    j["cgroups"] = cgroups;
    j["tasks"] = nlohmann::ordered_json::array();
    core::LoadResult l = core::loadScenarioText(j.dump(), r.summary.scenario);
    if (!l.ok() && !cgroups.empty()) {
        // A cgroup path the scenario format refuses: show the trace without the tree.
        note = l.errors.empty() ? std::string() : l.errors.front();
        j["cgroups"] = nlohmann::ordered_json::array();
        l = core::loadScenarioText(j.dump(), r.summary.scenario);
    }
    return l.ok() ? std::make_shared<const core::ScenarioSpec>(std::move(*l.spec)) : nullptr;
}

} // namespace

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
    core::TraceSnapshots sink;
    core::TraceFileOptions options;
    options.progress = progress;
    core::TraceFileResult r = core::importTraceFile(path, &sink, options);
    if (!r.ok) {
        error = r.error;
        return nullptr;
    }
    auto t = std::make_shared<ImportedTrace>();
    t->path = path;
    t->origin = r.origin;
    std::string note;
    t->spec = machineSpec(r, note);
    if (!t->spec) {
        error = path + ": the traced machine cannot be shown (" + note + ")";
        return nullptr;
    }
    if (!note.empty())
        r.summary.trace->warnings.push_back("cgroups not shown: " + note);
    t->snapshots = sink.finish(r.summary, r.origin, r.cgroupPaths);
    t->summary = std::move(r.summary);
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
