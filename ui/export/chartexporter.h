#pragma once

#include "export/exportable.h"

#include <QSize>
#include <QString>
#include <QStringList>

class QImage;

namespace ui {

enum class ExportFormat { Png, Svg, Pdf, Csv };
QString formatExtension(ExportFormat f);
/// "png,svg" -> formats; unknown names are returned in `bad`.
QList<ExportFormat> parseFormats(const QString& list, QStringList& bad);

struct ExportRequest {
    QString path;
    ExportFormat format = ExportFormat::Png;
    QSize size{1200, 700}; ///< logical size (px at 96 dpi)
    int dpi = 96;          ///< PNG pixels = size x dpi / 96; SVG and PDF record it
    bool withTitle = true;
};

/// Writes one view in one format, atomically. Returns "" or an error naming the file.
QString exportView(Exportable& view, const ExportRequest& request);
/// The view as an image (the clipboard's "Copy image").
QImage renderImage(Exportable& view, QSize size, int dpi, bool withTitle);

} // namespace ui
