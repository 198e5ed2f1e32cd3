#include "pages/cgrouppanel.h"

#include "controller/session.h"
#include "export/exportregistry.h"
#include "models/cgrouptreemodel.h"
#include "pages/cpumaxdialog.h"
#include "pages/findfield.h"

#include <QHeaderView>
#include <QInputDialog>
#include <QLineEdit>
#include <QMenu>
#include <QTreeView>
#include <QVBoxLayout>

namespace ui {

CgroupPanel::CgroupPanel(Session& session, QWidget* parent)
    : QWidget(parent)
    , m_session(session)
    , m_model(new CgroupTreeModel(session.history(), session.view(), session.colors(), this))
    , m_tree(new QTreeView(this))
    , m_find(new QLineEdit(this)) {
    m_tree->setObjectName(QStringLiteral("cgroupTree"));
    m_tree->setModel(m_model);
    m_tree->setSelectionMode(QAbstractItemView::ExtendedSelection);
    m_tree->setSelectionBehavior(QAbstractItemView::SelectRows);
    m_tree->setDragEnabled(true);
    m_tree->setAcceptDrops(true);
    m_tree->setDropIndicatorShown(true);
    m_tree->setDragDropMode(QAbstractItemView::DragDrop);
    m_tree->setDefaultDropAction(Qt::MoveAction);
    m_tree->setEditTriggers(QAbstractItemView::DoubleClicked | QAbstractItemView::EditKeyPressed);
    m_tree->setContextMenuPolicy(Qt::CustomContextMenu);
    m_tree->setUniformRowHeights(true);
    m_tree->setIndentation(14); // names get the room (a dock on a laptop is narrow)
    m_tree->header()->setStretchLastSection(false);
    m_tree->header()->setSectionResizeMode(QHeaderView::Interactive);
    fitColumns();
    connect(m_tree, &QTreeView::expanded, this, [this] { fitColumns(); });
    connect(m_tree, &QTreeView::collapsed, this, [this] { fitColumns(); });
    m_find->setObjectName(QStringLiteral("findCgroupTask"));
    setFindTexts(*m_find, tr("Find cgroup/task"), tr("Find a cgroup or task (Ctrl+F)"));
    m_find->setClearButtonEnabled(true);
    auto* layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->addWidget(m_find);
    layout->addWidget(m_tree);
    connect(m_find, &QLineEdit::textChanged, this, [this] { applyFilter(); });

    connect(m_model, &CgroupTreeModel::weightChangeRequested, &session.controller(),
            &SimulationController::setCgroupWeight);
    connect(m_model, &CgroupTreeModel::moveRequested, &session.controller(), &SimulationController::moveTask);
    connect(m_tree->selectionModel(), &QItemSelectionModel::selectionChanged, this,
            &CgroupPanel::selectionToView);
    connect(m_tree, &QTreeView::customContextMenuRequested, this, &CgroupPanel::contextMenu);
    connect(&session.view(), &ViewState::cursorChanged, this, [this] { refreshWhenVisible(); });
    followSession(this, session);
}

void CgroupPanel::resizeEvent(QResizeEvent* e) {
    QWidget::resizeEvent(e);
    fitColumns();
}

void CgroupPanel::fitColumns() {
    QHeaderView* header = m_tree->header();
    const QFontMetrics metrics = header->fontMetrics();
    const int pad = 2 * metrics.averageCharWidth() + 8;
    const int room = std::max(m_tree->viewport()->width(), 1);
    // The names as wide as they are (indented) and their heading with the header's margins
    // ("Cgroup / task" was cut where only the root was there), but never so wide that Weight
    // cannot follow.
    const int names =
        std::max({static_cast<const QAbstractItemView*>(m_tree)->sizeHintForColumn(CgroupTreeModel::Name),
                  header->sectionSizeHint(CgroupTreeModel::Name), metrics.averageCharWidth() * 10});
    const int fullWeight = metrics.horizontalAdvance(CgroupTreeModel::tr("Weight")) + pad;
    // A narrow dock heads Weight "W" (its tooltip says what) rather than cutting it.
    m_model->setShortHeaders(names + std::max(64, fullWeight) > room);
    // Each figure's column as wide as its header needs (translated), at least its old width.
    auto widthOf = [&](int c) {
        const QString title = m_model->headerData(c, Qt::Horizontal, Qt::DisplayRole).toString();
        const int least = c == CgroupTreeModel::CpuMax  ? 140
                          : c == CgroupTreeModel::Tasks ? 110
                          : c == CgroupTreeModel::Weight
                              ? metrics.horizontalAdvance(QStringLiteral("10000")) + 12
                              : 64;
        return std::max(least, metrics.horizontalAdvance(title) + pad);
    };
    // The names whole first, as far as Weight still fits beside them; then whole columns, in
    // order, as long as each fits; the names take the rest (the others scroll in whole).
    const int least = metrics.averageCharWidth() * 8;
    const int nameWidth = std::clamp(names, least, std::max(least, room - widthOf(CgroupTreeModel::Weight)));
    int figures = 0;
    bool fitting = true;
    for (int c = 1; c < CgroupTreeModel::ColumnCount; ++c) {
        const int w = widthOf(c);
        header->resizeSection(c, w);
        fitting = fitting && nameWidth + figures + w <= room;
        if (fitting)
            figures += w;
    }
    header->resizeSection(CgroupTreeModel::Name, std::max(room - figures, nameWidth));
}

void CgroupPanel::addExports(ExportRegistry& exports) {
    exports.addTable(
        QStringLiteral("cgroups"), tr("Cgroup tree"), m_tree, [this] { refresh(); }, false);
}

void CgroupPanel::restart() {
    m_model->restart();
    m_tree->expandToDepth(1);
}

void CgroupPanel::refresh() {
    const bool empty = m_model->rowCount() == 0;
    m_model->refresh();
    if (empty && m_model->rowCount() > 0) {
        m_tree->expandToDepth(1);
        fitColumns(); // for the names now shown
    }
    // The filter again only where the tree's shape changed (a task came or went): applying it
    // relays the tree out and would reopen groups the user closed.
    if (!m_find->text().isEmpty()) {
        const int rows = countRows({});
        if (rows != m_filteredRows)
            applyFilter();
    }
}

int CgroupPanel::countRows(const QModelIndex& parent) const {
    int n = m_model->rowCount(parent);
    for (int r = 0, end = n; r < end; ++r)
        n += countRows(m_model->index(r, 0, parent));
    return n;
}

void CgroupPanel::focusFind() {
    m_find->setFocus(Qt::ShortcutFocusReason);
    m_find->selectAll();
}

bool CgroupPanel::filterRows(const QModelIndex& parent, const QString& text) {
    bool any = false;
    for (int r = 0; r < m_model->rowCount(parent); ++r) {
        const QModelIndex i = m_model->index(r, 0, parent);
        const bool self =
            text.isEmpty() || i.data(Qt::DisplayRole).toString().contains(text, Qt::CaseInsensitive);
        // A cgroup shows when it or anything below it matches; what is below a matching
        // cgroup shows whole.
        const bool below = filterRows(i, self ? QString() : text);
        const bool shown = self || below;
        m_tree->setRowHidden(r, parent, !shown);
        if (shown && !text.isEmpty() && below)
            m_tree->expand(i);
        any = any || shown;
    }
    return any;
}

void CgroupPanel::applyFilter() {
    filterRows({}, m_find->text().trimmed());
    m_filteredRows = countRows({});
}

void CgroupPanel::selectionToView() {
    std::set<uint32_t> cgroups;
    std::optional<uint32_t> task;
    for (const QModelIndex& i : m_tree->selectionModel()->selectedRows()) {
        if (i.data(CgroupTreeModel::IsTaskRole).toBool())
            task = i.data(CgroupTreeModel::TaskIdRole).toUInt();
        else
            cgroups.insert(i.data(CgroupTreeModel::CgroupIdRole).toUInt());
    }
    m_session.view().setSelection(std::move(cgroups), task);
}

void CgroupPanel::contextMenu(const QPoint& pos) {
    const QModelIndex at = m_tree->indexAt(pos);
    if (!at.isValid())
        return;
    QMenu menu(this);
    if (at.data(CgroupTreeModel::IsTaskRole).toBool()) {
        const core::TaskId task(at.data(CgroupTreeModel::TaskIdRole).toUInt());
        QMenu* move = menu.addMenu(tr("Move to cgroup"));
        for (const core::CgroupState& c : m_session.history().latest().cgroups) {
            const QString path = QString::fromStdString(c.path);
            QAction* a = move->addAction(path, this,
                                         [this, task, path] { m_session.controller().moveTask(task, path); });
            a->setEnabled(c.id.value() != at.data(CgroupTreeModel::CgroupIdRole).toUInt());
        }
        const QString name = at.data(CgroupTreeModel::TaskNameRole).toString();
        menu.addAction(tr("&Kill %1").arg(name), this,
                       [this, name] { m_session.controller().killTasks(name); });
    } else {
        const QString path = at.data(CgroupTreeModel::PathRole).toString();
        const QModelIndex weight = at.siblingAtColumn(CgroupTreeModel::Weight);
        QAction* a = menu.addAction(tr("Set weight..."), this, [this, path, weight] {
            bool ok = false;
            const int w =
                QInputDialog::getInt(this, tr("cpu.weight of %1").arg(path), tr("Weight (1 to 10000):"),
                                     weight.data(Qt::EditRole).toInt(), 1, 10000, 1, &ok);
            if (ok)
                m_session.controller().setCgroupWeight(path, static_cast<uint32_t>(w));
        });
        a->setEnabled(path != QStringLiteral("/"));
        QAction* m = menu.addAction(
            tr("Set cpu.max..."), this, [this, path, id = at.data(CgroupTreeModel::CgroupIdRole).toUInt()] {
                core::CpuMax current;
                for (const core::CgroupState& c : m_session.history().latest().cgroups)
                    if (c.id.value() == id)
                        current = c.max;
                const auto spec = m_session.spec();
                const bool burst = spec && core::kernelModelInfo(spec->kernel.model).bandwidthBurst;
                CpuMaxDialog dialog(path, current, burst, this);
                if (dialog.exec() == QDialog::Accepted)
                    m_session.controller().setCgroupMax(path, dialog.value());
            });
        m->setEnabled(path != QStringLiteral("/"));
    }
    menu.exec(m_tree->viewport()->mapToGlobal(pos));
}

} // namespace ui
