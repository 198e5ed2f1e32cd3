#pragma once

#include <QObject>

namespace ui {

class OccupancyPlot;
class ThreadTrackView;

/// Lines the thread tracks' time area up with the CPU lanes' time axis above them, pixel for
/// pixel: the same time is at the same x in both. The wider of the two label columns wins (the
/// lanes' grows for the tracks' names, or the tracks' for the lanes' labels), and the tracks'
/// time area ends where the lanes' axis ends. Realigns whenever either moves or resizes; while
/// the tracks are hidden (another tab) the lanes take their own, full width.
class TimeAxisAlignment : public QObject {
    Q_OBJECT
public:
    TimeAxisAlignment(OccupancyPlot* lanes, ThreadTrackView* tracks, QObject* parent);
    /// Aligns now (tests; otherwise it happens after each layout).
    void align();

protected:
    bool eventFilter(QObject* watched, QEvent* e) override;

private:
    void schedule();
    OccupancyPlot* m_lanes;
    ThreadTrackView* m_tracks;
    bool m_pending = false;
};

} // namespace ui
