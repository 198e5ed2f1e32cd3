#pragma once

#include <QColor>

namespace ui {

/// The colours of the time markers, the same in every timeline: the cursor (marker A), marker
/// B and the bookmarks.
inline const QColor kCursorColor(200, 30, 30);
inline const QColor kMarkerBColor(30, 90, 200);
inline const QColor kBookmarkColor(20, 120, 60);

} // namespace ui
