#pragma once

#include "controller/format.h"

#include "plots/liveview.h"
#include <QElapsedTimer>

#include <QWidget>

class QLabel;
class QStatusBar;

namespace ui {

class Session;

/// The status bar's figures: simulated time, run state, requested and achieved speed, engine
/// events per wall second, and per simulated second the context switches, migrations and the
/// kernel overhead as a share of CPU time (for a recording only the time, state, switches and
/// migrations: it is not simulated). Follows the session by itself.
class StatusPanel : public QWidget, public LiveView {
    Q_OBJECT
public:
    explicit StatusPanel(Session& session, QWidget* parent = nullptr);
    void refresh() override;
    void restart() override;
    /// Every figure, the hidden ones too.
    QString text() const;
    /// Time and run state; the other figures show as far as there is room.
    QSize minimumSizeHint() const override;
    QSize sizeHint() const override;
    /// While the status bar shows a message: time and run state only, leaving the message
    /// the rest of the bar.
    void setCompact(bool compact);
    /// Puts the panel on the right of `bar` and keeps the bar's messages readable: the figures
    /// make room while a message shows, and a message longer than the room left ends in "..."
    /// with the whole of it in the bar's tooltip (never cut mid-word against the figures).
    void attachTo(QStatusBar* bar);

protected:
    void resizeEvent(QResizeEvent* e) override;

private:
    /// Shows the figures in order of importance as far as they fit the width.
    void fitLabels();
    /// Whether a figure means something for what is open (a recording has no speed).
    bool applies(const QLabel* figure) const;

    Session& m_session;
    QLabel* m_time;
    QLabel* m_state;
    QLabel* m_speed;
    QLabel* m_events;
    QLabel* m_switches;
    QLabel* m_migrations;
    QLabel* m_overhead;
    QElapsedTimer m_wall;
    bool m_compact = false;
    bool m_eliding = false;
    SimNs m_lastSim = 0;
    uint64_t m_lastEvents = 0;
    qint64 m_lastWallMs = 0;
};

/// Speed presets from slow motion (1 us of simulated time per wall second) to as fast as
/// possible, in simulated ns per wall second (0 = as fast as possible).
const std::vector<SimNs>& speedPresets();
QString speedText(SimNs simNsPerWallSecond);

} // namespace ui
