// The GUI's memory over a long run: the default scenario for an hour of simulated time (or
// argv[1], e.g. 600s) through the real controller and History, offscreen, as fast as it goes.
// Prints the History's bytes against its cap and the process RSS every few simulated
// minutes; the goal is History <= cap and RSS <= cap + 200 MB. `make bench-long`.
#include "controller/session.h"
#include "scenario/loader.h"

#include <QApplication>
#include <QElapsedTimer>
#include <QTimer>

#include <cstdio>
#include <fstream>
#include <string>

#ifdef __GLIBC__
#include <malloc.h>
#endif

namespace {

double rssMb() {
    std::ifstream f("/proc/self/statm");
    long pages = 0, resident = 0;
    f >> pages >> resident;
    return static_cast<double>(resident) * 4096.0 / (1024.0 * 1024.0);
}

/// The allocator's view, to tell live data from free memory the heap still holds: bytes in
/// use (small and mmapped chunks) and bytes free inside the heap. -1 where unknown.
struct HeapMb {
    double inUse = -1;
    double freeHeld = -1;
};

HeapMb heapMb() {
    HeapMb h;
#ifdef __GLIBC__
    const struct mallinfo2 m = mallinfo2();
    h.inUse = static_cast<double>(m.uordblks + m.hblkhd) / 1048576.0;
    h.freeHeld = static_cast<double>(m.fordblks) / 1048576.0;
#endif
    return h;
}

} // namespace

int main(int argc, char** argv) {
    qputenv("QT_QPA_PLATFORM", "offscreen");
    QApplication app(argc, argv);
    const std::string durationText = argc > 1 ? argv[1] : "3600s";
    const size_t capMb = argc > 2 ? std::stoul(argv[2]) : 512;
    const core::DurationParse d = core::parseDuration(durationText);
    if (!d.value) {
        std::fprintf(stderr, "bench_longrun: expected a duration, %s\n", d.error.c_str());
        return 64;
    }
    core::LoadResult r = core::loadScenario("builtin:default");
    r.spec->duration = *d.value;
    ui::Session session;
    session.history().setCap(capMb << 20);
    session.open(std::make_shared<const core::ScenarioSpec>(std::move(*r.spec)));
    session.controller().setSpeed(0);
    session.controller().run();
    QElapsedTimer wall;
    wall.start();
    const int64_t every = std::max<int64_t>(d.value->count() / 12, 1);
    int64_t next = every;
    size_t peakHistory = 0;
    double peakRss = 0;
    HeapMb atPeak;
    size_t historyAtPeak = 0;
    std::printf("%12s %14s %10s %10s %12s %12s %12s\n", "simulated", "history", "cap", "RSS", "heap used",
                "heap free", "wall");
    QTimer poll;
    QObject::connect(&poll, &QTimer::timeout, [&] {
        const ui::History& h = session.history();
        peakHistory = std::max(peakHistory, h.bytes());
        if (const double rss = rssMb(); rss > peakRss) {
            peakRss = rss;
            atPeak = heapMb();
            historyAtPeak = h.bytes();
        }
        if (h.now() >= next || h.latest().finished) {
            const HeapMb heap = heapMb();
            std::printf("%10.0f s %11.1f MB %7zu MB %7.0f MB %9.0f MB %9.0f MB %10.1f s\n",
                        static_cast<double>(h.now()) / 1e9, static_cast<double>(h.bytes()) / 1048576.0, capMb,
                        rssMb(), heap.inUse, heap.freeHeld, wall.elapsed() / 1000.0);
            std::fflush(stdout);
            next += every;
        }
        if (h.latest().finished) {
            std::printf("peak History %.1f MB (cap %zu MB): %s; peak RSS %.0f MB (goal <= cap + 200 MB): %s; "
                        "%d compactions\n",
                        static_cast<double>(peakHistory) / 1048576.0, capMb,
                        peakHistory <= (capMb << 20) ? "within" : "OVER", peakRss,
                        peakRss <= static_cast<double>(capMb) + 200 ? "within" : "OVER", h.compactions());
            std::printf(
                "at the RSS peak: History %.1f MB, heap in use %.0f MB, free inside the heap %.0f MB\n",
                static_cast<double>(historyAtPeak) / 1048576.0, atPeak.inUse, atPeak.freeHeld);
            QApplication::exit(
                peakHistory <= (capMb << 20) && peakRss <= static_cast<double>(capMb) + 200 ? 0 : 1);
        }
    });
    poll.start(50);
    return app.exec();
}
