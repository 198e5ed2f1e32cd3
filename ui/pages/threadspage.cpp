#include "pages/threadspage.h"

#include "controller/session.h"
#include "controller/wakeuptext.h"
#include "export/exportregistry.h"
#include "pages/countertracksexport.h"
#include "pages/findfield.h"
#include "plots/threadtrackview.h"

#include <QComboBox>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QLabel>
#include <QLineEdit>
#include <QMenu>
#include <QPainter>
#include <QScrollArea>
#include <QToolButton>
#include <QVBoxLayout>

namespace ui {

ThreadsPage::ThreadsPage(Session& session, QWidget* parent)
    : QWidget(parent)
    , m_session(session)
    , m_view(new ThreadTrackView(session, m_rows, this))
    , m_find(new QLineEdit(this))
    , m_grouping(new QComboBox(this))
    , m_count(new QLabel(this))
    , m_chainTitle(new QLabel)
    , m_chain(new QLabel)
    , m_chainPanel(new QWidget(this)) {
    setObjectName(QStringLiteral("threadsPage"));
    m_find->setObjectName(QStringLiteral("findTask"));
    setFindTexts(*m_find, tr("Find task or pid"), tr("Find a task by name or pid (Ctrl+F)"));
    // Never narrower than its placeholder, the frame and the clear button (34 px): the bar's
    // other widgets give way first.
    m_find->setMinimumWidth(m_find->fontMetrics().horizontalAdvance(m_find->placeholderText()) + 34);
    m_find->setClearButtonEnabled(true);
    m_grouping->setObjectName(QStringLiteral("trackGrouping"));
    m_grouping->addItem(tr("by cgroup"));
    m_grouping->addItem(tr("by name"));
    m_grouping->addItem(tr("not grouped"));
    // Its items say what they do ("by cgroup"): no label beside it, whose room the find field needs.
    m_grouping->setToolTip(tr("How the tracks are grouped"));
    // Tool buttons: as wide as their words (push buttons are 80 px at least), so that the bar
    // leaves the find field room for its placeholder at 1024x640.
    auto* previous = new QToolButton(this);
    previous->setText(tr("\u25C0 Run"));
    previous->setToolTip(tr("The selected task's previous run ([)"));
    auto* next = new QToolButton(this);
    next->setText(tr("Run \u25B6"));
    next->setToolTip(tr("The selected task's next run (])"));

    auto* bar = new QHBoxLayout;
    bar->addWidget(m_find, 2);
    bar->addWidget(m_grouping);
    bar->addWidget(previous);
    bar->addWidget(next);
    bar->addWidget(m_count, 1);

    // The chain panel: its title and the hops, wrapped to whatever width the window gives it.
    m_chainPanel->setObjectName(QStringLiteral("chainPanel"));
    m_chainPanel->hide(); // until the window docks it
    m_chain->setObjectName(QStringLiteral("chainText"));
    m_chain->setTextFormat(Qt::RichText);
    m_chain->setWordWrap(true);
    m_chain->setAlignment(Qt::AlignLeft | Qt::AlignTop);
    m_chain->setTextInteractionFlags(Qt::TextSelectableByMouse);
    m_chain->setMargin(4);
    m_chainTitle->setWordWrap(true);
    m_chainTitle->setMargin(4);
    auto* scroll = new QScrollArea;
    scroll->setWidgetResizable(true);
    scroll->setFrameShape(QFrame::NoFrame);
    scroll->setWidget(m_chain);
    auto* sideLayout = new QVBoxLayout(m_chainPanel);
    sideLayout->setContentsMargins(0, 0, 0, 0);
    sideLayout->addWidget(m_chainTitle);
    sideLayout->addWidget(scroll, 1);

    auto* legend = new QLabel(this);
    legend->setObjectName(QStringLiteral("stateLegend"));
    legend->setWordWrap(true);
    legend->setTextFormat(Qt::RichText);
    legend->setText(stateLegendHtml());
    auto* layout = new QVBoxLayout(this);
    layout->setContentsMargins(2, 2, 2, 2);
    layout->addLayout(bar);
    layout->addWidget(m_view, 1);
    layout->addWidget(legend);

    connect(m_find, &QLineEdit::textChanged, this, &ThreadsPage::setFilter);
    connect(m_find, &QLineEdit::returnPressed, this, &ThreadsPage::selectFirstMatch);
    connect(m_grouping, &QComboBox::currentIndexChanged, this, [this](int i) {
        m_rows.setGrouping(static_cast<TrackGrouping>(i));
        m_view->rowsChanged();
    });
    connect(previous, &QToolButton::clicked, this, [this] { jumpToRun(-1); });
    connect(next, &QToolButton::clicked, this, [this] { jumpToRun(+1); });
    connect(m_view, &ThreadTrackView::picked, this, &ThreadsPage::pick);
    connect(m_view, &ThreadTrackView::jumpToRun, this, [this](uint32_t task, int direction) {
        m_session.view().setSelection({}, task);
        jumpToRun(direction);
    });
    // The tracks follow the timeline's range, cursor, markers and selection.
    ViewState& v = m_session.view();
    for (auto signal : {&ViewState::rangeChanged, &ViewState::cursorChanged, &ViewState::selectionChanged,
                        &ViewState::bookmarksChanged})
        connect(&v, signal, m_view->viewport(), qOverload<>(&QWidget::update));
    connect(&v, &ViewState::pickChanged, this, &ThreadsPage::showChain);
    showChain();
    followSession(this, session);
}

ThreadsPage::~ThreadsPage() = default;

QString ThreadsPage::stateLegendHtml() {
    // A swatch per state, in the colours the tracks draw; Running takes the task's cgroup's.
    QStringList items;
    auto swatch = [&items](const QColor& c, const QString& name) {
        items << QStringLiteral("<span style='color:%1'>&#9632;</span>&nbsp;%2")
                     .arg(c.name(), name.toHtmlEscaped().replace(QLatin1Char(' '), QStringLiteral("&nbsp;")));
    };
    items << tr("Running: in its cgroup's colour, as in the CPU lanes").toHtmlEscaped();
    for (core::ThreadState st :
         {core::ThreadState::Runnable, core::ThreadState::Preempted, core::ThreadState::Sleeping,
          core::ThreadState::Uninterruptible, core::ThreadState::Throttled, core::ThreadState::Unknown})
        swatch(ThreadTrackView::stateColor(st), threadStateText(st));
    return items.join(QStringLiteral(" &nbsp; "));
}

void ThreadsPage::restart() {
    m_shown = nullptr;
    m_rows.clearChoices();
    m_find->clear();
    m_rows.setStates(nullptr, {}, {});
    m_view->setChain({});
    showChain();
    m_view->rowsChanged();
}

bool ThreadsPage::takeNewStates() {
    const History& h = m_session.history();
    const auto& states = h.latest().threadStates;
    if (states.get() == m_shown)
        return false;
    m_shown = states.get();
    // A recording's pids are in its summary; a simulation's tasks with a pid of their own (an
    // imported workload's) come with the tracks; the rest are known by their id.
    std::unordered_map<uint32_t, int64_t> pids;
    if (const ImportedTrace* t = m_session.trace())
        pids = core::pidsOf(t->summary);
    else if (states)
        pids = states->pids;
    std::vector<std::string> paths;
    for (const core::CgroupState& c : h.latest().cgroups) {
        if (paths.size() <= c.id.value())
            paths.resize(c.id.value() + 1);
        paths[c.id.value()] = c.path;
    }
    m_rows.setStates(states, std::move(pids), std::move(paths));
    m_view->rowsChanged();
    return true;
}

void ThreadsPage::refresh() {
    if (takeNewStates())
        showChain(); // the chain is recomputed on the new tracks
    updateCount();
    m_view->viewport()->update();
}

void ThreadsPage::updateCount() {
    const core::ThreadStates* s = m_rows.states();
    if (!s) {
        m_count->setText(m_session.history().now() > 0 ? tr("building the thread states...") : QString());
        return;
    }
    QString text = m_rows.filter().empty() ? tr("%n task(s)", nullptr, static_cast<int>(s->tasks.size()))
                                           : tr("%1 of %2 tasks").arg(m_rows.matching()).arg(s->tasks.size());
    if (s->end.count() < m_session.history().now())
        text += tr(" \u2014 states up to %1").arg(formatNs(s->end.count()));
    m_count->setText(text);
}

QString ThreadsPage::exportTitle() const {
    return tr("Thread states");
}

QWidget* ThreadsPage::exportWidget() {
    return m_view;
}

void ThreadsPage::renderTo(QPainter& painter, const QRect& target) {
    m_view->render(painter, target, m_view->firstRow());
}

std::vector<uint32_t> ThreadsPage::kernelCpuNumbers() const {
    std::vector<uint32_t> numbers;
    for (uint32_t c = 0; c < m_session.history().nrCpus(); ++c)
        numbers.push_back(m_session.history().kernelCpu(c));
    return numbers;
}

QByteArray ThreadsPage::csv() const {
    const core::ThreadStates* s = m_rows.states();
    if (!s)
        return {};
    std::unordered_map<uint32_t, int64_t> pids;
    for (const core::TaskTrack& t : s->tasks)
        pids[t.id.value()] = m_rows.pidOf(t.id.value());
    return QByteArray::fromStdString(core::toStatesCsv(*s, pids, kernelCpuNumbers()));
}

void ThreadsPage::addExports(ExportRegistry& exports) {
    // The tracks have a context menu of their own (pin, runs, why, counters): the export
    // actions go below those.
    exports.add(this, false);
    if (!m_counterExport)
        m_counterExport = std::make_unique<CounterTracksExport>(*this);
    exports.add(m_counterExport.get(), false);
    m_view->setMenuExtension([this, &exports](QMenu& menu) {
        menu.addSeparator();
        exports.addExportActions(menu, this);
        QMenu* counters = menu.addMenu(tr("Counter Tracks"));
        exports.addExportActions(*counters, m_counterExport.get());
    });
}

void ThreadsPage::focusFind() {
    m_find->setFocus(Qt::ShortcutFocusReason);
    m_find->selectAll();
}

void ThreadsPage::setFilter(const QString& text) {
    m_rows.setFilter(text.toStdString());
    m_view->rowsChanged();
    updateCount();
}

void ThreadsPage::selectFirstMatch() {
    for (size_t i = 0; i < m_rows.rows().size(); ++i)
        if (const core::TaskTrack* t = m_rows.track(m_rows.rows()[i])) {
            m_session.view().setSelection({}, t->id.value());
            m_view->ensureRowVisible(static_cast<int>(i));
            return;
        }
}

void ThreadsPage::jumpToRun(int direction) {
    takeNewStates(); // the page may be hidden, its tracks behind the run's
    ViewState& v = m_session.view();
    const std::optional<uint32_t> task = v.selectedTask();
    if (!task)
        return;
    const SimNs from = v.cursor().value_or(direction > 0 ? v.rangeStart() : v.rangeEnd());
    const std::optional<SimNs> run =
        direction > 0 ? m_rows.nextRun(*task, from) : m_rows.previousRun(*task, from);
    if (!run)
        return;
    v.setCursor(*run);
    // Keep the zoom; bring the run into the middle of the view when it is outside it.
    const SimNs width = v.rangeEnd() - v.rangeStart();
    if (*run < v.rangeStart() || *run >= v.rangeEnd())
        v.setRange(std::max<SimNs>(0, *run - width / 2), std::max<SimNs>(0, *run - width / 2) + width, false);
    if (const int row = m_rows.rowOfTask(*task); row >= 0)
        m_view->ensureRowVisible(row);
}

void ThreadsPage::pick(uint32_t task, SimNs time) {
    ViewState& v = m_session.view();
    v.setSelection({}, task);
    v.setCursor(time);
    Pick p;
    p.kind = Pick::Kind::State;
    p.task = task;
    p.time = time;
    v.setPick(p); // shows the chain (pickChanged)
}

QString ThreadsPage::chainText() const {
    return m_chainTitle->text() + QLatin1Char('\n') + m_chain->text();
}

void ThreadsPage::showChain() {
    // The newest tracks, even between frames: a pick right after they arrive (the run just
    // paused) must not be explained on the older ones, as the Details panel would not be.
    if (takeNewStates())
        updateCount();
    const auto& pick = m_session.view().pick();
    const core::ThreadStates* s = m_rows.states();
    m_chainHops = 0;
    m_chain->clear();
    if (!pick || pick->kind != Pick::Kind::State || !s) {
        m_chainTitle->setText(
            tr("<b>Why did it wait?</b> Click in a task's track on the Threads page, or double-click a "
               "row of the Latency page: the wakeups behind that wait are listed here and drawn across "
               "the tracks."));
        m_view->setChain({});
        return;
    }
    core::WakeupChain chain =
        core::wakeupChain(*s, core::TaskId(pick->task), core::SimTime::ns(pick->time), kWakeupChainDepth);
    if (!chain.error.empty()) {
        m_chainTitle->setText(QString::fromStdString(chain.error).toHtmlEscaped());
        m_view->setChain({});
        emit chainListed();
        return;
    }
    const History& h = m_session.history();
    m_chainTitle->setText(
        tr("<b>Why did it wait?</b> %n hop(s) back from %1%2", nullptr, static_cast<int>(chain.hops.size()))
            .arg(QString::fromStdString(m_rows.taskLabel(*s->find(core::TaskId(pick->task)))).toHtmlEscaped(),
                 chain.wasRunning ? tr(" (it was running: the wait before that run)") : QString()));
    const auto spec = m_session.spec();
    const DecidingKernel kernel =
        m_session.trace() || !spec ? DecidingKernel() : DecidingKernel(spec->kernel.model);
    m_chain->setText(chainHtml(chain, h, kernel));
    m_chainHops = static_cast<int>(chain.hops.size());
    m_view->setChain(std::move(chain));
    emit chainListed();
}

void ThreadsPage::showWait(uint32_t task, SimNs from, SimNs to) {
    takeNewStates();
    // A wait hidden by the find field is shown again.
    if (m_rows.rowOfTask(task) < 0)
        m_find->clear();
    ViewState& v = m_session.view();
    // The wait in the middle third of the view, at least 100 us around it.
    const SimNs length = std::max<SimNs>(to - from, 1);
    const SimNs width = std::max<SimNs>(3 * length, 100'000);
    const SimNs start = std::max<SimNs>(0, from + length / 2 - width / 2);
    v.setRange(start, start + width, false);
    pick(task, from + length / 2);
    if (const int row = m_rows.rowOfTask(task); row >= 0)
        m_view->ensureRowVisible(row);
}

} // namespace ui
