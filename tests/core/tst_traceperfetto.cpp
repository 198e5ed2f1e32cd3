// The Perfetto trace is valid trace-event JSON that says what the engine did: a named track per
// CPU, a slice per run stretch, one migration instant and one flow arrow per migration.
#include "output/traceperfetto.h"
#include "scenario/builtins.h"
#include "sim/engine.h"
#include "testutil.h"

#include <QtTest>

#include <map>
#include <sstream>

using namespace core;

class TestTracePerfetto : public QObject {
    Q_OBJECT
private slots:
    void traceSaysWhatTheEngineDid() {
        Engine e(testutil::load(std::string(findBuiltin("default")->text), "builtin:default"));
        std::ostringstream out;
        PerfettoTraceWriter w(out, e.topology(), e.cgroups(), e.spec().name);
        e.setTraceSink(&w);
        const SimTime end = SimTime::ms(300);
        e.runUntil(end);
        e.setTraceSink(nullptr);
        w.finish();

        const nlohmann::json j = nlohmann::json::parse(out.str()); // throws (fails) if invalid
        QVERIFY(j.at("traceEvents").is_array());
        const uint32_t cpus = e.topology().nrCpus();
        std::map<std::string, int> byPhase;
        std::map<int, std::string> threadNames;
        std::map<uint64_t, int> flowEnds;
        std::map<int, double> busyUs;
        int migrationInstants = 0;
        for (const auto& ev : j["traceEvents"]) {
            const std::string ph = ev.at("ph");
            ++byPhase[ph];
            if (ph == "M" && ev.at("name") == "thread_name")
                threadNames[ev.at("tid").get<int>()] = ev["args"]["name"];
            if (ph == "X") {
                const int tid = ev.at("tid");
                QVERIFY(tid >= 1 && tid <= int(cpus));
                const double dur = ev.at("dur");
                QVERIFY(dur > 0);
                const double ts = ev.at("ts");
                QVERIFY(ts >= 0 && ts + dur <= end.count() / 1000.0 + 1e-6);
                busyUs[tid] += dur;
                QVERIFY(!ev.at("name").get<std::string>().empty());
            }
            if (ph == "i" && ev.value("cat", "") == "migration") {
                ++migrationInstants;
                QVERIFY(ev["args"].at("from_cpu") != ev["args"].at("to_cpu"));
            }
            if (ph == "s" || ph == "f")
                flowEnds[ev.at("id").get<uint64_t>()] += ph == "s" ? 1 : 10;
        }
        QCOMPARE(threadNames.size(), size_t(cpus));
        QCOMPARE(QString::fromStdString(threadNames[1]),
                 QString::fromStdString(e.topology().cpuLabel(CpuId(0))));
        QVERIFY(byPhase["X"] > 100);
        QCOMPARE(uint64_t(migrationInstants), e.counters().migrations);
        QVERIFY(migrationInstants > 0);
        QCOMPARE(flowEnds.size(), size_t(migrationInstants));
        for (const auto& [id, n] : flowEnds)
            QCOMPARE(n, 11); // exactly one start and one end
        // No CPU is busier than the wall of time it had.
        for (const auto& [tid, us] : busyUs)
            QVERIFY2(us <= end.count() / 1000.0 + 1e-3, qPrintable(QString::number(tid)));
    }

    void namesAreEscaped() {
        auto j = testutil::baseScenario();
        j["name"] = "quote\" and \\ backslash\n";
        Engine e(testutil::load(j));
        std::ostringstream out;
        PerfettoTraceWriter w(out, e.topology(), e.cgroups(), e.spec().name);
        e.setTraceSink(&w);
        e.runUntil(SimTime::ms(20));
        w.finish();
        const auto parsed = nlohmann::json::parse(out.str());
        QCOMPARE(QString::fromStdString(parsed["otherData"]["scenario"]), QString::fromStdString(j["name"]));
    }
};

QTEST_APPLESS_MAIN(TestTracePerfetto)
#include "tst_traceperfetto.moc"
