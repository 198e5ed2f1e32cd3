// Timer slack: when a sleep's timer expires (hrtimer_nanosleep's range, and the order in which
// a CPU's timer interrupt runs its queued timers, __hrtimer_run_queues).
#include "output/summarize.h"
#include "report/summary.h"
#include "scenario/scenariotext.h"
#include "sim/engine.h"
#include "testutil.h"

#include <QtTest>

#include <map>
#include <string>
#include <vector>

using namespace core;
using nlohmann::json;

namespace {

/// When each task's first sleep ended (its first timer wakeup), by name.
class TimerWakeups : public TraceSink {
public:
    void slice(const Slice&) override {}
    void migration(const MigrationRecord&) override {}
    void marker(const Marker&) override {}
    void taskCreated(TaskId id, const std::string& name, CgroupId, SchedPolicy, uint8_t) override {
        m_names[id.value()] = name;
    }
    void wakeup(const WakeupRecord& w) override {
        if (w.source == WakeSource::Timer)
            woke.emplace(m_names[w.task.value()], w.time); // the first one only
    }
    std::map<std::string, SimTime> woke;

private:
    std::map<uint32_t, std::string> m_names;
};

json machine(uint32_t cpus, const json& tasks) {
    json j = testutil::baseScenario();
    j["duration"] = "20ms";
    j["kernel"] = {{"model", "v6.12"}};
    j["topology"] = {{"sockets", 1}, {"cores_per_socket", cpus}, {"threads_per_core", 1}, {"numa_nodes", 1}};
    j["tasks"] = tasks;
    return j;
}

json sleeper(const std::string& name, const std::string& sleep, const std::string& cpu,
             const char* slack = nullptr) {
    json t = {
        {"name", name}, {"cpus", cpu}, {"program", json::array({{{"sleep", sleep}}, {{"run", "10us"}}})}};
    if (slack)
        t["timer_slack"] = slack;
    return t;
}

/// A hog on `cpu` that starts after the sleepers have gone to sleep, and keeps the tick going.
json hog(const std::string& cpu) {
    return {{"name", "hog"}, {"cpus", cpu}, {"start", "100us"}, {"program", json::array({{{"run", "1s"}}})}};
}

std::map<std::string, SimTime> wakeups(const json& scenario) {
    Engine e(testutil::load(scenario));
    TimerWakeups rec;
    e.setTraceSink(&rec);
    e.runToEnd();
    return rec.woke;
}

SimTime wokeAt(const json& scenario, const std::string& name) {
    const auto w = wakeups(scenario);
    const auto it = w.find(name);
    return it == w.end() ? SimTime::ns(-1) : it->second;
}

QString us(SimTime t) {
    return QString::number(static_cast<double>(t.count()) / 1e3, 'f', 3) + QStringLiteral(" us");
}

} // namespace

class TestTimerSlack : public QObject {
    Q_OBJECT
private slots:
    void aSleepEndsAtItsHardExpiryOnAQuietCpu() {
        // Nothing else interrupts CPU 0: the timer fires at soft + slack, 50 us by default. An RT
        // task's nanosleep has none (hrtimer_nanosleep), and a task can set its own.
        auto wake = [](const json& task) { return wokeAt(machine(1, json::array({task})), task["name"]); };
        const SimTime exact = wake(sleeper("t", "1ms", "0", "0us"));
        QVERIFY2(exact >= SimTime::ms(1) && exact < SimTime::us(1010), qPrintable(us(exact)));
        QCOMPARE(wake(sleeper("t", "1ms", "0")) - exact, SimTime::us(50));
        QCOMPARE(wake(sleeper("t", "1ms", "0", "200us")) - exact, SimTime::us(200));
        json rt = sleeper("t", "1ms", "0", "0us");
        rt["policy"] = "fifo";
        rt["rt_priority"] = 10;
        const SimTime rtExact = wake(rt);
        rt["timer_slack"] = "200us";
        QCOMPARE(wake(rt), rtExact);
    }

    void theTickRunsASleepWhoseSoftExpiryHasPassed() {
        // A hog keeps CPU 0's tick going (every 4 ms). A sleep asked to end just before 4 ms
        // may end up to 50 us after: the tick at 4 ms finds it due and runs it. The same sleep
        // on the quiet CPU 1 waits for its own hard expiry.
        const SimTime atTick = wokeAt(machine(2, json::array({sleeper("t", "3980us", "0"), hog("0")})), "t");
        QCOMPARE(atTick, SimTime::ms(4));
        const SimTime exact =
            wokeAt(machine(2, json::array({sleeper("t", "3980us", "1", "0us"), hog("0")})), "t");
        const SimTime quiet = wokeAt(machine(2, json::array({sleeper("t", "3980us", "1"), hog("0")})), "t");
        QVERIFY2(exact < SimTime::ms(4), qPrintable(us(exact)));
        QCOMPARE(quiet - exact, SimTime::us(50));
    }

    void aTimerNotYetDueHoldsBackTheOnesBehindIt() {
        // The interrupt runs the queue in order of hard expiry and stops at the first timer whose
        // soft expiry is still ahead. At the hog's tick at 4 ms, "early" (soft just before 4 ms,
        // hard 50 us later) is due, but "exact" (no slack, just after 4 ms) comes first in the
        // queue and is not: the tick runs neither. Exact's own interrupt then runs both.
        const auto w = wakeups(machine(1, json::array({sleeper("early", "3980us", "0"),
                                                       sleeper("exact", "4010us", "0", "0us"), hog("0")})));
        QVERIFY2(w.at("exact") > SimTime::ms(4) && w.at("exact") < SimTime::us(4020),
                 qPrintable(us(w.at("exact"))));
        QCOMPARE(w.at("early"), w.at("exact"));
        // Without "exact", the tick runs early at 4 ms.
        QCOMPARE(wokeAt(machine(1, json::array({sleeper("early", "3980us", "0"), hog("0")})), "early"),
                 SimTime::ms(4));
    }

    void anotherSleepersInterruptRunsItToo() {
        // On a quiet CPU, "late" (soft 1 ms, hard 1.05 ms) goes when "first" (no slack, 1.02 ms)
        // fires: one interrupt runs both.
        const auto w = wakeups(
            machine(1, json::array({sleeper("late", "1ms", "0"), sleeper("first", "1020us", "0", "0us")})));
        QVERIFY2(w.at("first") > SimTime::us(1020) && w.at("first") < SimTime::us(1030),
                 qPrintable(us(w.at("first"))));
        QCOMPARE(w.at("late"), w.at("first"));
    }

    void aForkedChildKeepsItsParentsSlack() {
        // fork copies timer_slack_ns; a child that names its own uses that.
        auto childWoke = [](const char* parentSlack, const char* childSlack) {
            json child = {{"name", "child"}, {"program", json::array({{{"sleep", "1ms"}}})}};
            if (childSlack)
                child["timer_slack"] = childSlack;
            const json parent = {{"name", "parent"},
                                 {"cpus", "0"},
                                 {"timer_slack", parentSlack},
                                 {"program", json::array({{{"fork", child}}, {{"wait", "children"}}})}};
            return wokeAt(machine(1, json::array({parent})), "child");
        };
        const SimTime none = childWoke("0us", nullptr);
        QVERIFY2(none > SimTime::ms(1), qPrintable(us(none)));
        QCOMPARE(childWoke("100us", nullptr) - none, SimTime::us(100));
        QCOMPARE(childWoke("100us", "0us"), none);
    }

    void timerLatencyRunsFromTheExpiryAskedForToRunning() {
        // The summary's timer_latency (cyclictest's figure): one sleep of 1 ms, so one sample,
        // from 1 ms after the sleep began to the switch in. Slack adds to it exactly; a hog on the
        // CPU adds the wait for the CPU, which `latency` (wakeup to running) counts too.
        auto timerLatency = [](const json& tasks) {
            Engine e(testutil::load(machine(1, tasks)));
            e.runToEnd();
            const RunSummary s = summarize(e);
            for (const TaskSummary& t : s.tasks)
                if (t.name == "t") {
                    const json j = json::parse(toJson(s))["tasks"][0]["timer_latency"];
                    return std::pair{t.timerLatency, j};
                }
            return std::pair{LatencyHistogram(), json()};
        };
        const auto [exact, exactJson] = timerLatency(json::array({sleeper("t", "1ms", "0", "0us")}));
        QCOMPARE(exact.count(), uint64_t{1});
        QCOMPARE(exactJson["count"], 1);
        QCOMPARE(exactJson["max_ns"].get<int64_t>(), exact.max().count());
        for (const char* key : {"avg_ns", "p50_ns", "p99_ns", "max_ns"})
            QVERIFY2(exactJson.contains(key), key);
        QVERIFY2(exact.max() > SimTime() && exact.max() < SimTime::us(20), qPrintable(us(exact.max())));
        const auto [slack, slackJson] = timerLatency(json::array({sleeper("t", "1ms", "0")}));
        QCOMPARE(slack.max() - exact.max(), SimTime::us(50));
        // The hog starts at 100 us and holds the CPU when the sleeper's timer fires: the sleeper
        // waits for the hog's protection to end, and timer_latency counts that wait.
        const auto [busy, busyJson] = timerLatency(json::array({sleeper("t", "1ms", "0", "0us"), hog("0")}));
        QVERIFY2(busy.max() > exact.max(), qPrintable(us(busy.max())));
    }

    void theSlackIsValidatedAndWrittenBack() {
        json t = sleeper("t", "1ms", "0", "2s");
        const LoadResult bad = loadScenarioText(machine(1, json::array({t})).dump(), "s.json");
        QVERIFY(!bad.ok());
        QVERIFY2(bad.errors.front().find("tasks[0].timer_slack") != std::string::npos &&
                     bad.errors.front().find("from 0 to 1s") != std::string::npos,
                 bad.errors.front().c_str());
        t["timer_slack"] = "75us";
        const LoadResult good = loadScenarioText(machine(1, json::array({t})).dump(), "s.json");
        QVERIFY(good.ok());
        QCOMPARE(*good.spec->tasks[0].timerSlack, SimTime::us(75));
        std::string text;
        appendTaskText(text, good.spec->tasks[0]);
        QVERIFY2(text.find("\"timer_slack\": \"75000ns\"") != std::string::npos, text.c_str());
    }
};

QTEST_APPLESS_MAIN(TestTimerSlack)
#include "tst_timerslack.moc"
