// Channels: exact transfer counts, blocking at empty and full, one wakeup per transfer.
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
