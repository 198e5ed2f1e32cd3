#pragma once

#include "export/chartexporter.h"

#include <QDialog>

class QCheckBox;
class QLineEdit;
class QSpinBox;

namespace ui {

/// Export all views: folder, formats, size and resolution.
class ExportAllDialog : public QDialog {
    Q_OBJECT
public:
    ExportAllDialog(const QString& folder, QWidget* parent = nullptr);
    QString folder() const;
    QList<ExportFormat> formats() const;
    QSize size() const;
    int dpi() const;

private:
    QLineEdit* m_folder;
    QList<QCheckBox*> m_formats;
    QSpinBox* m_width;
    QSpinBox* m_height;
    QSpinBox* m_dpi;
};

} // namespace ui
