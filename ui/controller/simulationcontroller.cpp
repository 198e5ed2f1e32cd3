#include "controller/simulationcontroller.h"

#include "controller/simulationworker.h"

namespace ui {

SimulationController::SimulationController(QObject* parent)
    : QObject(parent)
    , m_worker(new SimulationWorker(m_mailbox)) {
    m_thread.setObjectName(QStringLiteral("simulation"));
    m_worker->moveToThread(&m_thread);
    connect(&m_thread, &QThread::finished, m_worker, &QObject::deleteLater);
    connect(m_worker, &SimulationWorker::snapshotPosted, this, &SimulationController::takeSnapshot,
            Qt::QueuedConnection);
    connect(
        m_worker, &SimulationWorker::runningChanged, this,
        [this](bool running) {
            m_running = running;
            emit runningChanged(running);
        },
        Qt::QueuedConnection);
    connect(m_worker, &SimulationWorker::commandDone, this, &SimulationController::commandDone,
            Qt::QueuedConnection);
    m_thread.start();
}

SimulationController::~SimulationController() {
    m_thread.quit();
    m_thread.wait();
}

template <typename F>
void SimulationController::post(F&& f) {
    QMetaObject::invokeMethod(m_worker, std::forward<F>(f), Qt::QueuedConnection);
}

void SimulationController::openTrace(std::shared_ptr<const core::ScenarioSpec> spec) {
    m_spec = spec;
    m_trace = true;
    const uint64_t g = ++m_generation;
    post([w = m_worker, g] { w->close(g); });
    emit opened(spec);
}

void SimulationController::open(std::shared_ptr<const core::ScenarioSpec> spec) {
    m_spec = spec;
    m_trace = false;
    const uint64_t g = ++m_generation;
    post([w = m_worker, spec, g] { w->open(spec, g); });
    emit opened(spec);
}

void SimulationController::run() {
    post([w = m_worker] { w->setRunning(true); });
}

void SimulationController::pause() {
    post([w = m_worker] { w->setRunning(false); });
}

void SimulationController::stepEvent() {
    post([w = m_worker] { w->stepEvent(); });
}

void SimulationController::stepTick() {
    post([w = m_worker] { w->stepTick(); });
}

void SimulationController::stepFor(core::SimTime d) {
    post([w = m_worker, d] { w->stepFor(d); });
}

void SimulationController::runTo(core::SimTime t) {
    post([w = m_worker, t] { w->runTo(t); });
}

void SimulationController::reset() {
    if (!m_spec || m_trace)
        return;
    const uint64_t g = ++m_generation;
    post([w = m_worker, g] { w->reset(g); });
    emit opened(m_spec);
}

void SimulationController::setSpeed(SimNs simNsPerWallSecond) {
    m_speed = simNsPerWallSecond;
    post([w = m_worker, simNsPerWallSecond] { w->setSpeed(simNsPerWallSecond); });
    emit speedChanged(simNsPerWallSecond);
}

void SimulationController::setOptimization(core::Optimization o, bool on) {
    post([w = m_worker, o, on] { w->setOptimization(o, on); });
}

void SimulationController::moveTask(core::TaskId task, const QString& cgroupPath) {
    post([w = m_worker, task, path = cgroupPath.toStdString()] { w->moveTask(task, path); });
}

void SimulationController::setCgroupWeight(const QString& cgroupPath, uint32_t weight) {
    post([w = m_worker, path = cgroupPath.toStdString(), weight] { w->setCgroupWeight(path, weight); });
}

void SimulationController::setCgroupMax(const QString& cgroupPath, const core::CpuMax& max) {
    post([w = m_worker, path = cgroupPath.toStdString(), max] { w->setCgroupMax(path, max); });
}

void SimulationController::killTasks(const QString& pattern) {
    post([w = m_worker, p = pattern.toStdString()] { w->killTasks(p); });
}

void SimulationController::setThreadStates(bool on) {
    post([w = m_worker, on] { w->setThreadStates(on); });
}

void SimulationController::refresh() {
    post([w = m_worker] { w->publishNow(); });
}

void SimulationController::takeSnapshot() {
    auto s = m_mailbox.take();
    if (s && s->generation == m_generation)
        emit snapshot(std::move(s));
}

} // namespace ui
