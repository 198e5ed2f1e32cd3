// Work is spread: forked hogs leave their pinned parent's CPU, widened affinity lets the balancer
// spread tasks, and over seeded random scenarios no CPU stays idle for more than a few balance
// intervals while a CPU of its domain has a waiting task allowed on it.
#include "base/rng.h"
#include "experiments/workconservation.h"
#include "sim/engine.h"
#include "testutil.h"

#include <QtTest>

#include <set>

using namespace core;
using nlohmann::json;

Q_DECLARE_METATYPE(nlohmann::json)

namespace {

const json kHog = json::parse(R"([{"loop": -1, "do": [{"run": "50ms"}]}])");

json topology(int sockets, int cores, int threads, int nodes = 1) {
    return {{"sockets", sockets},
            {"cores_per_socket", cores},
            {"threads_per_core", threads},
            {"numa_nodes", nodes}};
}

/// A starter pinned to CPU 0 forks `hogs` CPU hogs (the issue's reproduction), each with
/// `childCpus` as its own "cpus" (absent: inherit the parent's), then sleeps.
json pinnedStarter(const json& topo, int hogs, const std::optional<std::string>& childCpus,
                   const std::string& duration = "2s") {
    json program = json::array();
    for (int i = 0; i < hogs; ++i) {
        json child = {{"name", "hog" + std::to_string(i)}, {"program", kHog}};
        if (childCpus)
            child["cpus"] = *childCpus;
        program.push_back({{"fork", child}});
    }
    program.push_back({{"sleep", "10s"}});
    return {{"format", 1},
            {"name", "pinned-starter"},
            {"duration", duration},
            {"topology", topo},
            {"tasks", {{{"name", "starter"}, {"cpus", "0"}, {"program", program}}}}};
}

std::set<uint32_t> hogCpus(const Engine& e) {
    std::set<uint32_t> cpus;
    e.tasks().forEach([&](const Task& t) {
        if (t.name.rfind("hog", 0) == 0)
            cpus.insert(t.cpu.value());
    });
    return cpus;
}

/// A random small scenario. Its runnable tasks may use every CPU, possibly after a timeline
/// affinity change: starters pinned or free fork hogs that ask for every CPU or inherit a free
/// parent's mask; or one pinned starter's hogs inherit its CPU and are widened to every CPU at a
/// random time. Free sleepers add noise. Two things are left out on purpose, because the v4.11
/// balancer (the kernel's, not only the model's) leaves CPUs idle with them (docs/balancing.md):
/// tasks pinned to different CPUs at once (an idle CPU whose group holds pinned work sees its
/// group as the busier one) and unequal weights (groups are balanced by load, not by count: one
/// nice -5 task outweighs two nice 0 tasks).
json randomScenario(uint64_t seed) {
    Rng rng(seed);
    static const std::vector<json> topologies = {topology(1, 2, 1), topology(1, 4, 1), topology(1, 2, 2),
                                                 topology(1, 4, 2), topology(2, 2, 2), topology(2, 4, 2, 2),
                                                 topology(2, 3, 1)};
    const json topo =
        topologies[static_cast<size_t>(rng.uniformInt(0, static_cast<int64_t>(topologies.size()) - 1))];
    const int cpus = topo["sockets"].get<int>() * topo["cores_per_socket"].get<int>() *
                     topo["threads_per_core"].get<int>();
    const std::string all = "0-" + std::to_string(cpus - 1);
    auto hog = [&](const std::string& name) {
        return json{
            {"name", name},
            {"program",
             {{{"loop", -1}, {"do", {{{"run", {{"exp", std::to_string(rng.uniformInt(1, 60)) + "ms"}}}}}}}}}};
    };
    json tasks = json::array();
    json timeline = json::array();
    const bool widened = rng.uniformInt(0, 3) == 0;
    const int starters = widened ? 1 : static_cast<int>(rng.uniformInt(1, 3));
    for (int s = 0; s < starters; ++s) {
        const bool pinned = widened || rng.uniformInt(0, 1) == 1;
        json program = json::array();
        const int hogs = static_cast<int>(rng.uniformInt(1, cpus + 1));
        for (int h = 0; h < hogs; ++h) {
            json child = hog("hog" + std::to_string(s) + "_" + std::to_string(h));
            if (!widened && (pinned || rng.uniformInt(0, 1) == 1))
                child["cpus"] = all;
            program.push_back({{"fork", child}});
        }
        program.push_back({{"sleep", "100s"}});
        json starter = {{"name", "starter" + std::to_string(s)}, {"program", program}};
        if (pinned)
            starter["cpus"] = std::to_string(rng.uniformInt(0, cpus - 1));
        tasks.push_back(starter);
    }
    if (widened)
        timeline.push_back({{"at", std::to_string(rng.uniformInt(50, 900)) + "ms"},
                            {"affinity", {{"task", "hog*"}, {"cpus", all}}}});
    tasks.push_back({{"name", "sleeper"},
                     {"count", rng.uniformInt(1, cpus)},
                     {"program",
                      {{{"loop", -1},
                        {"do",
                         {{{"run", {{"exp", std::to_string(rng.uniformInt(100, 5000)) + "us"}}}},
                          {{"sleep", {{"exp", std::to_string(rng.uniformInt(100, 20000)) + "us"}}}}}}}}}});
    // On v4.11, named: the property and the two exclusions above were established for its
    // balancer. On v6.12 seed 440 leaves cpu0 idle for 269 ms beside two runnable tasks on
    // cpu13, which is not yet explained (issue 40's v6 wakeup path work looks at it).
    return {{"format", 1},      {"name", "random-" + std::to_string(seed)},
            {"seed", seed},     {"duration", "1500ms"},
            {"topology", topo}, {"kernel", {{"model", "v4.11"}}},
            {"tasks", tasks},   {"timeline", timeline}};
}

} // namespace

class TestWorkConservation : public QObject {
    Q_OBJECT
private slots:
    void forkedHogsLeaveThePinnedParentsCpu_data() {
        QTest::addColumn<json>("topo");
        QTest::addColumn<int>("hogs");
        QTest::newRow("4 CPUs, 2 hogs") << topology(1, 4, 1) << 2;
        QTest::newRow("4 CPUs, 4 hogs") << topology(1, 4, 1) << 4;
        QTest::newRow("2 sockets x 4 cores x SMT2, 4 hogs") << topology(2, 4, 2) << 4;
        QTest::newRow("2 NUMA nodes x 4 cores x SMT2, 8 hogs") << topology(2, 4, 2, 2) << 8;
    }
    void forkedHogsLeaveThePinnedParentsCpu() {
        // The children ask for every CPU explicitly: the parent's single-CPU mask must not be
        // inherited, so each hog ends up on a CPU of its own within milliseconds.
        QFETCH(json, topo);
        QFETCH(int, hogs);
        const int cpus = topo["sockets"].get<int>() * topo["cores_per_socket"].get<int>() *
                         topo["threads_per_core"].get<int>();
        Engine e(testutil::load(pinnedStarter(topo, hogs, "0-" + std::to_string(cpus - 1))));
        e.runUntil(SimTime::ms(100));
        QCOMPARE(hogCpus(e).size(), size_t(hogs));
        e.runUntil(SimTime::s(2));
        QCOMPARE(hogCpus(e).size(), size_t(hogs));
    }

    void childWithoutCpusInheritsThePinnedParentsMask() {
        // "cpus" absent is "inherit" (fork copies the mask): both hogs share CPU 0.
        Engine e(testutil::load(pinnedStarter(topology(1, 4, 1), 2, std::nullopt)));
        e.runUntil(SimTime::s(1));
        QCOMPARE(hogCpus(e), std::set<uint32_t>{0});
        QCOMPARE(e.counters().migrations, uint64_t(0));
        for (uint32_t c = 1; c < 4; ++c)
            QCOMPARE(e.machine().rq(c).busy, SimTime());
    }

    void childWithAStrictSubsetGetsIt() {
        Engine e(testutil::load(pinnedStarter(topology(1, 4, 1), 2, "2-3")));
        e.runUntil(SimTime::ms(100));
        QCOMPARE(hogCpus(e), (std::set<uint32_t>{2, 3}));
    }

    void widenedAffinityIsSpreadByTheBalancer_data() {
        QTest::addColumn<json>("topo");
        QTest::addColumn<int>("hogs");
        QTest::newRow("4 CPUs") << topology(1, 4, 1) << 2;
        QTest::newRow("1 socket x 4 cores x SMT2") << topology(1, 4, 2) << 4;
        QTest::newRow("2 sockets x 4 cores x SMT2") << topology(2, 4, 2) << 4;
    }
    void widenedAffinityIsSpreadByTheBalancer() {
        // Hogs confined to CPU 0 (they inherit the starter's mask), then sched_setaffinity to
        // every CPU at 200 ms: no placement helps now, only balancing (newidle, NOHZ idle,
        // periodic) can spread them.
        QFETCH(json, topo);
        QFETCH(int, hogs);
        const int cpus = topo["sockets"].get<int>() * topo["cores_per_socket"].get<int>() *
                         topo["threads_per_core"].get<int>();
        json j = pinnedStarter(topo, hogs, std::nullopt);
        j["timeline"] = {
            {{"at", "200ms"}, {"affinity", {{"task", "hog*"}, {"cpus", "0-" + std::to_string(cpus - 1)}}}}};
        Engine e(testutil::load(j));
        e.runUntil(SimTime::ms(199));
        QCOMPARE(hogCpus(e), std::set<uint32_t>{0});
        e.runUntil(SimTime::ms(400));
        QCOMPARE(hogCpus(e).size(), size_t(hogs));
        const auto& by = e.counters().migrationsByReason;
        const uint64_t balancer = by[size_t(MigrationReason::Periodic)] +
                                  by[size_t(MigrationReason::Newidle)] + by[size_t(MigrationReason::Nohz)] +
                                  by[size_t(MigrationReason::Active)];
        QVERIFY(balancer >= uint64_t(hogs - 1));
        QCOMPARE(e.counters().placements, uint64_t(0)); // the starter's CPU was their only choice
    }

    void narrowedAffinityMovesARunningTask() {
        json j = pinnedStarter(topology(1, 4, 1), 1, "0-3");
        j["timeline"] = {{{"at", "100ms"}, {"affinity", {{"task", "hog0"}, {"cpus", "3"}}}}};
        Engine e(testutil::load(j));
        e.runUntil(SimTime::ms(99));
        QVERIFY(hogCpus(e) != std::set<uint32_t>{3});
        e.runUntil(SimTime::ms(101));
        QCOMPARE(hogCpus(e), std::set<uint32_t>{3});
        QCOMPARE(e.counters().migrationsByReason[size_t(MigrationReason::Affinity)], uint64_t(1));
        QCOMPARE(testutil::runChecked(e, 7), std::string());
    }

    void thePinnedParentReproductionIsWorkConserving() {
        // The issue's scenario, under the property check.
        Engine e(testutil::load(pinnedStarter(topology(1, 4, 1), 2, "0-3")));
        const auto v = runCheckingWorkConservation(e, SimTime::s(2));
        QVERIFY2(!v, v ? v->describe().c_str() : "");
    }

    void theCheckCatchesAStarvedCpu() {
        // The check itself: hogs confined to CPU 0 by inheritance are not a violation (CPU 1-3
        // may not run them); once widened they are, if the check allows no balance interval
        // at all (the CPUs' intervals grew to 512 ms while every task was pinned).
        json j = pinnedStarter(topology(1, 4, 1), 2, std::nullopt);
        Engine pinned(testutil::load(j));
        QVERIFY(!runCheckingWorkConservation(pinned, SimTime::s(1)));
        j["timeline"] = {{{"at", "200ms"}, {"affinity", {{"task", "hog*"}, {"cpus", "0-3"}}}}};
        Engine widened(testutil::load(j));
        const auto v =
            runCheckingWorkConservation(widened, SimTime::s(1), SimTime::us(100), {0, SimTime(), false});
        QVERIFY(v.has_value());
        QCOMPARE(v->busyCpu, 0u);
        QVERIFY(v->since >= SimTime::ms(200));
    }

    void randomScenariosAreWorkConserving() {
        // Seeded random scenarios (printed on failure, with the time and CPUs). Seed 332 once
        // showed why the check must follow should_we_balance: CPU 11 stayed idle while its SMT
        // sibling CPU 10, the first idle CPU of their group, balanced the MC level for both
        // at its own (backed-off) interval.
        for (uint64_t seed = 1; seed <= 500; ++seed) {
            const json j = randomScenario(seed);
            Engine e(testutil::load(j));
            const auto v = runCheckingWorkConservation(e, e.spec().duration);
            if (v)
                QFAIL(qPrintable(QStringLiteral("seed %1: %2\n%3")
                                     .arg(seed)
                                     .arg(QString::fromStdString(v->describe()))
                                     .arg(QString::fromStdString(j.dump()))));
        }
    }
};

QTEST_APPLESS_MAIN(TestWorkConservation)
#include "tst_workconservation.moc"
