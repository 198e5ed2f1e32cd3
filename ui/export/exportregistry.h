#pragma once

#include "export/chartexporter.h"
#include "export/exportable.h"

#include <QList>
#include <QObject>
#include <QStringList>

#include <functional>
#include <memory>
#include <vector>

class QAbstractItemView;
class QMenu;
class QWidget;

namespace ui {

/// What an "export all" wrote and what it could not.
struct ExportReport {
    QStringList written; ///< paths, in view order
    QStringList errors;  ///< one message per file not written
};

/// The views a window can export, and the export actions over them: a context menu on each
/// chart (Export PNG/SVG/PDF..., Copy image, Export data as CSV...), "export one" with the
/// dialog, and "export all" into a folder. The last folder used is remembered (QSettings
/// "export/folder").
class ExportRegistry : public QObject {
    Q_OBJECT
public:
    explicit ExportRegistry(QWidget* window);
    ~ExportRegistry() override;

    /// Registers a chart (or other drawing view) and gives its widget the export context menu
    /// (`withMenu`; a view with a context menu of its own adds addExportActions() to it).
    void add(Exportable* view, bool withMenu = true);
    /// The export actions of the context menu (Export as PNG/SVG/PDF..., Copy image, Export data
    /// as CSV...) added to `menu`.
    void addExportActions(QMenu& menu, Exportable* view);
    /// Registers a table or tree for CSV export. `bringUpToDate` updates its model before an
    /// export (the page showing it refreshes it only while visible); `withMenu` adds the
    /// context menu to it.
    void addTable(const QString& name, const QString& title, QAbstractItemView* view,
                  std::function<void()> bringUpToDate = {}, bool withMenu = true);
    const std::vector<Exportable*>& views() const { return m_views; }
    Exportable* find(const QString& name) const;
    /// The view the user is looking at: the one with focus, else the first visible chart.
    Exportable* current() const;

    /// Brings every view up to date (hidden ones included); views with long work start it.
    void bringUpToDate();
    /// Whether a view is still computing what bringUpToDate() started.
    bool isBusy() const;
    /// Brings `view` (every view when null) up to date and, while any of them computes, shows
    /// a progress dialog with Cancel. Returns false when the user cancelled.
    bool waitUntilReady(Exportable* view = nullptr);

    /// Brings every view up to date and writes each in every format it supports among
    /// `formats` into `folder` (name.ext per view; views without data for CSV are skipped; a
    /// view still computing is reported as an error per file, not written half-done).
    ExportReport exportAll(const QString& folder, const QList<ExportFormat>& formats, QSize size, int dpi);

    /// The interactive versions, with dialogs, errors shown and a status message.
    void exportWithDialog(Exportable* view, ExportFormat format);
    void exportAllWithDialog();
    void copyImage(Exportable* view);

    static QString lastFolder();
    static void setLastFolder(const QString& folder);

signals:
    /// A one-line result for the status bar.
    void message(const QString& text);

private:
    void showMenu(Exportable* view, const QPoint& globalPos);
    QWidget* m_window;
    std::vector<Exportable*> m_views;
    std::vector<std::unique_ptr<Exportable>> m_owned;
};

} // namespace ui
