#include "models/cgrouptreemodel.h"

#include "controller/cgroupcolors.h"
#include "controller/history.h"
#include "controller/kerneltext.h"
#include "controller/viewstate.h"
#include "sched/task.h"

#include <QColor>
#include <QIODevice>
#include <QMimeData>

#include <algorithm>

namespace ui {

namespace {
const QString kTaskMime = QStringLiteral("application/x-schedscope-task-ids");

QString formatMs(SimNs ns) {
    return QString::number(static_cast<double>(ns) / 1e6, 'f', 1);
}
} // namespace

CgroupTreeModel::CgroupTreeModel(const History& history, const ViewState& view, const CgroupColors& colors,
                                 QObject* parent)
    : QAbstractItemModel(parent)
    , m_history(history)
    , m_view(view)
    , m_colors(colors) {}

void CgroupTreeModel::restart() {
    beginResetModel();
    m_nodes.clear();
    endResetModel();
    refresh();
}

const HistorySample* CgroupTreeModel::shownSample() const {
    const auto cursor = m_view.cursor();
    const auto& samples = m_history.samples();
    if (!cursor || samples.empty())
        return nullptr;
    return &samples[m_history.sampleAt(*cursor)];
}

void CgroupTreeModel::rebuildStructure(const std::vector<core::CgroupState>& cgroups) {
    beginResetModel();
    m_nodes.assign(cgroups.size(), CgroupNode{});
    for (const core::CgroupState& c : cgroups) {
        CgroupNode& n = m_nodes[c.id.value()];
        n.state = c;
        n.parent = c.parent.valid() ? static_cast<int>(c.parent.value()) : -1;
    }
    for (uint32_t id = 0; id < m_nodes.size(); ++id) {
        CgroupNode& n = m_nodes[id];
        if (n.parent >= 0 && static_cast<size_t>(n.parent) < m_nodes.size()) {
            CgroupNode& p = m_nodes[static_cast<size_t>(n.parent)];
            n.row = static_cast<int>(p.children.size());
            p.children.push_back(id);
        }
    }
    endResetModel();
}

void CgroupTreeModel::refresh() {
    const core::Snapshot& latest = m_history.latest();
    const auto& cgroups = latest.cgroups;
    bool same = cgroups.size() == m_nodes.size();
    for (size_t i = 0; same && i < cgroups.size(); ++i)
        same = cgroups[i].path == m_nodes[i].state.path;
    if (!same)
        rebuildStructure(cgroups);
    for (const core::CgroupState& c : cgroups)
        m_nodes[c.id.value()].state = c;

    std::vector<std::vector<core::TaskInfo>> byCgroup(m_nodes.size());
    for (const core::TaskInfo& t : latest.tasks)
        if (t.cgroup.value() < byCgroup.size())
            byCgroup[t.cgroup.value()].push_back(t);
    for (uint32_t id = 0; id < m_nodes.size(); ++id)
        syncTasks(id, std::move(byCgroup[id]));

    // Values change everywhere; the structure is already right.
    for (uint32_t id = 0; id < m_nodes.size(); ++id) {
        const CgroupNode& n = m_nodes[id];
        const QModelIndex self = cgroupIndex(id);
        emit dataChanged(self.siblingAtColumn(0), self.siblingAtColumn(ColumnCount - 1));
        const int rows = rowCount(self);
        if (rows > 0)
            emit dataChanged(index(0, 0, self), index(rows - 1, ColumnCount - 1, self));
        (void)n;
    }
}

void CgroupTreeModel::syncTasks(uint32_t cgroup, std::vector<core::TaskInfo> now) {
    CgroupNode& n = m_nodes[cgroup];
    const QModelIndex parent = cgroupIndex(cgroup);
    const int offset = static_cast<int>(n.children.size());
    std::sort(now.begin(), now.end(),
              [](const auto& a, const auto& b) { return a.id.value() < b.id.value(); });
    // Remove the rows of tasks that are gone, in runs, from the back so rows stay valid.
    std::vector<char> keep(n.tasks.size(), 0);
    {
        size_t j = 0;
        for (size_t i = 0; i < n.tasks.size(); ++i) {
            while (j < now.size() && now[j].id.value() < n.tasks[i].id.value())
                ++j;
            keep[i] = j < now.size() && now[j].id == n.tasks[i].id;
        }
    }
    for (size_t end = n.tasks.size(); end > 0;) {
        if (keep[end - 1]) {
            --end;
            continue;
        }
        size_t begin = end - 1;
        while (begin > 0 && !keep[begin - 1])
            --begin;
        beginRemoveRows(parent, offset + static_cast<int>(begin), offset + static_cast<int>(end) - 1);
        n.tasks.erase(n.tasks.begin() + static_cast<std::ptrdiff_t>(begin),
                      n.tasks.begin() + static_cast<std::ptrdiff_t>(end));
        endRemoveRows();
        end = begin;
    }
    // Insert new tasks where they belong (ids only grow, so mostly at the end), in runs.
    size_t i = 0;
    size_t j = 0;
    while (j < now.size()) {
        if (i < n.tasks.size() && n.tasks[i].id == now[j].id) {
            n.tasks[i] = now[j];
            ++i;
            ++j;
            continue;
        }
        size_t runEnd = j;
        while (runEnd < now.size() && (i >= n.tasks.size() || now[runEnd].id.value() < n.tasks[i].id.value()))
            ++runEnd;
        beginInsertRows(parent, offset + static_cast<int>(i),
                        offset + static_cast<int>(i + (runEnd - j)) - 1);
        n.tasks.insert(n.tasks.begin() + static_cast<std::ptrdiff_t>(i),
                       now.begin() + static_cast<std::ptrdiff_t>(j),
                       now.begin() + static_cast<std::ptrdiff_t>(runEnd));
        endInsertRows();
        i += runEnd - j;
        j = runEnd;
    }
}

QModelIndex CgroupTreeModel::cgroupIndex(uint32_t id) const {
    if (id >= m_nodes.size())
        return {};
    const CgroupNode& n = m_nodes[id];
    return createIndex(n.parent < 0 ? 0 : n.row, 0, cgroupKey(id));
}

QString CgroupTreeModel::cgroupPath(uint32_t id) const {
    return id < m_nodes.size() ? QString::fromStdString(m_nodes[id].state.path) : QString();
}

const CgroupTreeModel::CgroupNode* CgroupTreeModel::nodeOf(const QModelIndex& index) const {
    if (!index.isValid() || (index.internalId() & kTaskBit))
        return nullptr;
    const size_t id = index.internalId() >> 1;
    return id < m_nodes.size() ? &m_nodes[id] : nullptr;
}

const core::TaskInfo* CgroupTreeModel::taskOf(const QModelIndex& index) const {
    if (!index.isValid() || !(index.internalId() & kTaskBit))
        return nullptr;
    const size_t parent = index.internalId() >> 1;
    if (parent >= m_nodes.size())
        return nullptr;
    const CgroupNode& p = m_nodes[parent];
    const int row = index.row() - static_cast<int>(p.children.size());
    return row >= 0 && static_cast<size_t>(row) < p.tasks.size() ? &p.tasks[static_cast<size_t>(row)]
                                                                 : nullptr;
}

QModelIndex CgroupTreeModel::index(int row, int column, const QModelIndex& parent) const {
    if (row < 0 || column < 0 || column >= ColumnCount)
        return {};
    if (!parent.isValid())
        return row == 0 && !m_nodes.empty() ? createIndex(0, column, cgroupKey(0)) : QModelIndex();
    const CgroupNode* p = nodeOf(parent);
    if (!p || parent.column() != 0)
        return {};
    const size_t pid = parent.internalId() >> 1;
    if (static_cast<size_t>(row) < p->children.size())
        return createIndex(row, column, cgroupKey(p->children[static_cast<size_t>(row)]));
    if (static_cast<size_t>(row) < p->children.size() + p->tasks.size())
        return createIndex(row, column, taskKey(static_cast<uint32_t>(pid)));
    return {};
}

QModelIndex CgroupTreeModel::parent(const QModelIndex& child) const {
    if (!child.isValid())
        return {};
    const size_t key = child.internalId() >> 1;
    if (child.internalId() & kTaskBit)
        return cgroupIndex(static_cast<uint32_t>(key));
    if (key >= m_nodes.size() || m_nodes[key].parent < 0)
        return {};
    return cgroupIndex(static_cast<uint32_t>(m_nodes[key].parent));
}

int CgroupTreeModel::rowCount(const QModelIndex& parent) const {
    if (!parent.isValid())
        return m_nodes.empty() ? 0 : 1;
    if (parent.column() != 0)
        return 0;
    const CgroupNode* n = nodeOf(parent);
    return n ? static_cast<int>(n->children.size() + n->tasks.size()) : 0;
}

int CgroupTreeModel::columnCount(const QModelIndex&) const {
    return ColumnCount;
}

void CgroupTreeModel::setShortHeaders(bool on) {
    if (on == m_shortHeaders)
        return;
    m_shortHeaders = on;
    emit headerDataChanged(Qt::Horizontal, Weight, Weight);
}

QVariant CgroupTreeModel::headerData(int section, Qt::Orientation orientation, int role) const {
    if (orientation != Qt::Horizontal)
        return {};
    if (role == Qt::DisplayRole) {
        switch (section) {
        case Name:
            return tr("Cgroup / task");
        case Weight:
            return m_shortHeaders ? tr("W", "cpu.weight, abbreviated for a narrow column") : tr("Weight");
        case Tasks:
            return tr("Tasks / state");
        case CpuTime:
            return tr("CPU (ms)");
        case Share:
            return tr("Share");
        case PsiCpu:
            return tr("cpu some");
        case PsiMemory:
            return tr("mem some");
        case PsiIo:
            return tr("io some");
        case CpuMax:
            return tr("cpu.max");
        }
    }
    if (role == Qt::ToolTipRole) {
        switch (section) {
        case Weight:
            return tr("cpu.weight (1 to 10000); double-click to change it live");
        case CpuTime:
            return tr("cpuacct usage of the whole subtree; a task's own runtime");
        case Share:
            return tr("Share of all CPU time of the machine since the start");
        case PsiCpu:
        case PsiMemory:
        case PsiIo:
            return tr("PSI some avg10: %% of the last 10 s some task of the cgroup stalled");
        case CpuMax:
            return tr("cpu.max bandwidth limit: quota per period (ms); \"throttled\" while its "
                      "queues wait for the next period. Right-click a cgroup to change it live");
        }
    }
    return {};
}

QVariant CgroupTreeModel::data(const QModelIndex& index, int role) const {
    if (const CgroupNode* n = nodeOf(index))
        return cgroupData(*n, index.column(), role);
    if (const core::TaskInfo* t = taskOf(index))
        return taskData(*t, index.column(), role);
    return {};
}

QVariant CgroupTreeModel::cgroupData(const CgroupNode& n, int column, int role) const {
    const uint32_t id = n.state.id.value();
    if (role == CgroupIdRole)
        return id;
    if (role == PathRole)
        return QString::fromStdString(n.state.path);
    if (role == IsTaskRole)
        return false;
    if (role == Qt::DecorationRole && column == Name)
        return m_colors.color(id);
    if (role == Qt::TextAlignmentRole && column != Name)
        return QVariant::fromValue(Qt::AlignRight | Qt::AlignVCenter);
    if (role == Qt::ToolTipRole && column == Name)
        return tr("%1: drop a task here to move it (sched_move_task)")
            .arg(QString::fromStdString(n.state.path));
    const HistorySample* s = shownSample();
    // The sample at the cursor, else the latest state.
    const core::CgroupPoint& p = s && id < s->cgroups.size() ? s->cgroups[id] : n.state;
    if (column == CpuMax && role == Qt::ToolTipRole) {
        return tr("cpu.max %1; throttled in %2 periods, %3 ms in all (cpu.stat)")
            .arg(QString::fromStdString(n.state.max.fileText()))
            .arg(p.cpuStat.nrThrottled)
            .arg(formatMs(p.cpuStat.throttledTime.count()));
    }
    if (column == CpuMax && role == Qt::ForegroundRole && p.throttledCpus > 0)
        return QColor(0xc0, 0x30, 0x30);
    if (role != Qt::DisplayRole && role != Qt::EditRole)
        return {};
    const SimNs usage = p.usage.count();
    const uint32_t weight = p.weight;
    const uint32_t tasks = p.nrTasks;
    const SimNs time = s ? s->time : m_history.now();
    auto psi = [&](int resource) -> QVariant {
        return QString::number(p.psi.percent(resource, false, 0), 'f', 2);
    };
    switch (column) {
    case Name:
        return n.parent < 0 ? QStringLiteral("/")
                            : QString::fromStdString(n.state.path.substr(n.state.path.rfind('/') + 1));
    case Weight:
        return role == Qt::EditRole ? QVariant(weight) : QVariant(QString::number(weight));
    case Tasks:
        return QString::number(tasks);
    case CpuTime:
        return formatMs(usage);
    case Share: {
        const double capacity = static_cast<double>(time) * m_history.nrCpus();
        return capacity > 0
                   ? QStringLiteral("%1%").arg(100.0 * static_cast<double>(usage) / capacity, 0, 'f', 1)
                   : QStringLiteral("-");
    }
    case PsiCpu:
        return psi(0);
    case PsiMemory:
        return psi(1);
    case PsiIo:
        return psi(2);
    case CpuMax: {
        const SimNs quota = p.max.quota ? p.max.quota->count() : -1;
        const SimNs period = p.max.period.count();
        if (quota < 0 || n.parent < 0)
            return n.parent < 0 ? QString() : tr("max");
        auto ms = [](SimNs ns) { return QString::number(static_cast<double>(ns) / 1e6, 'g', 6); };
        const QString limit = QStringLiteral("%1/%2 ms").arg(ms(quota), ms(period));
        return p.throttledCpus ? tr("%1 throttled").arg(limit) : limit;
    }
    }
    return {};
}

QVariant CgroupTreeModel::taskData(const core::TaskInfo& t, int column, int role) const {
    if (role == TaskIdRole)
        return t.id.value();
    if (role == TaskNameRole)
        return QString::fromStdString(t.name);
    if (role == CgroupIdRole)
        return t.cgroup.value();
    if (role == IsTaskRole)
        return true;
    if (role == Qt::TextAlignmentRole && column != Name)
        return QVariant::fromValue(Qt::AlignRight | Qt::AlignVCenter);
    if (role == Qt::ToolTipRole && column == Name) // the whole name: a narrow dock elides it
        return tr("%1: drag onto a cgroup to move this task there")
            .arg(taskData(t, Name, Qt::DisplayRole).toString());
    if (role != Qt::DisplayRole)
        return {};
    switch (column) {
    case Name:
        return QStringLiteral("%1 #%2").arg(QString::fromStdString(t.name)).arg(t.id.value());
    case Tasks:
        return taskStateText(t.state, m_history.kernelCpu(t.cpu));
    case CpuTime:
        return formatMs(t.runtime.count());
    }
    return {};
}

bool CgroupTreeModel::setData(const QModelIndex& index, const QVariant& value, int role) {
    const CgroupNode* n = nodeOf(index);
    if (!n || index.column() != Weight || role != Qt::EditRole || n->parent < 0)
        return false;
    bool ok = false;
    const uint weight = value.toUInt(&ok);
    if (!ok || weight < 1 || weight > 10000)
        return false;
    // A request: the displayed weight changes when the engine reports it.
    emit weightChangeRequested(QString::fromStdString(n->state.path), weight);
    return true;
}

Qt::ItemFlags CgroupTreeModel::flags(const QModelIndex& index) const {
    if (!index.isValid())
        return Qt::ItemIsDropEnabled;
    Qt::ItemFlags f = Qt::ItemIsEnabled | Qt::ItemIsSelectable;
    if (const CgroupNode* n = nodeOf(index)) {
        f |= Qt::ItemIsDropEnabled;
        if (index.column() == Weight && n->parent >= 0)
            f |= Qt::ItemIsEditable;
    } else if (taskOf(index)) {
        f |= Qt::ItemIsDragEnabled;
    }
    return f;
}

QStringList CgroupTreeModel::mimeTypes() const {
    return {kTaskMime};
}

QMimeData* CgroupTreeModel::mimeData(const QModelIndexList& indexes) const {
    QByteArray bytes;
    QDataStream out(&bytes, QIODevice::WriteOnly);
    QList<quint32> ids;
    for (const QModelIndex& i : indexes)
        if (const core::TaskInfo* t = taskOf(i); t && !ids.contains(t->id.value()))
            ids << t->id.value();
    if (ids.isEmpty())
        return nullptr;
    out << ids;
    auto* m = new QMimeData;
    m->setData(kTaskMime, bytes);
    return m;
}

bool CgroupTreeModel::canDropMimeData(const QMimeData* data, Qt::DropAction, int, int,
                                      const QModelIndex& parent) const {
    return data && data->hasFormat(kTaskMime) && nodeOf(parent.siblingAtColumn(0)) != nullptr;
}

bool CgroupTreeModel::dropMimeData(const QMimeData* data, Qt::DropAction action, int row, int column,
                                   const QModelIndex& parent) {
    if (!canDropMimeData(data, action, row, column, parent))
        return false;
    QDataStream in(data->data(kTaskMime));
    QList<quint32> ids;
    in >> ids;
    const CgroupNode* target = nodeOf(parent.siblingAtColumn(0));
    for (quint32 id : ids)
        emit moveRequested(core::TaskId(id), QString::fromStdString(target->state.path));
    // The rows move when the engine has moved the task; nothing to remove here.
    return false;
}

} // namespace ui
