// CFS bandwidth control (cgroup v2 cpu.max, cpu.max.burst) on every kernel model: the pool
// arithmetic, throttling and unthrottling, cpu.stat, PSI of a throttled group, live changes,
// and the errors the kernel gives for values it refuses. docs/bandwidth.md has the rules.
#include "base/kernelmodel.h"
#include "output/summarize.h"
#include "output/tracecsv.h"
#include "output/traceperfetto.h"
#include "sched/bandwidth.h"
#include "sim/engine.h"
#include "testutil.h"

#include <QtTest>

#include <sstream>

using namespace core;
using nlohmann::json;

namespace {

json machine(int cpus) {
    return {{"sockets", 1}, {"cores_per_socket", cpus}, {"threads_per_core", 1}, {"numa_nodes", 1}};
}

/// One limited cgroup /lim on `cpus` CPUs with the given tasks.
json limited(const QString& model, int cpus, const json& max, const json& tasks,
             const std::string& duration) {
    json j = testutil::baseScenario();
    j["duration"] = duration;
    j["topology"] = machine(cpus);
    j["kernel"] = {{"model", model.toStdString()}};
    j["cgroups"] = json::array({{{"path", "/lim"}, {"max", max}}});
    j["tasks"] = tasks;
    return j;
}

json hogs(int n, const char* cgroup = "/lim") {
    return json::array({{{"name", "hog{i}"},
                         {"count", n},
                         {"cgroup", cgroup},
                         {"program", json::parse(R"([{"run": "100s"}])")}}});
}

const CgroupSummary& cgroupOf(const RunSummary& s, const std::string& path) {
    for (const CgroupSummary& c : s.cgroups)
        if (c.path == path)
            return c;
    throw std::runtime_error("no cgroup " + path);
}

double seconds(SimTime t) {
    return t.seconds();
}

/// The burst fixture measured on the development VM (docs/bandwidth.md): a task that sleeps
/// 250 ms and then runs 30 ms of CPU, eight times, under 20 ms per 100 ms.
json burstWorkload(const QString& model, bool burst) {
    json max = {{"quota", "20ms"}, {"period", "100ms"}};
    if (burst)
        max["burst"] = "20ms";
    json tasks = json::array(
        {{{"name", "periodic"},
          {"cgroup", "/lim"},
          {"program", json::parse(R"([{"loop": 8, "do": [{"sleep": "250ms"}, {"run": "30ms"}]}])")}}});
    return limited(model, 1, max, tasks, "2.5s");
}

} // namespace

class TestBandwidth : public QObject {
    Q_OBJECT
private slots:
    void models_data() { testutil::addKernelModelRows(); }

    // ---- the pool, without queues ----------------------------------------------------------------

    void aQueueTakesASliceAndThePoolRunsDry() {
        CfsBandwidth b;
        b.max.quota = SimTime::ms(6);
        bandwidth::refill(b, true);
        QCOMPARE(b.runtime, int64_t{6'000'000});
        int64_t cpu0 = 0, cpu1 = 0;
        bool start = false;
        QVERIFY(bandwidth::assign(b, cpu0, bandwidth::kSliceNs, start)); // a 5 ms slice
        QVERIFY(start);
        QCOMPARE(cpu0, int64_t{5'000'000});
        QVERIFY(bandwidth::assign(b, cpu1, bandwidth::kSliceNs, start)); // what is left: 1 ms
        QCOMPARE(cpu1, int64_t{1'000'000});
        int64_t cpu2 = -300; // overran by 300 ns
        QVERIFY(!bandwidth::assign(b, cpu2, bandwidth::kSliceNs, start));
        QCOMPARE(cpu2, int64_t{-300});
    }

    void theRefillCapsAtQuotaPlusBurstAndCountsBursts() {
        CfsBandwidth b;
        b.max.quota = SimTime::ms(20);
        b.max.burst = SimTime::ms(10);
        bandwidth::refill(b, true);
        bandwidth::refill(b, true); // an idle period: 40 ms, capped at 30
        QCOMPARE(b.runtime, int64_t{30'000'000});
        QCOMPARE(b.stat.nrBursts, uint64_t{0});
        int64_t local = 0;
        bool start = false;
        bandwidth::assign(b, local, 25'000'000, start); // 25 ms drawn in one period: a 5 ms burst
        bandwidth::refill(b, true);
        QCOMPARE(b.stat.nrBursts, uint64_t{1});
        QCOMPARE(b.stat.burstTime, SimTime::ms(5));
        QCOMPARE(b.runtime, int64_t{25'000'000});
        // Before v5.14 the refill resets the pool to one quota.
        bandwidth::refill(b, false);
        QCOMPARE(b.runtime, int64_t{20'000'000});
    }

    // ---- throttling ------------------------------------------------------------------------------

    void aQuotaCapsTheGroupsShare_data() { models_data(); }
    void aQuotaCapsTheGroupsShare() {
        // 20 ms per 100 ms on one CPU: a hog in the group gets 20% over 20 periods (the tick's
        // overrun is repaid from the next refill), and every period ends throttled.
        QFETCH(QString, model);
        Engine e(testutil::load(limited(model, 1, {{"quota", "20ms"}, {"period", "100ms"}}, hogs(1), "2s")));
        QCOMPARE(testutil::runChecked(e, 7), std::string());
        const RunSummary s = summarize(e);
        const CgroupSummary& lim = cgroupOf(s, "/lim");
        const double share = seconds(lim.usage) / 2.0;
        QVERIFY2(share > 0.19 && share < 0.215, qPrintable(QString::number(share)));
        QCOMPARE(lim.cpuStat.nrPeriods, uint64_t{20});
        QVERIFY2(lim.cpuStat.nrThrottled >= 19, qPrintable(QString::number(lim.cpuStat.nrThrottled)));
        const double throttled = seconds(lim.cpuStat.throttledTime);
        QVERIFY2(throttled > 1.5 && throttled < 1.62, qPrintable(QString::number(throttled)));
        QCOMPARE(lim.cpuStat.nrBursts, uint64_t{0});
        // The CPU idles while the hog waits for the next period.
        QVERIFY(s.cpus[0].idle > SimTime::ms(1500));
    }

    void aQuotaAboveThePeriodUsesSeveralCpus_data() { models_data(); }
    void aQuotaAboveThePeriodUsesSeveralCpus() {
        // 150 ms per 100 ms: three hogs on two CPUs get one and a half CPUs between them.
        QFETCH(QString, model);
        Engine e(testutil::load(limited(model, 2, {{"quota", "150ms"}, {"period", "100ms"}}, hogs(3), "1s")));
        QCOMPARE(testutil::runChecked(e, 7), std::string());
        const double cpus = seconds(cgroupOf(summarize(e), "/lim").usage) / 1.0;
        QVERIFY2(cpus > 1.45 && cpus < 1.56, qPrintable(QString::number(cpus)));
    }

    void anUnlimitedGroupTakesWhatItCan() {
        // The same hogs with "max": no limit, no periods, cpu_stat all zero.
        Engine e(testutil::load(limited(QStringLiteral("v6.12"), 2, {{"quota", "max"}}, hogs(3), "500ms")));
        e.runToEnd();
        const RunSummary s = summarize(e);
        const CgroupSummary& lim = cgroupOf(s, "/lim");
        QVERIFY(seconds(lim.usage) > 0.95);
        QCOMPARE(lim.cpuStat.nrPeriods, uint64_t{0});
        QCOMPARE(lim.cpuStat.throttledTime, SimTime());
        const json j = json::parse(toJson(s));
        for (const json& c : j["cgroups"]) {
            QCOMPARE(c["cpu_stat"]["nr_periods"].get<uint64_t>(), uint64_t{0});
            QCOMPARE(c["cpu_stat"]["nr_throttled"].get<uint64_t>(), uint64_t{0});
            QCOMPARE(c["cpu_stat"]["throttled_usec"].get<uint64_t>(), uint64_t{0});
            QCOMPARE(c["cpu_stat"]["nr_bursts"].get<uint64_t>(), uint64_t{0});
            QCOMPARE(c["cpu_stat"]["burst_usec"].get<uint64_t>(), uint64_t{0});
        }
        QCOMPARE(j["cgroups"][1]["cpu_max"].get<std::string>(), std::string("max 100000"));
    }

    void aThrottledGroupIsUnderFullCpuPressure_data() { models_data(); }
    void aThrottledGroupIsUnderFullCpuPressure() {
        // Throttled tasks are runnable but cannot run: for PSI that is CPU pressure, and `full`
        // for the group because none of its tasks runs. 20% quota: about 80% of the time.
        QFETCH(QString, model);
        json j = limited(model, 1, {{"quota", "20ms"}, {"period", "100ms"}}, hogs(1), "3s");
        j["tasks"].push_back({{"name", "other"}, {"program", json::parse(R"([{"run": "100s"}])")}});
        Engine e(testutil::load(j));
        QCOMPARE(testutil::runChecked(e, 7), std::string());
        const RunSummary s = summarize(e);
        const double full = static_cast<double>(cgroupOf(s, "/lim").psi.cpu.full.totalUs) / 3e6;
        // Unthrottled, the hog competes with `other` and gets at most what its quota allows.
        QVERIFY2(full > 0.75 && full < 0.85, qPrintable(QString::number(full)));
        // The CPU stays busy: the other task runs while the group is throttled.
        QVERIFY(s.cpus[0].idle < SimTime::ms(10));
        const double other = seconds(cgroupOf(s, "/").usage - cgroupOf(s, "/lim").usage) / 3.0;
        QVERIFY2(other > 0.78, qPrintable(QString::number(other)));
    }

    void burstLetsUnusedQuotaCarryOver_data() {
        QTest::addColumn<QString>("model");
        QTest::newRow("v6.6") << QStringLiteral("v6.6");
        QTest::newRow("v6.12") << QStringLiteral("v6.12");
    }
    void burstLetsUnusedQuotaCarryOver() {
        // The fixture of docs/bandwidth.md, measured on Linux 6.18: with cpu.max.burst 20 ms the
        // 30 ms runs are never throttled (7 bursts, 56 ms of burst time); without, every run is
        // throttled once (8 times, 157 ms of throttled time).
        QFETCH(QString, model);
        Engine with(testutil::load(burstWorkload(model, true)));
        QCOMPARE(testutil::runChecked(with, 7), std::string());
        Engine without(testutil::load(burstWorkload(model, false)));
        QCOMPARE(testutil::runChecked(without, 7), std::string());
        const CpuStat b = cgroupOf(summarize(with), "/lim").cpuStat;
        const CpuStat n = cgroupOf(summarize(without), "/lim").cpuStat;
        QCOMPARE(b.nrThrottled, uint64_t{0});
        QVERIFY2(b.nrBursts >= 6 && b.nrBursts <= 8, qPrintable(QString::number(b.nrBursts)));
        QCOMPARE(n.nrBursts, uint64_t{0});
        QVERIFY2(n.nrThrottled >= 7 && n.nrThrottled <= 8, qPrintable(QString::number(n.nrThrottled)));
        const double ms = seconds(n.throttledTime) * 1e3;
        QVERIFY2(ms > 100 && ms < 200, qPrintable(QString::number(ms)));
    }

    void theQueueAboveAThrottledOneKeepsItsOtherTasks_data() { models_data(); }
    void theQueueAboveAThrottledOneKeepsItsOtherTasks() {
        // Nested limits: /a (unlimited) holds /a/lim (10%) and a hog of its own. While /a/lim
        // is throttled the hog in /a runs; the engine's invariants (nr_running without
        // throttled tasks, queue counts per level) hold after every event.
        QFETCH(QString, model);
        json j = testutil::baseScenario();
        j["duration"] = "1s";
        j["topology"] = machine(2);
        j["kernel"] = {{"model", model.toStdString()}};
        j["cgroups"] = json::array(
            {{{"path", "/a"}}, {{"path", "/a/lim"}, {"max", {{"quota", "10ms"}, {"period", "50ms"}}}}});
        j["tasks"] = json::array(
            {{{"name", "limited{i}"},
              {"count", 3},
              {"cgroup", "/a/lim"},
              {"program", json::parse(R"([{"loop": -1, "do": [{"run": "3ms"}, {"sleep": "1ms"}]}])")}},
             {{"name", "free"}, {"cgroup", "/a"}, {"program", json::parse(R"([{"run": "100s"}])")}}});
        Engine e(testutil::load(j));
        QCOMPARE(testutil::runChecked(e, 1), std::string());
        const RunSummary s = summarize(e);
        const double lim = seconds(cgroupOf(s, "/a/lim").usage);
        QVERIFY2(lim > 0.18 && lim < 0.23, qPrintable(QString::number(lim)));
        QVERIFY(cgroupOf(s, "/a/lim").cpuStat.nrThrottled >= 18);
    }

    void theTraceHoldsTheThrottledStretches_data() { models_data(); }
    void theTraceHoldsTheThrottledStretches() {
        // The CSV trace's throttle rows add up to cpu.stat's throttled time (the hog's queue is
        // never empty, so every model counts all of it), and lie between the task's runs.
        QFETCH(QString, model);
        Engine e(testutil::load(limited(model, 1, {{"quota", "30ms"}, {"period", "100ms"}}, hogs(1), "1s")));
        std::ostringstream csv;
        CsvTraceWriter writer(csv, e.cgroups());
        e.setTraceSink(&writer);
        e.runToEnd();
        std::istringstream in(csv.str());
        std::string line;
        int64_t throttled = 0;
        int rows = 0;
        while (std::getline(in, line)) {
            if (line.rfind("throttle,", 0) != 0)
                continue;
            ++rows;
            std::istringstream f(line.substr(9));
            int64_t start = 0, end = 0;
            char comma = 0;
            f >> start >> comma >> end;
            QVERIFY(end > start);
            throttled += end - start;
            QVERIFY2(line.find("\"/lim\"") != std::string::npos, line.c_str());
        }
        const SimTime stat = cgroupOf(summarize(e), "/lim").cpuStat.throttledTime;
        // The Perfetto export carries the same stretches as async slices.
        Engine again(
            testutil::load(limited(model, 1, {{"quota", "30ms"}, {"period", "100ms"}}, hogs(1), "1s")));
        std::ostringstream pf;
        PerfettoTraceWriter perfetto(pf, again.machine().topology(), again.cgroups(), "bw");
        again.setTraceSink(&perfetto);
        again.runToEnd();
        perfetto.finish();
        const json trace = json::parse(pf.str());
        int64_t asyncNs = 0;
        for (const json& ev : trace["traceEvents"])
            if (ev.value("cat", "") == "throttle") {
                QCOMPARE(ev["args"]["cgroup"].get<std::string>(), std::string("/lim"));
                asyncNs += static_cast<int64_t>(std::llround(ev["ts"].get<double>() * 1000)) *
                           (ev["ph"] == "e" ? 1 : -1);
            }
        QVERIFY2(std::llabs(asyncNs - throttled) < 1000, qPrintable(QString::number(asyncNs - throttled)));
        QVERIFY(rows >= 9);
        // cpu.stat counts only finished stretches; the trace also the one open at the end.
        QVERIFY2(throttled >= stat.count() && throttled - stat.count() < SimTime::ms(80).count(),
                 qPrintable(QStringLiteral("%1 vs %2").arg(throttled).arg(stat.count())));
    }

    // ---- live changes and errors -------------------------------------------------------------------

    void aLiveQuotaChangeAppliesAtOnce_data() { models_data(); }
    void aLiveQuotaChangeAppliesAtOnce() {
        QFETCH(QString, model);
        json j = limited(model, 1, {{"quota", "max"}}, hogs(1), "2s");
        Engine e(testutil::load(j));
        e.runUntil(SimTime::s(1));
        const SimTime before = cgroupOf(summarize(e), "/lim").usage;
        CpuMax tight;
        tight.quota = SimTime::ms(10);
        const CommandResult ok = e.setCgroupMax("/lim", tight);
        QVERIFY2(ok.ok, ok.message.c_str());
        e.runUntil(SimTime::ms(1500));
        const SimTime mid = cgroupOf(summarize(e), "/lim").usage;
        const double share = seconds(mid - before) / 0.5;
        QVERIFY2(share > 0.08 && share < 0.13, qPrintable(QString::number(share)));
        // Back to "max": the throttled hog runs again at once, no waiting for a refill.
        QVERIFY(e.setCgroupMax("/lim", CpuMax{}).ok);
        e.runUntil(SimTime::ms(1600));
        const double after = seconds(cgroupOf(summarize(e), "/lim").usage - mid) / 0.1;
        QVERIFY2(after > 0.98, qPrintable(QString::number(after)));
        // What the kernel refuses is refused with its reason, and nothing changes.
        CpuMax bad;
        bad.quota = SimTime::us(500);
        const CommandResult r = e.setCgroupMax("/lim", bad);
        QVERIFY(!r.ok);
        QVERIFY2(r.message.find("at least 1ms") != std::string::npos, r.message.c_str());
        QVERIFY(!e.setCgroupMax("/", tight).ok);
        QVERIFY(!e.setCgroupMax("/nope", tight).ok);
    }

    void aTimelineEntryChangesTheLimit() {
        json j = limited(QStringLiteral("v6.6"), 1, {{"quota", "max"}}, hogs(1), "2s");
        j["timeline"] =
            json::array({{{"at", "1s"}, {"cgroup", {{"path", "/lim"}, {"max", {{"quota", "25ms"}}}}}}});
        Engine e(testutil::load(j));
        QCOMPARE(testutil::runChecked(e, 7), std::string());
        const double usage = seconds(cgroupOf(summarize(e), "/lim").usage);
        QVERIFY2(usage > 1.2 && usage < 1.3, qPrintable(QString::number(usage))); // 1 s + 25% of 1 s
    }

    void valuesTheKernelRefusesAreErrors_data() {
        QTest::addColumn<QString>("max");
        QTest::addColumn<QString>("model");
        QTest::addColumn<QString>("message");
        QTest::newRow("quota below 1ms") << QStringLiteral(R"({"quota": "999us"})") << QStringLiteral("v6.6")
                                         << QStringLiteral("cgroups[0].max: the quota must be at least 1ms");
        QTest::newRow("period too short")
            << QStringLiteral(R"({"quota": "10ms", "period": "500us"})") << QStringLiteral("v6.6")
            << QStringLiteral("the period must be 1ms..1s");
        QTest::newRow("period too long")
            << QStringLiteral(R"({"quota": "10ms", "period": "2s"})") << QStringLiteral("v6.6")
            << QStringLiteral("the period must be 1ms..1s");
        QTest::newRow("burst above quota")
            << QStringLiteral(R"({"quota": "10ms", "burst": "11ms"})") << QStringLiteral("v6.6")
            << QStringLiteral("larger than the quota");
        QTest::newRow("no quota") << QStringLiteral(R"({"period": "10ms"})") << QStringLiteral("v6.6")
                                  << QStringLiteral("cgroups[0].max.quota: required key is missing");
        QTest::newRow("quota not a duration") << QStringLiteral(R"({"quota": 5})") << QStringLiteral("v6.6")
                                              << QStringLiteral("cgroups[0].max.quota");
        QTest::newRow("unknown key") << QStringLiteral(R"({"quota": "5ms", "qouta": "5ms"})")
                                     << QStringLiteral("v6.6") << QStringLiteral("qouta");
        QTest::newRow("burst before 5.14")
            << QStringLiteral(R"({"quota": "10ms", "burst": "5ms"})") << QStringLiteral("v4.11")
            << QStringLiteral("cpu.max.burst came with v5.14");
    }
    void valuesTheKernelRefusesAreErrors() {
        QFETCH(QString, max);
        QFETCH(QString, model);
        QFETCH(QString, message);
        const json j = limited(model, 1, json::parse(max.toStdString()), hogs(1), "1s");
        const LoadResult r = loadScenarioText(j.dump(), "bw.json");
        QVERIFY(!r.ok());
        std::string all;
        for (const std::string& line : r.errors)
            all += line + "\n";
        QVERIFY2(all.find("bw.json") != std::string::npos, all.c_str());
        QVERIFY2(all.find(message.toStdString()) != std::string::npos, all.c_str());
    }
};

QTEST_GUILESS_MAIN(TestBandwidth)
#include "tst_bandwidth.moc"
