#include "models/countermodel.h"

#include "controller/format.h"

#include "controller/history.h"
#include "controller/viewstate.h"
#include "models/counterrows.h"

namespace ui {

CounterModel::CounterModel(const History& history, const ViewState& view, QObject* parent)
    : QAbstractTableModel(parent)
    , m_history(history)
    , m_view(view) {}

void CounterModel::refresh() {
    const History& h = m_history;
    const auto& samples = h.samples();
    if (samples.empty()) {
        beginResetModel();
        m_rows.clear();
        endResetModel();
        return;
    }
    const auto cursor = m_view.cursor();
    const size_t i = cursor ? h.sampleAt(*cursor) : samples.size() - 1;
    const HistorySample& now = samples[i];
    // The rate over the last simulated second (or since the start); once a run has finished
    // (a recording always has), over all of it, as the status bar gives it.
    const bool whole = !cursor && h.latest().finished;
    const size_t j = h.sampleAt(now.time - kNsPerSecond);
    const HistorySample origin = h.runOrigin();
    const HistorySample* before = whole ? &origin : j < i ? &samples[j] : nullptr;
    const double seconds = before ? toSeconds(now.time - before->time) : 0;
    const double cpuNs = static_cast<double>(now.time) * h.nrCpus();
    std::vector<Row> rows;
    // A recording shows what a recording counts, not the simulator's own counters as zeros.
    for (const CounterRow& c : counterRows({&now.counters}, h.fromTrace())) {
        const double total = c.value(now.counters);
        const double perSecond = seconds > 0 ? (total - c.value(before->counters)) / seconds : 0;
        const double share = c.isTime && cpuNs > 0 ? total / cpuNs : -1;
        rows.push_back({c.name, c.tooltip, total, perSecond, share, c.isTime});
    }
    if (atCursor() != m_headerAtCursor) {
        m_headerAtCursor = atCursor();
        emit headerDataChanged(Qt::Horizontal, Total, Total);
    }
    if (rows.size() != m_rows.size()) {
        beginResetModel();
        m_rows = std::move(rows);
        endResetModel();
        return;
    }
    m_rows = std::move(rows);
    emit dataChanged(index(0, 0), index(static_cast<int>(m_rows.size()) - 1, ColumnCount - 1));
}

int CounterModel::rowCount(const QModelIndex& parent) const {
    return parent.isValid() ? 0 : static_cast<int>(m_rows.size());
}

int CounterModel::columnCount(const QModelIndex& parent) const {
    return parent.isValid() ? 0 : ColumnCount;
}

QVariant CounterModel::data(const QModelIndex& index, int role) const {
    if (!index.isValid() || static_cast<size_t>(index.row()) >= m_rows.size())
        return {};
    const Row& r = m_rows[static_cast<size_t>(index.row())];
    if (role == Qt::ToolTipRole) // the figures too: a narrow dock hides the rate and share columns
        return r.share < 0 ? tr("%1\nper second: %2")
                                 .arg(r.tooltip, data(this->index(index.row(), PerSecond)).toString())
                           : tr("%1\nper second: %2; CPU share: %3")
                                 .arg(r.tooltip, data(this->index(index.row(), PerSecond)).toString(),
                                      data(this->index(index.row(), Share)).toString());
    if (role == Qt::TextAlignmentRole && index.column() != Name)
        return QVariant::fromValue(Qt::AlignRight | Qt::AlignVCenter);
    if (role == Qt::UserRole)
        return index.column() == Total ? r.total : index.column() == PerSecond ? r.perSecond : r.share;
    if (role != Qt::DisplayRole)
        return {};
    auto time = [](double ns) { return formatNs(static_cast<SimNs>(ns)); };
    switch (index.column()) {
    case Name:
        return r.name;
    case Total:
        return r.isTime ? time(r.total) : QString::number(r.total, 'f', 0);
    case PerSecond:
        return r.isTime ? tr("%1/s").arg(time(r.perSecond)) : QString::number(r.perSecond, 'f', 0);
    case Share:
        return r.share < 0 ? QString() : QStringLiteral("%1%").arg(r.share * 100, 0, 'f', 3);
    }
    return {};
}

QVariant CounterModel::headerData(int section, Qt::Orientation orientation, int role) const {
    if (orientation != Qt::Horizontal || role != Qt::DisplayRole)
        return QAbstractTableModel::headerData(section, orientation, role);
    switch (section) {
    case Name:
        return tr("Counter");
    case Total: // the figures follow the time cursor: the header says so
        return atCursor() ? tr("At cursor") : tr("Total");
    case PerSecond:
        return tr("Per second");
    case Share:
        return tr("CPU share");
    }
    return {};
}

bool CounterModel::atCursor() const {
    const auto cursor = m_view.cursor();
    return cursor && *cursor < m_history.now();
}

int CounterModel::rowOf(const QString& name) const {
    for (size_t i = 0; i < m_rows.size(); ++i)
        if (m_rows[i].name == name)
            return static_cast<int>(i);
    return -1;
}

} // namespace ui
