// Sweeps: a spec is checked axis by axis before any cell runs, a cell runs exactly as `run`
// would, an interrupted sweep resumes where it stopped, slices joined give what one run gives,
// and the aggregates over seeds are the textbook ones.
#include "base/atomicfile.h"
#include "experiments/jsonpath.h"
#include "experiments/sweepresults.h"
#include "experiments/sweeprun.h"
#include "experiments/sweepspec.h"
#include "output/simulation.h"
#include "output/summarize.h"
#include "scenario/builtins.h"
#include "scenario/loader.h"
#include "scenario/runrequest.h"

#include <QTemporaryDir>
#include <QtTest>

#include <fstream>
#include <sstream>

using namespace core;

namespace {

/// A small machine whose one task may run on CPU 3 only: a machine of fewer CPUs cannot run it.
const char* kPinned = "{\"format\": 1, \"name\": \"pinned\", \"duration\": \"20ms\",\n"
                      "  \"topology\": {\"sockets\": 1, \"cores_per_socket\": 4, \"threads_per_core\": 1},\n"
                      "  \"tasks\": [{\"name\": \"a\", \"cpus\": \"3\", \"program\": [{\"loop\": -1, \"do\": "
                      "[{\"run\": \"1ms\"}, {\"sleep\": \"1ms\"}]}]},\n"
                      "            {\"name\": \"b\", \"count\": 2, \"program\": [{\"loop\": -1, \"do\": "
                      "[{\"run\": \"2ms\"}, {\"sleep\": \"500us\"}]}]}]}";

std::string spec(const std::string& axes, const std::string& extra = "") {
    return "{\"scenario\": \"builtin:default\", \"for\": \"50ms\", " + extra + "\"axes\": " + axes + "}";
}

SweepSpecLoad parse(const std::string& text) {
    return parseSweepSpec(text, "spec.json");
}

/// The first error, or "" when the spec was accepted.
QString firstError(const std::string& text) {
    const SweepSpecLoad l = parse(text);
    return l.ok() ? QString() : QString::fromStdString(l.errors.front());
}

std::string readFile(const std::string& path) {
    std::ifstream in(path, std::ios::binary);
    std::ostringstream s;
    s << in.rdbuf();
    return s.str();
}

size_t lines(const std::string& path) {
    const std::string t = readFile(path);
    return static_cast<size_t>(std::count(t.begin(), t.end(), '\n'));
}

std::string readFileBuiltin() {
    return std::string(findBuiltin("default")->text);
}

bool writeFileAtomicallyForTest(const std::string& path, const std::string& text) {
    return writeFileAtomically(path, text).empty();
}

SweepResults results(const std::string& dir) {
    SweepResultsLoad r = readSweepResults(dir);
    if (!r.ok())
        throw std::runtime_error(r.errors.front());
    return *r.results;
}

} // namespace

class TestSweep : public QObject {
    Q_OBJECT
private slots:
    void badAxesAreRefusedNamingTheAxis_data() {
        QTest::addColumn<QString>("text");
        QTest::addColumn<QString>("expected");
        QTest::newRow("path not in the scenario")
            << QString::fromStdString(spec("{\"topology.sokets\": [1, 2]}"))
            << "axes.topology.sokets: value 1";
        QTest::newRow("index past the end") << QString::fromStdString(spec("{\"tasks[99].count\": [1]}"))
                                            << "axes.tasks[99].count: not in the scenario";
        QTest::newRow("malformed path") << QString::fromStdString(spec("{\"tasks[x.count\": [1]}"))
                                        << "axes.tasks[x.count: malformed path";
        QTest::newRow("value the scenario refuses")
            << QString::fromStdString(spec("{\"tasks[0].count\": [2, -1]}"))
            << "axes.tasks[0].count: value -1";
        QTest::newRow("empty range") << QString::fromStdString(spec("{\"seed\": {\"from\": 5, \"to\": 1}}"))
                                     << "axes.seed: empty range";
        QTest::newRow("empty list") << QString::fromStdString(spec("{\"model\": []}"))
                                    << "axes.model: an axis needs";
        QTest::newRow("unknown model") << QString::fromStdString(spec("{\"model\": [\"v5.0\"]}"))
                                       << "axes.model: unknown kernel model \"v5.0\"";
        QTest::newRow("unknown optimization") << QString::fromStdString(spec("{\"opt.fast\": [\"on\"]}"))
                                              << "axes.opt.fast: unknown optimization";
        QTest::newRow("unknown option value")
            << QString::fromStdString(spec("{\"opt.psi_clock_once\": [\"maybe\"]}"))
            << "axes.opt.psi_clock_once: expected \"on\" or \"off\"";
        QTest::newRow("setting a model fixes")
            << QString::fromStdString(
                   spec("{\"model\": [\"v4.11\", \"v6.12\"], \"opt.prefer_sibling_local\": [\"off\"]}"))
            << "axes.opt.prefer_sibling_local: \"off\" is not possible in kernel model v6.12";
        QTest::newRow("bad duration")
            << QString::fromStdString(spec("{\"for\": [\"soon\"]}")) << "axes.for: --for expects";
        QTest::newRow("negative seed")
            << QString::fromStdString(spec("{\"seed\": [-3]}")) << "axes.seed: expected a non-negative";
        QTest::newRow("missing costs file")
            << QString::fromStdString(spec("{\"costs\": [\"/nonexistent/costs.json\"]}")) << "axes.costs:";
        QTest::newRow("unknown key") << QString::fromStdString(spec("{\"seed\": [1]}", "\"axis\": 1, "))
                                     << "spec.json: axis: unknown key";
        QTest::newRow("no scenario") << QStringLiteral("{\"axes\": {\"seed\": [1]}}")
                                     << "spec.json: scenario: missing";
        QTest::newRow("unknown builtin")
            << QStringLiteral("{\"scenario\": \"builtin:nope\", \"axes\": {\"seed\": [1]}}")
            << "no built-in scenario \"nope\"";
        QTest::newRow("not JSON") << QStringLiteral("{\"scenario\": ") << "spec.json: not JSON";
        QTest::newRow("axes and cells") << QStringLiteral("{\"scenario\": \"builtin:default\", \"axes\": "
                                                          "{\"seed\": [1]}, \"cells\": [{\"seed\": 1}]}")
                                        << "give either axes";
        QTest::newRow("explicit cell fixes")
            << QStringLiteral("{\"scenario\": \"builtin:default\", \"cells\": [{\"model\": \"v4.11\", "
                              "\"opt.prefer_sibling_local\": \"off\"}, {\"model\": \"v6.6\", "
                              "\"opt.prefer_sibling_local\": \"off\"}]}")
            << "cells[1].opt.prefer_sibling_local: \"off\" is not possible in kernel model v6.6";
        QTest::newRow("bad metric") << QString::fromStdString(
                                           spec("{\"seed\": [1]}", "\"metrics\": [\"counters..x\"], "))
                                    << "metrics[0]: malformed path";
    }
    void badAxesAreRefusedNamingTheAxis() {
        QFETCH(QString, text);
        QFETCH(QString, expected);
        const QString e = firstError(text.toStdString());
        QVERIFY2(e.contains(expected),
                 qPrintable(QStringLiteral("expected \"%1\" in \"%2\"").arg(expected, e)));
    }

    void productOrderIsLastAxisFastest() {
        const SweepSpecLoad l =
            parse(spec("{\"model\": [\"v4.11\", \"v6.12\"], \"seed\": {\"from\": 1, \"to\": 3}}"));
        QVERIFY(l.ok());
        QCOMPARE(l.spec->cellCount(), size_t(6));
        QCOMPARE(l.spec->cell(0).json(), std::string("{\"model\":\"v4.11\",\"seed\":1}"));
        QCOMPARE(l.spec->cell(2).json(), std::string("{\"model\":\"v4.11\",\"seed\":3}"));
        QCOMPARE(l.spec->cell(3).json(), std::string("{\"model\":\"v6.12\",\"seed\":1}"));
        // The normalized spec reads back as the same sweep.
        const SweepSpecLoad again = parseSweepSpec(l.spec->normalizedJson(), "sweep.json");
        QVERIFY(again.ok());
        QCOMPARE(again.spec->normalizedJson(), l.spec->normalizedJson());
        QCOMPARE(again.spec->cell(4).json(), l.spec->cell(4).json());
    }

    void aCellIsShapedExactlyAsRunShapesIt() {
        const SweepSpecLoad l = parse(spec("{\"model\": [\"v6.12\"], \"opt.psi_direct_iteration\": "
                                           "[\"off\"], \"seed\": [7], \"topology.cores_per_socket\": [2]}"));
        QVERIFY(l.ok());
        const SweepCellLine line = runSweepCell(*l.spec, l.spec->cell(0), {});
        QVERIFY(!line.failed);
        // The same run as `run` takes it: the scenario with the value set, and its options.
        nlohmann::ordered_json scenario = nlohmann::ordered_json::parse(readFileBuiltin());
        scenario["topology"]["cores_per_socket"] = 2;
        RunRequest req;
        req.model = "v6.12";
        req.opts = {"psi_direct_iteration=off"};
        req.seedText = "7";
        req.forText = "50ms";
        ShapedRun shaped = shapeRun(loadScenarioText(scenario.dump(), "edited.json"), "edited.json", req);
        QVERIFY(shaped.ok());
        SimulationOptions ro;
        ro.checkInvariants = true;
        SimulationResult run =
            simulate(std::make_shared<const ScenarioSpec>(std::move(*shaped.spec)), {}, ro);
        QVERIFY(run.ok());
        const auto expected = nlohmann::ordered_json::parse(toJson(summarize(*run.engine), false));
        const auto got = nlohmann::ordered_json::parse(line.line)["summary"];
        QCOMPARE(got.dump(), expected.dump());
        QCOMPARE(got["model"].get<std::string>(), std::string("v6.12"));
        QCOMPARE(got["seed"].get<int>(), 7);
    }

    void aFailingCellIsRecordedAndTheSweepGoesOn() {
        QTemporaryDir dir;
        nlohmann::ordered_json j;
        j["scenario"] = nlohmann::ordered_json::parse(kPinned);
        // Two cores alone are fine for the loader's view of the axis, but task a needs CPU 3.
        j["axes"]["topology.cores_per_socket"] = {2, 4};
        j["axes"]["seed"] = {1, 2};
        const SweepSpecLoad l = parse(j.dump());
        QVERIFY2(l.ok(), l.ok() ? "" : l.errors.front().c_str());
        SweepRunOptions o;
        o.outDir = dir.path().toStdString();
        o.jobs = 2;
        const SweepRunResult r = runSweep(*l.spec, o);
        QVERIFY(r.ok());
        QCOMPARE(r.progress.done, size_t(4));
        QCOMPARE(r.progress.failed, size_t(2));
        const SweepResults res = results(o.outDir);
        QCOMPARE(res.cells.size(), size_t(4));
        QVERIFY(res.cells[0].error.find("CPU 3 does not exist") != std::string::npos);
        QVERIFY(res.cells[2].error.empty());
        QVERIFY(res.cells[2].metrics[0].value_or(0) > 0);
        QVERIFY(sweepCellsCsv(res).find("CPU 3 does not exist") != std::string::npos);
    }

    void anInterruptedSweepResumesAndEndsAsOneRun() {
        const SweepSpecLoad l =
            parse(spec("{\"model\": [\"v4.11\", \"v6.12\"], \"seed\": {\"from\": 1, \"to\": 4}}"));
        QVERIFY(l.ok());
        QTemporaryDir whole, parts;
        SweepRunOptions o;
        o.outDir = whole.path().toStdString();
        o.jobs = 2;
        QVERIFY(runSweep(*l.spec, o).ok());

        // Stopped after three cells (one thread, so exactly three), and a cut-off line.
        std::atomic<bool> stop{false};
        SweepRunOptions p = o;
        p.outDir = parts.path().toStdString();
        p.jobs = 1;
        p.stop = &stop;
        p.progress = [&](const SweepProgress& x) {
            if (x.done == 3)
                stop = true;
        };
        const SweepRunResult first = runSweep(*l.spec, p);
        QVERIFY(first.interrupted);
        QCOMPARE(first.progress.done, size_t(3));
        const std::string cells = p.outDir + "/" + kSweepCellsFile;
        QCOMPARE(lines(cells), size_t(3));
        {
            std::ofstream cut(cells, std::ios::app | std::ios::binary);
            cut << "{\"index\":5,\"cell\":{\"model\":\"v6.12\",\"se";
        }
        p.stop = nullptr;
        p.progress = {};
        p.jobs = 2;
        const SweepRunResult second = runSweep(*l.spec, p);
        QVERIFY(second.ok());
        QCOMPARE(second.progress.skipped, size_t(3));
        QCOMPARE(second.progress.done, size_t(5));
        QCOMPARE(lines(cells), size_t(8));
        QCOMPARE(sweepCellsCsv(results(p.outDir)), sweepCellsCsv(results(o.outDir)));
        // A third run has nothing left to do.
        QCOMPARE(runSweep(*l.spec, p).progress.skipped, size_t(8));
    }

    void aFolderOfAnotherSweepIsRefused() {
        QTemporaryDir dir;
        SweepRunOptions o;
        o.outDir = dir.path().toStdString();
        const SweepSpecLoad a = parse(spec("{\"seed\": [1]}"));
        const SweepSpecLoad b = parse(spec("{\"seed\": [2]}"));
        QVERIFY(runSweep(*a.spec, o).ok());
        const SweepRunResult r = runSweep(*b.spec, o);
        QVERIFY(r.error.find("another sweep") != std::string::npos);
        QCOMPARE(lines(o.outDir + "/" + kSweepCellsFile), size_t(1));
    }

    void slicesJoinedEqualOneRun() {
        const SweepSpecLoad l =
            parse(spec("{\"model\": [\"v4.11\", \"v6.6\"], \"seed\": {\"from\": 1, \"to\": 3}}"));
        QVERIFY(l.ok());
        QTemporaryDir one, sliced;
        SweepRunOptions o;
        o.outDir = one.path().toStdString();
        QVERIFY(runSweep(*l.spec, o).ok());
        const std::string dir = sliced.path().toStdString();
        QVERIFY(writeFileAtomicallyForTest(dir + "/" + kSweepSpecFile, l.spec->normalizedJson()));
        for (size_t i = 0; i < 4; ++i) {
            SweepRunOptions s;
            s.outDir = dir + "/slice-" + std::to_string(i);
            s.sliceIndex = i;
            s.sliceCount = 4;
            s.jobs = 1;
            QVERIFY(runSweep(*l.spec, s).ok());
        }
        const SweepMerge m = mergeSweepSlices(dir);
        QVERIFY2(m.results.has_value(), m.errors.empty() ? "" : m.errors.front().c_str());
        QCOMPARE(m.slices, size_t(4));
        QVERIFY(m.results->missing.empty());
        QVERIFY(writeSweepOutputs(o.outDir, results(o.outDir)).empty());
        for (const char* f : {"cells.csv", "aggregate.csv", "aggregate.json"})
            QCOMPARE(readFile(dir + "/" + f), readFile(o.outDir + "/" + f));
    }

    void aggregatesAreMeanStdErrMinMaxOverSeeds() {
        SweepResults r;
        r.spec = *parse(spec("{\"model\": [\"v4.11\", \"v6.12\"], \"seed\": {\"from\": 1, \"to\": 3}}",
                             "\"metrics\": [\"x\"], "))
                      .spec;
        const double xs[6] = {1, 2, 6, 10, 10, 10};
        for (size_t i = 0; i < 6; ++i) {
            SweepCellResult c;
            c.index = i;
            c.values = r.spec.cell(i).values;
            c.metrics = {xs[i]};
            r.cells.push_back(c);
        }
        const std::vector<SweepGroup> g = aggregateOverSeeds(r);
        QCOMPARE(g.size(), size_t(2));
        QCOMPARE(g[0].values.size(), size_t(1)); // seed is what is aggregated over
        QCOMPARE(g[0].metrics[0]->n, size_t(3));
        QCOMPARE(g[0].metrics[0]->mean, 3.0);
        // sample sd of 1, 2, 6 is sqrt(7); / sqrt(3)
        QVERIFY(std::abs(g[0].metrics[0]->stdErr - std::sqrt(7.0 / 3.0)) < 1e-12);
        QCOMPARE(g[0].metrics[0]->min, 1.0);
        QCOMPARE(g[0].metrics[0]->max, 6.0);
        QCOMPARE(g[1].metrics[0]->stdErr, 0.0);
    }

    void summaryPathsSelectByIndexAndByName() {
        const auto doc = nlohmann::ordered_json::parse(
            "{\"tasks\": [{\"name\": \"a\", \"runtime_ns\": 5}, {\"name\": \"hog\", \"runtime_ns\": 9}], "
            "\"cgroups\": [{\"path\": \"/busy\", \"psi\": {\"cpu\": 3}}]}");
        std::string err;
        auto at = [&](const char* p) {
            const auto path = parseJsonPath(p, err);
            const auto* v = path ? findJsonPath(doc, *path) : nullptr;
            return v ? v->dump() : std::string("-");
        };
        QCOMPARE(at("tasks[1].runtime_ns"), std::string("9"));
        QCOMPARE(at("tasks[name=hog].runtime_ns"), std::string("9"));
        QCOMPARE(at("cgroups[path=/busy].psi.cpu"), std::string("3"));
        QCOMPARE(at("tasks[name=none].runtime_ns"), std::string("-"));
        QCOMPARE(at("tasks[2]"), std::string("-"));
        QVERIFY(!parseJsonPath("a..b", err));
        QVERIFY(!parseJsonPath(".a", err));
        QVERIFY(!parseJsonPath("a[", err));
    }
};

QTEST_GUILESS_MAIN(TestSweep)
#include "tst_sweep.moc"
