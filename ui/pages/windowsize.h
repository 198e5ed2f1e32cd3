#pragma once

#include <QScreen>
#include <QSize>
#include <QWidget>

#include <algorithm>

namespace ui {

/// Sizes a top-level window to `wanted`, but never beyond its screen's available area less room
/// for the window manager's frame (a title bar and borders are outside the widget's size), so
/// that a 1280x720 laptop shows the whole window, status bar included; and moves it so that it
/// lies on that area (a position saved on a larger screen can be past this one's edge). A
/// maximized or full-screen window is left to the window manager.
inline void fitToScreen(QWidget& window, QSize wanted) {
    constexpr QSize kFrame(16, 48);
    if (window.isMaximized() || window.isFullScreen())
        return;
    const QScreen* screen = window.screen();
    if (!screen) {
        window.resize(wanted);
        return;
    }
    const QRect area = screen->availableGeometry();
    const QSize size = wanted.boundedTo(area.size() - kFrame);
    window.resize(size);
    const QPoint at = window.pos();
    const int x = std::clamp(at.x(), area.left(),
                             std::max(area.left(), area.right() + 1 - size.width() - kFrame.width()));
    const int y = std::clamp(at.y(), area.top(),
                             std::max(area.top(), area.bottom() + 1 - size.height() - kFrame.height()));
    if (QPoint(x, y) != at)
        window.move(x, y);
}

} // namespace ui
