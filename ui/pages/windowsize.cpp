#include "pages/windowsize.h"

#include <QScreen>
#include <QWidget>

namespace ui {

void fitToScreen(QWidget& window, QSize wanted) {
    constexpr QSize kFrame(16, 48);
    const QScreen* screen = window.screen();
    window.resize(screen ? wanted.boundedTo(screen->availableGeometry().size() - kFrame) : wanted);
}

} // namespace ui
