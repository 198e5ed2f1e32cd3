#include "window/mainwindow.h"

#include "controller/format.h"
#include "controller/kerneltext.h"
#include "export/exportregistry.h"
#include "pages/cgrouppanel.h"
#include "pages/counterspanel.h"
#include "pages/depthpage.h"
#include "pages/detailpanel.h"
#include "pages/latencypage.h"
#include "pages/messagelist.h"
#include "pages/migrationspage.h"
#include "pages/optimizationspanel.h"
#include "pages/pressurepage.h"
#include "pages/querypage.h"
#include "pages/statuspanel.h"
#include "pages/threadspage.h"
#include "pages/windowsize.h"
#include "plots/occupancyplot.h"
#include "plots/topologyview.h"
#include "window/bookmarksmenu.h"
#include "window/helpdialogs.h"
#include "window/language.h"
#include "window/recentfiles.h"
#include "window/timeaxisalignment.h"

#include <QAction>
#include <QActionGroup>
#include <QApplication>
#include <QCloseEvent>
#include <QDockWidget>
#include <QDragEnterEvent>
#include <QInputDialog>
#include <QLabel>
#include <QMenuBar>
#include <QMessageBox>
#include <QScrollArea>
#include <QSettings>
#include <QSlider>
#include <QSplitter>
#include <QStatusBar>
#include <QTabWidget>
#include <QTimer>
#include <QToolBar>

namespace ui {

MainWindow::MainWindow(QWidget* parent)
    : QMainWindow(parent)
    , m_exports(new ExportRegistry(this))
    , m_documents(new Documents(this, m_session)) {
    setWindowTitle(tr("SchedScope"));
    setAcceptDrops(true);
    setDockNestingEnabled(true);
    connect(m_exports, &ExportRegistry::message, this,
            [this](const QString& m) { statusBar()->showMessage(m, 8000); });

    createPages();
    createDocks();
    createActions();
    connect(&m_session, &Session::started, this, &MainWindow::updateActions);

    connect(&m_session.controller(), &SimulationController::commandDone, this,
            [this](bool ok, const QString& message) {
                statusBar()->showMessage(ok ? message : tr("Not done: %1").arg(message), 5000);
            });
    connect(&m_session.controller(), &SimulationController::runningChanged, this, [this](bool running) {
        m_runAction->setText(running ? tr("&Pause") : tr("&Run"));
        m_runAction->setIcon(style()->standardIcon(running ? QStyle::SP_MediaPause : QStyle::SP_MediaPlay));
    });
    // Room for everything, but never larger than the screen (a 1280x720 laptop); the timeline
    // gets about half the width, the docks the rest (a saved layout replaces this).
    fitToScreen(*this, QSize(1500, 950));
    if (auto* tree = findChild<QDockWidget*>(QStringLiteral("cgroupsDock")))
        if (auto* opt = findChild<QDockWidget*>(QStringLiteral("optimizationsDock")))
            resizeDocks({tree, opt}, {width() * 22 / 100, width() * 27 / 100}, Qt::Horizontal);
    restoreSettings();
}

void MainWindow::restoreSettings() {
    QSettings s;
    setSpeedPreset(s.value(QStringLiteral("speed"), 5).toInt()); // default 100 ms per second: watchable
    const int capMb = s.value(QStringLiteral("historyCapMB"), int(History::kDefaultCap >> 20)).toInt();
    m_session.history().setCap(size_t(std::clamp(capMb, 16, 65536)) << 20);
    restoreGeometry(s.value(QStringLiteral("window/geometry")).toByteArray());
    restoreState(s.value(QStringLiteral("window/state")).toByteArray());
    fitToScreen(*this, size()); // a size saved on a larger screen is fitted to this one
    // Once shown: the layout's minimum before any data (German labels, empty tables) can have
    // grown the window past a 1024-pixel screen; it is smaller by then.
    QTimer::singleShot(0, this, [this] { fitToScreen(*this, size()); });
}

void MainWindow::saveSettings() const {
    QSettings s;
    s.setValue(QStringLiteral("speed"), m_speed->value());
    s.setValue(QStringLiteral("historyCapMB"), int(m_session.history().cap() >> 20));
    s.setValue(QStringLiteral("window/geometry"), saveGeometry());
    s.setValue(QStringLiteral("window/state"), saveState());
}

void MainWindow::closeEvent(QCloseEvent* e) {
    saveSettings();
    QMainWindow::closeEvent(e);
}

void MainWindow::createPages() {
    // The timeline over the tabbed pages; each view follows the session by itself and offers
    // its charts and tables to the export registry, in this order.
    m_occupancy = new OccupancyPlot(m_session);
    m_exports->add(m_occupancy);
    m_threads = new ThreadsPage(m_session);
    m_threads->addExports(*m_exports);
    new TimeAxisAlignment(m_occupancy, m_threads->view(), this); // the same time at the same x
    auto* topology = new TopologyView(m_session);
    m_exports->add(topology);
    auto* pressure = new PressurePage(m_session);
    pressure->addExports(*m_exports);
    auto* migrations = new MigrationsPage(m_session);
    migrations->addExports(*m_exports);
    auto* latency = new LatencyPage(m_session);
    latency->addExports(*m_exports);
    auto* depth = new DepthPage;
    depth->addExports(*m_exports);
    auto* details = new DetailPanel(m_session);

    auto* tabs = new QTabWidget;
    tabs->setObjectName(QStringLiteral("viewTabs"));
    m_tabs = tabs;
    m_pressurePage = pressure;
    m_depthPage = depth;
    tabs->addTab(m_threads, tr("Th&reads"));
    tabs->addTab(topology, tr("&Topology"));
    tabs->addTab(pressure, tr("&Pressure"));
    tabs->addTab(migrations, tr("&Migrations"));
    tabs->addTab(latency, tr("&Latency"));
    tabs->addTab(depth, tr("&Depth"));
    tabs->addTab(details, tr("D&etails"));
    tabs->addTab(new QueryPage({{QStringLiteral("main"), &m_session}}, *m_exports),
                 tr("&Query")); // docs/query.md
    // A double-click in the Latency table goes to that wait on the Threads page.
    connect(latency, &LatencyPage::waitChosen, this, [this, tabs](uint32_t task, SimNs from, SimNs to) {
        tabs->setCurrentWidget(m_threads);
        m_threads->showWait(task, from, to);
    });
    // Picking a slice in the timeline raises its details (as trace viewers raise their
    // selection panel); a migration picked in its table leaves the table in view.
    connect(&m_session.view(), &ViewState::pickChanged, tabs, [this, tabs, details] {
        const auto& pick = m_session.view().pick();
        if (pick && pick->kind == Pick::Kind::Slice)
            tabs->setCurrentWidget(details);
    });
    auto* split = new QSplitter(Qt::Vertical);
    split->addWidget(m_occupancy);
    split->addWidget(tabs);
    split->setSizes({520, 380});
    setCentralWidget(split);

    m_counters = new CountersPanel(m_session);
    m_counters->addExports(*m_exports);
    m_cgroups = new CgroupPanel(m_session);
    m_cgroups->addExports(*m_exports);
    m_optimizations = new OptimizationsPanel(m_session);
    // The figures sit on the right; messages (what a step executed, what was opened or
    // exported) take the rest of the bar, and the figures shrink to time and state meanwhile.
    auto* status = new StatusPanel(m_session);
    status->setObjectName(QStringLiteral("statusPanel"));
    status->attachTo(statusBar());
}

MainWindow::~MainWindow() = default;

namespace {
// The counters need room for their figures; the cgroup tree scrolls.
constexpr int kLeftDockMinimumWidth = 160;
constexpr int kRightDockMinimumWidth = 240;
} // namespace

void MainWindow::createDocks() {
    auto dock = [this](QWidget* w, const QString& title, const QString& name, Qt::DockWidgetArea area) {
        auto* d = new QDockWidget(title, this);
        d->setObjectName(name);
        d->setWidget(w);
        addDockWidget(area, d);
        return d;
    };
    QDockWidget* tree = dock(m_cgroups, tr("Cgroups"), QStringLiteral("cgroupsDock"), Qt::LeftDockWidgetArea);
    auto* scroll = new QScrollArea;
    scroll->setWidget(m_optimizations);
    scroll->setWidgetResizable(true);
    // No minimum widths: text wraps, tables scroll, so the window fits a laptop screen.
    scroll->setHorizontalScrollBarPolicy(Qt::ScrollBarAsNeeded);
    QDockWidget* opt =
        dock(scroll, tr("Optimizations"), QStringLiteral("optimizationsDock"), Qt::RightDockWidgetArea);
    QDockWidget* cnt =
        dock(m_counters, tr("Counters"), QStringLiteral("countersDock"), Qt::RightDockWidgetArea);
    splitDockWidget(opt, cnt, Qt::Vertical);
    // "Why did it wait?" beside the optimizations, raised when a wait is picked: the lanes and
    // the tracks keep their width.
    QDockWidget* why = dock(m_threads->chainPanel(), tr("Why Did It Wait?"), QStringLiteral("whyDock"),
                            Qt::RightDockWidgetArea);
    m_threads->chainPanel()->show();
    tabifyDockWidget(opt, why);
    opt->raise();
    connect(m_threads, &ThreadsPage::chainListed, why, [why] {
        why->show();
        why->raise();
    });
    resizeDocks({opt, cnt}, {560, 380}, Qt::Vertical);
    resizeDocks({tree, opt}, {340, 420}, Qt::Horizontal); // the counters want room for their figures
    // Narrow enough for a 1024-pixel window, wide enough to read: a window shrunk and grown
    // again (or a layout saved that way) cannot leave a dock a sliver.
    tree->setMinimumWidth(kLeftDockMinimumWidth);
    opt->setMinimumWidth(kRightDockMinimumWidth);
    cnt->setMinimumWidth(kRightDockMinimumWidth);
    why->setMinimumWidth(kRightDockMinimumWidth);
}

void MainWindow::createActions() {
    createFileMenu();
    createSimulationMenu();
    createViewMenu();
    createHelpMenu();
    createToolBar();
}

void MainWindow::createFileMenu() {
    QMenu* file = menuBar()->addMenu(tr("&File"));
    Documents* d = m_documents;
    QAction* open = m_openAction = file->addAction(style()->standardIcon(QStyle::SP_DialogOpenButton),
                                                   tr("&Open..."), d, &Documents::askOpen);
    open->setShortcut(QKeySequence::Open);
    QAction* builtin = m_builtinAction =
        file->addAction(style()->standardIcon(QStyle::SP_FileDialogDetailedView), tr("Open &Built-in..."), d,
                        &Documents::askOpenBuiltin);
    builtin->setShortcut(QKeySequence(tr("Ctrl+B")));
    file->addAction(tr("Open &Trace..."), d, &Documents::askOpenTrace)
        ->setShortcut(QKeySequence(tr("Ctrl+Shift+O")));
    file->addAction(tr("Open S&weep Results..."), d, &Documents::askOpenSweepResults);
    d->setRecentFiles(new RecentFiles(file->addMenu(tr("Open &Recent")), this));
    file->addSeparator();
    QAction* save = file->addAction(style()->standardIcon(QStyle::SP_DialogSaveButton),
                                    tr("&Save Session as Scenario..."), d, &Documents::saveSessionAs);
    save->setShortcut(QKeySequence(tr("Ctrl+Shift+S")));
    m_simulationOnly << save;
    file->addSeparator();
    file->addAction(tr("&Export Chart..."), this,
                    [this] { m_exports->exportWithDialog(m_exports->current(), ExportFormat::Png); })
        ->setShortcut(QKeySequence(tr("Ctrl+E")));
    file->addAction(tr("Export &All Charts..."), m_exports, &ExportRegistry::exportAllWithDialog)
        ->setShortcut(QKeySequence(tr("Ctrl+Shift+E")));
    QMenu* tables = file->addMenu(tr("Export &Table as CSV"));
    for (Exportable* e : m_exports->views())
        if (!e->hasImage())
            tables->addAction(e->exportTitle(), this,
                              [this, e] { m_exports->exportWithDialog(e, ExportFormat::Csv); });
    file->addAction(tr("Export T&race for Perfetto..."), d, &Documents::exportTrace);
    file->addSeparator();
    QAction* compare = file->addAction(tr("&Compare A/B..."), d, &Documents::openCompare);
    compare->setShortcut(QKeySequence(tr("Ctrl+K")));
    m_simulationOnly << compare;
    m_simulationOnly << file->addAction(tr("Compare with a Real &Run..."), d,
                                        &Documents::askCompareWithRealRun);
    m_recordingOnly << file->addAction(tr("Compare with Another Recor&ding..."), d,
                                       &Documents::askCompareWithRecording);
    QAction* simulate = file->addAction(tr("&Simulate This Recording"), d, &Documents::simulateRecording);
    simulate->setStatusTip(
        tr("The recorded workload as a scenario, simulated beside the recording in Compare A/B"));
    m_recordingOnly << simulate;
    file->addSeparator();
    QAction* quit = file->addAction(tr("&Quit"), qApp, &QApplication::closeAllWindows);
    quit->setShortcut(QKeySequence::Quit);
}

void MainWindow::createSimulationMenu() {
    SimulationController& c = m_session.controller();
    QMenu* sim = menuBar()->addMenu(tr("&Simulation"));
    m_runAction = sim->addAction(style()->standardIcon(QStyle::SP_MediaPlay), tr("&Run"), this,
                                 [this] { m_session.controller().toggleRunning(); });
    m_runAction->setShortcut(QKeySequence(Qt::Key_Space));
    m_runAction->setObjectName(QStringLiteral("runAction"));
    // One meaning per icon, in every window: play runs, "seek forward" steps, "skip forward"
    // runs to a time or the end (Compare A/B uses the same).
    QAction* stepEvent = m_stepEventAction =
        sim->addAction(style()->standardIcon(QStyle::SP_MediaSeekForward), tr("Step one &event"), &c,
                       &SimulationController::stepEvent);
    stepEvent->setObjectName(QStringLiteral("stepAction"));
    stepEvent->setShortcut(QKeySequence(Qt::Key_Period));
    QAction* stepTick = m_stepTickAction =
        sim->addAction(tr("Step one &tick"), &c, &SimulationController::stepTick);
    stepTick->setIconText(tr("+1 tick"));
    stepTick->setShortcut(QKeySequence(Qt::Key_Comma));
    QAction* step10 = m_step10Action = sim->addAction(
        tr("Step &10 ms"), this, [this] { m_session.controller().stepFor(core::SimTime::ms(10)); });
    step10->setIconText(tr("+10 ms"));
    step10->setShortcut(QKeySequence(tr("Ctrl+.")));
    QAction* runTo = m_runToAction = sim->addAction(style()->standardIcon(QStyle::SP_MediaSkipForward),
                                                    tr("Run &to..."), this, &MainWindow::runToDialog);
    runTo->setObjectName(QStringLiteral("runToAction"));
    runTo->setShortcut(QKeySequence(tr("Ctrl+T")));
    m_simulationOnly << runTo;
    QAction* reset = m_resetAction = sim->addAction(style()->standardIcon(QStyle::SP_BrowserReload),
                                                    tr("R&eset"), &c, &SimulationController::reset);
    reset->setShortcut(QKeySequence(tr("Ctrl+R")));
    // What a step executed describes that step only: the next command makes it stale.
    for (QAction* a : {m_runAction, stepTick, step10, reset})
        connect(a, &QAction::triggered, statusBar(), &QStatusBar::clearMessage);
    sim->addSeparator();
    QMenu* models = m_modelMenu = sim->addMenu(tr("Kernel &Model"));
    models->setToolTipsVisible(true);
    auto* group = new QActionGroup(models);
    for (const core::KernelModelInfo& m : core::kernelModelCatalog()) {
        const QString name = QString::fromUtf8(m.name.data(), qsizetype(m.name.size()));
        // The default is what a scenario that names no model runs on.
        QAction* a = models->addAction(m.id == core::kDefaultKernelModel
                                           ? tr("%1 (default where a scenario names none)").arg(name)
                                           : name);
        a->setObjectName(QStringLiteral("kernelModel_") + name);
        a->setCheckable(true);
        a->setToolTip(kernelModelText(m.id));
        group->addAction(a);
        connect(a, &QAction::triggered, this, [this, id = m.id] { reopenOnModel(id); });
    }
    // The check follows the run, whichever way it was opened.
    connect(&m_session, &Session::started, this, [this, group] {
        const auto spec = m_session.spec();
        const size_t i = static_cast<size_t>(spec ? spec->kernel.model : core::kDefaultKernelModel);
        group->actions().at(static_cast<qsizetype>(i))->setChecked(true);
    });
}

void MainWindow::reopenOnModel(core::KernelModel model) {
    const auto spec = m_session.spec();
    if (!spec || spec->kernel.model == model)
        return;
    const QString name = QString::fromUtf8(core::kernelModelInfo(model).name.data());
    std::vector<core::ModelConflict> dropped;
    std::string error;
    if (!m_session.reopenOnModel(model, dropped, error)) {
        QMessageBox::warning(
            this, tr("Kernel model"),
            tr("The scenario cannot run on kernel model %1: %2. The current session goes on.")
                .arg(name, QString::fromStdString(error)));
        return;
    }
    if (dropped.empty()) {
        statusBar()->showMessage(tr("Restarted on kernel model %1.").arg(name), 8000);
        return;
    }
    QStringList lines;
    for (const core::ModelConflict& c : dropped)
        lines << QStringLiteral("%1: %2").arg(QString::fromStdString(c.path),
                                              QString::fromStdString(c.message));
    // The bar says what happened in a line; which settings went is a list beside the window.
    statusBar()->showMessage(
        tr("Restarted on kernel model %1; %n setting(s) dropped.", nullptr, int(dropped.size())).arg(name),
        15000);
    if (!m_documents->batchMode())
        showMessageList(
            this, QMessageBox::Information, tr("Kernel model"),
            tr("These settings of the scenario do not exist in kernel model %1 and were dropped:").arg(name),
            lines, 8, MessageListMode::Passing);
}

void MainWindow::createViewMenu() {
    QMenu* view = menuBar()->addMenu(tr("&View"));
    for (QDockWidget* d : findChildren<QDockWidget*>())
        view->addAction(d->toggleViewAction());
    view->addSeparator();
    // The timeline's Home, End and Esc, wherever the focus is (they used to need a click on the
    // timeline first, which moved the cursor).
    view->addAction(tr("Go to &Start"), this, [this] { m_occupancy->goToStart(); })
        ->setShortcut(QKeySequence(Qt::Key_Home));
    view->addAction(tr("&Follow the present"), this, [this] { m_occupancy->followPresent(); })
        ->setShortcut(QKeySequence(Qt::Key_End));
    view->addAction(tr("&Clear time cursor"), this, [this] { m_occupancy->clearCursor(); })
        ->setShortcut(QKeySequence(Qt::Key_Escape));
    view->addAction(tr("Clear &selection"), this, [this] {
        m_session.view().setSelection({}, std::nullopt);
        m_session.view().setSelectedCpu(std::nullopt);
    });
    view->addSeparator();
    view->addAction(tr("History &memory cap..."), this, [this] {
        bool ok = false;
        const int mb = QInputDialog::getInt(
            this, tr("History memory cap"),
            tr("Memory for the recorded history, in MB. Beyond it older history is kept at reduced "
               "resolution, then dropped."),
            static_cast<int>(m_session.history().cap() >> 20), 16, 65536, 64, &ok);
        if (ok) {
            m_session.history().setCap(size_t(mb) << 20);
            QSettings().setValue(QStringLiteral("historyCapMB"), mb);
        }
    });

    view->addSeparator();
    // Plain + and - too, as in the timeline, and Perfetto's W/S zoom and A/D pan, wherever the
    // focus is (text fields keep them).
    view->addAction(tr("Zoom &In"), this, [this] { m_occupancy->zoomBy(0.5); })
        ->setShortcuts({QKeySequence::ZoomIn, QKeySequence(Qt::Key_Plus), QKeySequence(Qt::Key_Equal),
                        QKeySequence(Qt::Key_W)});
    view->addAction(tr("Zoom &Out"), this, [this] { m_occupancy->zoomBy(2.0); })
        ->setShortcuts({QKeySequence::ZoomOut, QKeySequence(Qt::Key_Minus), QKeySequence(Qt::Key_S)});
    view->addAction(tr("&Pan Left"), this, [this] { m_occupancy->panBy(-0.1); })
        ->setShortcut(QKeySequence(Qt::Key_A));
    view->addAction(tr("Pa&n Right"), this, [this] { m_occupancy->panBy(0.1); })
        ->setShortcut(QKeySequence(Qt::Key_D));
    // Tasks: find one (the Threads page, or the cgroup tree when it has the focus), and step
    // through the selected task's runs.
    view->addAction(tr("&Find Task..."), this, [this] { findTask(); })->setShortcut(QKeySequence::Find);
    view->addAction(tr("Ne&xt Run of Task"), this, [this] { m_threads->jumpToRun(+1); })
        ->setShortcut(QKeySequence(Qt::Key_BracketRight));
    view->addAction(tr("P&revious Run of Task"), this, [this] { m_threads->jumpToRun(-1); })
        ->setShortcut(QKeySequence(Qt::Key_BracketLeft));
    view->addAction(tr("Zoom to &Whole Run"), this, [this] { m_occupancy->zoomToAll(); })
        ->setShortcut(QKeySequence(tr("Ctrl+0")));
    m_bookmarks = new BookmarksMenu(m_session, this);
    view->addMenu(m_bookmarks);
    createLanguageMenu(view->addMenu(tr("&Language")));
}

void MainWindow::findTask() {
    // The cgroup tree's own find field when the focus is in that dock, else the Threads page's.
    QWidget* focus = QApplication::focusWidget();
    if (focus && m_cgroups && m_cgroups->isAncestorOf(focus)) {
        m_cgroups->focusFind();
        return;
    }
    m_tabs->setCurrentWidget(m_threads);
    m_threads->focusFind();
}

void MainWindow::createHelpMenu() {
    QMenu* help = menuBar()->addMenu(tr("&Help"));
    help->addAction(tr("&Guide"), this, [this] { showGuide(this); })->setShortcut(QKeySequence::HelpContents);
    help->addAction(tr("&Scenario Format"), this, [this] { showScenarioFormatHelp(this); });
    help->addAction(tr("&Keyboard Shortcuts"), this, [this] { showShortcuts(this, menuBar()->actions()); })
        ->setShortcut(QKeySequence(Qt::Key_Question));
    help->addAction(tr("&About SchedScope"), this, [this] { showAbout(this); });
}

void MainWindow::createToolBar() {
    QToolBar* bar = addToolBar(tr("Simulation"));
    bar->setObjectName(QStringLiteral("simulationToolBar"));
    bar->addAction(m_openAction);
    bar->addAction(m_builtinAction);
    bar->addSeparator();
    bar->addAction(m_runAction);
    bar->addAction(m_stepEventAction);
    bar->addAction(m_stepTickAction);
    bar->addAction(m_step10Action);
    bar->addAction(m_runToAction);
    bar->addAction(m_resetAction);
    bar->addSeparator();
    bar->addWidget(new QLabel(tr(" Speed "), bar));
    m_speed = new QSlider(Qt::Horizontal, bar);
    m_speed->setObjectName(QStringLiteral("speedSlider"));
    m_speed->setRange(0, static_cast<int>(speedPresets().size()) - 1);
    m_speed->setPageStep(1);
    m_speed->setFixedWidth(180);
    m_speed->setToolTip(tr("Simulated time per wall second, from slow motion to as fast as possible"));
    bar->addWidget(m_speed);
    m_speedLabel = new QLabel(bar);
    m_speedLabel->setMinimumWidth(70);
    bar->addWidget(m_speedLabel);
    connect(m_speed, &QSlider::valueChanged, this, &MainWindow::setSpeedPreset);
}

void MainWindow::setSpeedPreset(int index) {
    const auto& presets = speedPresets();
    index = std::clamp(index, 0, static_cast<int>(presets.size()) - 1);
    if (m_speed->value() != index)
        m_speed->setValue(index);
    m_session.controller().setSpeed(presets[static_cast<size_t>(index)]);
    m_speedLabel->setText(speedText(presets[static_cast<size_t>(index)]));
}

void MainWindow::runToDialog() {
    statusBar()->clearMessage();
    bool ok = false;
    const QString text = QInputDialog::getText(
        this, tr("Run to"),
        tr("Simulated time (e.g. 2.5s, 300ms). A time already run puts the cursor there:"), QLineEdit::Normal,
        QStringLiteral("1s"), &ok);
    if (!ok)
        return;
    const core::DurationParse p = core::parseDuration(text.trimmed().toStdString());
    if (!p.value) {
        QMessageBox::warning(this, tr("Run to"),
                             tr("Expected a duration, %1").arg(QString::fromStdString(p.error)));
        return;
    }
    if (p.value->count() <= m_session.history().now()) {
        // Already run past: look at that moment instead.
        m_session.view().setCursor(p.value->count());
        statusBar()->showMessage(
            tr("The run is past %1: the cursor is there now").arg(formatNs(p.value->count())), 5000);
        return;
    }
    m_session.controller().runTo(*p.value);
}

void MainWindow::updateActions() {
    const bool simulating = m_session.trace() == nullptr;
    for (QAction* a : m_simulationOnly)
        a->setEnabled(simulating);
    for (QAction* a : m_recordingOnly)
        a->setEnabled(!simulating);
    for (QAction* a : {m_runAction, m_stepEventAction, m_stepTickAction, m_step10Action, m_resetAction})
        if (a)
            a->setEnabled(simulating);
    if (m_modelMenu)
        m_modelMenu->setEnabled(simulating);
    if (m_optimizations)
        m_optimizations->setEnabled(simulating);
    if (m_cgroups)
        m_cgroups->setEnabled(simulating);
    // Views of what only a simulation has: off for a recording, saying why.
    if (m_tabs)
        for (QWidget* page : {m_pressurePage, m_depthPage}) {
            const int i = m_tabs->indexOf(page);
            m_tabs->setTabEnabled(i, simulating);
            m_tabs->setTabToolTip(i, simulating ? QString()
                                     : page == m_pressurePage
                                         ? tr("A recording carries no pressure (PSI) figures: "
                                              "/proc/pressure is not traced.")
                                         : tr("The depth sweep is a simulation of its own; it "
                                              "does not apply to a recording."));
        }
}

void MainWindow::createLanguageMenu(QMenu* menu) {
    auto* group = new QActionGroup(menu);
    const QString current = savedLanguage();
    for (const Language& l : languages()) {
        QAction* a = menu->addAction(l.name);
        a->setCheckable(true);
        a->setChecked(l.code == current);
        a->setData(l.code);
        group->addAction(a);
        connect(a, &QAction::triggered, this, [this, code = l.code, name = l.name] {
            if (code == savedLanguage())
                return;
            saveLanguage(code);
            QMessageBox::information(this, tr("Language"),
                                     tr("SchedScope will use %1 the next time it starts.").arg(name));
        });
    }
}

QString MainWindow::scenarioName() const {
    const auto spec = m_session.spec();
    return spec ? QString::fromStdString(spec->name) : QString();
}

void MainWindow::dragEnterEvent(QDragEnterEvent* e) {
    if (Documents::canOpen(*e->mimeData()))
        e->acceptProposedAction();
}

void MainWindow::dropEvent(QDropEvent* e) {
    m_documents->openDropped(*e->mimeData());
}

} // namespace ui
