// The A/B comparison: two engines in lockstep whose delta table matches two separate CLI runs
// of the same scenario (all optimizations off, all on), and whose toggles act on one side only.
#include "compare/comparedeltamodel.h"
#include "compare/compareside.h"
#include "compare/comparewindow.h"
#include "controller/traceloader.h"
#include "export/exportregistry.h"
#include "report/snapshot.h"
#include "report/summary.h"
#include "scenario/loader.h"
#include "scenario/modelselection.h"
#include "window/language.h"
#include "window/mainwindow.h"

#include <QAbstractItemModelTester>
#include <QCheckBox>
#include <QComboBox>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QLabel>
#include <QProcess>
#include <QStandardPaths>
#include <QStatusBar>
#include <QTemporaryDir>
#include <QToolBar>
#include <QtTest>
#include <qcustomplot.h>

using namespace ui;

namespace {

QJsonObject cliRun(const QString& scenario, const QString& opts) {
    QProcess p;
    p.start(QStringLiteral(SCHEDSCOPE_CLI),
            {QStringLiteral("run"), scenario, QStringLiteral("--opt"), opts, QStringLiteral("--format"),
             QStringLiteral("json"), QStringLiteral("--no-wall-time")});
    if (!p.waitForFinished(120000) || p.exitCode() != 0)
        return {};
    return QJsonDocument::fromJson(p.readAllStandardOutput()).object();
}

std::unique_ptr<CompareWindow> compareOf(const QString& scenario) {
    core::LoadResult r = core::loadScenario(scenario.toStdString());
    if (!r.ok())
        return nullptr;
    auto w = std::make_unique<CompareWindow>(*r.spec, r.text);
    w->setAttribute(Qt::WA_DeleteOnClose, false);
    return w;
}

} // namespace

class TestCompare : public QObject {
    Q_OBJECT
private slots:
    void initTestCase() { QStandardPaths::setTestModeEnabled(true); }

    void changesReadAsAPersonReadsThem() {
        // Values in, text out: the model needs two snapshots, not two runs.
        core::Snapshot a, b;
        a.counters.migrations = 2; // a small count: the percentage and the difference
        b.counters.migrations = 9;
        a.counters.forks = 3; // the issue's case: A=3, B=0 read "-3", which said neither
        b.counters.forks = 0;
        b.counters.exits = 2;                                             // nothing in A
        a.counters.contextSwitches = b.counters.contextSwitches = 123456; // equal: "0.0%", never "-0.0%"
        a.counters.wakeups = 100000;
        b.counters.wakeups = 99999; // -0.001%: rounds to nothing
        a.channels = {{"pipe", 1000}};
        b.channels = {{"pipe", 1500}}; // throughput: higher is better
        a.counters.overheadByOp[0] = core::SimTime::us(400);
        b.counters.overheadByOp[0] = core::SimTime::us(200); // overhead: lower is better
        CompareDeltaModel m;
        m.update(a, b);
        auto change = [&](const QString& name) {
            const int row = m.rowOf(name);
            return row < 0 ? QStringLiteral("(no row %1)").arg(name)
                           : m.index(row, CompareDeltaModel::Change).data().toString();
        };
        auto colour = [&](const QString& name) {
            return m.index(m.rowOf(name), CompareDeltaModel::Change).data(Qt::ForegroundRole);
        };
        QCOMPARE(change(QStringLiteral("migrations")), QStringLiteral("+350.0% (+7)"));
        QCOMPARE(change(QStringLiteral("forks")), QStringLiteral("-100.0% (-3)"));
        QCOMPARE(change(QStringLiteral("exits")), QStringLiteral("new in B (+2)"));
        QCOMPARE(change(QStringLiteral("context switches")), QStringLiteral("0.0%"));
        QCOMPARE(change(QStringLiteral("wakeups")), QStringLiteral("0.0%"));
        QCOMPARE(change(QStringLiteral("messages pipe")), QStringLiteral("+50.0%"));
        // Coloured only where a direction is known: green for better, red for worse.
        QVERIFY(!colour(QStringLiteral("migrations")).isValid());
        const int pipe = m.rowOf(QStringLiteral("messages pipe"));
        QCOMPARE(m.verdict(pipe), 1);
        QVERIFY(colour(QStringLiteral("messages pipe")).isValid());
        int overheadRow = -1;
        for (int r = 0; r < m.rowCount(); ++r)
            if (m.valueA(r) == 400000.0 && m.valueB(r) == 200000.0)
                overheadRow = r;
        QVERIFY(overheadRow >= 0);
        QCOMPARE(m.verdict(overheadRow), 1);
        b.channels = {{"pipe", 900}};
        m.update(a, b);
        QCOMPARE(m.verdict(pipe), -1);
    }

    void fitsA1280ScreenWithEqualSides_data() {
        QTest::addColumn<QString>("lang");
        QTest::addColumn<QString>("model");
        for (const char* lang : {"en", "de"})
            for (const char* model : {"v4.11", "v6.12"})
                QTest::newRow(
                    qPrintable(QStringLiteral("%1 %2").arg(QLatin1String(lang), QLatin1String(model))))
                    << QString::fromLatin1(lang) << QString::fromLatin1(model);
    }
    void fitsA1280ScreenWithEqualSides() {
        // It needed 1377 px on v6.12 (the header naming every switch), and the two timelines had
        // different widths, so one time was at two x positions.
        QFETCH(QString, lang);
        QFETCH(QString, model);
        installTranslators(*QCoreApplication::instance(), lang);
        {
            core::LoadResult r = core::loadScenario("builtin:default");
            QVERIFY(r.ok());
            core::ModelLoad m = core::loadScenarioForModel(r.text, "builtin:default",
                                                           *core::kernelModelFromName(model.toStdString()));
            QVERIFY(m.result.ok());
            CompareWindow w(*m.result.spec, m.result.text);
            w.setAttribute(Qt::WA_DeleteOnClose, false);
            w.resize(1280, 720);
            w.show();
            QVERIFY(QTest::qWaitForWindowExposed(&w));
            // One switch toggled makes the longest header ("on: a, b, c, d").
            w.sideA()->optimizationBox(core::Optimization::PsiDirectIteration)->click();
            QTest::qWait(50);
            QVERIFY2(w.minimumSizeHint().width() <= 1280,
                     qPrintable(QString::number(w.minimumSizeHint().width())));
            QVERIFY(w.width() <= 1280);
            for (int width : {1280, 1024}) {
                w.resize(width, 640);
                QTest::qWait(50);
                QVERIFY2(
                    std::abs(w.sideA()->width() - w.sideB()->width()) <= 1,
                    qPrintable(
                        QStringLiteral("A %1 px, B %2 px").arg(w.sideA()->width()).arg(w.sideB()->width())));
                // Every legend entry whole ("a colour per task (real tra" was cut).
                for (CompareSide* side : {w.sideA(), w.sideB()})
                    for (QCustomPlot* plot : side->findChildren<QCustomPlot*>()) {
                        plot->replot();
                        for (int i = 0;
                             plot->legend && plot->legend->visible() && i < plot->legend->itemCount(); ++i)
                            if (QCPAbstractLegendItem* item =
                                    plot->legend->item(i)) // a wrapped grid has empty cells
                                QVERIFY2(item->outerRect().right() <= plot->width(),
                                         qPrintable(QStringLiteral("%1 px wide").arg(width)));
                    }
            }
        }
        installTranslators(*QCoreApplication::instance(), QStringLiteral("en"));
    }

    void deltaMatchesTwoCliRuns() {
        const QString scenario = QStringLiteral("builtin:default");
        auto w = compareOf(scenario);
        QVERIFY(w);
        QAbstractItemModelTester tester(w->delta(), QAbstractItemModelTester::FailureReportingMode::QtTest);
        w->show();
        // Default sides: A all off, B all on.
        for (const core::OptimizationInfo& i : core::optimizationCatalog()) {
            QVERIFY(!w->sideA()->optimizationBox(i.id)->isChecked());
            QVERIFY(w->sideB()->optimizationBox(i.id)->isChecked());
        }
        const core::SimTime end = w->sideA()->session().spec()->duration;
        w->runTo(end);
        QVERIFY(QTest::qWaitFor([&] { return w->commonTime() == end.count() && w->deltaShows(end.count()); },
                                120000));
        QVERIFY(w->delta()->rowCount() > 20);

        const QJsonObject off = cliRun(scenario, QStringLiteral("all=off"));
        const QJsonObject on = cliRun(scenario, QStringLiteral("all=on"));
        QVERIFY(!off.isEmpty() && !on.isEmpty());
        auto expect = [&](const QString& row, double a, double b) {
            const int i = w->delta()->rowOf(row);
            QVERIFY2(i >= 0, qPrintable(row));
            QCOMPARE(w->delta()->valueA(i), a);
            QCOMPARE(w->delta()->valueB(i), b);
            if (a != 0)
                QCOMPARE(w->delta()->relativeChange(i), (b - a) / a);
        };
        const QJsonObject ca = off[QStringLiteral("counters")].toObject(),
                          cb = on[QStringLiteral("counters")].toObject();
        for (const auto& [row, key] : std::initializer_list<std::pair<const char*, const char*>>{
                 {"context switches", "context_switches"},
                 {"migrations", "migrations"},
                 {"wakeups", "wakeups"},
                 {"cpu clock reads", "cpu_clock_reads"},
                 {"psi group updates", "psi_group_updates"},
                 {"balance attempts", "balance_attempts"},
                 {"sched_move_task calls", "sched_move_task_calls"}})
            expect(QString::fromLatin1(row), ca[QLatin1String(key)].toDouble(),
                   cb[QLatin1String(key)].toDouble());
        // The change is visible: the default scenario toggles measurable mechanisms.
        QVERIFY(ca[QStringLiteral("cpu_clock_reads")].toDouble() !=
                cb[QStringLiteral("cpu_clock_reads")].toDouble());

        const QJsonArray ga = off[QStringLiteral("cgroups")].toArray(),
                         gb = on[QStringLiteral("cgroups")].toArray();
        QCOMPARE(ga.size(), gb.size());
        for (qsizetype i = 0; i < ga.size(); ++i) {
            const QString path = ga[i][QStringLiteral("path")].toString();
            QCOMPARE(gb[i][QStringLiteral("path")].toString(), path);
            expect(QStringLiteral("cpuacct usage %1").arg(path),
                   ga[i][QStringLiteral("cpuacct_usage_ns")].toDouble(),
                   gb[i][QStringLiteral("cpuacct_usage_ns")].toDouble());
            expect(QStringLiteral("PSI io some avg10 %1").arg(path),
                   ga[i][QStringLiteral("psi")][QStringLiteral("io")][QStringLiteral("some")]
                     [QStringLiteral("avg10")]
                         .toDouble(),
                   gb[i][QStringLiteral("psi")][QStringLiteral("io")][QStringLiteral("some")]
                     [QStringLiteral("avg10")]
                         .toDouble());
        }
        const QJsonArray cha = off[QStringLiteral("channels")].toArray(),
                         chb = on[QStringLiteral("channels")].toArray();
        QVERIFY(!cha.isEmpty());
        for (qsizetype i = 0; i < cha.size(); ++i)
            expect(QStringLiteral("messages %1").arg(cha[i][QStringLiteral("name")].toString()),
                   cha[i][QStringLiteral("transfers")].toDouble(),
                   chb[i][QStringLiteral("transfers")].toDouble());

        // The comparison exports too: both timelines and the delta table.
        QTemporaryDir dir;
        const ExportReport report =
            w->exports()->exportAll(dir.path(), {ExportFormat::Png, ExportFormat::Csv}, QSize(800, 500), 96);
        QVERIFY2(report.errors.isEmpty(), qPrintable(report.errors.join(QLatin1Char('\n'))));
        for (const char* f : {"occupancy-a.png", "occupancy-b.png", "compare-delta.csv"})
            QVERIFY2(QFile::exists(dir.filePath(QLatin1String(f))), f);
    }

    void twoKernelModelsSideBySide() {
        // A on v4.11, B on v6.12, the same scenario and seed, all optimizations on: the delta
        // table equals two CLI runs with --model.
        const QString scenario = QStringLiteral("builtin:default");
        auto w = compareOf(scenario);
        QVERIFY(w);
        w->show();
        for (CompareSide* side : {w->sideA(), w->sideB()})
            for (const core::OptimizationInfo& i : core::optimizationCatalog())
                side->optimizationBox(i.id)->setChecked(true);
        QComboBox* model = w->sideB()->modelBox();
        model->setCurrentIndex(model->findData(int(core::KernelModel::V6_12)));
        emit model->activated(model->currentIndex()); // as a user's choice: the comparison restarts
        QCOMPARE(w->sideB()->session().spec()->kernel.model, core::KernelModel::V6_12);
        QCOMPARE(w->sideA()->session().spec()->kernel.model, core::KernelModel::V4_11);
        // What v6.12 fixes is greyed out with the reason, and shows the fixed value.
        QCheckBox* clock = w->sideB()->optimizationBox(core::Optimization::PsiClockOnce);
        QVERIFY(!clock->isEnabled());
        QVERIFY(!clock->isChecked());
        QVERIFY2(clock->toolTip().contains(QStringLiteral("v6.12")), qPrintable(clock->toolTip()));
        QVERIFY(w->sideB()->optimizationBox(core::Optimization::AutogroupMoveSkip)->isEnabled());
        QVERIFY(w->sideA()->optimizationBox(core::Optimization::PsiClockOnce)->isEnabled());
        // The model change restarted B only; a reset starts both from 0 with their choices as
        // options, as the CLI runs them (A's boxes were ticked live until now).
        for (QAction* a : w->findChild<QToolBar*>(QStringLiteral("compareToolBar"))->actions())
            if (a->text() == QStringLiteral("R&eset"))
                a->trigger();
        QCOMPARE(w->sideB()->session().spec()->kernel.model, core::KernelModel::V6_12);

        const core::SimTime end = core::SimTime::ms(400);
        w->runTo(end);
        QVERIFY(QTest::qWaitFor([&] { return w->commonTime() == end.count() && w->deltaShows(end.count()); },
                                120000));
        auto cli = [&](const char* m) {
            QProcess p;
            p.start(QStringLiteral(SCHEDSCOPE_CLI),
                    {QStringLiteral("run"), scenario, QStringLiteral("--model"), QLatin1String(m),
                     QStringLiteral("--for"), QStringLiteral("400ms"), QStringLiteral("--format"),
                     QStringLiteral("json"), QStringLiteral("--no-wall-time")});
            p.waitForFinished(120000);
            return QJsonDocument::fromJson(p.readAllStandardOutput())
                .object()[QStringLiteral("counters")]
                .toObject();
        };
        const QJsonObject a = cli("v4.11"), b = cli("v6.12");
        QVERIFY(!a.isEmpty() && !b.isEmpty());
        for (const auto& [row, key] : std::initializer_list<std::pair<const char*, const char*>>{
                 {"context switches", "context_switches"},
                 {"wakeup preemptions", "wakeup_preemptions"},
                 {"migrations", "migrations"},
                 {"cpu clock reads", "cpu_clock_reads"}}) {
            const int i = w->delta()->rowOf(QString::fromLatin1(row));
            QVERIFY2(i >= 0, row);
            QCOMPARE(w->delta()->valueA(i), a[QLatin1String(key)].toDouble());
            QCOMPARE(w->delta()->valueB(i), b[QLatin1String(key)].toDouble());
        }
        QVERIFY(a[QStringLiteral("wakeup_preemptions")].toDouble() !=
                b[QStringLiteral("wakeup_preemptions")].toDouble());
        // A reset keeps each side's model.
        for (QAction* a : w->findChild<QToolBar*>(QStringLiteral("compareToolBar"))->actions())
            if (a->text() == QStringLiteral("R&eset"))
                a->trigger();
        QCOMPARE(w->sideB()->session().spec()->kernel.model, core::KernelModel::V6_12);
    }

    void togglingOneSideLeavesTheOther() {
        auto w = compareOf(QStringLiteral("builtin:default"));
        QVERIFY(w);
        w->show();
        w->runTo(core::SimTime::ms(50));
        QVERIFY(QTest::qWaitFor([&] { return w->commonTime() == core::SimTime::ms(50).count(); }, 30000));
        const core::Optimization o = core::Optimization::PsiClockOnce;
        w->sideB()->optimizationBox(o)->setChecked(false);
        w->sideA()->optimizationBox(o)->setChecked(true);
        w->runTo(core::SimTime::ms(100));
        QVERIFY(QTest::qWaitFor([&] { return w->commonTime() == core::SimTime::ms(100).count(); }, 30000));
        QVERIFY(w->sideA()->session().history().latest().optimizations.test(o));
        QVERIFY(!w->sideB()->session().history().latest().optimizations.test(o));
        // The others stay as each side had them.
        QVERIFY(!w->sideA()->session().history().latest().optimizations.test(
            core::Optimization::PreferSiblingLocal));
        QVERIFY(w->sideB()->session().history().latest().optimizations.test(
            core::Optimization::PreferSiblingLocal));
        // Timelines move together.
        w->sideA()->session().view().setRange(10000000, 40000000, false);
        QCOMPARE(w->sideB()->session().view().rangeStart(), int64_t(10000000));
        QCOMPARE(w->sideB()->session().view().rangeEnd(), int64_t(40000000));
    }

    // A real run (a trace) on side A, the simulation on B, for the trace's length; the delta
    // compares B with the trace's state at the same time.
    void realRunAgainstItsSimulation() {
        auto w = compareOf(QStringLiteral("builtin:default"));
        QVERIFY(w);
        std::string error;
        auto trace = TraceLoader::load(SCHEDSCOPE_TEST_DATA "/traces/ftrace.txt", error);
        QVERIFY2(trace, error.c_str());
        const core::SimTime length = trace->summary.simTime;
        w->setReferenceTrace(trace);
        w->setStretch(CompareWindow::Stretch::SameTime); // the trace at B's time, not whole
        w->show();
        QCOMPARE(w->referenceTrace(), trace.get());
        // A 2-CPU recording against the default's 8 CPUs: said, not passed over.
        QCOMPARE(trace->summary.cpus.size(), size_t{2});
        QVERIFY2(w->mismatch().contains(QStringLiteral("2 CPU")), qPrintable(w->mismatch()));
        QVERIFY(w->sideA()->trace());
        QVERIFY(!w->sideB()->trace());
        QCOMPARE(w->duration(), length);
        // The real side has no model or switches to pick.
        QVERIFY(!w->sideA()->modelBox()->isVisible());
        QVERIFY(w->sideB()->modelBox()->isVisible());
        QVERIFY(!w->sideA()->optimizationBox(core::Optimization::PsiClockOnce)->isVisible());
        const core::SimTime half = length / 2;
        w->runTo(half);
        QVERIFY(QTest::qWaitFor([&] { return w->commonTime() == half.count(); }, 30000));
        // The delta follows at the next frame.
        const double bSwitches = double(w->sideB()->session().history().latest().counters.contextSwitches);
        int row = -1;
        QVERIFY(QTest::qWaitFor(
            [&] {
                row = w->delta()->rowOf(QStringLiteral("context switches"));
                return row >= 0 && w->delta()->valueB(row) == bSwitches;
            },
            10000));
        // A is the trace at that time: fewer switches than at its end, more than none.
        const double atHalf = w->delta()->valueA(row);
        QVERIFY(atHalf > 0);
        QVERIFY(atHalf < double(trace->summary.counters.contextSwitches));
        w->runTo(core::SimTime::s(3600)); // capped at the trace's length
        QVERIFY(QTest::qWaitFor([&] { return w->commonTime() == length.count(); }, 30000));
        // A reset keeps the trace on A.
        for (QAction* a : w->findChild<QToolBar*>(QStringLiteral("compareToolBar"))->actions())
            if (a->text() == QStringLiteral("R&eset"))
                a->trigger();
        QVERIFY(w->sideA()->trace());
    }

    void simulateThisRecording() {
        // File > Simulate This Recording on an open trace: A is the recording, B simulates the
        // scenario import-trace writes for it, with B's model and switches live.
        MainWindow mw;
        mw.setBatchMode(true);
        std::string error;
        auto trace = TraceLoader::load(SCHEDSCOPE_TEST_DATA "/traces/perf-sched.script", error);
        QVERIFY2(trace, error.c_str());
        mw.documents().showTrace(trace);
        QAction* simulate = nullptr;
        for (QAction* a : mw.findChildren<QAction*>())
            if (a->text() == QStringLiteral("&Simulate This Recording"))
                simulate = a;
        QVERIFY(simulate && simulate->isEnabled());
        simulate->trigger();
        CompareWindow* w = nullptr;
        QVERIFY(QTest::qWaitFor([&] { return (w = mw.findChild<CompareWindow*>()) != nullptr; }, 30000));
        QVERIFY(w->sideA()->trace());
        QVERIFY(!w->sideB()->trace());
        QVERIFY(w->mismatch().isEmpty()); // the scenario's machine is the trace's: 2 CPUs
        QVERIFY(w->sideB()->modelBox()->isVisible());
        // What the recording could not tell is in the status bar.
        bool notes = false;
        for (QLabel* l : w->findChildren<QLabel*>())
            notes |= l->text().contains(QStringLiteral("could not tell")) &&
                     l->toolTip().contains(QStringLiteral("tracer itself"));
        QVERIFY(notes);
        // A is filled as soon as the window opens (every A value read 0 until B ran), and what
        // a recording cannot know reads n/a, not 0.
        int switches = -1;
        QVERIFY(QTest::qWaitFor(
            [&] {
                switches = w->delta()->rowOf(QStringLiteral("context switches"));
                return switches >= 0 && w->delta()->valueA(switches) > 0;
            },
            10000));
        QCOMPARE(w->delta()->valueA(switches), double(trace->summary.counters.contextSwitches));
        for (const char* unknown : {"events", "ticks", "tick preemptions", "cpu clock reads"}) {
            const int row = w->delta()->rowOf(QLatin1String(unknown));
            QVERIFY2(row >= 0, unknown);
            QVERIFY(!w->delta()->known(row, CompareDeltaModel::A));
            QVERIFY(w->delta()->known(row, CompareDeltaModel::B));
            QCOMPARE(w->delta()->index(row, CompareDeltaModel::A).data().toString(), QStringLiteral("n/a"));
            QCOMPARE(w->delta()->index(row, CompareDeltaModel::Change).data().toString(),
                     QStringLiteral("n/a"));
            QCOMPARE(w->delta()->verdict(row), 0);
        }
        for (int r = 0; r < w->delta()->rowCount(); ++r)
            if (w->delta()->index(r, 0).data().toString().startsWith(QStringLiteral("overhead:")))
                QVERIFY(!w->delta()->known(r, CompareDeltaModel::A));
        const core::SimTime length = w->referenceTrace()->summary.simTime;
        w->runTo(length);
        QVERIFY(QTest::qWaitFor([&] { return w->commonTime() == length.count(); }, 30000));
        // B runs the recorded workload on the default model, v6.12.
        QCOMPARE(w->sideB()->model(), core::KernelModel::V6_12);
        QVERIFY(w->sideB()->session().history().latest().counters.contextSwitches > 0);
        // A model switched on B restarts it on that model. On v4.11 its switches are the
        // recording's order of magnitude; on v6.12 they are not yet (180 of 2145: a sender whose
        // messages no recorded wakeup pairs runs through them all, docs/record-replay.md).
        QComboBox* box = w->sideB()->modelBox();
        const int v411 = box->findData(int(core::KernelModel::V4_11));
        box->setCurrentIndex(v411);
        emit box->activated(v411);
        QVERIFY(QTest::qWaitFor([&] { return w->sideB()->model() == core::KernelModel::V4_11; }, 10000));
        w->runTo(length);
        QVERIFY(QTest::qWaitFor([&] { return w->commonTime() == length.count(); }, 30000));
        const double real = double(trace->summary.counters.contextSwitches);
        const double sim = double(w->sideB()->session().history().latest().counters.contextSwitches);
        QVERIFY2(sim > real / 4 && sim < real * 4, qPrintable(QStringLiteral("%1 vs %2").arg(sim).arg(real)));
        const int v612 = box->findData(int(core::KernelModel::V6_12));
        box->setCurrentIndex(v612);
        emit box->activated(v612);
        QVERIFY(QTest::qWaitFor([&] { return w->sideB()->model() == core::KernelModel::V6_12; }, 10000));
        // The delta lists the commands, the recording's "comm" beside the simulation's "comm-pid".
        w->runTo(length);
        // The table follows at the next frame: a fast machine finishes the run within one.
        QVERIFY(QTest::qWaitFor([&] { return w->deltaShows(length.count()); }, 30000));
        int commandRows = 0;
        for (int r = 0; r < w->delta()->rowCount(); ++r)
            if (w->delta()->index(r, 0).data().toString().startsWith(QStringLiteral("CPU time ")) &&
                w->delta()->valueA(r) > 0 && w->delta()->valueB(r) > 0)
                ++commandRows;
        QVERIFY2(commandRows >= 2, qPrintable(QString::number(commandRows)));
        // Matched by pid as `replay` matches them: no simulated "comm-pid" row beside the
        // recording's "comm" ("memfd:sealed" -100% and "memfd:sealed-91" new in B).
        QStringList commands;
        for (int r = 0; r < w->delta()->rowCount(); ++r)
            if (const QString name = w->delta()->index(r, 0).data().toString();
                name.startsWith(QStringLiteral("CPU time ")))
                commands << name;
        for (const QString& name : commands) {
            const qsizetype dash = name.lastIndexOf(QLatin1Char('-'));
            bool pid = false;
            name.mid(dash + 1).toLongLong(&pid);
            QVERIFY2(dash < 0 || !pid || !commands.contains(name.left(dash)), qPrintable(name));
        }
        // B's own costs and machine: files that do not load change nothing and say why; good
        // ones restart B with them (4 CPUs where the recording had 2).
        QTemporaryDir dir;
        auto write = [&](const QString& name, const QByteArray& text) {
            QFile f(dir.filePath(name));
            f.open(QIODevice::WriteOnly);
            f.write(text);
            return f.fileName();
        };
        const QString badCosts = write(QStringLiteral("bad.json"), R"({"format": 1, "costs": {"ipi": 3}})");
        QVERIFY(w->sideB()->setCostsFile(badCosts).contains(QStringLiteral("bad.json")));
        QVERIFY(w->sideB()
                    ->setHostFile(dir.filePath(QStringLiteral("missing.json")))
                    .contains(QStringLiteral("missing.json")));
        QVERIFY(w->sideB()
                    ->setCostsFile(
                        write(QStringLiteral("costs.json"), R"({"format": 1, "costs": {"ipi": "7us"}})"))
                    .isEmpty());
        QVERIFY(w->sideB()
                    ->setHostFile(
                        write(QStringLiteral("host.json"), R"({"format": 1, "name": "h", "duration": "1s",
            "topology": {"sockets": 1, "cores_per_socket": 2, "threads_per_core": 2}, "tasks": []})"))
                    .isEmpty());
        emit w->sideB()->modelChosen();
        QVERIFY(QTest::qWaitFor([&] { return w->sideB()->session().history().nrCpus() == 4; }, 10000));
        QCOMPARE(w->sideB()->session().spec()->kernel.costs.at(core::CostOp::Ipi).count(), 7000);
        QCOMPARE(w->sideB()->session().spec()->kernel.model, core::KernelModel::V6_12);
        QVERIFY(w->sideA()->trace()); // A is still the recording
        QVERIFY2(w->mismatch().contains(QStringLiteral("simulates 4")), qPrintable(w->mismatch()));
        w->sideB()->clearCostsAndHost();
        emit w->sideB()->modelChosen();
        QVERIFY(QTest::qWaitFor([&] { return w->sideB()->session().history().nrCpus() == 2; }, 10000));
        QVERIFY(w->mismatch().isEmpty());
        // Closed with the trace still open in the main window.
        QVERIFY(mw.session().trace());
    }

    void twoRecordingsAreComparedWhole() {
        // A 108.4 ms recording against a 109.1 ms one: the table stopped at the shorter's length
        // (B's figures short of its own totals) and showed what neither can know as 0.
        MainWindow mw;
        mw.setBatchMode(true);
        std::string error;
        auto a = TraceLoader::load(SCHEDSCOPE_TEST_DATA "/traces/perf-sched.script", error);
        QVERIFY2(a, error.c_str());
        auto b = TraceLoader::load(SCHEDSCOPE_TEST_DATA "/traces/ftrace.txt", error);
        QVERIFY2(b, error.c_str());
        QVERIFY(a->summary.simTime < b->summary.simTime);
        mw.documents().showTrace(a);
        CompareWindow* w = mw.documents().openRecordingsCompare(b);
        QVERIFY(w);
        QCOMPARE(w->stretch(), CompareWindow::Stretch::Whole);
        int row = -1;
        QVERIFY(QTest::qWaitFor(
            [&] {
                row = w->delta()->rowOf(QStringLiteral("context switches"));
                return row >= 0 && w->delta()->valueB(row) > 0;
            },
            10000));
        QCOMPARE(w->delta()->valueA(row), double(a->summary.counters.contextSwitches));
        QCOMPARE(w->delta()->valueB(row), double(b->summary.counters.contextSwitches));
        // Each command whole, by its recorded name: B's busiest command as its summary has it.
        std::map<std::string, int64_t> runtime;
        for (const core::TaskSummary& t : b->summary.tasks)
            runtime[t.name] += t.runtime.count();
        const auto busiest = std::max_element(
            runtime.begin(), runtime.end(), [](const auto& x, const auto& y) { return x.second < y.second; });
        const int cpu =
            w->delta()->rowOf(QStringLiteral("CPU time %1").arg(QString::fromStdString(busiest->first)));
        QVERIFY2(cpu >= 0, busiest->first.c_str());
        QVERIFY2(std::abs(w->delta()->valueB(cpu) - double(busiest->second)) <=
                     0.001 * double(busiest->second),
                 qPrintable(QStringLiteral("%1 vs %2").arg(w->delta()->valueB(cpu)).arg(busiest->second)));
        // What neither recording counts is not a row of zeros.
        for (const char* none : {"events", "ticks", "wakeup preemptions", "balance attempts"})
            QVERIFY2(w->delta()->rowOf(QLatin1String(none)) < 0, none);
        // At the same time since each start: B stops at A's length.
        w->setStretch(CompareWindow::Stretch::SameTime);
        QVERIFY(w->delta()->valueB(w->delta()->rowOf(QStringLiteral("context switches"))) <
                double(b->summary.counters.contextSwitches));
        // Over the range in view: the first half of each.
        w->sideA()->session().view().setRange(0, a->summary.simTime.count() / 2, false);
        w->setStretch(CompareWindow::Stretch::InView);
        const double half = w->delta()->valueA(w->delta()->rowOf(QStringLiteral("context switches")));
        QVERIFY(half > 0 && half < double(a->summary.counters.contextSwitches));
        // Nothing runs: the run controls are not there.
        for (QToolBar* bar : w->findChildren<QToolBar*>())
            for (QAction* x : bar->actions())
                if (x->objectName() == QStringLiteral("runToAction"))
                    QVERIFY(!x->isVisible());
    }

    void aModelChangeRunsTheSideBackToWhereItWas() {
        // Changing B's model reset both sides to 0, silently, and filled the table with zeros.
        auto w = compareOf(QStringLiteral("builtin:default"));
        QVERIFY(w);
        w->show();
        w->runTo(core::SimTime::ms(200));
        QVERIFY(QTest::qWaitFor([&] { return w->commonTime() == core::SimTime::ms(200).count(); }, 30000));
        QComboBox* model = w->sideB()->modelBox();
        const int v66 = model->findData(int(core::KernelModel::V6_6));
        model->setCurrentIndex(v66);
        emit model->activated(v66);
        QCOMPARE(w->sideB()->session().spec()->kernel.model, core::KernelModel::V6_6);
        QVERIFY2(w->statusBar()->currentMessage().contains(QStringLiteral("runs back")),
                 qPrintable(w->statusBar()->currentMessage()));
        // A goes on where it was; B comes back there on its new model.
        QCOMPARE(w->sideA()->session().history().now(), core::SimTime::ms(200).count());
        QVERIFY(QTest::qWaitFor([&] { return w->deltaShows(core::SimTime::ms(200).count()); }, 30000));
        const int row = w->delta()->rowOf(QStringLiteral("context switches"));
        QVERIFY(row >= 0 && w->delta()->valueA(row) > 0 && w->delta()->valueB(row) > 0);
    }

    void twoRecordingsSideBySide() {
        // The same recording as ftrace text and as trace.dat: two recordings compared, the same
        // figures (the text's microseconds end it 394 ns sooner: B is read at its last sample
        // before that, within 1%); nothing to run.
        MainWindow mw;
        mw.setBatchMode(true);
        std::string error;
        auto a = TraceLoader::load(SCHEDSCOPE_TEST_DATA "/traces/ftrace.txt", error);
        QVERIFY2(a, error.c_str());
        auto b = TraceLoader::load(SCHEDSCOPE_TEST_DATA "/traces/trace.dat", error);
        QVERIFY2(b, error.c_str());
        mw.documents().showTrace(a);
        CompareWindow* w = mw.documents().openRecordingsCompare(b);
        QVERIFY(w);
        QVERIFY(w->sideA()->trace() && w->sideB()->trace());
        QVERIFY(w->mismatch().isEmpty());
        QVERIFY(!w->sideB()->modelBox()->isVisible());
        const int row = w->delta()->rowOf(QStringLiteral("context switches"));
        QVERIFY(row >= 0);
        QVERIFY(w->delta()->valueA(row) > 0);
        QCOMPARE(a->summary.counters.contextSwitches, b->summary.counters.contextSwitches);
        QVERIFY(std::abs(w->delta()->valueB(row) - w->delta()->valueA(row)) <=
                0.01 * w->delta()->valueA(row));
        // A different recording on B: the delta says how it differs.
        auto c = TraceLoader::load(SCHEDSCOPE_TEST_DATA "/traces/perf-sched.script", error);
        QVERIFY2(c, error.c_str());
        CompareWindow* w2 = mw.documents().openRecordingsCompare(c);
        QVERIFY(w2->delta()->valueB(w2->delta()->rowOf(QStringLiteral("context switches"))) !=
                w2->delta()->valueA(w2->delta()->rowOf(QStringLiteral("context switches"))));
    }
};

QTEST_MAIN(TestCompare)
#include "tst_compare.moc"
