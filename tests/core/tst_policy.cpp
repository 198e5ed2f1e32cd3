// Scheduling policies of the fair class (SCHED_NORMAL, SCHED_BATCH, SCHED_IDLE) on every kernel
// model, and the policy keys checked as sched_setscheduler checks them (tst_rt runs the RT class).
#include "base/kernelmodel.h"
#include "sim/engine.h"
#include "testutil.h"

#include <QtTest>

using namespace core;
using nlohmann::json;

namespace {

json oneCpu(const QString& model, const json& tasks, const std::string& duration = "2s") {
    json j = testutil::baseScenario();
    j["duration"] = duration;
    j["topology"] = {{"sockets", 1}, {"cores_per_socket", 1}, {"threads_per_core", 1}, {"numa_nodes", 1}};
    j["kernel"] = {{"model", model.toStdString()}};
    j["tasks"] = tasks;
    return j;
}

double runtimeOf(const Engine& e, const std::string& name) {
    double ns = 0;
    e.tasks().forEach([&](const Task& t) {
        if (t.name == name)
            ns = static_cast<double>((t.userTime + t.sysTime).count());
    });
    return ns;
}

/// A hog and a task that sleeps 1 ms between 50 us bursts: how often its wakeups preempt.
uint64_t wakeupPreemptions(const QString& model, const char* wakerPolicy, const char* hogPolicy) {
    json tasks = json::array();
    tasks.push_back(
        {{"name", "hog"}, {"policy", hogPolicy}, {"program", json::parse(R"([{"run": "100s"}])")}});
    tasks.push_back(
        {{"name", "waker"},
         {"policy", wakerPolicy},
         {"program", json::parse(R"([{"loop": -1, "do": [{"run": "50us"}, {"sleep": "1ms"}]}])")}});
    Engine e(testutil::load(oneCpu(model, tasks)));
    e.runToEnd();
    return e.counters().wakeupPreemptions;
}

} // namespace

class TestPolicy : public QObject {
    Q_OBJECT
private slots:
    void models_data() { testutil::addKernelModelRows(); }

    void anIdlePolicyTaskWeighsThree_data() { models_data(); }
    void anIdlePolicyTaskWeighsThree() {
        // WEIGHT_IDLEPRIO: against a nice-0 hog, a SCHED_IDLE hog gets 3 / (1024 + 3) of the CPU,
        // whatever its nice value.
        QFETCH(QString, model);
        Engine e(testutil::load(oneCpu(model, json::parse(R"([
            {"name": "normal", "program": [{"run": "100s"}]},
            {"name": "idle", "policy": "idle", "nice": -20, "program": [{"run": "100s"}]}])"),
                                       "10s")));
        QCOMPARE(testutil::runChecked(e, 101), std::string());
        const double share = runtimeOf(e, "idle") / (runtimeOf(e, "idle") + runtimeOf(e, "normal"));
        QVERIFY2(share < 0.01, qPrintable(QString::number(share)));
        QVERIFY2(share > 0.0005, qPrintable(QString::number(share)));
        e.tasks().forEach([](const Task& t) {
            if (t.name == "idle")
                QCOMPARE(t.se.weight, uint64_t{kIdlePolicyWeight});
        });
    }

    void batchAndIdleWakersDoNotPreempt_data() { models_data(); }
    void batchAndIdleWakersDoNotPreempt() {
        QFETCH(QString, model);
        const uint64_t normal = wakeupPreemptions(model, "other", "other");
        QVERIFY2(normal > 100, qPrintable(QString::number(normal)));
        QCOMPARE(wakeupPreemptions(model, "batch", "other"), uint64_t{0});
        QCOMPARE(wakeupPreemptions(model, "idle", "other"), uint64_t{0});
        // An idle-policy task on the CPU is preempted by every other waker, at once.
        const uint64_t overIdle = wakeupPreemptions(model, "batch", "idle");
        QVERIFY2(overIdle >= normal, qPrintable(QStringLiteral("%1 %2").arg(overIdle).arg(normal)));
    }

    void policyKeysAreCheckedAsSchedSetschedulerChecksThem() {
        json j = testutil::baseScenario();
        j["tasks"][0]["policy"] = "fifo";
        j["tasks"][0]["rt_priority"] = 50;
        QCOMPARE(testutil::load(j)->tasks[0].rtPriority, uint8_t{50});
        j["tasks"][0].erase("rt_priority");
        LoadResult r = loadScenarioText(j.dump(), "p.json");
        QVERIFY(!r.ok());
        QCOMPARE(r.errors.size(), size_t{1});
        QVERIFY2(r.errors[0] == "p.json: tasks[0].rt_priority: missing: \"policy\": \"fifo\" needs an RT "
                                "priority from 1 to 99",
                 r.errors[0].c_str());
        j["tasks"][0]["rt_priority"] = 100;
        r = loadScenarioText(j.dump(), "p.json");
        QVERIFY(!r.ok());
        QVERIFY2(r.errors[0].find("tasks[0].rt_priority") != std::string::npos, r.errors[0].c_str());
        j["tasks"][0]["rt_priority"] = 1;
        j["tasks"][0]["slice"] = "3ms";
        r = loadScenarioText(j.dump(), "p.json");
        QVERIFY(!r.ok());
        QVERIFY2(r.errors[0].find("tasks[0].slice: a custom slice is for the fair class; \"fifo\"") !=
                     std::string::npos,
                 r.errors[0].c_str());
        j["tasks"][0].erase("slice");
        j["tasks"][0]["policy"] = "deadline";
        r = loadScenarioText(j.dump(), "p.json");
        QVERIFY(!r.ok());
        QVERIFY2(r.errors[0].find(
                     "tasks[0].policy: expected \"other\", \"batch\", \"idle\", \"fifo\" or \"rr\"") !=
                     std::string::npos,
                 r.errors[0].c_str());
        j["tasks"][0]["policy"] = "batch";
        r = loadScenarioText(j.dump(), "p.json");
        QVERIFY(!r.ok());
        QVERIFY2(r.errors[0].find("tasks[0].rt_priority: only with \"policy\": \"fifo\" or \"rr\"") !=
                     std::string::npos,
                 r.errors[0].c_str());
        j["tasks"][0].erase("rt_priority");
        QCOMPARE(testutil::load(j)->tasks[0].policy, SchedPolicy::Batch);
    }
};

QTEST_GUILESS_MAIN(TestPolicy)
#include "tst_policy.moc"
