// schedscope: the desktop application.
#include "mainwindow.h"
#include "screenshot.h"

#include <QApplication>
#include <QCommandLineParser>

#include <cstdio>

int main(int argc, char** argv) {
    QApplication app(argc, argv);
    QApplication::setApplicationName(QStringLiteral("SchedScope"));
    QApplication::setOrganizationName(QStringLiteral("SchedScope"));
    QApplication::setApplicationVersion(QStringLiteral("0.1.0"));

    QCommandLineParser parser;
    parser.setApplicationDescription(QApplication::translate("main", "Linux CPU scheduler simulator"));
    parser.addHelpOption();
    parser.addVersionOption();
    parser.addPositionalArgument(
        QStringLiteral("scenario"),
        QApplication::translate("main", "A scenario file or builtin:NAME (default: builtin:default)"));
    const QCommandLineOption screenshot(
        QStringLiteral("screenshot"),
        QApplication::translate("main", "Run to --run-to, save the window as an image to FILE and quit."),
        QStringLiteral("FILE"));
    const QCommandLineOption runTo(
        QStringLiteral("run-to"),
        QApplication::translate("main", "Simulated time for --screenshot (default 2s)."),
        QStringLiteral("DUR"), QStringLiteral("2s"));
    const QCommandLineOption tab(QStringLiteral("tab"),
                                 QApplication::translate("main", "View tab to show for --screenshot (0-3)."),
                                 QStringLiteral("N"), QStringLiteral("0"));
    parser.addOptions({screenshot, runTo, tab});
    parser.process(app);

    ui::MainWindow w;
    const QStringList args = parser.positionalArguments();
    const QString scenario = args.isEmpty() ? QStringLiteral("builtin:default") : args.first();
    if (!w.openScenario(scenario)) {
        if (parser.isSet(screenshot))
            return 2;
        w.openScenario(QStringLiteral("builtin:default"));
    }
    w.show();
    std::unique_ptr<ui::ScreenshotJob> job;
    if (parser.isSet(screenshot)) {
        const core::DurationParse d = core::parseDuration(parser.value(runTo).toStdString());
        if (!d.value) {
            std::fprintf(stderr, "schedscope: --run-to expects a duration, %s\n", d.error.c_str());
            return 64;
        }
        job = std::make_unique<ui::ScreenshotJob>(w, parser.value(screenshot), *d.value,
                                                  parser.value(tab).toInt());
        job->start();
    }
    return app.exec();
}
