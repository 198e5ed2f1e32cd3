#pragma once

#include "export/chartexporter.h"

#include <QDialog>

class QCheckBox;
class QComboBox;
class QLineEdit;
class QSpinBox;

namespace ui {

/// Export one view: format, size, resolution, title and file. The file name follows the format;
/// Browse picks another. Sensible defaults: the view's on-screen size, 96 dpi, the last folder.
class ExportDialog : public QDialog {
    Q_OBJECT
public:
    ExportDialog(Exportable& view, ExportFormat format, const QString& folder, QWidget* parent = nullptr);
    ExportRequest request() const;

private:
    void formatChanged();
    void browse();
    void updateEnabled();

    Exportable& m_view;
    QComboBox* m_format;
    QSpinBox* m_width;
    QSpinBox* m_height;
    QSpinBox* m_dpi;
    QCheckBox* m_title;
    QLineEdit* m_path;
};

} // namespace ui
