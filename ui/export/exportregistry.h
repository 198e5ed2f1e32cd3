#pragma once

#include "export/chartexporter.h"
#include "export/exportable.h"

#include <QList>
#include <QObject>
#include <QStringList>

#include <memory>
#include <vector>

class QAbstractItemView;
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

    /// Registers a chart (or other drawing view) and gives its widget the export context menu.
    void add(Exportable* view);
    /// Registers a table or tree for CSV export; `withMenu` adds the context menu to it.
    void addTable(const QString& name, const QString& title, QAbstractItemView* view, bool withMenu = true);
    const std::vector<Exportable*>& views() const { return m_views; }
    Exportable* find(const QString& name) const;
    /// The view the user is looking at: the one with focus, else the first visible chart.
    Exportable* current() const;

    /// Writes every view in every format it supports among `formats` into `folder`
    /// (name.ext per view; views without data for CSV are skipped).
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
