// Settings persist: window geometry and dock layout, speed, history cap, recent files,
// language and the last export folder survive closing and reopening the window.
#include "export/exportregistry.h"
#include "window/language.h"
#include "window/mainwindow.h"
#include "window/recentfiles.h"

#include <QDockWidget>
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
        QCoreApplication::setApplicationName(QStringLiteral("tst_settings"));
        QSettings().clear();
    }
    void cleanupTestCase() { QSettings().clear(); }

    void roundTrip() {
        QTemporaryDir exportDir;
        QRect geometry;
        {
            MainWindow w;
            QVERIFY(w.documents().openScenario(QStringLiteral("builtin:default")));
            w.show();
            QVERIFY(QTest::qWaitForWindowExposed(&w));
            w.setGeometry(40, 50, 1111, 777);
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
