// The GUI smoke test: the main window opens a scenario, refuses a bad one, and closes.
#include "mainwindow.h"

#include <QApplication>
#include <QMessageBox>
#include <QTimer>
#include <QtTest>

class TestMainWindow : public QObject {
    Q_OBJECT
private slots:
    void opensAndCloses() {
        ui::MainWindow w;
        QVERIFY(w.openScenario(QStringLiteral("builtin:default")));
        w.show();
        QVERIFY(QTest::qWaitForWindowExposed(&w));
        QVERIFY(w.windowTitle().contains(QStringLiteral("default")));
        QVERIFY(w.close());
    }

    void invalidScenarioKeepsTheSession() {
        ui::MainWindow w;
        QVERIFY(w.openScenario(QStringLiteral("builtin:default")));
        const QString before = w.scenarioName();
        // Dismiss the error dialog as soon as it appears.
        QTimer::singleShot(0, [] {
            for (QWidget* top : QApplication::topLevelWidgets())
                if (auto* box = qobject_cast<QMessageBox*>(top))
                    box->accept();
        });
        QVERIFY(!w.openScenario(QStringLiteral(SCHEDSCOPE_TEST_DATA "/invalid-channel.json")));
        QCOMPARE(w.scenarioName(), before);
    }
};

QTEST_MAIN(TestMainWindow)
#include "tst_mainwindow.moc"
