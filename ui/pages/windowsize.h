#pragma once

#include <QScreen>
#include <QSize>
#include <QWidget>

namespace ui {

/// Sizes a top-level window to `wanted`, but never beyond its screen's available area less room
/// for the window manager's frame (a title bar and borders are outside the widget's size), so
/// that a 1280x720 laptop shows the whole window, status bar included.
inline void fitToScreen(QWidget& window, QSize wanted) {
    constexpr QSize kFrame(16, 48);
    const QScreen* screen = window.screen();
    window.resize(screen ? wanted.boundedTo(screen->availableGeometry().size() - kFrame) : wanted);
}

} // namespace ui
