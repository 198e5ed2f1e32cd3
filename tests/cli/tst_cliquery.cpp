// schedscope-cli query as a user runs it (docs/query.md): formats, several statements, --file,
// --db, exit codes, the place of a bad query, read-only, Ctrl+C and a recording's warnings.
#include <QtTest>

#include <csignal>
#include <sys/types.h>

#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QProcess>
#include <QTemporaryDir>

namespace {

struct Result {
    int code;
    QByteArray out;
    QByteArray err;
};

Result cli(const QStringList& args, const QByteArray& input = {}) {
    QProcess p;
    p.start(QStringLiteral(SCHEDSCOPE_CLI), args);
    if (!input.isNull()) {
        p.write(input);
        p.closeWriteChannel();
    }
    if (!p.waitForFinished(120000))
        return {-1, {}, "timeout"};
    return {p.exitCode(), p.readAllStandardOutput(), p.readAllStandardError()};
}

QStringList run(std::initializer_list<const char*> more) {
    QStringList a = {QStringLiteral("query"), QStringLiteral("builtin:default"), QStringLiteral("--for"),
                     QStringLiteral("100ms")};
    for (const char* m : more)
        a << QString::fromUtf8(m);
    return a;
}

} // namespace

class TestCliQuery : public QObject {
    Q_OBJECT

private slots:
    void formats() {
        const Result csv = cli(
            run({"select cpu, sum(dur) as busy from sched group by cpu order by cpu", "--format", "csv"}));
        QCOMPARE(csv.code, 0);
        const QList<QByteArray> lines = csv.out.trimmed().split('\n');
        QCOMPARE(lines.value(0), QByteArray("\"cpu\",\"busy\""));
        QCOMPARE(lines.size(), 9); // 8 CPUs: each covered for the 100 ms, the idle thread's rows included
        for (qsizetype i = 1; i < lines.size(); ++i)
            QVERIFY2(lines[i].split(',').value(1).toLongLong() >= 100000000, lines[i].constData());

        const Result json =
            cli(run({"select utid, name, tid from thread order by utid limit 3", "--format", "json"}));
        QCOMPARE(json.code, 0);
        const QJsonArray rows = QJsonDocument::fromJson(json.out).array();
        QCOMPARE(rows.size(), 3);
        QCOMPARE(rows[0].toObject()[QStringLiteral("name")].toString(), QStringLiteral("swapper"));
        QCOMPARE(rows[1].toObject()[QStringLiteral("utid")].toInt(), 1);

        const Result table =
            cli(run({"select 1 as one; select 'a' as x, null as y union all select 'b', 2"}));
        QCOMPARE(table.code, 0);
        QCOMPARE(table.out,
                 QByteArray("one\n---\n  1\n(1 row)\n\nx  y\n-  ----\na  NULL\nb     2\n(2 rows)\n"));
        QCOMPARE(cli(run({"select 1", "--format", "xml"})).code, 64);
    }

    void sqlFromAFileOrStdin() {
        QTemporaryDir dir;
        const QString path = dir.filePath(QStringLiteral("q.sql"));
        QFile f(path);
        QVERIFY(f.open(QIODevice::WriteOnly));
        f.write("-- a comment\nselect count(*) as n from thread where utid > 0;\n");
        f.close();
        const Result a = cli(run({"--file", path.toUtf8().constData(), "--format", "csv"}));
        QCOMPARE(a.code, 0);
        const Result b =
            cli(run({"--file", "-", "--format", "csv"}), "select count(*) as n from thread where utid > 0");
        QCOMPARE(b.code, 0);
        QCOMPARE(a.out, b.out);
        QVERIFY(a.out.startsWith("\"n\"\n"));
        QCOMPARE(cli(run({"--file", "/no/such/file.sql"})).code, 2);
        QCOMPARE(cli(run({"select 1", "--file", path.toUtf8().constData()})).code, 64);
    }

    void aBadQueryExits2WithThePlace() {
        const Result r = cli(run({"select 1;\nselect cpu, sum(dur from sched"}));
        QCOMPARE(r.code, 2);
        QVERIFY2(r.err.contains("SQL:2:21: near \"from\": syntax error"), r.err.constData());
        QVERIFY2(r.err.contains("  select cpu, sum(dur from sched\n                      ^"),
                 r.err.constData());
        QVERIFY(r.out.contains("(1 row)")); // the statement before it ran
        const Result w = cli(run({"delete from sched"}));
        QCOMPARE(w.code, 2);
        const Result a = cli(run({"attach database '/tmp/schedscope-query-test.db' as x"}));
        QCOMPARE(a.code, 2);
        QVERIFY(a.err.contains("not allowed"));
        QVERIFY(!QFile::exists(QStringLiteral("/tmp/schedscope-query-test.db")));
    }

    void commandLineMistakes() {
        QCOMPARE(cli({QStringLiteral("query")}).code, 64);
        QCOMPARE(cli({QStringLiteral("query"), QStringLiteral("builtin:default")}).code, 64); // nothing to do
        QCOMPARE(cli(run({"select 1", "--bogus", "x"})).code, 64);
        const Result opt =
            cli({QStringLiteral("query"), QStringLiteral(SCHEDSCOPE_TEST_DATA "/traces/ftrace.txt"),
                 QStringLiteral("select 1"), QStringLiteral("--model"), QStringLiteral("v4.11")});
        QCOMPARE(opt.code, 64);
        QCOMPARE(
            cli({QStringLiteral("query"), QStringLiteral("builtin:nosuch"), QStringLiteral("select 1")}).code,
            2);
        QTemporaryDir dir;
        QFile spec(dir.filePath(QStringLiteral("sweep.json")));
        QVERIFY(spec.open(QIODevice::WriteOnly));
        spec.write("{}");
        spec.close();
        QCOMPARE(cli({QStringLiteral("query"), dir.path(), QStringLiteral("select 1")}).code,
                 2); // a broken sweep
        QCOMPARE(cli({QStringLiteral("query"), dir.path(), QStringLiteral("select 1"),
                      QStringLiteral("--seed"), QStringLiteral("3")})
                     .code,
                 64);
    }

    void theDatabaseIsWrittenAtomically() {
        QTemporaryDir dir;
        const QString db = dir.filePath(QStringLiteral("run.sqlite"));
        const Result r = cli(run({"--db", db.toUtf8().constData()}));
        QCOMPARE(r.code, 0);
        QVERIFY(QFile::exists(db));
        QVERIFY(!QFile::exists(db + QStringLiteral(".tmp-schedscope")));
        // With SQL too: written, then queried.
        QCOMPARE(cli(run({"select 1", "--db", db.toUtf8().constData()})).code, 0);
        const Result bad = cli(run({"--db", "/no/such/dir/run.sqlite"}));
        QCOMPARE(bad.code, 1);
        QVERIFY(bad.err.contains("/no/such/dir/run.sqlite"));
    }

    void ctrlCStopsALongQuery() {
        QProcess p;
        p.start(
            QStringLiteral(SCHEDSCOPE_CLI),
            run({"with recursive n(i) as (select 1 union all select i + 1 from n) select count(*) from n"}));
        QVERIFY(p.waitForStarted());
        QTest::qWait(1500); // the database is built and the query runs
        ::kill(static_cast<pid_t>(p.processId()), SIGINT);
        QVERIFY(p.waitForFinished(20000));
        QCOMPARE(p.exitCode(), 130);
        QVERIFY(p.readAllStandardError().contains("interrupted"));
    }

    void aRecordingWithLostEventsSaysSo() {
        QFile in(QStringLiteral(SCHEDSCOPE_TEST_DATA "/traces/ftrace.txt"));
        QVERIFY(in.open(QIODevice::ReadOnly));
        QByteArray t = in.readAll();
        const qsizetype at = t.indexOf("sched_switch: prev_comm=workload");
        QVERIFY(at > 0);
        t.insert(t.lastIndexOf('\n', at) + 1, "CPU:1 [LOST 42 EVENTS]\n");
        QTemporaryDir dir;
        const QString path = dir.filePath(QStringLiteral("lost.txt"));
        QFile out(path);
        QVERIFY(out.open(QIODevice::WriteOnly));
        out.write(t);
        out.close();
        const Result r =
            cli({QStringLiteral("query"), path,
                 QStringLiteral("select int_value from metadata where name = 'lost_events'; select "
                                "count(*) > 0 from metadata where name = 'warning'"),
                 QStringLiteral("--format"), QStringLiteral("csv")});
        QCOMPARE(r.code, 0);
        QVERIFY2(r.err.contains("warning: " + path.toUtf8()), r.err.constData());
        QCOMPARE(r.out, QByteArray("\"int_value\"\n42\n\n\"count(*) > 0\"\n1\n"));
    }
};

QTEST_GUILESS_MAIN(TestCliQuery)
#include "tst_cliquery.moc"
