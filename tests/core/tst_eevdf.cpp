// Kernel models and the EEVDF fair class (v6.6, v6.12): selection, weight fairness, lag kept
// across sleep, custom slices with PREEMPT_SHORT, DELAY_DEQUEUE.
#include "base/kernelmodel.h"
#include "base/rng.h"
#include "output/tracecsv.h"
#include "scenario/loader.h"
#include "scenario/modelselection.h"
#include "sched/deadlinetree.h"
#include "sched/eevdf.h"
#include "sim/engine.h"
#include "testutil.h"

#include <QtTest>

#include <algorithm>
#include <cmath>
#include <map>
#include <memory>
#include <sstream>
#include <vector>

using namespace core;
using nlohmann::json;

namespace {

json oneCpu(const std::string& model, const json& tasks, const std::string& duration = "10s",
            const json& cgroups = json::array()) {
    json j = testutil::baseScenario();
    j["duration"] = duration;
    j["topology"] = {{"sockets", 1}, {"cores_per_socket", 1}, {"threads_per_core", 1}, {"numa_nodes", 1}};
    j["kernel"] = {{"model", model}};
    j["cgroups"] = cgroups;
    j["tasks"] = tasks;
    return j;
}

/// The models with EEVDF, one test row each.
void addEevdfModelRows() {
    QTest::addColumn<QString>("model");
    QTest::newRow("v6.6") << QStringLiteral("v6.6");
    QTest::newRow("v6.12") << QStringLiteral("v6.12");
}

std::map<std::string, double> runtimes(const Engine& e) {
    std::map<std::string, double> out;
    e.tasks().forEach(
        [&](const Task& t) { out[t.name] = static_cast<double>((t.userTime + t.sysTime).count()); });
    return out;
}

const Task* taskNamed(const Engine& e, const std::string& name) {
    const Task* found = nullptr;
    e.tasks().forEach([&](const Task& t) {
        if (t.name == name)
            found = &t;
    });
    return found;
}

/// How long a named task waited, each time, between becoming runnable and running.
class WaitRecorder : public TraceSink {
public:
    explicit WaitRecorder(TaskId id)
        : m_id(id) {}
    void slice(const Slice&) override {}
    void migration(const MigrationRecord&) override {}
    void marker(const Marker&) override {}
    void contextSwitch(const SwitchRecord& s) override {
        if (s.next != m_id)
            return;
        waits.push_back(s.time - s.nextRunnableSince);
    }
    std::vector<SimTime> waits;
    SimTime percentile(double p) {
        std::sort(waits.begin(), waits.end());
        return waits.empty() ? SimTime()
                             : waits[std::min(waits.size() - 1, size_t(p * double(waits.size())))];
    }

private:
    TaskId m_id;
};

/// A hog and a task that runs 1 ms and sleeps 2 ms, on one CPU.
json hogAndSleeper(const std::string& model) {
    return oneCpu(model, json::parse(R"([
        {"name": "hog", "program": [{"run": "100s"}]},
        {"name": "napper", "program": [{"loop": -1, "do": [{"run": "1ms"}, {"sleep": "2ms"}]}]}])"),
                  "2s");
}

} // namespace

class TestEevdf : public QObject {
    Q_OBJECT
private slots:
    void modelsHaveStableNamesAndTheDefaultIsToday() {
        QCOMPARE(kernelModelCatalog().size(), size_t{4});
        QCOMPARE(kernelModelFromName("v6.18"), std::optional<KernelModel>(KernelModel::V6_18));
        for (const KernelModelInfo& m : kernelModelCatalog()) // the catalogue is indexed by the id
            QCOMPARE(&kernelModelInfo(m.id), &m);
        QCOMPARE(std::string(kernelModelInfo(KernelModel::V4_11).name), std::string("v4.11"));
        QCOMPARE(kernelModelFromName("v6.6"), std::optional<KernelModel>(KernelModel::V6_6));
        QCOMPARE(kernelModelFromName("v6.12"), std::optional<KernelModel>(KernelModel::V6_12));
        QVERIFY(!kernelModelFromName("6.6"));
        // A scenario that names no model runs on the kernels people run today (v6.12).
        QCOMPARE(kDefaultKernelModel, KernelModel::V6_12);
        json unnamed = testutil::baseScenario();
        unnamed.erase("kernel");
        auto spec = testutil::load(unnamed);
        QCOMPARE(spec->kernel.model, KernelModel::V6_12);
        // The base slice scales with the CPU count like the other tunables: 2 CPUs, x2.
        QCOMPARE(Tunables::forCpus(2).baseSlice, SimTime::us(1500));
        QCOMPARE(Tunables::forCpus(64).baseSlice, SimTime::us(3000));
    }

    void aScenarioWrittenForTheOldDefaultIsToldHowToRunAsBefore() {
        // No model named and a change v6.12 fixes set the other way: refused, with the way back.
        json j = testutil::baseScenario();
        j.erase("kernel");
        j["optimizations"] = {{"prefer_sibling_local", false}};
        const LoadResult r = loadScenarioText(j.dump(), "old.json");
        QVERIFY(!r.ok());
        QCOMPARE(r.errors.size(), size_t{1});
        QVERIFY2(
            r.errors[0].find("old.json: optimizations.prefer_sibling_local: off is not possible in kernel "
                             "model v6.12") == 0,
            r.errors[0].c_str());
        QVERIFY2(r.errors[0].find("names no kernel model, so it runs on the default, v6.12; \"kernel\": "
                                  "{\"model\": \"v4.11\"} runs it") != std::string::npos,
                 r.errors[0].c_str());
        // Naming the model silences the hint (the message is the model's own).
        j["kernel"] = {{"model", "v6.12"}};
        const LoadResult named = loadScenarioText(j.dump(), "old.json");
        QVERIFY(!named.ok());
        QVERIFY2(named.errors[0].find("names no kernel model") == std::string::npos, named.errors[0].c_str());
    }

    void theSeedExperimentsNameTheKernelTheyWereWrittenFor() {
        // Their figures were made on v4.11; each names it so the new default moves none of them.
        // builtin:default's timeline switches the five changes live, which only v4.11 has as
        // switches, so it is one of them.
        for (const char* scenario :
             {"default", "psi-clock-pipe", "psi-clock-messaging", "psi-iteration-depth", "autogroup-exit",
              "autogroup-spawn", "cpuacct-ctxswitch", "ebizzy-smt8"}) {
            const std::string name = std::string("builtin:") + scenario;
            const LoadResult r = loadScenario(name);
            QVERIFY2(r.ok(), name.c_str());
            QVERIFY2(r.spec->kernel.model == KernelModel::V4_11, name.c_str());
        }
    }

    void anUnknownModelIsAnErrorThatListsTheKnownOnes() {
        json j = testutil::baseScenario();
        j["kernel"] = {{"model", "v5.15"}};
        LoadResult r = loadScenarioText(j.dump(), "m.json");
        QVERIFY(!r.ok());
        QCOMPARE(r.errors.size(), size_t{1});
        const std::string& e = r.errors[0];
        QVERIFY2(e.find("m.json: kernel.model") == 0, e.c_str());
        for (const char* name : {"\"v4.11\"", "\"v6.6\"", "\"v6.12\"", "\"v5.15\""})
            QVERIFY2(e.find(name) != std::string::npos, e.c_str());
    }

    void aScenarioCannotSetWhatItsModelFixes() {
        json j = testutil::baseScenario();
        j["kernel"] = {{"model", "v6.6"}};
        j["optimizations"] = {{"prefer_sibling_local", false}};
        LoadResult r = loadScenarioText(j.dump(), "m.json");
        QVERIFY(!r.ok());
        QVERIFY2(r.errors[0].find(
                     "optimizations.prefer_sibling_local: off is not possible in kernel model v6.6") !=
                     std::string::npos,
                 r.errors[0].c_str());
        // What the model fixes is applied without being asked: v6.12 reads the PSI clock per group.
        j["kernel"] = {{"model", "v6.12"}};
        j.erase("optimizations");
        auto spec = testutil::load(j);
        QVERIFY(!spec->optimizations.test(Optimization::PsiClockOnce));
        QVERIFY(spec->optimizations.test(Optimization::AutogroupMoveSkip));
    }

    void anOverrideDropsWhatTheModelCannotDoAndSaysSo() {
        json j = testutil::baseScenario();
        j["kernel"] = {{"model", "v6.12"}};
        j["optimizations"] = {{"psi_direct_iteration", false}};
        j["tasks"][0]["slice"] = "500us";
        j["tasks"][0]["program"] = json::parse(R"([{"loop": 2, "do": [{"fork": {"name": "c", "slice": "1ms",
            "program": [{"run": "1ms"}]}}]}, {"wait": "children"}])");
        j["timeline"] = json::parse(R"([{"at": "1ms", "optimizations": {"psi_clock_once": false,
            "autogroup_move_skip": false}}])");
        QVERIFY(testutil::load(j));
        // The same file on v6.6: refused as it stands, ...
        j["kernel"]["model"] = "v6.6";
        LoadResult strict = loadScenarioText(j.dump(), "o.json");
        QVERIFY(!strict.ok());
        QCOMPARE(strict.errors.size(), size_t{3});
        // ... and rewritten for v6.6 by an override: every conflict dropped and named.
        j["kernel"]["model"] = "v6.12";
        const ModelRewrite rw = scenarioForModel(j.dump(), KernelModel::V6_6);
        QVERIFY(rw.error.empty());
        QCOMPARE(rw.dropped.size(), size_t{3});
        QCOMPARE(rw.dropped[0].path, std::string("tasks[0].slice"));
        QCOMPARE(rw.dropped[1].path, std::string("tasks[0].program[0].loop.do[0].fork.slice"));
        QCOMPARE(rw.dropped[2].path, std::string("timeline[0].optimizations.psi_clock_once"));
        auto spec = testutil::load(rw.text, "o.json");
        QCOMPARE(spec->kernel.model, KernelModel::V6_6);
        QVERIFY(!spec->tasks[0].slice);
        QVERIFY(spec->optimizations.test(Optimization::PsiClockOnce));        // fixed on in v6.6
        QVERIFY(!spec->optimizations.test(Optimization::PsiDirectIteration)); // still the file's choice
        QCOMPARE(spec->timeline.size(), size_t{1});
        QCOMPARE(spec->timeline[0].optimizations.size(), size_t{1}); // autogroup_move_skip stays
        QVERIFY(!scenarioForModel("[1, 2]", KernelModel::V6_6).error.empty());
        // The one loading function every entry point uses: the same rewrite, loaded and checked.
        ModelLoad m = loadScenarioForModel(j.dump(), "o.json", KernelModel::V6_6);
        QVERIFY(m.result.ok());
        QCOMPARE(m.result.spec->kernel.model, KernelModel::V6_6);
        QCOMPARE(m.result.text, rw.text);
        QCOMPARE(m.dropped.size(), size_t{3});
        ModelLoad bad = loadScenarioForModel("[1, 2]", "list.json", KernelModel::V6_6);
        QVERIFY(!bad.result.ok());
        QCOMPARE(bad.result.errors.size(), size_t{1});
        QVERIFY2(bad.result.errors[0].rfind("list.json: ", 0) == 0, bad.result.errors[0].c_str());
    }

    void slicesAreCheckedAgainstTheModelAndTheKernelRange() {
        json j = testutil::baseScenario();
        j["tasks"][0]["slice"] = "1ms";
        LoadResult r = loadScenarioText(j.dump(), "s.json");
        QVERIFY(!r.ok());
        QVERIFY2(r.errors[0].find("tasks[0].slice: not possible in kernel model v4.11") != std::string::npos,
                 r.errors[0].c_str());
        j["kernel"] = {{"model", "v6.12"}};
        for (const char* bad : {"50us", "101ms"}) {
            j["tasks"][0]["slice"] = bad;
            r = loadScenarioText(j.dump(), "s.json");
            QVERIFY(!r.ok());
            QVERIFY2(r.errors[0].find("a slice from 100us to 100ms") != std::string::npos,
                     r.errors[0].c_str());
        }
        j["tasks"][0]["slice"] = "100us";
        QVERIFY(testutil::load(j));
    }

    void weightsDivideTheCpu_data() { addEevdfModelRows(); }
    void weightsDivideTheCpu() {
        QFETCH(QString, model);
        Engine nice(testutil::load(oneCpu(model.toStdString(), json::parse(R"([
            {"name": "n0", "program": [{"run": "100s"}]},
            {"name": "n5", "nice": 5, "program": [{"run": "100s"}]}])"))));
        QCOMPARE(testutil::runChecked(nice, 97), std::string());
        auto rt = runtimes(nice);
        const double share = rt["n0"] / (rt["n0"] + rt["n5"]);
        QVERIFY2(std::abs(share - 1024.0 / (1024.0 + 335.0)) < 0.01, qPrintable(QString::number(share)));

        Engine groups(testutil::load(oneCpu(model.toStdString(), json::parse(R"([
            {"name": "a", "count": 3, "cgroup": "/a", "program": [{"run": "100s"}]},
            {"name": "b", "cgroup": "/b", "program": [{"run": "100s"}]}])"),
                                            "10s", json::parse(R"([{"path": "/a", "weight": 100},
                                                                  {"path": "/b", "weight": 300}])"))));
        QCOMPARE(testutil::runChecked(groups, 101), std::string());
        rt = runtimes(groups);
        const double a = rt["a#0"] + rt["a#1"] + rt["a#2"];
        const double groupShare = a / (a + rt["b"]);
        QVERIFY2(std::abs(groupShare - 0.25) < 0.01, qPrintable(QString::number(groupShare)));
    }

    void aWokenTaskWaitsForItsWakeupPath_data() {
        QTest::addColumn<QString>("model");
        QTest::newRow("v4.11") << QStringLiteral("v4.11");
        QTest::newRow("v6.12") << QStringLiteral("v6.12");
    }
    void aWokenTaskWaitsForItsWakeupPath() {
        // Two CPUs, both idle when it matters. "napper" sleeps on CPU 0 and wakes by its timer
        // there: the wakeup and the enqueue run on that CPU before it switches. "reader" waits on
        // CPU 1 for a message "writer" sends from CPU 0: CPU 1 takes the IPI and the enqueue.
        // Between sched_wakeup and sched_switch the kernel spends exactly that work; before
        // 2026-12-04 the model switched at the wakeup and every wait here was 0.
        QFETCH(QString, model);
        json j = json::parse(R"({"format": 1, "name": "path", "duration": "50ms",
            "topology": {"sockets": 1, "cores_per_socket": 2, "threads_per_core": 1, "numa_nodes": 1},
            "channels": [{"name": "c", "kind": "pipe"}]})");
        j["kernel"] = {{"model", model.toStdString()},
                       {"costs", {{"wakeup", "1us"}, {"enqueue", "200ns"}, {"ipi", "3us"}}}};
        for (const char* psi : {"cpu_clock", "psi_group_update", "psi_walk_parent", "psi_walk_direct"})
            j["kernel"]["costs"][psi] = "0ns"; // PSI's enqueue hook is on the path too: kept out here
        j["tasks"] = json::array(
            {{{"name", "napper"},
              {"cpus", "0"},
              {"program", json::parse(R"([{"loop": 5, "do": [{"run": "1ms"}, {"sleep": "2ms"}]}])")}},
             {{"name", "writer"},
              {"cpus", "0"},
              {"start", "20ms"},
              {"program", json::parse(R"([{"loop": 5, "do": [{"sleep": "3ms"}, {"send": "c"}]}])")}},
             {{"name", "reader"},
              {"cpus", "1"},
              {"program", json::parse(R"([{"loop": 5, "do": [{"recv": "c"}, {"run": "100us"}]}])")}}});
        Engine e(testutil::load(j));
        WaitRecorder napper(taskNamed(e, "napper")->id);
        WaitRecorder reader(taskNamed(e, "reader")->id);
        struct Both : WaitRecorder {
            Both(WaitRecorder& a, WaitRecorder& b)
                : WaitRecorder(TaskId::invalid())
                , m_a(a)
                , m_b(b) {}
            void contextSwitch(const SwitchRecord& s) override {
                m_a.contextSwitch(s);
                m_b.contextSwitch(s);
            }
            WaitRecorder& m_a;
            WaitRecorder& m_b;
        } both(napper, reader);
        e.setTraceSink(&both);
        QCOMPARE(testutil::runChecked(e), std::string());
        // The first wait of each is its start. The napper is done (15 ms) before the writer
        // starts (20 ms), so CPU 0 is idle at each of its wakeups.
        QCOMPARE(napper.waits.size(), size_t{6}); // its start, then each sleep
        for (size_t i = 1; i < napper.waits.size(); ++i)
            QVERIFY2(napper.waits[i] == SimTime::ns(1200),
                     qPrintable(QString::number(napper.waits[i].count()))); // wakeup + enqueue, local
        QCOMPARE(reader.waits.size(), size_t{6});                           // its start, then each message
        for (size_t i = 1; i < reader.waits.size(); ++i)
            QVERIFY2(reader.waits[i] == SimTime::ns(3200),
                     qPrintable(QString::number(reader.waits[i].count()))); // ipi + enqueue on CPU 1
    }

    void aWakerWaitsForTheTickOnlyBehindAnEligibleHog() {
        // Hogs and a task that wakes every 200 us for 100 us of work, on one CPU (v6.12: base
        // slice 0.75 ms, tick 4 ms, no HRTICK); waits of the waker from wakeup to running.
        // - One hog: the waker takes a third of the CPU, less than its half, so the hog runs ahead
        //   of it. The waker's lag is taken before the hog's time is brought up to date (a delayed
        //   waker is requeued without update_curr), and the preemption check, which does update
        //   the hog, finds the hog no longer eligible: run-to-parity protects only an eligible
        //   entity, so the waker preempts at once. It waits for a tick only when a tick during
        //   its delayed sleep picked it out at lag 0 (see the next test).
        // - Two hogs: the hog on the CPU is often still eligible and keeps the CPU until the tick
        //   sees its slice end. A 100 us slice of the waker's own (PREEMPT_SHORT) lifts that
        //   protection when the waker is eligible, which halves the waits for a tick; a waker back
        //   with negative lag still waits.
        // - A waker whose 100 us of work and its own wakeup's kernel work (the switch, counted as
        //   its run since the wakeup path is charged where the kernel spends it) outlast a 100 us
        //   slice when a tick comes loses the CPU to the hog until the next tick: rare.
        // The real kernel (6.18, scripts/eevdf-wake-latency.c, docs/eevdf.md) shows the same: with
        // one hog 0.1-0.2% of wakeups wait over 1 ms, with two hogs 3.8-4.4% with the base slice
        // and 1.8-2.3% with a 100 us slice (three runs each).
        struct Waits {
            uint64_t runs = 0;
            uint64_t aTick = 0; ///< waits over 1 ms
            double tickShare() const { return static_cast<double>(aTick) / static_cast<double>(runs); }
        };
        auto run = [](int hogs, bool customSlice) {
            json lat = {
                {"name", "lat"},
                {"program", json::parse(R"([{"loop": -1, "do": [{"run": "100us"}, {"sleep": "200us"}]}])")}};
            if (customSlice)
                lat["slice"] = "100us";
            json hog = json::parse(R"({"name": "hog", "program": [{"run": "100s"}]})");
            hog["count"] = hogs;
            Engine e(testutil::load(oneCpu("v6.12", json::array({hog, lat}), "2s")));
            WaitRecorder rec(taskNamed(e, "lat")->id);
            e.setTraceSink(&rec);
            e.runToEnd();
            Waits w;
            w.runs = rec.waits.size();
            for (SimTime t : rec.waits)
                w.aTick += t > SimTime::ms(1);
            return w;
        };
        const Waits one = run(1, false);
        const Waits oneCustom = run(1, true);
        const Waits two = run(2, false);
        const Waits twoCustom = run(2, true);
        const QString figures = QStringLiteral("waits over 1 ms: one hog %1 of %2 (custom slice %3 of %4); "
                                               "two hogs %5 of %6 (custom slice %7 of %8)")
                                    .arg(one.aTick)
                                    .arg(one.runs)
                                    .arg(oneCustom.aTick)
                                    .arg(oneCustom.runs)
                                    .arg(two.aTick)
                                    .arg(two.runs)
                                    .arg(twoCustom.aTick)
                                    .arg(twoCustom.runs);
        qInfo().noquote() << figures;
        QVERIFY2(one.runs > 5000 && oneCustom.runs > 5000, qPrintable(figures));
        // The kernel: 0-0.2% over the runs here. Without timer slack the model waited for a tick
        // at 0.4% of these wakeups (the path of aSleeperPickedOutAtZeroLagWaitsForTheNextTick);
        // with the sleeps ending 50 us late, as the kernel's do, it meets that path no more than
        // the kernel (docs/eevdf.md, "A sleeper clipped to zero lag").
        QVERIFY2(one.aTick * 1000 <= one.runs, qPrintable(figures));            // at most 0.1%
        QVERIFY2(oneCustom.aTick * 500 <= oneCustom.runs, qPrintable(figures)); // 0.2%, the kernel's most
        QVERIFY2(two.tickShare() >= 0.02, qPrintable(figures));                 // at least 2%
        QVERIFY2(twoCustom.tickShare() <= 0.7 * two.tickShare(), qPrintable(figures));
        QVERIFY2(twoCustom.runs > two.runs, qPrintable(figures));
    }

    void aSleeperPickedOutAtZeroLagWaitsForTheNextTick() {
        // The reality table's sleeper (1 ms sleep, 100 us of work) beside a hog on one CPU, v6.12.
        // A sleep that starts with negative lag is delayed (DELAY_DEQUEUE). If a tick during
        // it finds the hog past its deadline, the pick meets the sleeper, now eligible, and
        // finishes its dequeue with the lag clipped to 0 (DELAY_ZERO). The wakeup is then an
        // ordinary enqueue: the sleeper lands exactly at the hog's vruntime, and the preemption
        // check, in the same runqueue-locked section, sees no time pass (update_rq_clock once,
        // update_curr returns on a zero delta). The hog is eligible on the tie, and its
        // deadline, renewed at that tick, is the earlier: it keeps the CPU until the next tick.
        // The old order (the check's update_curr counted the enqueue's own work as the hog's
        // run) made the hog ineligible by those nanoseconds and never took this path. The real
        // kernel takes it: 1.3% of this shape's wakeups wait over 1 ms on 6.18 here
        // (docs/eevdf.md, "A sleeper clipped to zero lag").
        // (No timer slack: the sleeps are exactly 1 ms, a period that meets this path often.)
        json sleeper =
            json::parse("{\"name\": \"sleeper\", \"timer_slack\": \"0us\", \"program\": [{\"loop\": -1, "
                        "\"do\": [{\"sleep\": \"1ms\"}, {\"run\": \"100us\"}]}]}");
        json hog = json::parse("{\"name\": \"hog\", \"program\": [{\"run\": \"100s\"}]}");
        Engine e(testutil::load(oneCpu("v6.12", json::array({sleeper, hog}), "10s")));
        const Task* s = taskNamed(e, "sleeper");
        WaitRecorder rec(s->id);
        e.setTraceSink(&rec);
        const int64_t tick = SimTime::ms(4).count(); // HZ 250
        bool wasDelayed = false;
        bool pickedOut = false; // this sleep's delayed dequeue was finished by a pick
        size_t seen = 0;
        int longWaits = 0, pickedOutSleeps = 0;
        while (e.step()) {
            if (s->state == TaskState::Sleeping && wasDelayed && !s->se.delayed && !s->se.onRq) {
                pickedOut = true;
                ++pickedOutSleeps;
                QCOMPARE(s->se.vlag, int64_t{0}); // clipped (it was eligible when picked)
            }
            wasDelayed = s->se.delayed;
            if (rec.waits.size() == seen)
                continue;
            seen = rec.waits.size();
            const SimTime w = rec.waits.back();
            if (w > SimTime::ms(1) && e.now() > SimTime::ms(10)) { // (the start waits a tick too)
                ++longWaits;
                QVERIFY2(pickedOut,
                         qPrintable(QStringLiteral("a long wait at %1 ns after a sleep not picked out")
                                        .arg(e.now().count())));
                const int64_t sinceTick = e.now().count() % tick; // it ends at a tick's switch
                QVERIFY2(sinceTick < SimTime::us(5).count(),
                         qPrintable(QStringLiteral("%1 ns after a tick").arg(sinceTick)));
            }
            pickedOut = false;
        }
        const QString figures = QStringLiteral("%1 waits, %2 over 1 ms, %3 sleeps picked out")
                                    .arg(rec.waits.size())
                                    .arg(longWaits)
                                    .arg(pickedOutSleeps);
        qInfo().noquote() << figures;
        // Not every picked-out sleep waits: a tick can also find the hog past its deadline and
        // hand the CPU over before the wakeup. At least 0.2% of wakeups wait (the kernel: 1.3%).
        QVERIFY2(longWaits * 500 >= static_cast<int>(rec.waits.size()), qPrintable(figures));
        QVERIFY2(longWaits <= pickedOutSleeps, qPrintable(figures));
    }

    void aPipeWakeupPreemptsTheWaker() {
        // perf bench sched pipe pinned to one CPU, both tasks in one cgroup. The sleeper ran past
        // the waker before it slept, so its dequeue was delayed; on wakeup it is requeued with
        // the lag it had against the waker's vruntime as of the waker's pick (no update_curr on
        // that path, so DELAY_ZERO finds nothing to clip), and the preemption check, after
        // update_curr, finds the waker past it: every wakeup preempts the waker, one sleep a round
        // trip. The real kernel does the same: perf sched record of 20,000 round trips on 6.18
        // shows 19,885 of 40,003 switches leaving the waker runnable (docs/eevdf.md).
        const long rounds = 2000;
        json j = oneCpu("v6.12", json::parse(R"([
            {"name": "sender", "cgroup": "/l1/l2/l3", "program": [{"loop": 2000, "do": [{"send": "p1"}, {"recv": "p2"}]}]},
            {"name": "receiver", "cgroup": "/l1/l2/l3", "program": [{"loop": 2000, "do": [{"recv": "p1"}, {"send": "p2"}]}]}])"),
                        "10s", json::parse(R"([{"path": "/l1/l2/l3"}])"));
        j["channels"] = json::parse(R"([{"name": "p1", "kind": "pipe"}, {"name": "p2", "kind": "pipe"}])");
        Engine e(testutil::load(j));
        QCOMPARE(testutil::runChecked(e, 101), std::string());
        const Counters& c = e.counters();
        const QString figures = QStringLiteral("%1 wakeups, %2 wakeup preemptions, %3 context switches")
                                    .arg(c.wakeups)
                                    .arg(c.wakeupPreemptions)
                                    .arg(c.contextSwitches);
        qInfo().noquote() << figures;
        // One sleep, so one wakeup, a round trip (two when the waker is not preempted).
        QVERIFY2(c.wakeups >= static_cast<uint64_t>(rounds) &&
                     c.wakeups <= static_cast<uint64_t>(rounds + 10),
                 qPrintable(figures));
        QVERIFY2(c.wakeupPreemptions * 100 >= c.wakeups * 99, qPrintable(figures));
        QVERIFY2(c.contextSwitches <= static_cast<uint64_t>(2 * rounds + 10), qPrintable(figures));
    }

    void lagIsKeptAcrossAShortSleep_data() { addEevdfModelRows(); }
    void lagIsKeptAcrossAShortSleep() {
        // PLACE_LAG: the lag saved when the napper went to sleep (V - v at dequeue) is what it
        // has again right after it is enqueued on wakeup, although V moved meanwhile. (Within
        // 1 us: the wakeup's own kernel work lets the hog's accounting advance a few ns, which
        // moves V.) A sleep that DELAY_DEQUEUE kept queued is not a plain sleep: skipped here.
        QFETCH(QString, model);
        Engine e(testutil::load(hogAndSleeper(model.toStdString())));
        const Task* napper = taskNamed(e, "napper");
        const CfsRq& cfs = e.machine().rq(0).cfs;
        int64_t savedLag = 0;
        bool asleep = false;
        bool wasDelayed = false;
        int positive = 0, negative = 0, checked = 0;
        while (e.step()) {
            const bool nowAsleep = napper->state == TaskState::Sleeping;
            if (nowAsleep && !asleep) {
                savedLag = napper->se.vlag;
                wasDelayed = false;
            }
            wasDelayed = wasDelayed || napper->se.delayed;
            if (!nowAsleep && asleep && !wasDelayed && savedLag != 0) {
                const int64_t lag = static_cast<int64_t>(eevdf::avgVruntime(cfs) - napper->se.vruntime);
                QVERIFY2(std::abs(lag - savedLag) <= 1000,
                         qPrintable(QStringLiteral("saved %1 now %2").arg(savedLag).arg(lag)));
                ++checked;
                (savedLag > 0 ? positive : negative)++;
            }
            asleep = nowAsleep;
        }
        QVERIFY2(checked > 100, qPrintable(QString::number(checked)));
        QVERIFY(positive > 0);
        if (model == QStringLiteral("v6.6"))
            QVERIFY(negative > 0); // v6.12 keeps those queued instead (next test)
    }

    void aSleeperWithNegativeLagStaysQueuedUntilPicked() {
        // DELAY_DEQUEUE (v6.12): the napper goes to sleep having run ahead of V. It stays in the
        // queue, counted in the queue's load but not in nr_running, and its vruntime does not
        // move, until it is picked (then it leaves with lag clipped to at most 0) or woken (then
        // it keeps its place: sleeping did not pay off its debt).
        Engine e(testutil::load(hogAndSleeper("v6.12")));
        const Task* napper = taskNamed(e, "napper");
        const Rq& rq = e.machine().rq(0);
        bool delayed = false;
        uint64_t v = 0;
        int delays = 0, pickedOut = 0, wokeDelayed = 0;
        while (e.step()) {
            const SchedEntity& se = napper->se;
            if (se.delayed) {
                QVERIFY(se.onRq);
                QCOMPARE(napper->state, TaskState::Sleeping);
                QVERIFY(!eevdf::eligible(rq.cfs, se) || delayed);
                QCOMPARE(rq.nrRunning, 1u); // the hog only
                QVERIFY(rq.cfs.loadWeight >= 2 * 1024);
                if (!delayed) {
                    ++delays;
                    v = se.vruntime;
                } else {
                    QCOMPARE(se.vruntime, v);
                }
            } else if (delayed) {
                if (napper->state == TaskState::Sleeping) {
                    ++pickedOut;
                    QVERIFY(!se.onRq);
                    QVERIFY2(se.vlag <= 0, qPrintable(QString::number(se.vlag)));
                } else {
                    ++wokeDelayed;
                    QVERIFY(se.onRq);
                }
            }
            delayed = se.delayed;
        }
        QVERIFY2(delays > 100, qPrintable(QString::number(delays)));
        QVERIFY2(pickedOut + wokeDelayed == delays || pickedOut + wokeDelayed + 1 == delays,
                 qPrintable(QStringLiteral("%1 %2 %3").arg(delays).arg(pickedOut).arg(wokeDelayed)));
        QVERIFY(pickedOut > 0);

        // v6.6 has no delayed dequeue: the same run never keeps a sleeper queued.
        Engine old(testutil::load(hogAndSleeper("v6.6")));
        const Task* n = taskNamed(old, "napper");
        while (old.step())
            QVERIFY(!n->se.delayed && (n->state != TaskState::Sleeping || !n->se.onRq));
    }

    void theDeadlineTreeAnswersAsAScanOfEveryEntity() {
        // The pick's search and the shortest slice against a scan of the same entities, through
        // inserts, erases and slice changes: values near the 2^64 wrap, ties in deadline and in
        // vruntime, bounds that admit none, some or all, and a skipped entity.
        Rng rng(19);
        constexpr size_t kPool = 300;
        std::vector<std::unique_ptr<SchedEntity>> pool;
        for (size_t i = 0; i < kPool; ++i)
            pool.push_back(std::make_unique<SchedEntity>());
        const uint64_t origin = ~uint64_t{0} - 5000; // the values wrap around zero
        DeadlineTree tree;
        tree.activate({});
        std::vector<SchedEntity*> in;
        uint64_t seq = 0;
        int checked = 0, found = 0;
        for (int step = 0; step < 20000; ++step) {
            const int64_t op = rng.uniformInt(0, 9);
            if (op < 4 && in.size() < kPool) {
                SchedEntity* se = nullptr;
                for (auto& e : pool)
                    if (std::find(in.begin(), in.end(), e.get()) == in.end()) {
                        se = e.get();
                        break;
                    }
                se->vruntime = origin + static_cast<uint64_t>(rng.uniformInt(0, 10000));
                se->deadline = se->vruntime + static_cast<uint64_t>(rng.uniformInt(0, 40)) * 250;
                se->slice = static_cast<uint64_t>(rng.uniformInt(1, 6)) * 100'000;
                se->seq = seq++;
                tree.insert(*se);
                in.push_back(se);
            } else if (op < 6 && !in.empty()) {
                const size_t k = static_cast<size_t>(rng.uniformInt(0, static_cast<int64_t>(in.size()) - 1));
                tree.erase(*in[k]);
                in.erase(in.begin() + static_cast<std::ptrdiff_t>(k));
            } else if (op < 7 && !in.empty()) {
                SchedEntity* se =
                    in[static_cast<size_t>(rng.uniformInt(0, static_cast<int64_t>(in.size()) - 1))];
                se->slice = static_cast<uint64_t>(rng.uniformInt(1, 6)) * 100'000;
                tree.sliceChanged(*se);
            } else if (op < 8 && rng.uniformInt(0, 9) == 0) { // dropped, and built again from the queue
                tree.deactivate();
                QVERIFY(!tree.active() && tree.empty());
                tree.activate(in);
            }
            EligibleBound b;
            b.base = origin + static_cast<uint64_t>(rng.uniformInt(0, 3000));
            b.load = rng.uniformInt(1, 5) * 1024;
            b.avg = rng.uniformInt(-8000, 6000) * b.load;
            const SchedEntity* skip =
                in.empty() || rng.uniformInt(0, 2)
                    ? nullptr
                    : in[static_cast<size_t>(rng.uniformInt(0, static_cast<int64_t>(in.size()) - 1))];
            const SchedEntity* want = nullptr;
            uint64_t wantSlice = 0;
            for (const SchedEntity* se : in) {
                if (!wantSlice || se->slice < wantSlice)
                    wantSlice = se->slice;
                if (se != skip && b(se->vruntime) && (!want || eevdf::deadlineBefore(*se, *want)))
                    want = se;
            }
            QCOMPARE(tree.firstEligible(b, skip), want);
            QCOMPARE(tree.minSlice(), wantSlice);
            QCOMPARE(tree.empty(), in.empty());
            ++checked;
            found += want != nullptr;
        }
        QCOMPARE(checked, 20000);
        qInfo("an entity found in %d of %d searches", found, checked);
        QVERIFY(found > 2000 && found < 18000); // the bounds exercised both answers
    }

    void theDeadlineTreeChangesNoResult_data() { addEevdfModelRows(); }
    void theDeadlineTreeChangesNoResult() {
        // The same run with the tree never kept, kept from 2 entities on, kept from 8 until 4,
        // and kept with the default bounds: one CPU, queues of 1 to ~40 entities that grow and
        // shrink across the bounds, in two cgroups, with mixed nice values, custom slices (v6.12)
        // and sleepers. Every trace row must be the same.
        QFETCH(QString, model);
        json tasks = json::array();
        tasks.push_back({{"name", "short"}, {"count", 40}, {"cgroup", "/a"}, {"program", json::parse(R"(
            [{"loop": -1, "do": [{"run": {"exp": "300us"}}, {"sleep": {"exp": "2ms"}}]}])")}});
        tasks.push_back(
            {{"name", "long"}, {"count", 30}, {"cgroup", "/b/c"}, {"nice", 3}, {"program", json::parse(R"(
            [{"loop": -1, "do": [{"run": {"exp": "4ms"}}, {"sleep": {"exp": "6ms"}}]}])")}});
        tasks.push_back({{"name", "hog"}, {"count", 12}, {"nice", -2}, {"program", json::parse(R"(
            [{"loop": -1, "do": [{"run": "50ms"}, {"sleep": {"exp": "30ms"}}]}])")}});
        if (model == QStringLiteral("v6.12"))
            tasks[0]["slice"] = "1ms";
        json j =
            oneCpu(model.toStdString(), tasks, "1s", json::array({{{"path", "/a"}}, {{"path", "/b/c"}}}));
        const auto spec = testutil::load(j); // (throws on a bad scenario: before the bounds change)
        auto traceWith = [&](DeadlineIndexBounds bounds) {
            const DeadlineIndexBounds saved = deadlineIndexBounds();
            deadlineIndexBounds() = bounds; // the engine's fair class reads them once, here
            Engine e(spec);
            deadlineIndexBounds() = saved;
            std::ostringstream csv;
            CsvTraceWriter writer(csv, e.cgroups());
            e.setTraceSink(&writer);
            e.runToEnd();
            return csv.str();
        };
        const std::string never = traceWith({SIZE_MAX, SIZE_MAX});
        const auto rows = std::count(never.begin(), never.end(), '\n');
        QVERIFY2(rows > 1000, qPrintable(QStringLiteral("%1 rows").arg(rows)));
        QVERIFY(traceWith({2, 1}) == never);
        QVERIFY(traceWith({8, 4}) == never); // built and dropped many times over
        QVERIFY(traceWith(DeadlineIndexBounds{}) == never);
    }

    void everyBuiltInRunsCleanOnEveryModel_data() { testutil::addKernelModelRows(); }
    void everyBuiltInRunsCleanOnEveryModel() {
        QFETCH(QString, model);
        const KernelModel m = *kernelModelFromName(model.toStdString());
        for (const char* name : {"builtin:default", "builtin:autogroup-exit", "builtin:psi-clock-pipe",
                                 "builtin:ebizzy-smt8", "builtin:cpu-max", "builtin:rt-audio"}) {
            LoadResult r = loadScenario(name);
            QVERIFY2(r.ok(), name);
            ModelLoad onModel = loadScenarioForModel(r.text, name, m);
            QVERIFY2(onModel.result.ok(), name);
            ScenarioSpec spec = *onModel.result.spec;
            QCOMPARE(spec.kernel.model, m);
            spec.duration = std::min(spec.duration, SimTime::ms(500));
            Engine e(std::make_shared<const ScenarioSpec>(std::move(spec)));
            QCOMPARE(testutil::runChecked(e, 7), std::string());
        }
    }
};

QTEST_GUILESS_MAIN(TestEevdf)
#include "tst_eevdf.moc"
