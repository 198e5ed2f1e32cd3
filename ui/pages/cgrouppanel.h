#pragma once

#include "plots/liveview.h"

#include <QWidget>

class QLineEdit;
class QModelIndex;
class QTreeView;

namespace ui {

class Session;
class ExportRegistry;
class CgroupTreeModel;

/// The cgroup tree dock: select cgroups or a task to filter and highlight the other views,
/// drag a task onto a cgroup (or use the context menu) to move it there live, double-click a
/// weight to change it; a find field narrows the tree to matching cgroups and tasks. Follows the session and
/// the time cursor by itself.
class CgroupPanel : public QWidget, public LiveView {
    Q_OBJECT
public:
    explicit CgroupPanel(Session& session, QWidget* parent = nullptr);
    void restart() override;
    void refresh() override;
    /// Registers the tree as a CSV table (it keeps its own context menu: move task, weight).
    void addExports(ExportRegistry& exports);
    /// Puts the focus in the find field: cgroups and tasks whose name contains its text show
    /// (with the cgroups above them), as you type.
    void focusFind();

protected:
    /// Lays the columns out for the dock's width (fitColumns).
    void resizeEvent(QResizeEvent* e) override;

private:
    /// Whole columns only: the name column takes what the columns that fit beside it leave, so
    /// that no header shows cut ("We" for Weight) at the dock's edge; the rest scroll in whole.
    void fitColumns();
    void selectionToView();
    void contextMenu(const QPoint& pos);
    void applyFilter();
    int countRows(const QModelIndex& parent) const;
    /// Hides the rows below `parent` that neither match nor hold a match; true if any shows.
    bool filterRows(const QModelIndex& parent, const QString& text);

    Session& m_session;
    CgroupTreeModel* m_model;
    QTreeView* m_tree;
    QLineEdit* m_find;
    int m_filteredRows = -1; ///< the tree's rows when the filter was last applied
};

} // namespace ui
