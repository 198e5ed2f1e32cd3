#pragma once

#include "plots/liveview.h"

#include <QWidget>

class QLabel;

namespace ui {

class Session;
struct Pick;
struct SliceDetails;

/// The selection's details, as a trace viewer's "current selection" panel shows them: for a
/// slice its task, cgroup, CPU, start, end, how long it waited to run and how it ended
/// (preempted by whom, slept on what, exited; migrated where and why before it ran again);
/// for a migration its two ends. Follows the session's pick; refreshes while the picked run
/// is still going.
class DetailPanel : public QWidget, public LiveView {
    Q_OBJECT
public:
    explicit DetailPanel(Session& session, QWidget* parent = nullptr);
    void refresh() override;
    /// The text shown now (tests).
    QString text() const;

private:
    QString describe(const Pick& pick) const;
    QString describeRun(const SliceDetails& d) const;
    /// A task's thread state at a time and the wakeup chain behind it.
    QString describeState(const Pick& pick) const;
    QString taskText(uint32_t task) const;
    QString cpuText(uint32_t cpu) const;

    Session& m_session;
    QLabel* m_text;
};

} // namespace ui
