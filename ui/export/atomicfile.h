#pragma once

#include <QByteArray>
#include <QString>

#include <functional>

class QIODevice;

namespace ui {

/// Writes a file atomically with QSaveFile: the data goes to a temporary file beside the
/// target, which replaces the target only when everything was written. On failure the target
/// is untouched and the returned message names the file and the reason; "" on success.
QString writeFileAtomically(const QString& path, const QByteArray& data);
/// The same for writers that need a device (image, SVG and PDF writers). `write` returns
/// false (or an error message in `why`) when it could not produce the content.
QString writeFileAtomically(const QString& path, const std::function<bool(QIODevice&, QString& why)>& write);

} // namespace ui
