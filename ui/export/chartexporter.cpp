#include "export/chartexporter.h"

#include "export/atomicfile.h"

#include <QCoreApplication>
#include <QImage>
#include <QImageWriter>
#include <QPageSize>
#include <QPainter>
#include <QPdfWriter>
#include <QSvgGenerator>

namespace ui {

namespace {

constexpr int kTitleHeight = 30;

/// Title band above the view, then the view in the rest.
void paintWithTitle(QPainter& p, Exportable& view, QSize size, bool withTitle) {
    p.fillRect(QRect(QPoint(0, 0), size), Qt::white);
    QRect body(QPoint(0, 0), size);
    if (withTitle) {
        QFont f = p.font();
        f.setPixelSize(15);
        f.setBold(true);
        p.setFont(f);
        p.setPen(Qt::black);
        p.drawText(QRect(10, 0, size.width() - 20, kTitleHeight), Qt::AlignLeft | Qt::AlignVCenter,
                   view.exportTitle());
        body.setTop(kTitleHeight);
    }
    p.save();
    p.translate(body.topLeft());
    view.renderTo(p, QRect(QPoint(0, 0), body.size()));
    p.restore();
}

} // namespace

QString formatExtension(ExportFormat f) {
    switch (f) {
    case ExportFormat::Png:
        return QStringLiteral("png");
    case ExportFormat::Svg:
        return QStringLiteral("svg");
    case ExportFormat::Pdf:
        return QStringLiteral("pdf");
    case ExportFormat::Csv:
        return QStringLiteral("csv");
    }
    return {};
}

QList<ExportFormat> parseFormats(const QString& list, QStringList& bad) {
    QList<ExportFormat> out;
    for (const QString& part : list.split(QLatin1Char(','), Qt::SkipEmptyParts)) {
        const QString f = part.trimmed().toLower();
        bool known = false;
        for (ExportFormat x : {ExportFormat::Png, ExportFormat::Svg, ExportFormat::Pdf, ExportFormat::Csv})
            if (formatExtension(x) == f) {
                if (!out.contains(x))
                    out << x;
                known = true;
            }
        if (!known)
            bad << part.trimmed();
    }
    return out;
}

QImage renderImage(Exportable& view, QSize size, int dpi, bool withTitle) {
    view.bringUpToDate();
    const double scale = dpi / 96.0;
    QImage img(QSize(qRound(size.width() * scale), qRound(size.height() * scale)), QImage::Format_ARGB32);
    img.setDotsPerMeterX(qRound(dpi / 0.0254));
    img.setDotsPerMeterY(qRound(dpi / 0.0254));
    img.fill(Qt::white);
    QPainter p(&img);
    p.setRenderHint(QPainter::Antialiasing);
    p.setRenderHint(QPainter::TextAntialiasing);
    p.scale(scale, scale);
    paintWithTitle(p, view, size, withTitle);
    return img;
}

QString exportView(Exportable& view, const ExportRequest& r) {
    if (r.size.width() < 16 || r.size.height() < 16 || r.size.width() > 20000 || r.size.height() > 20000)
        return QCoreApplication::translate("ui",
                                           "Cannot write %1: the size must be 16 to 20000 pixels a side")
            .arg(r.path);
    if (r.dpi < 24 || r.dpi > 1200)
        return QCoreApplication::translate("ui", "Cannot write %1: the resolution must be 24 to 1200 dpi")
            .arg(r.path);
    // A view refreshes only while shown; what is written is always the session as it is now.
    view.bringUpToDate();
    if (view.isBusy())
        return QCoreApplication::translate("ui", "Cannot write %1: %2 is still being computed")
            .arg(r.path, view.exportTitle());
    switch (r.format) {
    case ExportFormat::Csv: {
        const QByteArray data = view.csv();
        if (data.isEmpty())
            return QCoreApplication::translate("ui", "%1 has no data to export as CSV")
                .arg(view.exportTitle());
        return writeFileAtomically(r.path, data);
    }
    case ExportFormat::Png:
        if (!view.hasImage())
            break;
        return writeFileAtomically(r.path, [&](QIODevice& d, QString& why) {
            QImageWriter w(&d, "png");
            if (w.write(renderImage(view, r.size, r.dpi, r.withTitle)))
                return true;
            why = w.errorString();
            return false;
        });
    case ExportFormat::Svg:
        if (!view.hasImage())
            break;
        return writeFileAtomically(r.path, [&](QIODevice& d, QString&) {
            QSvgGenerator svg;
            svg.setOutputDevice(&d);
            svg.setSize(r.size);
            svg.setViewBox(QRect(QPoint(0, 0), r.size));
            svg.setResolution(r.dpi);
            svg.setTitle(view.exportTitle());
            svg.setDescription(QStringLiteral("SchedScope"));
            QPainter p;
            if (!p.begin(&svg))
                return false;
            paintWithTitle(p, view, r.size, r.withTitle);
            return p.end();
        });
    case ExportFormat::Pdf:
        if (!view.hasImage())
            break;
        return writeFileAtomically(r.path, [&](QIODevice& d, QString&) {
            QPdfWriter pdf(&d);
            pdf.setCreator(QStringLiteral("SchedScope"));
            pdf.setTitle(view.exportTitle());
            pdf.setResolution(r.dpi);
            // One page exactly the chart's size: points = px x 72 / dpi.
            pdf.setPageSize(QPageSize(QSizeF(r.size.width() * 72.0 / r.dpi, r.size.height() * 72.0 / r.dpi),
                                      QPageSize::Point, QString(), QPageSize::ExactMatch));
            pdf.setPageMargins(QMarginsF(0, 0, 0, 0));
            QPainter p;
            if (!p.begin(&pdf))
                return false;
            // The device's logical size at `dpi` is the chart's size in px.
            const double s = static_cast<double>(pdf.width()) / r.size.width();
            p.scale(s, s);
            paintWithTitle(p, view, r.size, r.withTitle);
            return p.end();
        });
    }
    return QCoreApplication::translate("ui", "%1 is a table: it exports as CSV only").arg(view.exportTitle());
}

} // namespace ui
