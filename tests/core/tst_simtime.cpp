#include "base/simtime.h"

#include <QtTest>

using core::SimTime;

class TestSimTime : public QObject {
    Q_OBJECT
private slots:
    void parsesUnits_data() {
        QTest::addColumn<QString>("text");
        QTest::addColumn<qint64>("ns");
        QTest::newRow("ns") << QStringLiteral("20ns") << qint64(20);
        QTest::newRow("us") << QStringLiteral("20us") << qint64(20000);
        QTest::newRow("fractional ms") << QStringLiteral("1.5ms") << qint64(1500000);
        QTest::newRow("s") << QStringLiteral("2s") << qint64(2000000000);
        QTest::newRow("zero") << QStringLiteral("0s") << qint64(0);
        QTest::newRow("ns precision in s") << QStringLiteral("1.000000001s") << qint64(1000000001);
        QTest::newRow("trailing zeros beyond ns") << QStringLiteral("1.0000000010s") << qint64(1000000001);
        QTest::newRow("2^62 exactly")
            << QStringLiteral("4611686018427387904ns") << qint64(4611686018427387904LL);
    }
    void parsesUnits() {
        QFETCH(QString, text);
        QFETCH(qint64, ns);
        auto r = core::parseDuration(text.toStdString());
        QVERIFY2(r.value.has_value(), r.error.c_str());
        QCOMPARE(r.value->count(), ns);
    }

    void rejects_data() {
        QTest::addColumn<QString>("text");
        QTest::addColumn<QString>("why");
        QTest::newRow("no unit") << QStringLiteral("15") << QStringLiteral("ns, us, ms or s");
        QTest::newRow("negative") << QStringLiteral("-1ms") << QStringLiteral("non-negative");
        QTest::newRow("half ns") << QStringLiteral("0.5ns") << QStringLiteral("whole number of nanoseconds");
        QTest::newRow("sub-ns in us") << QStringLiteral("1.0001us") << QStringLiteral("whole number");
        QTest::newRow("over 2^62") << QStringLiteral("4611686018427387905ns") << QStringLiteral("2^62");
        QTest::newRow("huge seconds") << QStringLiteral("99999999999999999999s") << QStringLiteral("2^62");
        QTest::newRow("unit only") << QStringLiteral("ms") << QStringLiteral("number");
        QTest::newRow("bad unit") << QStringLiteral("5min") << QStringLiteral("ns, us, ms or s");
        QTest::newRow("dot without digits") << QStringLiteral("5.ms") << QStringLiteral("digits after");
        QTest::newRow("exponent") << QStringLiteral("1e3ms") << QStringLiteral("ns, us, ms or s");
        QTest::newRow("space") << QStringLiteral("1 ms") << QStringLiteral("ns, us, ms or s");
        QTest::newRow("empty") << QString() << QStringLiteral("ns, us, ms or s");
    }
    void rejects() {
        QFETCH(QString, text);
        QFETCH(QString, why);
        auto r = core::parseDuration(text.toStdString());
        QVERIFY(!r.value.has_value());
        QVERIFY2(QString::fromStdString(r.error).contains(why), r.error.c_str());
    }

    void formatRoundTrips() {
        const int64_t samples[] = {
            0, 1, 999, 1000, 1500, 20000, 1000001, 1500000, 2000000000, 1234567891, 4611686018427387904LL};
        for (int64_t v : samples) {
            const std::string s = core::formatDuration(SimTime::ns(v));
            auto r = core::parseDuration(s);
            QVERIFY2(r.value && r.value->count() == v, s.c_str());
        }
        QCOMPARE(core::formatDuration(SimTime::us(1500)), std::string("1.5ms"));
        QCOMPARE(core::formatDuration(SimTime::s(2)), std::string("2s"));
        QCOMPARE(core::formatDuration(SimTime::ns(250)), std::string("250ns"));
    }

    void arithmetic() {
        SimTime a = SimTime::ms(3);
        a += SimTime::us(500);
        QCOMPARE(a.count(), 3500000);
        QVERIFY(SimTime::ms(1) < SimTime::ms(2));
        QCOMPARE((SimTime::ms(6) / 4).count(), 1500000);
    }
};

QTEST_APPLESS_MAIN(TestSimTime)
#include "tst_simtime.moc"
