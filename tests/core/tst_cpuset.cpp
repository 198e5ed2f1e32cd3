#include "base/cpuset.h"

#include <QtTest>

class TestCpuSet : public QObject {
    Q_OBJECT
private slots:
    void parsesKernelListSyntax() {
        auto p = core::parseCpuList("0-3,8,10-11");
        QVERIFY(p.error.empty());
        core::CpuSet s = core::toCpuSet(p, 16);
        QCOMPARE(s.count(), 7u);
        QVERIFY(s.test(core::CpuId(3)) && s.test(core::CpuId(8)) && !s.test(core::CpuId(9)));
        QCOMPARE(s.toString(), std::string("0-3,8,10-11"));
        QCOMPARE(p.maxCpu(), 11u);
    }
    void rejectsBadLists_data() {
        QTest::addColumn<QString>("text");
        for (const char* bad : {"", "a", "1-", "-1", "3-1", "1,,2", "1,", "0-70000", "1 2"})
            QTest::newRow(bad) << QString::fromLatin1(bad);
    }
    void rejectsBadLists() {
        QFETCH(QString, text);
        auto p = core::parseCpuList(text.toStdString());
        QVERIFY(!p.error.empty());
    }
    void nextAndIntersections() {
        core::CpuSet a = core::toCpuSet(core::parseCpuList("1,65,130"), 200);
        QCOMPARE(a.first().value(), 1u);
        QCOMPARE(a.next(2).value(), 65u);
        QCOMPARE(a.next(66).value(), 130u);
        QVERIFY(!a.next(131).valid());
        core::CpuSet b = core::toCpuSet(core::parseCpuList("60-70"), 200);
        QVERIFY(a.intersects(b));
        QCOMPARE((a & b).toString(), std::string("65"));
        QVERIFY(core::CpuSet::all(200).isAll());
    }
};

QTEST_APPLESS_MAIN(TestCpuSet)
#include "tst_cpuset.moc"
