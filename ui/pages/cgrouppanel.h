#pragma once

#include <QWidget>

class QTreeView;

namespace ui {

class Session;
class CgroupTreeModel;

/// The cgroup tree dock: select cgroups or a task to filter and highlight the other views,
/// drag a task onto a cgroup (or use the context menu) to move it there live, double-click a
/// weight to change it.
class CgroupPanel : public QWidget {
    Q_OBJECT
public:
    explicit CgroupPanel(Session& session, QWidget* parent = nullptr);
    void restart();
    void refresh();
    CgroupTreeModel* model() const { return m_model; }
    QTreeView* view() const { return m_tree; }

private:
    void selectionToView();
    void contextMenu(const QPoint& pos);

    Session& m_session;
    CgroupTreeModel* m_model;
    QTreeView* m_tree;
};

} // namespace ui
