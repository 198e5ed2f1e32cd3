#pragma once

#include "controller/commanduse.h"
#include "controller/format.h"
#include "controller/traceloader.h"
#include "report/snapshot.h"
#include "scenario/scenariospec.h"

#include <QMainWindow>
#include <QTimer>

#include <memory>
#include <string>

class QAction;
class QTableView;
class QLabel;
class QComboBox;

namespace ui {

class CompareSide;
class CompareDeltaModel;
class History;
class ExportRegistry;

/// File > Compare A/B: the same scenario and seed as two engines, A and B, differing in the
/// optimizations picked on each side (default: all off against all on). The two run in
/// lockstep (each advances to the same simulated time before either goes on), their timelines
/// pan and zoom together, and a delta table lists every counter, cgroup usage and pressure,
/// and throughput with the relative change. Toggling on one side changes only that side; a
/// model (or costs, or machine) chosen on one side restarts that side only, which runs back to
/// where it was. The table compares each side whole (a recording from its first event to its
/// last), at the same time since each start, or over the range in view (Compare: in the tool
/// bar).
class CompareWindow : public QMainWindow {
    Q_OBJECT
public:
    CompareWindow(const core::ScenarioSpec& spec, const std::string& sourceText, QWidget* parent = nullptr);
    ~CompareWindow() override;

    CompareSide* sideA() const { return m_a; }
    CompareSide* sideB() const { return m_b; }
    CompareDeltaModel* delta() const { return m_delta; }
    ExportRegistry* exports() const { return m_exports; }
    /// Both sides at the same simulated time `t` (ns), or -1 while they differ.
    SimNs commonTime() const;
    /// The delta table shows both sides at `t` (ns), computed after their last restart: what
    /// the table reads once a run to `t` has been drawn (the table follows the views' frames).
    bool deltaShows(SimNs t) const { return m_shownA == t && m_shownB == t; }
    /// Runs both, as fast as possible, to `t` (capped at the scenario's end).
    void runTo(core::SimTime t);
    /// A shows this real run (an imported trace) and B simulates the scenario as written, for
    /// the trace's length; the delta compares B with the trace at the same time.
    void setReferenceTrace(std::shared_ptr<const ImportedTrace> trace);
    const ImportedTrace* referenceTrace() const { return m_reference.get(); }
    /// Two recordings side by side (before and after a kernel change): A and B each show one,
    /// the delta compares each whole (or, as chosen, at the same time since each start, or over
    /// the range in view). Nothing is simulated; the run controls are not shown.
    void setRecordings(std::shared_ptr<const ImportedTrace> a, std::shared_ptr<const ImportedTrace> b);
    /// What the scenario could not take from the recording (import-trace's notes): counted in
    /// the status bar, listed in its tooltip.
    void setNotes(const QStringList& notes);
    /// Why the real run and the scenario do not compare (different CPU counts), or empty.
    const QString& mismatch() const { return m_mismatch; }
    /// How far "Run to end" goes: the scenario's duration, or the real run's length.
    core::SimTime duration() const { return m_spec.duration; }

    /// What the delta table compares: each side whole (all it has run, a recording all of it),
    /// both at the same time since their start (up to the shorter), or the range in view.
    enum class Stretch { Whole, SameTime, InView };
    void setStretch(Stretch s);
    Stretch stretch() const;

private:
    void createActions();
    void setRunning(bool running);
    void restart();
    /// A side's model, costs or machine changed: that side restarts and runs back to where it
    /// was; the status bar says so.
    void restartSide(CompareSide* side);
    /// Opens one side as restart() does (its choices kept); a note for the status bar.
    QString openSide(CompareSide* side, bool keepChoices);
    void pump();
    void updateDelta();
    /// Says when the recording (A) and B's machine have different numbers of CPUs.
    void updateMismatch();
    void syncRange(CompareSide* from, CompareSide* to);

    /// A side's state at `t`: its latest at or past its present, else its counters and cgroups
    /// from its last sample at or before `t` (nothing counted before the first).
    static core::Snapshot stateAt(const History& h, SimNs t);
    /// How a side's tasks are grouped into commands in the table.
    CommandOf commandsOf(const CompareSide* side) const;

    core::ScenarioSpec m_spec;
    std::shared_ptr<const ImportedTrace> m_reference;
    std::shared_ptr<const ImportedTrace> m_referenceB; ///< with setRecordings: B's recording
    QString m_mismatch;
    std::string m_text;
    CompareSide* m_a;
    CompareSide* m_b;
    CompareDeltaModel* m_delta;
    QTableView* m_table;
    QLabel* m_time;
    QLabel* m_notes = nullptr;
    QComboBox* m_speed;
    QComboBox* m_stretch = nullptr;
    ExportRegistry* m_exports;
    QAction* m_runAction = nullptr;
    QList<QAction*> m_runActions; ///< run, step, run to end, reset, and the speed
    QTimer m_pump;
    bool m_running = false;
    SimNs m_shownA = -1, m_shownB = -1; ///< the times the delta last showed (-1: since a restart)
    SimNs m_target = 0;
    bool m_syncing = false;
};

} // namespace ui
