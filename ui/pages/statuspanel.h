#pragma once

#include "controller/format.h"

#include "plots/liveview.h"
#include <QElapsedTimer>

#include <QWidget>

class QLabel;

namespace ui {

class Session;

/// The status bar's figures: simulated time, run state, requested and achieved speed, engine
/// events per wall second, and per simulated second the context switches, migrations and the
/// kernel overhead as a share of CPU time. Follows the session by itself.
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

protected:
    void resizeEvent(QResizeEvent* e) override;

private:
    /// Shows the figures in order of importance as far as they fit the width.
    void fitLabels();

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
    SimNs m_lastSim = 0;
    uint64_t m_lastEvents = 0;
    qint64 m_lastWallMs = 0;
};

/// Speed presets from slow motion (1 us of simulated time per wall second) to as fast as
/// possible, in simulated ns per wall second (0 = as fast as possible).
const std::vector<SimNs>& speedPresets();
QString speedText(SimNs simNsPerWallSecond);

} // namespace ui
