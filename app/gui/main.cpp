// schedscope: the desktop application.
#include "mainwindow.h"

#include <QApplication>
#include <QCommandLineParser>

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
    parser.process(app);

    ui::MainWindow w;
    const QStringList args = parser.positionalArguments();
    if (!w.openScenario(args.isEmpty() ? QStringLiteral("builtin:default") : args.first()) && !args.isEmpty())
        w.openScenario(QStringLiteral("builtin:default"));
    w.show();
    return app.exec();
}
