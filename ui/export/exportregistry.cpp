#include "export/exportregistry.h"

#include "export/exportalldialog.h"
#include "export/exportdialog.h"
#include "export/tableexport.h"

#include <QAbstractItemView>
#include <QApplication>
#include <QClipboard>
#include <QDir>
#include <QEventLoop>
#include <QFileInfo>
#include <QMenu>
#include <QMessageBox>
#include <QProgressDialog>
#include <QSettings>
#include <QStandardPaths>
#include <QTimer>
#include <QWidget>

#include <algorithm>

namespace ui {

namespace {

const QString kFolderKey = QStringLiteral("export/folder");

} // namespace

ExportRegistry::ExportRegistry(QWidget* window)
    : QObject(window)
    , m_window(window) {}

ExportRegistry::~ExportRegistry() = default;

void ExportRegistry::add(Exportable* view, bool withMenu) {
    m_views.push_back(view);
    if (!withMenu)
        return;
    QWidget* w = view->exportWidget();
    w->setContextMenuPolicy(Qt::CustomContextMenu);
    connect(w, &QWidget::customContextMenuRequested, this,
            [this, view, w](const QPoint& pos) { showMenu(view, w->mapToGlobal(pos)); });
}

void ExportRegistry::addTable(const QString& name, const QString& title, QAbstractItemView* view,
                              std::function<void()> bringUpToDate, bool withMenu) {
    m_owned.push_back(std::make_unique<TableExport>(name, title, view, std::move(bringUpToDate)));
    Exportable* e = m_owned.back().get();
    m_views.push_back(e);
    if (withMenu) {
        view->setContextMenuPolicy(Qt::CustomContextMenu);
        connect(view, &QWidget::customContextMenuRequested, this,
                [this, e, view](const QPoint& pos) { showMenu(e, view->viewport()->mapToGlobal(pos)); });
    }
}

void ExportRegistry::bringUpToDate() {
    for (Exportable* e : m_views)
        e->bringUpToDate();
}

bool ExportRegistry::isBusy() const {
    return std::any_of(m_views.begin(), m_views.end(), [](const Exportable* e) { return e->isBusy(); });
}

bool ExportRegistry::waitUntilReady(Exportable* view) {
    auto busy = [this, view] { return view ? view->isBusy() : isBusy(); };
    if (view)
        view->bringUpToDate();
    else
        bringUpToDate();
    if (!busy())
        return true;
    QProgressDialog progress(tr("Waiting for the views to finish computing..."), tr("Cancel"), 0, 0,
                             m_window);
    progress.setWindowTitle(tr("Export"));
    progress.setWindowModality(Qt::WindowModal);
    progress.setMinimumDuration(0);
    QEventLoop loop;
    QTimer poll;
    connect(&poll, &QTimer::timeout, &loop, [&] {
        if (!busy() || progress.wasCanceled())
            loop.quit();
    });
    poll.start(100);
    loop.exec();
    return !busy();
}

Exportable* ExportRegistry::find(const QString& name) const {
    for (Exportable* e : m_views)
        if (e->exportName() == name)
            return e;
    return nullptr;
}

Exportable* ExportRegistry::current() const {
    const QWidget* focus = QApplication::focusWidget();
    for (Exportable* e : m_views)
        if (focus && (focus == e->exportWidget() || e->exportWidget()->isAncestorOf(focus)))
            return e;
    // Charts first: the visible one under the mouse, else the first visible.
    for (Exportable* e : m_views)
        if (e->hasImage() && e->exportWidget()->isVisible() && e->exportWidget()->underMouse())
            return e;
    for (Exportable* e : m_views)
        if (e->hasImage() && e->exportWidget()->isVisible())
            return e;
    return m_views.empty() ? nullptr : m_views.front();
}

void ExportRegistry::showMenu(Exportable* view, const QPoint& globalPos) {
    QMenu menu;
    addExportActions(menu, view);
    menu.exec(globalPos);
}

void ExportRegistry::addExportActions(QMenu& menu, Exportable* view) {
    view->bringUpToDate();
    if (view->hasImage()) {
        menu.addAction(tr("Export as &PNG..."), this,
                       [this, view] { exportWithDialog(view, ExportFormat::Png); });
        menu.addAction(tr("Export as &SVG..."), this,
                       [this, view] { exportWithDialog(view, ExportFormat::Svg); });
        menu.addAction(tr("Export as P&DF..."), this,
                       [this, view] { exportWithDialog(view, ExportFormat::Pdf); });
        menu.addAction(tr("&Copy image"), this, [this, view] { copyImage(view); });
        menu.addSeparator();
    }
    QAction* csv = menu.addAction(tr("Export data as &CSV..."), this,
                                  [this, view] { exportWithDialog(view, ExportFormat::Csv); });
    csv->setEnabled(!view->csv().isEmpty());
}

QString ExportRegistry::lastFolder() {
    const QString saved = QSettings().value(kFolderKey).toString();
    if (!saved.isEmpty() && QDir(saved).exists())
        return saved;
    const QString pictures = QStandardPaths::writableLocation(QStandardPaths::PicturesLocation);
    return !pictures.isEmpty() && QDir(pictures).exists() ? pictures : QDir::homePath();
}

void ExportRegistry::setLastFolder(const QString& folder) {
    QSettings().setValue(kFolderKey, folder);
}

void ExportRegistry::exportWithDialog(Exportable* view, ExportFormat format) {
    if (!view || !waitUntilReady(view))
        return;
    ExportDialog d(*view, format, lastFolder(), m_window);
    if (d.exec() != QDialog::Accepted)
        return;
    const ExportRequest r = d.request();
    QApplication::setOverrideCursor(Qt::WaitCursor);
    const QString error = exportView(*view, r);
    QApplication::restoreOverrideCursor();
    if (!error.isEmpty()) {
        QMessageBox::warning(m_window, tr("Export failed"), error);
        return;
    }
    setLastFolder(QFileInfo(r.path).absolutePath());
    emit message(tr("Wrote %1").arg(QDir::toNativeSeparators(r.path)));
}

void ExportRegistry::copyImage(Exportable* view) {
    if (!view || !view->hasImage() || !waitUntilReady(view))
        return;
    QSize size = view->exportWidget()->size();
    if (size.width() < 320 || size.height() < 200)
        size = QSize(1200, 700);
    QApplication::clipboard()->setImage(renderImage(*view, size, 96, true));
    emit message(tr("Copied %1 to the clipboard").arg(view->exportTitle()));
}

ExportReport ExportRegistry::exportAll(const QString& folder, const QList<ExportFormat>& formats, QSize size,
                                       int dpi) {
    ExportReport report;
    if (!QDir().mkpath(folder)) {
        report.errors << tr("Cannot create the folder %1").arg(folder);
        return report;
    }
    const QDir dir(folder);
    bringUpToDate(); // all at once: long work (the Depth sweep) runs while the rest is written
    for (Exportable* view : m_views) {
        for (ExportFormat f : formats) {
            if (f == ExportFormat::Csv ? view->csv().isEmpty() : !view->hasImage())
                continue;
            ExportRequest r;
            r.path = dir.filePath(view->exportName() + QLatin1Char('.') + formatExtension(f));
            r.format = f;
            r.size = size;
            r.dpi = dpi;
            const QString error = exportView(*view, r);
            if (error.isEmpty())
                report.written << r.path;
            else
                report.errors << error;
        }
    }
    return report;
}

void ExportRegistry::exportAllWithDialog() {
    // The folder used last time; the first time a folder of its own for the dozen files inside
    // the last export folder (never the home folder itself), created on export.
    const QString saved = QSettings().value(QStringLiteral("export/allFolder")).toString();
    ExportAllDialog d(
        saved.isEmpty() ? QDir(lastFolder()).filePath(QStringLiteral("schedscope-charts")) : saved, m_window);
    if (d.exec() != QDialog::Accepted)
        return;
    if (d.formats().isEmpty()) {
        QMessageBox::information(m_window, tr("Export all charts"),
                                 tr("No format was chosen; nothing was written."));
        return;
    }
    waitUntilReady(); // when cancelled, what still computes is reported, the rest written
    QApplication::setOverrideCursor(Qt::WaitCursor);
    const ExportReport report = exportAll(d.folder(), d.formats(), d.size(), d.dpi());
    QApplication::restoreOverrideCursor();
    if (!report.errors.isEmpty()) {
        QMessageBox box(QMessageBox::Warning, tr("Export all charts"),
                        tr("%n file(s) could not be written; %1 were.", nullptr, int(report.errors.size()))
                            .arg(report.written.size()),
                        QMessageBox::Ok, m_window);
        box.setDetailedText(report.errors.join(QLatin1Char('\n')));
        box.setInformativeText(report.errors.first());
        box.exec();
    } else {
        QSettings().setValue(QStringLiteral("export/allFolder"), d.folder());
    }
    const QString done = tr("Wrote %n file(s) to %1", nullptr, int(report.written.size()))
                             .arg(QDir::toNativeSeparators(d.folder()));
    emit message(done);
    if (report.errors.isEmpty() && !report.written.isEmpty())
        QMessageBox::information(m_window, tr("Export all charts"), done);
}

} // namespace ui
