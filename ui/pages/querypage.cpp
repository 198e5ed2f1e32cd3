#include "pages/querypage.h"

#include "controller/session.h"
#include "export/exportregistry.h"
#include "models/queryresultmodel.h"
#include "pages/sqleditor.h"

#include <QComboBox>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QLabel>
#include <QLocale>
#include <QPushButton>
#include <QSettings>
#include <QSortFilterProxyModel>
#include <QSplitter>
#include <QTabWidget>
#include <QTableView>
#include <QTreeWidget>
#include <QVBoxLayout>

namespace ui {

namespace {

const char* kHistoryKey = "query/history";

QString firstExample(const std::vector<QueryRunner::Side>& sides) {
    if (sides.size() == 1)
        return QStringLiteral("SELECT t.name, SUM(s.dur) AS runtime_ns, COUNT(*) AS runs\n"
                              "FROM sched s JOIN thread t USING (utid)\n"
                              "WHERE s.utid != 0\n"
                              "GROUP BY s.utid ORDER BY runtime_ns DESC;");
    return QStringLiteral("SELECT 'a' AS side, t.name, SUM(s.dur) AS runtime_ns\n"
                          "FROM a.sched s JOIN a.thread t USING (utid) WHERE s.utid != 0 GROUP BY t.name\n"
                          "UNION ALL\n"
                          "SELECT 'b', t.name, SUM(s.dur)\n"
                          "FROM b.sched s JOIN b.thread t USING (utid) WHERE s.utid != 0 GROUP BY t.name\n"
                          "ORDER BY 2, 1;");
}

/// The model CPU the kernel calls `number` (a scenario's topology.cpu_numbers), if any.
std::optional<uint32_t> modelCpu(const Session& session, int64_t number) {
    const core::Topology* topo = session.topology();
    if (!topo)
        return std::nullopt;
    for (uint32_t c = 0; c < topo->nrCpus(); ++c)
        if (topo->kernelCpu(core::CpuId(c)) == number)
            return c;
    return std::nullopt;
}

} // namespace

QueryPage::QueryPage(std::vector<QueryRunner::Side> sides, ExportRegistry& exports, QWidget* parent)
    : QWidget(parent)
    , m_runner(std::move(sides))
    , m_editor(new SqlEditor(this))
    , m_tables(new QTreeWidget(this))
    , m_run(new QPushButton(tr("Run"), this))
    , m_cancel(new QPushButton(tr("Cancel"), this))
    , m_history(new QComboBox(this))
    , m_status(new QLabel(this))
    , m_model(new QueryResultModel(this))
    , m_sorted(new QSortFilterProxyModel(this))
    , m_table(new QTableView(this)) {
    setObjectName(QStringLiteral("queryPage"));
    m_editor->setObjectName(QStringLiteral("queryEditor"));
    m_table->setObjectName(QStringLiteral("queryResults"));
    m_run->setToolTip(tr("Run every statement; the last one's rows are shown (Ctrl+Enter)"));
    m_cancel->setEnabled(false);
    m_history->setObjectName(QStringLiteral("queryHistory"));
    m_history->setToolTip(tr("Queries run before, most recent first"));
    m_history->setSizeAdjustPolicy(QComboBox::AdjustToMinimumContentsLengthWithIcon);
    m_history->setMinimumContentsLength(12);
    m_status->setWordWrap(true);
    m_status->setTextInteractionFlags(Qt::TextSelectableByMouse);
    m_status->setText(tr("Ctrl+Enter runs the SQL on this session's tables (docs/query.md lists them); a "
                         "double-click on a row with ts goes there on the timeline."));
    m_tables->setHeaderLabel(tr("Tables"));
    m_tables->setMinimumWidth(fontMetrics().horizontalAdvance(QStringLiteral("thread_counter_track")) + 64);
    m_tables->setToolTip(tr("Double-click a name to put it into the query"));
    m_sorted->setSourceModel(m_model);
    m_sorted->setSortRole(QueryResultModel::SortRole);
    m_table->setModel(m_sorted);
    m_table->setSortingEnabled(true);
    m_table->setSelectionBehavior(QAbstractItemView::SelectRows);
    m_table->setAlternatingRowColors(true);
    m_table->verticalHeader()->setDefaultSectionSize(fontMetrics().height() + 4);
    m_table->setToolTip(tr("Double-click a row with ts to go there on the timeline"));

    auto* controls = new QHBoxLayout;
    controls->setContentsMargins(0, 0, 0, 0);
    controls->addWidget(m_run);
    controls->addWidget(m_cancel);
    controls->addWidget(m_history, 1);
    auto* editing = new QVBoxLayout;
    editing->setContentsMargins(0, 0, 0, 0);
    editing->addWidget(m_editor, 1);
    editing->addLayout(controls);
    editing->addWidget(m_status);
    auto* editorArea = new QWidget(this);
    editorArea->setLayout(editing);
    auto* top = new QSplitter(Qt::Horizontal, this);
    top->addWidget(editorArea);
    top->addWidget(m_tables);
    top->setStretchFactor(0, 4);
    top->setStretchFactor(1, 1);
    auto* split = new QSplitter(Qt::Vertical, this);
    split->addWidget(top);
    split->addWidget(m_table);
    split->setStretchFactor(0, 1);
    split->setStretchFactor(1, 1);
    auto* layout = new QVBoxLayout(this);
    layout->setContentsMargins(2, 2, 2, 2);
    layout->addWidget(split);

    connect(m_run, &QPushButton::clicked, this, &QueryPage::run);
    connect(m_cancel, &QPushButton::clicked, this, &QueryPage::cancel);
    connect(m_editor, &SqlEditor::runRequested, this, &QueryPage::run);
    connect(&m_runner, &QueryRunner::stage, m_status, &QLabel::setText);
    connect(&m_runner, &QueryRunner::finished, this, &QueryPage::finished);
    connect(m_table, &QTableView::doubleClicked, this, [this](const QModelIndex& i) { goToRow(i.row()); });
    connect(m_tables, &QTreeWidget::itemDoubleClicked, this, [this](QTreeWidgetItem* item) {
        m_editor->insertPlainText(item->data(0, Qt::UserRole).toString());
        m_editor->setFocus();
    });
    connect(m_history, &QComboBox::activated, this, [this](int i) {
        m_editor->setPlainText(m_history->itemData(i).toString());
        m_editor->setFocus();
    });
    exports.addTable(QStringLiteral("query"), tr("Query results"), m_table);

    fillHistory();
    m_editor->setPlainText(m_history->count() > 0 ? m_history->itemData(0).toString()
                                                  : firstExample(m_runner.sides()));
    fillTables();
}

void QueryPage::run() {
    const QString sql = m_editor->toPlainText();
    if (m_runner.busy() || sql.trimmed().isEmpty())
        return;
    m_editor->clearError();
    m_run->setEnabled(false);
    m_cancel->setEnabled(true);
    remember(sql);
    m_runner.run(sql);
}

void QueryPage::cancel() {
    m_runner.cancel();
}

void QueryPage::finished(const QueryResult& r) {
    m_run->setEnabled(true);
    m_cancel->setEnabled(false);
    fillTables();
    const QString warnings =
        r.warnings.isEmpty()
            ? QString()
            : QStringLiteral("\n") + tr("Warning: %1").arg(r.warnings.join(QStringLiteral("; ")));
    if (r.cancelled) {
        m_status->setText(tr("Cancelled.") + warnings);
        return;
    }
    if (!r.error.isEmpty()) {
        m_status->setText(r.line > 0 ? tr("Line %1, column %2: %3").arg(r.line).arg(r.column).arg(r.error)
                                     : r.error);
        m_editor->showError(r.position);
        return;
    }
    m_model->setResult(r);
    m_table->sortByColumn(-1, Qt::AscendingOrder); // the query's own order until a header is clicked
    m_table->resizeColumnsToContents();
    const auto n = static_cast<qlonglong>(r.rows.size());
    const QString seconds = QLocale().toString(r.seconds, 'f', 3);
    QString text = r.truncated ? tr("The first %L1 rows (the query has more) in %2 s").arg(n).arg(seconds)
                   : n == 1    ? tr("1 row in %1 s").arg(seconds)
                               : tr("%L1 rows in %2 s").arg(n).arg(seconds);
    if (r.statements > 1)
        text += QStringLiteral(" ") + tr("(%1 statements; the last one's rows)").arg(r.statements);
    m_status->setText(text + warnings);
}

void QueryPage::fillTables() {
    m_tables->clear();
    QStringList names;
    for (const auto& [table, columns] : m_runner.schema()) {
        auto* item = new QTreeWidgetItem(m_tables, {table});
        item->setData(0, Qt::UserRole, table);
        names << table;
        for (const core::ColumnSpec& c : columns) {
            const QString column = QString::fromStdString(c.name);
            const char* type = c.kind == core::ColumnKind::Real   ? "REAL"
                               : c.kind == core::ColumnKind::Text ? "TEXT"
                                                                  : "INTEGER";
            auto* child = new QTreeWidgetItem(item, {column + QStringLiteral("  ") + QLatin1String(type)});
            child->setData(0, Qt::UserRole, column);
            names << column;
        }
    }
    m_editor->setNames(names);
}

void QueryPage::remember(const QString& sql) {
    QSettings s;
    QStringList h = s.value(QLatin1String(kHistoryKey)).toStringList();
    h.removeAll(sql);
    h.prepend(sql);
    while (h.size() > kHistory)
        h.removeLast();
    s.setValue(QLatin1String(kHistoryKey), h);
    fillHistory();
}

void QueryPage::fillHistory() {
    m_history->clear();
    for (const QString& sql : QSettings().value(QLatin1String(kHistoryKey)).toStringList()) {
        QString line = sql.simplified();
        if (line.size() > 80)
            line = line.left(77) + QStringLiteral("...");
        m_history->addItem(line, sql);
        m_history->setItemData(m_history->count() - 1, sql, Qt::ToolTipRole);
    }
    m_history->setPlaceholderText(tr("History"));
    m_history->setCurrentIndex(-1);
}

bool QueryPage::goToRow(int row) {
    const int source = m_sorted->mapToSource(m_sorted->index(row, 0)).row();
    auto col = [this](const char* name) { return m_model->column(QLatin1String(name)); };
    const QVariant ts = m_model->value(source, col("ts"));
    if (!ts.isValid())
        return false;
    // The side: the one a `side` column names, else the first.
    const QueryRunner::Side* side = &m_runner.sides().front();
    const QString named = m_model->value(source, col("side")).toString();
    for (const QueryRunner::Side& s : m_runner.sides())
        if (s.schema == named)
            side = &s;
    Session& session = *side->session;
    ViewState& view = session.view();
    const SimNs t = ts.toLongLong();
    const QVariant dur = m_model->value(source, col("dur")), cpu = m_model->value(source, col("cpu")),
                   utid = m_model->value(source, col("utid"));
    if (dur.isValid() && dur.toLongLong() > 0) { // the stretch whole, a quarter of it on each side
        const SimNs d = dur.toLongLong(), margin = std::max<SimNs>(d / 4, 1000);
        view.setRange(std::max<SimNs>(0, t - margin), t + d + margin, false);
        view.setCursor(t);
    } else {
        view.goTo(t);
    }
    const std::optional<uint32_t> task =
        utid.isValid() ? m_runner.taskOf(side->schema, utid.toLongLong()) : std::nullopt;
    const std::optional<uint32_t> onCpu = cpu.isValid() ? modelCpu(session, cpu.toLongLong()) : std::nullopt;
    if (task) {
        view.setSelection({}, task);
        Pick p;
        p.kind = Pick::Kind::State;
        p.task = *task;
        p.time = t;
        view.setPick(p);
    } else if (onCpu) {
        Pick p;
        p.kind = Pick::Kind::Slice;
        p.cpu = *onCpu;
        p.time = t + (dur.isValid() ? dur.toLongLong() / 2 : 0);
        view.setPick(p);
        // A window that raises its details for a picked slice: the results stay in view, as a
        // migration picked in its table leaves the table in view.
        for (QWidget* w = parentWidget(); w; w = w->parentWidget())
            if (auto* tabs = qobject_cast<QTabWidget*>(w)) {
                tabs->setCurrentWidget(this);
                break;
            }
    }
    return true;
}

} // namespace ui
