// Frame time of the thread-state tracks (the Threads page below the CPU lanes) with 1,000 and
// 10,000 task tracks holding 5 M intervals in all, at several zoom levels, scrolled to the top
// and to the middle of the list. Reported, not asserted: timing goals live in benchmarks. The
// budget is the occupancy view's (bench_occupancy): a frame well under 16 ms.
// Run: build/tests/bench_threadtracks (make bench runs it).
#include "controller/session.h"
#include "pages/threadspage.h"
#include "plots/threadtrackview.h"

#include <QElapsedTimer>
#include <QScrollBar>
#include <QtTest>

#include <random>

using namespace core;
using namespace ui;

namespace {

/// `tasks` tracks over 10 s, `intervals` in all: runs, waits and sleeps of random lengths
/// whose mean fills the 10 s, on 176 CPUs.
std::shared_ptr<const ThreadStates> syntheticStates(size_t tasks, size_t intervals) {
    auto states = std::make_shared<ThreadStates>();
    std::mt19937_64 rng(42);
    const SimNs span = 10 * kNsPerSecond;
    const SimNs mean = span / static_cast<SimNs>(intervals / tasks);
    std::exponential_distribution<double> length(1.0 / static_cast<double>(mean));
    const ThreadState cycle[] = {ThreadState::Running, ThreadState::Sleeping, ThreadState::Runnable,
                                 ThreadState::Running, ThreadState::Preempted};
    for (size_t t = 0; t < tasks; ++t) {
        TaskTrack track;
        track.id = TaskId(static_cast<uint32_t>(t));
        track.name = "worker-" + std::to_string(t);
        track.cgroup = CgroupId(static_cast<uint32_t>(t % 4));
        SimNs at = 0;
        for (size_t i = 0; at < span; ++i) {
            const SimNs len = std::max<SimNs>(1000, static_cast<SimNs>(length(rng)));
            const ThreadState s = cycle[i % 5];
            track.intervals.push_back({SimTime::ns(at), SimTime::ns(std::min(span, at + len)), s,
                                       s == ThreadState::Sleeping ? -1 : static_cast<int32_t>(t % 176)});
            at += len;
        }
        states->tasks.push_back(std::move(track));
    }
    states->end = SimTime::ns(span);
    return states;
}

} // namespace

class BenchThreadTracks : public QObject {
    Q_OBJECT
private slots:
    void frameTime() {
        Session session; // nothing runs: the tracks are given
        for (size_t tasks : {size_t(1000), size_t(10000)}) {
            QElapsedTimer build;
            build.start();
            auto states = syntheticStates(tasks, 5'000'000);
            size_t n = 0;
            for (const TaskTrack& t : states->tasks)
                n += t.intervals.size();
            session.history().reset(176);
            Snapshot s;
            s.time = states->end;
            s.threadStates = states;
            session.history().append(s);
            std::printf("%zu tracks, %zu intervals (built in %.2f s)\n", tasks, n,
                        static_cast<double>(build.elapsed()) / 1000.0);
            ThreadsPage page(session);
            page.resize(1600, 900);
            page.show();
            QVERIFY(QTest::qWaitForWindowExposed(&page));
            page.refresh();
            QVERIFY(page.rows().rows().size() >= tasks);
            ThreadTrackView* view = page.view();
            for (const char* where : {"top", "middle"}) {
                view->verticalScrollBar()->setValue(
                    std::string(where) == "top" ? 0 : view->verticalScrollBar()->maximum() / 2);
                for (auto [name, width] :
                     {std::pair{"1 ms", SimNs(1'000'000)}, std::pair{"100 ms", SimNs(100'000'000)},
                      std::pair{"10 s (all)", SimNs(10 * kNsPerSecond)}}) {
                    session.view().setRange(5 * kNsPerSecond - width / 2, 5 * kNsPerSecond + width / 2,
                                            false);
                    view->viewport()->repaint(); // warm up
                    QElapsedTimer t;
                    t.start();
                    const int frames = 20;
                    for (int i = 0; i < frames; ++i)
                        view->viewport()->repaint();
                    const double ms = static_cast<double>(t.nsecsElapsed()) / 1e6 / frames;
                    std::printf("  scrolled to the %-6s window %-10s  frame %6.2f ms = %5.0f frames/s\n",
                                where, name, ms, 1000.0 / ms);
                }
            }
            // Sanity, not timing: the tracks drew coloured states.
            const QImage img = view->viewport()->grab().toImage();
            int coloured = 0;
            for (int y = 5; y < img.height(); y += 5)
                for (int x = ThreadTrackView::kLabelWidth + 5; x < img.width(); x += 7)
                    coloured += img.pixelColor(x, y).saturation() > 60;
            QVERIFY2(coloured > 500, "the thread tracks painted no states");
        }
    }
};

QTEST_MAIN(BenchThreadTracks)
#include "bench_threadtracks.moc"
