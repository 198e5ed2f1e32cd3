// The GUI's memory over a long run: the default scenario for an hour of simulated time (or
// argv[1], e.g. 600s) through the real controller and History, offscreen, as fast as it goes.
// Prints the History's bytes against its cap and the process RSS every few simulated
// minutes; the goal is History <= cap and RSS <= cap + 200 MB. `make bench-long`.
#include "scenario.h"
#include "session.h"

#include <QApplication>
#include <QElapsedTimer>
#include <QTimer>

#include <cstdio>
#include <fstream>
#include <string>

namespace {

double rssMb() {
    std::ifstream f("/proc/self/statm");
    long pages = 0, resident = 0;
    f >> pages >> resident;
    return static_cast<double>(resident) * 4096.0 / (1024.0 * 1024.0);
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
    std::printf("%12s %14s %10s %10s %12s\n", "simulated", "history", "cap", "RSS", "wall");
    QTimer poll;
    QObject::connect(&poll, &QTimer::timeout, [&] {
        const ui::History& h = session.history();
        peakHistory = std::max(peakHistory, h.bytes());
        peakRss = std::max(peakRss, rssMb());
        if (h.now() >= next || h.latest().finished) {
            std::printf("%10.0f s %11.1f MB %7zu MB %7.0f MB %10.1f s\n", static_cast<double>(h.now()) / 1e9,
                        static_cast<double>(h.bytes()) / 1048576.0, capMb, rssMb(), wall.elapsed() / 1000.0);
            std::fflush(stdout);
            next += every;
        }
        if (h.latest().finished) {
            std::printf("peak History %.1f MB (cap %zu MB): %s; peak RSS %.0f MB (goal <= cap + 200 MB): %s; "
                        "%d compactions\n",
                        static_cast<double>(peakHistory) / 1048576.0, capMb,
                        peakHistory <= (capMb << 20) ? "within" : "OVER", peakRss,
                        peakRss <= static_cast<double>(capMb) + 200 ? "within" : "OVER", h.compactions());
            QApplication::exit(
                peakHistory <= (capMb << 20) && peakRss <= static_cast<double>(capMb) + 200 ? 0 : 1);
        }
    });
    poll.start(50);
    return app.exec();
}
