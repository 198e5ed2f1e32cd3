// The thread-state tracks as a user meets them: rows grouped, found, pinned and collapsed; the
// previous and next run; a click in a track listing and drawing the wakeup chain; the tracks
// of a simulation and of a recording arriving with the session; Ctrl+F and [ ] wherever the
// focus is.
#include "controller/session.h"
#include "controller/threadrows.h"
#include "controller/traceloader.h"
#include "controller/wakeuptext.h"
#include "export/exportregistry.h"
#include "pages/cgrouppanel.h"
#include "pages/detailpanel.h"
#include "pages/threadspage.h"
#include "plots/markercolors.h"
#include "plots/occupancyplot.h"
#include "plots/threadtrackview.h"
#include "report/runqueuecounts.h"
#include "scenario/loader.h"
#include "window/mainwindow.h"

#include <QApplication>
#include <QContextMenuEvent>
#include <QInputDialog>
#include <QLineEdit>
#include <QMenu>
#include <QStandardPaths>
#include <QTabWidget>
#include <QTableWidget>
#include <QTemporaryDir>
#include <QTimer>
#include <QTreeView>
#include <QtTest>

using namespace core;
using namespace ui;

namespace {

StateInterval iv(SimNs from, SimNs to, ThreadState s, int32_t cpu = -1) {
    return {SimTime::ns(from), SimTime::ns(to), s, cpu};
}

/// Three tasks with a known chain: `client` (id 0, /app) sleeps 1-5 ms and is woken at 5 ms by
/// `server-1` (id 1, /app) from cpu1; server-1 slept 0-4 ms and was woken at 4 ms by its
/// timer; `kworker/0:1` (id 2, root) runs now and then.
std::shared_ptr<const ThreadStates> knownStates() {
    auto s = std::make_shared<ThreadStates>();
    TaskTrack client{TaskId(0),
                     "client",
                     CgroupId(1),
                     {iv(0, 1'000'000, ThreadState::Running, 0),
                      iv(1'000'000, 5'000'000, ThreadState::Sleeping),
                      iv(5'000'000, 5'200'000, ThreadState::Runnable, 0),
                      iv(5'200'000, 8'000'000, ThreadState::Running, 0)}};
    TaskTrack server{
        TaskId(1),
        "server-1",
        CgroupId(1),
        {iv(0, 4'000'000, ThreadState::Sleeping), iv(4'000'000, 4'100'000, ThreadState::Runnable, 1),
         iv(4'100'000, 6'000'000, ThreadState::Running, 1), iv(6'000'000, 8'000'000, ThreadState::Sleeping)}};
    TaskTrack kworker{TaskId(2),
                      "kworker/0:1",
                      CgroupId(0),
                      {iv(2'000'000, 2'500'000, ThreadState::Running, 0),
                       iv(2'500'000, 7'000'000, ThreadState::Sleeping),
                       iv(7'000'000, 7'300'000, ThreadState::Running, 1)}};
    s->tasks = {client, server, kworker};
    s->wakeups = {{SimTime::ns(4'000'000), TaskId(1), TaskId(), 1, 1, WakeSource::Timer},
                  {SimTime::ns(5'000'000), TaskId(0), TaskId(1), 1, 0, WakeSource::Task}};
    s->end = SimTime::ns(8'000'000);
    return s;
}

std::vector<std::string> labels(const ThreadRows& rows) {
    std::vector<std::string> out;
    for (const TrackRow& r : rows.rows())
        out.push_back(r.kind == TrackRow::Kind::Group ? "[" + r.group + "]" : rows.track(r)->name);
    return out;
}

/// Feeds `states` to a session as a snapshot would.
void give(Session& session, std::shared_ptr<const ThreadStates> states) {
    session.history().reset(2);
    Snapshot s;
    s.time = states->end;
    s.threadStates = std::move(states);
    CgroupState root;
    root.id = CgroupId(0);
    root.path = "/";
    CgroupState app;
    app.id = CgroupId(1);
    app.path = "/app";
    app.parent = CgroupId(0);
    s.cgroups = {root, app};
    session.history().append(s);
}

/// Opens builtin:default in `w` and runs it to `t`, until its thread states reach there.
bool runDefaultTo(MainWindow& w, SimTime t) {
    if (!w.documents().openScenario(QStringLiteral("builtin:default")))
        return false;
    w.session().controller().runTo(t);
    return QTest::qWaitFor(
        [&] {
            const auto& s = w.session().history().latest().threadStates;
            return s && s->end == t;
        },
        20000);
}

} // namespace

class TestThreadTracks : public QObject {
    Q_OBJECT
private slots:
    void initTestCase() { QStandardPaths::setTestModeEnabled(true); }

    void rowsAreGroupedFoundPinnedAndCollapsed() {
        ThreadRows rows;
        rows.setStates(knownStates(), {{0, 4242}}, {"/", "/app"});
        QCOMPARE(labels(rows),
                 (std::vector<std::string>{"[/]", "kworker/0:1", "[/app]", "client", "server-1"}));
        QCOMPARE(rows.taskLabel(*rows.states()->find(TaskId(0))), std::string("client (4242)"));
        rows.setGrouping(TrackGrouping::Name);
        QCOMPARE(labels(rows), (std::vector<std::string>{"[client]", "client", "[kworker]", "kworker/0:1",
                                                         "[server]", "server-1"}));
        rows.setGrouping(TrackGrouping::None);
        QCOMPARE(labels(rows), (std::vector<std::string>{"client", "server-1", "kworker/0:1"}));
        rows.setGrouping(TrackGrouping::Cgroup);
        // Find: by name, case-insensitive, or by the start of the pid.
        rows.setFilter("SERV");
        QCOMPARE(labels(rows), (std::vector<std::string>{"[/app]", "server-1"}));
        QCOMPARE(rows.matching(), size_t(1));
        rows.setFilter("42");
        QCOMPARE(labels(rows), (std::vector<std::string>{"[/app]", "client"}));
        rows.setFilter("nothing like it");
        QVERIFY(rows.rows().empty());
        rows.setFilter("");
        // Pinned tasks come first, and stay in their group too.
        rows.setPinned(1, true);
        QCOMPARE(labels(rows), (std::vector<std::string>{"[]", "server-1", "[/]", "kworker/0:1", "[/app]",
                                                         "client", "server-1"}));
        QCOMPARE(rows.rowOfTask(1), 1);
        // A collapsed group shows its header only; a filter opens it again.
        rows.toggleCollapsed("/app");
        QCOMPARE(labels(rows), (std::vector<std::string>{"[]", "server-1", "[/]", "kworker/0:1", "[/app]"}));
        QVERIFY(rows.rows().back().collapsed);
        rows.setFilter("client");
        QCOMPARE(labels(rows), (std::vector<std::string>{"[/app]", "client"}));
        rows.clearChoices();
        QCOMPARE(labels(rows),
                 (std::vector<std::string>{"[/]", "kworker/0:1", "[/app]", "client", "server-1"}));
    }

    void countersComeFirstAndCollapseOnBigMachines() {
        auto states = std::make_shared<ThreadStates>(*knownStates());
        states->nrRunning = runQueueCounts(*states, 2);
        ThreadRows rows;
        rows.setStates(states, {}, {"/", "/app"});
        QCOMPARE(rows.rows()[0].kind, TrackRow::Kind::Group);
        QCOMPARE(rows.rows()[0].group, std::string(ThreadRows::kCountersGroup));
        QCOMPARE(rows.rows()[1].kind, TrackRow::Kind::Counter);
        QCOMPARE(rows.rows()[2].kind, TrackRow::Kind::Counter);
        QVERIFY(rows.counter(rows.rows()[1]) != nullptr);
        QCOMPARE(rows.counterMax(rows.rows()[1]), 1u); // one task at a time on cpu0
        // A filter is for tasks: the counters step aside.
        rows.setFilter("client");
        QCOMPARE(rows.rows()[0].group, std::string("/app"));
        rows.setFilter("");
        // More than 4 CPUs: the counters start collapsed.
        auto big = std::make_shared<ThreadStates>(*knownStates());
        big->nrRunning = runQueueCounts(*big, 5);
        ThreadRows many;
        many.setStates(big, {}, {"/", "/app"});
        QVERIFY(many.rows()[0].collapsed);
        QCOMPARE(many.rows()[1].kind, TrackRow::Kind::Group);
    }

    // The model's counters: chosen per task, CPU and cgroup, shown right below what they belong
    // to, drawn, and absent where the states carry none (a recording).
    void modelCountersBelowTheirOwners() {
        auto states = std::make_shared<ThreadStates>(*knownStates());
        states->nrRunning = runQueueCounts(*states, 2);
        auto counter = [](CounterOwner o, uint32_t id, const char* name, std::vector<double> values) {
            CounterTrack c;
            c.owner = o;
            c.id = id;
            c.name = name;
            SimNs t = 0;
            for (double v : values) {
                c.points.push_back({SimTime::ns(t), v});
                t += 2'000'000;
            }
            return c;
        };
        states->counters = {counter(CounterOwner::Task, 0, "vruntime", {0, 1e6, 3e6, 4e6}),
                            counter(CounterOwner::Task, 0, "lag", {0, -2e5, 3e5, 0}),
                            counter(CounterOwner::Cpu, 1, "util_avg", {0, 300, 800, 1000}),
                            counter(CounterOwner::Cgroup, 1, "psi_cpu_some_avg10", {0, 10, 40, 20})};
        Session session;
        give(session, states);
        ThreadRows rows;
        rows.setStates(states, {}, {"/", "/app"});
        auto modelRows = [&] {
            int n = 0;
            for (const TrackRow& r : rows.rows())
                n += rows.modelCounter(r) != nullptr;
            return n;
        };
        QCOMPARE(modelRows(), 0); // none until chosen
        QVERIFY(rows.hasCounters(CounterOwner::Task, 0));
        QVERIFY(!rows.hasCounters(CounterOwner::Task, 2)); // kworker has none
        rows.setCountersShown(CounterOwner::Task, 0, true);
        const int client = rows.rowOfTask(0);
        QCOMPARE(rows.modelCounter(rows.rows()[size_t(client) + 1])->name, std::string("vruntime"));
        QCOMPARE(rows.modelCounter(rows.rows()[size_t(client) + 2])->name, std::string("lag"));
        QCOMPARE(rows.modelCounterRange(rows.rows()[size_t(client) + 2]), std::make_pair(-2e5, 3e5));
        rows.setCountersShown(CounterOwner::Cpu, 1, true);
        rows.setCountersShown(CounterOwner::Cgroup, 1, true);
        QCOMPARE(modelRows(), 4);
        // cpu1's PELT below cpu1's nr_running; /app's pressure below /app's header.
        for (size_t i = 0; i + 1 < rows.rows().size(); ++i) {
            const TrackRow& r = rows.rows()[i];
            if (rows.counter(r) && r.track == 1)
                QCOMPARE(rows.modelCounter(rows.rows()[i + 1])->name, std::string("util_avg"));
            if (r.kind == TrackRow::Kind::Group && r.group == "/app") {
                QCOMPARE(rows.cgroupOfGroup("/app"), int64_t(1));
                QCOMPARE(rows.modelCounter(rows.rows()[i + 1])->name, std::string("psi_cpu_some_avg10"));
            }
        }
        // Drawn: the counter's line in its row, nothing there once hidden again.
        ThreadTrackView view(session, rows);
        view.resize(900, 400);
        view.show();
        QVERIFY(QTest::qWaitForWindowExposed(&view));
        session.view().setRange(0, 8'000'000, false);
        auto inkInRow = [&](int row) {
            const QImage img = view.viewport()->grab().toImage();
            int ink = 0;
            const int y0 = ThreadTrackView::kRulerHeight + row * ThreadTrackView::kRowHeight;
            for (int y = y0; y < y0 + ThreadTrackView::kRowHeight; ++y)
                for (int x = ThreadTrackView::kLabelWidth; x < img.width(); ++x)
                    ink += img.pixelColor(x, y) == QColor(40, 110, 160);
            return ink;
        };
        view.rowsChanged();
        const int vruntimeRow = rows.rowOfTask(0) + 1;
        QVERIFY(inkInRow(vruntimeRow) > 50);
        rows.setCountersShown(CounterOwner::Task, 0, false);
        view.rowsChanged();
        QVERIFY(rows.modelCounter(rows.rows()[size_t(vruntimeRow)]) == nullptr);
        // Its CSV holds every counter, shown or not.
        const std::string csv = toCountersCsv(*states, {}, {}, {"/", "/app"});
        QVERIFY(csv.find("task,0,\"client\",vruntime,,2000000,1000000\n") != std::string::npos);
        QVERIFY(csv.find("cgroup,1,\"/app\",psi_cpu_some_avg10,,4000000,40\n") != std::string::npos);
    }

    void nextAndPreviousRun() {
        ThreadRows rows;
        rows.setStates(knownStates(), {}, {});
        QCOMPARE(rows.nextRun(2, 0), std::optional<SimNs>(2'000'000));
        QCOMPARE(rows.nextRun(2, 2'000'000), std::optional<SimNs>(7'000'000));
        QCOMPARE(rows.nextRun(2, 7'000'000), std::nullopt);
        QCOMPARE(rows.previousRun(2, 7'000'000), std::optional<SimNs>(2'000'000));
        QCOMPARE(rows.previousRun(2, 7'000'001), std::optional<SimNs>(7'000'000));
        QCOMPARE(rows.previousRun(2, 2'000'000), std::nullopt);
        QCOMPARE(rows.nextRun(99, 0), std::nullopt);
    }

    void aClickListsAndDrawsTheWakeupChain() {
        Session session;
        give(session, knownStates());
        ThreadsPage page(session);
        DetailPanel details(session);
        page.resize(1200, 300);
        page.show();
        QVERIFY(QTest::qWaitForWindowExposed(&page));
        page.refresh();
        session.view().setRange(0, 8'000'000, false);
        // Before a pick the list is empty; pick client's sleep at 3 ms.
        QCOMPARE(page.chainRows(), 0);
        ThreadTrackView* view = page.view();
        const int row = page.rows().rowOfTask(0);
        QVERIFY(row >= 0);
        const int width = view->viewport()->width() - ThreadTrackView::kLabelWidth;
        const QPoint at(ThreadTrackView::kLabelWidth + width * 3 / 8, ThreadTrackView::kRulerHeight +
                                                                          row * ThreadTrackView::kRowHeight +
                                                                          ThreadTrackView::kRowHeight / 2);
        QTest::mouseClick(view->viewport(), Qt::LeftButton, {}, at);
        QCOMPARE(session.view().selectedTask(), std::optional<uint32_t>(0));
        QVERIFY(session.view().cursor().has_value());
        QVERIFY(session.view().pick() && session.view().pick()->kind == Pick::Kind::State);
        // client, woken by server-1, whose sleep its timer ended.
        QCOMPARE(page.chainRows(), 2);
        details.refresh();
        QVERIFY2(details.text().contains(QStringLiteral("server-1")), qPrintable(details.text()));
        QVERIFY(details.text().contains(QStringLiteral("timer")));
        // The arrow: dark ink between server-1's row and client's at 5 ms that is not there
        // when the chain is not drawn (the hops' outlines cross that column too).
        auto inkAt5ms = [&]() -> int {
            const QImage img = view->viewport()->grab().toImage();
            // The chain's list has opened beside the tracks: the track area is narrower now.
            const int x = ThreadTrackView::kLabelWidth + (img.width() - ThreadTrackView::kLabelWidth) * 5 / 8;
            const int y0 =
                ThreadTrackView::kRulerHeight + page.rows().rowOfTask(0) * ThreadTrackView::kRowHeight;
            const int y1 =
                ThreadTrackView::kRulerHeight + page.rows().rowOfTask(1) * ThreadTrackView::kRowHeight;
            int ink = 0;
            // Only the upper half of server-1's row (the arrow's end, the row below client's):
            // client's outlined wait crosses this column too, server-1's does not.
            if (y1 <= y0)
                return -1000; // fails the check below
            for (int dx = -2; dx <= 2; ++dx)
                for (int y = y1 + 2; y < y1 + ThreadTrackView::kRowHeight / 2; ++y)
                    ink += img.pixelColor(x + dx, y) == QColor(20, 20, 20); // the chain's ink
            return ink;
        };
        const int withChain = inkAt5ms();
        const core::WakeupChain drawn =
            wakeupChain(*page.rows().states(), TaskId(0), SimTime::ns(3'000'000), 8);
        view->setChain({});
        const int without = inkAt5ms();
        QVERIFY2(withChain - without >= 4,
                 qPrintable(QStringLiteral("%1 vs %2").arg(withChain).arg(without)));
        view->setChain(drawn);
        // A click elsewhere (a slice in the CPU lanes) clears it.
        session.view().setPick(Pick{Pick::Kind::Slice, 0, 1000, {}});
        QCOMPARE(page.chainRows(), 0);
        // The CSV is the CLI's --states format.
        const QByteArray csv = page.csv();
        QVERIFY(csv.startsWith("pid,name,state,cpu,start_ns,end_ns\n"));
        QVERIFY2(csv.contains("1,\"server-1\",sleeping,,0,4000000\n"), csv.constData());
    }

    void statesArriveWithASimulationAndARecording() {
        MainWindow w;
        w.show();
        // Paused at 300 ms: the worker builds the tracks up to there.
        QVERIFY(runDefaultTo(w, SimTime::ms(300)));
        auto* page = w.findChild<ThreadsPage*>();
        QVERIFY(page);
        page->refresh();
        QVERIFY(page->rows().rows().size() > 3);
        // Each task's running time on its track is what the CPU lanes show it ran.
        const auto states = w.session().history().latest().threadStates;
        SimNs running = 0;
        for (const TaskTrack& t : states->tasks)
            for (const StateInterval& i : t.intervals)
                if (i.state == ThreadState::Running)
                    running += (i.end - i.start).count();
        SimNs busy = 0;
        for (uint32_t c = 0; c < w.session().history().nrCpus(); ++c)
            busy += w.session().history().lane(c).timeWithin(0, 300'000'000).busy;
        QVERIFY2(std::abs(running - busy) <= busy / 100,
                 qPrintable(QStringLiteral("%1 vs %2").arg(running).arg(busy)));
        // A simulation loses no wakeup: every sleep's chain names what ended it (and there are
        // chains to check: a woken task's).
        size_t woken = 0;
        for (const TaskTrack& t : states->tasks)
            for (SimNs at = 20'000'000; at < 300'000'000; at += 1'000'000) {
                const WakeupChain chain = wakeupChain(*states, t.id, SimTime::ns(at), 8);
                for (const ChainHop& hop : chain.hops) {
                    woken += hop.end == HopEnd::Woken;
                    QVERIFY2(hop.end != HopEnd::Unknown,
                             qPrintable(QStringLiteral("%1 at %2 ns: hop of task %3 from %4 ns")
                                            .arg(QString::fromStdString(t.name))
                                            .arg(at)
                                            .arg(hop.task.value())
                                            .arg(hop.from.count())));
                }
            }
        QVERIFY(woken > 100);
        // The model's counters came with them: every CPU's PELT, the fair tasks' vruntime.
        int cpuUtil = 0, vruntime = 0;
        for (const CounterTrack& c : states->counters) {
            cpuUtil += c.owner == CounterOwner::Cpu && c.name == "util_avg";
            vruntime += c.owner == CounterOwner::Task && c.name == "vruntime" && c.points.size() > 1;
        }
        QCOMPARE(cpuUtil, int(w.session().history().nrCpus()));
        QVERIFY(vruntime > 3);
        const Exportable* counters = w.exports().find(QStringLiteral("thread-counters"));
        QVERIFY(counters);
        QVERIFY(counters->csv().contains(",vruntime,ns,"));

        // A recording: its tracks come with it, unknown before each task's first event.
        QVERIFY(w.documents().openTrace(QStringLiteral(SCHEDSCOPE_TEST_DATA "/traces/perf-sched.script")));
        QVERIFY(QTest::qWaitFor([&] { return w.session().trace() != nullptr; }, 20000));
        const auto rec = w.session().history().latest().threadStates;
        QVERIFY(rec && !rec->tasks.empty());
        bool unknown = false;
        for (const TaskTrack& t : rec->tasks)
            unknown = unknown || (!t.intervals.empty() && t.intervals.front().state == ThreadState::Unknown);
        QVERIFY(unknown);
        // It carries nr_running (from its events) but none of the model's counters.
        QVERIFY(!rec->nrRunning.empty());
        QVERIFY(rec->counters.empty());
    }

    // A track's own context menu (the export registry's must not replace it): pin, runs, why,
    // the task's counters, then the exports.
    void aTracksContextMenu() {
        MainWindow w;
        w.resize(1400, 900);
        w.show();
        QVERIFY(runDefaultTo(w, SimTime::ms(100)));
        auto* page = w.findChild<ThreadsPage*>();
        page->refresh();
        ThreadTrackView* view = page->view();
        const int row = page->rows().rowOfTask(0);
        QVERIFY(row >= 0);
        view->ensureRowVisible(row);
        const QPoint at(ThreadTrackView::kLabelWidth + 100,
                        ThreadTrackView::kRulerHeight +
                            (row - view->firstRow()) * ThreadTrackView::kRowHeight +
                            ThreadTrackView::kRowHeight / 2);
        QStringList items;
        QTimer::singleShot(0, [&] {
            if (auto* menu = qobject_cast<QMenu*>(QApplication::activePopupWidget())) {
                for (QAction* a : menu->actions())
                    if (!a->isSeparator())
                        items << a->text() + (a->isEnabled() ? QString() : QStringLiteral(" (off)"));
                menu->close();
            }
        });
        QContextMenuEvent e(QContextMenuEvent::Mouse, at, view->viewport()->mapToGlobal(at));
        QApplication::sendEvent(view->viewport(), &e);
        QVERIFY2(items.contains(QStringLiteral("Pin to Top")), qPrintable(items.join(QLatin1Char('|'))));
        QVERIFY(items.contains(QStringLiteral("Why Did It Wait Here?")));
        QVERIFY(items.contains(QStringLiteral("Show Scheduler Counters of This Task")));
        QVERIFY(items.contains(QStringLiteral("Export as &PNG...")));
    }

    // Bookmarks: M asks for a note and marks the cursor; the timelines draw it; Save Session
    // writes it, opening that file brings it back; a restart keeps it.
    void bookmarksWithNotes() {
        MainWindow w;
        w.resize(1400, 900);
        w.show();
        QVERIFY(QTest::qWaitForWindowExposed(&w));
        QVERIFY(runDefaultTo(w, SimTime::ms(100)));
        ViewState& v = w.session().view();
        v.setRange(0, 100'000'000, false);
        v.setCursor(40'000'000);
        bool asked = false;
        QTimer::singleShot(0, [&asked] {
            if (auto* d = qobject_cast<QInputDialog*>(QApplication::activeModalWidget())) {
                asked = true;
                d->setTextValue(QStringLiteral("the burst & its wakeups"));
                d->accept();
            }
        });
        w.activateWindow();
        QVERIFY(QTest::qWaitForWindowActive(&w));
        QTest::keyClick(&w, Qt::Key_M);
        QVERIFY(asked);
        QCOMPARE(v.bookmarks().size(), size_t(1));
        QCOMPARE(v.bookmarks()[0].at, SimNs(40'000'000));
        QCOMPARE(v.bookmarks()[0].note, QStringLiteral("the burst & its wakeups"));
        // Drawn on the thread tracks (a dashed line in the bookmark colour), the page in view
        // (an earlier test's saved layout may have left another tab current).
        auto* page = w.findChild<ThreadsPage*>();
        for (QTabWidget* tabs : w.findChildren<QTabWidget*>())
            if (tabs->indexOf(page) >= 0)
                tabs->setCurrentWidget(page);
        QVERIFY(QTest::qWaitFor([&] { return page->view()->viewport()->isVisible(); }, 5000));
        v.setRange(0, 100'000'000, false);
        v.setCursor(std::nullopt); // the cursor's line would cover the bookmark's
        page->refresh();
        const QImage img = page->view()->viewport()->grab().toImage();
        int ink = 0;
        for (int y = 0; y < img.height(); ++y)
            for (int x = page->view()->labelWidth(); x < img.width(); ++x)
                ink += img.pixelColor(x, y) == kBookmarkColor;
        QVERIFY2(
            ink > 20,
            qPrintable(QStringLiteral("%1 px in a %2x%3 view").arg(ink).arg(img.width()).arg(img.height())));
        // Cancel adds none; a second one sorts by time.
        asked = false;
        w.activateWindow(); // the closed dialog took the activation with it
        QVERIFY(QTest::qWaitForWindowActive(&w));
        page->view()->setFocus(); // not a text field: those keep their keys
        QTimer::singleShot(0, [&asked] {
            if (auto* d = qobject_cast<QInputDialog*>(QApplication::activeModalWidget())) {
                asked = true;
                d->reject();
            }
        });
        QTest::keyClick(&w, Qt::Key_M);
        QVERIFY(asked);
        QCOMPARE(v.bookmarks().size(), size_t(1));
        // A note longer than the file takes is cut at a character, in bytes of UTF-8; a
        // bookmark past the run's end is saved at its end (the file must open again).
        const QString longNote(3000, QChar(0x4E2D)); // 3 bytes each in UTF-8
        QCOMPARE(ViewState::bookmarkNote(longNote).toUtf8().size(), qsizetype(4095));
        v.addBookmark(10'000'000, QStringLiteral("start"));
        QCOMPARE(v.bookmarks()[0].note, QStringLiteral("start"));
        // Going to one puts the cursor there and the range around it.
        v.setRange(60'000'000, 80'000'000, false);
        v.goTo(10'000'000);
        QCOMPARE(v.cursor(), std::optional<SimNs>(10'000'000));
        QVERIFY(v.rangeStart() <= 10'000'000 && v.rangeEnd() >= 10'000'000);
        const size_t past = v.addBookmark(w.session().spec()->duration.count() + 5'000'000, longNote);
        const core::SessionSave clamped = w.session().savedScenario();
        QVERIFY(core::loadScenarioText(clamped.text, "clamped.json").ok());
        v.removeBookmark(past);
        // A restart keeps them.
        w.session().controller().reset();
        QVERIFY(QTest::qWaitFor([&] { return w.session().history().now() == 0; }, 5000));
        QCOMPARE(v.bookmarks().size(), size_t(2));
        // So does the same scenario on another kernel model.
        std::vector<core::ModelConflict> dropped;
        std::string error;
        QVERIFY2(w.session().reopenOnModel(core::KernelModel::V6_12, dropped, error), error.c_str());
        QVERIFY(QTest::qWaitFor([&] { return w.session().spec()->kernel.model == core::KernelModel::V6_12; },
                                5000));
        QCOMPARE(v.bookmarks().size(), size_t(2));
        // Saved with the session and read back with it.
        const core::SessionSave saved = w.session().savedScenario();
        QVERIFY2(saved.ok(), saved.error.c_str());
        QTemporaryDir dir;
        const QString file = dir.filePath(QStringLiteral("session.json"));
        {
            QFile f(file);
            QVERIFY(f.open(QIODevice::WriteOnly));
            f.write(QByteArray::fromStdString(saved.text));
        }
        QVERIFY(w.documents().openScenario(QStringLiteral("builtin:default")));
        QVERIFY(QTest::qWaitFor([&] { return v.bookmarks().empty(); }, 5000)); // another scenario
        QVERIFY(w.documents().openScenario(file));
        QVERIFY(QTest::qWaitFor([&] { return v.bookmarks().size() == 2; }, 5000));
        QCOMPARE(v.bookmarks()[1].note, QStringLiteral("the burst & its wakeups"));
        QCOMPARE(v.bookmarks()[1].at, SimNs(40'000'000));
    }

    // An imported workload's task keeps its recorded pid in the views (find, labels), not its
    // task id.
    void aSimulatedTaskShowsItsOwnPid() {
        QTemporaryDir dir;
        const QString file = dir.filePath(QStringLiteral("pids.json"));
        {
            QFile f(file);
            QVERIFY(f.open(QIODevice::WriteOnly));
            f.write(R"({"format": 1, "name": "pids", "duration": "50ms",
              "topology": {"sockets": 1, "cores_per_socket": 2, "threads_per_core": 1, "numa_nodes": 1},
              "tasks": [{"name": "worker", "pid": 4242,
                         "program": [{"loop": -1, "do": [{"run": "1ms"}, {"sleep": "1ms"}]}]},
                        {"name": "plain", "program": [{"run": "10ms"}]}]})");
        }
        MainWindow w;
        w.show();
        QVERIFY(w.documents().openScenario(file));
        w.session().controller().runTo(SimTime::ms(20));
        QVERIFY(QTest::qWaitFor(
            [&] {
                const auto& s = w.session().history().latest().threadStates;
                return s && s->end == SimTime::ms(20);
            },
            20000));
        auto* page = w.findChild<ThreadsPage*>();
        page->refresh();
        QCOMPARE(page->rows().pidOf(0), int64_t(4242));
        QCOMPARE(page->rows().pidOf(1), int64_t(1)); // no pid of its own: its id
        const TaskTrack* worker = page->rows().states()->find(TaskId(0));
        QVERIFY(worker);
        QCOMPARE(page->rows().taskLabel(*worker), std::string("worker (4242)"));
        auto* find = page->findChild<QLineEdit*>(QStringLiteral("findTask"));
        QVERIFY(find);
        QTest::keyClicks(find, QStringLiteral("4242"));
        QCOMPARE(page->rows().matching(), size_t(1));
    }

    // The tracks' time area and the lanes' time axis cover the same pixels, whatever the
    // window's size (the same time at the same x).
    void lanesAndTracksShareTheirPixels() {
        MainWindow w;
        for (const QSize size : {QSize(1600, 1000), QSize(1024, 640)}) {
            w.resize(size);
            w.show();
            QVERIFY(QTest::qWaitForWindowExposed(&w));
            QVERIFY(runDefaultTo(w, SimTime::ms(50)));
            auto* lanes = w.findChild<OccupancyPlot*>();
            ThreadTrackView* tracks = w.findChild<ThreadsPage*>()->view();
            auto aligned = [&] {
                const int x0 = tracks->viewport()->mapToGlobal(QPoint(0, 0)).x();
                const QRect axis = lanes->timeAxisGlobal();
                return axis.left() == x0 + tracks->labelWidth() &&
                       axis.left() + axis.width() == x0 + tracks->viewport()->width() - tracks->rightMargin();
            };
            QVERIFY2(QTest::qWaitFor(aligned, 5000),
                     qPrintable(QStringLiteral("lanes %1+%2, tracks %3+%4 (label %5, right %6)")
                                    .arg(lanes->timeAxisGlobal().left())
                                    .arg(lanes->timeAxisGlobal().width())
                                    .arg(tracks->viewport()->mapToGlobal(QPoint(0, 0)).x())
                                    .arg(tracks->viewport()->width())
                                    .arg(tracks->labelWidth())
                                    .arg(tracks->rightMargin())));
            QVERIFY(tracks->labelWidth() >= ThreadTrackView::kLabelWidth);
        }
    }

    void findAndRunKeysWhateverHasTheFocus() {
        MainWindow w;
        w.show();
        w.activateWindow();
        QVERIFY(QTest::qWaitForWindowActive(&w));
        QVERIFY(runDefaultTo(w, SimTime::ms(200)));
        auto* page = w.findChild<ThreadsPage*>();
        page->refresh();
        // Ctrl+F from the timeline: the Threads page's find field.
        auto* occupancy = w.findChild<OccupancyPlot*>();
        occupancy->setFocus();
        QTest::keyClick(w.windowHandle(), Qt::Key_F, Qt::ControlModifier);
        auto* find = w.findChild<QLineEdit*>(QStringLiteral("findTask"));
        QVERIFY(find && find->hasFocus());
        QVERIFY(w.findChild<QTabWidget*>(QStringLiteral("viewTabs"))->currentWidget() == page);
        // Typing narrows the tracks; Enter selects the first match.
        const auto& first = w.session().history().latest().threadStates->tasks.front();
        QTest::keyClicks(find, QString::fromStdString(first.name));
        QVERIFY(page->rows().matching() >= 1);
        QVERIFY(page->rows().matching() < w.session().history().latest().threadStates->tasks.size() ||
                w.session().history().latest().threadStates->tasks.size() == 1);
        QTest::keyClick(find, Qt::Key_Return);
        QVERIFY(w.session().view().selectedTask().has_value());
        const uint32_t task = *w.session().view().selectedTask();
        // ] from the timeline: the cursor moves to the task's next run, [ back.
        occupancy->setFocus();
        w.session().view().setCursor(0);
        QTest::keyClick(w.windowHandle(), Qt::Key_BracketRight);
        const auto next = page->rows().nextRun(task, 0);
        QVERIFY(next.has_value());
        QCOMPARE(w.session().view().cursor(), next);
        QTest::keyClick(w.windowHandle(), Qt::Key_BracketRight);
        const auto second = page->rows().nextRun(task, *next);
        if (second) {
            QCOMPARE(w.session().view().cursor(), second);
            QTest::keyClick(w.windowHandle(), Qt::Key_BracketLeft);
            QCOMPARE(w.session().view().cursor(), next);
        }
        // Ctrl+F in the cgroup tree: its own find field, which narrows the tree as you type.
        auto* tree = w.findChild<QTreeView*>(QStringLiteral("cgroupTree"));
        tree->setFocus();
        QTest::keyClick(w.windowHandle(), Qt::Key_F, Qt::ControlModifier);
        auto* cgroupFind = w.findChild<QLineEdit*>(QStringLiteral("findCgroupTask"));
        QVERIFY(cgroupFind && cgroupFind->hasFocus());
        QTest::keyClicks(cgroupFind, QStringLiteral("no cgroup is called this"));
        int shown = 0;
        for (int r = 0; r < tree->model()->rowCount(); ++r)
            shown += !tree->isRowHidden(r, {});
        QCOMPARE(shown, 0);
        cgroupFind->clear();
        shown = 0;
        for (int r = 0; r < tree->model()->rowCount(); ++r)
            shown += !tree->isRowHidden(r, {});
        QVERIFY(shown > 0);
    }
};

QTEST_MAIN(TestThreadTracks)
#include "tst_threadtracks.moc"
