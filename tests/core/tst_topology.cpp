#include "sched/topology.h"

#include <QtTest>

using namespace core;

class TestTopology : public QObject {
    Q_OBJECT
private slots:
    void numberingIsSocketMajorThenCoreThenThread() {
        Topology t({2, 3, 2, 1, {}});
        QCOMPARE(t.nrCpus(), 12u);
        // CPU = ((socket * cores + core) * threads + thread)
        const CpuInfo& c7 = t.cpu(CpuId(7));
        QCOMPARE(c7.socket, 1u);
        QCOMPARE(c7.coreInSocket, 0u);
        QCOMPARE(c7.thread, 1u);
        QCOMPARE(t.cpuLabel(CpuId(7)), std::string("cpu7 (1/0/1)"));
    }

    void smtMcPkgLevels() {
        // 2 sockets x 4 cores x SMT2, one NUMA node: SMT(2), MC(8), PKG(16).
        Topology t({2, 4, 2, 1, {}});
        QCOMPARE(t.levels().size(), size_t(3));
        const auto& smt = t.levels()[0];
        QCOMPARE(smt.level, DomainLevel::Smt);
        QCOMPARE(smt.spanSize, 2u);
        QCOMPARE(smt.groupSize, 1u);
        QVERIFY(smt.flags & SD_SHARE_CPUCAPACITY);
        QVERIFY(smt.flags & SD_PREFER_SIBLING);
        QCOMPARE(smt.imbalancePct, 110u);
        QCOMPARE(smt.cacheNiceTries, 0u);
        const auto& mc = t.levels()[1];
        QCOMPARE(mc.level, DomainLevel::Mc);
        QCOMPARE(mc.spanSize, 8u);
        QCOMPARE(mc.groupSize, 2u);
        QVERIFY(mc.flags & SD_SHARE_PKG_RESOURCES);
        QVERIFY(!(mc.flags & SD_PREFER_SIBLING));
        QCOMPARE(mc.imbalancePct, 117u);
        QCOMPARE(mc.minIntervalMs, 8u);
        QCOMPARE(mc.maxIntervalMs, 16u);
        QCOMPARE(mc.busyFactor, 32u);
        const auto& pkg = t.levels()[2];
        QCOMPARE(pkg.level, DomainLevel::Pkg);
        QCOMPARE(pkg.groupSize, 8u);
        QCOMPARE(pkg.imbalancePct, 125u);
        QCOMPARE(t.llcLevel(), 1);
        QCOMPARE(t.llc(CpuId(9)).first, 8u);
        QCOMPARE(t.span(1, CpuId(9)).first, 8u);
        QCOMPARE(t.group(1, CpuId(9)).first, 8u);
        QCOMPARE(t.group(1, CpuId(11)).first, 10u);
    }

    void numaLevel() {
        Topology t({4, 2, 1, 2, {}});
        // SMT degenerate; MC = 2 CPUs, PKG = node of 2 sockets = 4 CPUs, NUMA = 8.
        QCOMPARE(t.levels().size(), size_t(3));
        QCOMPARE(t.levels()[0].level, DomainLevel::Mc);
        QCOMPARE(t.levels()[1].level, DomainLevel::Pkg);
        QCOMPARE(t.levels()[2].level, DomainLevel::Numa);
        QVERIFY(t.levels()[2].flags & SD_NUMA);
        QVERIFY(t.levels()[2].flags & SD_SERIALIZE);
        QCOMPARE(t.levels()[2].cacheNiceTries, 2u);
        QCOMPARE(t.cpu(CpuId(5)).node, 1u);
    }

    void degenerateLevelsAreDropped() {
        // One socket of SMT8 cores (the POWER8 of the prefer-sibling seed): SMT and MC only.
        Topology t({1, 22, 8, 1, {}});
        QCOMPARE(t.nrCpus(), 176u);
        QCOMPARE(t.levels().size(), size_t(2));
        QCOMPARE(t.levels()[0].level, DomainLevel::Smt);
        QCOMPARE(t.levels()[1].level, DomainLevel::Mc);
        QCOMPARE(t.levels()[1].groupSize, 8u);
        QCOMPARE(t.levels()[1].groupsPerSpan(), 22u);
        // The dropped PKG level's PREFER_SIBLING moves down to MC, as the kernel does.
        QVERIFY(t.levels()[1].flags & SD_PREFER_SIBLING);
        // A single CPU has no domains at all.
        Topology one({1, 1, 1, 1, {}});
        QVERIFY(one.levels().empty());
        QCOMPARE(one.llc(CpuId(0)).count, 1u);
    }

    void smtGainCapacity() {
        Topology t({1, 2, 2, 1, {}});
        QCOMPARE(t.capacityOrig(), 1024u);
        t.setSmtGainCapacity(true);
        QCOMPARE(t.capacityOrig(), 589u); // 1178 / 2 threads
        Topology p8({1, 2, 8, 1, {}});
        p8.setSmtGainCapacity(true);
        QCOMPARE(p8.capacityOrig(), 147u);
    }
};

QTEST_APPLESS_MAIN(TestTopology)
#include "tst_topology.moc"
