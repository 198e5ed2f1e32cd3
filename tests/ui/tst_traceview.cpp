// A real trace in the main window: opened (from the menu's path, by its content, with progress
// and cancel), shown in the occupancy, migrations and latency views, and exported; a bad file
// leaves the session as it was.
#include "controller/latencystats.h"
#include "controller/traceloader.h"
#include "export/exportregistry.h"
#include "models/latencytablemodel.h"
#include "pages/latencypage.h"
#include "pages/optimizationspanel.h"
#include "pages/statuspanel.h"
#include "plots/latencyhistogramplot.h"
#include "plots/occupancyplot.h"
#include "window/mainwindow.h"

#include <QAbstractItemModel>
#include <QApplication>
#include <QCheckBox>
#include <QComboBox>
#include <QLabel>
#include <QMessageBox>
#include <QProgressDialog>
#include <QSignalSpy>
#include <QStandardPaths>
#include <QStatusBar>
#include <QTabWidget>
#include <QTableView>
#include <QTemporaryDir>
#include <QTimer>
#include <QtTest>

#include <functional>

using namespace ui;

namespace {

QString fixture(const char* name) {
    return QStringLiteral(SCHEDSCOPE_TEST_DATA "/traces/") + QLatin1String(name);
}

/// Closes every message box that shows up (the trace warnings box is not modal).
void closeBoxes() {
    for (QWidget* top : QApplication::topLevelWidgets())
        if (auto* box = qobject_cast<QMessageBox*>(top))
            box->close();
}

bool waitForTrace(MainWindow& w) {
    return QTest::qWaitFor([&] { return w.session().trace() != nullptr; }, 20000);
}

} // namespace

class TestTraceView : public QObject {
    Q_OBJECT
private slots:
    void initTestCase() { QStandardPaths::setTestModeEnabled(true); }

    void opensARealTraceInEveryView() {
        MainWindow w;
        w.resize(1400, 900);
        QVERIFY(w.documents().openScenario(QStringLiteral("builtin:default")));
        w.show();
        QVERIFY(QTest::qWaitForWindowExposed(&w));
        // File > Open recognises the trace by its content, not its name.
        QVERIFY(w.documents().openScenario(fixture("perf-sched.script")));
        QVERIFY(waitForTrace(w));
        closeBoxes();
        const Session& s = w.session();
        QVERIFY(s.trace());
        QCOMPARE(s.trace()->summary.trace->format, std::string("perf-script"));
        QCOMPARE(s.topology()->nrCpus(), 2u);
        const History& h = s.history();
        QVERIFY(h.latest().finished);
        QVERIFY(h.lane(0).bytes() > 0 && h.lane(1).bytes() > 0);
        QVERIFY(h.switches().size() > 2000);
        QVERIFY(!h.migrations().empty());
        QVERIFY(h.fromTrace());
        // Nothing simulates: run and reset are off; the window says it is a trace.
        QVERIFY(w.windowTitle().contains(QStringLiteral("real trace")));
        QVERIFY(!w.session().controller().isRunning());

        // What a recording has, and nothing it cannot know shown as data: no pressure or depth
        // tab, no kernel model, only the counters a recording counts.
        {
            auto* viewTabs = w.findChild<QTabWidget*>(QStringLiteral("viewTabs"));
            QVERIFY(viewTabs);
            QVERIFY(!viewTabs->isTabEnabled(2)); // Pressure
            QVERIFY(!viewTabs->isTabEnabled(5)); // Depth
            QVERIFY(viewTabs->tabToolTip(2).contains(QStringLiteral("pressure")));
            auto* model = w.findChild<QLabel*>(QStringLiteral("kernelModel"));
            QVERIFY(model && model->text().contains(QStringLiteral("recording")));
            // ... and no switch beside it: a model's "always off" next to a ticked box said the
            // opposite of "no kernel model".
            auto* optimizations = w.findChild<OptimizationsPanel*>();
            QVERIFY(optimizations);
            for (const core::OptimizationInfo& i : core::optimizationCatalog())
                QVERIFY(!optimizations->checkBox(i.id)->isVisibleTo(optimizations));
            for (QLabel* l : optimizations->findChildren<QLabel*>())
                if (l->isVisibleTo(optimizations))
                    QVERIFY2(!l->text().contains(QStringLiteral("in this model")), qPrintable(l->text()));
            // The status bar has no simulation speed or engine events for a recording.
            auto* status = w.findChild<StatusPanel*>(QStringLiteral("statusPanel"));
            QVERIFY(status);
            w.statusBar()->clearMessage();
            QTest::qWait(50);
            for (QLabel* l : status->findChildren<QLabel*>())
                if (l->isVisibleTo(status))
                    QVERIFY2(!l->text().contains(QStringLiteral("events/s")) &&
                                 !l->text().startsWith(QStringLiteral("speed")) &&
                                 !l->text().startsWith(QStringLiteral("overhead")),
                             qPrintable(l->text()));
            auto* counters = w.findChild<QTableView*>(QStringLiteral("counterTable"));
            QVERIFY(counters);
            QAbstractItemModel* cm = counters->model();
            QStringList names;
            for (int r = 0; r < cm->rowCount(); ++r)
                names << cm->index(r, 0).data().toString();
            for (const char* simulatorOnly : {"ticks", "idle CPU scans", "balance attempts", "events"})
                QVERIFY2(!names.contains(QLatin1String(simulatorOnly)), simulatorOnly);
            for (const QString& n : names)
                QVERIFY2(!n.startsWith(QStringLiteral("overhead")), qPrintable(n));
            QVERIFY(names.contains(QStringLiteral("wakeups")));
            // The rate agrees with the status bar's (both over the whole recording) ...
            const int sw = int(names.indexOf(QStringLiteral("context switches")));
            QVERIFY(sw >= 0);
            const double total = cm->index(sw, 1).data(Qt::UserRole).toDouble();
            const double perSecond = cm->index(sw, 2).data(Qt::UserRole).toDouble();
            const HistorySample first = h.runOrigin(); // nothing counted at 0
            QCOMPARE(first.counters.contextSwitches, uint64_t{0});
            const HistorySample& last = h.samples().back();
            const double whole = double(last.counters.contextSwitches - first.counters.contextSwitches) /
                                 (double(last.time - first.time) / 1e9);
            QCOMPARE(total, double(last.counters.contextSwitches));
            QVERIFY2(std::abs(perSecond - whole) <= 1e-6 * whole,
                     qPrintable(QStringLiteral("%1/s against %2/s").arg(perSecond).arg(whole)));
            // ... and at a cursor halfway, wakeups are counted as the switches are.
            w.session().view().setCursor((h.start() + h.now()) / 2);
            QTest::qWait(50);
            const int wk = int(names.indexOf(QStringLiteral("wakeups")));
            QVERIFY(cm->index(wk, 1).data(Qt::UserRole).toDouble() > 0);
            QVERIFY(cm->index(sw, 1).data(Qt::UserRole).toDouble() < total);
            w.session().view().setCursor(std::nullopt);
        }

        // The Latency tab: per task, as perf sched latency (default: from sched_waking).
        auto* tabs = w.findChild<QTabWidget*>(QStringLiteral("viewTabs"));
        auto* page = w.findChild<LatencyPage*>();
        QVERIFY(tabs && page);
        tabs->setCurrentWidget(page);
        QTest::qWait(100);
        auto* table = w.findChild<QTableView*>(QStringLiteral("latencyTable"));
        QVERIFY(table && table->model()->rowCount() > 5);
        // It opens on the whole recording, not on the part in view.
        auto* range = w.findChild<QComboBox*>(QStringLiteral("latencyRange"));
        QVERIFY(range);
        QCOMPARE(range->currentIndex(), 1);
        QVERIFY(page->pick(QStringLiteral("pinger")));
        QTest::qWait(50);
        auto* hist = w.findChild<LatencyHistogramPlot*>();
        QVERIFY(hist);
        // The pinger's switch-ins in the trace, each one wait.
        uint64_t pingerSwitchIns = 0;
        for (const core::SwitchRecord& r : h.switches())
            pingerSwitchIns += r.next.valid() && h.taskName(r.next.value()) == "pinger";
        QVERIFY(pingerSwitchIns >= 1000);
        QCOMPARE(hist->drawnCount(), pingerSwitchIns);
        const QByteArray csv = hist->csv();
        QVERIFY(csv.startsWith("from_ns,to_ns,waits"));
        qint64 inCsv = 0;
        for (const QByteArray& line : csv.split('\n').mid(1))
            if (!line.isEmpty())
                inCsv += line.split(',').value(2).toLongLong();
        QCOMPARE(quint64(inCsv), pingerSwitchIns);

        // The migration reasons are marked as inferred.
        auto* migrations = w.findChild<QTableView*>(QStringLiteral("migrationTable"));
        tabs->setCurrentIndex(3);
        QTest::qWait(100);
        QVERIFY(migrations && migrations->model()->rowCount() > 0);
        bool inferred = false;
        for (int r = 0; r < migrations->model()->rowCount() && !inferred; ++r)
            for (int c = 0; c < migrations->model()->columnCount(); ++c)
                inferred |=
                    migrations->model()->index(r, c).data().toString().contains(QStringLiteral("inferred"));
        QVERIFY(inferred);

        // Every chart exports, the latency histogram and runqueue delay included.
        QTemporaryDir dir;
        for (const char* name : {"latency-histogram", "runqueue-delay", "latency-table", "occupancy"}) {
            Exportable* e = w.exports().find(QLatin1String(name));
            QVERIFY2(e, name);
            QVERIFY2(!e->csv().isEmpty(), name);
        }

        // Back to a simulation: everything simulates again.
        QVERIFY(w.documents().openScenario(QStringLiteral("builtin:default")));
        QVERIFY(QTest::qWaitFor([&] { return w.session().trace() == nullptr; }, 5000));
        QVERIFY(!w.session().history().fromTrace());
    }

    void aBadTraceLeavesTheSessionAsItWas() {
        std::string error;
        QTemporaryDir dir;
        const QString bad = dir.filePath(QStringLiteral("bad.txt"));
        QFile f(bad);
        QVERIFY(f.open(QIODevice::WriteOnly));
        f.write("# tracer: nop\nnot a trace line\n");
        f.close();
        QVERIFY(!TraceLoader::load(bad.toStdString(), error));
        QVERIFY2(QString::fromStdString(error).contains(QStringLiteral("not a scheduler trace")),
                 error.c_str());

        MainWindow w;
        QVERIFY(w.documents().openScenario(QStringLiteral("builtin:default")));
        const auto before = w.session().spec();
        QString shown;
        bool progressLeft = false;
        std::function<void()> answer = [&] {
            for (QWidget* top : QApplication::topLevelWidgets())
                if (auto* box = qobject_cast<QMessageBox*>(top); box && box->isVisible()) {
                    shown = box->informativeText();
                    // The progress dialog is gone before the error shows (it used to stay on
                    // top of the box, at 100%, and take its clicks).
                    for (QWidget* other : QApplication::topLevelWidgets())
                        progressLeft |= qobject_cast<QProgressDialog*>(other) != nullptr;
                    box->accept();
                    return;
                }
            QTimer::singleShot(20, answer);
        };
        QTimer::singleShot(20, answer);
        QVERIFY(w.documents().openTrace(bad));
        QVERIFY(QTest::qWaitFor([&] { return !shown.isEmpty(); }, 10000));
        QVERIFY(shown.contains(QStringLiteral("not a scheduler trace")));
        QVERIFY(!progressLeft);
        QCOMPARE(w.session().spec(), before);
        QVERIFY(!w.session().trace());
    }

    void cancelStopsTheImport() {
        TraceLoader loader;
        QSignalSpy failed(&loader, &TraceLoader::failed);
        QSignalSpy loaded(&loader, &TraceLoader::loaded);
        QVERIFY(loader.start(fixture("ftrace.txt")));
        QVERIFY(!loader.start(fixture("ftrace.txt"))); // one at a time
        loader.cancel();
        QVERIFY(QTest::qWaitFor([&] { return failed.count() + loaded.count() > 0; }, 10000));
        // Cancelled before it finished, or it finished first on a fast machine; never both.
        QCOMPARE(failed.count() + loaded.count(), 1);
        if (failed.count())
            QVERIFY(failed.first().at(1).toBool());
        QVERIFY(!loader.busy());
    }

    void latencyOfASimulationToo() {
        // The same page reads the engine's switch records: every switch in is one wait.
        MainWindow w;
        QVERIFY(w.documents().openScenario(QStringLiteral("builtin:default")));
        w.session().controller().runTo(core::SimTime::ms(300));
        QVERIFY(QTest::qWaitFor([&] { return w.session().history().now() >= 300'000'000; }, 20000));
        const History& h = w.session().history();
        const LatencyStats st = computeLatency(h, LatencyStats::GroupBy::Task, 0, h.now() + 1);
        uint64_t waits = 0, switchIns = 0;
        for (const LatencyRow& r : st.rows)
            waits += r.all.count();
        for (const core::SwitchRecord& r : h.switches())
            switchIns += r.next.valid();
        QVERIFY(switchIns > 0);
        QCOMPARE(waits, switchIns);
        const LatencyStats byCgroup = computeLatency(h, LatencyStats::GroupBy::Cgroup, 0, h.now() + 1);
        uint64_t cgWaits = 0;
        for (const LatencyRow& r : byCgroup.rows)
            cgWaits += r.all.count();
        QCOMPARE(cgWaits, waits);
    }
};

QTEST_MAIN(TestTraceView)
#include "tst_traceview.moc"
