// Scheduling policies of the fair class (SCHED_NORMAL, SCHED_BATCH, SCHED_IDLE) on every kernel
// model, and the policy keys checked as sched_setscheduler checks them (tst_rt runs the RT class);
// a program changing its own nice, policy and CPUs (set_user_nice, __sched_setscheduler,
// sched_setaffinity) on every model.
#include "base/kernelmodel.h"
#include "output/summarize.h"
#include "sched/eevdf.h"
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

const Task* taskNamed(const Engine& e, const std::string& name) {
    const Task* found = nullptr;
    e.tasks().forEach([&](const Task& t) {
        if (t.name == name)
            found = &t;
    });
    return found;
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

    void aNiceChangeGivesTheNewShare_data() { models_data(); }
    void aNiceChangeGivesTheNewShare() {
        // Two hogs on one CPU; after 100 ms of CPU time one of them turns itself to nice 10
        // (setpriority). From then on it gets the nice-10 share: 110 / (1024 + 110) = 9.7%.
        QFETCH(QString, model);
        Engine e(testutil::load(oneCpu(model, json::parse(R"([
            {"name": "a", "program": [{"run": "100ms"}, {"nice": 10}, {"run": "100s"}]},
            {"name": "b", "program": [{"run": "100s"}]}])"),
                                       "4s")));
        QCOMPARE(testutil::runChecked(e, 7), std::string());
        const double a = runtimeOf(e, "a"), b = runtimeOf(e, "b");
        // Up to the change they shared alike (about 100 ms each).
        const double after = (a - 100e6) / (a + b - 200e6);
        QVERIFY2(std::abs(after - 110.0 / 1134.0) < 0.01, qPrintable(QString::number(after)));
        QCOMPARE(taskNamed(e, "a")->nice, 10);
        QCOMPARE(taskNamed(e, "a")->se.weight, uint64_t{niceToWeight(10)});
    }

    void aNiceChangeKeepsTheLagItHad_data() {
        QTest::addColumn<QString>("model");
        QTest::newRow("v6.6") << QStringLiteral("v6.6");
        QTest::newRow("v6.12") << QStringLiteral("v6.12");
    }
    void aNiceChangeKeepsTheLagItHad() {
        // EEVDF: the lag a task has when its weight changes is kept in real time: w * (V - v) is
        // the same before and after (reweight of the dequeued entity scales its saved vlag, the
        // enqueue places it with it). a changes its nice as soon as it runs after a sleep, so its
        // lag when it is switched in is the one it has when it changes (but for the few
        // microseconds of the switch and the system call).
        QFETCH(QString, model);
        Engine e(testutil::load(oneCpu(model, json::parse(R"([
            {"name": "a", "program": [{"loop": -1, "do": [{"sleep": "2ms"}, {"nice": 5}, {"run": "700us"},
                                                          {"sleep": "1ms"}, {"nice": -3}, {"run": "1300us"}]}]},
            {"name": "b", "program": [{"run": "100s"}]}])"),
                                       "400ms")));
        const Task* a = taskNamed(e, "a");
        const Rq& rq = e.machine().rq(0);
        auto realLag = [&] { // ns of CPU time it is owed (positive) or ahead (negative)
            const int64_t vl = static_cast<int64_t>(eevdf::avgVruntime(rq.cfs) - a->se.vruntime);
            return static_cast<double>(vl) * static_cast<double>(a->se.weight) / 1024.0;
        };
        int checked = 0;
        double worst = 0, lagIn = 0;
        int nice = a->nice;
        bool running = false;
        while (e.step()) {
            if (rq.curr == a && !running)
                lagIn = realLag();
            running = rq.curr == a;
            if (a->nice != nice) {
                QVERIFY(running);
                worst = std::max(worst, std::abs(realLag() - lagIn));
                ++checked;
                nice = a->nice;
            }
        }
        QVERIFY2(checked >= 60, qPrintable(QString::number(checked)));
        QVERIFY2(worst < 20000, qPrintable(QString::number(worst)));
    }

    void anRtPriorityDropPreemptsAtOnce_data() { models_data(); }
    void anRtPriorityDropPreemptsAtOnce() {
        // a (fifo 50) runs; b (fifo 20) wakes after 1 ms and waits. At 10 ms of CPU time a drops
        // itself to fifo 5: b, now the better one, takes the CPU at once (prio_changed_rt), so it
        // ends first; a's last 10 ms come after it.
        QFETCH(QString, model);
        Engine e(testutil::load(oneCpu(model, json::parse(R"([
            {"name": "a", "policy": "fifo", "rt_priority": 50,
             "program": [{"run": "10ms"}, {"policy": "fifo", "rt_priority": 5}, {"run": "10ms"}]},
            {"name": "b", "policy": "fifo", "rt_priority": 20, "program": [{"sleep": "1ms"}, {"run": "30ms"}]}])"),
                                       "100ms")));
        QCOMPARE(testutil::runChecked(e), std::string());
        const RunSummary s = summarize(e);
        double aEnd = 0, bEnd = 0;
        for (const TaskSummary& t : s.tasks)
            (t.name == "a" ? aEnd : bEnd) = static_cast<double>(t.exit.count()) / 1e6;
        QVERIFY2(bEnd > 39 && bEnd < 42, qPrintable(QString::number(bEnd)));
        QVERIFY2(aEnd > 49 && aEnd < 52, qPrintable(QString::number(aEnd)));
    }

    void aTaskTurningRtKeepsTheCpuAndBackToFairShares_data() { models_data(); }
    void aTaskTurningRtKeepsTheCpuAndBackToFairShares() {
        // After 10 ms of CPU time a makes itself fifo 10: the fair hog gets nothing until a
        // makes itself fair again 300 ms of CPU time later; then they share.
        QFETCH(QString, model);
        Engine e(testutil::load(oneCpu(model, json::parse(R"([
            {"name": "a", "program": [{"run": "10ms"}, {"policy": "fifo", "rt_priority": 10}, {"run": "300ms"},
                                      {"policy": "other", "nice": 0}, {"run": "100s"}]},
            {"name": "hog", "program": [{"run": "100s"}]}])"),
                                       "1s")));
        e.runUntil(SimTime::ms(100));
        const double early = runtimeOf(e, "hog");
        e.runUntil(SimTime::ms(250));
        QCOMPARE(runtimeOf(e, "hog"), early); // a is RT: the hog waits
        QVERIFY(taskNamed(e, "a")->rt());
        QCOMPARE(testutil::runChecked(e, 3), std::string());
        QVERIFY(!taskNamed(e, "a")->rt());
        const double a = runtimeOf(e, "a"), hog = runtimeOf(e, "hog");
        // About 10 + 300 + half of the rest for a.
        QVERIFY2(std::abs(a - (310e6 + (1e9 - 320e6) / 2)) < 30e6, qPrintable(QString::number(a / 1e6)));
        QVERIFY2(hog > 300e6, qPrintable(QString::number(hog / 1e6)));
    }

    void aCpusActionMovesTheTask_data() { models_data(); }
    void aCpusActionMovesTheTask() {
        // sched_setaffinity of itself: the running task leaves a CPU it may no longer use at
        // once (the stopper) and stays on the new one.
        QFETCH(QString, model);
        json j = oneCpu(model, json::parse(R"([
            {"name": "a", "cpus": "0", "program": [{"run": "5ms"}, {"cpus": "1"}, {"run": "20ms"}]}])"),
                        "100ms");
        j["topology"]["cores_per_socket"] = 2;
        Engine e(testutil::load(j));
        QCOMPARE(testutil::runChecked(e), std::string());
        const RunSummary s = summarize(e);
        QCOMPARE(s.tasks.size(), size_t(1));
        QCOMPARE(s.tasks[0].migrations, uint64_t{1});
        QCOMPARE(s.cpus[1].busy > SimTime::ms(19), true);
        QCOMPARE(s.cpus[0].busy < SimTime::ms(6), true);
    }
};

QTEST_GUILESS_MAIN(TestPolicy)
#include "tst_policy.moc"
