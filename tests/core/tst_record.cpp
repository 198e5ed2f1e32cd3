// schedscope-cli record on this machine's kernel: a second-long command recorded into a folder
// that trace-summary and replay read, its priority and CPU changes in tasks.jsonl, perf.data read
// natively giving what perf script's text gives, and nothing left behind (perf, the command, the
// tracing instance, INCOMPLETE) on success, --for, SIGTERM and --pid. Needs root and perf; without
// them each test says why it skips.
#include <QtTest>

#include <QDir>
#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QProcess>
#include <QStandardPaths>
#include <QTemporaryDir>

#include <signal.h>
#include <unistd.h>

namespace {

struct Result {
    int code = -1;
    QByteArray out, err;
};

Result cli(const QStringList& args, int timeoutMs = 30000) {
    QProcess p;
    p.start(QStringLiteral(SCHEDSCOPE_CLI), args);
    Result r;
    if (!p.waitForFinished(timeoutMs)) {
        p.kill();
        p.waitForFinished();
        r.err = "timeout";
        return r;
    }
    r.code = p.exitStatus() == QProcess::NormalExit ? p.exitCode() : -1;
    r.out = p.readAllStandardOutput();
    r.err = p.readAllStandardError();
    return r;
}

QString missing() {
    if (::geteuid() != 0)
        return QStringLiteral("needs root: perf of every CPU and a tracing instance");
    if (QStandardPaths::findExecutable(QStringLiteral("perf")).isEmpty())
        return QStringLiteral("perf is not installed (Debian: linux-perf)");
    if (!QFile::exists(QStringLiteral("/sys/kernel/tracing/instances")) &&
        !QFile::exists(QStringLiteral("/sys/kernel/debug/tracing/instances")))
        return QStringLiteral("no tracefs mounted");
    return {};
}

#define REQUIRE_RECORD()                                                                                     \
    do {                                                                                                     \
        const QString why = missing();                                                                       \
        if (!why.isEmpty())                                                                                  \
            QSKIP(qPrintable(why));                                                                          \
    } while (0)

QJsonObject manifest(const QString& dir) {
    QFile f(dir + QStringLiteral("/record.json"));
    if (!f.open(QIODevice::ReadOnly))
        return {};
    return QJsonDocument::fromJson(f.readAll()).object();
}

/// Nothing of the recorder is left: its perf and its tracing instance.
void verifyCleanedUp(const QJsonObject& m) {
    for (const QJsonValue& pid : m[QStringLiteral("recorder_pids")].toArray())
        if (pid.toInt() != 0)
            QVERIFY2(::kill(pid.toInt(), 0) != 0,
                     qPrintable(QStringLiteral("pid %1 still runs").arg(pid.toInt())));
    for (const char* root : {"/sys/kernel/tracing/instances", "/sys/kernel/debug/tracing/instances"})
        for (const QString& n : QDir(QLatin1String(root)).entryList(QDir::Dirs | QDir::NoDotAndDotDot))
            if (n.startsWith(QStringLiteral("schedscope-record-"))) {
                const int pid = n.mid(18).toInt();
                QVERIFY2(::kill(pid, 0) == 0, qPrintable(QStringLiteral("instance %1 left behind").arg(n)));
            }
}

QJsonObject summaryJson(const QString& path) {
    const Result r =
        cli({QStringLiteral("trace-summary"), path, QStringLiteral("--format"), QStringLiteral("json")});
    return QJsonDocument::fromJson(r.out).object();
}

} // namespace

class TstRecord : public QObject {
    Q_OBJECT

    QTemporaryDir m_dir;

private slots:
    void aCommandIsRecordedAndReplayed() {
        REQUIRE_RECORD();
        const QString dir = m_dir.filePath(QStringLiteral("rec"));
        const Result r =
            cli({QStringLiteral("record"), QStringLiteral("--out"), dir, QStringLiteral("--for"),
                 QStringLiteral("5s"), QStringLiteral("--"), QStringLiteral("sh"), QStringLiteral("-c"),
                 QStringLiteral("nice -n 5 sleep 0.2; taskset -c 0 sleep 0.05; exit 4")});
        QVERIFY2(r.code == 0, r.err.constData());
        QVERIFY(r.out.contains("the command exited with status 4"));
        QVERIFY(r.out.contains(dir.toUtf8()));
        for (const char* f : {"perf.data", "tasks.jsonl", "host.json", "record.json"})
            QVERIFY2(QFile::exists(dir + QLatin1Char('/') + QLatin1String(f)), f);
        QVERIFY(!QFile::exists(dir + QStringLiteral("/INCOMPLETE")));
        QVERIFY(!QFile::exists(dir + QStringLiteral("/.perf.log")));
        const QJsonObject m = manifest(dir);
        QCOMPARE(m[QStringLiteral("exit_status")].toObject()[QStringLiteral("code")].toInt(), 4);
        QCOMPARE(m[QStringLiteral("command")].toArray().first().toString(), QStringLiteral("sh"));
        verifyCleanedUp(m);
        // The changes: nice's setpriority (nice 5) and taskset's sched_setaffinity (CPU 0). Each task
        // lives on after its call (a task that ends at once may be gone before it is read: a note).
        QFile tasks(dir + QStringLiteral("/tasks.jsonl"));
        QVERIFY(tasks.open(QIODevice::ReadOnly));
        bool nice = false, pinned = false;
        for (const QByteArray& line : tasks.readAll().split('\n')) {
            const QJsonObject o = QJsonDocument::fromJson(line).object();
            if (o[QStringLiteral("t")].toInteger() == 0)
                continue;
            nice |= o[QStringLiteral("nice")].toInt() == 5;
            pinned |= o[QStringLiteral("cpus")].toString() == QStringLiteral("0");
        }
        QVERIFY(nice);
        QVERIFY(pinned);
        const Result replay = cli({QStringLiteral("replay"), dir});
        QVERIFY2(replay.code == 0, replay.err.constData());
        QVERIFY(replay.err.contains("kernel model v6."));
        QVERIFY(replay.out.contains("sleep"));
    }

    void perfDataReadsAsPerfScriptTextDoes() {
        REQUIRE_RECORD();
        const QString dir = m_dir.filePath(QStringLiteral("rec"));
        if (!QFile::exists(dir + QStringLiteral("/perf.data")))
            QSKIP("aCommandIsRecordedAndReplayed did not record");
        const QString text = m_dir.filePath(QStringLiteral("perf.txt"));
        QProcess perf;
        perf.setStandardOutputFile(text);
        perf.start(QStringLiteral("perf"), {QStringLiteral("script"), QStringLiteral("--ns"),
                                            QStringLiteral("-i"), dir + QStringLiteral("/perf.data")});
        QVERIFY(perf.waitForFinished(30000));
        QJsonObject a = summaryJson(dir + QStringLiteral("/perf.data"));
        QJsonObject b = summaryJson(text);
        QVERIFY(!a.isEmpty());
        // Everything but the name and the format of the trace is the same.
        for (QJsonObject* o : {&a, &b}) {
            QJsonObject trace = (*o)[QStringLiteral("trace")].toObject();
            trace.remove(QStringLiteral("format"));
            trace.remove(QStringLiteral("warnings"));
            o->insert(QStringLiteral("trace"), trace);
            o->remove(QStringLiteral("scenario"));
        }
        QCOMPARE(QJsonDocument(a).toJson(), QJsonDocument(b).toJson());
    }

    void aPipesWritesAndReadsAreLinked() {
        REQUIRE_RECORD();
        // perf bench sched pipe: two processes, each read of one pipe waiting for the other's
        // write. The folder has the data calls (syscalls tracepoints with their file descriptor
        // and thread group), and import-trace links each pipe's write end to its read end.
        const QString dir = m_dir.filePath(QStringLiteral("pipe"));
        const Result r = cli({QStringLiteral("record"), QStringLiteral("--out"), dir, QStringLiteral("--for"),
                              QStringLiteral("10s"), QStringLiteral("--"), QStringLiteral("perf"),
                              QStringLiteral("bench"), QStringLiteral("sched"), QStringLiteral("pipe"),
                              QStringLiteral("-l"), QStringLiteral("200")});
        QVERIFY2(r.code == 0, r.err.constData());
        const Result i = cli({QStringLiteral("import-trace"), dir});
        QVERIFY2(i.code == 0, i.err.constData());
        QVERIFY2(i.err.contains("pipe or socket read end(s) linked"), i.err.constData());
        const QJsonObject s = QJsonDocument::fromJson(i.out).object();
        int pipes = 0;
        for (const QJsonValue c : s[QStringLiteral("channels")].toArray())
            pipes += c.toObject()[QStringLiteral("name")].toString().startsWith(QStringLiteral("data-")) &&
                     c.toObject()[QStringLiteral("capacity")].toInt() == 200; // a write a round trip
        QCOMPARE(pipes, 2);
    }

    void sigtermStillWritesTheFolderAndCleansUp() {
        REQUIRE_RECORD();
        const QString dir = m_dir.filePath(QStringLiteral("term"));
        QProcess p;
        p.start(QStringLiteral(SCHEDSCOPE_CLI),
                {QStringLiteral("record"), QStringLiteral("--out"), dir, QStringLiteral("--"),
                 QStringLiteral("sleep"), QStringLiteral("30")});
        QVERIFY(p.waitForStarted());
        // Once the command runs (the status line), stop the recorder as a service manager would.
        QElapsedTimer t;
        t.start();
        while (!p.readAllStandardError().contains("recording sleep") && t.elapsed() < 20000)
            p.waitForReadyRead(100);
        ::kill(static_cast<pid_t>(p.processId()), SIGTERM);
        QVERIFY(p.waitForFinished(20000));
        QCOMPARE(p.exitCode(), 0);
        const QJsonObject m = manifest(dir);
        QCOMPARE(m[QStringLiteral("exit_status")].toObject()[QStringLiteral("signal")].toInt(), SIGINT);
        QVERIFY(!QFile::exists(dir + QStringLiteral("/INCOMPLETE")));
        verifyCleanedUp(m);
        QVERIFY(t.elapsed() < 20000);
    }

    void aRunningProcessIsAttachedFor() {
        REQUIRE_RECORD();
        QProcess sleeper;
        sleeper.start(QStringLiteral("sleep"), {QStringLiteral("20")});
        QVERIFY(sleeper.waitForStarted());
        const QString dir = m_dir.filePath(QStringLiteral("pid"));
        const Result r =
            cli({QStringLiteral("record"), QStringLiteral("--out"), dir, QStringLiteral("--for"),
                 QStringLiteral("300ms"), QStringLiteral("--pid"), QString::number(sleeper.processId())});
        QVERIFY2(r.code == 0, r.err.constData());
        QCOMPARE(manifest(dir)[QStringLiteral("pid")].toInt(), static_cast<int>(sleeper.processId()));
        QVERIFY(sleeper.state() == QProcess::Running); // attaching does not end it
        sleeper.kill();
        sleeper.waitForFinished();
        verifyCleanedUp(manifest(dir));
    }

    void theRecorderSleepsWhileTheCommandRuns() {
        // The recorder's own wakeups are in the recording, and each one on a busy CPU preempts the
        // workload there (docs/record-replay.md): its main thread sleeps on the command's pidfd
        // and looks at a stop and --for ten times a second, not every 5 ms (about 200 wakeups
        // in a second before); the reader of its tracing instance sleeps until a line comes or it
        // is stopped, not 20 ms at a time (about 55 wakeups in a second before).
        REQUIRE_RECORD();
        const QString dir = m_dir.filePath(QStringLiteral("quiet"));
        const Result r =
            cli({QStringLiteral("record"), QStringLiteral("--out"), dir, QStringLiteral("--for"),
                 QStringLiteral("5s"), QStringLiteral("--"), QStringLiteral("sleep"), QStringLiteral("1")});
        QVERIFY2(r.code == 0, r.err.constData());
        const QJsonObject m = manifest(dir);
        const QJsonArray pids = m[QStringLiteral("recorder_pids")].toArray();
        QCOMPARE(pids.size(), 3); // the recorder, its perf, the tracing instance's reader
        const auto wakeupsOf = [&](int tid) {
            const Result q =
                cli({QStringLiteral("query"), dir,
                     QStringLiteral("select count(*) from wakeup w join thread t on t.utid = w.utid "
                                    "where t.tid = %1")
                         .arg(tid),
                     QStringLiteral("--format"), QStringLiteral("csv")});
            return q.code == 0 ? q.out.split('\n').value(1).trimmed().toInt() : -1;
        };
        const int self = wakeupsOf(pids.at(0).toInt());
        QVERIFY2(self >= 0 && self < 60,
                 qPrintable(QStringLiteral("the recorder woke %1 times in a second").arg(self)));
        const int reader = wakeupsOf(pids.at(2).toInt());
        QVERIFY2(reader >= 0 && reader < 20,
                 qPrintable(
                     QStringLiteral("the tracing instance's reader woke %1 times in a second").arg(reader)));
        verifyCleanedUp(m);
    }

    void calibrateTracedMeasuresUnderRecordsTracing() {
        // calibrate --traced: the costs a recorded run paid. Its measurements run while a perf
        // sched record with record's own options (the data calls among them) traces the machine;
        // perf writes into a temporary folder that is gone afterwards.
        REQUIRE_RECORD();
        QTemporaryDir tmp;
        QVERIFY(tmp.isValid());
        const QString out = m_dir.filePath(QStringLiteral("costs-traced.json"));
        QProcess p;
        QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
        env.insert(QStringLiteral("TMPDIR"), tmp.path());
        p.setProcessEnvironment(env);
        p.start(QStringLiteral(SCHEDSCOPE_CLI), {QStringLiteral("calibrate"), QStringLiteral("--quick"),
                                                 QStringLiteral("--traced"), QStringLiteral("--out"), out});
        QVERIFY(p.waitForStarted());
        bool sawTracer = false;
        QElapsedTimer t;
        t.start();
        while (p.state() != QProcess::NotRunning && t.elapsed() < 60000) {
            for (const QString& pid : QDir(QStringLiteral("/proc")).entryList(QDir::Dirs)) {
                QFile f(QStringLiteral("/proc/%1/cmdline").arg(pid));
                if (!f.open(QIODevice::ReadOnly))
                    continue;
                const QByteArray cmd = f.readAll();
                sawTracer |= cmd.contains("sched\0record") && cmd.contains("syscalls:sys_enter_write") &&
                             cmd.contains(tmp.path().toUtf8());
            }
            p.waitForFinished(50);
        }
        QCOMPARE(p.exitStatus(), QProcess::NormalExit);
        QVERIFY2(p.exitCode() == 0, p.readAllStandardError().constData());
        QVERIFY2(sawTracer, "no perf sched record with record's data calls ran during the measurement");
        QFile f(out);
        QVERIFY(f.open(QIODevice::ReadOnly));
        const QJsonObject costs = QJsonDocument::fromJson(f.readAll()).object();
        QVERIFY(costs[QStringLiteral("host")].toString().endsWith(
            QStringLiteral("under schedscope-cli record's tracing")));
        QVERIFY(costs[QStringLiteral("costs")].toObject().contains(QStringLiteral("context_switch")));
        QCOMPARE(QDir(tmp.path()).entryList(QDir::AllEntries | QDir::NoDotAndDotDot), QStringList{});
    }

    void calibrateTracedStoppedBySigtermCleansUp() {
        // A SIGTERM while calibrate --traced measures: perf is stopped, its temporary folder
        // removed, no costs file written, and the exit says so.
        REQUIRE_RECORD();
        QTemporaryDir tmp;
        QVERIFY(tmp.isValid());
        const QString out = m_dir.filePath(QStringLiteral("costs-stopped.json"));
        QProcess p;
        QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
        env.insert(QStringLiteral("TMPDIR"), tmp.path());
        p.setProcessEnvironment(env);
        p.start(QStringLiteral(SCHEDSCOPE_CLI),
                {QStringLiteral("calibrate"), QStringLiteral("--traced"), QStringLiteral("--out"), out});
        QVERIFY(p.waitForStarted());
        QElapsedTimer t;
        t.start();
        while (QDir(tmp.path()).isEmpty() && p.state() == QProcess::Running && t.elapsed() < 20000)
            p.waitForFinished(20);
        QVERIFY2(!QDir(tmp.path()).isEmpty(), "perf's temporary folder never appeared");
        ::kill(static_cast<pid_t>(p.processId()), SIGTERM);
        QVERIFY(p.waitForFinished(60000));
        QCOMPARE(p.exitStatus(), QProcess::NormalExit);
        QCOMPARE(p.exitCode(), 1);
        QVERIFY2(p.readAllStandardError().contains("stopped by signal"), "no word of the signal");
        QVERIFY(!QFile::exists(out));
        QCOMPARE(QDir(tmp.path()).entryList(QDir::AllEntries | QDir::NoDotAndDotDot), QStringList{});
    }

    void whatIsMissingIsNamed() {
        // No permission needed to be told: a perf that is not there, a folder that is not new.
        const Result noPerf =
            cli({QStringLiteral("record"), QStringLiteral("--perf"), QStringLiteral("/nonexistent/perf"),
                 QStringLiteral("--out"), m_dir.filePath(QStringLiteral("x")), QStringLiteral("--"),
                 QStringLiteral("true")});
        QCOMPARE(noPerf.code, 2);
        QVERIFY2(noPerf.err.contains("/nonexistent/perf: no such executable"), noPerf.err.constData());
        QVERIFY(!QFile::exists(m_dir.filePath(QStringLiteral("x"))));
        const Result both = cli({QStringLiteral("record"), QStringLiteral("--pid"), QStringLiteral("1"),
                                 QStringLiteral("--"), QStringLiteral("true")});
        QCOMPARE(both.code, 64);
        REQUIRE_RECORD();
        const QString full = m_dir.filePath(QStringLiteral("full"));
        QDir().mkpath(full);
        QFile(full + QStringLiteral("/keep")).open(QIODevice::WriteOnly);
        const Result notNew = cli({QStringLiteral("record"), QStringLiteral("--out"), full,
                                   QStringLiteral("--"), QStringLiteral("true")});
        QCOMPARE(notNew.code, 1);
        QVERIFY2(notNew.err.contains("expected a new or empty folder, found a folder with files in it"),
                 notNew.err.constData());
    }
};

QTEST_GUILESS_MAIN(TstRecord)
#include "tst_record.moc"
