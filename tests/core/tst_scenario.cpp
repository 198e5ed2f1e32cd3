// Every validation rule of the scenario format, with the exact message it produces.
#include "scenario/builtins.h"
#include "scenario/loader.h"
#include "scenario/patterns.h"
#include "testutil.h"

#include <QtTest>

using nlohmann::json;

namespace {

/// Applies a JSON merge patch to the base scenario and loads it.
core::LoadResult loadPatched(const json& patch) {
    json j = testutil::baseScenario();
    j.merge_patch(patch);
    return core::loadScenarioText(j.dump(), "test.json");
}

QString joined(const std::vector<std::string>& errors) {
    QString all;
    for (const auto& e : errors)
        all += QString::fromStdString(e) + QLatin1Char('\n');
    return all;
}

} // namespace

class TestScenario : public QObject {
    Q_OBJECT
private slots:
    void baseIsValid() {
        auto r = loadPatched(json::object());
        QVERIFY2(r.ok(), qPrintable(joined(r.errors)));
        QCOMPARE(r.spec->tasks.size(), size_t(1));
        QCOMPARE(r.spec->seed, uint64_t(1));
        QCOMPARE(r.spec->kernel.hz, 250u);
        QVERIFY(r.spec->kernel.features.psi && r.spec->kernel.features.cpuacct);
        QVERIFY(!r.spec->kernel.features.autogroup);
        for (const auto& info : core::optimizationCatalog())
            QVERIFY(r.spec->optimizations.test(info.id)); // all default to on
    }

    void rules_data() {
        QTest::addColumn<QString>("patch");
        QTest::addColumn<QString>("message");
        auto row = [](const char* name, const char* patch, const char* msg) {
            QTest::newRow(name) << QString::fromUtf8(patch) << QString::fromUtf8(msg);
        };
        // Top level.
        row("format", R"({"format": 2})", "test.json: format: expected 1 (the only format version), found 2");
        row("name missing", R"({"name": null})", "test.json: name: required key is missing");
        row("duration missing", R"({"duration": null})", "test.json: duration: required key is missing");
        row("topology missing", R"({"topology": null})", "test.json: topology: required key is missing");
        row("tasks missing", R"({"tasks": null})", "test.json: tasks: required key is missing");
        row("unknown key suggestion", R"({"taks": []})",
            "test.json: taks: unknown key \"taks\" (did you mean \"tasks\"?)");
        row("seed negative", R"({"seed": -1})", "test.json: seed: expected a non-negative integer, found -1");
        // Durations.
        row("duration no unit", R"({"duration": "1.5"})",
            "test.json: duration: expected a duration (a number followed by ns, us, ms or s), found \"1.5\"");
        row("duration zero", R"({"duration": "0s"})", "test.json: duration: must be longer than 0s");
        row("duration negative", R"({"duration": "-1ms"})",
            "test.json: duration: expected a duration (a non-negative duration), found \"-1ms\"");
        row("duration half ns", R"({"duration": "0.5ns"})",
            "test.json: duration: expected a duration (a whole number of nanoseconds), found \"0.5ns\"");
        row("duration too long", R"({"duration": "5000000000s"})",
            "test.json: duration: expected a duration (at most 2^62 ns), found \"5000000000s\"");
        row("duration number", R"({"duration": 5})",
            "test.json: duration: expected a duration string such as \"20us\" or \"1.5ms\", found 5");
        // Topology.
        row("zero cpus", R"({"topology": {"sockets": 0}})",
            "test.json: topology: 0 CPUs in total; need 1..4096");
        row("too many cpus",
            R"({"topology": {"sockets": 2, "cores_per_socket": 2048, "threads_per_core": 2}})",
            "test.json: topology: 8192 CPUs in total; need 1..4096");
        row("absurd cpus", R"({"topology": {"sockets": 1e18}})",
            "test.json: topology.sockets: expected an integer 0..4096, found 1e+18");
        row("numa split", R"({"topology": {"sockets": 3, "numa_nodes": 2}})",
            "test.json: topology.numa_nodes: 2 does not divide sockets (3) evenly");
        row("topology key missing", R"({"topology": {"sockets": null}})",
            "test.json: topology.sockets: required key is missing");
        // A topology error is the only one reported: CPU lists cannot be checked without it.
        row("topology error, no cascade",
            R"({"topology": {"sockets": 0}, "cgroups": [{"path": "/a", "cpus": "0-1"}],
                "tasks": [{"name": "t", "cpus": "0", "cgroup": "/a", "program": []},
                          {"name": "u", "cpus": "1", "program": [{"fork": {"name": "c", "cpus": "0", "program": []}}]}]})",
            "test.json: topology: 0 CPUs in total; need 1..4096");
        // Kernel.
        row("hz", R"({"kernel": {"hz": 200}})",
            "test.json: kernel.hz: expected 100, 250, 300 or 1000, found 200");
        row("feature typo", R"({"kernel": {"features": {"psy": true}}})",
            "test.json: kernel.features.psy: unknown key \"psy\" (did you mean \"psi\"?)");
        row("feature type", R"({"kernel": {"features": {"psi": 1}}})",
            "test.json: kernel.features.psi: expected true or false, found 1");
        row("cost typo", R"({"kernel": {"costs": {"cpu_clok": "1ns"}}})",
            "test.json: kernel.costs.cpu_clok: unknown cost \"cpu_clok\" (did you mean \"cpu_clock\"?)");
        row("cost value", R"({"kernel": {"costs": {"cpu_clock": "fast"}}})",
            "test.json: kernel.costs.cpu_clock: expected a duration (a number followed by ns, us, ms or s), "
            "found \"fast\"");
        // Optimizations.
        row("optimization key", R"({"optimizations": {"psi_clock": true}})",
            "test.json: optimizations.psi_clock: unknown optimization \"psi_clock\"; expected one of "
            "psi_clock_once "
            "psi_direct_iteration autogroup_move_skip cpuacct_batch_scaling prefer_sibling_local");
        row("optimization value", R"({"optimizations": {"psi_clock_once": "yes"}})",
            "test.json: optimizations.psi_clock_once: expected true or false, found \"yes\"");
        // Cgroups.
        row("relative cgroup", R"({"cgroups": [{"path": "a/b"}]})",
            "test.json: cgroups[0].path: \"a/b\" is not an absolute cgroup path");
        row("cgroup twice", R"({"cgroups": [{"path": "/a"}, {"path": "/a"}]})",
            "test.json: cgroups[1].path: cgroup \"/a\" is listed twice (also cgroups[0])");
        row("weight zero", R"({"cgroups": [{"path": "/a", "weight": 0}]})",
            "test.json: cgroups[0].weight: expected an integer 1..10000, found 0");
        row("weight high", R"({"cgroups": [{"path": "/a", "weight": 10001}]})",
            "test.json: cgroups[0].weight: expected an integer 1..10000, found 10001");
        row("root cgroup", R"({"cgroups": [{"path": "/"}]})",
            "test.json: cgroups[0].path: the root cgroup \"/\" cannot be configured");
        row("cpuset subset",
            R"({"cgroups": [{"path": "/a", "cpus": "0-1"}, {"path": "/a/b", "cpus": "2-3"}]})",
            "test.json: cgroups[1].cpus: \"2-3\" is not within its parent \"/a\"'s cpus \"0-1\"");
        row("empty component", R"({"cgroups": [{"path": "/a//b"}]})",
            "test.json: cgroups[0].path: \"/a//b\" has an empty component");
        row("dotdot", R"({"cgroups": [{"path": "/a/../b"}]})",
            "test.json: cgroups[0].path: \"/a/../b\" contains \"..\"");
        row("trailing slash", R"({"cgroups": [{"path": "/a/"}]})",
            "test.json: cgroups[0].path: \"/a/\" ends with '/'");
        row("cgroup cpus beyond", R"({"cgroups": [{"path": "/a", "cpus": "0-4"}]})",
            "test.json: cgroups[0].cpus: CPU 4 does not exist; the machine has CPUs 0-3");
        // Channels.
        row("channel kind", R"({"channels": [{"name": "p0", "kind": "fifo"}]})",
            "test.json: channels[0].kind: expected \"pipe\" or \"socket\", found \"fifo\"");
        row("channel kind missing", R"({"channels": [{"name": "p0"}]})",
            "test.json: channels[0].kind: required key is missing");
        row("channel capacity", R"({"channels": [{"name": "p0", "kind": "pipe", "capacity": 0}]})",
            "test.json: channels[0].capacity: expected an integer 1..1000000, found 0");
        row("channel twice",
            R"({"channels": [{"name": "p0", "kind": "pipe"}, {"name": "p0", "kind": "socket"}]})",
            "test.json: channels[1].name: duplicate channel name \"p0\" (also channels[0])");
        row("channel {i} without count", R"({"channels": [{"name": "p{i}", "kind": "pipe"}]})",
            "test.json: channels[0].name: \"{i}\" in a channel name needs \"count\"");
        // Tasks.
        row("unknown channel", R"({"tasks": [{"name": "t", "program": [{"run": "1ms"}, {"send": "p9"}]}]})",
            "test.json: tasks[0].program[1].send: unknown channel \"p9\"");
        row("unknown channel instance",
            R"({"channels": [{"name": "q{i}", "kind": "pipe", "count": 2}],
                "tasks": [{"name": "t", "count": 3, "program": [{"recv": "q{i}"}]}]})",
            "test.json: tasks[0].program[0].recv: unknown channel \"q2\" (instance 2)");
        row("task twice", R"({"tasks": [{"name": "t", "program": []}, {"name": "t", "program": []}]})",
            "test.json: tasks[1].name: duplicate task name \"t\" (also tasks[0])");
        row("count zero", R"({"tasks": [{"name": "t", "count": 0, "program": []}]})",
            "test.json: tasks[0].count: expected an integer 1..100000, found 0");
        row("count absurd", R"({"tasks": [{"name": "t", "count": 1000000000000000000, "program": []}]})",
            "test.json: tasks[0].count: expected an integer 1..100000, found 1000000000000000000");
        row("nice", R"({"tasks": [{"name": "t", "nice": 20, "program": []}]})",
            "test.json: tasks[0].nice: expected an integer -20..19, found 20");
        row("cpus beyond", R"({"tasks": [{"name": "t", "cpus": "0-9", "program": []}]})",
            "test.json: tasks[0].cpus: CPU 9 does not exist; the machine has CPUs 0-3");
        row("cpus syntax", R"({"tasks": [{"name": "t", "cpus": "3-1", "program": []}]})",
            "test.json: tasks[0].cpus: expected a CPU range first-last with first <= last, found \"3-1\"");
        row("task cgroup", R"({"tasks": [{"name": "t", "cgroup": "b/c", "program": []}]})",
            "test.json: tasks[0].cgroup: \"b/c\" is not an absolute cgroup path");
        row("program missing", R"({"tasks": [{"name": "t"}]})",
            "test.json: tasks[0].program: required key is missing");
        row("task key typo", R"({"tasks": [{"name": "t", "progam": [], "program": []}]})",
            "test.json: tasks[0].progam: unknown key \"progam\" (did you mean \"program\"?)");
        row("two keys", R"({"tasks": [{"name": "t", "program": [{"run": "1ms", "sleep": "1ms"}]}]})",
            "test.json: tasks[0].program[0]: an action has exactly one key (or \"loop\" with \"do\"), found "
            "\"run\", "
            "\"sleep\"");
        row("action typo", R"({"tasks": [{"name": "t", "program": [{"runn": "1ms"}]}]})",
            "test.json: tasks[0].program[0]: unknown action \"runn\" (did you mean \"run\"?)");
        row("action not object", R"({"tasks": [{"name": "t", "program": ["run"]}]})",
            "test.json: tasks[0].program[0]: expected an action object such as {\"run\": \"1ms\"}, found "
            "\"run\"");
        row("wait", R"({"tasks": [{"name": "t", "program": [{"wait": "all"}]}]})",
            "test.json: tasks[0].program[0].wait: expected \"children\", found \"all\"");
        row("yield", R"({"tasks": [{"name": "t", "program": [{"yield": false}]}]})",
            "test.json: tasks[0].program[0].yield: expected true, found false");
        row("exit", R"({"tasks": [{"name": "t", "program": [{"exit": 1}]}]})",
            "test.json: tasks[0].program[0].exit: expected true, found 1");
        row("loop without do", R"({"tasks": [{"name": "t", "program": [{"loop": 3}]}]})",
            "test.json: tasks[0].program[0].loop.do: required key is missing");
        row("loop empty do", R"({"tasks": [{"name": "t", "program": [{"loop": 3, "do": []}]}]})",
            "test.json: tasks[0].program[0].loop.do: a loop needs at least one action");
        row("loop count", R"({"tasks": [{"name": "t", "program": [{"loop": -2, "do": [{"run": "1ms"}]}]}]})",
            "test.json: tasks[0].program[0].loop: expected an integer -1..2147483647, found -2");
        row("nested unknown channel",
            R"({"tasks": [{"name": "t", "program": [{"loop": 3, "do": [{"run": "1ms"}, {"send": "px"}]}]}]})",
            "test.json: tasks[0].program[0].loop.do[1].send: unknown channel \"px\"");
        row("fork count",
            R"({"tasks": [{"name": "t", "program": [{"fork": {"name": "c", "count": 2, "program": []}}]}]})",
            "test.json: tasks[0].program[0].fork.count: \"count\" is not allowed in a forked task");
        row("fork name", R"({"tasks": [{"name": "t", "program": [{"fork": {"program": []}}]}]})",
            "test.json: tasks[0].program[0].fork.name: required key is missing");
        row("uniform order",
            R"({"tasks": [{"name": "t", "program": [{"run": {"uniform": ["3ms", "1ms"]}}]}]})",
            "test.json: tasks[0].program[0].run.uniform: low bound 3ms is above high bound 1ms");
        row("random shape", R"({"tasks": [{"name": "t", "program": [{"sleep": {"normal": "1ms"}}]}]})",
            "test.json: tasks[0].program[0].sleep: expected a duration, {\"exp\": D} or {\"uniform\": [D1, "
            "D2]}, "
            "found an object");
        row("exp value", R"({"tasks": [{"name": "t", "program": [{"io": {"exp": "1h"}}]}]})",
            "test.json: tasks[0].program[0].io.exp: expected a duration (a number followed by ns, us, ms or "
            "s), "
            "found \"1h\"");
        row("setsid type", R"({"tasks": [{"name": "t", "program": [{"setsid": 5}]}]})",
            "test.json: tasks[0].program[0].setsid: expected a string, found 5");
        row("move relative", R"({"tasks": [{"name": "t", "program": [{"move": "rel"}]}]})",
            "test.json: tasks[0].program[0].move: \"rel\" is not an absolute cgroup path");
        row("affinity vs cpuset",
            R"({"cgroups": [{"path": "/a", "cpus": "0-1"}],
                "tasks": [{"name": "t", "cgroup": "/a", "cpus": "2-3", "program": []}]})",
            "test.json: tasks[0].cpus: affinity \"2-3\" shares no CPU with cgroup \"/a\"'s cpus \"0-1\"");
        // A program's scheduling changes (nice, policy, cpus).
        row("nice action range", R"({"tasks": [{"name": "t", "program": [{"nice": 20}]}]})",
            "test.json: tasks[0].program[0].nice: expected an integer -20..19, found 20");
        row("policy action rt without priority",
            R"({"tasks": [{"name": "t", "program": [{"policy": "fifo"}]}]})",
            "test.json: tasks[0].program[0].rt_priority: missing: \"policy\": \"fifo\" needs an RT priority "
            "from 1 to 99");
        row("policy action fair with priority",
            R"({"tasks": [{"name": "t", "program": [{"policy": "batch", "rt_priority": 3}]}]})",
            "test.json: tasks[0].program[0].rt_priority: only with \"policy\": \"fifo\" or \"rr\"; a fair "
            "task "
            "(policy \"batch\") has no RT priority");
        row("policy action rt with nice",
            R"({"tasks": [{"name": "t", "program": [{"policy": "rr", "rt_priority": 3, "nice": 1}]}]})",
            "test.json: tasks[0].program[0].nice: only with a fair policy; \"rr\" runs by its RT priority (a "
            "\"nice\" action sets the nice it keeps)");
        row("policy action unknown key",
            R"({"tasks": [{"name": "t", "program": [{"policy": "other", "nicee": 1}]}]})",
            "test.json: tasks[0].program[0].nicee: unknown key \"nicee\" (did you mean \"nice\"?)");
        row("cpus action cpu", R"({"tasks": [{"name": "t", "program": [{"cpus": "4"}]}]})",
            "test.json: tasks[0].program[0].cpus: CPU 4 does not exist; the machine has CPUs 0-3");
        row("cpus action syntax", R"({"tasks": [{"name": "t", "program": [{"cpus": "1-"}]}]})",
            "test.json: tasks[0].program[0].cpus: expected a CPU range first-last with first <= last, found "
            "\"1-\"");
        // Timeline.
        row("timeline after end", R"({"timeline": [{"at": "2s", "kill": "t"}]})",
            "test.json: timeline[0].at: 2s is after the scenario's duration 1s; the change would never "
            "apply");
        row("timeline no match", R"({"timeline": [{"at": "500ms", "kill": "nobody*"}]})",
            "test.json: timeline[0].kill: pattern \"nobody*\" matches no task of the scenario");
        row("timeline two kinds",
            R"({"timeline": [{"at": "500ms", "kill": "t", "cgroup": {"path": "/a", "weight": 5}}]})",
            "test.json: timeline[0]: a timeline entry needs exactly one of optimizations, move, cgroup, "
            "spawn, kill, affinity; found 2");
        row("timeline root weight",
            R"({"timeline": [{"at": "500ms", "cgroup": {"path": "/", "weight": 10}}]})",
            "test.json: timeline[0].cgroup.path: the root cgroup has no weight");
        row("timeline at missing", R"({"timeline": [{"kill": "t"}]})",
            "test.json: timeline[0].at: required key is missing");
        row("timeline move fields", R"({"timeline": [{"at": "1ms", "move": {"task": "t"}}]})",
            "test.json: timeline[0].move: needs \"task\" and \"cgroup\"");
        row("timeline affinity fields", R"({"timeline": [{"at": "1ms", "affinity": {"task": "t"}}]})",
            "test.json: timeline[0].affinity: needs \"task\" and \"cpus\"");
        row("timeline affinity cpu",
            R"({"timeline": [{"at": "1ms", "affinity": {"task": "t", "cpus": "9"}}]})",
            "test.json: timeline[0].affinity.cpus: CPU 9 does not exist; the machine has CPUs 0-3");
        row("timeline affinity pattern",
            R"({"timeline": [{"at": "1ms", "affinity": {"task": "x*", "cpus": "0"}}]})",
            "test.json: timeline[0].affinity.task: pattern \"x*\" matches no task of the scenario");
        row("timeline spawn channel",
            R"({"timeline": [{"at": "1ms", "spawn": {"name": "s", "program": [{"recv": "nope"}]}}]})",
            "test.json: timeline[0].spawn.program[0].recv: unknown channel \"nope\"");
    }
    void rules() {
        QFETCH(QString, patch);
        QFETCH(QString, message);
        auto r = loadPatched(json::parse(patch.toStdString()));
        QVERIFY2(!r.ok(), "an invalid scenario was accepted");
        const QString all = joined(r.errors);
        QVERIFY2(r.errors.size() == 1, qPrintable(QStringLiteral("expected one message, got:\n") + all));
        QCOMPARE(QString::fromStdString(r.errors[0]), message);
    }

    void numaNodesDefaultsToOne() {
        json j = testutil::baseScenario();
        j["topology"].erase("numa_nodes");
        auto r = core::loadScenarioText(j.dump(), "test.json");
        QVERIFY2(r.ok(), qPrintable(joined(r.errors)));
        QCOMPARE(r.spec->topology.numaNodes, 1u);
    }

    void timelineAffinityIsKept() {
        auto r = loadPatched(
            json::parse(R"({"timeline": [{"at": "1ms", "affinity": {"task": "t", "cpus": "0-1"}}]})"));
        QVERIFY2(r.ok(), qPrintable(joined(r.errors)));
        QCOMPARE(r.spec->timeline.size(), size_t(1));
        QVERIFY(r.spec->timeline[0].kind == core::TimelineEntry::Kind::Affinity);
        QCOMPARE(r.spec->timeline[0].cpus->toString(), std::string("0-1"));
    }

    void stringLengthLimit() {
        json patch{{"name", std::string(257, 'x')}};
        auto r = loadPatched(patch);
        QCOMPARE(r.errors.size(), size_t(1));
        QCOMPARE(QString::fromStdString(r.errors[0]),
                 QStringLiteral("test.json: name: string of 257 characters; at most 256"));
    }

    void reportsEveryProblem() {
        auto r = loadPatched(json::parse(R"({"format": 3, "duration": "1x",
            "tasks": [{"name": "t", "nice": 99, "program": [{"send": "nope"}]}]})"));
        QVERIFY(!r.ok());
        QCOMPARE(r.errors.size(), size_t(3)); // format, duration, nice (the channel check needs a valid file)
    }

    void deepLoopNesting() {
        json prog = json::array({json{{"run", "1ms"}}});
        for (int i = 0; i < 40; ++i)
            prog = json::array({json{{"loop", 1}, {"do", prog}}});
        json patch{{"tasks", json::array({json{{"name", "t"}, {"program", prog}}})}};
        auto r = loadPatched(patch);
        QVERIFY(!r.ok());
        QVERIFY2(joined(r.errors).contains(QStringLiteral("programs nested deeper than 32 levels")),
                 qPrintable(joined(r.errors)));
    }

    void malformedJson_data() {
        QTest::addColumn<QString>("text");
        QTest::addColumn<QString>("message");
        QTest::newRow("truncated") << QStringLiteral("{\n  \"format\": 1,\n  \"name\": \"x\"")
                                   << QStringLiteral(
                                          "test.json:3:14: unexpected end of input; expected ',' or '}'");
        QTest::newRow("truncated in key")
            << QStringLiteral("{\n  \"form")
            << QStringLiteral("test.json:2:8: unexpected end of input inside a string");
        QTest::newRow("trailing comma") << QStringLiteral("{\"a\": [1,]}")
                                        << QStringLiteral("test.json:1:10: unexpected ']'; expected a value");
        QTest::newRow("duplicate key")
            << QStringLiteral("{\"name\": \"a\",\n \"name\": \"b\"}")
            << QStringLiteral("test.json:2:2: duplicate key \"name\" in the same object");
        QTest::newRow("bad literal") << QStringLiteral("{\"a\": tru}")
                                     << QStringLiteral("test.json:1:7: unexpected 't'; expected a value");
        QTest::newRow("garbage after")
            << QStringLiteral("{} x")
            << QStringLiteral("test.json:1:4: unexpected 'x' after the end of the JSON document");
        QTest::newRow("empty") << QString()
                               << QStringLiteral("test.json:1:1: empty file; expected a JSON object");
        QTest::newRow("missing colon")
            << QStringLiteral("{\"a\" 1}")
            << QStringLiteral("test.json:1:6: unexpected '1'; expected ':' after the key");
        QTest::newRow("bad escape") << QStringLiteral("{\"a\": \"\\q\"}")
                                    << QStringLiteral("test.json:1:9: invalid escape \\q in a string");
        QTest::newRow("leading zero number")
            << QStringLiteral("{\"a\": 01}")
            << QStringLiteral("test.json:1:8: unexpected '1'; expected ',' or '}'");
        QTest::newRow("unicode column") << QStringLiteral("{\"ä\": x}")
                                        << QStringLiteral("test.json:1:7: unexpected 'x'; expected a value");
    }
    void malformedJson() {
        QFETCH(QString, text);
        QFETCH(QString, message);
        auto r = core::loadScenarioText(text.toStdString(), "test.json");
        QVERIFY(!r.ok());
        QCOMPARE(r.errors.size(), size_t(1));
        QCOMPARE(QString::fromStdString(r.errors[0]), message);
    }

    void excessiveNesting() {
        std::string text(200, '[');
        text += std::string(200, ']');
        auto r = core::loadScenarioText(text, "deep.json");
        QCOMPARE(r.errors.size(), size_t(1));
        QCOMPARE(QString::fromStdString(r.errors[0]),
                 QStringLiteral("deep.json:1:129: nesting deeper than 128 levels"));
    }

    void missingFile() {
        auto r = core::loadScenarioFile("/nonexistent/nope.json");
        QCOMPARE(r.errors.size(), size_t(1));
        QCOMPARE(QString::fromStdString(r.errors[0]),
                 QStringLiteral("/nonexistent/nope.json: cannot open the file"));
        auto b = core::loadScenario("builtin:nope");
        QVERIFY(!b.ok());
        QVERIFY(QString::fromStdString(b.errors[0])
                    .startsWith(
                        QStringLiteral("builtin:nope: no built-in scenario named \"nope\"; available: ")));
    }

    void builtinsAreValid() {
        QVERIFY(core::findBuiltin("default") != nullptr);
        for (const auto& b : core::builtinScenarios()) {
            auto r = core::loadScenario("builtin:" + std::string(b.name));
            QVERIFY2(r.ok(), qPrintable(joined(r.errors)));
            QVERIFY2(!r.spec->description.empty(), "every built-in documents itself in its description");
        }
    }

    void defaultsAndImplicitParents() {
        json patch;
        patch["cgroups"] = json::array({{{"path", "/a/b"}, {"weight", 300}, {"cpus", "0-1"}}});
        patch["tasks"] = json::array({{{"name", "t"},
                                       {"count", 3},
                                       {"cgroup", "/x/y"},
                                       {"program", json::array({{{"move", "/m"}}})}}});
        patch["timeline"] = json::array({{{"at", "1s"}, {"optimizations", {{"psi_clock_once", false}}}},
                                         {{"at", "10ms"}, {"kill", "t#*"}}});
        auto r = loadPatched(patch);
        QVERIFY2(r.ok(), qPrintable(joined(r.errors)));
        std::vector<std::string> paths;
        for (const auto& c : r.spec->cgroups)
            paths.push_back(c.path);
        QCOMPARE(paths, (std::vector<std::string>{"/a", "/a/b", "/m", "/x", "/x/y"}));
        QCOMPARE(r.spec->cgroups[0].weight, 100u); // implicit parent
        QCOMPARE(r.spec->cgroups[1].weight, 300u);
        // The timeline is applied in time order.
        QCOMPARE(r.spec->timeline[0].at.count(), int64_t(10000000));
        QCOMPARE(r.spec->timeline[1].kind, core::TimelineEntry::Kind::Optimizations);
    }

    void patterns() {
        QVERIFY(core::matchPattern("worker#*", "worker#3"));
        QVERIFY(core::matchPattern("*", ""));
        QVERIFY(core::matchPattern("a*b*c", "axxbyyc"));
        QVERIFY(!core::matchPattern("a*b*c", "axxbyy"));
        QVERIFY(!core::matchPattern("worker", "worker#1"));
        QCOMPARE(core::expandInstance("g{i}r{i}", 7), std::string("g7r7"));
    }
};

QTEST_APPLESS_MAIN(TestScenario)
#include "tst_scenario.moc"
