// The item models over History pass QAbstractItemModelTester while a run adds and removes
// tasks and migrations, and turn edits and drops into engine commands.
#include "controller/session.h"
#include "models/cgrouptreemodel.h"
#include "models/countermodel.h"
#include "models/migrationtablemodel.h"
#include "scenario/loader.h"

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

/// Steps the session's run by `d` at a time and refreshes `refresh` after every snapshot.
template <typename F>
void runInSteps(Session& s, SimTime until, SimTime d, F refresh) {
    for (SimTime t = d; t <= until; t = t + d) {
        s.controller().runTo(t);
        QVERIFY(QTest::qWaitFor([&] { return s.history().now() >= t.count(); }, 10000));
        refresh();
    }
}

} // namespace

class TestModels : public QObject {
    Q_OBJECT
private slots:
    void cgroupTreePassesTheTester() {
        Session s;
        CgroupTreeModel model(s);
        QAbstractItemModelTester tester(&model, QAbstractItemModelTester::FailureReportingMode::QtTest);
        s.open(specText(churn()));
        QVERIFY(QTest::qWaitFor([&] { return s.history().snapshotsReceived() > 0; }, 5000));
        model.restart();
        int maxTasks = 0;
        runInSteps(s, SimTime::ms(200), SimTime::ms(5), [&] {
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

    void editsAndDropsBecomeRequests() {
        Session s;
        CgroupTreeModel model(s);
        s.open(specText(churn()));
        s.controller().stepFor(SimTime::ms(5));
        QVERIFY(QTest::qWaitFor([&] { return s.history().now() >= 5000000; }, 5000));
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
        connect(&model, &CgroupTreeModel::moveRequested, &s.controller(), &SimulationController::moveTask);
        const uint32_t id = hog.data(CgroupTreeModel::TaskIdRole).toUInt();
        model.dropMimeData(data.get(), Qt::MoveAction, -1, -1, a);
        QVERIFY(QTest::qWaitFor(
            [&] {
                model.refresh();
                const QModelIndex ai = model.cgroupIndex(1);
                for (int r = 0; r < model.rowCount(ai); ++r)
                    if (model.index(r, 0, ai).data(CgroupTreeModel::TaskIdRole).toUInt() == id)
                        return true;
                return false;
            },
            5000));
    }

    void migrationTablePassesTheTester() {
        Session s;
        s.history().setCap(size_t(1) << 20); // small: rows also go from the front
        MigrationTableModel model(s);
        MigrationFilterModel filter;
        filter.setSourceModel(&model);
        QAbstractItemModelTester tester(&model, QAbstractItemModelTester::FailureReportingMode::QtTest);
        QAbstractItemModelTester filterTester(&filter,
                                              QAbstractItemModelTester::FailureReportingMode::QtTest);
        s.open(specText(churn()));
        QVERIFY(QTest::qWaitFor([&] { return s.history().snapshotsReceived() > 0; }, 5000));
        model.restart();
        runInSteps(s, SimTime::ms(1000), SimTime::ms(25), [&] { model.refresh(); });
        QCOMPARE(static_cast<size_t>(model.rowCount()), s.history().migrations().size());
        QVERIFY(model.rowCount() > 0);
        QVERIFY2(s.history().migrationsDelivered() > s.history().migrations().size(),
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
        Session s;
        CounterModel model(s);
        QAbstractItemModelTester tester(&model, QAbstractItemModelTester::FailureReportingMode::QtTest);
        s.open(specText(churn()));
        runInSteps(s, SimTime::ms(300), SimTime::ms(50), [&] { model.refresh(); });
        const int forks = model.rowOf(QStringLiteral("forks"));
        QVERIFY(forks >= 0);
        QCOMPARE(model.index(forks, CounterModel::Total).data(Qt::UserRole).toDouble(),
                 static_cast<double>(s.history().latest().counters.forks));
        QVERIFY(model.index(forks, CounterModel::PerSecond).data(Qt::UserRole).toDouble() > 0);
        QVERIFY(model.rowOf(QStringLiteral("overhead: context_switch")) >= 0);
        // At the time cursor the counters are those of that moment.
        s.view().setCursor(100000000);
        model.refresh();
        QVERIFY(model.index(forks, CounterModel::Total).data(Qt::UserRole).toDouble() <
                static_cast<double>(s.history().latest().counters.forks));
    }
};

QTEST_MAIN(TestModels)
#include "tst_models.moc"
