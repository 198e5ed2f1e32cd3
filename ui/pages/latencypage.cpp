#include "pages/latencypage.h"

#include "controller/latencystats.h"
#include "controller/session.h"
#include "export/exportregistry.h"
#include "models/latencytablemodel.h"
#include "plots/latencyhistogramplot.h"
#include "plots/runqueuedelayplot.h"

#include <QComboBox>
#include <QEvent>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QItemSelectionModel>
#include <QLabel>
#include <QScrollBar>
#include <QSortFilterProxyModel>
#include <QSplitter>
#include <QTableView>
#include <QVBoxLayout>
#include <algorithm>

namespace ui {

LatencyPage::LatencyPage(Session& session, QWidget* parent)
    : QWidget(parent)
    , m_session(session)
    , m_model(new LatencyTableModel(this))
    , m_sorted(new QSortFilterProxyModel(this))
    , m_table(new QTableView(this))
    , m_histogram(new LatencyHistogramPlot(this))
    , m_delay(new RunqueueDelayPlot(session, this))
    , m_group(new QComboBox(this))
    , m_waits(new QComboBox(this))
    , m_range(new QComboBox(this))
    , m_note(new QLabel(this)) {
    m_sorted->setSourceModel(m_model);
    m_sorted->setSortRole(LatencyTableModel::SortRole);
    m_table->setObjectName(QStringLiteral("latencyTable"));
    m_table->setModel(m_sorted);
    m_table->setSortingEnabled(true);
    m_table->sortByColumn(LatencyTableModel::Max, Qt::DescendingOrder);
    m_table->setSelectionBehavior(QAbstractItemView::SelectRows);
    m_table->setSelectionMode(QAbstractItemView::ExtendedSelection);
    m_table->verticalHeader()->setVisible(false);
    m_table->verticalHeader()->setDefaultSectionSize(fontMetrics().height() + 4);
    // The figures always show; a long name is elided (the whole run is a few columns wide).
    m_table->horizontalHeader()->setSectionResizeMode(QHeaderView::ResizeToContents);
    m_table->horizontalHeader()->setSectionResizeMode(LatencyTableModel::Name, QHeaderView::Stretch);
    m_table->horizontalHeader()->setStretchLastSection(false);
    m_table->setTextElideMode(Qt::ElideMiddle);
    m_table->setAlternatingRowColors(true);
    m_table->setToolTip(tr("Double-click a row to go to its longest wait"));
    m_table->installEventFilter(this); // the columns fitted to the table's width
    connect(m_table, &QTableView::doubleClicked, this,
            [this](const QModelIndex& i) { goToLongest(i.row()); });

    m_group->addItem(tr("per task"));
    m_group->addItem(tr("per cgroup"));
    // Short items, so that they read whole at 1024 px in every language; what they count is
    // in their tooltips.
    m_waits->addItem(tr("every wait"));
    m_waits->setItemData(0,
                         tr("Every wait, as perf sched latency counts them: from the wakeup or the "
                            "preemption to the switch in"),
                         Qt::ToolTipRole);
    m_waits->addItem(tr("after wakeups only"));
    m_waits->setItemData(1,
                         tr("Only the waits after a sleep, from the wakeup to the switch in (a preempted "
                            "task's are left out)"),
                         Qt::ToolTipRole);
    m_waits->setToolTip(m_waits->itemData(0, Qt::ToolTipRole).toString());
    m_range->addItem(tr("view range"));
    m_range->addItem(tr("whole run"));
    m_range->setObjectName(QStringLiteral("latencyRange"));
    m_range->setCurrentIndex(1); // what a user opening a recording asks first: the whole of it
    connect(m_waits, &QComboBox::currentIndexChanged, this,
            [this](int i) { m_waits->setToolTip(m_waits->itemData(i, Qt::ToolTipRole).toString()); });
    for (QComboBox* c : {m_group, m_waits, m_range}) {
        connect(c, &QComboBox::currentIndexChanged, this, [this] { refresh(); });
        // They may shrink (their text elided) rather than widen the window past a small screen,
        // and grow back to their whole text where there is room.
        const int natural = c->sizeHint().width();
        c->setSizeAdjustPolicy(QComboBox::AdjustToMinimumContentsLengthWithIcon);
        c->setMinimumContentsLength(8);
        c->setSizePolicy(QSizePolicy::Expanding, QSizePolicy::Fixed);
        c->setMaximumWidth(natural);
    }
    connect(&session.view(), &ViewState::rangeChanged, this, [this] {
        if (m_range->currentIndex() == 0)
            refreshWhenVisible();
    });
    // The chart over time covers what the table counts.
    connect(m_range, &QComboBox::currentIndexChanged, this, [this](int i) { m_delay->setWholeRun(i == 1); });
    m_delay->setWholeRun(m_range->currentIndex() == 1);
    connect(m_table->selectionModel(), &QItemSelectionModel::selectionChanged, this,
            [this] { showPicked(); });
    m_note->setWordWrap(true);
    m_histogram->setUpdater([this] { refresh(); });

    auto* controls = new QHBoxLayout;
    controls->addWidget(new QLabel(tr("Waits for a CPU"), this));
    controls->addWidget(m_group);
    controls->addWidget(m_waits);
    controls->addWidget(m_range);
    auto* left = new QWidget(this);
    auto* leftLayout = new QVBoxLayout(left);
    leftLayout->setContentsMargins(0, 0, 0, 0);
    leftLayout->addWidget(m_table, 1);
    leftLayout->addWidget(m_note);
    m_charts = new QSplitter(Qt::Vertical, this);
    m_charts->addWidget(m_histogram);
    m_charts->addWidget(m_delay);
    m_split = new QSplitter(Qt::Horizontal, this);
    m_split->addWidget(left);
    m_split->addWidget(m_charts);
    m_split->setStretchFactor(0, 1);
    m_split->setStretchFactor(1, 1);
    m_table->setMinimumWidth(220);
    auto* layout = new QVBoxLayout(this);
    layout->setContentsMargins(4, 4, 4, 4);
    layout->addLayout(controls); // across the page, so the table can be narrow
    layout->addWidget(m_split, 1);
    arrange();
    followSession(this, session);
}

void LatencyPage::resizeEvent(QResizeEvent* e) {
    QWidget::resizeEvent(e);
    arrange();
}

int LatencyPage::figureWidth(int column) const {
    const auto* view = static_cast<const QAbstractItemView*>(m_table); // QTableView hides the hint
    return std::max({m_table->horizontalHeader()->sectionSizeHint(column), view->sizeHintForColumn(column),
                     fontMetrics().averageCharWidth() * 8});
}

int LatencyPage::tableWidthNeeded() const {
    // Every figure column as wide as its heading and figures, and a name of 16 characters.
    int width = fontMetrics().averageCharWidth() * 16;
    for (int c = 1; c < LatencyTableModel::ColumnCount; ++c)
        width += figureWidth(c);
    return width + m_table->verticalScrollBar()->sizeHint().width() + 2 * m_table->frameWidth() + 8;
}

void LatencyPage::fitColumns() {
    // Where even the whole page is too narrow for every figure beside a readable name, the
    // pid, then p90, then p50 give way (the CSV export keeps them all).
    const int names = fontMetrics().averageCharWidth() * 12;
    int room =
        m_table->width() - 2 * m_table->frameWidth() - m_table->verticalScrollBar()->sizeHint().width();
    for (int c = 1; c < LatencyTableModel::ColumnCount; ++c)
        room -= figureWidth(c);
    for (int c : {int(LatencyTableModel::Id), int(LatencyTableModel::P90), int(LatencyTableModel::P50)}) {
        const bool hide = room < names;
        m_table->setColumnHidden(c, hide);
        if (hide)
            room += figureWidth(c);
    }
}

bool LatencyPage::eventFilter(QObject* watched, QEvent* e) {
    if (watched == m_table && e->type() == QEvent::Resize)
        fitColumns();
    return QWidget::eventFilter(watched, e);
}

void LatencyPage::arrange() {
    // The table needs its columns whole, a name readable beside them, and each chart about 45
    // characters: beside each other when both fit, else the table above and the two charts side
    // by side.
    const int columns = tableWidthNeeded();
    const int charts = fontMetrics().averageCharWidth() * 45;
    const Qt::Orientation want = width() >= columns + charts ? Qt::Horizontal : Qt::Vertical;
    if (m_split->orientation() == want && m_split->property("arranged").toBool())
        return;
    m_split->setProperty("arranged", true);
    m_split->setOrientation(want);
    m_charts->setOrientation(want == Qt::Horizontal ? Qt::Vertical : Qt::Horizontal);
    if (want == Qt::Horizontal)
        m_split->setSizes({columns, std::max(charts, width() - columns)});
    else // the charts a little more: their titles and axes whole at 1024x640 (issue 58)
        m_split->setSizes({height() * 9 / 20, height() * 11 / 20});
}

void LatencyPage::goToLongest(int row) {
    const QModelIndex source = m_sorted->mapToSource(m_sorted->index(row, 0));
    if (const Wait* w = m_model->longest(source.row()))
        emit waitChosen(w->task, w->from, w->to);
}

void LatencyPage::addExports(ExportRegistry& exports) {
    exports.add(m_histogram);
    exports.add(m_delay);
    exports.addTable(QStringLiteral("latency-table"), tr("Wait for a CPU"), m_table, [this] { refresh(); });
}

void LatencyPage::restart() {
    m_model->setStats({}, m_group->currentIndex() == 1, m_waits->currentIndex() == 1);
    m_delay->setTasks({}, {});
    // A new run or file starts at the top of its table, not where the last one was scrolled.
    m_table->clearSelection();
    m_table->scrollToTop();
    m_table->horizontalScrollBar()->setValue(0);
}

void LatencyPage::refresh() {
    const History& h = m_session.history();
    const ViewState& v = m_session.view();
    const bool whole = m_range->currentIndex() == 1;
    const SimNs from = whole ? h.start() : v.rangeStart();
    const SimNs to = whole ? h.now() + 1 : std::min(v.rangeEnd(), h.now() + 1);
    const bool byCgroup = m_group->currentIndex() == 1;
    // Keep the picked rows picked across the update.
    QStringList picked;
    for (const QModelIndex& i : m_table->selectionModel()->selectedRows(LatencyTableModel::Name))
        picked << i.data().toString();
    LatencyStats stats =
        computeLatency(h, byCgroup ? LatencyStats::GroupBy::Cgroup : LatencyStats::GroupBy::Task, from, to);
    const bool partial = stats.partial;
    m_model->setStats(std::move(stats), byCgroup, m_waits->currentIndex() == 1);
    for (const QString& name : picked)
        pick(name);
    QString note = m_session.trace()
                       ? tr("From the trace's sched_switch records: each wait runs from sched_waking (or the "
                            "preemption) to the switch in, as perf sched latency counts them.")
                       : tr("From the simulation's switch records: each wait runs from the wakeup (or the "
                            "preemption) to the switch in.");
    if (partial)
        note += QLatin1Char(' ') + tr("Older switch records were compacted away; the figures start at %1.")
                                       .arg(formatNs(h.coarseUntil()));
    m_note->setText(note);
    showPicked();
    arrange(); // the figures' widths may have changed
    fitColumns();
}

bool LatencyPage::pick(const QString& name) {
    for (int r = 0; r < m_sorted->rowCount(); ++r)
        if (m_sorted->index(r, LatencyTableModel::Name).data().toString() == name) {
            m_table->selectionModel()->select(m_sorted->index(r, 0),
                                              QItemSelectionModel::Select | QItemSelectionModel::Rows);
            return true;
        }
    return false;
}

void LatencyPage::showPicked() {
    const QModelIndexList rows = m_table->selectionModel()->selectedRows();
    core::LatencyHistogram merged;
    std::vector<uint32_t> ids;
    QStringList names;
    const bool byCgroup = m_group->currentIndex() == 1;
    for (const QModelIndex& i : rows) {
        const int src = m_sorted->mapToSource(i).row();
        if (const core::LatencyHistogram* h = m_model->histogram(src))
            merged.merge(*h);
        const LatencyRow& r = m_model->stats().rows[static_cast<size_t>(src)];
        names << QString::fromStdString(r.name);
        if (!byCgroup)
            ids.push_back(r.id);
    }
    if (rows.isEmpty()) // nothing picked: everything
        for (int r = 0; r < m_model->rowCount(); ++r)
            merged.merge(*m_model->histogram(r));
    const QString who = rows.isEmpty() ? tr("all tasks") : names.join(QStringLiteral(", "));
    const auto spec = m_session.spec();
    m_histogram->setHistogram(merged, who, spec ? QString::fromStdString(spec->name) : QString());
    if (!byCgroup)
        m_delay->setTasks(std::move(ids), rows.isEmpty() ? QString() : who);
}

} // namespace ui
