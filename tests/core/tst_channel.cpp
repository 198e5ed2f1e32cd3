// Channels: exact transfer counts, blocking at empty and full, whom a transfer wakes (a pipe one
// partner per transfer, a socket its writers at a quarter).
#include "sim/engine.h"
#include "testutil.h"

#include <QtTest>

using namespace core;
using nlohmann::json;

class TestChannel : public QObject {
    Q_OBJECT
private slots:
    void pingPongTransfersTheProgrammedCount() {
        Engine e(testutil::load(json::parse(R"({"format": 1, "name": "pp", "duration": "10s",
            "topology": {"sockets": 1, "cores_per_socket": 2, "threads_per_core": 1, "numa_nodes": 1},
            "channels": [{"name": "p1", "kind": "pipe"}, {"name": "p2", "kind": "socket"}],
            "tasks": [{"name": "s", "program": [{"loop": 12345, "do": [{"send": "p1"}, {"recv": "p2"}]}]},
                      {"name": "r", "program": [{"loop": 12345, "do": [{"recv": "p1"}, {"send": "p2"}]}]}]})")));
        QCOMPARE(testutil::runChecked(e, 13), std::string());
        QCOMPARE(e.channels()[0].received, uint64_t(12345));
        QCOMPARE(e.channels()[1].received, uint64_t(12345));
        QCOMPARE(e.channels()[0].sent, uint64_t(12345));
        QVERIFY(e.finished());
        QVERIFY(e.now() < SimTime::s(10)); // ended early: every task exited
        QCOMPARE(e.counters().exits, uint64_t(2));
        // Every transfer that found its partner asleep woke it through the wakeup path.
        QVERIFY(e.counters().wakeups >= 2 * 12345 - 2);
    }

    void writerBlocksWhenFullReaderWhenEmpty() {
        Engine e(testutil::load(json::parse(R"({"format": 1, "name": "cap", "duration": "1s",
            "topology": {"sockets": 1, "cores_per_socket": 2, "threads_per_core": 1, "numa_nodes": 1},
            "channels": [{"name": "q", "kind": "pipe", "capacity": 3}],
            "tasks": [{"name": "w", "program": [{"loop": 50, "do": [{"send": "q"}]}]},
                      {"name": "r", "program": [{"loop": 50, "do": [{"sleep": "1ms"}, {"recv": "q"}]}]}]})")));
        bool sawFull = false, sawBlockedWriter = false;
        while (e.step()) {
            const Channel& q = e.channels()[0];
            QVERIFY(q.count <= q.capacity);
            QCOMPARE(q.sent - q.received, uint64_t(q.count));
            sawFull |= q.count == q.capacity;
            sawBlockedWriter |= !q.writers.empty();
        }
        QVERIFY(sawFull && sawBlockedWriter);
        QCOMPARE(e.channels()[0].received, uint64_t(50));
    }

    void aSocketWakesItsWritersAtAQuarterAllAtOnce_data() {
        QTest::addColumn<QString>("kind");
        QTest::newRow("pipe") << QStringLiteral("pipe");
        QTest::newRow("socket") << QStringLiteral("socket");
    }
    void aSocketWakesItsWritersAtAQuarterAllAtOnce() {
        // Three writers fill a channel of 8 and block; a slow reader takes one message every
        // millisecond. A pipe wakes one writer per message read. A socket (unix_writable) wakes
        // none until the queue is down to 2 (a quarter of 8), then all three.
        QFETCH(QString, kind);
        json j = json::parse(R"({"format": 1, "name": "quarter", "duration": "1s",
            "topology": {"sockets": 1, "cores_per_socket": 2, "threads_per_core": 1, "numa_nodes": 1},
            "tasks": [{"name": "w", "count": 3, "cpus": "0", "program": [{"loop": 10, "do": [{"send": "q"}]}]},
                      {"name": "r", "cpus": "1", "program": [{"sleep": "5ms"}, {"loop": 30, "do": [{"recv": "q"}, {"sleep": "1ms"}]}]}]})");
        j["channels"] = json::array({{{"name", "q"}, {"kind", kind.toStdString()}, {"capacity", 8}}});
        Engine e(testutil::load(j));
        const Channel& q = e.channels()[0];
        size_t blockedBefore = 0;
        uint32_t countAtFirstWake = 0;
        size_t wokenAtOnce = 0;
        auto blocked = [&] {
            size_t n = 0;
            e.tasks().forEach([&](const Task& t) { n += t.block == BlockReason::ChannelSend; });
            return n;
        };
        while (e.step()) {
            const size_t now = blocked();
            if (q.received > 0 && now < blockedBefore && wokenAtOnce == 0) {
                wokenAtOnce = blockedBefore - now;
                countAtFirstWake = q.count;
            }
            blockedBefore = now;
        }
        QCOMPARE(q.received, uint64_t(30));
        if (kind == QStringLiteral("pipe")) {
            QCOMPARE(wokenAtOnce, size_t{1});
            QCOMPARE(countAtFirstWake, 7u); // the first message read made room for one
        } else {
            QCOMPARE(wokenAtOnce, size_t{3});
            QCOMPARE(countAtFirstWake, 2u);
        }
    }

    void manyReadersEachMessageOnce() {
        Engine e(testutil::load(json::parse(R"({"format": 1, "name": "fan", "duration": "1s",
            "topology": {"sockets": 1, "cores_per_socket": 4, "threads_per_core": 1, "numa_nodes": 1},
            "channels": [{"name": "q", "kind": "socket", "capacity": 2}],
            "tasks": [{"name": "w", "program": [{"loop": 300, "do": [{"run": "10us"}, {"send": "q"}]}]},
                      {"name": "r", "count": 3, "program": [{"loop": 100, "do": [{"recv": "q"}, {"run": "30us"}]}]}]})")));
        QCOMPARE(testutil::runChecked(e, 7), std::string());
        QCOMPARE(e.channels()[0].received, uint64_t(300));
        QVERIFY(e.finished());
        QCOMPARE(e.counters().exits, uint64_t(4));
    }

    void deadlockRunsToTheEndWithoutHanging() {
        // Both wait for the other: nothing happens, the clock still reaches the duration.
        Engine e(testutil::load(json::parse(R"({"format": 1, "name": "dead", "duration": "100ms",
            "topology": {"sockets": 1, "cores_per_socket": 1, "threads_per_core": 1, "numa_nodes": 1},
            "channels": [{"name": "a", "kind": "pipe"}, {"name": "b", "kind": "pipe"}],
            "tasks": [{"name": "x", "program": [{"recv": "a"}, {"send": "b"}]},
                      {"name": "y", "program": [{"recv": "b"}, {"send": "a"}]}]})")));
        e.runToEnd();
        QVERIFY(e.finished());
        QCOMPARE(e.now(), SimTime::ms(100));
        QCOMPARE(e.tasks().liveCount(), size_t(2));
    }
};

QTEST_APPLESS_MAIN(TestChannel)
#include "tst_channel.moc"
