// schedscope-cli as a user runs it: commands, formats and exit codes.
#include <QtTest>

#include <csignal>
#include <sys/types.h>

#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QProcess>
#include <QRegularExpression>
#include <QTemporaryDir>

namespace {

struct Result {
    int code;
    QByteArray out;
    QByteArray err;
};

Result cli(const QStringList& args) {
    QProcess p;
    p.start(QStringLiteral(SCHEDSCOPE_CLI), args);
    if (!p.waitForFinished(120000))
        return {-1, {}, "timeout"};
    return {p.exitCode(), p.readAllStandardOutput(), p.readAllStandardError()};
}

void writeText(const QString& path, const std::string& text) {
    QFile f(path);
    if (!f.open(QIODevice::WriteOnly | QIODevice::Truncate) ||
        f.write(text.data(), static_cast<qint64>(text.size())) != static_cast<qint64>(text.size()))
        QTest::qFail("cannot write a test file", __FILE__, __LINE__);
}

QString data(const char* name) {
    return QStringLiteral(SCHEDSCOPE_TEST_DATA "/") + QLatin1String(name);
}

/// A `--states` CSV checked as the interface promises: the header, known states, per task
/// intervals that do not overlap and whose running ones add up to the summary's runtime_ns.
/// Returns the number of rows per state; fails the test (through QTest) where a rule breaks.
QMap<QString, int> checkStates(const QString& csvPath, const QJsonObject& summary) {
    QMap<QString, int> states;
    QFile f(csvPath);
    if (!f.open(QIODevice::ReadOnly)) {
        QTest::qFail("no states file", __FILE__, __LINE__);
        return states;
    }
    const QList<QByteArray> lines = f.readAll().split('\n');
    if (lines.value(0) != "pid,name,state,cpu,start_ns,end_ns")
        QTest::qFail("wrong header", __FILE__, __LINE__);
    QMap<QString, qint64> running, lastEnd; // by pid and name
    const QStringList known = {QStringLiteral("running"),         QStringLiteral("runnable"),
                               QStringLiteral("preempted"),       QStringLiteral("sleeping"),
                               QStringLiteral("uninterruptible"), QStringLiteral("throttled"),
                               QStringLiteral("unknown")};
    for (qsizetype i = 1; i < lines.size(); ++i) {
        if (lines[i].isEmpty())
            continue;
        // pid,"name",state,cpu,start,end: the name is quoted and may hold commas.
        const QByteArray& l = lines[i];
        const qsizetype q = l.lastIndexOf('"');
        const QList<QByteArray> tail = l.mid(q + 2).split(',');
        const QString key = QString::fromUtf8(l.left(q + 1));
        const QString state = QString::fromUtf8(tail.value(0));
        const qint64 start = tail.value(2).toLongLong(), end = tail.value(3).toLongLong();
        // On a CPU or queued on one: a CPU; asleep or unknown: none.
        const bool onCpu = state == QStringLiteral("running") || state == QStringLiteral("runnable") ||
                           state == QStringLiteral("preempted") || state == QStringLiteral("throttled");
        if (!known.contains(state) || end <= start ||
            (state == QStringLiteral("running") && tail.value(1).isEmpty()) ||
            (!onCpu && !tail.value(1).isEmpty())) {
            QTest::qFail(l.constData(), __FILE__, __LINE__);
            return states;
        }
        if (lastEnd.contains(key) && start < lastEnd[key]) {
            QTest::qFail(("overlaps: " + l).constData(), __FILE__, __LINE__);
            return states;
        }
        lastEnd[key] = end;
        running[key] += state == QStringLiteral("running") ? end - start : 0;
        ++states[state];
    }
    QMap<QString, qint64> runtime; // a reused pid under the same name: its incarnations together
    for (const auto& v : summary[QStringLiteral("tasks")].toArray()) {
        const QJsonObject t = v.toObject();
        const qint64 pid = t[QStringLiteral("pid")].toInteger(-1) >= 0 ? t[QStringLiteral("pid")].toInteger()
                                                                       : t[QStringLiteral("id")].toInteger();
        runtime[QString::number(pid) + QStringLiteral(",\"") + t[QStringLiteral("name")].toString() +
                QStringLiteral("\"")] += t[QStringLiteral("runtime_ns")].toInteger();
    }
    for (auto it = runtime.begin(); it != runtime.end(); ++it)
        if (running.value(it.key()) != it.value())
            QTest::qFail(qPrintable(QStringLiteral("%1: running %2, runtime_ns %3")
                                        .arg(it.key())
                                        .arg(running.value(it.key()))
                                        .arg(it.value())),
                         __FILE__, __LINE__);
    return states;
}

} // namespace

class TestCli : public QObject {
    Q_OBJECT
private slots:
    // A sweep's cell is the same run as `run` with the same settings, byte for byte; a bad axis
    // stops the sweep before any cell runs; an interrupted sweep keeps what it finished.
    void sweepCellsAreRuns() {
        QTemporaryDir tmp;
        const QString spec = tmp.filePath(QStringLiteral("spec.json"));
        writeText(spec, "{\"scenario\": \"builtin:default\", \"for\": \"100ms\", \"axes\": {"
                        "\"model\": [\"v4.11\", \"v6.12\"], \"opt.psi_direct_iteration\": [\"off\", \"on\"], "
                        "\"seed\": {\"from\": 1, \"to\": 2}, \"topology.cores_per_socket\": [2, 4]}}");
        const QString out = tmp.filePath(QStringLiteral("out"));
        const Result r =
            cli({QStringLiteral("sweep"), spec, QStringLiteral("--jobs"), QStringLiteral("2"),
                 QStringLiteral("--out"), out, QStringLiteral("--format"), QStringLiteral("json")});
        QVERIFY2(r.code == 0, r.err.constData());
        const QJsonObject agg = QJsonDocument::fromJson(r.out).object();
        QCOMPARE(agg[QStringLiteral("finished")].toInt(), 16);
        QCOMPARE(agg[QStringLiteral("groups")].toArray().size(), 8); // 16 cells / 2 seeds
        QFile cells(out + QStringLiteral("/cells.jsonl"));
        QVERIFY(cells.open(QIODevice::ReadOnly));
        const QList<QByteArray> lines = cells.readAll().trimmed().split('\n');
        QCOMPARE(lines.size(), 16);
        QFile base(out + QStringLiteral("/sweep.json"));
        QVERIFY(base.open(QIODevice::ReadOnly));
        const QJsonObject scenario =
            QJsonDocument::fromJson(base.readAll()).object()[QStringLiteral("scenario")].toObject();
        for (int k : {0, 5, 10, 15}) {
            const QJsonObject line = QJsonDocument::fromJson(lines[k]).object();
            const QJsonObject cell = line[QStringLiteral("cell")].toObject();
            QJsonObject edited = scenario;
            QJsonObject topo = edited[QStringLiteral("topology")].toObject();
            topo[QStringLiteral("cores_per_socket")] = cell[QStringLiteral("topology.cores_per_socket")];
            edited[QStringLiteral("topology")] = topo;
            const QString file = tmp.filePath(QStringLiteral("cell%1.json").arg(k));
            writeText(file, QJsonDocument(edited).toJson().toStdString());
            const Result run =
                cli({QStringLiteral("run"), file, QStringLiteral("--model"),
                     cell[QStringLiteral("model")].toString(), QStringLiteral("--opt"),
                     QStringLiteral("psi_direct_iteration=") +
                         cell[QStringLiteral("opt.psi_direct_iteration")].toString(),
                     QStringLiteral("--seed"), QString::number(cell[QStringLiteral("seed")].toInt()),
                     QStringLiteral("--for"), QStringLiteral("100ms"), QStringLiteral("--format"),
                     QStringLiteral("json"), QStringLiteral("--no-wall-time")});
            QVERIFY2(run.code == 0, run.err.constData());
            QCOMPARE(QJsonDocument(line[QStringLiteral("summary")].toObject()).toJson(QJsonDocument::Compact),
                     QJsonDocument::fromJson(run.out).toJson(QJsonDocument::Compact));
        }
        // A bad axis: exit 2 naming it, and no cell has run.
        writeText(
            spec,
            "{\"scenario\": \"builtin:default\", \"axes\": {\"seed\": [1, 2], \"tasks[0].cuont\": [1]}}");
        const QString bad = tmp.filePath(QStringLiteral("bad"));
        const Result b = cli({QStringLiteral("sweep"), spec, QStringLiteral("--out"), bad});
        QCOMPARE(b.code, 2);
        QVERIFY2(b.err.contains("axes.tasks[0].cuont"), b.err.constData());
        QVERIFY(!QFile::exists(bad));
        QCOMPARE(cli({QStringLiteral("sweep"), spec, QStringLiteral("--jobs"), QStringLiteral("0")}).code,
                 64);
        QCOMPARE(cli({QStringLiteral("sweep"), spec, QStringLiteral("--format"), QStringLiteral("xml")}).code,
                 64);
    }

    void sweepInterruptedKeepsFinishedCells() {
        QTemporaryDir tmp;
        const QString spec = tmp.filePath(QStringLiteral("spec.json"));
        writeText(spec, "{\"scenario\": \"builtin:default\", \"for\": \"20s\", "
                        "\"axes\": {\"seed\": {\"from\": 1, \"to\": 200}}}");
        const QString out = tmp.filePath(QStringLiteral("out"));
        const QStringList args{QStringLiteral("sweep"), spec, QStringLiteral("--jobs"), QStringLiteral("1"),
                               QStringLiteral("--out"), out};
        QProcess p;
        p.start(QStringLiteral(SCHEDSCOPE_CLI), args);
        QVERIFY(p.waitForStarted());
        QFile cells(out + QStringLiteral("/cells.jsonl"));
        QTRY_VERIFY_WITH_TIMEOUT(cells.exists() && cells.size() > 0, 30000);
        ::kill(static_cast<pid_t>(p.processId()), SIGINT);
        QVERIFY(p.waitForFinished(30000));
        QCOMPARE(p.exitCode(), 130);
        QVERIFY(p.readAllStandardError().contains("run the same command to go on"));
        QVERIFY(cells.open(QIODevice::ReadOnly));
        const int finished = cells.readAll().count('\n');
        cells.close();
        QVERIFY(finished >= 1 && finished < 200);
        // The same command again skips them (stopped again right away: it says so at the end).
        QProcess again;
        again.start(QStringLiteral(SCHEDSCOPE_CLI), args);
        QVERIFY(again.waitForStarted());
        // Interrupt only once the rerun says it started (its handler is in place by then): a fixed
        // delay raced the start-up under the sanitizers, and the default action left no message.
        QByteArray err;
        QTRY_VERIFY_WITH_TIMEOUT((err += again.readAllStandardError()).contains(" cells into "), 30000);
        ::kill(static_cast<pid_t>(again.processId()), SIGINT);
        QVERIFY(again.waitForFinished(30000));
        err += again.readAllStandardError();
        QVERIFY2(err.contains(QByteArray::number(finished) + " cells were already finished"),
                 err.constData());
    }

    void listShowsBuiltins() {
        auto r = cli({QStringLiteral("list")});
        QCOMPARE(r.code, 0);
        QVERIFY(r.out.contains("default"));
    }

    void validateExitCodes() {
        QCOMPARE(cli({QStringLiteral("validate"), QStringLiteral("builtin:default")}).code, 0);
        QCOMPARE(cli({QStringLiteral("validate"), data("valid-minimal.json")}).code, 0);
        auto bad = cli({QStringLiteral("validate"), data("invalid-channel.json")});
        QCOMPARE(bad.code, 2);
        QVERIFY2(bad.err.contains("invalid-channel.json: tasks[0].program[1].send: unknown channel \"p9\""),
                 bad.err);
        auto trunc = cli({QStringLiteral("validate"), data("truncated.json")});
        QCOMPARE(trunc.code, 2);
        QVERIFY2(trunc.err.contains("truncated.json:7:16: unexpected end of input; expected a value"),
                 trunc.err);
        // One bad file among good ones fails the whole call, and every file is reported.
        auto mixed =
            cli({QStringLiteral("validate"), data("valid-minimal.json"), data("invalid-channel.json")});
        QCOMPARE(mixed.code, 2);
        QVERIFY(mixed.out.contains("valid-minimal.json: ok"));
        QCOMPARE(cli({QStringLiteral("validate"), QStringLiteral("/nonexistent.json")}).code, 2);
    }

    void usageErrors() {
        QCOMPARE(cli({}).code, 64);
        QCOMPARE(cli({QStringLiteral("frobnicate")}).code, 64);
        QCOMPARE(cli({QStringLiteral("validate")}).code, 64);
        QCOMPARE(cli({QStringLiteral("run")}).code, 64);
        QCOMPARE(cli({QStringLiteral("run"), QStringLiteral("builtin:default"), QStringLiteral("--bogus"),
                      QStringLiteral("1")})
                     .code,
                 64);
        QCOMPARE(cli({QStringLiteral("run"), QStringLiteral("builtin:default"), QStringLiteral("--format"),
                      QStringLiteral("xml")})
                     .code,
                 64);
        QCOMPARE(cli({QStringLiteral("run"), QStringLiteral("builtin:default"), QStringLiteral("--for"),
                      QStringLiteral("soon")})
                     .code,
                 64);
        QCOMPARE(cli({QStringLiteral("run"), QStringLiteral("builtin:default"), QStringLiteral("--opt"),
                      QStringLiteral("psi_clock_once=maybe")})
                     .code,
                 64);
        QCOMPARE(cli({QStringLiteral("run"), QStringLiteral("builtin:default"), QStringLiteral("--opt"),
                      QStringLiteral("nope=on")})
                     .code,
                 64);
        QCOMPARE(cli({QStringLiteral("run"), QStringLiteral("builtin:default"), QStringLiteral("--seed"),
                      QStringLiteral("-4")})
                     .code,
                 64);
        QCOMPARE(cli({QStringLiteral("help")}).code, 0);
    }

    void benchSeedsQuickJson() {
        auto r = cli({QStringLiteral("bench"), QStringLiteral("seeds"), QStringLiteral("--quick"),
                      QStringLiteral("--only"), QStringLiteral("autogroup_move_skip"),
                      QStringLiteral("--only"), QStringLiteral("cpuacct_batch_scaling"),
                      QStringLiteral("--format"), QStringLiteral("json")});
        QCOMPARE(r.code, 0);
        // Progress and the quick notice go to stderr, the result alone to stdout.
        QVERIFY2(r.err.contains("--quick") && r.err.contains("[2/2] cpuacct_batch_scaling done in"), r.err);
        const QJsonObject doc = QJsonDocument::fromJson(r.out).object();
        const QJsonArray exps = doc.value(QStringLiteral("experiments")).toArray();
        QCOMPARE(exps.size(), 2);
        const QJsonObject ag = exps[0].toObject();
        QCOMPARE(ag.value(QStringLiteral("id")).toString(), QStringLiteral("autogroup_move_skip"));
        QCOMPARE(ag.value(QStringLiteral("better")).toString(), QStringLiteral("lower"));
        QVERIFY(!ag.value(QStringLiteral("metric")).toString().isEmpty());
        QVERIFY(ag.contains(QStringLiteral("unit")));
        const QJsonObject row = ag.value(QStringLiteral("rows")).toArray()[0].toObject();
        QVERIFY(row.value(QStringLiteral("after")).toDouble() <
                row.value(QStringLiteral("before")).toDouble());
        QVERIFY(row.value(QStringLiteral("change_pct")).toDouble() < 0);
        // Quick runs keep the published figures (only the relative change is compared) and say
        // what the row's comparison is worth.
        QCOMPARE(row.value(QStringLiteral("published")).toObject().value(QStringLiteral("before")).toDouble(),
                 43528033.0);
        QCOMPARE(row.value(QStringLiteral("kind")).toString(), QStringLiteral("prediction"));
        QCOMPARE(row.value(QStringLiteral("agrees")).toBool(), true);
        const QJsonObject predictions = doc.value(QStringLiteral("predictions")).toObject();
        // autogroup's sched_move_task time, the v6.6 spawn row (not reproduced), cpuacct with the change
        QCOMPARE(predictions.value(QStringLiteral("total")).toInt(), 3);
        QCOMPARE(predictions.value(QStringLiteral("agree")).toInt(), 2);
        // cpuacct's rate does not depend on the run length: published figures stay.
        const QJsonObject cpuacct = exps[1].toObject().value(QStringLiteral("rows")).toArray()[1].toObject();
        QCOMPARE(
            cpuacct.value(QStringLiteral("published")).toObject().value(QStringLiteral("before")).toDouble(),
            61720.0);
        QVERIFY(cpuacct.value(QStringLiteral("published")).toObject().contains(QStringLiteral("change_pct")));
        QCOMPARE(cpuacct.value(QStringLiteral("kind")).toString(), QStringLiteral("fit"));
        // cpuacct disabled: one published figure, no "after"; equal by construction, no verdict.
        const QJsonObject disabled = exps[1].toObject().value(QStringLiteral("rows")).toArray()[0].toObject();
        QVERIFY(
            disabled.value(QStringLiteral("published")).toObject().value(QStringLiteral("after")).isNull());
        QCOMPARE(disabled.value(QStringLiteral("kind")).toString(), QStringLiteral("by construction"));
        QVERIFY(disabled.value(QStringLiteral("agrees")).isNull());
    }

    void benchSeedsUsageErrors() {
        auto only = cli({QStringLiteral("bench"), QStringLiteral("seeds"), QStringLiteral("--only"),
                         QStringLiteral("psi_clock_twice")});
        QCOMPARE(only.code, 64);
        QVERIFY2(only.err.contains("found \"psi_clock_twice\"") && only.err.contains("psi_clock_once"),
                 only.err);
        auto fmt = cli({QStringLiteral("bench"), QStringLiteral("seeds"), QStringLiteral("--format"),
                        QStringLiteral("xml")});
        QCOMPARE(fmt.code, 64);
        QVERIFY2(fmt.err.contains("table, json or markdown"), fmt.err);
        QCOMPARE(cli({QStringLiteral("bench"), QStringLiteral("everything")}).code, 64);
    }

    void runJsonSummary() {
        auto r = cli({QStringLiteral("run"), QStringLiteral("builtin:default"), QStringLiteral("--for"),
                      QStringLiteral("1s"), QStringLiteral("--format"), QStringLiteral("json"),
                      QStringLiteral("--opt"), QStringLiteral("psi_clock_once=off")});
        QCOMPARE(r.code, 0);
        const QJsonObject j = QJsonDocument::fromJson(r.out).object();
        for (const char* key : {"scenario", "seed", "sim_time_ns", "wall_time_s", "events", "optimizations",
                                "counters", "migrations_by_reason", "cpus", "tasks", "channels"})
            QVERIFY2(j.contains(QLatin1String(key)), key);
        QCOMPARE(j[QStringLiteral("sim_time_ns")].toInteger(), qint64(1000000000));
        QCOMPARE(j[QStringLiteral("seed")].toInteger(), qint64(42));
        QCOMPARE(j[QStringLiteral("optimizations")].toObject()[QStringLiteral("psi_clock_once")].toBool(),
                 false);
        QCOMPARE(
            j[QStringLiteral("optimizations")].toObject()[QStringLiteral("prefer_sibling_local")].toBool(),
            true);
        for (const char* key : {"context_switches", "wakeups", "migrations", "placements"})
            QVERIFY(j[QStringLiteral("counters")].toObject()[QLatin1String(key)].toInteger() > 0);
        const QJsonObject reasons = j[QStringLiteral("migrations_by_reason")].toObject();
        for (const char* key : {"wakeup", "periodic", "newidle", "nohz", "active", "affinity", "move"})
            QVERIFY2(reasons.contains(QLatin1String(key)), key);
        // Fork placement is not a migration (perf does not count it): no such reason.
        QVERIFY(!reasons.contains(QStringLiteral("fork")));
        const QJsonArray cpus = j[QStringLiteral("cpus")].toArray();
        QCOMPARE(cpus.size(), 8);
        for (const auto& c : cpus) {
            const QJsonObject o = c.toObject();
            QCOMPARE(o[QStringLiteral("busy_ns")].toInteger() + o[QStringLiteral("idle_ns")].toInteger() +
                         o[QStringLiteral("overhead_ns")].toInteger(),
                     qint64(1000000000));
        }
        const QJsonObject t0 = j[QStringLiteral("tasks")].toArray()[0].toObject();
        for (const char* key : {"name", "pid", "cgroup", "runtime_ns", "wait_ns", "switches", "migrations",
                                "exit_ns", "latency"})
            QVERIFY2(t0.contains(QLatin1String(key)), key);
        // Every switch in is one wait: the tasks' waits add up to their switches in.
        qint64 waits = 0;
        for (const auto& t : j[QStringLiteral("tasks")].toArray()) {
            const QJsonObject l = t.toObject()[QStringLiteral("latency")].toObject();
            for (const char* key : {"count", "p50_ns", "p90_ns", "p99_ns", "max_ns"})
                QVERIFY2(l.contains(QLatin1String(key)), key);
            QVERIFY(l[QStringLiteral("p50_ns")].toInteger() <= l[QStringLiteral("p99_ns")].toInteger());
            QVERIFY(l[QStringLiteral("p99_ns")].toInteger() <= l[QStringLiteral("max_ns")].toInteger());
            waits += l[QStringLiteral("count")].toInteger();
        }
        QVERIFY(waits > 0);
    }

    void statesOfRunsAndRecordings() {
        QTemporaryDir dir;
        const QString states = dir.filePath(QStringLiteral("states.csv"));
        QMap<QString, int> seen;
        for (const char* model : {"v4.11", "v6.12"})
            for (const char* scenario : {"builtin:default", "builtin:cpu-max", "builtin:rt-audio"}) {
                auto r = cli({QStringLiteral("run"), QLatin1String(scenario), QStringLiteral("--model"),
                              QLatin1String(model), QStringLiteral("--for"), QStringLiteral("200ms"),
                              QStringLiteral("--format"), QStringLiteral("json"), QStringLiteral("--states"),
                              states});
                QCOMPARE(r.code, 0);
                const auto counts = checkStates(states, QJsonDocument::fromJson(r.out).object());
                if (QTest::currentTestFailed())
                    QFAIL(scenario);
                for (auto it = counts.begin(); it != counts.end(); ++it)
                    seen[it.key()] += it.value();
            }
        for (const char* s : {"running", "runnable", "preempted", "sleeping", "uninterruptible", "throttled"})
            QVERIFY2(seen.value(QLatin1String(s)) > 0, s);
        // A recording: the same rules, and the unknown before a task's first event.
        auto t =
            cli({QStringLiteral("trace-summary"), data("traces/perf-sched.script"),
                 QStringLiteral("--format"), QStringLiteral("json"), QStringLiteral("--states"), states});
        QCOMPARE(t.code, 0);
        const auto counts = checkStates(states, QJsonDocument::fromJson(t.out).object());
        QVERIFY(counts.value(QStringLiteral("unknown")) > 0 &&
                counts.value(QStringLiteral("sleeping")) > 100);
        // An unwritable states file: exit 1 naming it.
        auto bad =
            cli({QStringLiteral("run"), QStringLiteral("builtin:default"), QStringLiteral("--for"),
                 QStringLiteral("10ms"), QStringLiteral("--states"), QStringLiteral("/nonexistent/s.csv")});
        QCOMPARE(bad.code, 1);
        QVERIFY(bad.err.contains("/nonexistent/s.csv"));
    }

    void whyFollowsTheWakeupChain() {
        // perf bench sched pipe: each side is woken by the other, so the chain alternates.
        auto r =
            cli({QStringLiteral("why"), QStringLiteral("builtin:psi-clock-pipe"), QStringLiteral("--for"),
                 QStringLiteral("20ms"), QStringLiteral("--pid"), QStringLiteral("1"), QStringLiteral("--at"),
                 QStringLiteral("10ms"), QStringLiteral("--depth"), QStringLiteral("6"),
                 QStringLiteral("--format"), QStringLiteral("json")});
        QCOMPARE(r.code, 0);
        const QJsonArray hops = QJsonDocument::fromJson(r.out).object()[QStringLiteral("hops")].toArray();
        QCOMPARE(hops.size(), 6);
        QCOMPARE(hops[0].toObject()[QStringLiteral("pid")].toInteger(), 1);
        for (qsizetype i = 0; i < hops.size(); ++i) {
            const QJsonObject h = hops[i].toObject();
            for (const char* key :
                 {"pid", "name", "state", "from_ns", "to_ns", "woken_by_pid", "waker_cpu", "reason"})
                QVERIFY2(h.contains(QLatin1String(key)), key);
            QCOMPARE(h[QStringLiteral("reason")].toString(), QStringLiteral("woken"));
            QVERIFY(h[QStringLiteral("from_ns")].toInteger() < h[QStringLiteral("to_ns")].toInteger());
            if (i + 1 < hops.size()) {
                const QJsonObject next = hops[i + 1].toObject();
                QCOMPARE(h[QStringLiteral("woken_by_pid")].toInteger(),
                         next[QStringLiteral("pid")].toInteger());
                QVERIFY(next[QStringLiteral("to_ns")].toInteger() <= h[QStringLiteral("to_ns")].toInteger());
            }
        }
        // What the model adds: two hogs on one CPU of v6.12 preempt each other when a slice is
        // used up (the EEVDF deadline), which the JSON and the table name.
        QTemporaryDir dir;
        const QString hogs = dir.filePath(QStringLiteral("hogs.json"));
        {
            QFile f(hogs);
            QVERIFY(f.open(QIODevice::WriteOnly));
            f.write(R"({"format": 1, "name": "hogs", "duration": "50ms", "kernel": {"model": "v6.12"},
              "topology": {"sockets": 1, "cores_per_socket": 1, "threads_per_core": 1, "numa_nodes": 1},
              "tasks": [{"name": "a", "program": [{"run": "1s"}]}, {"name": "b", "program": [{"run": "1s"}]}]})");
        }
        const QStringList hogArgs = {QStringLiteral("why"),   hogs,
                                     QStringLiteral("--pid"), QStringLiteral("0"),
                                     QStringLiteral("--at"),  QStringLiteral("20ms")};
        auto preempted = cli(hogArgs + QStringList{QStringLiteral("--format"), QStringLiteral("json")});
        QCOMPARE(preempted.code, 0);
        const QJsonObject hop =
            QJsonDocument::fromJson(preempted.out).object()[QStringLiteral("hops")].toArray()[0].toObject();
        QCOMPARE(hop[QStringLiteral("state")].toString(), QStringLiteral("preempted"));
        QCOMPARE(hop[QStringLiteral("preempt_rule")].toString(), QStringLiteral("deadline"));
        QCOMPARE(hop[QStringLiteral("preempted_by_pid")].toInteger(), 1);
        QVERIFY(hop[QStringLiteral("moves")].isArray());
        QVERIFY(hops[0].toObject()[QStringLiteral("preempt_rule")].isNull()); // the pipe's hops slept
        auto preemptedTable = cli(hogArgs);
        QVERIFY2(preemptedTable.out.contains("preempted by pid 1, rule deadline"),
                 preemptedTable.out.constData());
        // A recording, and the table.
        auto table = cli({QStringLiteral("why"), data("traces/perf-sched.script"), QStringLiteral("--pid"),
                          QStringLiteral("15"), QStringLiteral("--at"), QStringLiteral("1ms")});
        QCOMPARE(table.code, 0);
        QVERIFY2(table.out.contains("rcu_preempt") && table.out.contains("first event"),
                 table.out.constData());
        // Errors: each names what was wrong.
        const QString pipe = QStringLiteral("builtin:psi-clock-pipe");
        QCOMPARE(cli({QStringLiteral("why"), pipe, QStringLiteral("--at"), QStringLiteral("1ms")}).code, 64);
        QCOMPARE(cli({QStringLiteral("why"), pipe, QStringLiteral("--pid"), QStringLiteral("1")}).code, 64);
        QCOMPARE(cli({QStringLiteral("why"), pipe, QStringLiteral("--pid"), QStringLiteral("1"),
                      QStringLiteral("--at"), QStringLiteral("1ms"), QStringLiteral("--depth"),
                      QStringLiteral("0")})
                     .code,
                 64);
        auto none = cli({QStringLiteral("why"), pipe, QStringLiteral("--for"), QStringLiteral("5ms"),
                         QStringLiteral("--pid"), QStringLiteral("77"), QStringLiteral("--at"),
                         QStringLiteral("1ms")});
        QCOMPARE(none.code, 2);
        QVERIFY(none.err.contains("no task with pid 77"));
        auto traceWithModel =
            cli({QStringLiteral("why"), data("traces/perf-sched.script"), QStringLiteral("--pid"),
                 QStringLiteral("15"), QStringLiteral("--at"), QStringLiteral("1ms"),
                 QStringLiteral("--model"), QStringLiteral("v6.12")});
        QCOMPARE(traceWithModel.code, 64);
    }

    void throttledStretchesReachTheCsvTrace() {
        QTemporaryDir dir;
        const QString trace = dir.filePath(QStringLiteral("trace.csv"));
        auto r = cli({QStringLiteral("run"), QStringLiteral("builtin:cpu-max"), QStringLiteral("--for"),
                      QStringLiteral("300ms"), QStringLiteral("--trace"), trace});
        QCOMPARE(r.code, 0);
        QFile t(trace);
        QVERIFY(t.open(QIODevice::ReadOnly));
        QVERIFY(t.readAll().contains("\nthrottle,"));
    }

    void traceSummary() {
        const QString trace = data("traces/perf-sched.script");
        auto r =
            cli({QStringLiteral("trace-summary"), trace, QStringLiteral("--format"), QStringLiteral("json")});
        QCOMPARE(r.code, 0);
        const QJsonObject j = QJsonDocument::fromJson(r.out).object();
        const QJsonObject t = j[QStringLiteral("trace")].toObject();
        QCOMPARE(t[QStringLiteral("format")].toString(), QStringLiteral("perf-script"));
        QVERIFY(t[QStringLiteral("events")].toInteger() > 5000);
        QVERIFY(t.contains(QStringLiteral("lost_events")) && t[QStringLiteral("warnings")].isArray());
        QVERIFY(!j.contains(QStringLiteral("seed")) && !j.contains(QStringLiteral("optimizations")));
        QCOMPARE(j[QStringLiteral("cpus")].toArray().size(), 2);
        bool pinger = false;
        for (const auto& v : j[QStringLiteral("tasks")].toArray()) {
            const QJsonObject task = v.toObject();
            for (const char* key :
                 {"name", "pid", "runtime_ns", "wait_ns", "switches", "migrations", "latency"})
                QVERIFY2(task.contains(QLatin1String(key)), key);
            if (task[QStringLiteral("name")].toString() == QStringLiteral("pinger")) {
                pinger = true;
                QVERIFY(task[QStringLiteral("latency")].toObject()[QStringLiteral("count")].toInteger() >=
                        1000);
            }
        }
        QVERIFY(pinger);
        for (const char* key : {"context_switches", "wakeups", "migrations"})
            QVERIFY(j[QStringLiteral("counters")].toObject()[QLatin1String(key)].toInteger() > 0);
        // The table, and the errors: not a trace is exit 2 naming the file; a bad option 64.
        auto table = cli(
            {QStringLiteral("trace-summary"), trace, QStringLiteral("--latency"), QStringLiteral("perf")});
        QCOMPARE(table.code, 0);
        QVERIFY(table.out.contains("perf-script") && table.out.contains("lat p99"));
        auto bad = cli({QStringLiteral("trace-summary"), data("valid-minimal.json")});
        QCOMPARE(bad.code, 2);
        QVERIFY2(bad.err.contains("valid-minimal.json: not a scheduler trace: line 1: expected"),
                 bad.err.constData());
        QCOMPARE(
            cli({QStringLiteral("trace-summary"), trace, QStringLiteral("--latency"), QStringLiteral("x")})
                .code,
            64);
    }

    void importTraceAndReplay() {
        // A real recording (perf sched record of tests/data/traces/workload.c) as a scenario
        // `validate` accepts, with the tracer left out and the notes on stderr.
        QTemporaryDir dir;
        const QString trace = data("traces/perf-sched.script");
        const QString out = dir.filePath(QStringLiteral("w.json"));
        auto r = cli({QStringLiteral("import-trace"), trace, QStringLiteral("--out"), out});
        QCOMPARE(r.code, 0);
        QVERIFY2(r.err.contains("tracer itself") && r.err.contains("11 tasks"), r.err.constData());
        QCOMPARE(cli({QStringLiteral("validate"), out}).code, 0);
        // --keep-tracer is a flag: the trace may follow it.
        auto kept = cli({QStringLiteral("import-trace"), QStringLiteral("--keep-tracer"), trace});
        QCOMPARE(kept.code, 0);
        QVERIFY2(!kept.err.contains("tracer itself") && kept.err.contains("12 tasks"), kept.err.constData());
        // Replay: both summaries in run's schema, tasks lined up by pid.
        auto j = cli({QStringLiteral("replay"), trace, QStringLiteral("--format"), QStringLiteral("json"),
                      QStringLiteral("--model"), QStringLiteral("v6.12")});
        QCOMPARE(j.code, 0);
        const QJsonObject both = QJsonDocument::fromJson(j.out).object();
        const QJsonObject sim = both[QStringLiteral("simulated")].toObject();
        QCOMPARE(sim[QStringLiteral("model")].toString(), QStringLiteral("v6.12"));
        QVERIFY(both[QStringLiteral("real")].toObject().contains(QStringLiteral("trace")));
        QSet<qint64> realPids;
        for (const auto& v : both[QStringLiteral("real")].toObject()[QStringLiteral("tasks")].toArray())
            realPids.insert(v.toObject()[QStringLiteral("pid")].toInteger());
        for (const auto& v : sim[QStringLiteral("tasks")].toArray())
            QVERIFY(realPids.contains(v.toObject()[QStringLiteral("pid")].toInteger()));
        // (on v6.12, the default, where psi_direct_iteration is still a switch)
        auto table = cli({QStringLiteral("replay"), trace, QStringLiteral("--opt"),
                          QStringLiteral("psi_direct_iteration=off")});
        QCOMPARE(table.code, 0);
        QVERIFY2(table.out.contains("pinger") && table.out.contains("all tasks"), table.out.constData());
        // Errors: not a trace (2, naming the file), bad options (64).
        auto bad = cli({QStringLiteral("import-trace"), data("valid-minimal.json")});
        QCOMPARE(bad.code, 2);
        QVERIFY2(bad.err.contains("valid-minimal.json"), bad.err.constData());
        QCOMPARE(
            cli({QStringLiteral("replay"), trace, QStringLiteral("--format"), QStringLiteral("csv")}).code,
            64);
        QCOMPARE(cli({QStringLiteral("replay"), trace, QStringLiteral("--opt"), QStringLiteral("x=on")}).code,
                 64);
        QCOMPARE(cli({QStringLiteral("replay"), trace, QStringLiteral("--model"), QStringLiteral("v9")}).code,
                 64);
        // replay takes the model by name (above) and the costs from a file: one that does not
        // load is an error naming it, after the import.
        auto costs =
            cli({QStringLiteral("replay"), trace, QStringLiteral("--costs"), data("valid-minimal.json")});
        QCOMPARE(costs.code, 2);
        QVERIFY2(costs.err.contains("valid-minimal.json"), costs.err.constData());
        QCOMPARE(cli({QStringLiteral("import-trace")}).code, 64);
        // The options are shaped as run shapes them: --seed too, and every word checked before
        // the recording is read (a missing file is not even opened).
        QCOMPARE(cli({QStringLiteral("replay"), trace, QStringLiteral("--seed"), QStringLiteral("7"),
                      QStringLiteral("--for"), QStringLiteral("20ms")})
                     .code,
                 0);
        for (const QStringList& words : {QStringList{QStringLiteral("--seed"), QStringLiteral("-1")},
                                         QStringList{QStringLiteral("--for"), QStringLiteral("0s")},
                                         QStringList{QStringLiteral("--opt"), QStringLiteral("x=on")}}) {
            auto early =
                cli(QStringList{QStringLiteral("replay"), QStringLiteral("/nonexistent/trace")} + words);
            QCOMPARE(early.code, 64);
            QVERIFY2(early.err.startsWith("schedscope-cli replay: ") && !early.err.contains("nonexistent"),
                     early.err.constData());
        }
    }

    void importRtApp() {
        auto r = cli({QStringLiteral("import-rtapp"), data("rtapp/examples/template.json")});
        QCOMPARE(r.code, 0);
        QVERIFY(QJsonDocument::fromJson(r.out).object().contains(QStringLiteral("tasks")));
        auto bad = cli({QStringLiteral("import-rtapp"), data("valid-minimal.json")});
        QCOMPARE(bad.code, 2);
        QVERIFY2(bad.err.contains("valid-minimal.json"), bad.err.constData());
    }

    void host() {
        // The fixture server: a scenario on stdout that `validate` accepts; its tick from the
        // kernel configuration given, the only note.
        const QString root = data("hosts/two-socket");
        auto r = cli({QStringLiteral("host"), QStringLiteral("--sysfs"), root + QStringLiteral("/sys"),
                      QStringLiteral("--cgroupfs"), root + QStringLiteral("/cgroup"),
                      QStringLiteral("--kernel-config"), data("hosts/configs/config-hz300.gz")});
        QCOMPARE(r.code, 0);
        QCOMPARE(r.err, "note: kernel.hz 300: CONFIG_HZ from " +
                            data("hosts/configs/config-hz300.gz").toUtf8() + "\n");
        QCOMPARE(
            QJsonDocument::fromJson(r.out).object()[QStringLiteral("kernel")][QStringLiteral("hz")].toInt(),
            300);
        // A copied tree without a configuration: said, and the model's default tick.
        auto copied = cli({QStringLiteral("host"), QStringLiteral("--sysfs"), root + QStringLiteral("/sys"),
                           QStringLiteral("--cgroupfs"), root + QStringLiteral("/cgroup")});
        QCOMPARE(copied.code, 0);
        QVERIFY2(copied.err.contains("CONFIG_HZ not read: a copied tree was given without --kernel-config"),
                 copied.err.constData());
        QVERIFY(!QJsonDocument::fromJson(copied.out)
                     .object()[QStringLiteral("kernel")]
                     .toObject()
                     .contains(QStringLiteral("hz")));
        const QJsonObject topo =
            QJsonDocument::fromJson(r.out).object()[QStringLiteral("topology")].toObject();
        QCOMPARE(topo[QStringLiteral("sockets")].toInt(), 2);
        QCOMPARE(topo[QStringLiteral("cpu_numbers")].toArray().size(), 16);
        QTemporaryDir dir;
        const QString out = dir.filePath(QStringLiteral("host.json"));
        QCOMPARE(cli({QStringLiteral("host"), QStringLiteral("--sysfs"), root + QStringLiteral("/sys"),
                      QStringLiteral("--cgroupfs"), root + QStringLiteral("/cgroup"), QStringLiteral("--out"),
                      out})
                     .code,
                 0);
        QCOMPARE(cli({QStringLiteral("validate"), out}).code, 0);
        // A hybrid host: notes on stderr, still exit 0.
        const QString hybrid = data("hosts/hybrid");
        auto h = cli({QStringLiteral("host"), QStringLiteral("--sysfs"), hybrid + QStringLiteral("/sys"),
                      QStringLiteral("--cgroupfs"), hybrid + QStringLiteral("/cgroup")});
        QCOMPARE(h.code, 0);
        QVERIFY2(h.err.contains("note: ") && h.err.contains("hybrid cgroup v1/v2 mount"), h.err.constData());
        // No CPUs to read: exit 2, naming the path.
        auto none = cli({QStringLiteral("host"), QStringLiteral("--sysfs"), data("hosts/nonexistent")});
        QCOMPARE(none.code, 2);
        QVERIFY2(none.err.contains("hosts/nonexistent/devices/system/cpu: expected the CPU directories"),
                 none.err.constData());
        QCOMPARE(cli({QStringLiteral("host"), QStringLiteral("--sysf"), root}).code, 64);
        // This machine, with the default roots.
        if (QFileInfo::exists(QStringLiteral("/sys/devices/system/cpu/cpu0"))) {
            auto self = cli({QStringLiteral("host")});
            QCOMPARE(self.code, 0);
            QVERIFY(QJsonDocument::fromJson(self.out).object().contains(QStringLiteral("topology")));
        }
    }

    void calibrateAndRunWithCosts() {
        QTemporaryDir dir;
        const QString costs = dir.filePath(QStringLiteral("host-costs.json"));
        auto c =
            cli({QStringLiteral("calibrate"), QStringLiteral("--quick"), QStringLiteral("--out"), costs});
        QCOMPARE(c.code, 0);
        QVERIFY2(c.err.contains("pipe round trip") && c.err.contains("sim. calibrated"), c.err.constData());
        auto r = cli({QStringLiteral("run"), QStringLiteral("builtin:default"), QStringLiteral("--for"),
                      QStringLiteral("50ms"), QStringLiteral("--costs"), costs});
        QCOMPARE(r.code, 0);
        // A bad costs file: exit 2, naming the file, the key and what was expected.
        const QString bad = dir.filePath(QStringLiteral("bad.json"));
        QFile f(bad);
        QVERIFY(f.open(QIODevice::WriteOnly));
        f.write(R"({"format": 1, "costs": {"ipi": "slow"}})");
        f.close();
        auto b =
            cli({QStringLiteral("run"), QStringLiteral("builtin:default"), QStringLiteral("--costs"), bad});
        QCOMPARE(b.code, 2);
        QVERIFY2(b.err.contains("bad.json: costs.ipi: expected a duration"), b.err.constData());
        QCOMPARE(cli({QStringLiteral("calibrate"), QStringLiteral("--model"), QStringLiteral("v9")}).code,
                 64);
    }

    void benchImportQuick() {
        auto r = cli({QStringLiteral("bench"), QStringLiteral("import"), QStringLiteral("--events"),
                      QStringLiteral("200000")});
        QCOMPARE(r.code, 0);
        QVERIFY2(r.out.contains("import of 200000 scheduler events"), r.out.constData());
        QVERIFY(r.out.contains("M events/s") && r.out.contains("peak RSS"));
        QVERIFY2(r.out.contains("; 0 warnings"), r.out.constData()); // the generated trace is consistent
    }

    void kernelModels() {
        // `models`: one per line, the name first, the default marked; fixed optimizations listed.
        auto m = cli({QStringLiteral("models")});
        QCOMPARE(m.code, 0);
        const QList<QByteArray> lines = m.out.split('\n');
        QStringList names;
        for (const QByteArray& l : lines)
            if (!l.isEmpty() && !l.startsWith(' '))
                names << QString::fromUtf8(l.split(' ').first());
        QCOMPARE(names, (QStringList{QStringLiteral("v4.11"), QStringLiteral("v6.6"), QStringLiteral("v6.12"),
                                     QStringLiteral("v6.18")}));
        // v6.12 is the default: what a scenario that names no model runs on.
        QVERIFY2(!lines[0].endsWith("(default)"), lines[0]);
        bool v612Default = false;
        for (const QByteArray& l : lines)
            v612Default = v612Default || (l.startsWith("v6.12 ") && l.endsWith("(default)"));
        QVERIFY2(v612Default, m.out);
        QVERIFY2(m.out.contains("prefer_sibling_local fixed on"), m.out);

        // run --model: the summary says which model ran; the default scenario's timeline toggles
        // of fixed optimizations are dropped with a note each, and the run goes on.
        const QStringList base{QStringLiteral("run"),           QStringLiteral("builtin:default"),
                               QStringLiteral("--for"),         QStringLiteral("300ms"),
                               QStringLiteral("--format"),      QStringLiteral("json"),
                               QStringLiteral("--no-wall-time")};
        auto def = cli(base);
        QCOMPARE(def.code, 0);
        QCOMPARE(QJsonDocument::fromJson(def.out).object()[QStringLiteral("model")].toString(),
                 QStringLiteral("v4.11"));
        auto v612 = cli(base + QStringList{QStringLiteral("--model"), QStringLiteral("v6.12")});
        QCOMPARE(v612.code, 0);
        const QJsonObject j = QJsonDocument::fromJson(v612.out).object();
        QCOMPARE(j[QStringLiteral("model")].toString(), QStringLiteral("v6.12"));
        QCOMPARE(j[QStringLiteral("optimizations")].toObject()[QStringLiteral("psi_clock_once")].toBool(),
                 false);
        QVERIFY2(
            v612.err.contains("note: builtin:default: timeline[0].optimizations.prefer_sibling_local: off "
                              "ignored in kernel model v6.12"),
            v612.err);
        QVERIFY(def.out != v612.out);
        // Deterministic per model too.
        QCOMPARE(cli(base + QStringList{QStringLiteral("--model"), QStringLiteral("v6.12")}).out, v612.out);

        // A file written when v4.11 was the default (no model named, a v4.11 switch set): refused
        // on the default with the way back, and runs with --model v4.11.
        QTemporaryDir oldDir;
        const QString oldFile = oldDir.filePath(QStringLiteral("old.json"));
        {
            QFile f(oldFile);
            QVERIFY(f.open(QIODevice::WriteOnly));
            f.write(
                R"({"format": 1, "name": "old", "duration": "50ms", "optimizations": {"prefer_sibling_local": false},
                "topology": {"sockets": 1, "cores_per_socket": 2, "threads_per_core": 1},
                "tasks": [{"name": "t", "program": [{"run": "10ms"}]}]})");
        }
        auto refused = cli({QStringLiteral("run"), oldFile});
        QCOMPARE(refused.code, 2);
        QVERIFY2(refused.err.contains("names no kernel model, so it runs on the default, v6.12"),
                 refused.err);
        auto asBefore = cli({QStringLiteral("run"), oldFile, QStringLiteral("--model"),
                             QStringLiteral("v4.11"), QStringLiteral("--format"), QStringLiteral("json")});
        QCOMPARE(asBefore.code, 0);
        QCOMPARE(QJsonDocument::fromJson(asBefore.out).object()[QStringLiteral("model")].toString(),
                 QStringLiteral("v4.11"));

        auto bogus = cli(base + QStringList{QStringLiteral("--model"), QStringLiteral("v5.4")});
        QCOMPARE(bogus.code, 64);
        QVERIFY2(bogus.err.contains("unknown kernel model \"v5.4\"; known: v4.11 v6.6 v6.12"), bogus.err);
        // --opt on an optimization the model fixes the other way is refused, with the reason.
        auto fixed =
            cli(base + QStringList{QStringLiteral("--model"), QStringLiteral("v6.6"), QStringLiteral("--opt"),
                                   QStringLiteral("prefer_sibling_local=off")});
        QCOMPARE(fixed.code, 64);
        QVERIFY2(
            fixed.err.contains("not possible in kernel model v6.6: part of the load balancer since v4.14"),
            fixed.err);
    }

    void seedAndDeterminism() {
        const QStringList base{QStringLiteral("run"),           QStringLiteral("builtin:default"),
                               QStringLiteral("--for"),         QStringLiteral("500ms"),
                               QStringLiteral("--format"),      QStringLiteral("json"),
                               QStringLiteral("--no-wall-time")};
        auto a = cli(base);
        auto b = cli(base);
        QCOMPARE(a.code, 0);
        QCOMPARE(a.out, b.out);
        auto c = cli(base + QStringList{QStringLiteral("--seed"), QStringLiteral("9")});
        QVERIFY(a.out != c.out);
    }

    void outputFilesAndTrace() {
        QTemporaryDir dir;
        const QString out = dir.filePath(QStringLiteral("summary.csv"));
        const QString trace = dir.filePath(QStringLiteral("trace.csv"));
        auto r = cli({QStringLiteral("run"), QStringLiteral("builtin:default"), QStringLiteral("--for"),
                      QStringLiteral("300ms"), QStringLiteral("--format"), QStringLiteral("csv"),
                      QStringLiteral("--out"), out, QStringLiteral("--trace"), trace});
        QCOMPARE(r.code, 0);
        QVERIFY(r.out.isEmpty());
        QFile s(out);
        QVERIFY(s.open(QIODevice::ReadOnly));
        QVERIFY(s.readAll().startsWith("section,key,value"));
        QFile t(trace);
        QVERIFY(t.open(QIODevice::ReadOnly));
        const QList<QByteArray> lines = t.readAll().split('\n');
        QVERIFY(lines[0].startsWith("record,start_ns,end_ns,cpu"));
        int tasks = 0, migrations = 0, overhead = 0;
        for (const QByteArray& l : lines) {
            tasks += l.startsWith("task,");
            migrations += l.startsWith("migration,");
            overhead += l.startsWith("overhead,");
        }
        QVERIFY(tasks > 100 && migrations > 10 && overhead > 100);
        // Unwritable output: exit 1, nothing left behind.
        auto bad =
            cli({QStringLiteral("run"), QStringLiteral("builtin:default"), QStringLiteral("--for"),
                 QStringLiteral("10ms"), QStringLiteral("--out"), QStringLiteral("/nonexistent/dir/x.json")});
        QCOMPARE(bad.code, 1);
        QVERIFY(bad.err.contains("/nonexistent/dir/x.json"));
    }

    void perfettoTraceBesideCsvTrace() {
        QTemporaryDir dir;
        const QString csv = dir.filePath(QStringLiteral("trace.csv"));
        const QString json = dir.filePath(QStringLiteral("trace.json"));
        auto r = cli({QStringLiteral("run"), QStringLiteral("builtin:default"), QStringLiteral("--for"),
                      QStringLiteral("200ms"), QStringLiteral("--trace"), csv, QStringLiteral("--perfetto"),
                      json});
        QCOMPARE(r.code, 0);
        QFile j(json);
        QVERIFY(j.open(QIODevice::ReadOnly));
        QJsonParseError err;
        const QJsonDocument doc = QJsonDocument::fromJson(j.readAll(), &err);
        QCOMPARE(err.error, QJsonParseError::NoError);
        const QJsonArray events = doc.object().value(QStringLiteral("traceEvents")).toArray();
        QVERIFY(events.size() > 100);
        QFile t(csv);
        QVERIFY(t.open(QIODevice::ReadOnly));
        int csvMigrations = 0, jsonMigrations = 0;
        for (const QByteArray& l : t.readAll().split('\n'))
            csvMigrations += l.startsWith("migration,");
        for (const QJsonValue& v : events)
            jsonMigrations += v[QStringLiteral("ph")] == QStringLiteral("i") &&
                              v[QStringLiteral("cat")] == QStringLiteral("migration");
        QCOMPARE(jsonMigrations, csvMigrations);
        // Unwritable: exit 1 and no file.
        auto bad = cli({QStringLiteral("run"), QStringLiteral("builtin:default"), QStringLiteral("--for"),
                        QStringLiteral("10ms"), QStringLiteral("--perfetto"),
                        QStringLiteral("/nonexistent/t.json")});
        QCOMPARE(bad.code, 1);
        QVERIFY(bad.err.contains("/nonexistent/t.json"));
    }

    void benchScaleAndMemory() {
        auto r = cli({QStringLiteral("bench"), QStringLiteral("scale"), QStringLiteral("--cell"),
                      QStringLiteral("16x200x8"), QStringLiteral("--cell"), QStringLiteral("64x1000x3"),
                      QStringLiteral("--sim"), QStringLiteral("50ms"), QStringLiteral("--format"),
                      QStringLiteral("markdown")});
        QCOMPARE(r.code, 0);
        const QStringList rows = QString::fromUtf8(r.out).split(QLatin1Char('\n'), Qt::SkipEmptyParts);
        QCOMPARE(rows.size(), 4); // header, rule, two cells
        QVERIFY(rows[2].startsWith(QStringLiteral("| 16 | 200 | 8 | 0.05 s |")));
        QVERIFY(rows[3].startsWith(QStringLiteral("| 64 | 1000 | 3 | 0.05 s |")));
        QVERIFY(rows[3].endsWith(QStringLiteral(" MB |")));
        auto bad = cli({QStringLiteral("bench"), QStringLiteral("scale"), QStringLiteral("--cell"),
                        QStringLiteral("16x0x8")});
        QCOMPARE(bad.code, 64);
        QVERIFY(bad.err.contains("CPUSxTASKSxDEPTH"));
        // Any kernel model; the cells say which ran.
        auto v6 = cli({QStringLiteral("bench"), QStringLiteral("scale"), QStringLiteral("--cell"),
                       QStringLiteral("2x3000x2"), QStringLiteral("--sim"), QStringLiteral("20ms"),
                       QStringLiteral("--model"), QStringLiteral("v6.12")});
        QCOMPARE(v6.code, 0);
        QVERIFY(v6.err.contains("kernel model v6.12"));
        QVERIFY(v6.out.contains("     2    3000     2") && !v6.out.contains("failed"));
        auto badModel = cli({QStringLiteral("bench"), QStringLiteral("scale"), QStringLiteral("--cell"),
                             QStringLiteral("2x10x1"), QStringLiteral("--model"), QStringLiteral("v9")});
        QCOMPARE(badModel.code, 64);
        QVERIFY(badModel.err.contains("v4.11, v6.6, v6.12") && badModel.err.contains("\"v9\""));
        auto mem = cli({QStringLiteral("bench"), QStringLiteral("memory"), QStringLiteral("--quick")});
        QCOMPARE(mem.code, 0);
        QVERIFY(mem.out.contains("fork/exit churn"));
        // No per-task memory left behind by hundreds of thousands of forks.
        QVERIFY(mem.out.contains("churn +0.00 MB"));
    }

    void everyCostIsDocumented() {
        auto r = cli({QStringLiteral("costs")});
        QCOMPARE(r.code, 0);
        QFile doc(QStringLiteral(SCHEDSCOPE_SOURCE_DIR "/docs/cost-model.md"));
        QVERIFY(doc.open(QIODevice::ReadOnly));
        const QByteArray text = doc.readAll();
        int rows = 0;
        for (const QByteArray& line : r.out.split('\n')) {
            if (!line.startsWith("| `"))
                continue;
            ++rows;
            const QByteArray name = line.mid(2, line.indexOf('`', 3) - 1);
            QVERIFY2(text.contains("| " + name + " |"), name.constData());
        }
        QVERIFY(rows >= 29);
    }

    // The command catalogue is the one list of commands. Every command `help` lists is
    // dispatched (its own --help; an option nobody takes reaches the command's own check), has
    // its section and options in the manual page, its arm and options in the bash completion,
    // and its synopsis in docs/cli.md.
    void everyCommandIsInTheManPageAndCompletion() {
        const Result usage = cli({QStringLiteral("help")});
        QCOMPARE(usage.code, 0);
        QStringList commands;
        QMap<QString, QStringList> options;
        static const QRegularExpression commandLine(QStringLiteral("^  ([a-z][a-z-]*)( [a-z]+)?( |$)"));
        static const QRegularExpression optionLine(QStringLiteral("^      (--[a-z-]+)"));
        for (const QByteArray& raw : usage.out.split('\n')) {
            const QString line = QString::fromUtf8(raw);
            if (const QRegularExpressionMatch m = commandLine.match(line); m.hasMatch())
                commands << m.captured(1) + m.captured(2);
            else if (const QRegularExpressionMatch o = optionLine.match(line);
                     o.hasMatch() && !commands.isEmpty())
                options[commands.last()] << o.captured(1);
        }
        const QStringList known = {
            QStringLiteral("list"),         QStringLiteral("validate"),     QStringLiteral("models"),
            QStringLiteral("run"),          QStringLiteral("sweep"),        QStringLiteral("sweep-merge"),
            QStringLiteral("why"),          QStringLiteral("costs"),        QStringLiteral("bench engine"),
            QStringLiteral("bench seeds"),  QStringLiteral("bench scale"),  QStringLiteral("bench memory"),
            QStringLiteral("bench sweep"),  QStringLiteral("bench import"), QStringLiteral("trace-summary"),
            QStringLiteral("import-trace"), QStringLiteral("replay"),       QStringLiteral("import-rtapp"),
            QStringLiteral("host"),         QStringLiteral("calibrate"),    QStringLiteral("reality"),
            QStringLiteral("record"),       QStringLiteral("help")};
        for (const QString& k : known)
            QVERIFY2(commands.contains(k), qPrintable(k + QStringLiteral(" is missing from help")));
        QVERIFY2(options.value(QStringLiteral("run")).contains(QStringLiteral("--perfetto")), usage.out);
        QVERIFY(usage.out.contains("exit codes: 0 ok"));

        const Result man = cli({QStringLiteral("help"), QStringLiteral("--man")});
        QCOMPARE(man.code, 0);
        QVERIFY(man.out.startsWith(".TH SCHEDSCOPE\\-CLI 1 \"\" \"SchedScope " SCHEDSCOPE_VERSION "\""));
        const Result completion =
            cli({QStringLiteral("help"), QStringLiteral("--completion"), QStringLiteral("bash")});
        QCOMPARE(completion.code, 0);
        QVERIFY(completion.out.contains("complete -F _schedscope_cli schedscope-cli"));
        QFile doc(QStringLiteral(SCHEDSCOPE_SOURCE_DIR "/docs/cli.md"));
        QVERIFY(doc.open(QIODevice::ReadOnly));
        const QByteArray docs = doc.readAll();
        auto roff = [](QString text) {
            return text.replace(QLatin1Char('-'), QStringLiteral("\\-")).toUtf8();
        };
        for (const QString& c : commands) {
            const QByteArray name = c.toUtf8();
            const QStringList words = c.split(QLatin1Char(' '));
            const Result help = cli(words + QStringList{QStringLiteral("--help")});
            QCOMPARE(help.code, 0);
            QVERIFY2(help.out.startsWith("usage: schedscope-cli " + name), help.out);
            const Result bad = cli(words + QStringList{QStringLiteral("--no-such-option=1")});
            QVERIFY2(bad.code == 64 && bad.err.contains("unknown option --no-such-option"),
                     name + ": " + bad.err);

            QVERIFY2(man.out.contains("\n.SS " + roff(c) + " ") ||
                         man.out.contains("\n.SS " + roff(c) + "\n"),
                     name + " has no section in the manual page");
            const qsizetype arm = completion.out.indexOf("    \"" + name + "\")\n");
            QVERIFY2(arm >= 0, name + " has no arm in the bash completion");
            const qsizetype list = completion.out.indexOf("options=\"", arm) + 9;
            const QList<QByteArray> completed =
                completion.out.mid(list, completion.out.indexOf('"', list) - list).split(' ');
            for (const QString& o : options.value(c)) {
                QVERIFY2(man.out.contains("\\fB" + roff(o) + "\\fR"),
                         name + " " + o.toUtf8() + ": not in the man page");
                QVERIFY2(completed.contains(o.toUtf8()), name + " " + o.toUtf8() + ": not completed");
            }
            QVERIFY2(docs.contains("schedscope-cli " + name), name + " is not in docs/cli.md");
        }
        QCOMPARE(cli({QStringLiteral("--version")}).out,
                 QByteArray("schedscope-cli " SCHEDSCOPE_VERSION "\n"));
        QCOMPARE(cli({QStringLiteral("help"), QStringLiteral("nosuchcommand")}).code, 64);
        QCOMPARE(cli({QStringLiteral("help"), QStringLiteral("--completion"), QStringLiteral("zsh")}).code,
                 64);
    }

    void benchQuick() {
        auto r = cli({QStringLiteral("bench"), QStringLiteral("engine"), QStringLiteral("--quick")});
        QCOMPARE(r.code, 0);
        QVERIFY(r.out.contains("round trips per wall second"));
        QVERIFY(r.out.contains("100000"));
        // The bench says whether the engine's checks were in the build it measured.
#ifdef NDEBUG
        QVERIFY2(r.out.contains("build: assertions and invariant checks off"), r.out.constData());
#else
        QVERIFY2(r.out.contains("build: assertions and invariant checks on"), r.out.constData());
#endif
    }
};

QTEST_GUILESS_MAIN(TestCli)
#include "tst_cli.moc"
