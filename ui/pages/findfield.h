#pragma once

#include <QLineEdit>
#include <QString>

namespace ui {

/// A find or filter field whose short placeholder reads whole at 1024x640 ("Task nach Name oder
/// PI..." did not): `placeholder` shown in it, never narrower than that and its clear button,
/// and `whole` (the whole wording, its shortcut too) as its tooltip.
inline void setFindTexts(QLineEdit& field, const QString& placeholder, const QString& whole) {
    field.setPlaceholderText(placeholder);
    field.setToolTip(whole);
    // The frame, 2 px each side of the text and the clear button (a small icon, 22 px with its
    // margin of 4).
    constexpr int kAround = 2 * 2 + 2 * 2 + 26;
    field.setMinimumWidth(field.fontMetrics().horizontalAdvance(placeholder) + kAround);
}

} // namespace ui
