#include "compare/comparedeltamodel.h"

#include "controller/format.h"
#include "models/counterrows.h"
#include "report/snapshot.h"

#include <QBrush>
#include <QColor>
#include <QFont>

#include <cmath>
#include <limits>
#include <map>

namespace ui {

CompareDeltaModel::CompareDeltaModel(QObject* parent)
    : QAbstractTableModel(parent) {}

void CompareDeltaModel::clear() {
    beginResetModel();
    m_rows.clear();
    endResetModel();
}

void CompareDeltaModel::addCommandRows(std::vector<Row>& rows, const CommandUseTable& a,
                                       const CommandUseTable& b) const {
    std::map<std::string, std::pair<CommandUse, CommandUse>> both;
    for (const auto& [comm, use] : a.byCommand)
        both[comm].first = use;
    for (const auto& [comm, use] : b.byCommand)
        both[comm].second = use;
    std::vector<const decltype(both)::value_type*> order;
    for (const auto& entry : both)
        order.push_back(&entry);
    std::stable_sort(order.begin(), order.end(), [](auto* x, auto* y) {
        return std::max(x->second.first.cpu, x->second.second.cpu) >
               std::max(y->second.first.cpu, y->second.second.cpu);
    });
    const SimNs from = std::max(a.from, b.from);
    const QString partial =
        a.partial || b.partial
            ? tr(" (from %1 on: the finer detail before was dropped to save memory)").arg(formatNs(from))
            : QString();
    CommandUse restA, restB;
    size_t rest = 0;
    for (size_t i = 0; i < order.size(); ++i) {
        const auto& [comm, ab] = *order[i];
        if (i >= kCommandRows) {
            restA.cpu += ab.first.cpu;
            restB.cpu += ab.second.cpu;
            ++rest;
            continue;
        }
        const QString c = QString::fromStdString(comm);
        rows.push_back({tr("CPU time %1").arg(c),
                        tr("CPU time of the command's tasks (%1 in A, %2 in B), kernel work on their behalf "
                           "included; a recording's threads and their simulations (comm-pid) counted as "
                           "their command")
                                .arg(ab.first.tasks)
                                .arg(ab.second.tasks) +
                            partial,
                        double(ab.first.cpu), double(ab.second.cpu), Unit::Ns, Commands});
        rows.push_back({tr("switches %1").arg(c),
                        tr("times one of the command's tasks was switched out") + partial,
                        double(ab.first.switchesOut), double(ab.second.switchesOut), Unit::Count, Commands});
    }
    if (rest > 0)
        rows.push_back({tr("CPU time, %n other command(s)", nullptr, int(rest)),
                        tr("CPU time of the commands not listed one by one") + partial, double(restA.cpu),
                        double(restB.cpu), Unit::Ns, Commands});
}

void CompareDeltaModel::add(std::vector<Row>& rows, Row row) {
    if (row.knownA || row.knownB)
        rows.push_back(std::move(row));
}

void CompareDeltaModel::addCounterRows(std::vector<Row>& rows, const SideFigures& a,
                                       const SideFigures& b) const {
    const core::Counters none{};
    const core::Counters& a0 = a.start ? a.start->counters : none;
    const core::Counters& b0 = b.start ? b.start->counters : none;
    for (const CounterRow& c : counterRows({&a.end->counters, &b.end->counters})) {
        Row r{c.name,
              c.tooltip,
              c.value(a.end->counters) - c.value(a0),
              c.value(b.end->counters) - c.value(b0),
              c.isTime ? Unit::Ns : Unit::Count,
              Counters,
              c.isTime ? Better::Lower : Better::Unknown}; // time rows are kernel overhead
        // A recording counts what a kernel's tracepoints show, not the simulator's own counters.
        r.knownA = !a.recording || c.traced;
        r.knownB = !b.recording || c.traced;
        add(rows, std::move(r));
    }
}

void CompareDeltaModel::addCgroupRows(std::vector<Row>& rows, const SideFigures& a,
                                      const SideFigures& b) const {
    // Cgroups by path: both runs have the same tree unless one moved tasks into new ones.
    struct Ends {
        const core::CgroupState* end = nullptr;
        const core::CgroupState* start = nullptr;
    };
    auto byPath = [](const core::Snapshot* s, auto&& put) {
        if (s)
            for (const core::CgroupState& g : s->cgroups)
                put(g);
    };
    std::map<std::string, std::pair<Ends, Ends>> groups;
    byPath(a.end, [&](const core::CgroupState& g) { groups[g.path].first.end = &g; });
    byPath(a.start, [&](const core::CgroupState& g) { groups[g.path].first.start = &g; });
    byPath(b.end, [&](const core::CgroupState& g) { groups[g.path].second.end = &g; });
    byPath(b.start, [&](const core::CgroupState& g) { groups[g.path].second.start = &g; });
    auto usage = [](const Ends& e) {
        return e.end ? double((e.end->usage - (e.start ? e.start->usage : core::SimTime())).count()) : 0.0;
    };
    for (const auto& [path, ab] : groups)
        add(rows, {tr("cpuacct usage %1").arg(QString::fromStdString(path)),
                   tr("CPU time used by the cgroup and its children"), usage(ab.first), usage(ab.second),
                   Unit::Ns, Cpuacct});
    for (const auto& [path, ab] : groups) {
        // cpu.stat of a group limited on either side (cgroup v2 bandwidth control); a recording
        // has none.
        const bool limited =
            (ab.first.end && ab.first.end->max.limited()) || (ab.second.end && ab.second.end->max.limited());
        if (!limited)
            continue;
        const QString p = QString::fromStdString(path);
        auto stat = [](const Ends& e) {
            core::CpuStat s = e.end ? e.end->cpuStat : core::CpuStat{};
            if (e.start) {
                s.nrThrottled -= e.start->cpuStat.nrThrottled;
                s.throttledTime -= e.start->cpuStat.throttledTime;
                s.nrPeriods -= e.start->cpuStat.nrPeriods;
                s.nrBursts -= e.start->cpuStat.nrBursts;
            }
            return s;
        };
        const core::CpuStat sa = stat(ab.first), sb = stat(ab.second);
        auto row = [&](Row r) {
            r.knownA = !a.recording;
            r.knownB = !b.recording;
            add(rows, std::move(r));
        };
        row({tr("nr_throttled %1").arg(p), tr("cpu.stat: periods that ended with the group throttled"),
             double(sa.nrThrottled), double(sb.nrThrottled), Unit::Count, Cpuacct, Better::Lower});
        row({tr("throttled time %1").arg(p),
             tr("cpu.stat throttled_usec: time the group's queues waited for runtime, summed over CPUs"),
             double(sa.throttledTime.count()), double(sb.throttledTime.count()), Unit::Ns, Cpuacct,
             Better::Lower});
        row({tr("nr_periods %1").arg(p), tr("cpu.stat: bandwidth periods while the limit was active"),
             double(sa.nrPeriods), double(sb.nrPeriods), Unit::Count, Cpuacct});
        row({tr("nr_bursts %1").arg(p), tr("cpu.stat: periods that used carried-over quota (cpu.max.burst)"),
             double(sa.nrBursts), double(sb.nrBursts), Unit::Count, Cpuacct});
    }
    for (const auto& [path, ab] : groups) {
        const QString p = QString::fromStdString(path);
        struct Res {
            const char* name;
            const core::PsiResource core::PsiReport::*member;
        };
        for (const Res& res : {Res{"cpu", &core::PsiReport::cpu}, Res{"memory", &core::PsiReport::memory},
                               Res{"io", &core::PsiReport::io}}) {
            auto avg = [&](const Ends& e) {
                return e.end ? core::loadavg::toPercent((e.end->psi.*(res.member)).some.avg[0]) : 0.0;
            };
            Row r{tr("PSI %1 some avg10 %2").arg(QString::fromLatin1(res.name), p),
                  tr("share of the last 10 s in which some task of the cgroup stalled"),
                  avg(ab.first),
                  avg(ab.second),
                  Unit::Percent,
                  Pressure,
                  Better::Lower};
            r.knownA = !a.recording; // /proc/pressure is not traced
            r.knownB = !b.recording;
            add(rows, std::move(r));
        }
    }
}

void CompareDeltaModel::addChannelRows(std::vector<Row>& rows, const SideFigures& a,
                                       const SideFigures& b) const {
    // Messages are counted at the run's latest state only: known over a stretch from the start.
    std::map<std::string, std::pair<double, double>> channels;
    for (const auto& [name, n] : a.end->channels)
        channels[name].first = double(n);
    for (const auto& [name, n] : b.end->channels)
        channels[name].second = double(n);
    for (const auto& [name, ab] : channels) {
        Row r{tr("messages %1").arg(QString::fromStdString(name)),
              tr("messages received on the channel: the scenario's throughput"),
              ab.first,
              ab.second,
              Unit::Count,
              Throughput,
              Better::Higher};
        r.knownA = !a.recording && !a.start;
        r.knownB = !b.recording && !b.start;
        add(rows, std::move(r));
    }
}

void CompareDeltaModel::update(const core::Snapshot& a, const core::Snapshot& b,
                               const CommandUseTable& commandsA, const CommandUseTable& commandsB) {
    update(SideFigures{&a, nullptr, commandsA, false}, SideFigures{&b, nullptr, commandsB, false});
}

void CompareDeltaModel::update(const SideFigures& a, const SideFigures& b) {
    std::vector<Row> rows;
    addCommandRows(rows, a.commands, b.commands); // first: what each command got is the first question
    addCounterRows(rows, a, b);
    addCgroupRows(rows, a, b);
    addChannelRows(rows, a, b);

    const bool sameShape = rows.size() == m_rows.size() &&
                           std::equal(rows.begin(), rows.end(), m_rows.begin(),
                                      [](const Row& x, const Row& y) { return x.name == y.name; });
    if (!sameShape) {
        beginResetModel();
        m_rows = std::move(rows);
        endResetModel();
        return;
    }
    m_rows = std::move(rows);
    emit dataChanged(index(0, A), index(rowCount() - 1, Change));
}

bool CompareDeltaModel::known(int row, Column column) const {
    const Row& r = m_rows[size_t(row)];
    return column == A ? r.knownA : column == B ? r.knownB : r.knownA && r.knownB;
}

int CompareDeltaModel::rowCount(const QModelIndex& parent) const {
    return parent.isValid() ? 0 : int(m_rows.size());
}

int CompareDeltaModel::columnCount(const QModelIndex& parent) const {
    return parent.isValid() ? 0 : ColumnCount;
}

int CompareDeltaModel::rowOf(const QString& name) const {
    for (size_t i = 0; i < m_rows.size(); ++i)
        if (m_rows[i].name == name)
            return int(i);
    return -1;
}

double CompareDeltaModel::relativeChange(int row) const {
    const Row& r = m_rows[size_t(row)];
    if (!r.knownA || !r.knownB)
        return std::numeric_limits<double>::quiet_NaN();
    if (r.a == 0)
        return r.b == 0 ? 0.0 : std::numeric_limits<double>::quiet_NaN();
    return (r.b - r.a) / r.a;
}

int CompareDeltaModel::verdict(int row) const {
    const Row& r = m_rows[size_t(row)];
    if (r.better == Better::Unknown || r.a == r.b || !r.knownA || !r.knownB)
        return 0;
    // A relative change under half a per mille is noise in any table.
    if (r.a != 0 && std::abs((r.b - r.a) / r.a) < 0.0005)
        return 0;
    return (r.b > r.a) == (r.better == Better::Higher) ? 1 : -1;
}

QString CompareDeltaModel::changeText(const Row& r, double change) const {
    // Always the relative change, as the header says; for small counts the difference too,
    // since a percentage of a handful says little ("-100.0% (-3)").
    auto signedNumber = [](double v, int decimals) {
        return QStringLiteral("%1%2").arg(v > 0 ? QStringLiteral("+") : QString()).arg(v, 0, 'f', decimals);
    };
    const bool small = r.unit == Unit::Count && std::max(std::abs(r.a), std::abs(r.b)) < kSmallCount;
    const QString difference =
        small && r.a != r.b ? QStringLiteral(" (%1)").arg(signedNumber(r.b - r.a, 0)) : QString();
    if (std::isnan(change))
        return tr("new in B") + difference;
    const double percent = change * 100;
    if (std::abs(percent) < 0.05) // "0.0%", never "-0.0%"
        return QStringLiteral("0.0%");
    return signedNumber(percent, 1) + QStringLiteral("%") + difference;
}

QString CompareDeltaModel::format(double v, Unit unit) const {
    switch (unit) {
    case Unit::Count:
        return QString::number(v, 'f', 0);
    case Unit::Ns:
        return formatNs(static_cast<SimNs>(v));
    case Unit::Percent:
        return QStringLiteral("%1%").arg(v, 0, 'f', 2);
    }
    return {};
}

QVariant CompareDeltaModel::data(const QModelIndex& index, int role) const {
    if (!index.isValid() || size_t(index.row()) >= m_rows.size())
        return {};
    const Row& r = m_rows[size_t(index.row())];
    const double change = relativeChange(index.row());
    switch (role) {
    case Qt::DisplayRole:
        switch (index.column()) {
        case Quantity:
            return r.name;
        case A:
            return r.knownA ? format(r.a, r.unit) : tr("n/a");
        case B:
            return r.knownB ? format(r.b, r.unit) : tr("n/a");
        case Change:
            return r.knownA && r.knownB ? changeText(r, change) : tr("n/a");
        }
        return {};
    case Qt::UserRole: // the raw value, for sorting and tests
        return index.column() == A        ? r.a
               : index.column() == B      ? r.b
               : index.column() == Change ? change
                                          : QVariant();
    case Qt::ToolTipRole:
        if ((index.column() == A && !r.knownA) || (index.column() == B && !r.knownB) ||
            (index.column() == Change && !(r.knownA && r.knownB)))
            return tr("Not known: a recording of a real kernel does not count this (the simulator's own "
                      "counters, its overhead, pressure, cpu.stat and channels), or a channel's messages "
                      "over a stretch that does not start at 0");
        if (index.column() == Change)
            return r.better == Better::Unknown ? tr("Neither direction is better for this quantity")
                   : r.better == Better::Lower
                       ? tr("Lower is better: green when B is lower, red when higher")
                       : tr("Higher is better: green when B is higher, red when lower");
        return r.tooltip;
    case Qt::TextAlignmentRole:
        return index.column() == Quantity ? QVariant()
                                          : QVariant::fromValue(Qt::AlignRight | Qt::AlignVCenter);
    case Qt::ForegroundRole:
        if (index.column() == Change)
            if (const int v = verdict(index.row()); v != 0)
                return QBrush(v > 0 ? QColor(0x1a, 0x7f, 0x37) : QColor(0xc0, 0x2b, 0x1f));
        return {};
    }
    return {};
}

QVariant CompareDeltaModel::headerData(int section, Qt::Orientation orientation, int role) const {
    if (orientation != Qt::Horizontal || role != Qt::DisplayRole)
        return QAbstractTableModel::headerData(section, orientation, role);
    switch (section) {
    case Quantity:
        return tr("Quantity");
    case A:
        return tr("A");
    case B:
        return tr("B");
    case Change:
        return tr("Change (B-A)/A");
    }
    return {};
}

} // namespace ui
