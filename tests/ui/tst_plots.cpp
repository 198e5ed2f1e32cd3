// The charts draw what History holds, the same way at every zoom: kernel overhead keeps its own
// colour whether its slices are wider or narrower than a pixel, and hovering never shows a
// placeholder id.
#include "controller/cgroupcolors.h"
#include "controller/session.h"
#include "plots/occupancyplot.h"
#include "scenario/loader.h"

#include <QImage>
#include <QtTest>

using namespace core;
using namespace ui;

namespace {

/// Two CPUs, nothing running: the test writes History itself.
std::shared_ptr<const ScenarioSpec> twoCpus() {
    LoadResult r = loadScenarioText(
        "{\"format\": 1, \"name\": \"plots\", \"duration\": \"2s\", \"topology\": {\"sockets\": 1, "
        "\"cores_per_socket\": 2, \"threads_per_core\": 1, \"numa_nodes\": 1}, \"tasks\": [{\"name\": \"t\", "
        "\"program\": [{\"sleep\": \"10s\"}]}]}",
        "plots.json");
    if (!r.ok())
        qFatal("%s", r.errors.front().c_str());
    return std::make_shared<const ScenarioSpec>(std::move(*r.spec));
}

bool isGrey(QRgb p) {
    return std::abs(qRed(p) - qBlue(p)) < 10 && std::abs(qRed(p) - qGreen(p)) < 10;
}

} // namespace

class TestPlots : public QObject {
    Q_OBJECT
private slots:
    void overheadKeepsItsColourAtEveryZoom() {
        Session session;
        session.open(twoCpus());
        QVERIFY(QTest::qWaitFor([&] { return session.history().snapshotsReceived() > 0; }, 5000));
        History& h = session.history();
        h.reset(2);
        // CPU 0: 30 us of kernel work on behalf of no task every 100 us, for a second.
        Snapshot s;
        for (int64_t t = 0; t < 1'000'000'000; t += 100'000) {
            Slice o;
            o.cpu = 0;
            o.kind = SliceKind::Overhead;
            o.start = SimTime::ns(t);
            o.end = SimTime::ns(t + 30'000);
            s.slices.push_back(o);
        }
        s.time = SimTime::s(1);
        h.append(s);

        OccupancyPlot plot(session);
        plot.resize(1000, 400);
        plot.restart();
        plot.show();
        QVERIFY(QTest::qWaitForWindowExposed(&plot));
        // From slices many pixels wide to a thousand slices per pixel.
        for (const int64_t width : {int64_t(400'000), int64_t(10'000'000), int64_t(1'000'000'000)}) {
            session.view().setRange(0, width, false);
            plot.refresh();
            plot.replotNow();
            const QImage img = plot.grab().toImage();
            const QRect lane = plot.laneRect(0);
            QVERIFY(!lane.isEmpty());
            int dark = 0, coloured = 0;
            for (int y = lane.top() + 1; y < lane.bottom(); ++y)
                for (int x = lane.left() + 2; x < lane.right() - 2; ++x) {
                    const QRgb p = img.pixel(x, y);
                    if (!isGrey(p))
                        ++coloured;
                    else if (qGray(p) < 128)
                        ++dark;
                }
            QVERIFY2(
                coloured == 0,
                qPrintable(QStringLiteral("%1 coloured pixels at a %2 ns range").arg(coloured).arg(width)));
            QVERIFY2(dark > lane.width() / 4,
                     qPrintable(QStringLiteral("only %1 dark pixels at a %2 ns range").arg(dark).arg(width)));
            // Hovering names kernel work without a task as such: no placeholder id, no empty cgroup.
            int named = 0;
            for (int x = lane.left() + 1; x < lane.right(); x += 3) {
                const QString tip = plot.tooltipAt(QPoint(x, lane.center().y()));
                QVERIFY2(!tip.contains(QStringLiteral("4294967295")), qPrintable(tip));
                QVERIFY2(!tip.contains(QStringLiteral("cgroup \n")) &&
                             !tip.endsWith(QStringLiteral("cgroup ")),
                         qPrintable(tip));
                named += tip.startsWith(QStringLiteral("kernel overhead")) ? 1 : 0;
            }
            QVERIFY(named > 0);
        }
    }
};

QTEST_MAIN(TestPlots)
#include "tst_plots.moc"
