// Costs files (the format `run --costs` reads) and `calibrate`'s pieces: the measurements run
// (briefly) on this host, the derived costs, and the simulated pipe round trip they feed. Whether
// the calibrated prediction lands within 25% of the measured round trip is a benchmark figure
// (schedscope-cli calibrate, README), not asserted here: ctest runs tests in parallel.
#include "reality/calibration.h"
#include "scenario/loader.h"

#include <nlohmann/json.hpp>

#include <QtTest>

#include <cmath>

namespace {

QByteArray joined(const std::vector<std::string>& lines) {
    std::string s;
    for (const std::string& l : lines)
        s += l + "\n";
    return QByteArray::fromStdString(s);
}

} // namespace

class TestCalibration : public QObject {
    Q_OBJECT
private slots:
    void costsFileLoads() {
        const core::CostsFile f = core::loadCostsText(
            R"({"format": 1, "kind": "schedscope-costs", "host": "x", "measured": {"a": 1},
                "costs": {"syscall": "90ns", "ipi": "3us", "psi_walk_resident_levels": 4}})",
            "c.json");
        QVERIFY2(f.ok(), joined(f.errors).constData());
        QCOMPARE(f.kernel.costs.at(core::CostOp::Syscall).count(), 90);
        QCOMPARE(f.kernel.costs.at(core::CostOp::Ipi).count(), 3000);
        QCOMPARE(f.kernel.costCounts.at(core::CostCount::PsiWalkResidentLevels), 4u);
        // The file's values replace the scenario's.
        core::LoadResult r = core::loadScenario("builtin:default");
        QVERIFY(r.ok());
        core::applyCosts(*r.spec, f);
        QCOMPARE(r.spec->kernel.costs.at(core::CostOp::Ipi).count(), 3000);
    }

    void costsFileErrors_data() {
        QTest::addColumn<QString>("text");
        QTest::addColumn<QString>("message");
        QTest::newRow("not json") << QStringLiteral("{\"format\": 1,") << QStringLiteral("c.json:1:14: ");
        QTest::newRow("no costs") << QStringLiteral(R"({"format": 1})")
                                  << QStringLiteral("c.json: costs: required key is missing");
        QTest::newRow("format") << QStringLiteral(R"({"format": 2, "costs": {}})")
                                << QStringLiteral("c.json: format: expected 1");
        QTest::newRow("unknown cost")
            << QStringLiteral(R"({"format": 1, "costs": {"sycall": "1us"}})")
            << QStringLiteral("c.json: costs.sycall: unknown cost \"sycall\" (did you "
                              "mean \"syscall\"?)");
        QTest::newRow("bad duration") << QStringLiteral(R"({"format": 1, "costs": {"syscall": "fast"}})")
                                      << QStringLiteral("c.json: costs.syscall: expected");
        QTest::newRow("unknown key") << QStringLiteral(R"({"format": 1, "costs": {}, "cost": {}})")
                                     << QStringLiteral("c.json: cost: unknown key \"cost\"");
    }

    void costsFileErrors() {
        QFETCH(QString, text);
        QFETCH(QString, message);
        const core::CostsFile f = core::loadCostsText(text.toStdString(), "c.json");
        QVERIFY(!f.ok());
        QVERIFY2(joined(f.errors).contains(message.toUtf8()), joined(f.errors).constData());
        QVERIFY(!core::loadCostsFile("/nonexistent/costs.json").ok());
    }

    void derivedCosts() {
        // Made-up measurements: every formula of docs/calibration.md, checked by hand.
        core::HostMeasurements m;
        m.clockReadNs = 20;
        m.syscallNs = 100;
        m.pipeWriteReadNs = 700;      // (700 - 200) / 2 = 250
        m.socketWriteReadNs = 1400;   // 600
        m.yieldSwitchNs = 1100;       // switch 1000
        m.futexSameCpuNs = 2800;      // 1400 - 200 - 1000 = 200
        m.futexWakeCrossCpuNs = 3300; // 3300 - 100 - 200 - 1000 = 2000
        m.forkNs = 30000;
        m.forkExitWaitNs = 45000;   // 45000 - 30000 - 100 - 2000 = 12900
        m.timerOvershootNs = 15000; // 15000 - 200 - 1000 = 13800
        m.timerCpuKeptAwake = true;
        const core::Calibration c = core::calibrate(m);
        std::map<core::CostOp, int64_t> v;
        for (const core::CalibratedCost& cc : c.costs)
            v[cc.op] = cc.value.count();
        QCOMPARE(v.at(core::CostOp::CpuClock), 20);
        QCOMPARE(v.at(core::CostOp::Syscall), 100);
        QCOMPARE(v.at(core::CostOp::PipeTransfer), 250);
        QCOMPARE(v.at(core::CostOp::SocketTransfer), 600);
        QCOMPARE(v.at(core::CostOp::ContextSwitch), 1000);
        QCOMPARE(v.at(core::CostOp::Wakeup), 200);
        QCOMPARE(v.at(core::CostOp::Ipi), 2000);
        QCOMPARE(v.at(core::CostOp::Fork), 30000);
        QCOMPARE(v.at(core::CostOp::Exit), 12900);
        QCOMPARE(v.at(core::CostOp::TimerDelivery), 13800);
        QVERIFY(c.notes.empty());
        // Without root the idle CPU may halt between expiries: said in a note.
        m.timerCpuKeptAwake = false;
        QVERIFY2(joined(core::calibrate(m).notes).contains("timer_delivery: /dev/cpu_dma_latency"),
                 "no note");
        m.timerCpuKeptAwake = true;
        // Noise can make a difference negative: a cost is never below zero.
        m.yieldSwitchNs = 50;
        for (const core::CalibratedCost& cc : core::calibrate(m).costs)
            QVERIFY(cc.value.count() >= 0);
        // One CPU: no IPI, said in a note.
        m.futexWakeCrossCpuNs.reset();
        QVERIFY2(joined(core::calibrate(m).notes).contains("ipi: left at its default"), "no note");
        // The costs file it writes loads, with the same values.
        const core::CostsFile f = core::loadCostsText(core::costsFileJson(c, m, "test host"), "written.json");
        QVERIFY2(f.ok(), joined(f.errors).constData());
        QCOMPARE(f.kernel.costs.at(core::CostOp::Ipi).count(), 2000);
    }

    void simulatedPipeFollowsTheCosts() {
        const double base = core::simulatedPipeRoundTripNs(false, {}, "v6.12");
        QVERIFY(base > 0);
        // Each round trip copies four messages (a write and a read each way): +1us per copy.
        const double slower = core::simulatedPipeRoundTripNs(
            false, {{core::CostOp::PipeTransfer, core::SimTime::ns(1250)}}, "v6.12");
        QVERIFY2(std::abs(slower - base - 4000) < 400,
                 qPrintable(QStringLiteral("%1 -> %2").arg(base).arg(slower)));
        // Across CPUs the wakeup IPI is on the path; on one CPU it is not.
        const std::map<core::CostOp, core::SimTime> bigIpi{{core::CostOp::Ipi, core::SimTime::us(10)}};
        QVERIFY(core::simulatedPipeRoundTripNs(true, bigIpi, "v6.12") >
                core::simulatedPipeRoundTripNs(true, {}, "v6.12") + 10000);
        QCOMPARE(core::simulatedPipeRoundTripNs(false, bigIpi, "v6.12"), base);
    }

    void measuresThisHost() {
        core::MeasureOptions quick;
        quick.batchSeconds = 0.002;
        // Five batches: a median of three was once taken over by a busy machine (getppid()
        // measured slower than half a pipe round trip); ctest also runs this test alone.
        quick.batches = 5;
        const core::HostMeasurements m = core::measureHost(quick);
        for (double v : {m.clockReadNs, m.syscallNs, m.pipeWriteReadNs, m.socketWriteReadNs, m.yieldSwitchNs,
                         m.futexSameCpuNs, m.pipeSameCpuNs, m.forkNs, m.forkExitWaitNs})
            QVERIFY2(std::isfinite(v) && v > 0 && v < 1e8, qPrintable(QString::number(v)));
        QVERIFY(m.cpuA >= 0);
        QCOMPARE(m.futexWakeCrossCpuNs.has_value(), m.cpuB >= 0);
        // A round trip holds at least two system calls.
        QVERIFY2(m.pipeSameCpuNs > 2 * m.syscallNs,
                 qPrintable(QStringLiteral("pipe round trip %1 ns, syscall %2 ns")
                                .arg(m.pipeSameCpuNs)
                                .arg(m.syscallNs)));
    }
};

QTEST_GUILESS_MAIN(TestCalibration)
#include "tst_calibration.moc"
