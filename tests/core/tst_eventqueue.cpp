#include "base/eventqueue.h"
#include "base/rng.h"

#include <QtTest>

#include <algorithm>
#include <tuple>
#include <vector>

using core::Event;
using core::EventQueue;
using core::SimTime;

class TestEventQueue : public QObject {
    Q_OBJECT
private slots:
    void ordersByTimeThenInsertion() {
        EventQueue q;
        q.push(SimTime::ns(30), {1, 0, 0});
        q.push(SimTime::ns(10), {2, 0, 0});
        q.push(SimTime::ns(30), {3, 0, 0});
        q.push(SimTime::ns(10), {4, 0, 0});
        q.push(SimTime::ns(20), {5, 0, 0});
        std::vector<uint32_t> order;
        while (!q.empty())
            order.push_back(q.pop().event.kind);
        QCOMPARE(order, (std::vector<uint32_t>{2, 4, 5, 1, 3}));
    }

    void tiesBreakByInsertionAtScale() {
        // Many events at few distinct times: within a time, pop order must be push order.
        EventQueue q;
        core::Rng rng(7);
        for (uint32_t i = 0; i < 20000; ++i)
            q.push(SimTime::ns(rng.uniformInt(0, 9)), {0, i, 0});
        int64_t lastTime = -1;
        int64_t lastSeq = -1;
        while (!q.empty()) {
            auto p = q.pop();
            QVERIFY(p.time.count() >= lastTime);
            if (p.time.count() != lastTime)
                lastSeq = -1;
            QVERIFY(static_cast<int64_t>(p.event.a) > lastSeq);
            lastSeq = p.event.a;
            lastTime = p.time.count();
        }
    }

    void cancellation() {
        EventQueue q;
        auto a = q.push(SimTime::ns(5), {1, 0, 0});
        auto b = q.push(SimTime::ns(6), {2, 0, 0});
        auto c = q.push(SimTime::ns(7), {3, 0, 0});
        QVERIFY(q.pending(b));
        QVERIFY(q.cancel(b));
        QVERIFY(!q.pending(b));
        QVERIFY(!q.cancel(b)); // twice is a no-op
        QCOMPARE(q.size(), size_t(2));
        QCOMPARE(q.pop().event.kind, 1u);
        QVERIFY(!q.cancel(a)); // already fired
        // The freed slot is reused; the old handle must not cancel the new event.
        auto d = q.push(SimTime::ns(8), {4, 0, 0});
        QVERIFY(!q.cancel(b));
        QVERIFY(q.pending(d));
        QCOMPARE(q.pop().event.kind, 3u);
        QCOMPARE(q.pop().event.kind, 4u);
        QVERIFY(q.empty());
        (void)c;
    }

    void randomAgainstReference() {
        // Random pushes, pops and cancels, checked against a sorted reference list.
        EventQueue q;
        core::Rng rng(11);
        std::vector<std::tuple<int64_t, uint64_t, EventQueue::Handle>> ref; // (time, seq, handle)
        uint64_t seq = 0;
        int64_t now = 0;
        for (int step = 0; step < 50000; ++step) {
            const int op = static_cast<int>(rng.uniformInt(0, 9));
            if (op < 5 || ref.empty()) {
                const int64_t t = now + rng.uniformInt(0, 1000);
                auto h = q.push(SimTime::ns(t), {0, 0, seq});
                ref.emplace_back(t, seq++, h);
            } else if (op < 8) {
                auto it = std::min_element(ref.begin(), ref.end(), [](const auto& x, const auto& y) {
                    return std::tie(std::get<0>(x), std::get<1>(x)) <
                           std::tie(std::get<0>(y), std::get<1>(y));
                });
                auto p = q.pop();
                QCOMPARE(p.time.count(), std::get<0>(*it));
                QCOMPARE(p.event.b, std::get<1>(*it));
                now = p.time.count();
                ref.erase(it);
            } else {
                const size_t i = static_cast<size_t>(rng.uniformInt(0, static_cast<int64_t>(ref.size()) - 1));
                QVERIFY(q.cancel(std::get<2>(ref[i])));
                ref.erase(ref.begin() + static_cast<std::ptrdiff_t>(i));
            }
            QCOMPARE(q.size(), ref.size());
        }
    }

    void popThenScheduleMixesWithEveryOperation() {
        // A pop leaves a hole at the root that the next insert fills: every other operation
        // (peek, another pop, cancel, post, postLast) in between must see the same order as a
        // sorted reference. Keys: (time, scheduled-last, insertion).
        EventQueue q;
        core::Rng rng(23);
        struct Ref {
            int64_t time;
            bool last;
            uint64_t seq;
            EventQueue::Handle h;
        };
        std::vector<Ref> ref;
        auto key = [](const Ref& r) { return std::make_tuple(r.time, r.last, r.seq); };
        auto earliest = [&] {
            return std::min_element(ref.begin(), ref.end(),
                                    [&](const Ref& x, const Ref& y) { return key(x) < key(y); });
        };
        uint64_t seq = 0;
        int64_t now = 0;
        for (int step = 0; step < 50000; ++step) {
            const int op = static_cast<int>(rng.uniformInt(0, 11));
            const int64_t t = now + rng.uniformInt(0, 50);
            if (op < 3 || ref.empty()) {
                ref.push_back({t, false, seq, q.push(SimTime::ns(t), {0, 0, seq})});
                ++seq;
            } else if (op < 5) {
                q.post(SimTime::ns(t), {0, 0, seq});
                ref.push_back({t, false, seq++, {}});
            } else if (op < 6) {
                q.postLast(SimTime::ns(t), {0, 0, seq});
                ref.push_back({t, true, seq++, {}});
            } else if (op < 9) {
                auto it = earliest();
                auto p = q.pop();
                QCOMPARE(p.time.count(), it->time);
                QCOMPARE(p.event.b, it->seq);
                now = p.time.count();
                ref.erase(it);
            } else if (op < 10) {
                SimTime at;
                QVERIFY(q.peek(at));
                QCOMPARE(at.count(), earliest()->time);
            } else {
                std::vector<size_t> cancellable;
                for (size_t i = 0; i < ref.size(); ++i)
                    if (ref[i].h.valid())
                        cancellable.push_back(i);
                if (cancellable.empty())
                    continue;
                const size_t i = cancellable[static_cast<size_t>(
                    rng.uniformInt(0, static_cast<int64_t>(cancellable.size()) - 1))];
                QVERIFY(q.cancel(ref[i].h));
                ref.erase(ref.begin() + static_cast<std::ptrdiff_t>(i));
            }
            QCOMPARE(q.size(), ref.size()); // (empty() would close the hole every step)
        }
        while (!ref.empty()) {
            auto it = earliest();
            QCOMPARE(q.pop().event.b, it->seq);
            ref.erase(it);
        }
        QVERIFY(q.empty());
    }
};

QTEST_APPLESS_MAIN(TestEventQueue)
#include "tst_eventqueue.moc"
