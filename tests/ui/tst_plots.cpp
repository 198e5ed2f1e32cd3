// The charts draw what History holds, the same way at every zoom: kernel overhead keeps its own
// colour whether its slices are wider or narrower than a pixel, and hovering never shows a
// placeholder id.
#include "controller/cgroupcolors.h"
#include "controller/session.h"
#include "plots/occupancyplot.h"
#include "scenario/loader.h"

#include <QImage>
#include <QScrollBar>
#include <QtTest>

#include <set>

using namespace core;
using namespace ui;

namespace {

/// A machine of `cores` x `threads` CPUs with nothing running: the tests write History.
std::shared_ptr<const ScenarioSpec> idleMachine(int cores, int threads) {
    LoadResult r = loadScenarioText(
        QStringLiteral(
            "{\"format\": 1, \"name\": \"plots\", \"duration\": \"2s\", \"topology\": {\"sockets\": 1, "
            "\"cores_per_socket\": %1, \"threads_per_core\": %2, \"numa_nodes\": 1}, \"tasks\": "
            "[{\"name\": \"t\", \"program\": [{\"sleep\": \"10s\"}]}]}")
            .arg(cores)
            .arg(threads)
            .toStdString(),
        "plots.json");
    if (!r.ok())
        qFatal("%s", r.errors.front().c_str());
    return std::make_shared<const ScenarioSpec>(std::move(*r.spec));
}

std::shared_ptr<const ScenarioSpec> builtin(const std::string& name) {
    LoadResult r = loadScenario("builtin:" + name);
    if (!r.ok())
        qFatal("%s", r.errors.front().c_str());
    return std::make_shared<const ScenarioSpec>(std::move(*r.spec));
}

/// A History holding task 0 ("worker", cgroup 0) running on CPU 0 for the first second.
void oneLongSlice(History& h, uint32_t cpus) {
    h.reset(cpus);
    Snapshot s;
    Slice run;
    run.cpu = 0;
    run.task = TaskId(0);
    run.cgroup = CgroupId(0);
    run.start = SimTime::ns(0);
    run.end = SimTime::s(1);
    s.slices.push_back(run);
    s.newTasks.push_back({TaskId(0), "worker", CgroupId(0)});
    s.time = SimTime::s(1);
    h.append(s);
}

/// Pixels of `img` inside `r` unlike the most common one there.
int pixelsUnlikeTheFill(const QImage& img, const QRect& r) {
    std::map<QRgb, int> count;
    for (int y = r.top(); y <= r.bottom(); ++y)
        for (int x = r.left(); x <= r.right(); ++x)
            ++count[img.pixel(x, y)];
    int most = 0;
    for (const auto& [rgb, n] : count)
        most = std::max(most, n);
    return r.width() * r.height() - most;
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
        session.open(idleMachine(2, 1));
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

    void aBigMachineIsATrackListThatScales() {
        // 176 CPUs (22 cores of SMT8): one summed row per core to start, every row labelled;
        // a core's label expands it; all expanded, the list scrolls with every visible lane
        // labelled and readable; a picked migration shows both its CPUs.
        Session session;
        session.open(builtin("ebizzy-smt8"));
        OccupancyPlot plot(session);
        plot.resize(1000, 600);
        plot.show();
        QVERIFY(QTest::qWaitForWindowExposed(&plot));
        plot.restart();
        plot.replotNow();
        const auto& rows = plot.tracks().rows();
        QCOMPARE(rows.size(), size_t(22));
        QVERIFY(std::all_of(rows.begin(), rows.end(),
                            [](const Track& t) { return t.kind == Track::Kind::Core; }));
        QStringList labels = plot.rowLabels();
        QCOMPARE(labels.size(), 22);
        QCOMPARE(labels[13], QStringLiteral("\u25b8 core 13: cpu104-111"));
        auto* scroll = plot.findChild<QScrollBar*>(QStringLiteral("trackScroll"));
        QVERIFY(scroll && !scroll->isVisible());

        // Click core 13's label.
        const QRect core13 = plot.rowRect(13);
        QVERIFY(!core13.isEmpty());
        const QPoint onLabel(core13.left() - 20, core13.center().y());
        QVERIFY(plot.tooltipAt(onLabel).contains(QStringLiteral("expand")));
        QTest::mouseClick(plot.canvas(), Qt::LeftButton, {}, onLabel - plot.canvas()->pos());
        QCOMPARE(rows.size(), size_t(22 + 8));
        QVERIFY(plot.tracks().cpuShown(105));
        QVERIFY(!plot.tracks().cpuShown(7));
        plot.replotNow();
        QVERIFY(plot.rowLabels().contains(QStringLiteral("cpu105 (0/13/1)")));
        QVERIFY(plot.laneRect(105).height() >= 10);

        plot.expandAll();
        plot.replotNow();
        QCOMPARE(rows.size(), size_t(22 + 176));
        QVERIFY(scroll->isVisible());
        auto [first, last] = plot.visibleRows();
        QVERIFY(last > first + 10 && last < rows.size() - 1);
        labels = plot.rowLabels();
        QCOMPARE(labels.size(), int(last - first + 1));
        QCOMPARE(QSet<QString>(labels.begin(), labels.end()).size(), labels.size());
        for (size_t i = first; i <= last; ++i)
            if (rows[i].kind == Track::Kind::Cpu)
                QVERIFY2(plot.rowRect(i).height() >= 11, qPrintable(labels[int(i - first)]));
        plot.scrollToRow(rows.size() - 1);
        plot.replotNow();
        QCOMPARE(plot.rowLabels().last(), QStringLiteral("cpu175 (0/21/7)"));
        // A taller lane shows fewer rows.
        const size_t shown = plot.visibleRows().second - plot.visibleRows().first;
        plot.setLaneHeight(40);
        plot.scrollToRow(rows.size() - 1);
        QVERIFY(plot.visibleRows().second - plot.visibleRows().first < shown);
        QVERIFY(std::abs(plot.laneRect(175).height() - 40) <= 2);

        // A migration between two collapsed cores shows both ends.
        plot.setLaneHeight(0);
        plot.collapseCores();
        MigrationRecord m;
        m.time = SimTime::ms(1);
        m.task = TaskId(3);
        m.from = 3;
        m.to = 100;
        session.view().setPick(Pick{Pick::Kind::Migration, 3, 1'000'000, m});
        QVERIFY(plot.tracks().cpuShown(3) && plot.tracks().cpuShown(100));
        QCOMPARE(rows.size(), size_t(22 + 16));
    }

    void aCollapsedCoreSumsItsCpus() {
        // CPU 0 busy, CPU 1 idle: the core's row is filled to half its height.
        Session session;
        session.open(idleMachine(1, 2));
        QVERIFY(QTest::qWaitFor([&] { return session.history().snapshotsReceived() > 0; }, 5000));
        oneLongSlice(session.history(), 2);
        OccupancyPlot plot(session);
        plot.resize(800, 300);
        plot.show();
        QVERIFY(QTest::qWaitForWindowExposed(&plot));
        plot.restart();
        session.view().setRange(0, 1'000'000'000, false);
        plot.collapseCores();
        QCOMPARE(plot.tracks().rows().size(), size_t(1));
        plot.replotNow();
        const QImage img = plot.grab().toImage();
        const QRect row = plot.rowRect(0);
        int coloured = 0;
        for (int y = row.top(); y <= row.bottom(); ++y)
            coloured += isGrey(img.pixel(row.center().x(), y)) ? 0 : 1;
        const double share = double(coloured) / row.height();
        QVERIFY2(share > 0.4 && share < 0.6, qPrintable(QString::number(share)));
        QVERIFY(plot.tooltipAt(row.center()).contains(QStringLiteral("1.0 of 2 CPUs busy")));
    }

    void slicesWideEnoughCarryTheirTaskName() {
        Session session;
        session.open(idleMachine(2, 1));
        QVERIFY(QTest::qWaitFor([&] { return session.history().snapshotsReceived() > 0; }, 5000));
        oneLongSlice(session.history(), 2);
        OccupancyPlot plot(session);
        plot.resize(800, 400);
        plot.show();
        QVERIFY(QTest::qWaitForWindowExposed(&plot));
        plot.restart();
        session.view().setRange(0, 1'000'000'000, false);
        plot.setLaneHeight(40);
        plot.replotNow();
        QRect lane = plot.laneRect(0).adjusted(1, 1, -1, -1);
        const int named = pixelsUnlikeTheFill(plot.grab().toImage(), lane);
        QVERIFY2(named > 20, qPrintable(QString::number(named)));
        // Too thin for text: plain fill.
        plot.setLaneHeight(8);
        plot.replotNow();
        lane = plot.laneRect(0).adjusted(1, 1, -1, -1);
        QCOMPARE(pixelsUnlikeTheFill(plot.grab().toImage(), lane), 0);
    }
};

QTEST_MAIN(TestPlots)
#include "tst_plots.moc"
