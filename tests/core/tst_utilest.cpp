// util_est: the sample a task leaves as it goes to sleep (v6.6 and v6.8+ rules), the root
// queue's sum of enqueued estimates, and the fork placement that reads it through cpu_util().
#include "sched/utilest.h"
#include "sim/engine.h"
#include "testutil.h"

#include <QtTest>

#include <string>

using namespace core;
using nlohmann::json;

namespace {

constexpr uint32_t kCap = 1024;

UtilEst est(uint32_t enqueued, uint32_t ewma) {
    UtilEst ue;
    ue.enqueued = enqueued;
    ue.ewma = ewma;
    return ue;
}

/// One CPU. "big" runs 100 ms, sleeps 100 ms, then runs again: after its wakeup its util_avg
/// has decayed to about a tenth, its estimate has not.
json bigSleeper(const std::string& model) {
    json j = {
        {"format", 1},
        {"name", "utilest"},
        {"duration", "300ms"},
        {"kernel", {{"model", model}}},
        {"topology", {{"sockets", 1}, {"cores_per_socket", 1}, {"threads_per_core", 1}, {"numa_nodes", 1}}}};
    j["tasks"] = json::array(
        {{{"name", "big"},
          {"program", json::array({{{"run", "100ms"}}, {{"sleep", "100ms"}}, {{"run", "1s"}}})}}});
    return j;
}

/// Two single-thread CPUs. "big" is held on CPU 0 by its cgroup while it runs 200 ms, is moved
/// to the root while it sleeps 60 ms, and forks a child as soon as it wakes. "young" started on
/// CPU 1 at 250 ms and runs. At the fork CPU 0's util_avg has decayed well below CPU 1's
/// (a new task starts at half the spare capacity), but big's estimate still says CPU 0 is full.
json forkAfterSleep(const std::string& model) {
    json j = {
        {"format", 1},
        {"name", "utilest-fork"},
        {"duration", "300ms"},
        {"kernel", {{"model", model}}},
        {"topology", {{"sockets", 1}, {"cores_per_socket", 2}, {"threads_per_core", 1}, {"numa_nodes", 1}}}};
    j["cgroups"] = json::array({{{"path", "/pin0"}, {"cpus", "0"}}});
    json child = {{"name", "child"}, {"program", json::array({{{"run", "5ms"}}})}};
    j["tasks"] = json::array(
        {{{"name", "big"},
          {"cgroup", "/pin0"},
          {"program",
           json::array({{{"run", "200ms"}}, {{"sleep", "60ms"}}, {{"fork", child}}, {{"run", "10ms"}}})}},
         {{"name", "young"},
          {"cpus", "1"},
          {"start", "250ms"},
          {"program", json::array({{{"run", "1s"}}})}}});
    j["timeline"] = json::array({{{"at", "230ms"}, {"move", {{"task", "big"}, {"cgroup", "/"}}}}});
    return j;
}

/// The CPU the forked child first runs on, or -1.
int childCpu(const json& j) {
    Engine e(testutil::load(j));
    while (e.step())
        for (uint32_t c = 0; c < e.machine().nrCpus(); ++c)
            if (const Task* t = e.machine().rq(c).curr; t && t->name.find("child") != std::string::npos)
                return static_cast<int>(c);
    return -1;
}

} // namespace

class TestUtilEst : public QObject {
    Q_OBJECT
private slots:
    void v66TakesAnIncreaseAtOnce() {
        UtilEst ue = est(100, 100);
        utilest::update(ue, UtilEstKind::EnqueuedEwma, 600, 0, kCap);
        QCOMPARE(ue.ewma, 600u);
        QCOMPARE(ue.enqueued, 600u | utilest::kUnchanged);
        QCOMPARE(utilest::taskEstimate(ue, UtilEstKind::EnqueuedEwma), 600u);
    }

    void v66LowersTheAverageByAQuarterOfTheDifference() {
        UtilEst ue = est(800, 800);
        utilest::update(ue, UtilEstKind::EnqueuedEwma, 400, 0, kCap);
        QCOMPARE(ue.ewma, 700u); // (4 * 800 + (400 - 800)) / 4
        QCOMPARE(ue.enqueued, 400u | utilest::kUnchanged);
        // The estimate is the larger of the two.
        QCOMPARE(utilest::taskEstimate(ue, UtilEstKind::EnqueuedEwma), 700u);
    }

    void v66SamplesOncePerPeltUpdate() {
        UtilEst ue = est(800, 800);
        utilest::update(ue, UtilEstKind::EnqueuedEwma, 400, 0, kCap);
        const UtilEst first = ue;
        utilest::update(ue, UtilEstKind::EnqueuedEwma, 100, 0, kCap); // no PELT update between
        QCOMPARE(ue.ewma, first.ewma);
        QCOMPARE(ue.enqueued, first.enqueued);
        utilest::utilChanged(ue);
        utilest::update(ue, UtilEstKind::EnqueuedEwma, 100, 0, kCap);
        QCOMPARE(ue.ewma, 550u); // (4 * 700 + (100 - 700)) / 4
    }

    void v66KeepsBothWithinTheMargin() {
        // Within 10 of the average and of the last value: nothing is written, not even the flag.
        UtilEst ue = est(498, 500);
        utilest::update(ue, UtilEstKind::EnqueuedEwma, 495, 0, kCap);
        QCOMPARE(ue.enqueued, 498u);
        QCOMPARE(ue.ewma, 500u);
        // Within 10 of the average but far from the last value: only the last value moves.
        ue = est(300, 500);
        utilest::update(ue, UtilEstKind::EnqueuedEwma, 495, 0, kCap);
        QCOMPARE(ue.enqueued, 495u | utilest::kUnchanged);
        QCOMPARE(ue.ewma, 500u);
    }

    void aSampleAboveCapacityIsIgnored() {
        UtilEst ue = est(800, 800);
        utilest::update(ue, UtilEstKind::EnqueuedEwma, 600, 0, 512);
        QCOMPARE(ue.enqueued, 800u);
        QCOMPARE(ue.ewma, 800u);
        ue = est(0, 800);
        utilest::update(ue, UtilEstKind::Single, 600, 0, 512);
        QCOMPARE(ue.ewma, 800u);
    }

    void v612KeepsOneValue() {
        UtilEst ue = est(0, 100);
        utilest::update(ue, UtilEstKind::Single, 600, 600, kCap);
        QCOMPARE(ue.ewma, 600u | utilest::kUnchanged);
        utilest::utilChanged(ue);
        utilest::update(ue, UtilEstKind::Single, 200, 200, kCap);
        QCOMPARE(ue.ewma, 500u | utilest::kUnchanged); // (4 * 600 - 400) / 4
        QCOMPARE(utilest::taskEstimate(ue, UtilEstKind::Single), 500u);
        QCOMPARE(ue.enqueued, 0u);
    }

    void v612DoesNotLowerATaskThatWaited() {
        // util_avg 400 but runnable 900: the task spent its time waiting, not shrinking.
        UtilEst ue = est(0, 800);
        utilest::update(ue, UtilEstKind::Single, 400, 900, kCap);
        QCOMPARE(ue.ewma, 800u | utilest::kUnchanged);
        // v6.6 has no such check.
        ue = est(800, 800);
        utilest::update(ue, UtilEstKind::EnqueuedEwma, 400, 900, kCap);
        QCOMPARE(ue.ewma, 700u);
    }

    void theModelsHaveTheirKinds() {
        QCOMPARE(utilest::kindOf(KernelModel::V4_11), UtilEstKind::None);
        QCOMPARE(utilest::kindOf(KernelModel::V6_6), UtilEstKind::EnqueuedEwma);
        QCOMPARE(utilest::kindOf(KernelModel::V6_12), UtilEstKind::Single);
        UtilEst ue = est(300, 500);
        QCOMPARE(utilest::taskEstimate(ue, UtilEstKind::None), 0u);
    }

    void aWokenTaskCountsWithItsEstimate_data() {
        QTest::addColumn<QString>("model");
        QTest::newRow("v4.11") << QStringLiteral("v4.11");
        QTest::newRow("v6.6") << QStringLiteral("v6.6");
        QTest::newRow("v6.12") << QStringLiteral("v6.12");
    }
    void aWokenTaskCountsWithItsEstimate() {
        QFETCH(QString, model);
        Engine e(testutil::load(bigSleeper(model.toStdString())));
        const Rq& rq = e.machine().rq(0);
        uint32_t sumAsleep = 0, sumAwake = 0;
        uint64_t utilAwake = 0;
        bool woken = false;
        while (e.step()) {
            const int64_t ms = e.now().count() / 1'000'000;
            if (ms > 150 && ms < 190)
                sumAsleep = std::max(sumAsleep, rq.cfs.utilEstSum);
            if (!woken && ms >= 200 && rq.curr && rq.curr->name == "big") { // the first step after its wakeup
                woken = true;
                sumAwake = rq.cfs.utilEstSum;
                utilAwake = rq.cfs.avg.utilAvg;
            }
        }
        QVERIFY(woken);
        QCOMPARE(sumAsleep, 0u); // a sleeping task is in no CPU's sum
        QVERIFY2(utilAwake < 300, qPrintable(QString::number(utilAwake)));
        if (model == QStringLiteral("v4.11")) {
            QCOMPARE(sumAwake, 0u);
        } else {
            // What it had when it went to sleep: 100 ms of running from a new task's start.
            QVERIFY2(sumAwake > 850 && sumAwake <= 1024, qPrintable(QString::number(sumAwake)));
        }
    }

    void forkPlacementReadsTheEstimate() {
        // By util_avg alone CPU 0 has more spare capacity than CPU 1, and the child stays
        // with its parent; with big's estimate CPU 0 is fully busy and CPU 1 has spare room.
        QCOMPARE(childCpu(forkAfterSleep("v6.6")), 1);
        QCOMPARE(childCpu(forkAfterSleep("v6.12")), 1);
    }
};

QTEST_APPLESS_MAIN(TestUtilEst)
#include "tst_utilest.moc"
