#include "window/timeaxisalignment.h"

#include "plots/occupancyplot.h"
#include "plots/threadtrackview.h"

#include <QEvent>
#include <QTimer>

namespace ui {

TimeAxisAlignment::TimeAxisAlignment(OccupancyPlot* lanes, ThreadTrackView* tracks, QObject* parent)
    : QObject(parent)
    , m_lanes(lanes)
    , m_tracks(tracks) {
    connect(lanes, &OccupancyPlot::timeAxisChanged, this, &TimeAxisAlignment::schedule);
    tracks->viewport()->installEventFilter(this);
    lanes->installEventFilter(this);
}

bool TimeAxisAlignment::eventFilter(QObject* watched, QEvent* e) {
    if (e->type() == QEvent::Resize || e->type() == QEvent::Move || e->type() == QEvent::Show ||
        e->type() == QEvent::Hide)
        schedule();
    return QObject::eventFilter(watched, e);
}

void TimeAxisAlignment::schedule() {
    // Once per burst of layout events, after the layouts have settled.
    if (m_pending)
        return;
    m_pending = true;
    QTimer::singleShot(0, this, [this] {
        m_pending = false;
        align();
    });
}

void TimeAxisAlignment::align() {
    QWidget* viewport = m_tracks->viewport();
    if (!m_lanes->isVisible())
        return;
    // The tracks hidden (another tab is shown): the lanes lay themselves out, at full width.
    if (!viewport->isVisible()) {
        m_lanes->setTimeAxisBounds(std::nullopt, std::nullopt);
        return;
    }
    const int x0 = viewport->mapToGlobal(QPoint(0, 0)).x();
    // The lanes' time axis starts no further left than the tracks' narrowest label column and
    // ends no further right than the tracks' viewport (their scroll bar takes room); the lanes
    // lay out again and report (timeAxisChanged) when that moved the axis.
    m_lanes->setTimeAxisBounds(x0 + ThreadTrackView::kLabelWidth, x0 + viewport->width());
    const QRect axis = m_lanes->timeAxisGlobal();
    const int label = axis.left() - x0;
    const int right = x0 + viewport->width() - (axis.left() + axis.width());
    // Far apart (a floating or narrow pane): keep the tracks' own layout.
    if (label > viewport->width() / 2 || axis.width() < 50)
        return;
    m_tracks->setTimeArea(label, right);
}

} // namespace ui
