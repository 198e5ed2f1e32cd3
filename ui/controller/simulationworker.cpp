#include "controller/simulationworker.h"

#include "controller/format.h"
#include "controller/kerneltext.h"
#include "output/runstates.h"
#include "report/runqueuecounts.h"

#include <QTimer>

namespace ui {

using Clock = std::chrono::steady_clock;
using namespace std::chrono_literals;

namespace {
// One slice of engine work: short enough that commands apply promptly.
constexpr auto kSliceBudget = 8ms;
// Snapshots at most this often while running (the GUI repaints at 30-60 Hz).
constexpr auto kPublishEvery = 15ms;
// The task list is costly with many tasks; views need it less often.
constexpr auto kTasksEvery = 200ms;
// Events between wall-clock checks.
constexpr uint64_t kEventBatch = 1024;
// About 80 MB of slices and records waiting for the viewer.
constexpr size_t kMaxPendingRecords = size_t(2) << 20;
// Thread-state tracks keep at most this many slices (about 200 MB with their events).
constexpr size_t kStateSlices = size_t(4) << 20;
// While running, the tracks are rebuilt at most this often (and at most a tenth of the time).
constexpr auto kStatesEvery = 2s;
// Paused, they are rebuilt once steps have paused this long.
constexpr auto kStatesSettle = 250ms;
// Charts get a point every 10 ms of simulated time, however fast the run goes.
constexpr core::SimTime kSampleEvery = core::SimTime::ms(10);
// The scheduler's counter tracks (PELT, vruntime, ...) get a point every 1 ms where they changed,
// at most this many in all (about 64 MB).
constexpr core::SimTime kCounterEvery = core::SimTime::ms(1);
constexpr size_t kCounterPoints = size_t(4) << 20;
} // namespace

SimulationWorker::SimulationWorker(core::SnapshotMailbox& mailbox)
    : m_mailbox(mailbox)
    , m_timer(new QTimer(this))
    , m_statesTimer(new QTimer(this)) {
    m_timer->setSingleShot(true);
    connect(m_timer, &QTimer::timeout, this, &SimulationWorker::runSlice);
    m_statesTimer->setSingleShot(true);
    connect(m_statesTimer, &QTimer::timeout, this, [this] {
        if (m_engine && !m_running)
            publish(true);
    });
}

SimulationWorker::~SimulationWorker() = default;

void SimulationWorker::open(std::shared_ptr<const core::ScenarioSpec> spec, uint64_t generation) {
    m_spec = std::move(spec);
    reset(generation);
}

void SimulationWorker::close(uint64_t generation) {
    m_generation = generation;
    stopRunning();
    m_engine.reset();
    m_spec.reset();
}

void SimulationWorker::reset(uint64_t generation) {
    if (!m_spec)
        return;
    m_generation = generation;
    stopRunning();
    m_recorder = core::Recorder{};
    m_states = core::ThreadStateRecorder{};
    m_states.setSliceLimit(kStateSlices);
    m_counters = core::SchedCounterSampler{};
    m_counters.setPointLimit(kCounterPoints);
    m_statesBuiltAt = {-1, 0};
    m_statesBuiltFull = false;
    m_statesDue = {};
    m_statesBuiltWhen = {};
    m_tee = core::TraceTee{};
    m_tee.add(&m_recorder);
    if (m_wantStates)
        m_tee.add(&m_states);
    m_lastSample = core::SimTime{};
    m_engine = std::make_unique<core::Engine>(m_spec);
    m_engine->setTraceSink(m_tee.sink());
    publish(true);
}

void SimulationWorker::setRunning(bool running) {
    if (!m_engine || running == m_running)
        return;
    if (running && m_engine->finished())
        return;
    if (!running) {
        stopRunning();
        publish(true);
        return;
    }
    m_running = true;
    reanchor();
    emit runningChanged(true);
    m_timer->start(0);
}

void SimulationWorker::setSpeed(SimNs simNsPerWallSecond) {
    m_speed = std::max<SimNs>(0, simNsPerWallSecond);
    reanchor();
}

void SimulationWorker::stepEvent() {
    if (!m_engine)
        return;
    stopRunning();
    m_engine->step();
    emit commandDone(true, executedEventText(*m_engine));
    publish(true);
}

void SimulationWorker::stepTick() {
    if (!m_engine)
        return;
    stopRunning();
    m_engine->stepTick();
    publish(true);
}

void SimulationWorker::stepFor(core::SimTime d) {
    if (!m_engine)
        return;
    runTo(m_engine->now() + d);
}

void SimulationWorker::runTo(core::SimTime t) {
    if (!m_engine || m_engine->finished())
        return;
    m_runTo = t;
    if (!m_running) {
        m_running = true;
        emit runningChanged(true);
    }
    m_timer->start(0);
}

void SimulationWorker::setOptimization(core::Optimization o, bool on) {
    if (m_engine)
        report(m_engine->setOptimization(o, on));
}

void SimulationWorker::moveTask(core::TaskId task, const std::string& cgroupPath) {
    if (m_engine)
        report(m_engine->moveTask(task, cgroupPath));
}

void SimulationWorker::setCgroupWeight(const std::string& cgroupPath, uint32_t weight) {
    if (m_engine)
        report(m_engine->setCgroupWeight(cgroupPath, weight));
}

void SimulationWorker::setCgroupMax(const std::string& cgroupPath, const core::CpuMax& max) {
    if (m_engine)
        report(m_engine->setCgroupMax(cgroupPath, max));
}

void SimulationWorker::killTasks(const std::string& pattern) {
    if (m_engine)
        report(m_engine->kill(pattern));
}

void SimulationWorker::publishNow() {
    if (m_engine)
        publish(true);
}

void SimulationWorker::report(const core::CommandResult& r) {
    emit commandDone(r.ok, QString::fromStdString(r.message));
    // The change shows at once, also when paused.
    publish(true);
}

void SimulationWorker::runSlice() {
    if (!m_running || !m_engine)
        return;
    // Backpressure: while the viewer has this much unread (a long GUI stall at full speed),
    // wait for it instead of piling up more; nothing is dropped either way.
    if (m_mailbox.pendingRecords() > kMaxPendingRecords) {
        m_timer->start(2);
        return;
    }
    const auto t0 = Clock::now();
    bool caughtUp = false;
    while (true) {
        core::SimTime target;
        if (m_runTo) {
            target = *m_runTo;
        } else if (m_speed == 0) {
            target = m_engine->duration();
        } else {
            const auto wall =
                std::chrono::duration_cast<std::chrono::nanoseconds>(Clock::now() - m_anchorWall);
            const double sim = static_cast<double>(m_speed) * toSeconds(wall.count());
            target = m_anchorSim + core::SimTime::ns(static_cast<SimNs>(sim));
        }
        // The next sample point: the first multiple of the sampling interval after the last
        // sample (steps may have moved time past several). Charts sample every kSampleEvery;
        // counter tracks, when the Threads view wants them, every kCounterEvery.
        const SimNs every = (m_wantStates ? kCounterEvery : kSampleEvery).count();
        const core::SimTime nextSample =
            core::SimTime::ns((std::max(m_lastSample.count(), m_engine->now().count()) / every + 1) * every);
        const core::SimTime goal = std::min(target, nextSample);
        const bool reached = m_engine->advanceUntil(goal, kEventBatch);
        if (m_engine->finished())
            break;
        if (reached && goal == nextSample) {
            if (m_wantStates)
                m_counters.sample(*m_engine);
            if (goal.count() % kSampleEvery.count() == 0)
                m_recorder.sample(*m_engine);
            m_lastSample = goal;
            if (goal < target) {
                if (Clock::now() - t0 < kSliceBudget)
                    continue;
                if (m_speed > 0 && !m_runTo)
                    reanchor();
                break;
            }
        }
        if (reached) {
            if (m_runTo && m_engine->now() >= *m_runTo) {
                m_runTo.reset();
                stopRunning();
                break;
            }
            caughtUp = true;
            break;
        }
        if (Clock::now() - t0 >= kSliceBudget) {
            // Behind the requested pace: do not build up a debt to repay at full speed later.
            if (m_speed > 0 && !m_runTo)
                reanchor();
            break;
        }
    }
    const auto now = Clock::now();
    const bool ended = m_engine->finished();
    if (ended)
        stopRunning();
    if (ended || !m_running || now - m_lastPublish >= kPublishEvery)
        publish(!m_running || now - m_lastTasks >= kTasksEvery);
    if (m_running)
        m_timer->start(caughtUp ? 4 : 0);
}

std::shared_ptr<const core::ThreadStates> SimulationWorker::threadStatesIfDue() {
    if (!m_wantStates)
        return nullptr;
    const auto now = Clock::now();
    if (m_running && now < m_statesDue)
        return nullptr;
    // Nothing new since the last build (or the recorder is full and its tracks were built).
    const std::pair<SimNs, uint64_t> at{m_engine->now().count(), m_states.recordCount()};
    if (at == m_statesBuiltAt || (m_states.fullAt() && m_statesBuiltFull))
        return nullptr;
    // Paused and stepping: build once the steps pause, not at every step (a build reads the
    // whole run).
    if (!m_running && now - m_statesBuiltWhen < kStatesSettle) {
        m_statesTimer->start(std::chrono::duration_cast<std::chrono::milliseconds>(kStatesSettle));
        return nullptr;
    }
    const auto t0 = now;
    auto states = std::make_shared<core::ThreadStates>(core::statesOfRun(m_states, *m_engine));
    states->nrRunning = core::runQueueCounts(*states, m_engine->machine().nrCpus());
    states->counters = m_counters.tracks();
    states->countersEnd = m_counters.sampledUpTo();
    const auto took = Clock::now() - t0;
    m_statesDue = Clock::now() + std::max<Clock::duration>(kStatesEvery, took * 10);
    m_statesBuiltWhen = Clock::now();
    m_statesBuiltAt = at;
    m_statesBuiltFull = m_states.fullAt().has_value();
    return states;
}

void SimulationWorker::setThreadStates(bool on) {
    m_wantStates = on;
}

void SimulationWorker::publish(bool withTasks) {
    auto s = m_recorder.take(*m_engine, withTasks);
    s->generation = m_generation;
    s->threadStates = threadStatesIfDue();
    m_lastPublish = Clock::now();
    if (withTasks)
        m_lastTasks = m_lastPublish;
    if (m_mailbox.post(std::move(s)))
        emit snapshotPosted();
}

void SimulationWorker::stopRunning() {
    m_timer->stop();
    m_runTo.reset();
    if (m_running) {
        m_running = false;
        emit runningChanged(false);
    }
}

void SimulationWorker::reanchor() {
    if (!m_engine)
        return;
    m_anchorSim = m_engine->now();
    m_anchorWall = Clock::now();
}

} // namespace ui
