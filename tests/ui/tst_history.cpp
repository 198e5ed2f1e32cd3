// History and its lanes: slices kept at every resolution, state lookups, and the memory cap
// (older history coarsened, then dropped; never over the cap for long).
#include "controller/history.h"
#include "controller/lanestore.h"
#include "controller/slicedetails.h"
#include "output/recorder.h"
#include "report/mailbox.h"
#include "scenario/loader.h"
#include "sim/engine.h"

#include <QtTest>

using namespace core;
using namespace ui;

namespace {

Slice slice(int64_t start, int64_t end, uint32_t task, uint32_t cgroup = 1,
            SliceKind kind = SliceKind::Task) {
    Slice s;
    s.cpu = 0;
    s.kind = kind;
    s.task = TaskId(task);
    s.cgroup = CgroupId(cgroup);
    s.start = SimTime::ns(start);
    s.end = SimTime::ns(end);
    return s;
}

std::shared_ptr<const ScenarioSpec> builtinSpec(const std::string& name) {
    LoadResult r = loadScenario("builtin:" + name);
    if (!r.ok())
        throw std::runtime_error(r.errors.front());
    return std::make_shared<const ScenarioSpec>(std::move(*r.spec));
}

/// Runs `spec` for `until`, feeding History a snapshot every `every` of simulated time.
void feed(History& h, const std::shared_ptr<const ScenarioSpec>& spec, SimTime until, SimTime every) {
    Engine e(spec);
    Recorder rec;
    e.setTraceSink(&rec);
    h.reset(e.topology().nrCpus());
    for (SimTime t = every; t <= until && !e.finished(); t = t + every) {
        e.runUntil(t);
        h.append(*rec.take(e, true));
    }
}

} // namespace

class TestHistory : public QObject {
    Q_OBJECT
private slots:
    void levelZeroJoinsSplitSlices() {
        LaneStore lane;
        lane.append(slice(0, 100, 7));
        lane.append(slice(100, 250, 7)); // the same run, cut at a snapshot
        lane.append(slice(250, 300, 7, 1, SliceKind::Overhead));
        lane.append(slice(400, 500, 8));
        QVERIFY(lane.at(150) != nullptr);
        QCOMPARE(lane.at(150)->start, int64_t(0));
        QCOMPARE(lane.at(150)->end, int64_t(250));
        QCOMPARE(lane.at(260)->overhead, int64_t(50));
        QVERIFY(lane.at(350) == nullptr); // idle
        QCOMPARE(lane.at(450)->task, 8u);
        QCOMPARE(lane.timeWithin(0, 500).busy, int64_t(400));
        QCOMPARE(lane.timeWithin(0, 500).overhead, int64_t(50));
        QCOMPARE(lane.timeWithin(200, 450).busy, int64_t(150));
        QCOMPARE(lane.timeWithin(200, 450).overhead, int64_t(50));
        QCOMPARE(lane.timeWithin(270, 450).overhead, int64_t(30));
    }

    void laneBlocksKeepOrderAcrossChunksAndFreeDroppedOnes() {
        LaneBlocks v;
        const size_t n = 3 * LaneBlocks::kChunk + 17;
        for (size_t i = 0; i < n; ++i) {
            LaneBlock b;
            b.start = static_cast<int64_t>(i) * 10;
            b.end = b.start + 5;
            v.push_back(b);
        }
        QCOMPARE(v.size(), n);
        QCOMPARE(v[LaneBlocks::kChunk].start, int64_t(LaneBlocks::kChunk) * 10);
        // Ends are 5, 15, 25, ...: the first ending after 5 is block 1, after 4 block 0.
        QCOMPARE(v.firstEndingAfter(4), size_t(0));
        QCOMPARE(v.firstEndingAfter(5), size_t(1));
        QCOMPARE(v.firstEndingAfter(int64_t(n) * 10), n);
        const size_t full = v.bytes();
        // Drop into the middle of the second chunk: the first chunk is freed.
        v.dropFront(LaneBlocks::kChunk + 3);
        QCOMPARE(v.size(), n - LaneBlocks::kChunk - 3);
        QVERIFY2(v.bytes() < full, "a chunk left empty by dropFront is still held");
        QCOMPARE(v[0].start, int64_t(LaneBlocks::kChunk + 3) * 10);
        // visitFrom crosses chunk boundaries in order and stops when asked.
        int64_t expect = v[5].start;
        size_t seen = 0;
        v.visitFrom(5, [&](const LaneBlock& b) {
            if (b.start != expect)
                return false;
            expect += 10;
            return ++seen < 2 * LaneBlocks::kChunk;
        });
        QCOMPARE(seen, 2 * LaneBlocks::kChunk);
        // Appending after a drop continues where the last block is.
        LaneBlock b;
        b.start = int64_t(n) * 10;
        b.end = b.start + 5;
        v.push_back(b);
        QCOMPARE(v.back().start, int64_t(n) * 10);
        v.dropFront(v.size());
        QVERIFY(v.empty());
        QCOMPARE(v.firstEndingAfter(0), size_t(0));
    }

    void coarseLevelsMergeShortSlicesAndKeepBusyTime() {
        LaneStore lane;
        // 1000 slices of 300 ns every 1 us: 30% busy.
        for (int i = 0; i < 1000; ++i)
            lane.append(slice(i * 1000, i * 1000 + 300, static_cast<uint32_t>(i % 3), 2));
        for (int level = 1; level < LaneStore::kLevels; ++level) {
            int64_t busy = 0;
            lane.blocks(level).forEach([&](const LaneBlock& b) { busy += b.busy; });
            if (const LaneBlock* o = lane.openBlock(level))
                busy += o->busy;
            QCOMPARE(busy, int64_t(300000));
            // Blocks are about the level's width: far fewer than the slices at coarse levels.
            if (LaneStore::width(level) >= 64000)
                QVERIFY2(static_cast<int64_t>(lane.blocks(level).size()) <
                             1000 * 1000 / LaneStore::width(level) + 2,
                         qPrintable(QString::number(lane.blocks(level).size())));
        }
        // Dropping fine levels for the old half: what remains answers from coarser levels.
        lane.dropFiner(5, 500000);
        QCOMPARE(lane.validFrom(0), int64_t(500000));
        QVERIFY(lane.at(100) == nullptr);
        const int64_t busy = lane.timeWithin(0, 1000000).busy;
        QVERIFY2(std::abs(busy - 300000) < 30000, qPrintable(QString::number(busy)));
    }

    void stateLookupsFollowTheSamples() {
        History h;
        feed(h, builtinSpec("default"), SimTime::ms(500), SimTime::ms(10));
        QCOMPARE(h.now(), int64_t(500000000));
        QCOMPARE(h.samples().size(), size_t(50));
        QCOMPARE(h.samples()[h.sampleAt(255000000)].time, int64_t(250000000));
        QCOMPARE(h.sampleAt(0), size_t(0));
        QVERIFY(h.migrationsDelivered() > 0);
        QCOMPARE(h.migrationsDelivered(), h.latest().counters.migrations);
        const auto [lo, hi] = h.migrationsWithin(100000000, 200000000);
        for (size_t i = lo; i < hi; ++i) {
            QVERIFY(h.migrations()[i].time.count() >= 100000000);
            QVERIFY(h.migrations()[i].time.count() < 200000000);
        }
        QVERIFY(!h.latest().tasks.empty());
        QVERIFY(!h.taskName(h.latest().tasks.front().id.value()).empty());
    }

    void staysWithinTheCap() {
        // A busy 8-CPU run under a 3 MB cap: History compacts and never ends a snapshot over it.
        const size_t cap = size_t(3) << 20;
        History h(cap);
        auto spec = builtinSpec("default");
        Engine e(spec);
        Recorder rec;
        e.setTraceSink(&rec);
        h.reset(e.topology().nrCpus());
        size_t peak = 0;
        for (SimTime t = SimTime::ms(20); t <= SimTime::s(20); t = t + SimTime::ms(20)) {
            e.runUntil(t);
            h.append(*rec.take(e, true));
            peak = std::max(peak, h.bytes());
        }
        QVERIFY2(peak <= cap, qPrintable(QStringLiteral("peak %1 > cap %2").arg(peak).arg(cap)));
        qInfo("peak %zu bytes under a cap of %zu; %d compactions; coarse until %.3f s of %.3f s; "
              "%zu of %llu migration records held",
              peak, cap, h.compactions(), static_cast<double>(h.coarseUntil()) / 1e9,
              static_cast<double>(h.now()) / 1e9, h.migrations().size(),
              static_cast<unsigned long long>(h.migrationsDelivered()));
        QVERIFY(h.compactions() > 0);
        QVERIFY(h.coarseUntil() > 0);
        // The recent half is still held in full detail.
        const int64_t recent = h.now() - 1000000;
        QVERIFY(h.coarseUntil() < recent);
        QVERIFY(h.lane(0).validFrom(0) <= recent);
        // Migration counts stay whole in the samples even where records were dropped.
        QCOMPARE(h.migrationsDelivered(), e.counters().migrations);
        QVERIFY(h.migrations().size() < h.migrationsDelivered());
    }

    void aTinyCapDropsTheOldestHistory() {
        History h(size_t(256) << 10);
        feed(h, builtinSpec("default"), SimTime::s(4), SimTime::ms(20));
        QVERIFY(h.bytes() <= h.cap());
        QVERIFY2(h.start() > 0, "the oldest part should have been dropped");
        QVERIFY(h.samples().front().time <= h.start());
        QVERIFY(h.samples().back().time == h.now());
    }

    void mailboxMergesWithoutLoss() {
        SnapshotMailbox box;
        auto a = std::make_shared<Snapshot>();
        a->migrations.resize(3);
        a->time = SimTime::ms(1);
        auto b = std::make_shared<Snapshot>();
        b->migrations.resize(4);
        b->time = SimTime::ms(2);
        QVERIFY(box.post(a));  // the reader must be told
        QVERIFY(!box.post(b)); // merged into the unread one: no second signal
        auto got = box.take();
        QVERIFY(got);
        QCOMPARE(got->migrations.size(), size_t(7));
        QCOMPARE(got->time, SimTime::ms(2));
        QVERIFY(!box.take());
        QCOMPARE(box.merged(), uint64_t(1));
        // A new run's snapshot replaces what an old run left unread.
        auto old = std::make_shared<Snapshot>();
        old->migrations.resize(5);
        box.post(old);
        auto fresh = std::make_shared<Snapshot>();
        fresh->generation = 1;
        QVERIFY(!box.post(fresh));
        auto now = box.take();
        QCOMPARE(now->generation, uint64_t(1));
        QCOMPARE(now->migrations.size(), size_t(0));
    }

    void aSliceIsDescribedFromItsSwitches() {
        // Every run the engine switched in is found again from a time inside it: its start is
        // the switch in, its end the next switch on that CPU, how it ended is that switch's
        // prev_state, and its wait is the time since it became runnable.
        auto r = loadScenario("builtin:psi-clock-pipe");
        QVERIFY(r.ok());
        Engine engine(std::make_shared<const ScenarioSpec>(std::move(*r.spec)));
        Recorder recorder;
        engine.setTraceSink(&recorder);
        History h;
        h.reset(engine.machine().topology().nrCpus());
        for (int ms = 1; ms <= 100; ++ms) {
            engine.runUntil(SimTime::ms(ms));
            h.append(*recorder.take(engine, ms % 10 == 0));
        }
        const auto& sw = h.switches();
        QCOMPARE(uint64_t(sw.size()), engine.counters().contextSwitches);
        size_t checked = 0, blockedOnChannel = 0;
        for (size_t i = 0; i < sw.size(); i += 7) {
            const SwitchRecord& in = sw[i];
            if (!in.next.valid())
                continue;
            size_t j = i + 1;
            while (j < sw.size() && sw[j].cpu != in.cpu)
                ++j;
            if (j == sw.size())
                continue;
            const SwitchRecord& out = sw[j];
            if (out.time.count() - in.time.count() < 2)
                continue; // too short to hit inside
            const SimNs mid = (in.time.count() + out.time.count()) / 2;
            const auto d = describeSlice(h, in.cpu, mid);
            if (!d || d->task != in.next.value())
                continue; // the middle is kernel work for another task, say
            QVERIFY(d->exact);
            QCOMPARE(d->start, in.time.count());
            QCOMPARE(d->end, out.time.count());
            QCOMPARE(d->endState, out.prevState);
            QCOMPARE(*d->runnableSince, in.nextRunnableSince.count());
            QCOMPARE(d->switchedInFor, in.prev.valid() ? in.prev.value() : UINT32_MAX);
            QCOMPARE(d->nextTask, out.next.valid() ? out.next.value() : UINT32_MAX);
            if (d->blockedOn == BlockReason::ChannelRecv || d->blockedOn == BlockReason::ChannelSend)
                ++blockedOnChannel;
            ++checked;
        }
        QVERIFY2(checked > 100, qPrintable(QString::number(checked)));
        QVERIFY2(blockedOnChannel > 10, qPrintable(QString::number(blockedOnChannel)));
        // Idle time is described as nothing.
        QVERIFY(!describeSlice(h, 0, h.now() + 1'000'000).has_value());
    }
};

QTEST_GUILESS_MAIN(TestHistory)
#include "tst_history.moc"
