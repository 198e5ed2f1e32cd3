// The rt-app importer: every construct and parser quirk (tests/data/rtapp/*.json), the errors for
// what is not rt-app JSON (tests/data/rtapp/invalid/), and rt-app's own examples
// (tests/data/rtapp/examples/), each translated scenario loaded by the scenario loader.
#include "import/rtapp.h"
#include "import/rtappworkgen.h"
#include "import/workloadfile.h"
#include "scenario/loader.h"

#include <nlohmann/json.hpp>

#include <QTemporaryDir>
#include <QtTest>

#include <algorithm>
#include <fstream>
#include <map>
#include <random>
#include <sstream>

using nlohmann::json;

namespace {

QString qs(const std::string& s) {
    return QString::fromStdString(s);
}

std::string dataDir() {
    return std::string(SCHEDSCOPE_TEST_DATA) + "/rtapp/";
}

std::string readFile(const std::string& path) {
    std::ifstream f(path, std::ios::binary);
    std::stringstream ss;
    ss << f.rdbuf();
    return ss.str();
}

struct Imported {
    core::RtAppImport r;
    json j;                                   ///< the scenario as JSON
    std::shared_ptr<core::ScenarioSpec> spec; ///< as the loader validated it
};

/// Imports a data file (name relative to tests/data/rtapp) and loads the scenario; fails the test
/// if the scenario does not load.
Imported importFile(const std::string& name, uint32_t cpus = 0) {
    Imported out;
    out.r = core::importRtApp(readFile(dataDir() + name), name, cpus);
    out.j = json::parse(out.r.scenarioJson);
    core::LoadResult l = core::loadScenarioText(out.r.scenarioJson, name);
    std::string errors;
    for (const auto& e : l.errors)
        errors += e + "\n";
    if (!l.ok())
        throw std::runtime_error(name + ": the scenario does not load:\n" + errors + out.r.scenarioJson);
    out.spec = std::make_shared<core::ScenarioSpec>(std::move(*l.spec));
    return out;
}

const json& task(const Imported& im, const std::string& name) {
    for (const json& t : im.j["tasks"])
        if (t["name"] == name)
            return t;
    throw std::runtime_error("no task " + name);
}

bool hasWarning(const Imported& im, const std::string& needle) {
    for (const auto& w : im.r.warnings)
        if (w.find(needle) != std::string::npos)
            return true;
    return false;
}

QString allWarnings(const Imported& im) {
    QString s;
    for (const auto& w : im.r.warnings)
        s += qs(w) + QLatin1Char('\n');
    return s;
}

#define COMPARE_JSON(actual, expected)                                                                       \
    do {                                                                                                     \
        const json a_ = (actual);                                                                            \
        const json e_ = json::parse(expected);                                                               \
        QVERIFY2(a_ == e_, qPrintable(QStringLiteral("got ") + qs(a_.dump()) + QStringLiteral("\nwant ") +   \
                                      qs(e_.dump())));                                                       \
    } while (0)

#define RUN(...)                                                                                             \
    try {                                                                                                    \
        __VA_ARGS__                                                                                          \
    } catch (const std::exception& e) {                                                                      \
        QFAIL(e.what());                                                                                     \
    }

} // namespace

class TestRtApp : public QObject {
    Q_OBJECT
private slots:
    void quirks() {
        RUN({
            // Comments, trailing commas, single quotes, "True", a leading zero: all read as json-c does.
            auto im = importFile("quirks.json");
            QVERIFY2(im.r.warnings.empty(), qPrintable(allWarnings(im)));
            QCOMPARE(im.j["duration"].get<std::string>(), std::string("3s"));
            COMPARE_JSON(task(im, "thread0")["program"],
                         R"([{"loop": -1, "do": [{"run": "1ms"}, {"sleep": "9ms"}]}])");
        })
    }

    void duplicateKeysKeepLastValueAtFirstPlace() {
        RUN({
            auto im = importFile("duplicates.json");
            // json-c: "run" keeps its first position and takes the last value (3000).
            COMPARE_JSON(task(im, "dup")["program"],
                         R"([{"loop": 2, "do": [{"run": "3ms"}, {"sleep": "2ms"}, {"yield": true}]}])");
            QCOMPARE(im.r.warnings.size(), size_t(1));
            QCOMPARE(
                qs(im.r.warnings[0]),
                QStringLiteral("duplicates.json: tasks.dup.run: duplicate key: rt-app's JSON parser (json-c) "
                               "keeps only the last value (3000) at the place of the first; the earlier "
                               "value is dropped (workgen would have renamed the keys to keep both)"));
        })
    }

    void eventKeysMatchByPrefix() {
        RUN({
            auto im = importFile("prefix.json");
            // run0, runtime1, run_end, sleep_a, timer1 (5ms period after 1ms of events), sleeping,
            // yield_now; "phases_note" is no event.
            COMPARE_JSON(task(im, "prefixed")["program"],
                         R"([{"run": "100us"}, {"run": "200us"}, {"run": "300us"}, {"sleep": "400us"},
                             {"sleep": "4ms"}, {"sleep": "500us"}, {"yield": true}])");
            QVERIFY(hasWarning(im, "prefix.json: tasks.prefixed.phases_note: not an rt-app key; ignored"));
        })
    }

    void timers() {
        RUN({
            auto im = importFile("timers.json");
            QCOMPARE(im.spec->topology.nrCpus(), 4u); // "calibration": "CPU3"
            const json& periodic = task(im, "periodic");
            QCOMPARE(periodic["count"].get<int>(), 2); // instance 2, "unique" timers: one each
            COMPARE_JSON(periodic["program"], R"([{"loop": -1, "do": [{"run": "3ms"}, {"sleep": "7ms"}]}])");
            // Timer in mid-phase: the first expiry counts from the thread's start, the later ones
            // from the previous expiry, so the first pass is written out before the loops.
            COMPARE_JSON(task(im, "midphase")["program"],
                         R"([{"run": "1ms"}, {"sleep": "3ms"}, {"run": "2ms"},
                             {"loop": 2, "do": [{"run": "1ms"}, {"sleep": "1ms"}, {"run": "2ms"}]},
                             {"loop": -1, "do": [{"loop": 3, "do": [{"run": "1ms"}, {"sleep": "1ms"},
                                                                   {"run": "2ms"}]}]}])");
            // Overrun in absolute mode: no sleep, and a warning.
            COMPARE_JSON(task(im, "absolute")["program"], R"([{"loop": -1, "do": [{"run": "7ms"}]}])");
            QVERIFY(hasWarning(im, "timers.json: tasks.absolute.timer: the events between two expiries take "
                                   "longer than the period (7ms > 5ms)"));
            // A timer shared by two threads: each sees twice the period.
            COMPARE_JSON(task(im, "sharedA")["program"],
                         R"([{"loop": -1, "do": [{"run": "1ms"}, {"sleep": "19ms"}]}])");
            COMPARE_JSON(task(im, "sharedB")["program"],
                         R"([{"loop": -1, "do": [{"run": "2ms"}, {"sleep": "18ms"}]}])");
            QVERIFY(hasWarning(im, "tasks.sharedA.timer: timer \"tick\" is shared by 2 threads"));
        })
    }

    void mutexesAndConditions() {
        RUN({
            auto im = importFile("sync.json");
            QVERIFY2(im.r.warnings.empty(), qPrintable(allWarnings(im)));
            COMPARE_JSON(im.j["channels"], R"([
                {"name": "mutex:m", "kind": "pipe", "capacity": 1},
                {"name": "cond:data:consumer", "kind": "pipe", "capacity": 1000000},
                {"name": "cond:ponger:ponger", "kind": "pipe", "capacity": 1000000},
                {"name": "cond:pinger:pinger", "kind": "pipe", "capacity": 1000000},
                {"name": "mutex:q", "kind": "pipe", "capacity": 1},
                {"name": "cond:turn:partner", "kind": "pipe", "capacity": 1000000},
                {"name": "cond:turn:syncer", "kind": "pipe", "capacity": 1000000}])");
            // lock = send on a one-slot pipe, unlock = recv; signal = one wakeup token.
            COMPARE_JSON(task(im, "producer")["program"],
                         R"([{"loop": -1, "do": [{"send": "mutex:m"}, {"run": "500us"},
                             {"send": "cond:data:consumer"}, {"recv": "mutex:m"}, {"sleep": "10ms"}]}])");
            // wait releases the mutex, waits, takes it back.
            const json& consumer = task(im, "consumer");
            QCOMPARE(consumer["count"].get<int>(), 3);
            COMPARE_JSON(consumer["program"],
                         R"([{"loop": -1, "do": [{"send": "mutex:m"}, {"recv": "mutex:m"},
                             {"recv": "cond:data:consumer"}, {"send": "mutex:m"}, {"recv": "mutex:m"},
                             {"run": "700us"}]}])");
            // broad: one token per waiting thread.
            COMPARE_JSON(task(im, "broadcaster")["program"],
                         R"([{"loop": -1, "do": [{"sleep": "20ms"},
                             {"loop": 3, "do": [{"send": "cond:data:consumer"}]}]}])");
            // suspend/resume.
            COMPARE_JSON(task(im, "pinger")["program"],
                         R"([{"loop": -1, "do": [{"run": "100us"}, {"send": "cond:ponger:ponger"},
                             {"recv": "cond:pinger:pinger"}]}])");
            // sync: signal the partner, then wait on a channel of its own (never its own wakeup).
            COMPARE_JSON(task(im, "syncer")["program"],
                         R"([{"loop": -1, "do": [{"send": "mutex:q"}, {"send": "cond:turn:partner"},
                             {"recv": "mutex:q"}, {"recv": "cond:turn:syncer"}, {"send": "mutex:q"},
                             {"recv": "mutex:q"}, {"run": "300us"}]}])");
        })
    }

    void barrier() {
        RUN({
            auto im = importFile("barrier.json");
            // No single-instance participant: "workers" is written per instance, workers-0 leads.
            QCOMPARE(im.spec->tasks.size(), size_t(4));
            COMPARE_JSON(task(im, "workers-0")["program"],
                         R"([{"loop": -1, "do": [{"run": "1ms"},
                             {"loop": 4, "do": [{"recv": "barrier:step:arrive"}]},
                             {"send": "barrier:step:go:workers-1"}, {"send": "barrier:step:go:workers-2"},
                             {"send": "barrier:step:go:helpers0"}, {"send": "barrier:step:go:helpers1"}]}])");
            COMPARE_JSON(task(im, "workers-2")["program"],
                         R"([{"loop": -1, "do": [{"run": "1ms"}, {"send": "barrier:step:arrive"},
                             {"recv": "barrier:step:go:workers-2"}]}])");
            const json& helpers = task(im, "helpers");
            QCOMPARE(helpers["count"].get<int>(), 2);
            COMPARE_JSON(helpers["program"],
                         R"([{"loop": -1, "do": [{"run": "2ms"}, {"send": "barrier:step:arrive"},
                             {"recv": "barrier:step:go:helpers{i}"}]}])");
        })
    }

    void fork() {
        RUN({
            auto im = importFile("fork.json");
            QCOMPARE(im.spec->tasks.size(), size_t(1)); // "child" and "idle" have instance 0
            COMPARE_JSON(task(im, "parent")["program"],
                         R"([{"loop": 2, "do": [{"run": "1ms"},
                             {"fork": {"name": "child", "policy": "fifo", "rt_priority": 20,
                                       "program": [{"run": "2ms"}]}},
                             {"sleep": "5ms"}]}])");
            const auto& child = *im.spec->tasks[0].program[0].body[1].child;
            QCOMPARE(child.policy, core::SchedPolicy::Fifo);
            QCOMPARE(int(child.rtPriority), 20);
            QVERIFY(hasWarning(im, "tasks.parent.fork1: forks \"nobody\", which is not a task of this file"));
            QVERIFY(hasWarning(im, "tasks.child.fork: forks \"child\" recursively"));
            QVERIFY(hasWarning(im, "tasks.idle.instance: 0: rt-app creates no thread for it"));
        })
    }

    void properties() {
        RUN({
            auto im = importFile("properties.json");
            QCOMPARE(im.spec->tasks.size(), size_t(9));
            QCOMPARE(im.spec->topology.nrCpus(), 6u); // 1 + the highest CPU named
            const json& nice = task(im, "nice");
            QCOMPARE(nice["nice"].get<int>(), -5);
            QCOMPARE(nice["cpus"].get<std::string>(), std::string("0-2,5"));
            QVERIFY(!nice.contains("policy"));
            QCOMPARE(task(im, "fifo")["policy"].get<std::string>(), std::string("fifo"));
            QCOMPARE(task(im, "fifo")["rt_priority"].get<int>(), 50);
            QCOMPARE(task(im, "rr")["policy"].get<std::string>(), std::string("rr"));
            QCOMPARE(task(im, "rr")["rt_priority"].get<int>(), 10); // rt-app's default RT priority
            QCOMPARE(task(im, "idle")["policy"].get<std::string>(), std::string("idle"));
            QCOMPARE(task(im, "batch")["policy"].get<std::string>(), std::string("batch"));
            QCOMPARE(task(im, "batch")["nice"].get<int>(), 3);
            QVERIFY(hasWarning(im, "tasks.batch.policy: SCHED_BATCH is not one of rt-app's policies"));
            QCOMPARE(task(im, "grouped")["cgroup"].get<std::string>(), std::string("/tg1/sub"));
            QCOMPARE(task(im, "grouped")["start"].get<std::string>(), std::string("2500us"));
            QCOMPARE(task(im, "deadline")["policy"].get<std::string>(), std::string("fifo"));
            QCOMPARE(task(im, "deadline")["rt_priority"].get<int>(), 99);
            QVERIFY(hasWarning(
                im, "properties.json: tasks.deadline: SCHED_DEADLINE (from tasks.deadline.policy) is "
                    "not modelled: imported as SCHED_FIFO priority 99"));
            // dl-runtime on a fair task: the v6.12 custom slice.
            QCOMPARE(im.spec->kernel.model, core::KernelModel::V6_12);
            QCOMPARE(task(im, "sliced")["slice"].get<std::string>(), std::string("3ms"));
            QCOMPARE(task(im, "sliced")["nice"].get<int>(), 2);
            QCOMPARE(task(im, "tinyslice")["slice"].get<std::string>(), std::string("100us"));
            QVERIFY(hasWarning(im, "tasks.sliced.dl-runtime: dl-runtime on a fair task is its custom slice"));
            QVERIFY(hasWarning(im, "tasks.tinyslice.dl-runtime: custom slice 10us is outside 100us..100ms; "
                                   "clamped to 100us"));
            for (const auto& t : im.spec->tasks)
                if (t.name == "fifo")
                    QCOMPARE(t.policy, core::SchedPolicy::Fifo);
        })
    }

    void instanceLoopPhasesDelay() {
        RUN({
            auto im = importFile("phases.json");
            const json& phased = task(im, "phased");
            QCOMPARE(phased["count"].get<int>(), 4);
            QCOMPARE(phased["start"].get<std::string>(), std::string("1ms"));
            QCOMPARE(phased["cpus"].get<std::string>(), std::string("1"));
            // Thread loop 3 over three phases; the taskgroup of "steady" is a move that later passes
            // do not repeat (rt-app keeps the taskgroup until a phase names another).
            COMPARE_JSON(phased["program"], R"([
                {"loop": 2, "do": [{"run": "1ms"}, {"sleep": "1ms"}]}, {"move": "/fast"},
                {"loop": 5, "do": [{"run": "2ms"}, {"sleep": "3ms"}]}, {"run": "500us"},
                {"loop": 2, "do": [{"loop": 2, "do": [{"run": "1ms"}, {"sleep": "1ms"}]},
                                   {"loop": 5, "do": [{"run": "2ms"}, {"sleep": "3ms"}]}, {"run": "500us"}]}])");
            QVERIFY(hasWarning(im, "tasks.phased.run: ignored: the task has \"phases\""));
            COMPARE_JSON(task(im, "forever")["program"],
                         R"([{"loop": -1, "do": [{"run": "100us"}, {"sleep": "100us"}]}])");
            QVERIFY(hasWarning(im, "tasks.forever.phases.only.loop: 0 repeats forever in rt-app"));
            QVERIFY(hasWarning(
                im, "tasks.forever.phases.only: repeats forever, so the phases after it never run"));
            COMPARE_JSON(task(im, "noloop")["program"],
                         R"([{"loop": -1, "do": [{"run": "100us"}, {"sleep": "100us"}]}])");
            COMPARE_JSON(task(im, "once")["program"], R"([{"run": "100us"}])");
            COMPARE_JSON(task(im, "never")["program"], R"([])");
            // duration -1 with endless threads: 10s and a warning.
            QCOMPARE(im.spec->duration.count(), int64_t(10'000'000'000));
            QVERIFY(hasWarning(im,
                               "phases.json: global.duration: -1: rt-app runs until every thread ends, and "
                               "some never do; the scenario lasts 10s"));
        })
    }

    void unsupportedWarns() {
        RUN({
            auto im = importFile("unsupported.json");
            COMPARE_JSON(task(im, "misc")["program"],
                         R"([{"loop": -1, "do": [{"run": "1ms"}, {"sleep": "1ms"}]}])");
            const std::vector<std::string> want = {
                "unsupported.json: extra: not an rt-app key; ignored",
                "unsupported.json: global.pi_enabled: priority inheritance is not modelled: mutexes are "
                "imported as "
                "channels without it",
                "unsupported.json: global.mystery: not an rt-app global setting; ignored",
                "unsupported.json: tasks.misc.util_min: utilization clamping (uclamp) is not modelled; "
                "ignored",
                "unsupported.json: tasks.misc.nodes_membind: NUMA memory binding is not modelled; ignored",
                "unsupported.json: tasks.misc.frobnicate: not an rt-app key; ignored",
                "unsupported.json: tasks.misc.mem: memory events are not modelled; skipped",
                "unsupported.json: tasks.misc.iorun: I/O write events are not modelled; skipped"};
            QCOMPARE(im.r.warnings.size(), want.size());
            for (size_t i = 0; i < want.size(); ++i)
                QCOMPARE(qs(im.r.warnings[i]), qs(want[i]));
        })
    }

    void cpuCount() {
        RUN({
            auto im = importFile("properties.json", 8);
            QCOMPARE(im.spec->topology.nrCpus(), 8u);
            bool threw = false;
            try {
                core::importRtApp(readFile(dataDir() + "properties.json"), "properties.json", 4);
            } catch (const core::RtAppError& e) {
                threw = true;
                QCOMPARE(qs(e.what()),
                         QStringLiteral("properties.json: tasks.nice.cpus[3]: expected a CPU below 4 "
                                        "(the machine's CPU count), found 5"));
            }
            QVERIFY(threw);
        })
    }

    void invalid_data() {
        QTest::addColumn<QString>("file");
        QTest::addColumn<QString>("message");
        auto row = [](const char* file, const char* msg) {
            QTest::newRow(file) << QString::fromUtf8(file) << QString::fromUtf8(msg);
        };
        row("truncated.json", "truncated.json:4:1: expected ',' or '}', found the end of the input");
        row("trailing.json",
            "trailing.json:4:1: expected the end of the input after the top-level value, found 'g'");
        row("comment.json", "comment.json:2:1: expected \"*/\" closing the comment opened at byte 34, found "
                            "the end of the input");
        row("notasks.json", "notasks.json: tasks: expected an object describing the threads (rt-app requires "
                            "\"tasks\"), found nothing (the key is missing)");
        row("array.json", "array.json: top level: expected an object with \"tasks\", found an array");
        row("runstring.json",
            "runstring.json: tasks.t.run: expected an integer number of microseconds, found \"10ms\"");
        row("badpolicy.json", "badpolicy.json: tasks.t.policy: expected SCHED_OTHER, SCHED_IDLE, SCHED_RR, "
                              "SCHED_FIFO or SCHED_DEADLINE, found \"SCHED_FAST\"");
        row("badnice.json",
            "badnice.json: tasks.t.priority: expected a nice value -20..19 for SCHED_OTHER, found 40");
        row("negative.json",
            "negative.json: tasks.t.sleep: expected a non-negative number of microseconds, found -5");
        row("noevents.json",
            "noevents.json: tasks.t: expected at least one event (rt-app refuses a phase without "
            "events), found none (events are keys starting with run, runtime, sleep, timer, lock, "
            "unlock, wait, signal, broad, sync, barrier, suspend, resume, yield, fork, mem or iorun)");
    }
    void invalid() {
        QFETCH(QString, file);
        QFETCH(QString, message);
        const std::string name = file.toStdString();
        try {
            core::importRtApp(readFile(dataDir() + "invalid/" + name), name);
            QFAIL("no RtAppError");
        } catch (const core::RtAppError& e) {
            QCOMPARE(qs(e.what()), message);
        }
    }

    // File > Open of a workgen-shorthand file: the rt-app reader's explanation comes first,
    // not a bare JSON syntax error from the scenario loader.
    void openingWorkgenShorthandExplains() {
        QTemporaryDir dir;
        const std::string path = dir.filePath(QStringLiteral("workgen.json")).toStdString();
        std::ofstream(path) << "{ \"tasks\": { \"t\": { \"run\": 1000, \"lock\", \"sleep\": 1000 } } }\n";
        core::WorkloadLoad w = core::loadScenarioOrWorkload(path);
        QVERIFY(!w.result.ok());
        QVERIFY(!w.result.errors.empty());
        QVERIFY2(w.result.errors[0].find("workgen shorthand") != std::string::npos,
                 w.result.errors[0].c_str());
        QVERIFY2(w.result.errors[0].find(path) != std::string::npos, w.result.errors[0].c_str());
        // A file that is neither keeps the scenario loader's messages only.
        std::ofstream(path) << "{ \"format\": 1, \"tasks\": 7 }\n";
        w = core::loadScenarioOrWorkload(path);
        QVERIFY(!w.result.ok());
        for (const std::string& e : w.result.errors)
            QVERIFY2(e.find("workgen shorthand") == std::string::npos, e.c_str());
    }

    void workgenShorthandIsReadAsWorkgenPreparesIt() {
        // rt-app's doc/workgen: a bare "suspend" names its own thread, a repeated key gets the
        // level's number (run, run1, run2; a later repeat of another key continues from there).
        const std::string text = "{\n"
                                 "\t\"tasks\" : {\n"
                                 "\t\t\"waiter\" : {\n"
                                 "\t\t\t\"suspend\",\n"
                                 "\t\t\t\"run\" : 100,\n"
                                 "\t\t\t\"run\" : 200,\n"
                                 "\t\t\t\"run\" : 300,\n"
                                 "\t\t\t\"sleep\" : 50,\n"
                                 "\t\t\t\"sleep\" : 60\n"
                                 "\t\t},\n"
                                 "\t\t\"waker\" : {\n"
                                 "\t\t\t\"run\" : 10,\n"
                                 "\t\t\t\"resume\" : \"waiter\"\n"
                                 "\t\t}\n"
                                 "\t}\n"
                                 "}\n";
        QVERIFY(core::rtapp::hasWorkgenShorthand(text));
        const std::string prepared = core::rtapp::workgenPrepare(text);
        QVERIFY2(prepared.find("\"suspend\" : \"waiter\",") != std::string::npos, prepared.c_str());
        QVERIFY2(prepared.find("\"run1\" : 200") != std::string::npos, prepared.c_str());
        QVERIFY2(prepared.find("\"run2\" : 300") != std::string::npos, prepared.c_str());
        QVERIFY2(prepared.find("\"sleep2\" : 60") != std::string::npos, prepared.c_str());
        QCOMPARE(std::count(prepared.begin(), prepared.end(), '\n'),
                 std::count(text.begin(), text.end(), '\n'));
        // Imported: every run kept, with a warning saying how it was read.
        const core::RtAppImport r = core::importRtApp(text, "w.json");
        QVERIFY(r.scenarioJson.find("\"run\": \"300us\"") != std::string::npos);
        QVERIFY(r.scenarioJson.find("\"run\": \"100us\"") != std::string::npos);
        bool said = false;
        for (const std::string& w : r.warnings)
            said |= w.find("doc/workgen") != std::string::npos;
        QVERIFY(said);
        QVERIFY(!core::rtapp::hasWorkgenShorthand("{ \"tasks\" : { \"t\" : { \"run\" : 1 } } }"));
    }

    void hostileInputNeverCrashes() {
        // Deep nesting is refused with a position, not by running out of stack.
        std::string deep(100000, '[');
        try {
            core::importRtApp(deep, "deep.json");
            QFAIL("no RtAppError");
        } catch (const core::RtAppError& e) {
            QVERIFY2(std::string(e.what()).find("deep.json:1:129: expected at most 128 nested") == 0,
                     e.what());
        }
        // Random mutations of a valid file: an RtAppError or a scenario that loads, nothing else.
        const std::string base = readFile(dataDir() + "sync.json");
        std::mt19937 rng(12345);
        int loaded = 0, refused = 0;
        for (int round = 0; round < 300; ++round) {
            std::string s = base;
            const int edits = 1 + static_cast<int>(rng() % 4);
            for (int k = 0; k < edits; ++k) {
                const size_t at = rng() % s.size();
                switch (rng() % 3) {
                case 0:
                    s[at] = static_cast<char>(rng() % 256);
                    break;
                case 1:
                    s.erase(at, 1 + rng() % 8);
                    break;
                default:
                    s.insert(at, 1, "{}[],:\"'/*0-9aZ"[rng() % 15]);
                    break;
                }
                if (s.empty())
                    s = "{";
            }
            try {
                auto r = core::importRtApp(s, "fuzz.json");
                core::LoadResult l = core::loadScenarioText(r.scenarioJson, "fuzz.json");
                QVERIFY2(l.ok(), qPrintable(qs(s) + QStringLiteral("\n->\n") + qs(r.scenarioJson)));
                ++loaded;
            } catch (const core::RtAppError&) {
                ++refused;
            }
        }
        QVERIFY(loaded > 0 && refused > 0);
    }

    void examples_data() {
        QTest::addColumn<QString>("file");
        QDirIterator it(QString::fromStdString(dataDir() + "examples"), {QStringLiteral("*.json")},
                        QDir::Files, QDirIterator::Subdirectories);
        QStringList files;
        while (it.hasNext())
            files << it.next();
        files.sort();
        QCOMPARE(files.size(), 49); // every JSON file of rt-app's doc/examples
        for (const QString& f : files)
            QTest::newRow(qPrintable(f.mid(f.indexOf(QStringLiteral("examples/")) + 9))) << f;
    }
    void examples() {
        QFETCH(QString, file);
        const std::string path = file.toStdString();
        const std::string rel = path.substr(path.find("examples/") + 9);
        // The files rt-app itself does not read, and why.
        static const std::map<std::string, std::string> kRefused = {
            {"browser.json",
             "browser.json: tasks.BrowserMain.phases.start.lock_order: expected a string naming "
             "the mutex (\"lock_order\" belongs to the pre-2015 exec/period grammar"},
            {"merge/thread0.json",
             "merge/thread0.json: tasks.thread0.lock_order: expected a string naming the "
             "mutex"},
            {"merge/global.json", "merge/global.json: tasks: expected an object describing the threads"},
            {"merge/resources.json",
             "merge/resources.json: tasks: expected an object describing the threads"},
        };
        const std::string text = readFile(path);
        auto refused = kRefused.find(rel);
        try {
            const core::RtAppImport r = core::importRtApp(text, rel);
            QVERIFY2(refused == kRefused.end(), "imported a file rt-app refuses");
            core::LoadResult l = core::loadScenarioText(r.scenarioJson, rel);
            QString errors;
            for (const auto& e : l.errors)
                errors += qs(e) + QLatin1Char('\n');
            QVERIFY2(l.ok(), qPrintable(errors));
            QVERIFY(!l.spec->tasks.empty());
            for (const auto& w : r.warnings)
                QVERIFY2(w.rfind(rel + ": ", 0) == 0, w.c_str());
        } catch (const core::RtAppError& e) {
            QVERIFY2(refused != kRefused.end(), e.what());
            QVERIFY2(std::string(e.what()).rfind(refused->second, 0) == 0, e.what());
        }
    }

    void exampleDetails() {
        RUN({
            // 8 instances of 260us every 2ms ("sleep": 0 adds nothing).
            auto eas = importFile("examples/eas_v5_hikey/rt-app-13.json");
            QVERIFY(eas.r.warnings.empty());
            COMPARE_JSON(eas.j["tasks"], R"([{"name": "thread0", "count": 8, "program": [
                {"loop": -1, "do": [{"run": "260us"}, {"sleep": "1740us"}]}]}])");
            QCOMPARE(eas.spec->duration.count(), int64_t(20'000'000'000));
            // custom-slice: nice -19 with a 100ms slice on v6.12; the deadline task as FIFO 99.
            auto cs = importFile("examples/custom-slice.json");
            QCOMPARE(cs.spec->kernel.model, core::KernelModel::V6_12);
            QCOMPARE(cs.spec->tasks[0].nice, -19);
            QCOMPARE(cs.spec->tasks[0].slice->count(), int64_t(100'000'000));
            QCOMPARE(cs.spec->tasks[1].policy, core::SchedPolicy::Fifo);
            QCOMPARE(int(cs.spec->tasks[1].rtPriority), 99);
            // Taskgroups per phase become moves.
            auto tg = importFile("examples/tutorial/example11.json");
            QCOMPARE(tg.spec->tasks[0].cgroup.value(), std::string("/tg1/tg11"));
            COMPARE_JSON(task(tg, "thread0")["program"], R"([
                {"run": "20ms"}, {"sleep": "80ms"}, {"run": "20ms"}, {"sleep": "80ms"}, {"move": "/"},
                {"run": "20ms"}, {"sleep": "80ms"},
                {"loop": -1, "do": [{"move": "/tg1/tg11"}, {"run": "20ms"}, {"sleep": "80ms"}, {"run": "20ms"},
                                    {"sleep": "80ms"}, {"move": "/"}, {"run": "20ms"}, {"sleep": "80ms"}]}])");
            // Per-phase affinity: the first phase's list, and a warning for the others.
            auto aff = importFile("examples/tutorial/example8.json");
            QCOMPARE(task(aff, "thread0")["cpus"].get<std::string>(), std::string("0"));
            QVERIFY(hasWarning(
                aff, "examples/tutorial/example8.json: tasks.thread0.phases.phase2.cpus: an affinity "
                     "change between phases is not modelled; the task keeps CPU list \"0\""));
            QCOMPARE(aff.spec->topology.nrCpus(), 3u);
            // mp3.json names conditions nobody signals (the old resources grammar): said so.
            auto mp3 = importFile("examples/mp3.json");
            QVERIFY(hasWarning(mp3, "tasks.AudioTick.phases.p1.signal2: no thread waits on \"trig0\""));
            QVERIFY(hasWarning(mp3, "tasks.AudioTrack.wait1: no thread signals or resumes \"wait1\""));
        })
    }
};

QTEST_APPLESS_MAIN(TestRtApp)
#include "tst_rtapp.moc"
