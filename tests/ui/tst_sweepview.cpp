// File > Open Sweep Results: a results folder made by runSweep, shown as lines with error bars
// and as a heat map whose figures are the aggregates over seeds, a click that runs the cell in
// the main window, the chart's export, and folders that do not read leaving the session alone.
#include "experiments/sweepresults.h"
#include "experiments/sweeprun.h"
#include "experiments/sweepspec.h"
#include "export/chartexporter.h"
#include "export/exportregistry.h"
#include "plots/sweepplot.h"
#include "sweep/sweepwindow.h"
#include "window/mainwindow.h"

#include <QComboBox>
#include <QLabel>
#include <QMessageBox>
#include <QStandardItemModel>
#include <QStandardPaths>
#include <QStatusBar>
#include <QTemporaryDir>
#include <QTimer>
#include <QToolTip>
#include <QtTest>

#include <qcustomplot.h>

#include <cmath>
#include <fstream>

using namespace ui;

namespace {

const char* kFullSpec = R"({"scenario": "builtin:default", "for": "50ms",
  "axes": {"model": ["v4.11", "v6.12"], "topology.cores_per_socket": [2, 3, 4], "seed": {"from": 1, "to": 3}},
  "metrics": ["counters.migrations", "counters.context_switches"]})";
/// Seed first, so that it varies slowest: slice 0 of 2 (the even cells) leaves three of the six
/// combinations with no cell at all.
const char* kSeedFirstSpec = R"({"scenario": "builtin:default", "for": "50ms",
  "axes": {"seed": {"from": 1, "to": 3}, "model": ["v4.11", "v6.12"], "topology.cores_per_socket": [2, 3, 4]},
  "metrics": ["counters.migrations"]})";
/// Task a may run on CPU 3 only: the two-core cells fail, and cannot be shaped to run either.
const char* kPinnedSpec = R"({"scenario": {"format": 1, "name": "pinned", "duration": "20ms",
    "topology": {"sockets": 1, "cores_per_socket": 4, "threads_per_core": 1},
    "tasks": [{"name": "a", "cpus": "3", "program": [{"loop": -1, "do": [{"run": "1ms"}, {"sleep": "1ms"}]}]},
              {"name": "b", "count": 2, "program": [{"loop": -1, "do": [{"run": "2ms"}, {"sleep": "500us"}]}]}]},
  "axes": {"topology.cores_per_socket": [2, 4], "seed": [1, 2]}, "metrics": ["counters.context_switches"]})";

/// A metric no summary has: the folder reads, with a warning.
const char* kMissingMetricSpec = R"({"scenario": "builtin:default", "for": "20ms",
  "axes": {"model": ["v4.11", "v6.12"], "seed": [1, 2]}, "metrics": ["counters.migrations", "summary.nothing_here"]})";

/// Runs a sweep into `dir`; "" or what went wrong.
QString makeSweep(const QString& dir, const char* specText, size_t slice = 0, size_t slices = 1) {
    const core::SweepSpecLoad l = core::parseSweepSpec(specText, "spec.json");
    if (!l.ok())
        return QString::fromStdString(l.errors.front());
    core::SweepRunOptions o;
    o.outDir = dir.toStdString();
    o.jobs = 2;
    o.sliceIndex = slice;
    o.sliceCount = slices;
    const core::SweepRunResult r = core::runSweep(*l.spec, o);
    return r.ok() ? QString() : QStringLiteral("runSweep: %1").arg(QString::fromStdString(r.error));
}

/// Accepts the next message box as soon as it shows, remembering its text.
std::shared_ptr<QString> dismissNextMessageBox() {
    auto text = std::make_shared<QString>();
    QTimer::singleShot(0, [text] {
        for (QWidget* top : QApplication::topLevelWidgets())
            if (auto* box = qobject_cast<QMessageBox*>(top); box && box->isVisible()) {
                *text = box->text() + QLatin1Char('\n') + box->informativeText();
                box->accept();
            }
    });
    return text;
}

bool choose(SweepWindow& w, const char* combo, const QString& text) {
    auto* c = w.findChild<QComboBox*>(QLatin1String(combo));
    const int i = c ? c->findText(text) : -1;
    if (i < 0)
        return false;
    c->setCurrentIndex(i);
    return true;
}

/// The aggregate of the combination (model, cores) as core computes it.
const core::SweepGroup* groupOf(const std::vector<core::SweepGroup>& groups, const QString& model,
                                double cores) {
    for (const core::SweepGroup& g : groups) {
        bool m = false, c = false;
        for (const auto& [axis, value] : g.values) {
            m = m || (axis == "model" && value == "\"" + model.toStdString() + "\"");
            c = c ||
                (axis == "topology.cores_per_socket" && QString::fromStdString(value).toDouble() == cores);
        }
        if (m && c)
            return &g;
    }
    return nullptr;
}

QCPErrorBars* errorBarsOf(QCustomPlot& plot, QCPGraph* graph) {
    for (int i = 0; i < plot.plottableCount(); ++i)
        if (auto* bars = qobject_cast<QCPErrorBars*>(plot.plottable(i));
            bars && bars->dataPlottable() == graph)
            return bars;
    return nullptr;
}

/// The grid index of the cell with these values (model label, cores, seed).
size_t cellIndexOf(const core::SweepSpec& spec, const std::string& model, const std::string& cores,
                   int seed) {
    for (size_t i = 0; i < spec.cellCount(); ++i) {
        int hits = 0;
        for (const auto& [axis, value] : spec.cell(i).values)
            hits += (axis == "model" && value == "\"" + model + "\"") ||
                    (axis == "topology.cores_per_socket" && value == cores) ||
                    (axis == "seed" && value == std::to_string(seed));
        if (hits == 3)
            return i;
    }
    return spec.cellCount();
}

} // namespace

class TestSweepView : public QObject {
    Q_OBJECT
    QTemporaryDir m_dir;
    QString m_full, m_partial, m_pinned;
    core::SweepResults m_results; ///< m_full as core reads it
    std::vector<core::SweepGroup> m_groups;

    /// Checks every point of every line against core's aggregate of metric `m`.
    void checkLines(SweepWindow& s, size_t m) {
        QCustomPlot* p = s.plot()->customPlot();
        QCOMPARE(p->graphCount(), 2); // a line per model
        QStringList names;
        for (int g = 0; g < p->graphCount(); ++g) {
            QCPGraph* graph = p->graph(g);
            names << graph->name();
            QCPErrorBars* bars = errorBarsOf(*p, graph);
            QVERIFY(bars);
            QCOMPARE(graph->data()->size(), 3); // cores 2, 3, 4
            QCOMPARE(bars->dataCount(), 3);
            for (int i = 0; i < graph->data()->size(); ++i) {
                const double cores = graph->data()->at(i)->key;
                QCOMPARE(cores, 2.0 + i); // numeric x: drawn at the value itself
                const core::SweepGroup* group = groupOf(m_groups, graph->name(), cores);
                QVERIFY2(group, qPrintable(graph->name()));
                const core::SweepStat& st = *group->metrics[m];
                QCOMPARE(st.n, size_t(3));
                QCOMPARE(graph->data()->at(i)->value, st.mean);
                QCOMPARE(bars->data()->at(i).errorPlus, st.stdErr);
                QCOMPARE(bars->data()->at(i).errorMinus, st.stdErr);
            }
        }
        QCOMPARE(names, QStringList({QStringLiteral("v4.11"), QStringLiteral("v6.12")}));
    }

private slots:
    void initTestCase() {
        QStandardPaths::setTestModeEnabled(true);
        QVERIFY(m_dir.isValid());
        m_full = m_dir.filePath(QStringLiteral("full"));
        m_partial = m_dir.filePath(QStringLiteral("partial"));
        m_pinned = m_dir.filePath(QStringLiteral("pinned"));
        QCOMPARE(makeSweep(m_full, kFullSpec), QString());
        QCOMPARE(makeSweep(m_partial, kSeedFirstSpec, 0, 2), QString());
        QCOMPARE(makeSweep(m_pinned, kPinnedSpec), QString());
        core::SweepResultsLoad l = core::readSweepResults(m_full.toStdString());
        QVERIFY(l.ok());
        m_results = std::move(*l.results);
        m_groups = core::aggregateOverSeeds(m_results);
        QCOMPARE(m_groups.size(), size_t(6));
        // Error bars that could not be told from none would prove nothing.
        bool spread = false;
        for (const core::SweepGroup& g : m_groups)
            spread = spread || (g.metrics[0] && g.metrics[0]->stdErr > 0);
        QVERIFY(spread);
    }

    void linesAreTheMeansOverSeedsWithTheirStandardErrors() {
        MainWindow w;
        SweepWindow* s = w.documents().openSweepResults(m_full);
        QVERIFY(s);
        QVERIFY(choose(*s, "sweepX", QStringLiteral("topology.cores_per_socket")));
        QVERIFY(choose(*s, "sweepLinesBy", QStringLiteral("model")));
        checkLines(*s, 0);
        // The metric chosen is the one drawn.
        QVERIFY(choose(*s, "sweepMetric", QStringLiteral("counters.context_switches")));
        checkLines(*s, 1);
        QCOMPARE(s->findChild<QLabel*>(QStringLiteral("sweepCounts"))->text(),
                 QStringLiteral("18 of 18 cells, 0 failed, 0 missing"));
        QVERIFY(s->plot()->customPlot()->legend->visible());
        QVERIFY(
            s->plot()->customPlot()->yAxis->label().contains(QStringLiteral("counters.context_switches")));
        QVERIFY(
            s->plot()->customPlot()->xAxis->label().contains(QStringLiteral("topology.cores_per_socket")));
    }

    void anAxisNotPlottedIsHeldAtTheValueChosen() {
        MainWindow w;
        SweepWindow* s =
            w.documents().openSweepResults(m_full + QStringLiteral("/sweep.json")); // the file does too
        QVERIFY(s);
        QVERIFY(choose(*s, "sweepX", QStringLiteral("topology.cores_per_socket")));
        QVERIFY(choose(*s, "sweepLinesBy", QStringLiteral("(none)")));
        auto* held = s->findChild<QComboBox*>(QStringLiteral("sweepHeld_model"));
        QVERIFY(held);
        QCustomPlot* p = s->plot()->customPlot();
        for (const QString& model : {QStringLiteral("v4.11"), QStringLiteral("v6.12")}) {
            QVERIFY(choose(*s, "sweepHeld_model", model));
            QCOMPARE(p->graphCount(), 1);
            QCOMPARE(p->graph(0)->data()->size(), 3);
            for (int i = 0; i < 3; ++i)
                QCOMPARE(p->graph(0)->data()->at(i)->value,
                         groupOf(m_groups, model, 2.0 + i)->metrics[0]->mean);
        }
    }

    void tooltipsSayTheMeanAndN() {
        MainWindow w;
        SweepWindow* s = w.documents().openSweepResults(m_full);
        QVERIFY(s);
        s->show();
        QVERIFY(QTest::qWaitForWindowExposed(s));
        QVERIFY(choose(*s, "sweepX", QStringLiteral("topology.cores_per_socket")));
        QVERIFY(choose(*s, "sweepLinesBy", QStringLiteral("model")));
        QCustomPlot* p = s->plot()->customPlot();
        p->replot();
        const auto point = p->graph(0)->data()->at(1);
        const QPoint pos(qRound(p->xAxis->coordToPixel(point->key)),
                         qRound(p->yAxis->coordToPixel(point->value)));
        QHelpEvent help(QEvent::ToolTip, pos, p->mapToGlobal(pos));
        QApplication::sendEvent(p, &help);
        QTRY_VERIFY(QToolTip::isVisible());
        QVERIFY2(QToolTip::text().contains(QStringLiteral("n = 3")), qPrintable(QToolTip::text()));
        QVERIFY2(QToolTip::text().contains(QStringLiteral("topology.cores_per_socket = 3")),
                 qPrintable(QToolTip::text()));
        QToolTip::hideText();
    }

    void theHeatMapHasACellPerCombination() {
        MainWindow w;
        SweepWindow* s = w.documents().openSweepResults(m_full);
        QVERIFY(s);
        QVERIFY(choose(*s, "sweepX", QStringLiteral("topology.cores_per_socket")));
        s->setView(SweepWindow::View::HeatMap);
        QVERIFY(choose(*s, "sweepY", QStringLiteral("model")));
        QVERIFY(s->plot()->isHeatMap());
        QCPColorMap* map = s->plot()->colorMap();
        QVERIFY(map);
        QCOMPARE(map->data()->keySize(), 3);
        QCOMPARE(map->data()->valueSize(), 2);
        const QStringList models{QStringLiteral("v4.11"), QStringLiteral("v6.12")};
        for (int x = 0; x < 3; ++x)
            for (int y = 0; y < 2; ++y)
                QCOMPARE(map->data()->cell(x, y), groupOf(m_groups, models[y], 2.0 + x)->metrics[0]->mean);
        QCOMPARE(s->plot()->customPlot()->graphCount(), 0);
        // Back to lines: the colour map goes.
        s->setView(SweepWindow::View::Lines);
        QVERIFY(!s->plot()->colorMap());
        QCOMPARE(s->plot()->customPlot()->graphCount(), 2);
    }

    void combinationsWithNoFinishedCellAreBlank() {
        MainWindow w;
        SweepWindow* s = w.documents().openSweepResults(m_partial);
        QVERIFY(s);
        QCOMPARE(s->findChild<QLabel*>(QStringLiteral("sweepCounts"))->text(),
                 QStringLiteral("9 of 18 cells, 0 failed, 9 missing"));
        QVERIFY(choose(*s, "sweepX", QStringLiteral("topology.cores_per_socket")));
        s->setView(SweepWindow::View::HeatMap);
        QVERIFY(choose(*s, "sweepY", QStringLiteral("model")));
        QCPColorMap* map = s->plot()->colorMap();
        QVERIFY(map);
        // Cells 0, 2 and 4 of every seed: (v4.11, 2), (v4.11, 4) and (v6.12, 3).
        for (int x = 0; x < 3; ++x)
            for (int y = 0; y < 2; ++y) {
                const bool finished = (y * 3 + x) % 2 == 0;
                QCOMPARE(std::isnan(map->data()->cell(x, y)), !finished);
            }
        // As lines, v4.11 has 2 and 4 and a gap (NaN) between them rather than a bridge.
        s->setView(SweepWindow::View::Lines);
        QVERIFY(choose(*s, "sweepLinesBy", QStringLiteral("model")));
        QCustomPlot* p = s->plot()->customPlot();
        QCOMPARE(p->graphCount(), 2);
        QCOMPARE(p->graph(0)->data()->size(), 3);
        QCOMPARE(p->graph(0)->data()->at(0)->key, 2.0);
        QVERIFY(std::isnan(p->graph(0)->data()->at(1)->value));
        QCOMPARE(p->graph(0)->data()->at(2)->key, 4.0);
        QCOMPARE(p->graph(1)->data()->size(), 1);
        QCOMPARE(p->graph(1)->data()->at(0)->key, 3.0);
    }

    void aClickRunsThatCellInTheMainWindow() {
        MainWindow w;
        QVERIFY(w.documents().openScenario(QStringLiteral("builtin:default")));
        SweepWindow* s = w.documents().openSweepResults(m_full);
        QVERIFY(s);
        s->show();
        QVERIFY(QTest::qWaitForWindowExposed(s));
        QVERIFY(choose(*s, "sweepX", QStringLiteral("topology.cores_per_socket")));
        QVERIFY(choose(*s, "sweepLinesBy", QStringLiteral("model")));
        QCustomPlot* p = s->plot()->customPlot();
        p->replot();
        // A point of v6.12 far enough from every other that the click can only mean it.
        QCPGraph* graph = p->graph(1);
        QCOMPARE(graph->name(), QStringLiteral("v6.12"));
        auto pixelOf = [p](const QCPGraphData& d) {
            return QPointF(p->xAxis->coordToPixel(d.key), p->yAxis->coordToPixel(d.value));
        };
        int chosen = -1;
        for (int i = graph->data()->size() - 1; i >= 0 && chosen < 0; --i) {
            const QPointF at = pixelOf(*graph->data()->at(i));
            const QPointF other = pixelOf(*p->graph(0)->data()->at(i));
            if (QLineF(at, other).length() > 12)
                chosen = i;
        }
        QVERIFY(chosen >= 0);
        const double cores = graph->data()->at(chosen)->key;
        const QPoint pos = pixelOf(*graph->data()->at(chosen)).toPoint();
        QTest::mouseClick(p, Qt::LeftButton, Qt::NoModifier, pos);

        const core::SweepSpec& spec = s->series().results().spec;
        const size_t cell = cellIndexOf(spec, "v6.12", QString::number(cores).toStdString(), 1);
        QVERIFY(cell < spec.cellCount());
        const auto run = w.session().spec();
        QVERIFY(run);
        QCOMPARE(core::kernelModelInfo(run->kernel.model).name, std::string_view("v6.12"));
        QCOMPARE(double(run->topology.coresPerSocket), cores);
        QCOMPARE(run->seed, uint64_t(1));
        QCOMPARE(run->duration, core::SimTime::ms(50));
        // Exactly the cell as `run` shapes it, with the cell's scenario text.
        const core::ShapedRun shaped = core::shapeCell(spec, spec.cell(cell));
        QVERIFY(shaped.ok());
        QCOMPARE(run->topology.nrCpus(), shaped.spec->topology.nrCpus());
        QCOMPARE(w.session().sourceText(), core::cellRun(spec, spec.cell(cell)).scenarioText);
        QVERIFY2(w.windowTitle().contains(QStringLiteral("cell %1 ").arg(cell)), qPrintable(w.windowTitle()));
        QVERIFY2(w.windowTitle().contains(QStringLiteral("seed = 1")), qPrintable(w.windowTitle()));
        QVERIFY(s->statusBar()->currentMessage().contains(QStringLiteral("cell %1 ").arg(cell)));
        // It runs.
        w.session().controller().runTo(core::SimTime::ms(10));
        QVERIFY(QTest::qWaitFor([&] { return w.session().history().now() == 10000000; }, 20000));
    }

    void aHeatMapCellClickedRunsItToo() {
        MainWindow w;
        SweepWindow* s = w.documents().openSweepResults(m_full);
        QVERIFY(s);
        s->show();
        QVERIFY(QTest::qWaitForWindowExposed(s));
        QVERIFY(choose(*s, "sweepX", QStringLiteral("topology.cores_per_socket")));
        s->setView(SweepWindow::View::HeatMap);
        QVERIFY(choose(*s, "sweepY", QStringLiteral("model")));
        QCustomPlot* p = s->plot()->customPlot();
        p->replot();
        // The cell (cores 3, v4.11), clicked near its corner.
        const QPoint pos(qRound(p->xAxis->coordToPixel(1.3)), qRound(p->yAxis->coordToPixel(-0.3)));
        QTest::mouseClick(p, Qt::LeftButton, Qt::NoModifier, pos);
        const auto run = w.session().spec();
        QVERIFY(run);
        QCOMPARE(core::kernelModelInfo(run->kernel.model).name, std::string_view("v4.11"));
        QCOMPARE(run->topology.coresPerSocket, 3u);
        QCOMPARE(run->seed, uint64_t(1));
    }

    void exportWritesTheChartAndItsPoints() {
        MainWindow w;
        SweepWindow* s = w.documents().openSweepResults(m_full);
        QVERIFY(s);
        QVERIFY(choose(*s, "sweepX", QStringLiteral("topology.cores_per_socket")));
        QVERIFY(choose(*s, "sweepLinesBy", QStringLiteral("model")));
        Exportable* view = s->exports()->find(QStringLiteral("sweep"));
        QVERIFY(view);
        QTemporaryDir out;
        ExportRequest r;
        r.path = out.filePath(QStringLiteral("sweep.png"));
        r.format = ExportFormat::Png;
        r.size = QSize(900, 500);
        QCOMPARE(exportView(*view, r), QString());
        const QImage image(r.path);
        QCOMPARE(image.size(), QSize(900, 500));
        // Drawn, not blank: the lines' blue is in it.
        bool blue = false;
        for (int y = 0; y < image.height() && !blue; y += 2)
            for (int x = 0; x < image.width() && !blue; x += 2)
                blue = image.pixelColor(x, y) == QColor(0x00, 0x72, 0xB2);
        QVERIFY(blue);

        r.path = out.filePath(QStringLiteral("sweep.csv"));
        r.format = ExportFormat::Csv;
        QCOMPARE(exportView(*view, r), QString());
        auto readCsv = [](const QString& path) {
            QFile file(path);
            return file.open(QIODevice::ReadOnly)
                       ? QString::fromUtf8(file.readAll()).split(QLatin1Char('\n'), Qt::SkipEmptyParts)
                       : QStringList();
        };
        const QStringList rows = readCsv(r.path);
        QCOMPARE(rows.size(), 7);
        QCOMPARE(rows[0], QStringLiteral("x,line,mean,stderr,n,min,max"));
        for (const QString& row : rows.mid(1)) {
            const QStringList f = row.split(QLatin1Char(','));
            QCOMPARE(f.size(), 7);
            const core::SweepGroup* g = groupOf(m_groups, f[1], f[0].toDouble());
            QVERIFY2(g, qPrintable(row));
            QCOMPARE(f[2].toDouble(), g->metrics[0]->mean);
            QCOMPARE(f[3].toDouble(), g->metrics[0]->stdErr);
            QCOMPARE(f[4].toULongLong(), g->metrics[0]->n);
        }
        // The heat map's points are its cells.
        s->setView(SweepWindow::View::HeatMap);
        QCOMPARE(exportView(*view, r), QString());
        const QStringList cells = readCsv(r.path);
        QCOMPARE(cells.size(), 7);
        QCOMPARE(cells[0], QStringLiteral("x,y,mean,stderr,n,min,max"));
    }

    void failedCellsAreCountedAndLeftOut() {
        MainWindow w;
        QVERIFY(w.documents().openScenario(QStringLiteral("builtin:default")));
        const QString title = w.windowTitle();
        SweepWindow* s = w.documents().openSweepResults(m_pinned);
        QVERIFY(s);
        QCOMPARE(s->findChild<QLabel*>(QStringLiteral("sweepCounts"))->text(),
                 QStringLiteral("4 of 4 cells, 2 failed, 0 missing"));
        // One axis besides seed: no heat map, and one line with the 4-core point only.
        auto* views =
            qobject_cast<QStandardItemModel*>(s->findChild<QComboBox*>(QStringLiteral("sweepView"))->model());
        QVERIFY(views && !views->item(1)->isEnabled());
        QCustomPlot* p = s->plot()->customPlot();
        QCOMPARE(p->graphCount(), 1);
        QCOMPARE(p->graph(0)->data()->size(), 1);
        QCOMPARE(p->graph(0)->data()->at(0)->key, 4.0);
        // A cell that cannot be shaped to run: a warning, and the main window goes on as it was.
        const std::shared_ptr<QString> shown = dismissNextMessageBox();
        s->openCell(0);
        QVERIFY2(shown->contains(QStringLiteral("CPU 3")), qPrintable(*shown));
        QCOMPARE(w.windowTitle(), title);
        QCOMPARE(w.scenarioName(), QStringLiteral("default: mixed workload on 4 cores x SMT2"));
    }

    void warningsAreShownAndAMetricNoCellHasDrawsNothing() {
        QTemporaryDir dir;
        QCOMPARE(makeSweep(dir.path(), kMissingMetricSpec), QString());
        MainWindow w;
        SweepWindow* s = w.documents().openSweepResults(dir.path());
        QVERIFY(s);
        s->show();
        QVERIFY(QTest::qWaitForWindowExposed(s));
        QCOMPARE(s->findChild<QLabel*>(QStringLiteral("sweepCounts"))->text(),
                 QStringLiteral("4 of 4 cells, 0 failed, 0 missing; 1 warning(s)"));
        auto* warnings = s->findChild<QLabel*>(QStringLiteral("sweepWarnings"));
        QVERIFY(warnings->isVisible());
        QVERIFY2(warnings->text().contains(QStringLiteral("summary.nothing_here")),
                 qPrintable(warnings->text()));
        QCustomPlot* p = s->plot()->customPlot();
        QCOMPARE(p->graphCount(), 1);
        QVERIFY(choose(*s, "sweepMetric", QStringLiteral("summary.nothing_here")));
        QCOMPARE(p->graphCount(), 0);
        QVERIFY(s->plot()->csv().isEmpty()); // nothing drawn, nothing to export
    }

    void aFolderThatDoesNotReadKeepsTheSession() {
        MainWindow w;
        QVERIFY(w.documents().openScenario(QStringLiteral("builtin:default")));
        w.session().controller().setSpeed(100000000); // 0.1x: keeps running a while
        w.session().controller().run();
        QVERIFY(QTest::qWaitFor([&] { return w.session().history().now() > 0; }, 5000));
        const QString before = w.scenarioName();
        QTemporaryDir bad;
        // A results folder whose cells.jsonl has a broken second line.
        QVERIFY(
            QFile::copy(m_full + QStringLiteral("/sweep.json"), bad.filePath(QStringLiteral("sweep.json"))));
        QFile in(m_full + QStringLiteral("/cells.jsonl"));
        QVERIFY(in.open(QIODevice::ReadOnly));
        QList<QByteArray> lines = in.readAll().split('\n');
        QVERIFY(lines.size() > 3);
        lines[1] = lines[1].left(lines[1].size() / 2);
        QFile out(bad.filePath(QStringLiteral("cells.jsonl")));
        QVERIFY(out.open(QIODevice::WriteOnly));
        out.write(lines.join('\n'));
        out.close();
        std::shared_ptr<QString> shown = dismissNextMessageBox();
        QVERIFY(!w.documents().openSweepResults(bad.path()));
        QVERIFY2(shown->contains(QStringLiteral("cells.jsonl:2")), qPrintable(*shown));
        QVERIFY2(shown->contains(QStringLiteral("the current session goes on")), qPrintable(*shown));
        // A folder with no sweep.json.
        QTemporaryDir empty;
        shown = dismissNextMessageBox();
        QVERIFY(!w.documents().openSweepResults(empty.path()));
        QVERIFY2(shown->contains(QStringLiteral("sweep.json")), qPrintable(*shown));
        QVERIFY(w.findChildren<SweepWindow*>().isEmpty());
        // Still the same run, still going.
        QCOMPARE(w.scenarioName(), before);
        QVERIFY(w.session().controller().isRunning());
        const int64_t t = w.session().history().now();
        QVERIFY(QTest::qWaitFor([&] { return w.session().history().now() > t; }, 5000));
    }
};

QTEST_MAIN(TestSweepView)
#include "tst_sweepview.moc"
