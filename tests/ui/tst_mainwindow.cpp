// The main window as a user drives it: opening scenarios (good, bad, dropped), the views
// following a running simulation, and the optimization check boxes acting on the engine.
#include "controller/format.h"
#include "export/exportregistry.h"
#include "models/countermodel.h"
#include "pages/cpumaxdialog.h"
#include "pages/detailpanel.h"
#include "pages/migrationspage.h"
#include "pages/optimizationspanel.h"
#include "pages/statuspanel.h"
#include "plots/migrationrateplot.h"
#include "plots/occupancyplot.h"
#include "plots/pressurechart.h"
#include "plots/topologyview.h"
#include "window/helpdialogs.h"
#include "window/language.h"
#include "window/mainwindow.h"

#include <QAbstractButton>
#include <QApplication>
#include <QCheckBox>
#include <QDialogButtonBox>
#include <QDockWidget>
#include <QDoubleSpinBox>
#include <QLabel>
#include <QMessageBox>
#include <QMimeData>
#include <QPushButton>
#include <QSettings>
#include <QStandardPaths>
#include <QStatusBar>
#include <QTabBar>
#include <QTabWidget>
#include <QTableView>
#include <QTableWidget>
#include <QTemporaryDir>
#include <QTextBrowser>
#include <QTimer>
#include <QtTest>

using namespace ui;

namespace {

/// Accepts the next message box as soon as it shows, remembering its text.
QString* dismissNextMessageBox() {
    auto* text = new QString;
    QTimer::singleShot(0, [text] {
        for (QWidget* top : QApplication::topLevelWidgets())
            if (auto* box = qobject_cast<QMessageBox*>(top)) {
                *text = box->text() + QLatin1Char('\n') + box->informativeText();
                box->accept();
            }
    });
    return text;
}

/// Shows `w` active with builtin:default run to 400 ms.
bool showDefaultAt400ms(MainWindow& w) {
    w.show();
    w.activateWindow();
    if (!QTest::qWaitForWindowActive(&w) || !w.documents().openScenario(QStringLiteral("builtin:default")))
        return false;
    w.session().controller().runTo(core::SimTime::ms(400));
    return QTest::qWaitFor([&] { return w.session().history().now() == 400000000; }, 20000);
}

} // namespace

class TestMainWindow : public QObject {
    Q_OBJECT
private slots:
    void initTestCase() { QStandardPaths::setTestModeEnabled(true); }

    void opensAndCloses() {
        MainWindow w;
        QVERIFY(w.documents().openScenario(QStringLiteral("builtin:default")));
        w.show();
        QVERIFY(QTest::qWaitForWindowExposed(&w));
        QVERIFY(w.windowTitle().contains(QStringLiteral("default")));
        QVERIFY(w.close());
    }

    void invalidScenarioKeepsTheSessionRunning() {
        MainWindow w;
        QVERIFY(w.documents().openScenario(QStringLiteral("builtin:default")));
        w.session().controller().setSpeed(100000000); // 0.1x: keeps running a while
        w.session().controller().run();
        QVERIFY(QTest::qWaitFor([&] { return w.session().history().now() > 0; }, 5000));
        const QString before = w.scenarioName();
        std::unique_ptr<QString> shown(dismissNextMessageBox());
        QVERIFY(!w.documents().openScenario(QStringLiteral(SCHEDSCOPE_TEST_DATA "/invalid-channel.json")));
        QCOMPARE(w.scenarioName(), before);
        QVERIFY2(shown->contains(QStringLiteral("unknown channel")), qPrintable(*shown));
        // Still the same run, still going.
        QVERIFY(w.session().controller().isRunning());
        const int64_t t = w.session().history().now();
        QVERIFY(QTest::qWaitFor([&] { return w.session().history().now() > t; }, 5000));
    }

    void droppedFileOpens() {
        QTemporaryDir dir;
        const QString path = dir.filePath(QStringLiteral("dropped.json"));
        QVERIFY(QFile::copy(QStringLiteral(SCHEDSCOPE_TEST_DATA "/valid-minimal.json"), path));
        MainWindow w;
        QVERIFY(w.documents().openScenario(QStringLiteral("builtin:default")));
        w.show();
        QVERIFY(QTest::qWaitForWindowExposed(&w));
        QMimeData mime;
        mime.setUrls({QUrl::fromLocalFile(path)});
        QDragEnterEvent enter(QPoint(10, 10), Qt::CopyAction, &mime, Qt::LeftButton, Qt::NoModifier);
        QApplication::sendEvent(&w, &enter);
        QVERIFY(enter.isAccepted());
        QDropEvent drop(QPointF(10, 10), Qt::CopyAction, &mime, Qt::LeftButton, Qt::NoModifier);
        QApplication::sendEvent(&w, &drop);
        QVERIFY(w.scenarioName() != QStringLiteral("default: mixed workload on 4 cores x SMT2"));
        QVERIFY(w.windowTitle().contains(w.scenarioName()));
    }

    void shortcutsWorkWhateverHasFocus() {
        // Space runs and pauses, "." steps one event (and says which), "+" zooms, wherever the
        // keyboard focus is, text fields aside.
        MainWindow w;
        QVERIFY(w.documents().openScenario(QStringLiteral("builtin:default")));
        w.show();
        QVERIFY(QTest::qWaitForWindowExposed(&w));
        w.activateWindow();
        QList<QWidget*> targets;
        for (const char* name : {"occupancyPlot", "cgroupTree", "migrationTable", "counterTable", "viewTabs"})
            if (auto* widget = w.findChild<QWidget*>(QLatin1String(name)))
                targets << widget;
        for (QAbstractButton* b : w.findChildren<QAbstractButton*>())
            if (b->isVisible() && b->focusPolicy() != Qt::NoFocus && !targets.contains(b) &&
                !qobject_cast<QTabBar*>(b->parentWidget())) { // a tab bar's scroll arrows come and go
                targets << b; // a check box in the optimizations dock, a tool button
                if (targets.size() > 8)
                    break;
            }
        QVERIFY(targets.size() >= 6);
        auto* tabs = w.findChild<QTabWidget*>(QStringLiteral("viewTabs"));
        for (QWidget* target : targets) {
            const QString who = target->objectName().isEmpty()
                                    ? QString::fromLatin1(target->metaObject()->className())
                                    : target->objectName();
            for (int i = 0; i < tabs->count(); ++i) // the page it is on (Migrations, Threads)
                if (tabs->widget(i)->isAncestorOf(target))
                    tabs->setCurrentIndex(i);
            QVERIFY2(target->isVisible(), qPrintable(who));
            target->setFocus(Qt::OtherFocusReason);
            QWidget* focused = QApplication::focusWidget();
            QVERIFY2(focused, qPrintable(who));
            const bool wasRunning = w.session().controller().isRunning();
            const bool checked =
                qobject_cast<QAbstractButton*>(target) && qobject_cast<QAbstractButton*>(target)->isChecked();
            QTest::keyClick(focused, Qt::Key_Space);
            QVERIFY2(
                QTest::qWaitFor([&] { return w.session().controller().isRunning() != wasRunning; }, 2000),
                qPrintable(QStringLiteral("Space with focus on %1").arg(who)));
            if (auto* b = qobject_cast<QAbstractButton*>(target))
                QVERIFY2(b->isChecked() == checked, qPrintable(QStringLiteral("Space toggled %1").arg(who)));
            if (w.session().controller().isRunning()) {
                QTest::keyClick(focused, Qt::Key_Space);
                QVERIFY(QTest::qWaitFor([&] { return !w.session().controller().isRunning(); }, 2000));
            }
            const SimNs width = w.session().view().rangeEnd() - w.session().view().rangeStart();
            QTest::keyClick(focused, Qt::Key_Plus);
            QVERIFY2(w.session().view().rangeEnd() - w.session().view().rangeStart() < width,
                     qPrintable(QStringLiteral("+ with focus on %1").arg(who)));
        }
        // A step says what it executed.
        w.findChild<QWidget*>(QStringLiteral("cgroupTree"))->setFocus();
        QTest::keyClick(QApplication::focusWidget(), Qt::Key_Period);
        QVERIFY(QTest::qWaitFor(
            [&] { return w.statusBar()->currentMessage().startsWith(QStringLiteral("Executed at ")); },
            2000));
        // ... where it can be read: the figures used to take the whole bar, leaving the message
        // no room at all.
        auto* panel = w.findChild<StatusPanel*>(QStringLiteral("statusPanel"));
        QVERIFY(panel);
        for (int width : {1280, 1024}) {
            w.resize(width, 640);
            QTest::qWait(50);
            const QString message = w.statusBar()->currentMessage();
            const int room = w.statusBar()->width() - panel->width();
            QVERIFY2(room >=
                         std::min(w.statusBar()->fontMetrics().horizontalAdvance(message) + 20, width / 2),
                     qPrintable(QStringLiteral("%1 px for \"%2\"").arg(room).arg(message)));
        }
        const int compact = panel->width();
        w.statusBar()->clearMessage();
        QTest::qWait(50);
        QVERIFY2(panel->width() > compact,
                 qPrintable(QString::number(panel->width()))); // the figures come back
    }

    void viewsFollowARun() {
        MainWindow w;
        w.show();
        QVERIFY(QTest::qWaitForWindowExposed(&w));
        QVERIFY(w.documents().openScenario(QStringLiteral("builtin:default")));
        w.session().controller().runTo(core::SimTime::ms(800));
        QVERIFY(QTest::qWaitFor([&] { return w.session().history().now() == 800000000; }, 20000));
        QTest::qWait(80); // a few frames
        auto* tabs = w.findChild<QTabWidget*>(QStringLiteral("viewTabs"));
        QVERIFY(tabs);
        // A page in a hidden tab did no work while the run went on; shown, it catches up.
        auto* table = w.findChild<QTableView*>(QStringLiteral("migrationTable"));
        QVERIFY(table && !table->isVisible());
        QCOMPARE(table->model()->rowCount(), 0);
        for (int tab = 0; tab < tabs->count(); ++tab) {
            tabs->setCurrentIndex(tab);
            QTest::qWait(80);
        }
        // Occupancy lanes mirror the topology: 8 CPUs, siblings adjacent.
        auto* occupancy = dynamic_cast<OccupancyPlot*>(w.exports().find(QStringLiteral("occupancy")));
        QVERIFY(occupancy);
        const auto& rows = occupancy->tracks().rows();
        QCOMPARE(int(std::count_if(rows.begin(), rows.end(), [](const Track& t) { return !t.summary(); })),
                 8);
        const auto lane = [&](uint32_t cpu) { return rows[*occupancy->tracks().rowOfCpu(cpu)].position; };
        QVERIFY(lane(1) - lane(0) < lane(2) - lane(1));
        // Topology boxes for every CPU, siblings inside one core box.
        auto* topology = dynamic_cast<TopologyView*>(w.exports().find(QStringLiteral("topology")));
        QVERIFY(topology && !topology->cpuRect(7).isEmpty());
        // Pressure: the system's series by default.
        auto* pressure = dynamic_cast<PressureChart*>(w.exports().find(QStringLiteral("pressure")));
        QVERIFY(pressure && pressure->chartTitle().startsWith(QStringLiteral("system \u2014 ")));
        // The legend names the lines, not the group again, so its entries are short enough to
        // show whole (they all read "syst..." before).
        QCOMPARE(pressure->seriesNames().first(), QStringLiteral("cpu some avg10"));
        for (const QString& name : pressure->seriesNames())
            QVERIFY2(name.size() <= 18, qPrintable(name));
        // Migrations: the table holds what History holds.
        tabs->setCurrentWidget(w.findChild<MigrationsPage*>());
        QTest::qWait(80);
        QCOMPARE(static_cast<size_t>(table->model()->rowCount()), w.session().history().migrations().size());
        // The rate chart has one bar series and legend entry per migration reason, no more.
        auto* rate = dynamic_cast<MigrationRatePlot*>(w.exports().find(QStringLiteral("migration-rate")));
        QVERIFY(rate);
        QCOMPARE(static_cast<size_t>(rate->seriesNames().size()), core::kMigrationReasonCount);
        QVERIFY(w.findChild<StatusPanel*>()->text().contains(QStringLiteral("t = 0.800000 s")));
        // Depth: the sweep ran in the background once the tab was shown, and fills the chart.
        Exportable* depth = w.exports().find(QStringLiteral("psi-depth"));
        QVERIFY(depth);
        QVERIFY(QTest::qWaitFor([&] { return !depth->isBusy(); }, 60000));
        QVERIFY(depth->csv().count('\n') > 6); // header and a row per depth
    }

    void oneCgroupColoursPerTask() {
        // An rt-app workload puts every task in the root cgroup: one colour per task then, not
        // one colour for everything.
        MainWindow w;
        QVERIFY(w.documents().openScenario(QStringLiteral(SCHEDSCOPE_TEST_DATA "/rtapp/barrier.json")));
        auto* plot = w.findChild<OccupancyPlot*>();
        QVERIFY(plot);
        QVERIFY(plot->colourByTask());
        QVERIFY(w.documents().openScenario(QStringLiteral("builtin:default")));
        QVERIFY(!plot->colourByTask());
    }

    void homeEndEscapeWhereverTheFocusIs() {
        MainWindow w;
        QVERIFY(showDefaultAt400ms(w));
        ViewState& v = w.session().view();
        auto* tree = w.findChild<QWidget*>(QStringLiteral("cgroupTree"));
        QVERIFY(tree);
        tree->setFocus();
        v.setRange(200'000'000, 250'000'000, false);
        v.setCursor(220'000'000);
        QTest::keyClick(QApplication::focusWidget(), Qt::Key_Home);
        QCOMPARE(v.rangeStart(), w.session().history().start());
        QTest::keyClick(QApplication::focusWidget(), Qt::Key_Escape);
        QVERIFY(!v.cursor());
        // Left at the start stays at the start: no negative time.
        auto* plot = w.findChild<OccupancyPlot*>();
        QVERIFY(plot);
        plot->setFocus();
        for (int i = 0; i < 5; ++i)
            QTest::keyClick(plot, Qt::Key_Left);
        QTest::qWait(50);
        QVERIFY2(v.rangeStart() >= 0, qPrintable(QString::number(v.rangeStart())));
        tree->setFocus();
        QTest::keyClick(QApplication::focusWidget(), Qt::Key_End);
        QVERIFY(v.following());
    }

    void perfettoKeysAndTheShortcutList() {
        // W/S zoom and A/D pan as in Perfetto, wherever the focus is; ? lists every key.
        MainWindow w;
        QVERIFY(showDefaultAt400ms(w));
        ViewState& v = w.session().view();
        v.setRange(200'000'000, 300'000'000, false);
        for (const char* name : {"cgroupTree", "occupancyPlot"}) {
            auto* target = w.findChild<QWidget*>(QLatin1String(name));
            QVERIFY(target);
            target->setFocus();
            const SimNs width = v.rangeEnd() - v.rangeStart();
            QTest::keyClick(QApplication::focusWidget(), Qt::Key_W);
            QTRY_VERIFY2(v.rangeEnd() - v.rangeStart() < width, name);
            QTest::keyClick(QApplication::focusWidget(), Qt::Key_S);
            // Back to the width before W, within the axis's rounding to seconds (a few ns).
            QTRY_VERIFY2(v.rangeEnd() - v.rangeStart() >= width - 10, name);
            const SimNs start = v.rangeStart();
            QTest::keyClick(QApplication::focusWidget(), Qt::Key_D);
            QTRY_VERIFY2(v.rangeStart() > start, name);
            QTest::keyClick(QApplication::focusWidget(), Qt::Key_A);
            QTRY_VERIFY2(v.rangeStart() < start + 1000, name);
        }
        QTest::keyClick(QApplication::focusWidget(), Qt::Key_Question);
        QDialog* list = nullptr;
        QTRY_VERIFY((list = w.findChild<QDialog*>(QStringLiteral("shortcuts"))) != nullptr);
        auto* table = list->findChild<QTableWidget*>(QStringLiteral("shortcutTable"));
        QVERIFY(table);
        QStringList keys;
        for (int r = 0; r < table->rowCount(); ++r)
            keys << table->item(r, 0)->text() + QStringLiteral(" | ") + table->item(r, 1)->text();
        const QString all = keys.join(QLatin1Char('\n'));
        for (const char* want :
             {"W | View > Zoom In", "S | View > Zoom Out", "A | View > Pan Left", "D | View > Pan Right",
              "? | Help > Keyboard Shortcuts", "Space | ", "Home | View > Go to Start", "F1 | Help > Guide"})
            QVERIFY2(all.contains(QLatin1String(want)),
                     qPrintable(QLatin1String(want) + QStringLiteral("\n") + all));
        list->close();
    }

    void markersAAndBShowTheTimeBetween() {
        MainWindow w;
        QVERIFY(showDefaultAt400ms(w));
        ViewState& v = w.session().view();
        v.setRange(200'000'000, 300'000'000, false);
        auto* plot = w.findChild<OccupancyPlot*>();
        QVERIFY(plot);
        QTest::qWait(50);
        const QRect lane = plot->laneRect(0);
        QVERIFY(!lane.isEmpty());
        const QPoint a(lane.left() + lane.width() / 4, lane.center().y());
        const QPoint b(lane.left() + lane.width() * 3 / 4, lane.center().y());
        // A click sets the cursor (marker A); Shift+click marker B, leaving A and the pick.
        QTest::mouseClick(plot->canvas(), Qt::LeftButton, {}, a - plot->canvas()->pos());
        QTRY_VERIFY(v.cursor().has_value());
        const auto pick = v.pick();
        QVERIFY(plot->markerSpanText().isEmpty());
        QTest::mouseClick(plot->canvas(), Qt::LeftButton, Qt::ShiftModifier, b - plot->canvas()->pos());
        QTRY_VERIFY(v.markerB().has_value());
        QVERIFY(*v.markerB() > *v.cursor());
        QCOMPARE(v.pick(), pick);
        // Half the visible 100 ms apart, within a pixel.
        QVERIFY2(std::abs(*v.markerB() - *v.cursor() - 50'000'000) < 1'000'000,
                 qPrintable(QString::number(*v.markerB() - *v.cursor())));
        QCOMPARE(plot->markerSpanText(),
                 QStringLiteral("A to B: %1").arg(formatNsShort(*v.markerB() - *v.cursor())));
        // Esc, wherever the focus is, clears both.
        w.findChild<QWidget*>(QStringLiteral("cgroupTree"))->setFocus();
        QTest::keyClick(QApplication::focusWidget(), Qt::Key_Escape);
        QVERIFY(!v.cursor() && !v.markerB());
        QVERIFY(plot->markerSpanText().isEmpty());
    }

    void pickingAMigrationTakesYouThere() {
        MainWindow w;
        w.resize(1280, 720);
        w.show();
        QVERIFY(QTest::qWaitForWindowExposed(&w));
        QVERIFY(w.documents().openScenario(QStringLiteral("builtin:default")));
        w.session().controller().runTo(core::SimTime::ms(600));
        QVERIFY(QTest::qWaitFor([&] { return w.session().history().now() == 600000000; }, 20000));
        auto* tabs = w.findChild<QTabWidget*>(QStringLiteral("viewTabs"));
        auto* table = w.findChild<QTableView*>(QStringLiteral("migrationTable"));
        QVERIFY(tabs && table);
        tabs->setCurrentIndex(3); // Migrations (after Threads and Topology)
        QVERIFY(QTest::qWaitFor([&] { return table->model()->rowCount() > 3; }, 5000));
        w.session().view().showWholeRun(w.session().history().now());
        // One click on a row (not a double-click): the timeline centres on it, zoomed in.
        const int row = table->model()->rowCount() / 2;
        table->scrollTo(table->model()->index(row, 0));
        QTest::mouseClick(table->viewport(), Qt::LeftButton, {},
                          table->visualRect(table->model()->index(row, 0)).center());
        const auto& pick = w.session().view().pick();
        QVERIFY(pick && pick->kind == Pick::Kind::Migration);
        const SimNs t = pick->migration.time.count();
        const ViewState& v = w.session().view();
        QVERIFY(v.rangeStart() <= t && t <= v.rangeEnd());
        QVERIFY(v.rangeEnd() - v.rangeStart() <= MigrationsPage::kMigrationViewWidth);
        QVERIFY(!v.following());
        QCOMPARE(v.cursor(), std::optional<SimNs>(t));
        // The task ran on the target CPU after the migration (the run is over by 600 ms):
        // Details says so, rather than "not run there yet".
        auto* details = w.findChild<DetailPanel*>(QStringLiteral("detailPanel"));
        QVERIFY(details);
        tabs->setCurrentIndex(6); // Details
        QVERIFY(QTest::qWaitFor([&] { return details->text().contains(QStringLiteral("After")); }, 2000));
        QVERIFY2(!details->text().contains(QStringLiteral("not run there yet")), qPrintable(details->text()));
    }

    void fitsASmallScreen_data() {
        QTest::addColumn<QString>("lang");
        QTest::newRow("English") << QStringLiteral("en");
        QTest::newRow("German") << QStringLiteral("de");
    }
    void fitsASmallScreen() {
        // A 1024x640 window (a 1280x720 laptop with room to spare), with a run's figures in it.
        QFETCH(QString, lang);
        installTranslators(*QCoreApplication::instance(), lang);
        QSettings().remove(QStringLiteral("window")); // a first start: no layout saved by another test
        {
            MainWindow w;
            QVERIFY(w.documents().openScenario(QStringLiteral("builtin:default")));
            w.session().controller().runTo(core::SimTime::ms(300));
            QVERIFY(QTest::qWaitFor([&] { return w.session().history().now() == 300000000; }, 20000));
            w.resize(1024, 640);
            w.show();
            QVERIFY(QTest::qWaitForWindowExposed(&w));
            QTest::qWait(100);
            QString wide;
            for (QWidget* child : w.findChildren<QWidget*>())
                if (child->isVisible() && child->minimumSizeHint().width() > 700)
                    wide +=
                        QStringLiteral("%1 (%2) ")
                            .arg(QString::fromLatin1(child->metaObject()->className()), child->objectName());
            QVERIFY2(
                w.minimumSizeHint().width() <= 1024,
                qPrintable(
                    QStringLiteral("minimum width %1; wide: %2").arg(w.minimumSizeHint().width()).arg(wide)));
            QVERIFY2(w.minimumSizeHint().height() <= 640,
                     qPrintable(QString::number(w.minimumSizeHint().height())));
            QVERIFY(w.width() <= 1024 && w.height() <= 640);
            // The counters' figures are on screen, whatever the names' length.
            auto* counters = w.findChild<QTableView*>(QStringLiteral("counterTable"));
            QVERIFY(counters && counters->isVisible());
            for (int c : {CounterModel::Total, CounterModel::PerSecond})
                QVERIFY2(counters->columnViewportPosition(c) + counters->columnWidth(c) <=
                             counters->viewport()->width(),
                         qPrintable(QStringLiteral("column %1 ends at %2 of %3")
                                        .arg(c)
                                        .arg(counters->columnViewportPosition(c) + counters->columnWidth(c))
                                        .arg(counters->viewport()->width())));
            // Shrunk and grown again, the side docks are not left as slivers.
            w.resize(700, 500);
            QTest::qWait(50);
            w.resize(1600, 1000);
            QTest::qWait(50);
            for (QDockWidget* d : w.findChildren<QDockWidget*>())
                if (d->isVisible())
                    QVERIFY2(d->width() >= std::max(150, d->minimumWidth()),
                             qPrintable(QStringLiteral("%1: %2 px").arg(d->objectName()).arg(d->width())));
        }
        installTranslators(*QCoreApplication::instance(), QStringLiteral("en"));
    }

    void f1ShowsTheGuide_data() {
        QTest::addColumn<QString>("lang");
        QTest::addColumn<QString>("shortcutsHeading");
        QTest::newRow("English") << QStringLiteral("en") << QStringLiteral("Keys");
        QTest::newRow("German") << QStringLiteral("de") << QStringLiteral("Tasten");
    }
    void f1ShowsTheGuide() {
        // F1 is a guide to the window (every view, opening a recording, comparing, exporting,
        // every key), in the user's language; the scenario format stays in the Help menu.
        QFETCH(QString, lang);
        QFETCH(QString, shortcutsHeading);
        installTranslators(*QCoreApplication::instance(), lang);
        {
            MainWindow w;
            w.show();
            w.activateWindow();
            QVERIFY(QTest::qWaitForWindowActive(&w));
            QTest::keyClick(&w, Qt::Key_F1);
            QTextBrowser* text = nullptr;
            QVERIFY(QTest::qWaitFor(
                [&] { return (text = w.findChild<QTextBrowser*>(QStringLiteral("guideText"))); }, 5000));
            const QString guide = text->toPlainText();
            QVERIFY2(guide.contains(shortcutsHeading), qPrintable(guide.left(200)));
            // Every key of the menus is in the guide (checked on the English text; the German
            // one is the same table, translated).
            if (lang == QStringLiteral("en"))
                for (QAction* a : w.findChildren<QAction*>())
                    for (const QKeySequence& k : a->shortcuts()) {
                        const QString key = k.toString(QKeySequence::PortableText);
                        QVERIFY2(
                            guide.contains(key),
                            qPrintable(QStringLiteral("%1 (%2) is not in the guide").arg(key, a->text())));
                    }
            else
                for (const char* key : {"Strg+K", "Strg+Umschalt+O", "Strg+Umschalt+E", "Pos1", "Esc"})
                    QVERIFY2(guide.contains(QLatin1String(key)), key);
            // The scenario format reference is one menu entry away.
            showScenarioFormatHelp(&w);
            QVERIFY(QTest::qWaitFor(
                [&] { return (text = w.findChild<QTextBrowser*>(QStringLiteral("scenarioFormatText"))); },
                5000));
            QVERIFY2(text->toPlainText().contains(QStringLiteral("cores_per_socket")),
                     qPrintable(text->toPlainText().left(200)));
        }
        installTranslators(*QCoreApplication::instance(), QStringLiteral("en"));
    }

    void optimizationCheckBoxActsOnTheEngine() {
        MainWindow w;
        w.show();
        QVERIFY(w.documents().openScenario(QStringLiteral("builtin:default")));
        w.session().controller().stepFor(core::SimTime::ms(10));
        QVERIFY(QTest::qWaitFor([&] { return w.session().history().now() == 10000000; }, 5000));
        auto* panel = w.findChild<OptimizationsPanel*>();
        QVERIFY(panel);
        QCheckBox* box = panel->checkBox(core::Optimization::AutogroupMoveSkip);
        QTest::qWait(80);
        QVERIFY(box->isChecked());
        box->click();
        QVERIFY(QTest::qWaitFor(
            [&] {
                return !w.session().history().latest().optimizations.test(
                    core::Optimization::AutogroupMoveSkip);
            },
            5000));
        // The toggle is a marker on the timeline.
        QVERIFY(QTest::qWaitFor([&] { return !w.session().history().markers().empty(); }, 5000));
        QVERIFY(!panel->figure(core::Optimization::PsiClockOnce).isEmpty());
    }

    void theCpuMaxDialogRefusesWhatTheKernelRefuses() {
        core::CpuMax now;
        now.quota = core::SimTime::ms(20);
        CpuMaxDialog d(QStringLiteral("/batch"), now, true);
        auto* quota = d.findChild<QDoubleSpinBox*>(QStringLiteral("quota"));
        auto* burst = d.findChild<QDoubleSpinBox*>(QStringLiteral("burst"));
        auto* ok = d.findChild<QDialogButtonBox*>()->button(QDialogButtonBox::Ok);
        QVERIFY(quota && burst && ok);
        QCOMPARE(quota->value(), 20.0);
        QVERIFY(ok->isEnabled());
        quota->setValue(0.5); // below 1 ms
        QVERIFY(!ok->isEnabled());
        bool said = false;
        for (QLabel* l : d.findChildren<QLabel*>())
            said = said || (l->isVisibleTo(&d) && l->text().contains(QStringLiteral("at least 1 ms")));
        QVERIFY(said);
        quota->setValue(30);
        burst->setValue(40); // above the quota
        QVERIFY(!ok->isEnabled());
        burst->setValue(10);
        QVERIFY(ok->isEnabled());
        QCOMPARE(d.value().quota, std::optional<core::SimTime>(core::SimTime::ms(30)));
        QCOMPARE(d.value().burst, core::SimTime::ms(10));
        d.findChild<QCheckBox*>()->setChecked(true); // "max"
        QVERIFY(!d.value().quota);
        QVERIFY(!quota->isEnabled());
        if (const QByteArray dir = qgetenv("SCHEDSCOPE_SHOTS"); !dir.isEmpty())
            d.grab().save(QString::fromLocal8Bit(dir) + QStringLiteral("/cpumaxdialog.png"));
        // Without burst in the model (v4.11) the field is off and gives none.
        CpuMaxDialog old(QStringLiteral("/batch"), now, false);
        QVERIFY(!old.findChild<QDoubleSpinBox*>(QStringLiteral("burst"))->isEnabled());
        QCOMPARE(old.value().burst, core::SimTime());
    }

    void kernelModelMenuRestartsTheScenarioOnIt() {
        MainWindow w;
        w.show();
        QVERIFY(w.documents().openScenario(QStringLiteral("builtin:default")));
        auto* v612 = w.findChild<QAction*>(QStringLiteral("kernelModel_v6.12"));
        auto* v411 = w.findChild<QAction*>(QStringLiteral("kernelModel_v4.11"));
        QVERIFY(v612 && v411);
        QVERIFY(QTest::qWaitFor([&] { return v411->isChecked(); }, 5000));
        auto* panel = w.findChild<OptimizationsPanel*>();
        QVERIFY(panel->checkBox(core::Optimization::PreferSiblingLocal)->isEnabled());
        v612->trigger();
        QCOMPARE(w.session().spec()->kernel.model, core::KernelModel::V6_12);
        QVERIFY(QTest::qWaitFor([&] { return v612->isChecked(); }, 5000));
        // The default scenario toggles two optimizations v6.12 fixes: dropped, and said so.
        QVERIFY2(w.statusBar()->currentMessage().contains(QStringLiteral("timeline[0].optimizations")),
                 qPrintable(w.statusBar()->currentMessage()));
        QVERIFY(QTest::qWaitFor(
            [&] { return !panel->checkBox(core::Optimization::PreferSiblingLocal)->isEnabled(); }, 5000));
        QVERIFY(panel->checkBox(core::Optimization::PsiDirectIteration)->isEnabled());
        QVERIFY2(
            panel->checkBox(core::Optimization::PsiClockOnce)->toolTip().contains(QStringLiteral("v6.12")),
            qPrintable(panel->checkBox(core::Optimization::PsiClockOnce)->toolTip()));
        QVERIFY(panel->findChild<QLabel*>(QStringLiteral("kernelModel"))
                    ->text()
                    .contains(QStringLiteral("EEVDF")));
        // It runs, and what runs is the model: the session's text loads as a v6.12 file.
        w.session().controller().stepFor(core::SimTime::ms(20));
        QVERIFY(QTest::qWaitFor([&] { return w.session().history().now() == 20000000; }, 5000));
        core::LoadResult again = core::loadScenarioText(w.session().sourceText(), "again");
        QVERIFY(again.ok());
        QCOMPARE(again.spec->kernel.model, core::KernelModel::V6_12);
        // Opening another scenario follows that scenario's own model.
        QVERIFY(w.documents().openScenario(QStringLiteral("builtin:default")));
        QVERIFY(QTest::qWaitFor([&] { return v411->isChecked(); }, 5000));
    }
};

QTEST_MAIN(TestMainWindow)
#include "tst_mainwindow.moc"
