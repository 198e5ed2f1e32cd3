// Thread-state tracks and wakeup chains, from hand-made records with known answers, and from
// a simulation whose tracks must add up to its summary.
#include "base/hugepages.h"
#include "base/kernelmodel.h"
#include "output/runstates.h"
#include "output/schedcounters.h"
#include "output/simulation.h"
#include "output/summarize.h"
#include "report/runqueuecounts.h"
#include "report/threadstates.h"
#include "report/wakeupchain.h"
#include "scenario/builtins.h"
#include "scenario/loader.h"
#include "sim/engine.h"

#include <QtTest>

#include <nlohmann/json.hpp>

using namespace core;

namespace {

SimTime ns(int64_t v) {
    return SimTime::ns(v);
}

Slice run(uint32_t task, uint32_t cpu, int64_t start, int64_t end, SliceKind kind = SliceKind::Task,
          uint32_t cgroup = 0) {
    return {cpu, kind, TaskId(task), CgroupId(cgroup), ns(start), ns(end)};
}

SwitchRecord sw(int64_t t, uint32_t cpu, std::optional<uint32_t> prev, std::optional<uint32_t> next,
                TaskState prevState = TaskState::Sleeping) {
    SwitchRecord r;
    r.time = ns(t);
    r.cpu = cpu;
    r.prev = prev ? TaskId(*prev) : TaskId::invalid();
    r.next = next ? TaskId(*next) : TaskId::invalid();
    r.prevState = prevState;
    return r;
}

WakeupRecord wake(int64_t t, uint32_t task, std::optional<uint32_t> waker, uint32_t cpu,
                  WakeSource source = WakeSource::Task) {
    return {ns(t), TaskId(task), waker ? TaskId(*waker) : TaskId::invalid(), cpu, cpu, source};
}

/// Runs a scenario to its end with a recorder attached: its tracks, and the engine (for its
/// summary). Null engine when the run failed.
std::pair<ThreadStates, std::unique_ptr<Engine>> runWithStates(ScenarioSpec spec) {
    ThreadStateRecorder recorder;
    SimulationOptions ro;
    ro.sinks.push_back(&recorder);
    SimulationResult result = simulate(std::make_shared<const ScenarioSpec>(std::move(spec)), {}, ro);
    if (!result.ok())
        return {};
    ThreadStates states = statesOfRun(recorder, *result.engine);
    return {std::move(states), std::move(result.engine)};
}

/// A task's track as "state@cpu start-end" items, for comparisons that print well.
QStringList track(const ThreadStates& s, uint32_t id) {
    QStringList out;
    const TaskTrack* t = s.find(TaskId(id));
    if (!t)
        return {QStringLiteral("none")};
    for (const StateInterval& i : t->intervals)
        out << QStringLiteral("%1@%2 %3-%4")
                   .arg(QString::fromLatin1(threadStateName(i.state)))
                   .arg(i.cpu)
                   .arg(i.start.count())
                   .arg(i.end.count());
    return out;
}

/// Task 1's life: new, runs, sleeps, is woken by task 2, runs, is preempted, runs, blocks in D,
/// is woken by a timer, runs and exits.
void lifeOfTaskOne(ThreadStateRecorder& r) {
    r.taskCreated(TaskId(1), "one", CgroupId(0), SchedPolicy::Other, 0);
    r.wakeup(wake(0, 1, std::nullopt, 0, WakeSource::Fork));
    r.contextSwitch(sw(10, 0, std::nullopt, 1));
    r.slice(run(1, 0, 10, 50));
    r.contextSwitch(sw(50, 0, 1, std::nullopt, TaskState::Sleeping));
    r.wakeup(wake(80, 1, 2, 1));
    r.contextSwitch(sw(90, 0, std::nullopt, 1));
    r.slice(run(1, 0, 90, 100));
    r.contextSwitch(sw(100, 0, 1, 3, TaskState::Runnable));
    r.contextSwitch(sw(120, 0, 3, 1, TaskState::Sleeping));
    r.slice(run(1, 0, 120, 130));
    r.contextSwitch(sw(130, 0, 1, std::nullopt, TaskState::IoWait));
    r.wakeup(wake(200, 1, std::nullopt, 0, WakeSource::Timer));
    r.contextSwitch(sw(205, 0, std::nullopt, 1));
    r.slice(run(1, 0, 205, 230));
    r.contextSwitch(sw(230, 0, 1, std::nullopt, TaskState::Dead));
}

} // namespace

class TestThreadStates : public QObject {
    Q_OBJECT
private slots:
    void everyTransitionOfASimulatedTask() {
        ThreadStateRecorder r;
        lifeOfTaskOne(r);
        const ThreadStates s = r.finish(ns(300));
        QCOMPARE(
            track(s, 1),
            (QStringList{QStringLiteral("runnable@0 0-10"), QStringLiteral("running@0 10-50"),
                         QStringLiteral("sleeping@-1 50-80"), QStringLiteral("runnable@1 80-90"),
                         QStringLiteral("running@0 90-100"), QStringLiteral("preempted@0 100-120"),
                         QStringLiteral("running@0 120-130"), QStringLiteral("uninterruptible@-1 130-200"),
                         QStringLiteral("runnable@0 200-205"), QStringLiteral("running@0 205-230")}));
        QCOMPARE(s.find(TaskId(1))->name, std::string("one"));
    }

    void runningIsTheSlicesAndAddsUp() {
        // Switched in at 10, but the CPU finishes kernel work of the task before until 12: that
        // is waiting. Overhead charged to the task counts as running.
        ThreadStateRecorder r;
        r.wakeup(wake(0, 1, std::nullopt, 0, WakeSource::Fork));
        r.contextSwitch(sw(10, 0, std::nullopt, 1));
        r.slice(run(1, 0, 12, 40));
        r.slice(run(1, 0, 40, 45, SliceKind::Overhead));
        r.contextSwitch(sw(45, 0, 1, std::nullopt, TaskState::Sleeping));
        // Kernel work charged on CPU 0 until 52 while the task, woken at 48, already runs on CPU 1:
        // the later piece follows the earlier, keeping the task's time.
        r.slice(run(1, 0, 45, 52, SliceKind::Overhead));
        r.wakeup(wake(48, 1, 2, 1));
        r.contextSwitch(sw(49, 1, std::nullopt, 1));
        r.slice(run(1, 1, 49, 60));
        const ThreadStates s = r.finish(ns(60));
        int64_t running = 0;
        for (const StateInterval& i : s.find(TaskId(1))->intervals)
            if (i.state == ThreadState::Running)
                running += (i.end - i.start).count();
        QCOMPARE(running, int64_t(28 + 5 + 7 + 11));
        QCOMPARE(track(s, 1).first(), QStringLiteral("runnable@0 0-12"));
        QCOMPARE(track(s, 1).last(), QStringLiteral("running@1 52-63"));
    }

    void aRecordingsGapsAreUnknown() {
        ThreadStateRecorder r = ThreadStateRecorder::forRecording();
        r.setOrigin(ns(1000));
        // Task 5 was there before the recording: unknown until its first event.
        r.contextSwitch(sw(1100, 0, std::nullopt, 5));
        r.slice(run(5, 0, 1100, 1150));
        r.contextSwitch(sw(1150, 0, 5, std::nullopt, TaskState::Sleeping));
        // Events lost on every CPU at 1200: what it did then is unknown until its next event.
        r.lost(ns(1200), -1);
        // Task 6 is forked during the recording: it starts there, with no unknown before.
        r.wakeup(wake(1250, 6, 5, 0, WakeSource::Fork));
        r.wakeup(wake(1300, 5, std::nullopt, 1, WakeSource::Interrupt));
        r.contextSwitch(sw(1310, 1, std::nullopt, 5));
        r.slice(run(5, 1, 1310, 1400));
        const ThreadStates s = r.finish(ns(1400));
        QCOMPARE(track(s, 5),
                 (QStringList{QStringLiteral("unknown@-1 0-100"), QStringLiteral("running@0 100-150"),
                              QStringLiteral("sleeping@-1 150-200"), QStringLiteral("unknown@-1 200-300"),
                              QStringLiteral("runnable@1 300-310"), QStringLiteral("running@1 310-400")}));
        QCOMPARE(track(s, 6), QStringList{QStringLiteral("runnable@0 250-400")});
    }

    void aLossOnAnotherCpuLeavesARunningTaskKnown() {
        ThreadStateRecorder r = ThreadStateRecorder::forRecording();
        r.contextSwitch(sw(0, 0, std::nullopt, 5));
        r.slice(run(5, 0, 0, 100));
        r.lost(ns(50), 1);
        const ThreadStates s = r.finish(ns(100));
        QCOMPARE(track(s, 5), QStringList{QStringLiteral("running@0 0-100")});
    }

    void migrationsMoveAWaitingTask() {
        ThreadStateRecorder r;
        r.wakeup(wake(0, 1, std::nullopt, 0, WakeSource::Fork));
        r.migration({ns(20), TaskId(1), 0, 2, MigrationReason::Periodic, 0});
        r.contextSwitch(sw(30, 2, std::nullopt, 1));
        r.slice(run(1, 2, 30, 40));
        const ThreadStates s = r.finish(ns(40));
        QCOMPARE(track(s, 1),
                 (QStringList{QStringLiteral("runnable@0 0-20"), QStringLiteral("runnable@2 20-30"),
                              QStringLiteral("running@2 30-40")}));
    }

    void aThrottledGroupThrottlesTheGroupsBelow() {
        // Cgroup 2 is below 1; 1 is throttled on CPU 0 from 20 to 60; task 1 (in 2) waits there.
        ThreadStateRecorder r;
        r.setCgroupParents({-1, 0, 1});
        r.taskCreated(TaskId(1), "t", CgroupId(2), SchedPolicy::Other, 0);
        r.wakeup(wake(0, 1, std::nullopt, 0, WakeSource::Fork));
        r.contextSwitch(sw(0, 0, std::nullopt, 1));
        r.slice(run(1, 0, 0, 20, SliceKind::Task, 2));
        r.contextSwitch(sw(20, 0, 1, std::nullopt, TaskState::Runnable));
        r.throttle({ns(20), ns(60), 0, CgroupId(1)});
        r.throttle({ns(20), ns(90), 0, CgroupId(3)}); // another group: not this task's
        r.contextSwitch(sw(70, 0, std::nullopt, 1));
        r.slice(run(1, 0, 70, 80, SliceKind::Task, 2));
        const ThreadStates s = r.finish(ns(80));
        QCOMPARE(track(s, 1),
                 (QStringList{QStringLiteral("running@0 0-20"), QStringLiteral("throttled@0 20-60"),
                              QStringLiteral("preempted@0 60-70"), QStringLiteral("running@0 70-80")}));
    }

    void throttlingFollowsMovesAndSparesRtTasks() {
        // Task 1 was created in group 3 but moved to 2 (its slices say so); task 2 is SCHED_FIFO
        // in the throttled group 1: cpu.max throttles fair tasks only.
        ThreadStateRecorder r;
        r.setCgroupParents({-1, 0, 1, 0});
        r.taskCreated(TaskId(1), "moved", CgroupId(3), SchedPolicy::Other, 0);
        r.taskCreated(TaskId(2), "rt", CgroupId(1), SchedPolicy::Fifo, 50);
        for (uint32_t t : {1u, 2u}) {
            r.wakeup(wake(0, t, std::nullopt, 0, WakeSource::Fork));
            r.contextSwitch(sw(0, 0, std::nullopt, t));
            r.slice(run(t, 0, 0, 10, SliceKind::Task, t == 1 ? 2 : 1));
            r.contextSwitch(sw(10, 0, t, std::nullopt, TaskState::Runnable));
        }
        r.throttle({ns(10), ns(30), 0, CgroupId(1)});
        const ThreadStates s = r.finish(ns(40));
        QCOMPARE(track(s, 1),
                 (QStringList{QStringLiteral("running@0 0-10"), QStringLiteral("throttled@0 10-30"),
                              QStringLiteral("preempted@0 30-40")}));
        QCOMPARE(track(s, 2),
                 (QStringList{QStringLiteral("running@0 0-10"), QStringLiteral("preempted@0 10-40")}));
    }

    void recordsOfOneInstantKeepTheirOrder() {
        // perf script's microseconds: switched out asleep and woken at the same time stamp,
        // then moved to CPU 3 at the same instant it was woken onto CPU 1.
        ThreadStateRecorder r = ThreadStateRecorder::forRecording();
        r.contextSwitch(sw(0, 0, std::nullopt, 1));
        r.slice(run(1, 0, 0, 100));
        r.contextSwitch(sw(100, 0, 1, std::nullopt, TaskState::Sleeping));
        r.wakeup(wake(100, 1, 2, 1));
        r.migration({ns(100), TaskId(1), 1, 3, MigrationReason::Wakeup, -1});
        r.contextSwitch(sw(110, 3, std::nullopt, 1));
        r.slice(run(1, 3, 110, 120));
        r.contextSwitch(sw(120, 3, 1, std::nullopt, TaskState::IoWait));
        const ThreadStates s = r.finish(ns(130));
        QCOMPARE(
            track(s, 1),
            (QStringList{QStringLiteral("running@0 0-100"), QStringLiteral("runnable@3 100-110"),
                         QStringLiteral("running@3 110-120"), QStringLiteral("uninterruptible@-1 120-130")}));
    }

    void wakeupsAtTheEdgesOfARun() {
        // Task 1 blocks at 10 while the CPU still pays for its switch out until 12 (running on
        // the track), and task 2 wakes it at 11: that wakeup ends the sleep. Task 2 woke it at
        // the very instant it switched out itself: its own wait is the one before that run.
        ThreadStateRecorder r;
        r.wakeup(wake(0, 1, std::nullopt, 0, WakeSource::Fork));
        r.contextSwitch(sw(0, 0, std::nullopt, 1));
        r.slice(run(1, 0, 0, 10));
        r.contextSwitch(sw(10, 0, 1, std::nullopt, TaskState::Sleeping));
        r.slice(run(1, 0, 10, 12, SliceKind::Overhead));
        r.wakeup(wake(0, 2, std::nullopt, 1, WakeSource::Fork));
        r.contextSwitch(sw(0, 1, std::nullopt, 2));
        r.slice(run(2, 1, 0, 5));
        r.contextSwitch(sw(5, 1, 2, std::nullopt, TaskState::Sleeping));
        r.wakeup(wake(8, 2, std::nullopt, 1, WakeSource::Timer));
        r.contextSwitch(sw(9, 1, std::nullopt, 2));
        r.slice(run(2, 1, 9, 11));
        r.wakeup(wake(11, 1, 2, 1));
        r.contextSwitch(sw(11, 1, 2, std::nullopt, TaskState::Sleeping));
        r.contextSwitch(sw(20, 0, std::nullopt, 1));
        r.slice(run(1, 0, 20, 30));
        const ThreadStates s = r.finish(ns(30));
        const WakeupChain c = wakeupChain(s, TaskId(1), ns(15), 10);
        QCOMPARE(c.hops.size(), size_t(2));
        QCOMPARE(c.hops[0].end, HopEnd::Woken);
        QCOMPARE(c.hops[0].wokenAt, ns(11));
        QCOMPARE(c.hops[1].task, TaskId(2));
        QCOMPARE(c.hops[1].from, ns(5));
        QCOMPARE(c.hops[1].to, ns(9));
        QCOMPARE(c.hops[1].end, HopEnd::Timer);
        // After the track's end there is nothing to explain.
        QVERIFY(!wakeupChain(s, TaskId(1), ns(31), 10).error.empty());
    }

    void statesCsv() {
        ThreadStateRecorder r;
        r.taskCreated(TaskId(1), std::string("a,\"b\"\xff", 6), CgroupId(0), SchedPolicy::Other, 0);
        r.wakeup(wake(0, 1, std::nullopt, 1, WakeSource::Fork));
        r.contextSwitch(sw(5, 1, std::nullopt, 1));
        r.slice(run(1, 1, 5, 9));
        r.contextSwitch(sw(9, 1, 1, std::nullopt, TaskState::Sleeping));
        const std::string csv = toStatesCsv(r.finish(ns(12)), {{1, 4242}}, {0, 7});
        QCOMPARE(QString::fromStdString(csv), QStringLiteral("pid,name,state,cpu,start_ns,end_ns\n"
                                                             "4242,\"a,\"\"b\"\"\\xFF\",runnable,7,0,5\n"
                                                             "4242,\"a,\"\"b\"\"\\xFF\",running,7,5,9\n"
                                                             "4242,\"a,\"\"b\"\"\\xFF\",sleeping,,9,12\n"));
    }

    // ---- wakeup chains -------------------------------------------------------------------------

    void aChainWithAKnownAnswer() {
        // Task 3 sleeps on a timer until 100, then runs and wakes 2 at 110; 2 runs and wakes 1 at
        // 130. Asked about 1's sleep at 125: 1 <- 2 <- 3 <- timer.
        ThreadStateRecorder r;
        for (uint32_t t = 1; t <= 3; ++t) {
            r.wakeup(wake(0, t, std::nullopt, t - 1, WakeSource::Fork));
            r.contextSwitch(sw(0, t - 1, std::nullopt, t));
            r.slice(run(t, t - 1, 0, 10));
            r.contextSwitch(sw(10, t - 1, t, std::nullopt, TaskState::Sleeping));
        }
        r.wakeup(wake(100, 3, std::nullopt, 2, WakeSource::Timer));
        r.contextSwitch(sw(102, 2, std::nullopt, 3));
        r.slice(run(3, 2, 102, 115));
        r.wakeup(wake(110, 2, 3, 2));
        r.contextSwitch(sw(115, 2, 3, 2, TaskState::Sleeping));
        r.slice(run(2, 2, 115, 140));
        r.wakeup(wake(130, 1, 2, 2));
        r.contextSwitch(sw(135, 0, std::nullopt, 1));
        r.slice(run(1, 0, 135, 150));
        const ThreadStates s = r.finish(ns(150));

        const WakeupChain c = wakeupChain(s, TaskId(1), ns(125), 10);
        QVERIFY(c.error.empty());
        QCOMPARE(c.hops.size(), size_t(3));
        QCOMPARE(c.hops[0].task, TaskId(1));
        QCOMPARE(c.hops[0].state, ThreadState::Sleeping);
        QCOMPARE(c.hops[0].from, ns(10));
        QCOMPARE(c.hops[0].to, ns(135));
        QCOMPARE(c.hops[0].sleeping, ns(120));
        QCOMPARE(c.hops[0].runnable, ns(5));
        QCOMPARE(c.hops[0].end, HopEnd::Woken);
        QCOMPARE(*c.hops[0].wokenBy, TaskId(2));
        QCOMPARE(c.hops[0].wakerCpu, 2);
        QCOMPARE(c.hops[0].wokenAt, ns(130));
        // 2 ran from 115 to wake 1 at 130: before that run it slept from 10, woken by 3 at 110.
        QCOMPARE(c.hops[1].task, TaskId(2));
        QCOMPARE(c.hops[1].from, ns(10));
        QCOMPARE(c.hops[1].to, ns(115));
        QCOMPARE(*c.hops[1].wokenBy, TaskId(3));
        QCOMPARE(c.hops[2].task, TaskId(3));
        QCOMPARE(c.hops[2].end, HopEnd::Timer);
        QVERIFY(!c.hops[2].wokenBy);
        QCOMPARE(c.hops[2].to, ns(102));

        // The depth bounds it; a time in a run explains the wait before that run.
        QCOMPARE(wakeupChain(s, TaskId(1), ns(125), 2).hops.size(), size_t(2));
        const WakeupChain running = wakeupChain(s, TaskId(1), ns(140), 10);
        QVERIFY(running.wasRunning);
        QCOMPARE(running.hops[0].from, ns(10));
        // Running from its start, with no wait before: nothing to explain; an unknown task neither.
        QVERIFY(!wakeupChain(s, TaskId(3), ns(5), 10).error.empty());
        QVERIFY(!wakeupChain(s, TaskId(9), ns(0), 10).error.empty());
    }

    void forksInterruptsAndPreemptions() {
        // 2 forks 1 at 20 while running from 5; 2 itself was started by nobody.
        ThreadStateRecorder r = ThreadStateRecorder::forRecording();
        r.wakeup(wake(0, 2, std::nullopt, 0, WakeSource::Fork));
        r.contextSwitch(sw(5, 0, std::nullopt, 2));
        r.slice(run(2, 0, 5, 40));
        r.wakeup(wake(20, 1, 2, 0, WakeSource::Fork));
        r.contextSwitch(sw(40, 0, 2, 1, TaskState::Runnable));
        r.slice(run(1, 0, 40, 60));
        r.contextSwitch(sw(60, 0, 1, 2, TaskState::Sleeping));
        r.slice(run(2, 0, 60, 70));
        r.wakeup(wake(65, 1, std::nullopt, 0, WakeSource::Interrupt));
        const ThreadStates s = r.finish(ns(80));
        const WakeupChain fork = wakeupChain(s, TaskId(1), ns(30), 10);
        QCOMPARE(fork.hops.size(), size_t(2));
        QCOMPARE(fork.hops[0].end, HopEnd::Forked);
        QCOMPARE(*fork.hops[0].wokenBy, TaskId(2));
        QCOMPARE(fork.hops[1].end, HopEnd::Start);
        const WakeupChain irq = wakeupChain(s, TaskId(1), ns(70), 10);
        QCOMPARE(irq.hops.size(), size_t(1));
        QCOMPARE(irq.hops[0].end, HopEnd::Interrupt);
        QVERIFY(!irq.hops[0].wokenBy);
        const WakeupChain preempted = wakeupChain(s, TaskId(2), ns(50), 10);
        QCOMPARE(preempted.hops.size(), size_t(1));
        QCOMPARE(preempted.hops[0].state, ThreadState::Preempted);
        QCOMPARE(preempted.hops[0].end, HopEnd::Preempted);
    }

    void finishingTwiceGivesTheSameTracks() {
        // The GUI builds a running simulation's tracks again and again from one recorder.
        ThreadStateRecorder r;
        lifeOfTaskOne(r);
        const ThreadStates first = r.finish(ns(200));
        const ThreadStates second = r.finish(ns(200));
        QVERIFY(!first.wakeups.empty());
        QCOMPARE(second.wakeups.size(), first.wakeups.size());
        QCOMPARE(second.tasks.size(), first.tasks.size());
        for (size_t t = 0; t < first.tasks.size(); ++t)
            QCOMPARE(second.tasks[t].intervals.size(), first.tasks[t].intervals.size());
    }

    void aChunkedLogKeepsItsOrderAcrossChunks() {
        ChunkedLog<uint64_t> log;
        constexpr uint64_t n = 3'000'000; // 24 MB: several of its 8 MiB chunks
        for (uint64_t i = 0; i < n; ++i)
            log.push_back(i * 7);
        QCOMPARE(log.size(), size_t(n));
        uint64_t next = 0;
        bool inOrder = true;
        log.forEach([&](uint64_t x) {
            inOrder = inOrder && x == next * 7;
            ++next;
        });
        QVERIFY(inOrder);
        QCOMPARE(next, n);
        log.release();
        QVERIFY(log.empty());
    }

    void manyInterleavedTasksEachKeepTheirOwnTrack() {
        // 300 tasks' records interleaved, more than one chunk of the recorder's log (the events
        // of all tasks in one list, sorted out by task when the tracks are built): each track is
        // what its own records say, whether the records are kept (a live view) or taken.
        constexpr uint32_t tasks = 300;
        constexpr int64_t rounds = 400, period = int64_t(tasks) * 100;
        ThreadStateRecorder r;
        for (uint32_t t = 0; t < tasks; ++t)
            r.taskCreated(TaskId(t), "t", CgroupId(0), SchedPolicy::Other, 0);
        for (int64_t k = 0; k < rounds; ++k)
            for (uint32_t t = 0; t < tasks; ++t) {
                const int64_t at = k * period + int64_t(t) * 100;
                const uint32_t cpu = t % 4;
                r.wakeup(wake(at, t, std::nullopt, cpu));
                r.contextSwitch(sw(at + 10, cpu, std::nullopt, t));
                r.slice(run(t, cpu, at + 10, at + 60));
                r.contextSwitch(sw(at + 60, cpu, t, std::nullopt, TaskState::Sleeping));
            }
        const SimTime end = ns(rounds * period);
        const ThreadStates kept = r.finish(end);
        const ThreadStates taken = r.take(end);
        for (const ThreadStates* s : {&kept, &taken}) {
            QCOMPARE(s->tasks.size(), size_t(tasks));
            for (uint32_t t = 0; t < tasks; ++t) {
                const TaskTrack* track = s->find(TaskId(t));
                QVERIFY(track);
                // Runnable, Running, Sleeping each round; the first round starts at the wakeup.
                QCOMPARE(track->intervals.size(), size_t(3 * rounds));
                int64_t running = 0;
                for (size_t i = 0; i < track->intervals.size(); ++i) {
                    const StateInterval& iv = track->intervals[i];
                    const int64_t at = int64_t(i / 3) * period + int64_t(t) * 100;
                    const ThreadState want[] = {ThreadState::Runnable, ThreadState::Running,
                                                ThreadState::Sleeping};
                    QCOMPARE(iv.state, want[i % 3]);
                    QCOMPARE(iv.start.count(), at + (i % 3 == 0 ? 0 : i % 3 == 1 ? 10 : 60));
                    if (iv.state == ThreadState::Running)
                        running += (iv.end - iv.start).count();
                }
                QCOMPARE(running, rounds * 50);
            }
        }
        QCOMPARE(r.recordCount(), uint64_t(0)); // taken: the recorder is empty after
    }

    void aFullRecorderStopsWhereItFilled() {
        // Two slices kept; the third and everything after it ignored, from its start on.
        ThreadStateRecorder r;
        r.setSliceLimit(2);
        r.wakeup(wake(0, 1, std::nullopt, 0, WakeSource::Timer));
        r.contextSwitch(sw(0, 0, std::nullopt, 1));
        r.slice(run(1, 0, 0, 10));
        r.slice(run(1, 0, 10, 20));
        QVERIFY(!r.fullAt());
        const uint64_t before = r.recordCount();
        r.slice(run(1, 0, 20, 30));
        QCOMPARE(r.fullAt(), std::optional<SimTime>(ns(20)));
        r.contextSwitch(sw(30, 0, 1, std::nullopt, TaskState::Sleeping));
        r.wakeup(wake(40, 1, std::nullopt, 0, WakeSource::Timer));
        QCOMPARE(r.recordCount(), before);
        QCOMPARE(r.sliceCount(), size_t(2));
        const ThreadStates s = r.finish(*r.fullAt());
        QCOMPARE(s.tasks.size(), size_t(1));
        QCOMPARE(s.tasks[0].intervals.back().end, ns(20));
        QCOMPARE(s.wakeups.size(), size_t(1));
    }

    void runQueueCountsFollowTheTracks() {
        // cpu0: A runs 0-10 while B waits 5-10 (2), B runs 10-20 (1), idle after; B's throttled
        // stretch 20-30 on cpu0 does not count, as the kernel's nr_running does not.
        ThreadStates s;
        s.tasks.push_back(
            {TaskId(0),
             "A",
             CgroupId(0),
             {{ns(0), ns(10), ThreadState::Running, 0}, {ns(10), ns(40), ThreadState::Sleeping, -1}}});
        s.tasks.push_back({TaskId(1),
                           "B",
                           CgroupId(0),
                           {{ns(5), ns(10), ThreadState::Runnable, 0},
                            {ns(10), ns(20), ThreadState::Running, 0},
                            {ns(20), ns(30), ThreadState::Throttled, 0},
                            {ns(30), ns(35), ThreadState::Running, 1}}});
        s.end = ns(40);
        const auto counts = runQueueCounts(s, 2);
        QCOMPARE(counts.size(), size_t(2));
        std::vector<std::pair<int64_t, uint32_t>> cpu0, cpu1;
        for (const CounterStep& c : counts[0])
            cpu0.emplace_back(c.time.count(), c.value);
        for (const CounterStep& c : counts[1])
            cpu1.emplace_back(c.time.count(), c.value);
        QCOMPARE(cpu0, (std::vector<std::pair<int64_t, uint32_t>>{{0, 1}, {5, 2}, {10, 1}, {20, 0}}));
        QCOMPARE(cpu1, (std::vector<std::pair<int64_t, uint32_t>>{{0, 0}, {30, 1}, {35, 0}}));
    }

    void aSleepThatLastsToTheEndIsNotYetWoken() {
        // 1 runs 0-10 and sleeps to the end (50): nothing woke it, and nothing was lost.
        ThreadStateRecorder r;
        r.wakeup(wake(0, 1, std::nullopt, 0, WakeSource::Timer));
        r.contextSwitch(sw(0, 0, std::nullopt, 1));
        r.slice(run(1, 0, 0, 10));
        r.contextSwitch(sw(10, 0, 1, std::nullopt, TaskState::Sleeping));
        const ThreadStates s = r.finish(ns(50));
        const WakeupChain c = wakeupChain(s, TaskId(1), ns(30), 10);
        QCOMPARE(c.hops.size(), size_t(1));
        QCOMPARE(c.hops[0].end, HopEnd::NotYet);
        QCOMPARE(hopEndName(c.hops[0].end), std::string_view("not_yet"));
    }

    // ---- a simulation ----------------------------------------------------------------------------

    void aSimulationsTracksAddUpToItsSummary() {
        for (const char* name : {"default", "cpu-max", "psi-clock-pipe"}) {
            LoadResult l = loadScenario(std::string("builtin:") + name);
            QVERIFY(l.ok());
            l.spec->duration = SimTime::ms(200);
            const auto [states, engine] = runWithStates(std::move(*l.spec));
            QVERIFY(engine);
            const RunSummary summary = summarize(*engine);
            int throttled = 0;
            for (const TaskSummary& t : summary.tasks) {
                const TaskTrack* track = states.find(TaskId(t.id));
                if (!track) { // not started yet: nothing happened to it
                    QCOMPARE(t.runtime.count(), int64_t(0));
                    continue;
                }
                QVERIFY2(!track->intervals.empty(), name);
                int64_t running = 0;
                SimTime last = track->intervals.front().start;
                for (const StateInterval& i : track->intervals) {
                    QVERIFY2(i.start >= last && i.end > i.start, name);
                    last = i.end;
                    running += i.state == ThreadState::Running ? (i.end - i.start).count() : 0;
                    throttled += i.state == ThreadState::Throttled;
                }
                QCOMPARE(running, t.runtime.count());
            }
            if (std::string(name) == "cpu-max")
                QVERIFY(throttled > 0);
        }
    }

    // What the model knows and a recording cannot: the rule behind every preemption, who took
    // the CPU, and the pass that moved a task, on a hop of the chain.
    void aSimulationNamesItsPreemptionRules_data() {
        QTest::addColumn<QString>("model");
        QTest::addColumn<QString>("sleeper");
        QTest::addColumn<int>("rule");
        // Two hogs share one CPU: CFS takes the CPU at the tick (ideal runtime), EEVDF when the
        // slice is used up (the virtual deadline passes).
        QTest::newRow("v4.11 hogs") << QStringLiteral("v4.11") << QString() << int(PreemptRule::Tick);
        QTest::newRow("v6.12 hogs") << QStringLiteral("v6.12") << QString() << int(PreemptRule::Deadline);
        // A fair sleeper woken every 3 ms preempts a hog at once (its vruntime is far behind);
        // an RT one preempts by its class.
        QTest::newRow("v4.11 fair sleeper")
            << QStringLiteral("v4.11") << QStringLiteral("other") << int(PreemptRule::Wakeup);
        QTest::newRow("v6.12 rt sleeper")
            << QStringLiteral("v6.12") << QStringLiteral("fifo") << int(PreemptRule::RtPriority);
    }
    void aSimulationNamesItsPreemptionRules() {
        QFETCH(QString, model);
        QFETCH(QString, sleeper);
        QFETCH(int, rule);
        using nlohmann::json;
        const json hogTask = {{"name", "hog"}, {"program", json::array({{{"run", "1s"}}})}};
        json tasks = json::array({hogTask, hogTask});
        tasks[1]["name"] = "hog2";
        if (!sleeper.isEmpty()) {
            json loop = {{"loop", -1}, {"do", json::array({{{"sleep", "3ms"}}, {{"run", "100us"}}})}};
            tasks[1] = {
                {"name", "sleeper"}, {"policy", sleeper.toStdString()}, {"program", json::array({loop})}};
            if (sleeper == QLatin1String("fifo"))
                tasks[1]["rt_priority"] = 10;
        }
        const json scenario = {
            {"format", 1},
            {"name", "preempt"},
            {"duration", "100ms"},
            {"kernel", {{"model", model.toStdString()}}},
            {"topology",
             {{"sockets", 1}, {"cores_per_socket", 1}, {"threads_per_core", 1}, {"numa_nodes", 1}}},
            {"tasks", tasks}};
        const std::string text = scenario.dump();
        LoadResult l = loadScenarioText(text, "preempt.json");
        QVERIFY2(l.ok(), l.errors.empty() ? "" : l.errors[0].c_str());
        const auto [states, engine] = runWithStates(std::move(*l.spec));
        QVERIFY(engine);
        QVERIFY(!states.preemptions.empty());
        std::array<int, kPreemptRuleCount> byRule{};
        for (const PreemptionRecord& p : states.preemptions) {
            QVERIFY(p.rule != PreemptRule::Unknown && p.rule != PreemptRule::None);
            ++byRule[static_cast<size_t>(p.rule)];
        }
        QString counts;
        for (size_t k = 0; k < kPreemptRuleCount; ++k)
            if (byRule[k])
                counts += QStringLiteral(" %1: %2")
                              .arg(QString::fromLatin1(preemptRuleName(PreemptRule(k))))
                              .arg(byRule[k]);
        QVERIFY2(byRule[static_cast<size_t>(rule)] * 2 > int(states.preemptions.size()), qPrintable(counts));
        // The first hog's chain at a preempted wait names the task that took its CPU and why.
        const TaskTrack* hog = states.find(TaskId(0));
        QVERIFY(hog);
        const auto waits =
            std::find_if(hog->intervals.begin(), hog->intervals.end(),
                         [](const StateInterval& i) { return i.state == ThreadState::Preempted; });
        QVERIFY(waits != hog->intervals.end());
        const WakeupChain c = wakeupChain(states, hog->id, waits->start, 4);
        QCOMPARE(c.hops.size(), size_t(1));
        QCOMPARE(c.hops[0].end, HopEnd::Preempted);
        QVERIFY(c.hops[0].rule != PreemptRule::None && c.hops[0].rule != PreemptRule::Unknown);
        QVERIFY(c.hops[0].preemptedBy.has_value());
        QVERIFY(*c.hops[0].preemptedBy != hog->id);
    }

    // The model's counters sampled every 1 ms: present where they should be, within their
    // ranges, and sampling them changes nothing in the run.
    void countersSampledFromTheModel() {
        LoadResult l = loadScenario("builtin:cpu-max");
        QVERIFY(l.ok());
        l.spec->duration = SimTime::ms(2200); // past the first pressure average (2 s)
        auto spec = std::make_shared<const ScenarioSpec>(std::move(*l.spec));
        Engine plain(spec);
        while (plain.step()) {
        }
        Engine sampled(spec);
        SchedCounterSampler sampler;
        for (SimTime t = SimTime::ms(1); !sampled.finished(); t = t + SimTime::ms(1)) {
            while (!sampled.advanceUntil(t, 1 << 20) && !sampled.finished()) {
            }
            sampler.sample(sampled);
        }
        QCOMPARE(toJson(summarize(sampled), false), toJson(summarize(plain), false));

        const std::vector<CounterTrack> tracks = sampler.tracks();
        auto find = [&](CounterOwner o, const char* name) {
            std::vector<const CounterTrack*> out;
            for (const CounterTrack& c : tracks)
                if (c.owner == o && c.name == name)
                    out.push_back(&c);
            return out;
        };
        QCOMPARE(find(CounterOwner::Cpu, "util_avg").size(), size_t(sampled.machine().nrCpus()));
        for (const CounterTrack* c : find(CounterOwner::Cpu, "util_avg")) {
            QVERIFY(c->points.size() > 10);
            for (const auto& p : c->points)
                QVERIFY(p.value >= 0 && p.value <= 1024);
            for (size_t i = 1; i < c->points.size(); ++i) // change points only, in time order
                QVERIFY(c->points[i].time > c->points[i - 1].time &&
                        c->points[i].value != c->points[i - 1].value);
        }
        // Every fair task has its vruntime; cpu-max runs a v6 model or v4.11: lag and deadline
        // under EEVDF, min_vruntime under CFS.
        QVERIFY(!find(CounterOwner::Task, "vruntime").empty());
        const bool eevdf = kernelModelInfo(spec->kernel.model).eevdf;
        QCOMPARE(find(CounterOwner::Task, "lag").empty(), !eevdf);
        QCOMPARE(find(CounterOwner::Task, "min_vruntime").empty(), eevdf);
        // The capped group: its pool's runtime left, its throttled CPUs (it is throttled at
        // times: more demand than quota), and its pressure (avg10) within 0-100 %.
        const auto left = find(CounterOwner::Cgroup, "runtime_left");
        QVERIFY(!left.empty());
        double throttledMax = 0;
        for (const CounterTrack* c : find(CounterOwner::Cgroup, "throttled_cpus"))
            for (const auto& p : c->points)
                throttledMax = std::max(throttledMax, p.value);
        QVERIFY(throttledMax >= 1);
        double psiMax = 0;
        for (const CounterTrack* c : find(CounterOwner::Cgroup, "psi_cpu_some_avg10"))
            for (const auto& p : c->points) {
                QVERIFY2(p.value >= 0 && p.value <= 100.0 + 1e-9, qPrintable(QString::number(p.value)));
                psiMax = std::max(psiMax, p.value);
            }
        QVERIFY(psiMax > 0);

        // The CSV: a header, nr_running rows and the model's.
        ThreadStates states;
        states.counters = tracks;
        states.nrRunning = {{{SimTime::ns(0), 1}}};
        const std::string csv = toCountersCsv(states, {}, {4}, {"/", "/a"});
        QVERIFY(csv.rfind("owner,id,label,counter,unit,time_ns,value\ncpu,4,cpu4,nr_running,,0,1\n", 0) == 0);
        QVERIFY(csv.find(",util_avg,,") != std::string::npos);
        QVERIFY(csv.find("cgroup,") != std::string::npos);
    }

    // A recording's preemptions say whom but not why; its migrations' reasons are inferred.
    void aRecordingsPreemptionsHaveNoRule() {
        ThreadStateRecorder r = ThreadStateRecorder::forRecording();
        r.taskCreated(TaskId(1), "a", CgroupId(0), SchedPolicy::Other, 0);
        r.taskCreated(TaskId(2), "b", CgroupId(0), SchedPolicy::Other, 0);
        r.contextSwitch(sw(0, 0, std::nullopt, 1u));
        r.slice(run(1, 0, 0, 100));
        r.contextSwitch(sw(100, 0, 1u, 2u, TaskState::Runnable)); // from a recording: rule Unknown
        r.slice(run(2, 0, 100, 200));
        r.migration({ns(150), TaskId(1), 0, 1, MigrationReason::Periodic, 0});
        r.contextSwitch(sw(200, 1, std::nullopt, 1u));
        r.slice(run(1, 1, 200, 300));
        const ThreadStates s = r.finish(ns(300));
        QCOMPARE(s.preemptions.size(), size_t(1));
        QCOMPARE(s.preemptions[0].rule, PreemptRule::Unknown);
        const WakeupChain c = wakeupChain(s, TaskId(1), ns(120), 4);
        QCOMPARE(c.hops.size(), size_t(1));
        QCOMPARE(c.hops[0].preemptedBy, std::optional<TaskId>(TaskId(2)));
        QCOMPARE(c.hops[0].rule, PreemptRule::Unknown);
        QCOMPARE(c.hops[0].moves.size(), size_t(1));
        QCOMPARE(c.hops[0].moves[0].to, 1u);
        QVERIFY(s.recording); // its reasons are inferred, which the views say
        QCOMPARE(preemptRuleName(PreemptRule::Deadline), std::string_view("deadline"));
    }

    // Who held the CPU while a woken task waited for it, and how each of their runs ended.
    void aWaitNamesWhoHeldTheCpu() {
        // 1 sleeps from 10 and is woken at 40 on cpu0, where 2 runs from 10; the tick preempts 2
        // for 3 at 60; 3 sleeps at 90 and 1 runs from 90. 4 on cpu1 meanwhile is not a holder.
        ThreadStateRecorder r;
        for (uint32_t t : {1u, 2u, 3u, 4u})
            r.taskCreated(TaskId(t), "t", CgroupId(0), SchedPolicy::Other, 0);
        r.wakeup(wake(0, 1, std::nullopt, 0, WakeSource::Fork));
        r.contextSwitch(sw(0, 0, std::nullopt, 1u));
        r.slice(run(1, 0, 0, 10));
        SwitchRecord out = sw(10, 0, 1u, 2u, TaskState::Sleeping);
        r.contextSwitch(out);
        r.slice(run(2, 0, 10, 60));
        r.contextSwitch(sw(0, 1, std::nullopt, 4u));
        r.slice(run(4, 1, 0, 120));
        r.wakeup(wake(40, 1, std::nullopt, 0, WakeSource::Interrupt));
        SwitchRecord tick = sw(60, 0, 2u, 3u, TaskState::Runnable);
        tick.rule = PreemptRule::Tick;
        r.contextSwitch(tick);
        r.slice(run(3, 0, 60, 90));
        r.contextSwitch(sw(90, 0, 3u, 1u, TaskState::Sleeping));
        r.slice(run(1, 0, 90, 120));
        const ThreadStates s = r.finish(ns(120));
        const WakeupChain c = wakeupChain(s, TaskId(1), ns(50), 4);
        QVERIFY(c.error.empty());
        QCOMPARE(c.hops.size(), size_t(1));
        QCOMPARE(c.hops[0].runnable, ns(50));
        const std::vector<CpuHolder>& h = c.hops[0].holders;
        QCOMPARE(h.size(), size_t(2));
        QCOMPARE(h[0].task, TaskId(2));
        QCOMPARE(h[0].from, ns(40));
        QCOMPARE(h[0].to, ns(60));
        QCOMPARE(h[0].then, ThreadState::Preempted);
        QCOMPARE(h[0].rule, PreemptRule::Tick);
        QCOMPARE(h[0].preemptedBy, std::optional<TaskId>(TaskId(3)));
        QCOMPARE(h[1].task, TaskId(3));
        QCOMPARE(h[1].from, ns(60));
        QCOMPARE(h[1].to, ns(90));
        QCOMPARE(h[1].then, ThreadState::Sleeping);
        // A sleep has no holders: 1 asleep from 10 to 40 is not waiting for the CPU.
        for (const CpuHolder& x : h)
            QVERIFY(x.task != TaskId(4));
    }
};

QTEST_GUILESS_MAIN(TestThreadStates)
#include "tst_threadstates.moc"
