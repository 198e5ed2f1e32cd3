#pragma once

#include "report/snapshot.h"

#include <QAbstractItemModel>

#include <optional>
#include <vector>

namespace ui {

class History;
class ViewState;
class CgroupColors;
struct HistorySample;

/// The cgroup hierarchy with its tasks as children: weight, tasks, cpuacct usage and share of
/// the machine, PSI some avg10 for cpu, memory and io. Shows the latest state, or the state at
/// the time cursor (cgroup rows; task rows are always the live tasks). Weights are editable
/// and tasks can be dragged onto a cgroup: both are requests that the engine carries out, and
/// the model shows the result when the next snapshot arrives. Reads History, the view state
/// and the colours; refresh() brings it up to date; edits leave as signals.
class CgroupTreeModel : public QAbstractItemModel {
    Q_OBJECT
public:
    enum Column { Name, Weight, CpuMax, Tasks, CpuTime, Share, PsiCpu, PsiMemory, PsiIo, ColumnCount };
    enum Role { CgroupIdRole = Qt::UserRole + 1, TaskIdRole, PathRole, IsTaskRole, TaskNameRole };

    CgroupTreeModel(const History& history, const ViewState& view, const CgroupColors& colors,
                    QObject* parent = nullptr);

    /// Brings the rows up to date with History (inserting and removing only what changed).
    void refresh();
    /// Starts over (a new run).
    void restart();
    /// The Weight column headed "W" (its tooltip says cpu.weight), for a narrow dock.
    void setShortHeaders(bool on);

    QModelIndex index(int row, int column, const QModelIndex& parent = {}) const override;
    QModelIndex parent(const QModelIndex& child) const override;
    int rowCount(const QModelIndex& parent = {}) const override;
    int columnCount(const QModelIndex& parent = {}) const override;
    QVariant data(const QModelIndex& index, int role = Qt::DisplayRole) const override;
    bool setData(const QModelIndex& index, const QVariant& value, int role = Qt::EditRole) override;
    QVariant headerData(int section, Qt::Orientation orientation, int role = Qt::DisplayRole) const override;
    Qt::ItemFlags flags(const QModelIndex& index) const override;
    QStringList mimeTypes() const override;
    QMimeData* mimeData(const QModelIndexList& indexes) const override;
    bool canDropMimeData(const QMimeData* data, Qt::DropAction action, int row, int column,
                         const QModelIndex& parent) const override;
    bool dropMimeData(const QMimeData* data, Qt::DropAction action, int row, int column,
                      const QModelIndex& parent) override;
    Qt::DropActions supportedDropActions() const override { return Qt::MoveAction; }
    Qt::DropActions supportedDragActions() const override { return Qt::MoveAction; }

    /// The index of a cgroup (column 0), or invalid.
    QModelIndex cgroupIndex(uint32_t cgroupId) const;
    QString cgroupPath(uint32_t cgroupId) const;

signals:
    void weightChangeRequested(const QString& cgroupPath, uint32_t weight);
    void moveRequested(core::TaskId task, const QString& cgroupPath);

private:
    bool m_shortHeaders = false;
    struct CgroupNode {
        core::CgroupState state;
        int parent = -1;                   ///< cgroup id of the parent, -1 for the root
        int row = 0;                       ///< row under the parent
        std::vector<uint32_t> children;    ///< child cgroup ids, in order
        std::vector<core::TaskInfo> tasks; ///< live tasks directly in it, by id
    };
    static constexpr quintptr kTaskBit = 1;
    static quintptr cgroupKey(uint32_t id) { return quintptr(id) << 1; }
    static quintptr taskKey(uint32_t parentCgroup) { return (quintptr(parentCgroup) << 1) | kTaskBit; }
    const CgroupNode* nodeOf(const QModelIndex& index) const;
    const core::TaskInfo* taskOf(const QModelIndex& index) const;
    void rebuildStructure(const std::vector<core::CgroupState>& cgroups);
    void syncTasks(uint32_t cgroup, std::vector<core::TaskInfo> now);
    QVariant cgroupData(const CgroupNode& n, int column, int role) const;
    QVariant taskData(const core::TaskInfo& t, int column, int role) const;
    const HistorySample* shownSample() const;

    const History& m_history;
    const ViewState& m_view;
    const CgroupColors& m_colors;
    std::vector<CgroupNode> m_nodes; ///< by cgroup id
};

} // namespace ui
