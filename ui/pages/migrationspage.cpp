#include "pages/migrationspage.h"

#include "base/trace.h"
#include "controller/kerneltext.h"
#include "controller/session.h"
#include "export/exportregistry.h"
#include "models/migrationtablemodel.h"
#include "pages/findfield.h"
#include "plots/migrationmatrixplot.h"
#include "plots/migrationrateplot.h"
#include "sched/topology.h"

#include <QComboBox>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QItemSelectionModel>
#include <QLabel>
#include <QLineEdit>
#include <QSplitter>
#include <QTableView>
#include <QVBoxLayout>

namespace ui {

MigrationsPage::MigrationsPage(Session& session, QWidget* parent)
    : QWidget(parent)
    , m_session(session)
    , m_rate(new MigrationRatePlot(session, this))
    , m_matrix(new MigrationMatrixPlot(session, this))
    , m_model(new MigrationTableModel(session.history(), this))
    , m_filter(new MigrationFilterModel(this))
    , m_table(new QTableView(this))
    , m_reason(new QComboBox(this))
    , m_task(new QLineEdit(this))
    , m_count(new QLabel(this)) {
    m_filter->setSourceModel(m_model);
    m_filter->setSortRole(MigrationTableModel::SortRole);
    m_table->setObjectName(QStringLiteral("migrationTable"));
    m_table->setModel(m_filter);
    m_table->setSortingEnabled(true);
    m_table->sortByColumn(MigrationTableModel::Time, Qt::AscendingOrder);
    m_table->setSelectionBehavior(QAbstractItemView::SelectRows);
    m_table->verticalHeader()->setVisible(false);
    m_table->verticalHeader()->setDefaultSectionSize(fontMetrics().height() + 4);
    m_table->horizontalHeader()->setStretchLastSection(true);
    m_table->setAlternatingRowColors(true);

    m_reason->addItem(tr("any reason"), -1);
    for (int r = 0; r < static_cast<int>(core::kMigrationReasonCount); ++r) {
        m_reason->addItem(migrationReasonText(static_cast<core::MigrationReason>(r)), r);
    }
    connect(m_reason, &QComboBox::currentIndexChanged, this,
            [this] { m_filter->setReason(m_reason->currentData().toInt()); });
    m_task->setObjectName(QStringLiteral("migrationTaskFilter"));
    setFindTexts(*m_task, tr("task name"), tr("filter by task name"));
    m_task->setClearButtonEnabled(true);
    connect(m_task, &QLineEdit::textChanged, m_filter, &MigrationFilterModel::setTaskText);
    connect(&session.view(), &ViewState::selectionChanged, this,
            [this] { m_filter->setCpu(m_session.view().selectedCpu()); });
    // Picking a row shows the migration's two ends in the timeline and the detail panel.
    connect(m_table->selectionModel(), &QItemSelectionModel::currentRowChanged, this,
            [this](const QModelIndex& current) {
                if (!current.isValid())
                    return;
                const QModelIndex src = m_filter->mapToSource(current);
                if (const core::MigrationRecord* m = m_model->record(src.row()))
                    showMigration(*m);
            });
    connect(&session.view(), &ViewState::cursorChanged, this, [this] {
        if (const auto c = m_session.view().cursor()) {
            const QModelIndex src = m_model->index(m_model->rowAtTime(*c), 0);
            const QModelIndex row = m_filter->mapFromSource(src);
            if (row.isValid())
                m_table->scrollTo(row, QAbstractItemView::PositionAtCenter);
        }
    });

    auto* filters = new QHBoxLayout;
    filters->addWidget(new QLabel(tr("Reason:"), this));
    filters->addWidget(m_reason);
    filters->addWidget(m_task, 1);
    // "1035 shown, 1035 held, 1035 in all" wraps rather than widen the window past 1024 px.
    m_count->setWordWrap(true);
    filters->addWidget(m_count, 1);
    auto* tableBox = new QWidget(this);
    auto* tableLayout = new QVBoxLayout(tableBox);
    tableLayout->setContentsMargins(0, 0, 0, 0);
    tableLayout->addLayout(filters);
    tableLayout->addWidget(m_table, 1);

    auto* charts = new QSplitter(Qt::Horizontal, this);
    charts->addWidget(m_rate);
    charts->addWidget(m_matrix);
    charts->setSizes({600, 380});
    auto* split = new QSplitter(Qt::Vertical, this);
    split->addWidget(charts);
    split->addWidget(tableBox);
    split->setSizes({300, 200});
    auto* layout = new QVBoxLayout(this);
    layout->setContentsMargins(4, 4, 4, 4);
    layout->addWidget(split);
    followSession(this, session);
}

void MigrationsPage::showMigration(const core::MigrationRecord& m) {
    // Takes the user there: the timeline centred on the arrow, zoomed in far enough to see the
    // runs on both ends (a view already closer stays as close), the cursor on it, and both
    // ends in the detail panel.
    ViewState& view = m_session.view();
    const SimNs t = m.time.count();
    const SimNs width = std::min<SimNs>(view.rangeEnd() - view.rangeStart(), kMigrationViewWidth);
    view.setRange(std::max<SimNs>(0, t - width / 2), std::max<SimNs>(0, t - width / 2) + width, false);
    view.setCursor(t);
    view.setPick(Pick{Pick::Kind::Migration, m.from, t, m});
}

void MigrationsPage::addExports(ExportRegistry& exports) {
    exports.add(m_rate);
    exports.add(m_matrix);
    exports.addTable(QStringLiteral("migration-table"), tr("Migrations"), m_table, [this] { refresh(); });
}

void MigrationsPage::restart() {
    QStringList levels;
    if (const core::Topology* topo = m_session.topology())
        for (const core::DomainLevelInfo& l : topo->levels())
            levels << QString::fromLatin1(core::domainLevelName(l.level));
    m_model->restart(levels);
}

void MigrationsPage::refresh() {
    m_model->refresh();
    const History& h = m_session.history();
    m_count->setText(tr("%1 shown, %2 held, %3 in all")
                         .arg(m_filter->rowCount())
                         .arg(h.migrations().size())
                         .arg(h.migrationsDelivered()));
}

} // namespace ui
