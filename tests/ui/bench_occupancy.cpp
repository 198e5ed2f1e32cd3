// Frame time of the CPU occupancy view on the seed's 176-CPU machine (22 cores x SMT8), with
// a History filled by a busy run, at several zoom levels. Reported, not asserted: timing goals
// live in benchmarks. Run: build/tests/bench_occupancy (make bench runs it).
#include "controller/session.h"
#include "output/recorder.h"
#include "plots/occupancyplot.h"
#include "scenario/loader.h"
#include "sim/engine.h"

#include <QElapsedTimer>
#include <QtTest>

#include <functional>

using namespace core;
using namespace ui;

namespace {

/// 176 CPUs, 600 tasks switching every few hundred microseconds: far more slices per pixel
/// than the view can draw one by one.
std::string busy176() {
    return "{\"format\": 1, \"name\": \"bench: 176 CPUs, 600 busy tasks\", \"duration\": \"100s\","
           "\"topology\": {\"sockets\": 1, \"cores_per_socket\": 22, \"threads_per_core\": 8, "
           "\"numa_nodes\": 1},"
           "\"cgroups\": [{\"path\": \"/a\"}, {\"path\": \"/b\"}, {\"path\": \"/c\"}],"
           "\"tasks\": [{\"name\": \"a\", \"count\": 200, \"cgroup\": \"/a\", \"program\": [{\"loop\": -1, "
           "\"do\": "
           "[{\"run\": {\"exp\": \"300us\"}}, {\"sleep\": {\"exp\": \"200us\"}}]}]},"
           "{\"name\": \"b\", \"count\": 200, \"cgroup\": \"/b\", \"program\": [{\"loop\": -1, \"do\": "
           "[{\"run\": {\"exp\": \"2ms\"}}, {\"sleep\": {\"exp\": \"1ms\"}}]}]},"
           "{\"name\": \"c\", \"count\": 200, \"cgroup\": \"/c\", \"program\": [{\"loop\": -1, \"do\": "
           "[{\"run\": {\"exp\": \"50us\"}}, {\"sleep\": {\"exp\": \"400us\"}}]}]}]}";
}

} // namespace

class BenchOccupancy : public QObject {
    Q_OBJECT
private slots:
    void frameTime() {
        LoadResult r = loadScenarioText(busy176(), "bench.json");
        QVERIFY(r.ok());
        auto spec = std::make_shared<const ScenarioSpec>(std::move(*r.spec));
        Session session;
        session.open(spec);
        // Let the run's first (empty) snapshot arrive, then fill History ourselves.
        QVERIFY(QTest::qWaitFor([&] { return session.history().snapshotsReceived() > 0; }, 5000));
        History& h = session.history();
        h.reset(spec->topology.nrCpus());
        Engine engine(spec);
        Recorder rec;
        engine.setTraceSink(&rec);
        QElapsedTimer fill;
        fill.start();
        size_t slices = 0;
        for (SimTime t = SimTime::ms(15); t <= SimTime::s(2); t = t + SimTime::ms(15)) {
            engine.runUntil(t);
            auto s = rec.take(engine, false);
            slices += s->slices.size();
            h.append(*s);
        }
        size_t blocks = 0;
        for (uint32_t c = 0; c < h.nrCpus(); ++c)
            blocks += h.lane(c).blockCount();
        std::printf(
            "history: %zu slices over %.1f s simulated on %u CPUs, %zu blocks at all levels, %.1f MB held, "
            "filled in %.2f s\n",
            slices, static_cast<double>(h.now()) / 1e9, h.nrCpus(), blocks,
            static_cast<double>(h.bytes()) / 1e6, static_cast<double>(fill.elapsed()) / 1000.0);

        OccupancyPlot plot(session);
        plot.resize(1600, 900);
        plot.restart();
        plot.show();
        QVERIFY(QTest::qWaitForWindowExposed(&plot));
        const int64_t now = h.now();
        struct Zoom {
            const char* name;
            int64_t width;
        };
        struct Tracks {
            const char* name;
            std::function<void()> apply;
        };
        // The track list as a user meets it (cores collapsed), with one core open, and with
        // every CPU expanded (the list scrolls; only the rows on screen are drawn).
        for (const Tracks& tracks : {Tracks{"22 cores collapsed", [&] { plot.collapseCores(); }},
                                     Tracks{"core 13 expanded (30 rows)", [&] { plot.toggleRow(13); }},
                                     Tracks{"all 176 CPUs expanded, fit", [&] { plot.expandAll(); }}}) {
            tracks.apply();
            const auto [first, last] = plot.visibleRows();
            std::printf("tracks: %s: %zu rows, %zu on screen\n", tracks.name, plot.tracks().rows().size(),
                        last - first + 1);
            for (const Zoom z : {Zoom{"1 ms", 1000000}, Zoom{"10 ms", 10000000}, Zoom{"100 ms", 100000000},
                                 Zoom{"1 s", 1000000000}, Zoom{"2 s (all)", now}}) {
                session.view().setRange(now - z.width, now, false);
                plot.refresh();
                plot.replotNow(); // warm up
                QElapsedTimer t;
                t.start();
                const int frames = 20;
                double sum = 0;
                for (int i = 0; i < frames; ++i) {
                    plot.replotNow();
                    sum += plot.lastFrameMs();
                }
                const double wall = static_cast<double>(t.nsecsElapsed()) / 1e6 / frames;
                std::printf("  window %-10s  replot %6.2f ms (QCustomPlot's own measure %6.2f ms)  = %5.0f "
                            "frames/s\n",
                            z.name, wall, sum / frames, 1000.0 / wall);
            }
        }
        // Sanity, not timing: the lanes drew something.
        const QImage img = plot.grab().toImage();
        int coloured = 0;
        for (int y = 50; y < img.height() - 100; y += 7)
            for (int x = 100; x < img.width() - 20; x += 7) {
                const QColor c = img.pixelColor(x, y);
                coloured += c.saturation() > 60;
            }
        QVERIFY2(coloured > 1000, "the occupancy view painted no slices");
    }
};

QTEST_MAIN(BenchOccupancy)
#include "bench_occupancy.moc"
