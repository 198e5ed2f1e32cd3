#include "export/exportalldialog.h"

#include <QCheckBox>
#include <QDialogButtonBox>
#include <QFileDialog>
#include <QFormLayout>
#include <QHBoxLayout>
#include <QLabel>
#include <QLineEdit>
#include <QPushButton>
#include <QSpinBox>

namespace ui {

ExportAllDialog::ExportAllDialog(const QString& folder, QWidget* parent)
    : QDialog(parent)
    , m_folder(new QLineEdit(folder))
    , m_width(new QSpinBox)
    , m_height(new QSpinBox)
    , m_dpi(new QSpinBox) {
    setWindowTitle(tr("Export all charts"));
    m_folder->setObjectName(QStringLiteral("folder"));
    auto* folderRow = new QHBoxLayout;
    folderRow->addWidget(m_folder, 1);
    auto* browse = new QPushButton(tr("&Browse..."));
    folderRow->addWidget(browse);
    connect(browse, &QPushButton::clicked, this, [this] {
        const QString d = QFileDialog::getExistingDirectory(this, tr("Export into"), m_folder->text());
        if (!d.isEmpty())
            m_folder->setText(d);
    });
    auto* formatRow = new QHBoxLayout;
    for (ExportFormat f : {ExportFormat::Png, ExportFormat::Svg, ExportFormat::Pdf, ExportFormat::Csv}) {
        auto* box = new QCheckBox(formatExtension(f).toUpper());
        box->setProperty("format", int(f));
        box->setChecked(f == ExportFormat::Png || f == ExportFormat::Csv);
        m_formats << box;
        formatRow->addWidget(box);
    }
    formatRow->addStretch(1);
    m_width->setRange(16, 20000);
    m_width->setValue(1200);
    m_height->setRange(16, 20000);
    m_height->setValue(700);
    m_dpi->setRange(24, 1200);
    m_dpi->setValue(96);
    m_width->setSuffix(tr(" px"));
    m_height->setSuffix(tr(" px"));
    m_dpi->setSuffix(tr(" dpi"));
    auto* sizeRow = new QHBoxLayout;
    sizeRow->addWidget(m_width);
    sizeRow->addWidget(new QLabel(QStringLiteral("\u00d7")));
    sizeRow->addWidget(m_height);
    sizeRow->addStretch(1);

    auto* form = new QFormLayout(this);
    auto* folderLabel = new QLabel(tr("&Folder:"));
    folderLabel->setBuddy(m_folder);
    auto* sizeLabel = new QLabel(tr("&Size:"));
    sizeLabel->setBuddy(m_width);
    form->addRow(folderLabel, folderRow);
    form->addRow(tr("Formats:"), formatRow);
    form->addRow(sizeLabel, sizeRow);
    form->addRow(tr("&Resolution:"), m_dpi);
    form->addRow(new QLabel(tr("One file per view and format: charts as images, tables and timelines as CSV. "
                               "Files of the same name are replaced.")));
    auto* buttons = new QDialogButtonBox(QDialogButtonBox::Save | QDialogButtonBox::Cancel);
    form->addRow(buttons);
    connect(buttons, &QDialogButtonBox::accepted, this, &QDialog::accept);
    connect(buttons, &QDialogButtonBox::rejected, this, &QDialog::reject);
}

QString ExportAllDialog::folder() const {
    return m_folder->text().trimmed();
}

QList<ExportFormat> ExportAllDialog::formats() const {
    QList<ExportFormat> out;
    for (QCheckBox* b : m_formats)
        if (b->isChecked())
            out << static_cast<ExportFormat>(b->property("format").toInt());
    return out;
}

QSize ExportAllDialog::size() const {
    return {m_width->value(), m_height->value()};
}

int ExportAllDialog::dpi() const {
    return m_dpi->value();
}

} // namespace ui
