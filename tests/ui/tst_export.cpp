// Exports as a user gets them: every chart in every format at the size asked for, decoded
// back; failures (a read-only folder, a write that breaks off) report and leave files as they
// were; the headless export writes every file; the Perfetto trace export replays the session.
#include "export/atomicfile.h"
#include "export/chartexporter.h"
#include "export/exportregistry.h"
#include "export/traceexporttask.h"
#include "window/mainwindow.h"

#include <QDirIterator>
#include <QImage>
#include <QImageReader>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QProcess>
#include <QRegularExpression>
#include <QStandardPaths>
#include <QSvgRenderer>
#include <QTemporaryDir>
#include <QXmlStreamReader>
#include <QtTest>

#include <unistd.h>

using namespace ui;

namespace {

void runTo(MainWindow& w, core::SimTime t) {
    w.session().controller().runTo(t);
    QVERIFY(QTest::qWaitFor([&] { return w.session().history().now() >= t.count(); }, 30000));
    QTest::qWait(100); // a frame for the views that are shown; the others stay behind
}

QStringList filesIn(const QString& dir) {
    QStringList out;
    for (QDirIterator it(dir, QDir::Files | QDir::Hidden); it.hasNext();)
        out << QFileInfo(it.next()).fileName();
    out.sort();
    return out;
}

QByteArray readAll(const QString& path) {
    QFile f(path);
    return f.open(QIODevice::ReadOnly) ? f.readAll() : QByteArray();
}

/// The sum of every number in a CSV file but its header row and first column.
double sumOfCells(const QString& path) {
    double total = 0;
    const QList<QByteArray> rows = readAll(path).trimmed().split('\n');
    for (qsizetype i = 1; i < rows.size(); ++i) {
        const QList<QByteArray> cells = rows[i].split(',');
        for (qsizetype c = 1; c < cells.size(); ++c)
            total += cells[c].toDouble();
    }
    return total;
}

const QStringList kCharts = {
    QStringLiteral("occupancy"),      QStringLiteral("topology"),         QStringLiteral("pressure"),
    QStringLiteral("migration-rate"), QStringLiteral("migration-matrix"), QStringLiteral("latency-histogram"),
    QStringLiteral("runqueue-delay"), QStringLiteral("psi-depth"),        QStringLiteral("thread-states")};
const QStringList kTables = {QStringLiteral("migration-table"), QStringLiteral("latency-table"),
                             QStringLiteral("counters"), QStringLiteral("cgroups"),
                             QStringLiteral("thread-counters")};

} // namespace

class TestExport : public QObject {
    Q_OBJECT
private slots:
    void initTestCase() {
        QStandardPaths::setTestModeEnabled(true);
        m_window = std::make_unique<MainWindow>();
        QVERIFY(m_window->documents().openScenario(QStringLiteral("builtin:default")));
        m_window->show();
        m_window->exports().bringUpToDate(); // starts the Depth sweep
        QVERIFY(m_window->exports().isBusy());
        runTo(*m_window, core::SimTime::ms(700));
        QVERIFY(QTest::qWaitFor([&] { return !m_window->exports().isBusy(); }, 120000));
    }
    void cleanupTestCase() { m_window.reset(); }

    void everyViewIsRegistered() {
        QStringList names;
        for (Exportable* e : m_window->exports().views())
            names << e->exportName();
        names.sort();
        // The Query tab's results too, which have no data until a query runs.
        QStringList expected = kCharts + kTables + QStringList{QStringLiteral("query")};
        expected.sort();
        QCOMPARE(names, expected);
    }

    void eachChartInEachFormat_data() {
        QTest::addColumn<QString>("name");
        for (const QString& n : kCharts)
            QTest::newRow(qPrintable(n)) << n;
    }
    void eachChartInEachFormat() {
        QFETCH(QString, name);
        Exportable* view = m_window->exports().find(name);
        QVERIFY(view);
        QTemporaryDir dir;
        const QSize size(900, 500);
        ExportRequest r;
        r.size = size;

        // PNG, at 96 and at 192 dpi (twice the pixels).
        for (int dpi : {96, 192}) {
            r.format = ExportFormat::Png;
            r.dpi = dpi;
            r.path = dir.filePath(QStringLiteral("%1-%2.png").arg(name).arg(dpi));
            QCOMPARE(exportView(*view, r), QString());
            QImageReader reader(r.path);
            QCOMPARE(reader.format(), QByteArray("png"));
            const QImage img = reader.read();
            QCOMPARE(img.size(), size * dpi / 96);
            // Not blank: the chart drew more than its background.
            QSet<QRgb> colours;
            for (int y = 0; y < img.height(); y += 7)
                for (int x = 0; x < img.width(); x += 7)
                    colours.insert(img.pixel(x, y));
            QVERIFY2(colours.size() > 4, qPrintable(QString::number(colours.size())));
        }

        r.format = ExportFormat::Svg;
        r.dpi = 96;
        r.path = dir.filePath(name + QStringLiteral(".svg"));
        QCOMPARE(exportView(*view, r), QString());
        const QByteArray svg = readAll(r.path);
        QXmlStreamReader xml(svg);
        int elements = 0;
        while (!xml.atEnd())
            if (xml.readNext() == QXmlStreamReader::StartElement)
                ++elements;
        QVERIFY2(!xml.hasError(), qPrintable(xml.errorString()));
        QVERIFY(elements > 20);
        QSvgRenderer renderer(svg);
        QVERIFY(renderer.isValid());
        QCOMPARE(renderer.viewBox().size(), size);
        QVERIFY(
            svg.contains(m_window->exports().find(name)->exportTitle().left(10).toHtmlEscaped().toUtf8()));

        r.format = ExportFormat::Pdf;
        r.path = dir.filePath(name + QStringLiteral(".pdf"));
        QCOMPARE(exportView(*view, r), QString());
        const QByteArray pdf = readAll(r.path);
        QVERIFY(pdf.startsWith("%PDF-"));
        QVERIFY(pdf.trimmed().endsWith("%%EOF"));
        // One page of the chart's size in points (px x 72 / 96).
        const QRegularExpression box(QStringLiteral("/MediaBox \\[0 0 ([0-9.]+) ([0-9.]+)\\]"));
        const auto m = box.match(QString::fromLatin1(pdf));
        QVERIFY(m.hasMatch());
        QVERIFY(qAbs(m.captured(1).toDouble() - size.width() * 0.75) < 1.0);
        QVERIFY(qAbs(m.captured(2).toDouble() - size.height() * 0.75) < 1.0);

        r.format = ExportFormat::Csv;
        r.path = dir.filePath(name + QStringLiteral(".csv"));
        QCOMPARE(exportView(*view, r), QString());
        const QList<QByteArray> lines = readAll(r.path).split('\n');
        QVERIFY(lines.size() >= 3); // header, at least one row, final newline
        const qsizetype columns = lines[0].count(',');
        QVERIFY(columns >= 1);
        QCOMPARE(lines[1].count(','), columns);
    }

    void tablesExportAsCsvOnly() {
        QTemporaryDir dir;
        for (const QString& name : kTables) {
            Exportable* t = m_window->exports().find(name);
            QVERIFY(t);
            QVERIFY(!t->hasImage());
            ExportRequest r;
            r.format = ExportFormat::Csv;
            r.path = dir.filePath(name + QStringLiteral(".csv"));
            QCOMPARE(exportView(*t, r), QString());
            QVERIFY(readAll(r.path).count('\n') >= 2);
            r.format = ExportFormat::Png;
            r.path = dir.filePath(name + QStringLiteral(".png"));
            QVERIFY(!exportView(*t, r).isEmpty());
            QVERIFY(!QFile::exists(r.path));
        }
    }

    void readOnlyFolderReportsAndChangesNothing() {
        QTemporaryDir dir;
        const QString existing = dir.filePath(QStringLiteral("occupancy.png"));
        {
            QFile f(existing);
            QVERIFY(f.open(QIODevice::WriteOnly));
            f.write("the previous export");
        }
        QString folder = dir.path();
        if (geteuid() == 0) {
            // Permissions do not stop root: /proc takes no new files from anyone.
            folder = QStringLiteral("/proc");
        } else {
            QVERIFY(QFile::setPermissions(dir.path(), QFile::ReadOwner | QFile::ExeOwner));
        }
        const QStringList before = filesIn(dir.path());
        ExportRequest r;
        r.path = QDir(folder).filePath(QStringLiteral("occupancy.png"));
        const QString error = exportView(*m_window->exports().find(QStringLiteral("occupancy")), r);
        QVERIFY(!error.isEmpty());
        QVERIFY2(error.contains(r.path), qPrintable(error));
        const ExportReport all = m_window->exports().exportAll(folder, {ExportFormat::Png, ExportFormat::Csv},
                                                               QSize(400, 300), 96);
        QVERIFY(all.written.isEmpty());
        QVERIFY(!all.errors.isEmpty());
        QFile::setPermissions(dir.path(), QFile::ReadOwner | QFile::WriteOwner | QFile::ExeOwner);
        QCOMPARE(filesIn(dir.path()), before);
        QCOMPARE(readAll(existing), QByteArray("the previous export"));
    }

    void aWriteThatBreaksOffLeavesTheOldFile() {
        QTemporaryDir dir;
        const QString path = dir.filePath(QStringLiteral("chart.svg"));
        QCOMPARE(writeFileAtomically(path, QByteArray("old")), QString());
        const QString error = writeFileAtomically(path, [](QIODevice& d, QString& why) {
            d.write("half of a new fi");
            why = QStringLiteral("No space left on device");
            return false;
        });
        QVERIFY(error.contains(path));
        QVERIFY(error.contains(QStringLiteral("No space left on device")));
        QCOMPARE(readAll(path), QByteArray("old"));
        QCOMPARE(filesIn(dir.path()), QStringList{QStringLiteral("chart.svg")});
    }

    void exportsDoNotDependOnWhichTabsWereShown() {
        // The Migrations tab was never shown: after the run goes on, its chart and table are
        // behind the session until an export brings them up to date.
        runTo(*m_window, core::SimTime::ms(900));
        const History& h = m_window->session().history();
        QVERIFY(h.migrations().size() > 5);
        m_window->session().view().showWholeRun(h.now());
        QTemporaryDir dir;
        const ExportReport report =
            m_window->exports().exportAll(dir.path(), {ExportFormat::Csv}, QSize(640, 400), 96);
        QVERIFY2(report.errors.isEmpty(), qPrintable(report.errors.join(QLatin1Char('\n'))));
        const QList<QByteArray> table =
            readAll(dir.filePath(QStringLiteral("migration-table.csv"))).trimmed().split('\n');
        QCOMPARE(size_t(table.size() - 1), h.migrations().size());
        QCOMPARE(sumOfCells(dir.filePath(QStringLiteral("migration-rate.csv"))),
                 double(h.migrations().size()));
        QCOMPARE(sumOfCells(dir.filePath(QStringLiteral("migration-matrix.csv"))),
                 double(h.migrations().size()));
    }

    void exportAllWritesOneFilePerViewAndFormat() {
        QTemporaryDir dir;
        const ExportReport report = m_window->exports().exportAll(
            dir.path(), {ExportFormat::Png, ExportFormat::Svg, ExportFormat::Pdf, ExportFormat::Csv},
            QSize(640, 400), 96);
        QVERIFY2(report.errors.isEmpty(), qPrintable(report.errors.join(QLatin1Char('\n'))));
        QStringList expected;
        for (const QString& n : kCharts)
            for (const char* ext : {"png", "svg", "pdf", "csv"})
                expected << n + QLatin1Char('.') + QLatin1String(ext);
        for (const QString& n : kTables)
            expected << n + QStringLiteral(".csv");
        expected.sort();
        QCOMPARE(filesIn(dir.path()), expected);
    }

    void headlessExportWritesEveryFile() {
        QTemporaryDir dir;
        QProcess p;
        QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
        env.remove(QStringLiteral("QT_QPA_PLATFORM")); // it must choose offscreen by itself
        env.remove(QStringLiteral("DISPLAY"));
        env.insert(QStringLiteral("XDG_CONFIG_HOME"), dir.filePath(QStringLiteral("config")));
        p.setProcessEnvironment(env);
        const QString out = dir.filePath(QStringLiteral("charts"));
        p.start(QStringLiteral(SCHEDSCOPE_APP),
                {QStringLiteral("--export-dir"), out, QStringLiteral("--for"), QStringLiteral("400ms"),
                 QStringLiteral("--format"), QStringLiteral("png,svg,pdf,csv"),
                 QStringLiteral("builtin:default")});
        QVERIFY(p.waitForFinished(120000));
        const QString stdoutText = QString::fromUtf8(p.readAllStandardOutput());
        QCOMPARE(p.exitCode(), 0);
        const QStringList files = filesIn(out);
        QCOMPARE(files.size(), kCharts.size() * 4 + kTables.size());
        for (const QString& f : files) {
            QVERIFY2(stdoutText.contains(QDir(out).filePath(f)), qPrintable(f));
            QVERIFY(QFileInfo(QDir(out).filePath(f)).size() > 50);
        }
        // A bad format is refused before anything runs.
        p.start(QStringLiteral(SCHEDSCOPE_APP),
                {QStringLiteral("--export-dir"), out, QStringLiteral("--format"), QStringLiteral("png,gif")});
        QVERIFY(p.waitForFinished(60000));
        QCOMPARE(p.exitCode(), 64);
        QVERIFY(p.readAllStandardError().contains("gif"));
    }

    void badInputNeverHangsTheApplication_data() {
        QTest::addColumn<QStringList>("args");
        QTest::addColumn<int>("exitCode");
        QTest::addColumn<QString>("expected"); // in stdout + stderr
        const QString data = QStringLiteral(SCHEDSCOPE_TEST_DATA);
        const QString missing = data + QStringLiteral("/no-such-scenario.json");
        const QString invalid = data + QStringLiteral("/invalid-channel.json");
        const QString truncated = data + QStringLiteral("/truncated.json");
        QTest::newRow("export, missing file")
            << QStringList{QStringLiteral("--export-dir"), QStringLiteral("OUT"), missing} << 2
            << QStringLiteral("no-such-scenario.json");
        QTest::newRow("export, invalid file")
            << QStringList{QStringLiteral("--export-dir"), QStringLiteral("OUT"), invalid} << 2
            << QStringLiteral("invalid-channel.json: tasks[");
        QTest::newRow("export, truncated JSON")
            << QStringList{QStringLiteral("--export-dir"), QStringLiteral("OUT"), truncated} << 2
            << QStringLiteral("truncated.json:");
        QTest::newRow("screenshot, invalid file")
            << QStringList{QStringLiteral("--screenshot"), QStringLiteral("OUT/s.png"), invalid} << 2
            << QStringLiteral("invalid-channel.json");
        QTest::newRow("--version") << QStringList{QStringLiteral("--version")} << 0
                                   << QStringLiteral(SCHEDSCOPE_VERSION);
        QTest::newRow("--help") << QStringList{QStringLiteral("--help")} << 0
                                << QStringLiteral("--export-dir");
        QTest::newRow("a window without a display")
            << QStringList{QStringLiteral("builtin:default")} << 2 << QStringLiteral("no display");
    }
    void badInputNeverHangsTheApplication() {
        // Without a display and without QT_QPA_PLATFORM, as on a server or in CI: every case
        // answers at once with a message and an exit code, no window, no modal dialog.
        QFETCH(QStringList, args);
        QFETCH(int, exitCode);
        QFETCH(QString, expected);
        QTemporaryDir dir;
        for (QString& a : args)
            a.replace(QStringLiteral("OUT"), dir.filePath(QStringLiteral("out")));
        QProcess p;
        QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
        env.remove(QStringLiteral("QT_QPA_PLATFORM"));
        env.remove(QStringLiteral("DISPLAY"));
        env.remove(QStringLiteral("WAYLAND_DISPLAY"));
        env.insert(QStringLiteral("XDG_CONFIG_HOME"), dir.filePath(QStringLiteral("config")));
        p.setProcessEnvironment(env);
        p.start(QStringLiteral(SCHEDSCOPE_APP), args);
        QVERIFY2(p.waitForFinished(30000), "the application hung");
        QCOMPARE(p.exitStatus(), QProcess::NormalExit);
        const QString output = QString::fromUtf8(p.readAllStandardOutput() + p.readAllStandardError());
        QCOMPARE(p.exitCode(), exitCode);
        QVERIFY2(output.contains(expected), qPrintable(output));
        QVERIFY(!QFileInfo::exists(dir.filePath(QStringLiteral("out"))));
    }

    void traceExportReplaysTheSession() {
        const core::SessionSave saved = m_window->session().savedScenario();
        QVERIFY(saved.ok());
        QTemporaryDir dir;
        const QString path = dir.filePath(QStringLiteral("trace.json"));
        const int64_t now = m_window->session().history().now();
        QCOMPARE(TraceExportTask::write(saved.text, core::SimTime::ns(now), path), QString());
        QJsonParseError err;
        const QJsonDocument doc = QJsonDocument::fromJson(readAll(path), &err);
        QCOMPARE(err.error, QJsonParseError::NoError);
        int migrations = 0;
        for (const QJsonValue& v : doc.object().value(QStringLiteral("traceEvents")).toArray())
            migrations += v[QStringLiteral("ph")] == QStringLiteral("i") &&
                          v[QStringLiteral("cat")] == QStringLiteral("migration");
        // The same run: as many migrations as the session delivered.
        QCOMPARE(uint64_t(migrations), m_window->session().history().latest().counters.migrations);
        // Cancelled: nothing written.
        const QString cancelled = dir.filePath(QStringLiteral("cancelled.json"));
        QVERIFY(!TraceExportTask::write(saved.text, core::SimTime::ns(now), cancelled, [](double) {
                     return false;
                 }).isEmpty());
        QVERIFY(!QFile::exists(cancelled));
    }

private:
    std::unique_ptr<MainWindow> m_window;
};

QTEST_MAIN(TestExport)
#include "tst_export.moc"
