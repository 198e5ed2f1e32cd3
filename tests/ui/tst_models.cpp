// The item models over History pass QAbstractItemModelTester while a run adds and removes
// tasks and migrations, and turn edits and drops into requests. Models take values in (a
// History, the view state, colours) and give signals out, so the tests feed a History
// directly from an engine on the test's own thread: no worker, no session, no waiting.
#include "controller/cgroupcolors.h"
#include "controller/history.h"
#include "controller/viewstate.h"
#include "models/cgrouptreemodel.h"
#include "models/countermodel.h"
#include "models/migrationtablemodel.h"
#include "output/recorder.h"
#include "scenario/loader.h"
#include "sim/engine.h"

#include <QAbstractItemModelTester>
#include <QMimeData>
#include <QSignalSpy>
#include <QtTest>

using namespace core;
using namespace ui;

namespace {

std::shared_ptr<const ScenarioSpec> specText(const std::string& text) {
    LoadResult r = loadScenarioText(text, "test.json");
    if (!r.ok())
        throw std::runtime_error(r.errors.front());
    return std::make_shared<const ScenarioSpec>(std::move(*r.spec));
}

/// Tasks forking short-lived children in two cgroups: rows come and go all the time.
std::string churn() {
    return "{\"format\": 1, \"name\": \"churn\", \"duration\": \"1s\","
           "\"topology\": {\"sockets\": 1, \"cores_per_socket\": 2, \"threads_per_core\": 2, \"numa_nodes\": "
           "1},"
           "\"cgroups\": [{\"path\": \"/a\"}, {\"path\": \"/a/x\"}, {\"path\": \"/b\", \"weight\": 300}],"
           "\"tasks\": [{\"name\": \"spawner\", \"count\": 2, \"cgroup\": \"/a/x\", \"program\": [{\"loop\": "
           "-1, \"do\": "
           "[{\"fork\": {\"name\": \"child\", \"program\": [{\"run\": {\"exp\": \"2ms\"}}]}}, {\"sleep\": "
           "{\"exp\": "
           "\"1ms\"}}]}]},"
           "{\"name\": \"hog\", \"count\": 3, \"cgroup\": \"/b\", \"program\": [{\"loop\": -1, \"do\": "
           "[{\"run\": "
           "\"2ms\"}, {\"sleep\": \"500us\"}]}]}]}";
}

/// What the worker and the session do for the views, on the test's thread: an engine whose
/// counters are sampled every millisecond and whose snapshots go into a History.
struct Feed {
    explicit Feed(const std::string& scenario)
        : spec(specText(scenario))
        , engine(spec) {
        engine.setTraceSink(&recorder);
        history.reset(spec->topology.nrCpus());
        append();
    }
    /// Runs to `until` and appends the snapshot.
    void runTo(SimTime until) {
        for (SimTime t = engine.now() + SimTime::ms(1); t <= until; t = t + SimTime::ms(1)) {
            engine.runUntil(t);
            recorder.sample(engine);
        }
        append();
    }
    /// Runs to `until` in steps of `d`, calling `refresh` after each snapshot.
    template <typename F>
    void runInSteps(SimTime until, SimTime d, F refresh) {
        for (SimTime t = engine.now() + d; t <= until; t = t + d) {
            runTo(t);
            refresh();
        }
    }
    void append() {
        const auto s = recorder.take(engine, true);
        history.append(*s);
        colors.rebuild(s->cgroups);
    }

    std::shared_ptr<const ScenarioSpec> spec;
    Engine engine;
    Recorder recorder;
    History history;
    ViewState view;
    CgroupColors colors;
};

} // namespace

class TestModels : public QObject {
    Q_OBJECT
private slots:
    void cgroupTreePassesTheTester() {
        Feed f(churn());
        CgroupTreeModel model(f.history, f.view, f.colors);
        QAbstractItemModelTester tester(&model, QAbstractItemModelTester::FailureReportingMode::QtTest);
        model.restart();
        int maxTasks = 0;
        f.runInSteps(SimTime::ms(200), SimTime::ms(5), [&] {
            model.refresh();
            const QModelIndex x = model.cgroupIndex(2); // /a/x: spawners and their children
            maxTasks = std::max(maxTasks, model.rowCount(x));
        });
        QVERIFY(maxTasks > 2);
        // The tree: / > a > x, / > b; tasks under the cgroup they run in.
        const QModelIndex root = model.index(0, 0);
        QCOMPARE(root.data().toString(), QStringLiteral("/"));
        const QModelIndex b = model.cgroupIndex(3);
        QCOMPARE(b.data().toString(), QStringLiteral("b"));
        QCOMPARE(b.siblingAtColumn(CgroupTreeModel::Weight).data().toString(), QStringLiteral("300"));
        QCOMPARE(model.rowCount(b), 3);
        QVERIFY(model.index(0, 0, b).data(CgroupTreeModel::IsTaskRole).toBool());
        QVERIFY(model.index(0, 0, b).data().toString().startsWith(QStringLiteral("hog#")));
        // Share and usage are filled in.
        QVERIFY(b.siblingAtColumn(CgroupTreeModel::CpuTime).data().toDouble() > 0);
    }

    void theTreeShowsCpuMaxAndThrottling() {
        // A limited group shows its quota/period and, while its queue waits, "throttled" in red;
        // an unlimited one "max"; the tooltip carries cpu.stat.
        Feed f(R"({"format": 1, "name": "bw", "duration": "1s", "kernel": {"model": "v6.6"},
            "topology": {"sockets": 1, "cores_per_socket": 1, "threads_per_core": 1, "numa_nodes": 1},
            "cgroups": [{"path": "/lim", "max": {"quota": "10ms", "period": "100ms"}}, {"path": "/free"}],
            "tasks": [{"name": "hog", "cgroup": "/lim", "program": [{"run": "10s"}]},
                      {"name": "other", "cgroup": "/free", "program": [{"run": "10s"}]}]})");
        CgroupTreeModel model(f.history, f.view, f.colors);
        f.runTo(SimTime::ms(250)); // /lim used its 10 ms of this period long ago
        model.restart();
        const QModelIndex lim = model.cgroupIndex(2);
        const QModelIndex free = model.cgroupIndex(1);
        QCOMPARE(lim.data().toString(), QStringLiteral("lim"));
        QCOMPARE(free.siblingAtColumn(CgroupTreeModel::CpuMax).data().toString(), QStringLiteral("max"));
        QCOMPARE(lim.siblingAtColumn(CgroupTreeModel::CpuMax).data().toString(),
                 QStringLiteral("10/100 ms throttled"));
        QVERIFY(lim.siblingAtColumn(CgroupTreeModel::CpuMax).data(Qt::ForegroundRole).isValid());
        QVERIFY(!free.siblingAtColumn(CgroupTreeModel::CpuMax).data(Qt::ForegroundRole).isValid());
        const QString tip = lim.siblingAtColumn(CgroupTreeModel::CpuMax).data(Qt::ToolTipRole).toString();
        QVERIFY2(tip.contains(QStringLiteral("10000 100000")) && tip.contains(QStringLiteral("2 periods")),
                 qPrintable(tip));
    }

    void editsAndDropsBecomeRequests() {
        Feed f(churn());
        CgroupTreeModel model(f.history, f.view, f.colors);
        f.runTo(SimTime::ms(5));
        model.restart();
        QSignalSpy weight(&model, &CgroupTreeModel::weightChangeRequested);
        QSignalSpy move(&model, &CgroupTreeModel::moveRequested);
        const QModelIndex b = model.cgroupIndex(3);
        QVERIFY(model.flags(b.siblingAtColumn(CgroupTreeModel::Weight)) & Qt::ItemIsEditable);
        QVERIFY(!(model.flags(model.index(0, CgroupTreeModel::Weight)) & Qt::ItemIsEditable)); // the root
        QVERIFY(model.setData(b.siblingAtColumn(CgroupTreeModel::Weight), 500));
        QVERIFY(!model.setData(b.siblingAtColumn(CgroupTreeModel::Weight), 0)); // out of range
        QCOMPARE(weight.size(), 1);
        QCOMPARE(weight.first().at(0).toString(), QStringLiteral("/b"));
        QCOMPARE(weight.first().at(1).toUInt(), 500u);

        const QModelIndex hog = model.index(0, 0, b);
        std::unique_ptr<QMimeData> data(model.mimeData({hog}));
        QVERIFY(data);
        const QModelIndex a = model.cgroupIndex(1);
        QVERIFY(model.canDropMimeData(data.get(), Qt::MoveAction, -1, -1, a));
        QVERIFY(!model.canDropMimeData(data.get(), Qt::MoveAction, -1, -1, hog)); // onto a task
        model.dropMimeData(data.get(), Qt::MoveAction, -1, -1, a);
        QCOMPARE(move.size(), 1);
        QCOMPARE(move.first().at(1).toString(), QStringLiteral("/a"));

        // Carried out by the engine, the move shows in the model after the next snapshot.
        const auto id = core::TaskId(hog.data(CgroupTreeModel::TaskIdRole).toUInt());
        const core::CommandResult done = f.engine.moveTask(id, move.first().at(1).toString().toStdString());
        QVERIFY2(done.ok, done.message.c_str());
        f.runTo(SimTime::ms(6));
        model.refresh();
        const QModelIndex ai = model.cgroupIndex(1);
        bool moved = false;
        for (int r = 0; r < model.rowCount(ai); ++r)
            moved = moved || model.index(r, 0, ai).data(CgroupTreeModel::TaskIdRole).toUInt() == id.value();
        QVERIFY(moved);
    }

    void migrationTablePassesTheTester() {
        Feed f(churn());
        f.history.setCap(size_t(1) << 20); // small: rows also go from the front
        MigrationTableModel model(f.history);
        MigrationFilterModel filter;
        filter.setSourceModel(&model);
        QAbstractItemModelTester tester(&model, QAbstractItemModelTester::FailureReportingMode::QtTest);
        QAbstractItemModelTester filterTester(&filter,
                                              QAbstractItemModelTester::FailureReportingMode::QtTest);
        model.restart({QStringLiteral("SMT"), QStringLiteral("MC")});
        f.runInSteps(SimTime::ms(1000), SimTime::ms(25), [&] { model.refresh(); });
        QCOMPARE(static_cast<size_t>(model.rowCount()), f.history.migrations().size());
        QVERIFY(model.rowCount() > 0);
        QVERIFY2(f.history.migrationsDelivered() > f.history.migrations().size(),
                 "the cap should have dropped old records");
        // Filter by CPU: only migrations from or to it.
        filter.setCpu(1);
        QVERIFY(filter.rowCount() > 0 && filter.rowCount() < model.rowCount());
        for (int r = 0; r < filter.rowCount(); ++r) {
            const int from =
                filter.index(r, MigrationTableModel::From).data(MigrationTableModel::SortRole).toInt();
            const int to =
                filter.index(r, MigrationTableModel::To).data(MigrationTableModel::SortRole).toInt();
            QVERIFY(from == 1 || to == 1);
        }
        filter.setCpu(std::nullopt);
        // CPUs are named by the kernel's numbers when the scenario maps them (topology.cpu_numbers).
        std::vector<uint32_t> numbers(f.history.nrCpus());
        for (uint32_t c = 0; c < numbers.size(); ++c)
            numbers[c] = 100 + c;
        f.history.setCpuNumbers(numbers);
        const QModelIndex from0 = model.index(0, MigrationTableModel::From);
        QCOMPARE(from0.data().toString(),
                 QStringLiteral("cpu%1").arg(100 + from0.data(MigrationTableModel::SortRole).toInt()));
        f.history.setCpuNumbers({});
        // Filter by reason: the first row's.
        const QModelIndex first = model.index(0, MigrationTableModel::Reason);
        const QString reasonText = first.data().toString();
        filter.setReason(first.data(MigrationTableModel::SortRole).toInt());
        QVERIFY(filter.rowCount() > 0);
        for (int r = 0; r < filter.rowCount(); ++r)
            QCOMPARE(filter.index(r, MigrationTableModel::Reason).data().toString(), reasonText);
        filter.setReason(-1);
        // By task name: the tasks of the first and of the last record held.
        for (int row : {0, model.rowCount() - 1}) {
            const QString task = model.index(row, MigrationTableModel::Task).data().toString();
            const QString name = task.section(QLatin1Char(' '), 0, 0);
            filter.setTaskText(name);
            QVERIFY(filter.rowCount() > 0 && filter.rowCount() <= model.rowCount());
            for (int r = 0; r < filter.rowCount(); ++r)
                QVERIFY(filter.index(r, MigrationTableModel::Task).data().toString().contains(name));
        }
    }

    void counterModelPassesTheTester() {
        Feed f(churn());
        CounterModel model(f.history, f.view);
        QAbstractItemModelTester tester(&model, QAbstractItemModelTester::FailureReportingMode::QtTest);
        f.runInSteps(SimTime::ms(300), SimTime::ms(50), [&] { model.refresh(); });
        const int forks = model.rowOf(QStringLiteral("forks"));
        QVERIFY(forks >= 0);
        QCOMPARE(model.index(forks, CounterModel::Total).data(Qt::UserRole).toDouble(),
                 static_cast<double>(f.history.latest().counters.forks));
        QVERIFY(model.index(forks, CounterModel::PerSecond).data(Qt::UserRole).toDouble() > 0);
        QVERIFY(model.rowOf(QStringLiteral("overhead: context_switch")) >= 0);
        // At the time cursor the counters are those of that moment.
        f.view.setCursor(100000000);
        model.refresh();
        QVERIFY(model.index(forks, CounterModel::Total).data(Qt::UserRole).toDouble() <
                static_cast<double>(f.history.latest().counters.forks));
    }
};

QTEST_MAIN(TestModels)
#include "tst_models.moc"
