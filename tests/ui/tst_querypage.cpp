// The Query tab as a user meets it: a query run on the session's tables (the same rows as the
// core's tables of the same run), an error shown at its place, Cancel, a double-click on a row
// going there on the timeline, the history kept, CSV export, a recording, and Compare A/B's
// two schemas.
#include "compare/compareside.h"
#include "compare/comparewindow.h"
#include "controller/session.h"
#include "export/exportregistry.h"
#include "models/queryresultmodel.h"
#include "pages/querypage.h"
#include "pages/sqleditor.h"
#include "query/querydatabase.h"
#include "query/simulationtables.h"
#include "query/statementrunner.h"
#include "scenario/loader.h"
#include "window/mainwindow.h"

#include <QAction>
#include <QLabel>
#include <QSettings>
#include <QStandardPaths>
#include <QTableView>
#include <QToolBar>
#include <QtTest>

using namespace core;
using namespace ui;

namespace {

bool runTo(MainWindow& w, SimTime t) {
    w.session().controller().runTo(t);
    return QTest::qWaitFor([&] { return w.session().history().now() == t.count(); }, 20000);
}

bool runQuery(QueryPage& page, const QString& sql) {
    page.editor()->setPlainText(sql);
    page.run();
    return QTest::qWaitFor([&] { return !page.runner().busy(); }, 30000);
}

QLabel* status(QueryPage& page) {
    QLabel* best = nullptr;
    for (QLabel* l : page.findChildren<QLabel*>())
        if (l->wordWrap())
            best = l;
    return best;
}

/// Every row of `sql` over the core's tables of builtin:default run to `until`, as text.
std::vector<std::vector<QString>> coreRows(const std::string& sql, SimTime until) {
    LoadResult r = loadScenario("builtin:default");
    QueryDatabase db;
    db.add(simulationTables(std::make_shared<const ScenarioSpec>(std::move(*r.spec)), {}, until).tables);
    struct Collect : QueryResultSink {
        std::vector<std::vector<QString>> rows;
        void begin(size_t, const std::vector<std::string>&) override {}
        bool row(const std::vector<QueryValue>& v) override {
            std::vector<QString> row;
            for (const QueryValue& x : v)
                row.push_back(x.type == QueryValue::Type::Integer
                                  ? QString::number(x.integer)
                                  : QString::fromUtf8(x.bytes.data(), x.bytes.size()));
            rows.push_back(row);
            return true;
        }
        void end() override {}
    } c;
    runStatements(db.handle(), sql, c);
    return c.rows;
}

} // namespace

class TestQueryPage : public QObject {
    Q_OBJECT
private slots:
    void initTestCase() { QStandardPaths::setTestModeEnabled(true); }

    void aQueryRunsOnTheRunSoFar() {
        QSettings().remove(QStringLiteral("query/history"));
        MainWindow w;
        QVERIFY(w.documents().openScenario(QStringLiteral("builtin:default")));
        QVERIFY(runTo(w, SimTime::ms(200)));
        auto* page = w.findChild<QueryPage*>();
        QVERIFY(page);
        const std::string sql =
            "select s.ts, s.dur, s.cpu, s.utid, t.name from sched s join thread t using(utid) "
            "where s.utid != 0 order by s.dur desc, s.ts limit 5";
        QVERIFY(runQuery(*page, QString::fromStdString(sql)));
        const QueryResultModel& m = page->results();
        QCOMPARE(m.rowCount(), 5);
        QCOMPARE(m.columns(), (QStringList{QStringLiteral("ts"), QStringLiteral("dur"), QStringLiteral("cpu"),
                                           QStringLiteral("utid"), QStringLiteral("name")}));
        // Exactly the core's tables of the same run: the session replayed to where it is.
        const auto expected = coreRows(sql, SimTime::ms(200));
        QCOMPARE(expected.size(), size_t(5));
        for (int r = 0; r < 5; ++r)
            for (int c = 0; c < 5; ++c)
                QCOMPARE(m.value(r, c).toString(), expected[size_t(r)][size_t(c)]);
        QVERIFY(status(*page)->text().contains(QStringLiteral("5")));
        // Kept across sessions, most recent first.
        QCOMPARE(QSettings().value(QStringLiteral("query/history")).toStringList().value(0),
                 QString::fromStdString(sql));
        // CSV export of the results.
        const Exportable* csv = w.exports().find(QStringLiteral("query"));
        QVERIFY(csv);
        QVERIFY(csv->csv().startsWith("ts,dur,cpu,utid,name"));

        // A double-click on a row goes there: the stretch in view, the cursor at its start, its
        // thread selected and picked.
        auto* table = page->findChild<QTableView*>(QStringLiteral("queryResults"));
        QVERIFY(table);
        table->sortByColumn(0, Qt::AscendingOrder); // by ts: row 0 is now the earliest of the five
        int earliest = 0;
        for (int r = 1; r < 5; ++r)
            if (m.value(r, 0).toLongLong() < m.value(earliest, 0).toLongLong())
                earliest = r;
        const SimNs ts = m.value(earliest, 0).toLongLong(), dur = m.value(earliest, 1).toLongLong();
        w.show();
        QVERIFY(QTest::qWaitForWindowExposed(&w));
        QTabWidget* tabs = w.findChild<QTabWidget*>(QStringLiteral("viewTabs"));
        tabs->setCurrentWidget(page);
        const QRect cell = table->visualRect(table->model()->index(0, 0));
        QTest::mouseClick(table->viewport(), Qt::LeftButton, {}, cell.center());
        QTest::mouseDClick(table->viewport(), Qt::LeftButton, {}, cell.center());
        ViewState& view = w.session().view();
        QCOMPARE(view.cursor().value_or(-1), ts);
        QVERIFY(view.rangeStart() <= ts && view.rangeEnd() >= ts + dur);
        QVERIFY(view.pick() && view.pick()->kind == Pick::Kind::State);
        const auto task = page->runner().taskOf(QStringLiteral("main"), m.value(earliest, 3).toLongLong());
        QVERIFY(task);
        QCOMPARE(view.selectedTask().value_or(UINT32_MAX), *task);
        QCOMPARE(QString::fromStdString(w.session().history().taskName(*task)),
                 m.value(earliest, 4).toString());
        // A row with ts and cpu alone picks the slice there, and the results stay in view.
        QVERIFY(runQuery(
            *page, QStringLiteral("select ts + dur / 2 as ts, cpu from sched where utid != 0 and cpu = 3 "
                                  "limit 1")));
        QVERIFY(page->goToRow(0));
        QVERIFY(view.pick() && view.pick()->kind == Pick::Kind::Slice);
        QCOMPARE(view.pick()->cpu, 3u); // builtin:default numbers its CPUs as the kernel does
        QCOMPARE(tabs->currentWidget(), page);
        // A row without ts goes nowhere.
        QVERIFY(runQuery(*page, QStringLiteral("select 1 as x")));
        QVERIFY(!page->goToRow(0));
    }

    void anErrorIsShownAtItsPlace() {
        MainWindow w;
        QVERIFY(w.documents().openScenario(QStringLiteral("builtin:default")));
        QVERIFY(runTo(w, SimTime::ms(20)));
        auto* page = w.findChild<QueryPage*>();
        const QString sql = QStringLiteral("select 1;\nselect nosuch from sched");
        QVERIFY(runQuery(*page, sql));
        QVERIFY2(status(*page)->text().contains(QStringLiteral("2")) &&
                     status(*page)->text().contains(QStringLiteral("nosuch")),
                 qPrintable(status(*page)->text()));
        QCOMPARE(page->editor()->textCursor().position(),
                 static_cast<int>(sql.indexOf(QStringLiteral("nosuch"))));
        QCOMPARE(page->editor()->extraSelections().size(), 1);
        page->editor()->insertPlainText(QStringLiteral(" ")); // editing clears the mark
        QCOMPARE(page->editor()->extraSelections().size(), 0);
        // A write is refused like an error.
        QVERIFY(runQuery(*page, QStringLiteral("delete from sched")));
        QVERIFY(!status(*page)->text().isEmpty());
        QVERIFY(page->results().rowCount() <= 1);
    }

    void cancelStopsALongQuery() {
        MainWindow w;
        QVERIFY(w.documents().openScenario(QStringLiteral("builtin:default")));
        QVERIFY(runTo(w, SimTime::ms(20)));
        auto* page = w.findChild<QueryPage*>();
        QVERIFY(runQuery(*page, QStringLiteral("select count(*) from sched"))); // the tables built
        page->editor()->setPlainText(QStringLiteral(
            "with recursive n(i) as (select 1 union all select i + 1 from n) select count(*) from n"));
        page->run();
        QVERIFY(page->runner().busy());
        QTest::qWait(300);
        QVERIFY(page->runner().busy());
        page->cancel();
        QVERIFY(QTest::qWaitFor([&] { return !page->runner().busy(); }, 10000));
        QVERIFY2(status(*page)->text().contains(QStringLiteral("Cancelled")),
                 qPrintable(status(*page)->text()));
    }

    void aRecordingAndBothSidesOfCompare() {
        MainWindow w;
        QVERIFY(w.documents().openTrace(QStringLiteral(SCHEDSCOPE_TEST_DATA "/traces/perf-sched.script")));
        QVERIFY(QTest::qWaitFor([&] { return w.session().trace() != nullptr; }, 20000));
        auto* page = w.findChild<QueryPage*>();
        QVERIFY(runQuery(*page, QStringLiteral("select str_value from metadata where name = 'source_kind'")));
        QCOMPARE(page->results().value(0, 0).toString(), QStringLiteral("recording"));

        MainWindow sim;
        QVERIFY(sim.documents().openScenario(QStringLiteral("builtin:default")));
        CompareWindow* compare = sim.documents().openCompare();
        QVERIFY(compare);
        QAction* query = nullptr;
        for (QAction* a : compare->findChild<QToolBar*>()->actions())
            if (a->text().contains(QStringLiteral("Query")))
                query = a;
        QVERIFY(query);
        query->trigger();
        auto* both = compare->findChild<QueryPage*>();
        QVERIFY(both && both->isVisible());
        compare->runTo(SimTime::ms(30));
        QVERIFY(QTest::qWaitFor([&] { return compare->commonTime() == SimTime::ms(30).count(); }, 30000));
        QVERIFY(runQuery(
            *both, QStringLiteral("select (select sum(dur) from a.sched where utid > 0), (select sum(dur) "
                                  "from b.sched where utid > 0), (select count(*) from b.thread_state)")));
        QVERIFY2(both->results().rowCount() == 1, qPrintable(status(*both)->text()));
        // Each side's own run: A with every optimization off, B on, as the window set them up,
        // each the same as the core's tables of that side's scenario run to the same time.
        const auto sideRuntime = [](CompareSide* side) {
            QueryDatabase db;
            db.add(simulationTables(side->session().spec(), {}, SimTime::ms(30)).tables);
            struct One : QueryResultSink {
                qlonglong v = -1;
                void begin(size_t, const std::vector<std::string>&) override {}
                bool row(const std::vector<QueryValue>& x) override {
                    v = x[0].integer;
                    return true;
                }
                void end() override {}
            } one;
            runStatements(db.handle(), "select sum(dur) from sched where utid > 0", one);
            return one.v;
        };
        QCOMPARE(both->results().value(0, 0).toLongLong(), sideRuntime(compare->sideA()));
        QCOMPARE(both->results().value(0, 1).toLongLong(), sideRuntime(compare->sideB()));
        QVERIFY(both->results().value(0, 0) != both->results().value(0, 1));
        QVERIFY(both->results().value(0, 2).toLongLong() > 0);
        QVERIFY(both->runner().schema().front().first.startsWith(QStringLiteral("a.")));
    }
};

QTEST_MAIN(TestQueryPage)
#include "tst_querypage.moc"
