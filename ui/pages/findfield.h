#pragma once

#include <QLineEdit>
#include <QString>

namespace ui {

/// A find or filter field whose placeholder is short enough to read whole at 1024x640 ("Task
/// nach Name oder PI..." did not): `placeholder` shown in it, `whole` (the whole wording, its
/// shortcut too) as its tooltip. No minimum width: one made the window grow past a 1024-pixel
/// screen once a run filled the pages; the rows around the fields leave them the room instead.
inline void setFindTexts(QLineEdit& field, const QString& placeholder, const QString& whole) {
    field.setPlaceholderText(placeholder);
    field.setToolTip(whole);
}

} // namespace ui
