#pragma once

#include "controller/commanduse.h"

#include <QAbstractTableModel>

#include <vector>

namespace core {
struct Snapshot;
}

namespace ui {

/// What one side of the comparison holds over the stretch compared: the state at its end, the
/// state at its start (null: the run's start, where nothing was counted yet), the commands over
/// it, and whether the side is a recording of a real kernel (which cannot know the simulator's
/// own counters, its overhead, pressure, cpu.stat or channels).
struct SideFigures {
    const core::Snapshot* end = nullptr;
    const core::Snapshot* start = nullptr;
    CommandUseTable commands;
    bool recording = false;
};

/// The A/B delta table: the commands using the most CPU time (CPU time and switches, where the
/// compare window gives them), every engine counter, each cgroup's cpuacct usage and PSI avg10
/// (some, for cpu, memory and io) and throughput (messages per channel), with A's value, B's
/// and the relative change (B - A) / A, over the stretch the compare window chose for each side.
/// What a side cannot know reads "n/a" (a row neither knows is left out), not 0.
class CompareDeltaModel : public QAbstractTableModel {
    Q_OBJECT
public:
    enum Column { Quantity, A, B, Change, ColumnCount };
    enum Section { Commands, Counters, Cpuacct, Pressure, Throughput };
    /// Commands listed one by one (by CPU time in A or B); the rest are summed in one row.
    static constexpr size_t kCommandRows = 12;
    explicit CompareDeltaModel(QObject* parent = nullptr);

    void update(const SideFigures& a, const SideFigures& b);
    /// Two simulations' states from their start (tests, and the shape of the simple case).
    void update(const core::Snapshot& a, const core::Snapshot& b, const CommandUseTable& commandsA = {},
                const CommandUseTable& commandsB = {});
    void clear();
    /// Whether side A (`column` A) or B knows the row's quantity ("n/a" when not).
    bool known(int row, Column column) const;

    int rowCount(const QModelIndex& parent = {}) const override;
    int columnCount(const QModelIndex& parent = {}) const override;
    QVariant data(const QModelIndex& index, int role = Qt::DisplayRole) const override;
    QVariant headerData(int section, Qt::Orientation orientation, int role = Qt::DisplayRole) const override;

    /// Row of the quantity called `name`, or -1 (tests, and the CSV export's order).
    int rowOf(const QString& name) const;
    double valueA(int row) const { return m_rows[size_t(row)].a; }
    double valueB(int row) const { return m_rows[size_t(row)].b; }
    /// (B - A) / A; NaN when A is 0 (and B is not).
    double relativeChange(int row) const;
    /// Counts below this (in A and B) show their change as a difference, not a percentage:
    /// 2 -> 9 is "+7", not "+350%".
    static constexpr double kSmallCount = 100;
    /// Whether B is better than A (+1), worse (-1), or either (0: equal, or no direction known).
    int verdict(int row) const;

private:
    enum class Unit { Count, Ns, Percent };
    /// Which way is better, where that is known: less overhead and stall, more throughput.
    enum class Better { Unknown, Lower, Higher };
    struct Row {
        QString name;
        QString tooltip;
        double a = 0;
        double b = 0;
        Unit unit = Unit::Count;
        Section section = Counters;
        Better better = Better::Unknown;
        bool knownA = true;
        bool knownB = true;
    };
    void addCommandRows(std::vector<Row>& rows, const CommandUseTable& a, const CommandUseTable& b) const;
    void addCounterRows(std::vector<Row>& rows, const SideFigures& a, const SideFigures& b) const;
    void addCgroupRows(std::vector<Row>& rows, const SideFigures& a, const SideFigures& b) const;
    void addChannelRows(std::vector<Row>& rows, const SideFigures& a, const SideFigures& b) const;
    /// Appends `row` unless neither side knows it.
    static void add(std::vector<Row>& rows, Row row);
    QString format(double v, Unit unit) const;
    QString changeText(const Row& r, double change) const;
    std::vector<Row> m_rows;
};

} // namespace ui
