// Toggling every optimization 1,000 times during a run keeps every invariant: PSI counts
// match the tasks, cpuacct adds up, CPU time is conserved, no task is lost or duplicated.
#include "base/rng.h"
#include "sim/engine.h"
#include "testutil.h"

#include <QtTest>

using namespace core;

class TestToggles : public QObject {
    Q_OBJECT
private slots:
    void thousandTogglesEach() {
        auto r = loadScenario("builtin:default");
        QVERIFY(r.ok());
        r.spec->kernel.features.autogroup = true;
        r.spec->kernel.features.virtCpuAccounting = true;
        Engine e(std::make_shared<const ScenarioSpec>(std::move(*r.spec)));
        Rng rng(99);
        std::array<int, kOptimizationCount> toggles{};
        SimTime t;
        int moves = 0;
        while (*std::min_element(toggles.begin(), toggles.end()) < 1000 && !e.finished()) {
            t += SimTime::us(rng.uniformInt(50, 400));
            e.runUntil(t);
            const auto o = static_cast<Optimization>(rng.uniformInt(0, kOptimizationCount - 1));
            QVERIFY(e.setOptimization(o, !e.optimizations().test(o)).ok);
            ++toggles[static_cast<size_t>(o)];
            if (rng.uniformInt(0, 50) == 0) {
                const char* groups[] = {"/batch", "/user.slice/app", "/system.slice/db", "/"};
                if (e.moveTasks("cc#" + std::to_string(rng.uniformInt(0, 3)), groups[rng.uniformInt(0, 3)])
                        .ok)
                    ++moves;
            }
            const std::string bad = e.checkInvariants();
            QVERIFY2(bad.empty(), bad.c_str());
        }
        QVERIFY(*std::min_element(toggles.begin(), toggles.end()) >= 1000);
        QVERIFY(moves > 10);
        QCOMPARE(e.commandLog().size(), size_t(std::accumulate(toggles.begin(), toggles.end(), 0) + moves));
    }
};

QTEST_APPLESS_MAIN(TestToggles)
#include "tst_toggles.moc"
