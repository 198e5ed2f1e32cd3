// Settings persist: window geometry and dock layout, speed, history cap, recent files,
// language and the last export folder survive closing and reopening the window.
#include "export/exportregistry.h"
#include "window/language.h"
#include "window/mainwindow.h"
#include "window/recentfiles.h"

#include <QDockWidget>
#include <QFile>
#include <QScreen>
#include <QSettings>
#include <QSlider>
#include <QStandardPaths>
#include <QTemporaryDir>
#include <QtTest>

using namespace ui;

class TestSettings : public QObject {
    Q_OBJECT
private slots:
    void initTestCase() {
        QStandardPaths::setTestModeEnabled(true);
        QCoreApplication::setOrganizationName(QStringLiteral("SchedScopeTest"));
        // A settings file of this process's own: ctest runs tst_settings and tst_settings_wm (the
        // same binary) side by side, and one's clear() must not empty the other's settings.
        QCoreApplication::setApplicationName(
            QStringLiteral("tst_settings-%1").arg(QCoreApplication::applicationPid()));
        QSettings().clear();
    }
    void cleanupTestCase() {
        const QString file = QSettings().fileName();
        QSettings().clear();
        QFile::remove(file);
    }

    void roundTrip() {
        QTemporaryDir exportDir;
        QRect geometry;
        {
            MainWindow w;
            QVERIFY(w.documents().openScenario(QStringLiteral("builtin:default")));
            w.show();
            QVERIFY(QTest::qWaitForWindowExposed(&w));
            w.setGeometry(40, 50, 700, 500); // fits the offscreen platform's 800-pixel screen
            w.setSpeedPreset(2);
            w.session().history().setCap(size_t(96) << 20);
            auto* counters = w.findChild<QDockWidget*>(QStringLiteral("countersDock"));
            QVERIFY(counters);
            counters->hide();
            QVERIFY(w.documents().openScenario(QStringLiteral("builtin:autogroup-exit")));
            saveLanguage(QStringLiteral("de"));
            ExportRegistry::setLastFolder(exportDir.path());
            QTest::qWait(50);
            geometry = w.geometry();
            QVERIFY(w.close());
        }
        MainWindow w;
        w.show();
        QVERIFY(QTest::qWaitForWindowExposed(&w));
        QCOMPARE(w.size(), geometry.size());
        QCOMPARE(w.findChild<QSlider*>(QStringLiteral("speedSlider"))->value(), 2);
        QCOMPARE(w.session().history().cap(), size_t(96) << 20);
        QVERIFY(!w.findChild<QDockWidget*>(QStringLiteral("countersDock"))->isVisible());
        QVERIFY(w.findChild<QDockWidget*>(QStringLiteral("cgroupsDock"))->isVisible());
        const QStringList recent = w.findChild<RecentFiles*>()->files();
        QVERIFY(!recent.isEmpty());
        QCOMPARE(recent.value(0), QStringLiteral("builtin:autogroup-exit"));
        QCOMPARE(recent.value(1), QStringLiteral("builtin:default"));
        QCOMPARE(savedLanguage(), QStringLiteral("de"));
        QCOMPARE(ExportRegistry::lastFolder(), exportDir.path());
    }

    void aLayoutFromALargerScreenIsFittedToThisOne() {
        // Saved on a 1280x720 screen, restored on a smaller one: the window came back 1280 wide,
        // its right docks and status bar off screen. The offscreen platform's screen is 800 px wide.
        {
            MainWindow w;
            w.show();
            QVERIFY(QTest::qWaitForWindowExposed(&w));
            w.setGeometry(9, 51, 1264, 672);
            QTest::qWait(50);
            QVERIFY(w.close());
        }
        MainWindow w;
        w.show();
        QVERIFY(QTest::qWaitForWindowExposed(&w));
        const QRect screen = w.screen()->availableGeometry();
        QVERIFY(screen.width() < 1264);
        // As small as the screen, or as the window can be, whichever is larger.
        QVERIFY2(w.width() <= std::max(screen.width(), w.minimumSizeHint().width()),
                 qPrintable(QStringLiteral("%1 px on a %2 px screen").arg(w.width()).arg(screen.width())));
        QVERIFY(w.height() <= std::max(screen.height(), w.minimumSizeHint().height()));
        QVERIFY(w.width() < 1264);
        QVERIFY(screen.contains(w.pos()));
        // Frame included (a window manager's title bar and borders, under run-under-wm.sh): the
        // whole window is on the screen, where its smallest size fits there.
        const QSize least = w.minimumSizeHint().expandedTo(w.minimumSize());
        if (least.width() <= screen.width() && least.height() <= screen.height()) {
            QTRY_VERIFY2(screen.contains(w.frameGeometry()),
                         qPrintable(QStringLiteral("frame %1,%2 %3x%4 on a %5x%6 screen")
                                        .arg(w.frameGeometry().x())
                                        .arg(w.frameGeometry().y())
                                        .arg(w.frameGeometry().width())
                                        .arg(w.frameGeometry().height())
                                        .arg(screen.width())
                                        .arg(screen.height())));
        }
    }

    void aVanishedExportFolderFallsBack() {
        {
            QTemporaryDir gone;
            ExportRegistry::setLastFolder(gone.path());
        }
        QVERIFY(QDir(ExportRegistry::lastFolder()).exists());
    }
};

QTEST_MAIN(TestSettings)
#include "tst_settings.moc"
