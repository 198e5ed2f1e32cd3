#pragma once

#include "controller/threadrows.h"
#include "export/exportable.h"
#include "plots/liveview.h"

#include <QWidget>

#include <memory>

class QComboBox;
class QLabel;
class QLineEdit;

namespace ui {

class CounterTracksExport;
class ExportRegistry;
class Session;
class ThreadTrackView;

/// The Threads page, below the CPU lanes: every task's thread-state track (ThreadTrackView),
/// grouped by cgroup or name, a find field (Ctrl+F: name or pid, as you type), the selected
/// task's previous and next run, a legend of the state colours, and "why did it wait?": a click
/// in a track lists the wakeup chain behind that wait in the chain panel (which the window
/// docks at its side, so the tracks and the CPU lanes keep their width) and draws it across the
/// tracks. Simulations and recordings alike; the tracks come with the session's snapshots
/// (report/threadstates).
class ThreadsPage : public QWidget, public Exportable, public LiveView {
    Q_OBJECT
public:
    explicit ThreadsPage(Session& session, QWidget* parent = nullptr);
    ~ThreadsPage() override;

    void restart() override;
    void refresh() override;

    QString exportName() const override { return QStringLiteral("thread-states"); }
    QString exportTitle() const override;
    QWidget* exportWidget() override;
    void renderTo(QPainter& painter, const QRect& target) override;
    /// Every interval of every track: the CLI's `--states` CSV.
    QByteArray csv() const override;
    void bringUpToDate() override { refresh(); }

    /// Offers the page (thread-states) and its counter tracks' data (thread-counters).
    void addExports(ExportRegistry& exports);
    /// Each model CPU's kernel number, by model CPU (what the CSVs write).
    std::vector<uint32_t> kernelCpuNumbers() const;

    /// Puts the focus in the find field, its text selected.
    void focusFind();
    /// Moves the cursor to the selected task's next (+1) or previous (-1) run and shows it.
    void jumpToRun(int direction);
    /// Picks a task's state at a time: selection, cursor, the wakeup chain.
    void pick(uint32_t task, SimNs time);
    /// Goes to a wait of `task` from `from` to `to`: the wait centred in the view with room
    /// around it, the task's row in view, the wait picked (its chain listed).
    void showWait(uint32_t task, SimNs from, SimNs to);
    const ThreadRows& rows() const { return m_rows; }
    ThreadTrackView* view() const { return m_view; }
    /// "Why did it wait?": the picked wait's chain, for the window to dock beside its views.
    QWidget* chainPanel() const { return m_chainPanel; }
    /// The hops listed (tests).
    int chainRows() const { return m_chainHops; }
    /// The chain panel's text (tests).
    QString chainText() const;

signals:
    /// A chain was listed (a wait was picked): the window shows the chain panel.
    void chainListed();

private:
    /// The state colours' legend under the tracks.
    static QString stateLegendHtml();
    /// Takes the session's newest tracks if they are not the ones shown; true if it did.
    bool takeNewStates();
    void setFilter(const QString& text);
    void selectFirstMatch();
    void showChain();
    void updateCount();

    Session& m_session;
    ThreadRows m_rows;
    ThreadTrackView* m_view;
    QLineEdit* m_find;
    QComboBox* m_grouping;
    QLabel* m_count;
    QLabel* m_chainTitle;
    QLabel* m_chain;
    QWidget* m_chainPanel;
    int m_chainHops = 0;
    const void* m_shown = nullptr; ///< the ThreadStates shown, to notice new ones
    std::unique_ptr<CounterTracksExport> m_counterExport;
};

} // namespace ui
