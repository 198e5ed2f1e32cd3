// The report layer: a snapshot folds newer ones in without losing a record, a reader can take
// only the state, and the counters reach every output through one catalogue.
#include "output/summarize.h"
#include "report/snapshot.h"
#include "report/summary.h"
#include "scenario/loader.h"
#include "sim/engine.h"

#include <nlohmann/json.hpp>

#include <QtTest>

#include <set>

using namespace core;

namespace {

Snapshot snapshotAt(int64_t ms, uint32_t slices, bool withTasks) {
    Snapshot s;
    s.generation = 7;
    s.time = SimTime::ms(ms);
    s.counters.contextSwitches = static_cast<uint64_t>(ms);
    s.cpus.resize(2);
    CgroupState& g = s.cgroups.emplace_back();
    g.id = CgroupId(0);
    g.path = "/";
    g.usage = SimTime::ms(ms);
    for (uint32_t i = 0; i < slices; ++i)
        s.slices.push_back(
            {0, SliceKind::Task, TaskId(i), CgroupId(0), SimTime::ms(ms), SimTime::ms(ms + 1)});
    s.hasTasks = withTasks;
    if (withTasks)
        s.tasks.push_back({TaskId(1), "t" + std::to_string(ms), CgroupId(0), TaskState::Running, 0, {}});
    return s;
}

} // namespace

class TstReport : public QObject {
    Q_OBJECT
private slots:
    void absorbKeepsEveryDeltaAndTheNewestState() {
        Snapshot older = snapshotAt(1, 2, true);
        older.absorb(snapshotAt(2, 3, false));
        QCOMPARE(older.slices.size(), size_t{5});
        QCOMPARE(older.time, SimTime::ms(2));
        QCOMPARE(older.counters.contextSwitches, uint64_t{2});
        QCOMPARE(older.cgroups[0].usage, SimTime::ms(2));
        // The newer had no task list: the older one's stays the latest known.
        QVERIFY(older.hasTasks);
        QCOMPARE(older.tasks.at(0).name, std::string("t1"));
        older.absorb(snapshotAt(3, 0, true));
        QCOMPARE(older.tasks.at(0).name, std::string("t3"));
        QCOMPARE(older.slices.size(), size_t{5});
    }

    void adoptStateLeavesTheDeltas() {
        Snapshot latest;
        const Snapshot newer = snapshotAt(4, 3, true);
        latest.adoptState(newer);
        QVERIFY(latest.slices.empty());
        QCOMPARE(latest.time, SimTime::ms(4));
        QCOMPARE(latest.generation, uint64_t{7});
        QCOMPARE(latest.cpus.size(), size_t{2});
        QCOMPARE(latest.cgroups.at(0).path, std::string("/"));
        QCOMPARE(latest.tasks.size(), size_t{1});
        QCOMPARE(newer.slices.size(), size_t{3}); // copied from, not moved
    }

    // One catalogue: the summary's JSON has exactly its keys in its order, a trace's only those
    // a recording measures, and the text table the rows it marks.
    void countersComeFromTheCatalogue() {
        LoadResult r = loadScenario("builtin:default");
        QVERIFY(r.ok());
        ScenarioSpec spec = *r.spec;
        spec.duration = SimTime::ms(50);
        Engine e(std::make_shared<const ScenarioSpec>(std::move(spec)));
        e.runUntil(SimTime::ms(50));
        RunSummary s = summarize(e);
        std::vector<std::string> keys, traced;
        std::set<std::string> unique;
        for (const CounterInfo& info : counterCatalog()) {
            QVERIFY(!info.label.empty());
            QVERIFY(!info.meaning.empty());
            if (info.key.empty())
                continue;
            QVERIFY2(unique.insert(std::string(info.key)).second, info.key.data());
            keys.emplace_back(info.key);
            if (info.traced)
                traced.emplace_back(info.key);
        }
        auto keysOf = [](const std::string& json) {
            const nlohmann::ordered_json parsed = nlohmann::ordered_json::parse(json);
            std::vector<std::string> k;
            for (const auto& [key, value] : parsed["counters"].items())
                k.push_back(key);
            return k;
        };
        QCOMPARE(keysOf(toJson(s, false)), keys);
        const nlohmann::json j = nlohmann::json::parse(toJson(s, false));
        QCOMPARE(j["counters"]["context_switches"].get<uint64_t>(), s.counters.contextSwitches);
        QCOMPARE(j["counters"]["lock_wait_ns"].get<int64_t>(), s.counters.lockWait.count());
        s.trace = TraceSource{};
        QCOMPARE(keysOf(toJson(s, false)), traced);
        const std::string table = toTable(s);
        for (const CounterInfo& info : counterCatalog())
            if (info.inTable)
                QCOMPARE(table.find(std::string(info.label) + " ") != std::string::npos, info.traced);
    }

    void psiReportReadsByIndex() {
        PsiReport p;
        p.memory.full.avg[1] = 3 * 2048 + 1024; // 3.5%
        p.io.some.totalUs = 42;
        QCOMPARE(p.percent(1, true, 1), 3.5);
        QCOMPARE(p.line(2, false).totalUs, uint64_t{42});
        QCOMPARE(&p.resource(0), &p.cpu);
        QCOMPARE(formatPsiResource(p.memory),
                 std::string("some avg10=0.00 avg60=0.00 avg300=0.00 total=0\n"
                             "full avg10=0.00 avg60=3.50 avg300=0.00 total=0\n"));
    }
};

QTEST_APPLESS_MAIN(TstReport)
#include "tst_report.moc"
