// schedscope: the desktop application.
#include "compare/comparewindow.h"
#include "controller/traceloader.h"
#include "export/chartexporter.h"
#include "headlessexport.h"
#include "import/filekind.h"
#include "import/workloadfile.h"
#include "manual.h"
#include "screenshot.h"
#include "window/language.h"
#include "window/mainwindow.h"

#include <QApplication>
#include <QCommandLineParser>
#include <QIcon>
#include <QLayout>
#include <QMainWindow>

#include <cstdio>
#include <cstring>
#include <initializer_list>

namespace {

bool hasArg(int argc, char** argv, std::initializer_list<const char*> names) {
    for (int i = 1; i < argc; ++i)
        for (const char* n : names)
            if (std::strcmp(argv[i], n) == 0 ||
                (std::strncmp(argv[i], n, std::strlen(n)) == 0 && argv[i][std::strlen(n)] == '='))
                return true;
    return false;
}

/// Whether the path names a real scheduler trace (by its content) rather than a scenario.
bool isTraceFile(const QString& path) {
    return core::sniff(path.toStdString()) == core::FileKind::Trace;
}

bool haveDisplay() {
    return !qEnvironmentVariableIsEmpty("DISPLAY") || !qEnvironmentVariableIsEmpty("WAYLAND_DISPLAY");
}

/// Runs that need no window on screen (--export-dir, --screenshot, --help, --version, --man) use
/// the offscreen platform, chosen before Qt starts, so they work without a display. Returns false
/// when a window is needed and there is no display to show it on.
bool choosePlatform(int argc, char** argv) {
    if (!qEnvironmentVariableIsEmpty("QT_QPA_PLATFORM"))
        return true;
    if (hasArg(argc, argv,
               {"--export-dir", "--screenshot", "--help", "-h", "--help-all", "-?", "--version", "-v",
                "--man"})) {
        qputenv("QT_QPA_PLATFORM", "offscreen");
        return true;
    }
    return haveDisplay();
}

core::SimTime durationOption(const QString& text, const char* option, bool& ok) {
    const core::DurationParse d = core::parseDuration(text.toStdString());
    ok = d.value.has_value() && d.value->count() > 0;
    if (!ok)
        std::fprintf(stderr, "schedscope: %s expects a positive duration such as 2s, found \"%s\"\n", option,
                     qPrintable(text));
    return d.value.value_or(core::SimTime{});
}

/// --lang CODE for this run only, else the saved choice; read before the parser, whose help
/// text it translates.
void installLanguage(QApplication& app) {
    QString language = ui::savedLanguage();
    const QStringList rawArgs = QCoreApplication::arguments();
    if (const qsizetype i = rawArgs.indexOf(QStringLiteral("--lang")); i >= 0 && i + 1 < rawArgs.size())
        language = rawArgs[i + 1];
    const QString loaded = ui::installTranslators(app, language);
    if (!language.isEmpty() && language != QStringLiteral("en") && loaded == QStringLiteral("en"))
        std::fprintf(stderr, "schedscope: no translation for \"%s\" (known: de, zh_CN); using English\n",
                     qPrintable(language));
}

/// The command line's options (the positional scenario aside).
struct Options {
    QCommandLineOption exportDir{
        QStringLiteral("export-dir"),
        QApplication::translate(
            "main", "Without a window: run the scenario, write every chart and table to DIR and quit."),
        QStringLiteral("DIR")};
    QCommandLineOption runFor{
        QStringLiteral("for"),
        QApplication::translate("main",
                                "Simulated time for --export-dir (default: the scenario's duration)."),
        QStringLiteral("DUR")};
    QCommandLineOption formats{
        QStringLiteral("format"),
        QApplication::translate(
            "main", "Formats for --export-dir, comma separated: png, svg, pdf, csv (default png,csv)."),
        QStringLiteral("LIST"), QStringLiteral("png,csv")};
    QCommandLineOption screenshot{
        QStringLiteral("screenshot"),
        QApplication::translate("main", "Run to --run-to, save the window as an image to FILE and quit."),
        QStringLiteral("FILE")};
    QCommandLineOption runTo{QStringLiteral("run-to"),
                             QApplication::translate("main", "Simulated time for --screenshot (default 2s)."),
                             QStringLiteral("DUR"), QStringLiteral("2s")};
    QCommandLineOption tab{
        QStringLiteral("tab"),
        QApplication::translate("main", "View tab to show for --screenshot (0 Threads to 6 Details)."),
        QStringLiteral("N"), QStringLiteral("0")};
    QCommandLineOption lang{QStringLiteral("lang"),
                            QApplication::translate("main", "Language for this run: en, de or zh_CN."),
                            QStringLiteral("CODE")};
    QCommandLineOption compare{
        QStringLiteral("compare"),
        QApplication::translate("main", "With --screenshot: the A/B comparison window.")};
    QCommandLineOption compareTrace{
        QStringLiteral("compare-trace"),
        QApplication::translate(
            "main",
            "With --screenshot: the comparison of a real run (a trace FILE) with the scenario's simulation."),
        QStringLiteral("FILE")};
    QCommandLineOption expand{
        QStringLiteral("expand"),
        QApplication::translate("main", "With --screenshot: expand the core holding CPU N in the timeline."),
        QStringLiteral("N")};
    QCommandLineOption pick{
        QStringLiteral("pick"),
        QApplication::translate(
            "main",
            "With --screenshot: show the details of the slice on CPU N at time T (N@T, e.g. 3@1.5s)."),
        QStringLiteral("N@T")};
    QCommandLineOption size{
        QStringLiteral("size"),
        QApplication::translate("main", "Window size for --screenshot and --export-dir (default 1500x950)."),
        QStringLiteral("WxH"), QStringLiteral("1500x950")};
    /// The manual page in roff, for the build (hidden from --help).
    QCommandLineOption man{QStringLiteral("man"), QString()};

    Options() { man.setFlags(QCommandLineOption::HiddenFromHelp); }
    QList<QCommandLineOption> list() const {
        return {exportDir, runFor,       formats, screenshot, runTo, tab, lang,
                compare,   compareTrace, expand,  pick,       size,  man};
    }
    void addTo(QCommandLineParser& parser) const {
        parser.setApplicationDescription(QApplication::translate("main", "Linux CPU scheduler simulator"));
        parser.addHelpOption();
        parser.addVersionOption();
        parser.addPositionalArgument(
            QStringLiteral("scenario"),
            QApplication::translate(
                "main", "A scenario file, builtin:NAME or a scheduler trace (default: builtin:default)"));
        parser.addOptions(list());
    }
};

/// A batch run's windows (the main window, the A/B window) have the size --size asks for, so
/// their layouts give them no minimum size. Otherwise each change of a layout's minimum is handed
/// to the platform window, and the offscreen platform, which cannot take size hints, prints "This
/// plugin does not support propagateSizeHints()" for each (three times in a `make run` without a
/// display). Set when a window is polished, before it is first laid out.
class NoSizeHints : public QObject {
public:
    bool eventFilter(QObject* object, QEvent* event) override {
        if (event->type() == QEvent::Polish)
            if (auto* window = qobject_cast<QMainWindow*>(object); window && window->isWindow())
                window->layout()->setSizeConstraint(QLayout::SetNoConstraint);
        return false;
    }
};

// The exit codes of a batch run.
constexpr int kExitInvalid = 2; ///< the scenario or trace does not load
constexpr int kExitUsage = 64;  ///< a bad command line

/// Batch runs (--screenshot, --export-dir): the window at --size, and the file opened with its
/// messages on stderr, as there is no one to click a message box away. Returns 0 when opened.
int openForBatch(ui::MainWindow& w, const QString& scenario, const QCommandLineParser& parser,
                 const Options& o, QSize& batchSize) {
    // The offscreen screen is 800x800; batch pictures choose their own size.
    const QStringList wh = parser.value(o.size).split(QLatin1Char('x'));
    const int width = wh.value(0).toInt(), height = wh.value(1).toInt();
    if (wh.size() != 2 || width < 320 || height < 240 || width > 8000 || height > 8000) {
        std::fprintf(stderr, "schedscope: --size expects WIDTHxHEIGHT (e.g. 1280x720), found \"%s\"\n",
                     qPrintable(parser.value(o.size)));
        return kExitUsage;
    }
    batchSize = QSize(width, height);
    w.resize(batchSize);
    w.setBatchMode(true);
    if (isTraceFile(scenario)) {
        std::string error;
        auto trace = ui::TraceLoader::load(scenario.toStdString(), error);
        if (!trace) {
            std::fprintf(stderr, "%s\n", error.c_str());
            return kExitInvalid;
        }
        for (const std::string& warning : trace->summary.trace->warnings)
            std::fprintf(stderr, "warning: %s: %s\n", qPrintable(scenario), warning.c_str());
        w.documents().showTrace(std::move(trace));
        return 0;
    }
    core::WorkloadLoad loaded = core::loadScenarioOrWorkload(scenario.toStdString());
    core::LoadResult& r = loaded.result;
    for (const std::string& warning : loaded.warnings)
        std::fprintf(stderr, "warning: %s\n", warning.c_str());
    if (!r.ok()) {
        for (const std::string& e : r.errors)
            std::fprintf(stderr, "%s\n", e.c_str());
        return kExitInvalid;
    }
    w.documents().openLoaded(scenario, std::move(r));
    return 0;
}

/// --export-dir: every chart and table of a run to --for, in the formats asked for. Returns
/// the exit code of a bad command line, or -1 once the job has started.
int startExport(ui::MainWindow& w, const QCommandLineParser& parser, const Options& o,
                std::unique_ptr<QObject>& job) {
    QStringList bad;
    const QList<ui::ExportFormat> list = ui::parseFormats(parser.value(o.formats), bad);
    if (!bad.isEmpty() || list.isEmpty()) {
        std::fprintf(stderr, "schedscope: --format expects png, svg, pdf or csv, found \"%s\"\n",
                     qPrintable(bad.isEmpty() ? parser.value(o.formats) : bad.join(QLatin1Char(','))));
        return kExitUsage;
    }
    core::SimTime until = w.session().spec()->duration;
    if (parser.isSet(o.runFor)) {
        bool ok = false;
        until = durationOption(parser.value(o.runFor), "--for", ok);
        if (!ok)
            return kExitUsage;
    }
    w.show(); // on the offscreen platform: laid out, never on screen
    auto* e = new ui::HeadlessExportJob(w, parser.value(o.exportDir), until, list);
    job.reset(e);
    e->start();
    return -1;
}

/// --screenshot: the window (or the A/B window) at --run-to, with --expand and --pick applied.
/// Returns the exit code of a bad command line or input, or -1 once the job has started.
int startScreenshot(ui::MainWindow& w, const QCommandLineParser& parser, const Options& o, QSize batchSize,
                    std::unique_ptr<QObject>& job) {
    bool ok = false;
    const core::SimTime until = durationOption(parser.value(o.runTo), "--run-to", ok);
    if (!ok)
        return kExitUsage;
    auto s = std::make_unique<ui::ScreenshotJob>(w, parser.value(o.screenshot), until,
                                                 parser.value(o.tab).toInt());
    // The A/B window is pictured at --size too.
    auto pictured = [&](ui::CompareWindow* c) {
        if (c)
            c->resize(batchSize);
        return c;
    };
    if (parser.isSet(o.compare))
        s->useCompare(pictured(w.documents().openCompare()));
    if (parser.isSet(o.compareTrace)) {
        std::string error;
        auto trace = ui::TraceLoader::load(parser.value(o.compareTrace).toStdString(), error);
        if (!trace) {
            std::fprintf(stderr, "%s\n", error.c_str());
            return kExitInvalid;
        }
        s->useCompare(pictured(w.documents().openCompareAgainst(std::move(trace))));
    }
    const uint32_t nrCpus = w.session().topology() ? w.session().topology()->nrCpus() : 0;
    if (parser.isSet(o.expand)) {
        const uint32_t cpu = parser.value(o.expand).toUInt(&ok);
        if (!ok || cpu >= nrCpus) {
            std::fprintf(stderr, "schedscope: --expand expects a CPU number of the scenario, found \"%s\"\n",
                         qPrintable(parser.value(o.expand)));
            return kExitUsage;
        }
        s->expandCpu(cpu);
    }
    if (parser.isSet(o.pick)) {
        const QStringList parts = parser.value(o.pick).split(QLatin1Char('@'));
        const uint32_t cpu = parts.value(0).toUInt(&ok);
        bool timeOk = false;
        const core::SimTime at =
            parts.size() == 2 ? durationOption(parts[1], "--pick", timeOk) : core::SimTime{};
        if (!ok || !timeOk || cpu >= nrCpus) {
            std::fprintf(stderr, "schedscope: --pick expects CPU@TIME (e.g. 3@1.5s), found \"%s\"\n",
                         qPrintable(parser.value(o.pick)));
            return kExitUsage;
        }
        s->pickSlice(cpu, at);
    }
    s->start();
    job = std::move(s);
    return -1;
}

} // namespace

int main(int argc, char** argv) {
    if (!choosePlatform(argc, argv)) {
        std::fprintf(stderr, "schedscope: no display (DISPLAY and WAYLAND_DISPLAY are not set); for a run "
                             "without a window use --export-dir DIR, or set QT_QPA_PLATFORM\n");
        return kExitInvalid;
    }
    QApplication app(argc, argv);
    QApplication::setApplicationName(QStringLiteral("SchedScope"));
    QApplication::setOrganizationName(QStringLiteral("SchedScope"));
    QApplication::setApplicationVersion(QStringLiteral(SCHEDSCOPE_VERSION));
    QApplication::setWindowIcon(QIcon(QStringLiteral(":/icons/schedscope.svg")));
    // Wayland compositors find the desktop entry (name, icon) by this id.
    QGuiApplication::setDesktopFileName(QStringLiteral("io.github.schedscope.SchedScope"));
    const bool manual = hasArg(argc, argv, {"--man"});
    if (!manual) // the manual page is English, whatever language was saved
        installLanguage(app);
    QCommandLineParser parser;
    const Options options;
    options.addTo(parser);
    parser.process(app);
    if (manual) {
        const std::string page = guiManual(options.list());
        std::fwrite(page.data(), 1, page.size(), stdout);
        return 0;
    }

    NoSizeHints noSizeHints;
    if (parser.isSet(options.screenshot) || parser.isSet(options.exportDir))
        app.installEventFilter(&noSizeHints);
    ui::MainWindow w;
    const QStringList args = parser.positionalArguments();
    const QString scenario = args.isEmpty() ? QStringLiteral("builtin:default") : args.first();
    QSize batchSize;
    if (parser.isSet(options.screenshot) || parser.isSet(options.exportDir)) {
        if (const int code = openForBatch(w, scenario, parser, options, batchSize); code != 0)
            return code;
    } else if (!w.documents().openScenario(scenario)) {
        w.documents().openScenario(QStringLiteral("builtin:default"));
    }
    std::unique_ptr<QObject> job;
    if (parser.isSet(options.exportDir)) {
        if (const int code = startExport(w, parser, options, job); code >= 0)
            return code;
        return app.exec();
    }
    w.show();
    if (parser.isSet(options.screenshot))
        if (const int code = startScreenshot(w, parser, options, batchSize, job); code >= 0)
            return code;
    return app.exec();
}
