// SQL over simulations, recordings and sweeps (core/query, docs/query.md): the tables against
// known answers, the database's guarantees (read-only, interruptible, written whole) and every
// worked query of the docs.
#include "testutil.h"

#include "base/bytetext.h"
#include "experiments/sweepresults.h"
#include "experiments/sweeprun.h"
#include "experiments/sweepspec.h"
#include "output/simulation.h"
#include "output/summarize.h"
#include "query/querydatabase.h"
#include "query/recordingtables.h"
#include "query/resultformat.h"
#include "query/simulationtables.h"
#include "query/statementrunner.h"
#include "query/sweeptables.h"
#include "scenario/loader.h"

#include <QtTest>

#include <chrono>
#include <fstream>
#include <sstream>
#include <thread>

using namespace core;

namespace {

/// Every row of a query as text (NULL as "NULL").
struct Rows : QueryResultSink {
    std::vector<std::string> columns;
    std::vector<std::vector<std::string>> rows;
    void begin(size_t, const std::vector<std::string>& c) override {
        columns = c;
        rows.clear();
    }
    bool row(const std::vector<QueryValue>& v) override {
        std::vector<std::string> r;
        for (const QueryValue& x : v)
            r.push_back(x.type == QueryValue::Type::Null ? std::string("NULL") : queryValueText(x));
        rows.push_back(std::move(r));
        return true;
    }
    void end() override {}
};

/// A database of `tables`, read-only as queries see it; fails the test when it cannot be made.
std::unique_ptr<QueryDatabase> databaseOf(QueryTables tables) {
    auto db = std::make_unique<QueryDatabase>();
    if (!tables.ok())
        return nullptr;
    if (!db->add(std::move(tables.tables)).empty())
        return nullptr;
    db->makeReadOnly();
    return db;
}

Rows query(QueryDatabase& db, const std::string& sql, QueryOutcome* outcome = nullptr) {
    Rows r;
    const QueryOutcome o = runStatements(db.handle(), sql, r);
    if (outcome)
        *outcome = o;
    else if (!o.ok())
        QTest::qFail((sql + ": " + o.describe()).c_str(), __FILE__, __LINE__);
    return r;
}

std::string writeTemp(const QTemporaryDir& dir, const char* name, const std::string& text) {
    const std::string path = dir.path().toStdString() + "/" + name;
    std::ofstream(path, std::ios::binary) << text;
    return path;
}

/// A recording made by hand (ftrace text, 2 CPUs, times in ms after 1000 s), whose every row is
/// known: bash sleeps; an interrupt on CPU 1 wakes it; worker blocks in D; an RT task with a
/// comm that is not UTF-8 runs; bash wakes worker on CPU 0, which preempts it.
std::string handMadeTrace(bool lost) {
    auto line = [](const char* task, int cpu, const char* flags, double ms, const std::string& body) {
        char b[512];
        std::snprintf(b, sizeof b, "%16s [%03d] %s %12.6f: %s\n", task, cpu, flags, 1000.0 + ms / 1000.0,
                      body.c_str());
        return std::string(b);
    };
    std::string t = "# tracer: nop\n#\n# entries-in-buffer/entries-written: 9/9   #P:2\n#\n";
    t += line("bash-100", 0, "d..2.", 0.0,
              "sched_switch: prev_comm=bash prev_pid=100 prev_prio=120 prev_state=S ==> next_comm=swapper/0 "
              "next_pid=0 next_prio=120");
    t += line("<idle>-0", 1, "d..2.", 0.0,
              "sched_switch: prev_comm=swapper/1 prev_pid=0 prev_prio=120 prev_state=R ==> next_comm=worker "
              "next_pid=200 next_prio=120");
    if (lost)
        t += "CPU:1 [LOST 3 EVENTS]\n";
    t += line("worker-200", 1, "d.h2.", 1.0, "sched_waking: comm=bash pid=100 prio=120 target_cpu=000");
    t += line("<idle>-0", 0, "d..2.", 1.5,
              "sched_switch: prev_comm=swapper/0 prev_pid=0 prev_prio=120 prev_state=R ==> next_comm=bash "
              "next_pid=100 next_prio=120");
    t += line(
        "worker-200", 1, "d..2.", 2.0,
        "sched_switch: prev_comm=worker prev_pid=200 prev_prio=120 prev_state=D ==> next_comm=rt\xfftask "
        "next_pid=300 next_prio=98");
    t += line("bash-100", 0, "d..2.", 3.0, "sched_waking: comm=worker pid=200 prio=120 target_cpu=000");
    t += line("bash-100", 0, "d..2.", 3.1,
              "sched_switch: prev_comm=bash prev_pid=100 prev_prio=120 prev_state=R+ ==> next_comm=worker "
              "next_pid=200 next_prio=120");
    t += line(
        "rt\xfftask-300", 1, "d..2.", 4.0,
        "sched_switch: prev_comm=rt\xfftask prev_pid=300 prev_prio=98 prev_state=S ==> next_comm=swapper/1 "
        "next_pid=0 next_prio=120");
    t += line("worker-200", 0, "d..2.", 5.0,
              "sched_switch: prev_comm=worker prev_pid=200 prev_prio=120 prev_state=S ==> next_comm=bash "
              "next_pid=100 next_prio=120");
    t += line("bash-100", 0, "d..2.", 6.0,
              "sched_switch: prev_comm=bash prev_pid=100 prev_prio=120 prev_state=S ==> next_comm=swapper/0 "
              "next_pid=0 next_prio=120");
    return t;
}

std::string joined(const Rows& r) {
    std::string out;
    for (const auto& row : r.rows) {
        for (size_t c = 0; c < row.size(); ++c)
            out += (c ? "|" : "") + row[c];
        out += "\n";
    }
    return out;
}

/// A thread's rows of thread_state tile its life: each begins where the one before ended.
const char* kTilingGaps =
    "select count(*) from (select ts, lag(ts + dur) over (partition by utid order by ts) as "
    "prev_end from thread_state where ts < (select int_value from metadata where name = "
    "'duration_ns')) where prev_end is not null and prev_end != ts";

/// The fenced ```sql blocks of docs/query.md's worked queries.
std::vector<std::string> workedQueries() {
    std::ifstream in(SCHEDSCOPE_SOURCE_DIR "/docs/query.md");
    std::string line, block;
    std::vector<std::string> out;
    bool worked = false, inBlock = false;
    while (std::getline(in, line)) {
        if (line.rfind("## ", 0) == 0)
            worked = line.find("Worked queries") != std::string::npos;
        if (!worked)
            continue;
        if (!inBlock && line == "```sql") {
            inBlock = true;
            block.clear();
        } else if (inBlock && line == "```") {
            inBlock = false;
            out.push_back(block);
        } else if (inBlock) {
            block += line + "\n";
        }
    }
    return out;
}

/// A sweep of four cells (two models, two seeds) run into `dir`, with its cells.csv, as a
/// database.
std::unique_ptr<QueryDatabase> sweepDatabase(const std::string& dir) {
    const std::string specText =
        "{\"scenario\": \"builtin:default\", \"for\": \"30ms\", \"axes\": {\"model\": "
        "[\"v4.11\", \"v6.12\"], \"seed\": {\"from\": 1, \"to\": 2}}, \"metrics\": "
        "[\"counters.migrations\", \"tasks[name=db#0].latency.p99_ns\"]}";
    const SweepSpecLoad l = parseSweepSpec(specText, "spec.json");
    if (!l.ok())
        return nullptr;
    SweepRunOptions o;
    o.outDir = dir;
    o.jobs = 2;
    if (!runSweep(*l.spec, o).ok())
        return nullptr;
    const SweepResultsLoad r = readSweepResults(dir);
    if (!r.ok() || !writeSweepOutputs(dir, *r.results).empty())
        return nullptr;
    return databaseOf(sweepTables(dir));
}

std::shared_ptr<const ScenarioSpec> builtin(const char* name, SimTime until) {
    LoadResult r = loadScenario(std::string("builtin:") + name);
    if (!r.ok())
        return nullptr;
    r.spec->duration = until;
    return std::make_shared<const ScenarioSpec>(std::move(*r.spec));
}

} // namespace

class TestQuery : public QObject {
    Q_OBJECT

private slots:
    void aHandMadeRecordingGivesKnownRows() {
        QTemporaryDir dir;
        const auto db = databaseOf(recordingTables(writeTemp(dir, "hand.txt", handMadeTrace(false))));
        QVERIFY(db);
        QCOMPARE(
            joined(query(*db, "select t.tid, s.ts, s.dur, s.cpu, s.end_state, s.priority from sched s join "
                              "thread t using(utid) order by s.cpu, s.ts")),
            std::string("0|0|1500000|0|R|120\n"
                        "100|1500000|1600000|0|R+|120\n"
                        "200|3100000|1900000|0|S|120\n"
                        "100|5000000|1000000|0|S|120\n"
                        "200|0|2000000|1|D|120\n"
                        "300|2000000|2000000|1|S|98\n"
                        "0|4000000|2000000|1|NULL|120\n"));
        QCOMPARE(
            joined(query(*db, "select t.tid, s.ts, s.dur, s.state, s.cpu, s.io_wait, w.tid, s.irq_context "
                              "from thread_state s join thread t using(utid) left join thread w on w.utid = "
                              "s.waker_utid order by t.tid, s.ts")),
            std::string("100|0|1000000|S|NULL|NULL|NULL|NULL\n"
                        "100|1000000|500000|R|0|NULL|200|1\n"
                        "100|1500000|1600000|Running|0|NULL|NULL|NULL\n"
                        "100|3100000|1900000|R+|0|NULL|NULL|NULL\n"
                        "100|5000000|1000000|Running|0|NULL|NULL|NULL\n"
                        "200|0|2000000|Running|1|NULL|NULL|NULL\n"
                        "200|2000000|1000000|D|NULL|NULL|NULL|NULL\n"
                        "200|3000000|100000|R|0|NULL|100|0\n"
                        "200|3100000|1900000|Running|0|NULL|NULL|NULL\n"
                        "200|5000000|1000000|S|NULL|NULL|NULL|NULL\n"
                        "300|0|2000000|Unknown|NULL|NULL|NULL|NULL\n"
                        "300|2000000|2000000|Running|1|NULL|NULL|NULL\n"
                        "300|4000000|2000000|S|NULL|NULL|NULL|NULL\n"));
        // A comm is bytes: stored as bytesAsText writes it.
        const Rows names = query(*db, "select name from thread where tid = 300");
        QCOMPARE(names.rows.at(0).at(0), bytesAsText("rt\xfftask"));
        QCOMPARE(names.rows.at(0).at(0), std::string("rt\\xFFtask"));
        QCOMPARE(joined(query(*db, kTilingGaps)), std::string("0\n"));
        QCOMPARE(joined(query(*db, "select int_value from metadata where name = 'lost_events'")),
                 std::string("0\n"));
        // Each CPU's rows, the idle thread's included, cover it from its first record to the end.
        QCOMPARE(joined(query(*db, "select cpu, sum(dur) from sched group by cpu order by cpu")),
                 std::string("0|6000000\n1|6000000\n"));
    }

    void lostEventsAreAWarningAndInMetadata() {
        QTemporaryDir dir;
        QueryTables t = recordingTables(writeTemp(dir, "lost.txt", handMadeTrace(true)));
        QVERIFY(t.ok());
        QVERIFY(!t.warnings.empty());
        const auto db = databaseOf(std::move(t));
        QCOMPARE(joined(query(*db, "select int_value from metadata where name = 'lost_events'")),
                 std::string("3\n"));
        QVERIFY(query(*db, "select count(*) from metadata where name = 'warning'").rows.at(0).at(0) != "0");
        // After the loss, what CPU 1's worker did until its next event is unknown.
        QVERIFY(query(*db, "select count(*) from thread_state where state = 'Unknown'").rows.at(0).at(0) !=
                "0");
    }

    void aRecordingsTablesAreAsTheyWere() {
        // Every table of two recordings, every row as stored, against what the tables were
        // before their build was made faster (issue 59; tests/data/query, written by `query
        // SOURCE "select * from sched; ..." --format csv` then): a record folder (perf.data,
        // cgroups, priorities) and the hand-made trace with lost events. The source_file row
        // says where the file was read from and is left out.
        static const char* const kTables[] = {"sched",
                                              "thread_state",
                                              "thread",
                                              "process",
                                              "cpu",
                                              "counter_track",
                                              "cpu_counter_track",
                                              "thread_counter_track",
                                              "cgroup_counter_track",
                                              "counter",
                                              "wakeup",
                                              "migration",
                                              "preemption",
                                              "cgroup",
                                              "thread_cgroup",
                                              "metadata"};
        std::string sql;
        for (const char* t : kTables)
            sql += std::string("select * from ") + t + ";";
        QTemporaryDir dir;
        const std::pair<std::string, std::string> cases[] = {
            {SCHEDSCOPE_TEST_DATA "/record/small", "record-small"},
            {writeTemp(dir, "lost.txt", handMadeTrace(true)), "lost"}};
        for (const auto& [path, name] : cases) {
            const auto db = databaseOf(recordingTables(path));
            QVERIFY(db);
            std::ostringstream csv;
            {
                const auto writer = makeResultWriter(ResultFormat::Csv, csv);
                const QueryOutcome o = runStatements(db->handle(), sql, *writer);
                QVERIFY2(o.ok(), o.describe().c_str());
            }
            std::vector<std::string> got, want;
            std::istringstream gotText(csv.str());
            for (std::string line; std::getline(gotText, line);)
                if (line.rfind("\"source_file\"", 0) != 0)
                    got.push_back(line);
            std::ifstream wantText(SCHEDSCOPE_TEST_DATA "/query/" + name + "-tables.csv", std::ios::binary);
            QVERIFY(wantText);
            for (std::string line; std::getline(wantText, line);)
                want.push_back(line);
            for (size_t k = 0; k < std::min(got.size(), want.size()); ++k)
                QVERIFY2(got[k] == want[k], (name + " line " + std::to_string(k + 1) + ": expected " +
                                             want[k] + ", found " + got[k])
                                                .c_str());
            QCOMPARE(got.size(), want.size());
        }
    }

    void aRecordingThatCannotBeReadSaysWhere() {
        QTemporaryDir dir;
        const QueryTables t = recordingTables(writeTemp(dir, "bad.txt", "# tracer: nop\nthis is no trace\n"));
        QVERIFY(!t.ok());
        QVERIFY(t.invalidSource);
        QVERIFY2(t.error.find("bad.txt") != std::string::npos, t.error.c_str());
    }

    void aSimulationsSchedAddsUpToEachTasksRuntime() {
        const auto spec = builtin("default", SimTime::ms(300));
        QVERIFY(spec);
        const auto db = databaseOf(simulationTables(spec, {}));
        QVERIFY(db);
        const SimulationResult run = simulate(spec, {});
        QVERIFY(run.ok());
        const RunSummary s = summarize(*run.engine);
        const Rows r =
            query(*db, "select t.name, sum(s.dur) from sched s join thread t using(utid) where s.utid > 0 "
                       "group by s.utid");
        size_t ran = 0;
        for (const TaskSummary& task : s.tasks) {
            const auto it = std::find_if(r.rows.begin(), r.rows.end(),
                                         [&](const auto& row) { return row[0] == task.name; });
            if (task.runtime.count() == 0) { // a task that never ran has no row
                QVERIFY2(it == r.rows.end(), task.name.c_str());
                continue;
            }
            ++ran;
            QVERIFY2(it != r.rows.end(), task.name.c_str());
            QCOMPARE((*it)[1], std::to_string(task.runtime.count()));
        }
        QCOMPARE(r.rows.size(), ran);
        QVERIFY(ran >= 10);
        QCOMPARE(joined(query(*db, kTilingGaps)), std::string("0\n"));
        // Every Running row of thread_state is a sched row, and the other way round.
        QCOMPARE(query(*db, "select count(*), sum(dur) from thread_state where state = 'Running'").rows,
                 query(*db, "select count(*), sum(dur) from sched where utid > 0").rows);
        // The model's counters are there, with their tracks.
        QVERIFY(query(*db,
                      "select count(*) from counter c join cpu_counter_track t on t.id = c.track_id where "
                      "t.name = 'util_avg'")
                    .rows.at(0)
                    .at(0) != "0");
        QCOMPARE(joined(query(*db, "select str_value from metadata where name = 'source_kind'")),
                 std::string("simulation\n"));
    }

    void preemptionsAndIoWaitInASimulation() {
        const auto spec = builtin("rt-audio", SimTime::ms(500));
        QVERIFY(spec);
        const auto db = databaseOf(simulationTables(spec, {}));
        QVERIFY(db);
        // Every preemption ends a run R+ (or R for a yield), at its time.
        const Rows r =
            query(*db, "select count(*), sum(s.end_state in ('R+', 'R')) from preemption p join sched s "
                       "on s.utid = p.utid and s.ts + s.dur >= p.ts and s.ts <= p.ts");
        QVERIFY(r.rows.at(0).at(0) != "0");
        QCOMPARE(r.rows.at(0).at(0), r.rows.at(0).at(1));
        // RT tasks run at 99 - rt_priority.
        QVERIFY(query(*db, "select count(*) from sched where priority < 100").rows.at(0).at(0) != "0");
        QCOMPARE(joined(query(*db, kTilingGaps)), std::string("0\n"));
        const auto io = databaseOf(simulationTables(builtin("default", SimTime::ms(300)), {}));
        QCOMPARE(
            joined(query(*io, "select count(*) from thread_state where state = 'D' and io_wait is null")),
            std::string("0\n"));
        QVERIFY(query(*io, "select count(*) from thread_state where state = 'D' and io_wait = 1")
                    .rows.at(0)
                    .at(0) != "0");
    }

    void queriesCannotChangeTheDatabase() {
        const auto db = databaseOf(simulationTables(builtin("default", SimTime::ms(20)), {}));
        QVERIFY(db);
        for (const char* sql :
             {"delete from sched", "insert into thread(utid) values (99)", "drop table sched",
              "create table x(a)", "attach database ':memory:' as other", "pragma query_only = 0",
              "create temp view v as select 1"}) {
            QueryOutcome o;
            query(*db, sql, &o);
            QVERIFY2(!o.ok(), sql);
        }
        QCOMPARE(query(*db, "pragma table_info(sched)").rows.size(), size_t(7));
        QVERIFY(query(*db, "select count(*) from sched").rows.at(0).at(0) != "0");
    }

    void aBadQuerySaysWhereItFailed() {
        const auto db = databaseOf(simulationTables(builtin("default", SimTime::ms(20)), {}));
        QueryOutcome o;
        Rows r;
        o = runStatements(db->handle(), "select 1;\n  select cpu, sum(dur from sched;", r);
        QVERIFY(!o.ok());
        QCOMPARE(o.statements, size_t(1));
        QCOMPARE(o.line, 2);
        QCOMPARE(o.column, 23); // the two spaces, then "select cpu, sum(dur "
        QVERIFY2(o.error.find("syntax error") != std::string::npos, o.error.c_str());
        o = runStatements(db->handle(), "select nosuchcolumn from sched", r);
        QCOMPARE(o.line, 1);
        QVERIFY(o.error.find("nosuchcolumn") != std::string::npos);
    }

    void aLongQueryIsInterrupted() {
        const auto db = databaseOf(simulationTables(builtin("default", SimTime::ms(20)), {}));
        std::thread stopper([&] {
            std::this_thread::sleep_for(std::chrono::milliseconds(200));
            db->interrupt();
        });
        Rows r;
        const auto t0 = std::chrono::steady_clock::now();
        const QueryOutcome o = runStatements(
            db->handle(),
            "with recursive n(i) as (select 1 union all select i + 1 from n) select count(*) from n", r);
        stopper.join();
        QVERIFY(o.interrupted);
        QVERIFY(std::chrono::steady_clock::now() - t0 < std::chrono::seconds(20));
    }

    void indexedLookupsGiveWhatScansGive() {
        const auto db = databaseOf(simulationTables(builtin("default", SimTime::ms(100)), {}));
        // Constraints the virtual tables answer from an index, against the same filtered by hand.
        for (const char* where :
             {"utid = 3", "cpu = 2 and ts > 50000000", "ts between 1000 and 2000000",
              "ts >= 1e7 and ts < 2.5e7", "utid = '3'", "utid = 3.5", "id = 10", "id > 5 and id < 9"}) {
            const std::string a = joined(
                query(*db, std::string("select id from thread_state where ") + where + " order by id"));
            const std::string b = joined(query(*db, std::string("select id from (select * from thread_state "
                                                                "order by id) where +(") +
                                                        where + ") order by id"));
            QVERIFY2(a == b, where);
        }
    }

    void aWrittenDatabaseHoldsTheSameRows() {
        QTemporaryDir dir;
        QueryDatabase db;
        QVERIFY(db.add(simulationTables(builtin("default", SimTime::ms(50)), {}).tables).empty());
        const std::string path = dir.path().toStdString() + "/out.sqlite";
        QCOMPARE(db.writeFile(path), std::string());
        QVERIFY(!QFile::exists(QString::fromStdString(path + ".tmp-schedscope")));
        QueryDatabase again;
        // The file's tables read back through the same runner (ATTACH of the written file).
        const Rows a = query(db, "select count(*), sum(dur), sum(utid) from thread_state");
        const Rows b = query(again, "attach database '" + path +
                                        "' as f; select count(*), sum(dur), sum(utid) from "
                                        "f.thread_state");
        QCOMPARE(a.rows, b.rows);
        QCOMPARE(db.writeFile(dir.path().toStdString() + "/no/such/dir/x.sqlite").empty(), false);
    }

    void aSweepsRowsAreItsCellsCsv() {
        QTemporaryDir dir;
        const auto db = sweepDatabase(dir.path().toStdString());
        QVERIFY(db);
        const std::string out = dir.path().toStdString();
        const Rows cells =
            query(*db, "select id, model, seed, counters_migrations, tasks_name_db_0_latency_p99_ns, "
                       "coalesce(error, '') from cell order by id");
        std::ifstream csv(out + "/cells.csv");
        std::string line;
        std::getline(csv, line);
        QCOMPARE(line,
                 std::string("index,model,seed,counters.migrations,tasks[name=db#0].latency.p99_ns,error"));
        size_t n = 0;
        while (std::getline(csv, line)) {
            std::string expected;
            for (size_t c = 0; c < cells.rows.at(n).size(); ++c)
                expected += (c ? "," : "") + cells.rows[n][c];
            QCOMPARE(expected, line);
            ++n;
        }
        QCOMPARE(n, size_t(4));
        // The summaries: a task's p99 by model in one GROUP BY.
        QCOMPARE(
            query(*db,
                  "select c.model, avg(t.latency_p99_ns) from cell c join cell_task t on t.cell_id = c.id "
                  "where t.name = 'db#0' group by c.model")
                .rows.size(),
            size_t(2));
        QVERIFY(!sweepTables(dir.path().toStdString() + "/nothing").ok());
    }

    void everyWorkedQueryOfTheDocsRuns() {
        const std::vector<std::string> queries = workedQueries();
        QVERIFY(queries.size() >= 7);
        const auto sim = databaseOf(simulationTables(builtin("default", SimTime::s(1)), {}));
        QTemporaryDir dir;
        const auto rec = databaseOf(recordingTables(SCHEDSCOPE_TEST_DATA "/traces/perf-sched.script"));
        const auto sweep = sweepDatabase(dir.path().toStdString());
        QVERIFY(sim && rec && sweep);
        for (const std::string& q : queries) {
            QueryOutcome o;
            if (q.rfind("-- a sweep", 0) == 0) {
                QVERIFY2(!query(*sweep, q, &o).rows.empty(), q.c_str());
                QVERIFY2(o.ok(), (q + o.describe()).c_str());
                continue;
            }
            const Rows r = query(*sim, q, &o);
            QVERIFY2(o.ok(), (q + o.describe()).c_str());
            QVERIFY2(!r.rows.empty(), q.c_str()); // each answers something on builtin:default
            query(*rec, q, &o);
            QVERIFY2(o.ok(), (q + o.describe()).c_str());
        }
    }
};

QTEST_GUILESS_MAIN(TestQuery)
#include "tst_query.moc"
