// File > Save session as scenario, end to end: live actions given through the GUI controller
// (toggles, moves, weight changes, kills) at different simulated times are saved as timeline
// entries, and the saved file, loaded and run headless to the same time, gives the identical
// counters and accounting.
#include "scenario/loader.h"
#include "sim/engine.h"
#include "window/mainwindow.h"

#include <QSignalSpy>
#include <QStandardPaths>
#include <QtTest>

using namespace ui;

namespace {

bool runTo(MainWindow& w, core::SimTime t) {
    w.session().controller().runTo(t);
    return QTest::qWaitFor([&] { return w.session().history().now() >= t.count(); }, 30000);
}

/// Applies a command and waits for the engine to confirm it.
bool command(MainWindow& w, const std::function<void(SimulationController&)>& f) {
    QSignalSpy done(&w.session().controller(), &SimulationController::commandDone);
    f(w.session().controller());
    return done.wait(10000) && done.first().at(0).toBool();
}

} // namespace

class TestSaveSession : public QObject {
    Q_OBJECT
private slots:
    void initTestCase() { QStandardPaths::setTestModeEnabled(true); }

    void savedSessionReplaysIdentically() {
        MainWindow w;
        QVERIFY(w.documents().openScenario(QStringLiteral("builtin:default")));
        QVERIFY(runTo(w, core::SimTime::ms(120)));
        QVERIFY(command(
            w, [](SimulationController& c) { c.setOptimization(core::Optimization::PsiClockOnce, false); }));
        QVERIFY(
            command(w, [](SimulationController& c) { c.setCgroupWeight(QStringLiteral("/batch"), 400); }));
        w.session().controller().stepEvent();
        QVERIFY(QTest::qWaitFor([&] { return w.session().history().latest().counters.events > 0; }, 5000));
        QVERIFY(runTo(w, core::SimTime::ms(333)));
        core::TaskId someTask;
        for (const core::TaskInfo& t : w.session().history().latest().tasks)
            if (t.name.rfind("cc#", 0) == 0)
                someTask = t.id;
        QVERIFY(someTask.valid());
        QVERIFY(command(
            w, [&](SimulationController& c) { c.moveTask(someTask, QStringLiteral("/system.slice")); }));
        QVERIFY(runTo(w, core::SimTime::ms(600)));
        QVERIFY(command(w, [](SimulationController& c) { c.killTasks(QStringLiteral("cc#3")); }));
        QVERIFY(command(w, [](SimulationController& c) {
            c.setOptimization(core::Optimization::PreferSiblingLocal, false);
        }));
        const core::SimTime end = core::SimTime::ms(900);
        QVERIFY(runTo(w, end));
        QTest::qWait(50);
        QCOMPARE(w.session().history().commands().size(), size_t(5));

        const core::SessionSave saved = w.session().savedScenario();
        QVERIFY2(saved.ok(), saved.error.c_str());
        core::LoadResult r = core::loadScenarioText(saved.text, "saved-session.json");
        QVERIFY2(r.ok(), r.errors.empty() ? "" : r.errors.front().c_str());
        core::Engine replay(std::make_shared<const core::ScenarioSpec>(std::move(*r.spec)));
        replay.runUntil(end);

        const core::Snapshot& live = w.session().history().latest();
        QCOMPARE(live.time, replay.now());
        const core::Counters& a = live.counters;
        const core::Counters& b = replay.counters();
        // The replay has one more event per timeline entry (the entry itself).
        QCOMPARE(a.events + 5, b.events);
        QCOMPARE(a.contextSwitches, b.contextSwitches);
        QCOMPARE(a.migrations, b.migrations);
        QCOMPARE(a.wakeups, b.wakeups);
        QCOMPARE(a.exits, b.exits);
        QCOMPARE(a.cpuClockReads, b.cpuClockReads);
        QCOMPARE(a.schedMoveTaskCalls, b.schedMoveTaskCalls);
        QCOMPARE(a.balanceAttempts, b.balanceAttempts);
        QCOMPARE(a.overheadByOp, b.overheadByOp);
        QCOMPARE(live.optimizations, replay.optimizations());
        QCOMPARE(live.cgroups.size(), replay.cgroups().all().size());
        for (const core::CgroupState& g : live.cgroups) {
            QCOMPARE(g.usage, replay.cpuacct().usage(g.id));
            QCOMPARE(g.weight, replay.cgroups().at(g.id).weight);
        }
    }
};

QTEST_MAIN(TestSaveSession)
#include "tst_savesession.moc"
