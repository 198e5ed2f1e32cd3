// CFS: weight fairness, group shares, slices and tick preemption, the timeline structure.
#include "base/rng.h"
#include "sched/schedentity.h"
#include "sim/engine.h"
#include "testutil.h"

#include <QtTest>

#include <set>
#include <utility>
#include <vector>

using namespace core;
using nlohmann::json;

namespace {

json oneCpu(const std::string& tasks, const std::string& duration = "10s",
            const std::string& cgroups = "[]") {
    return json::parse(R"({"format": 1, "name": "fair", "kernel": {"model": "v4.11"}, "duration": ")" +
                       duration + R"(",
        "topology": {"sockets": 1, "cores_per_socket": 1, "threads_per_core": 1, "numa_nodes": 1},
        "cgroups": )" + cgroups +
                       R"(, "tasks": )" + tasks + "}");
}

std::map<std::string, double> runtimes(Engine& e) {
    std::map<std::string, double> out;
    e.tasks().forEach(
        [&](const Task& t) { out[t.name] = static_cast<double>((t.userTime + t.sysTime).count()); });
    return out;
}

/// Steps the engine to its end, watching CPU 0's root queue: for every switch between two fair
/// tasks under the same group entity, the entity's slice start (prev_sum_exec_runtime) before
/// and after it; and how often the root queue's current entity changed.
struct GroupSwitches {
    std::vector<std::pair<SimTime, SimTime>> inside;
    int groupChanges = 0;
};

GroupSwitches watchGroupSwitches(Engine& e) {
    GroupSwitches out;
    const Rq& rq = e.machine().rq(0);
    const Task* lastTask = nullptr;
    const SchedEntity* lastGroup = nullptr;
    SimTime lastSliceStart;
    while (e.step()) {
        const Task* t = rq.curr;
        const SchedEntity* group = rq.cfs.curr;
        if (!t || t->rt() || !group) {
            lastTask = nullptr;
            continue;
        }
        if (lastTask && t != lastTask && group == lastGroup && group->myQ)
            out.inside.emplace_back(lastSliceStart, group->prevSumExec);
        else if (group != lastGroup)
            ++out.groupChanges;
        lastTask = t;
        lastGroup = group;
        lastSliceStart = group->prevSumExec;
    }
    return out;
}

} // namespace

class TestFair : public QObject {
    Q_OBJECT
private slots:
    void niceZeroVersusNiceFive() {
        Engine e(testutil::load(oneCpu(R"([
            {"name": "n0", "program": [{"run": "100s"}]},
            {"name": "n5", "nice": 5, "program": [{"run": "100s"}]}])")));
        QCOMPARE(testutil::runChecked(e, 97), std::string());
        auto rt = runtimes(e);
        const double share = rt["n0"] / (rt["n0"] + rt["n5"]);
        const double expected = 1024.0 / (1024.0 + 335.0);
        QVERIFY2(std::abs(share - expected) < 0.01, qPrintable(QString::number(share)));
    }

    void equalTasksShareEqually() {
        Engine e(testutil::load(oneCpu(R"([{"name": "t", "count": 3, "program": [{"run": "100s"}]}])")));
        e.runToEnd();
        auto rt = runtimes(e);
        const double total = rt["t#0"] + rt["t#1"] + rt["t#2"];
        for (const char* n : {"t#0", "t#1", "t#2"})
            QVERIFY2(std::abs(rt[n] / total - 1.0 / 3) < 0.01, n);
    }

    void groupWeightsDivideTheCpu() {
        // cpu.weight 100:300 with an unequal number of tasks inside: the groups still split
        // 25%:75% because shares apply per group, not per task.
        Engine e(testutil::load(oneCpu(R"([
            {"name": "a", "count": 3, "cgroup": "/a", "program": [{"run": "100s"}]},
            {"name": "b", "cgroup": "/b", "program": [{"run": "100s"}]}])",
                                       "10s",
                                       R"([{"path": "/a", "weight": 100}, {"path": "/b", "weight": 300}])")));
        QCOMPARE(testutil::runChecked(e, 101), std::string());
        auto rt = runtimes(e);
        const double a = rt["a#0"] + rt["a#1"] + rt["a#2"];
        const double share = a / (a + rt["b"]);
        QVERIFY2(std::abs(share - 0.25) < 0.01, qPrintable(QString::number(share)));
    }

    void tickPreemptionSlicesTheCpu() {
        // Two CPU hogs on one CPU: sched_latency 6 ms gives each a 3 ms slice, which the 250 Hz
        // tick can only end at a tick. Each tick asks for a reschedule and __schedule picks the
        // leftmost vruntime: after the first turn (START_DEBIT placed the second hog 3 ms of
        // vruntime ahead) the two alternate at every tick.
        Engine e(
            testutil::load(oneCpu(R"([{"name": "t", "count": 2, "program": [{"run": "100s"}]}])", "2s")));
        e.runToEnd();
        const uint64_t switches = e.counters().contextSwitches;
        QVERIFY2(switches >= 495 && switches <= 501, qPrintable(QString::number(switches)));
        const uint64_t resched = e.counters().tickPreemptions;
        QVERIFY2(resched >= 495 && resched <= 500, qPrintable(QString::number(resched)));
        auto rt = runtimes(e);
        QVERIFY(std::abs(rt["t#0"] - rt["t#1"]) <= 8.1e6); // at most one turn apart
    }

    void tunablesScaleWithCpuCount() {
        QCOMPARE(Tunables::forCpus(1).latency, SimTime::ms(6));
        QCOMPARE(Tunables::forCpus(2).latency, SimTime::ms(12));
        QCOMPARE(Tunables::forCpus(4).minGranularity, SimTime::us(2250));
        QCOMPARE(Tunables::forCpus(176).wakeupGranularity, SimTime::ms(4));
        QCOMPARE(Tunables::forCpus(176).migrationCost, SimTime::us(500));
    }

    void entityHeapMatchesAnOrderedSet() {
        Rng rng(5);
        std::vector<std::unique_ptr<SchedEntity>> pool;
        EntityHeap heap;
        auto cmp = [](const SchedEntity* a, const SchedEntity* b) { return entityBefore(a, b); };
        std::set<SchedEntity*, decltype(cmp)> ref(cmp);
        uint64_t seq = 0;
        for (int i = 0; i < 20000; ++i) {
            if (ref.empty() || rng.uniformInt(0, 2) > 0) {
                auto se = std::make_unique<SchedEntity>();
                se->vruntime = static_cast<uint64_t>(rng.uniformInt(0, 500));
                se->seq = seq++;
                heap.insert(se.get());
                ref.insert(se.get());
                pool.push_back(std::move(se));
            } else {
                auto it = ref.begin();
                std::advance(it, rng.uniformInt(0, static_cast<int64_t>(ref.size()) - 1));
                heap.erase(*it);
                QCOMPARE((*it)->heapPos, -1);
                ref.erase(it);
            }
            QCOMPARE(heap.size(), ref.size());
            if (!ref.empty()) {
                QCOMPARE(heap.first(), *ref.begin());
                if (ref.size() > 1)
                    QCOMPARE(heap.second(), *std::next(ref.begin()));
            }
        }
    }

    void aSwitchInsideAGroupLeavesTheGroupEntityCurrent_data() {
        QTest::addColumn<QString>("model");
        for (const char* m : {"v4.11", "v6.6", "v6.12"})
            QTest::newRow(m) << QString::fromLatin1(m);
    }

    void aSwitchInsideAGroupLeavesTheGroupEntityCurrent() {
        // pick_next_task_fair puts and sets only the levels where prev's path and next's differ.
        // When two tasks of /a take turns, /a's entity stays current on the root queue: it is not
        // set again, so the start of its slice (prev_sum_exec_runtime) stays where it was.
        QFETCH(QString, model);
        json j = oneCpu(R"([
            {"name": "a", "count": 2, "cgroup": "/a", "program": [{"run": "100s"}]},
            {"name": "b", "cgroup": "/b", "program": [{"loop": -1, "do": [{"run": "1ms"}, {"sleep": "20ms"}]}]}])",
                        "1s", R"([{"path": "/a"}, {"path": "/b"}])");
        j["kernel"] = {{"model", model.toStdString()}, {"hz", 1000}};
        Engine e(testutil::load(j));
        const GroupSwitches w = watchGroupSwitches(e);
        for (const auto& [before, after] : w.inside)
            QCOMPARE(after.count(), before.count());
        QVERIFY2(w.inside.size() > 50, qPrintable(QString::number(w.inside.size())));
        QVERIFY2(w.groupChanges > 20, qPrintable(QString::number(w.groupChanges)));
    }

    void theFairServerPutsAndSetsEveryLevel() {
        // v6.12's fair server picks through the deadline class (pick_task, then
        // put_prev_set_next_task): when two tasks of /a take turns under it, /a's entity is put
        // and set again at every switch, so its slice start moves each time.
        json j = oneCpu(R"([
            {"name": "rt", "policy": "fifo", "rt_priority": 50, "program": [{"run": "100s"}]},
            {"name": "a", "count": 2, "cgroup": "/a", "program": [{"run": "100s"}]}])",
                        "3s", R"([{"path": "/a"}])");
        j["kernel"] = {{"model", "v6.12"}};
        Engine e(testutil::load(j));
        const GroupSwitches w = watchGroupSwitches(e);
        for (const auto& [before, after] : w.inside)
            QVERIFY(after != before);
        QVERIFY(e.counters().fairServerServes >= 2);
        QVERIFY2(w.inside.size() > 10, qPrintable(QString::number(w.inside.size())));
    }

    void minVruntimeNeverDecreases() {
        Engine e(testutil::load(oneCpu(R"([
            {"name": "hog", "program": [{"run": "100s"}]},
            {"name": "sleeper", "count": 3, "program": [{"loop": -1, "do": [{"run": "300us"}, {"sleep": {"exp": "2ms"}}]}]}])",
                                       "1s")));
        uint64_t last = 0;
        while (e.step()) {
            const uint64_t mv = e.machine().rq(0).cfs.minVruntime;
            QVERIFY(static_cast<int64_t>(mv - last) >= 0);
            last = mv;
        }
    }
};

QTEST_APPLESS_MAIN(TestFair)
#include "tst_fair.moc"
