#include "export/exportdialog.h"

#include <QCheckBox>
#include <QComboBox>
#include <QDialogButtonBox>
#include <QDir>
#include <QFileDialog>
#include <QFileInfo>
#include <QFormLayout>
#include <QHBoxLayout>
#include <QLabel>
#include <QLineEdit>
#include <QPushButton>
#include <QSpinBox>
#include <QWidget>

namespace ui {

namespace {

/// A row label whose mnemonic focuses `buddy` (a row holding a layout has no buddy otherwise,
/// and shows the & literally).
QLabel* buddyLabel(const QString& text, QWidget* buddy) {
    auto* l = new QLabel(text);
    l->setBuddy(buddy);
    return l;
}

QSpinBox* spin(int lo, int hi, int value, const QString& suffix) {
    auto* s = new QSpinBox;
    s->setRange(lo, hi);
    s->setValue(value);
    s->setSuffix(suffix);
    return s;
}

} // namespace

ExportDialog::ExportDialog(Exportable& view, ExportFormat format, const QString& folder, QWidget* parent)
    : QDialog(parent)
    , m_view(view)
    , m_format(new QComboBox)
    , m_title(new QCheckBox(tr("Draw the title above the chart")))
    , m_path(new QLineEdit) {
    setWindowTitle(tr("Export %1").arg(view.exportTitle()));
    m_format->setObjectName(QStringLiteral("format"));
    m_path->setObjectName(QStringLiteral("path"));
    if (view.hasImage()) {
        m_format->addItem(tr("PNG image"), int(ExportFormat::Png));
        m_format->addItem(tr("SVG vector image"), int(ExportFormat::Svg));
        m_format->addItem(tr("PDF document"), int(ExportFormat::Pdf));
    }
    m_format->addItem(tr("CSV data"), int(ExportFormat::Csv));
    m_format->setCurrentIndex(std::max(0, m_format->findData(int(format))));

    QSize size(1200, 700);
    if (QWidget* w = view.exportWidget(); w && w->isVisible() && w->width() >= 320 && w->height() >= 200)
        size = w->size();
    m_width = spin(16, 20000, size.width(), tr(" px"));
    m_height = spin(16, 20000, size.height(), tr(" px"));
    m_dpi = spin(24, 1200, 96, tr(" dpi"));
    m_width->setObjectName(QStringLiteral("width"));
    m_height->setObjectName(QStringLiteral("height"));
    m_dpi->setObjectName(QStringLiteral("dpi"));
    m_dpi->setToolTip(tr("PNG: pixels are the size times dpi/96. SVG and PDF record it."));
    m_title->setChecked(true);

    auto* sizeRow = new QHBoxLayout;
    sizeRow->addWidget(m_width);
    sizeRow->addWidget(new QLabel(QStringLiteral("\u00d7")));
    sizeRow->addWidget(m_height);
    sizeRow->addStretch(1);
    auto* pathRow = new QHBoxLayout;
    pathRow->addWidget(m_path, 1);
    auto* browseButton = new QPushButton(tr("&Browse..."));
    pathRow->addWidget(browseButton);
    connect(browseButton, &QPushButton::clicked, this, &ExportDialog::browse);

    auto* form = new QFormLayout(this);
    form->addRow(tr("&Format:"), m_format);
    form->addRow(buddyLabel(tr("&Size:"), m_width), sizeRow);
    form->addRow(tr("&Resolution:"), m_dpi);
    form->addRow(QString(), m_title);
    form->addRow(buddyLabel(tr("F&ile:"), m_path), pathRow);
    auto* buttons = new QDialogButtonBox(QDialogButtonBox::Save | QDialogButtonBox::Cancel);
    form->addRow(buttons);
    connect(buttons, &QDialogButtonBox::accepted, this, &QDialog::accept);
    connect(buttons, &QDialogButtonBox::rejected, this, &QDialog::reject);
    connect(m_path, &QLineEdit::textChanged, this, [this, buttons] {
        buttons->button(QDialogButtonBox::Save)->setEnabled(!m_path->text().trimmed().isEmpty());
    });

    m_path->setText(QDir(folder).filePath(view.exportName() + QLatin1Char('.') + formatExtension(format)));
    connect(m_format, &QComboBox::currentIndexChanged, this, &ExportDialog::formatChanged);
    formatChanged();
    setMinimumWidth(560);
}

void ExportDialog::formatChanged() {
    const auto f = static_cast<ExportFormat>(m_format->currentData().toInt());
    QFileInfo info(m_path->text());
    m_path->setText(info.dir().filePath(info.completeBaseName() + QLatin1Char('.') + formatExtension(f)));
    updateEnabled();
}

void ExportDialog::updateEnabled() {
    const bool image = static_cast<ExportFormat>(m_format->currentData().toInt()) != ExportFormat::Csv;
    for (QWidget* w : {static_cast<QWidget*>(m_width), static_cast<QWidget*>(m_height),
                       static_cast<QWidget*>(m_dpi), static_cast<QWidget*>(m_title)})
        w->setEnabled(image);
}

void ExportDialog::browse() {
    const auto f = static_cast<ExportFormat>(m_format->currentData().toInt());
    const QString ext = formatExtension(f);
    const QString path = QFileDialog::getSaveFileName(this, tr("Export to"), m_path->text(),
                                                      tr("%1 files (*.%2)").arg(ext.toUpper(), ext));
    if (!path.isEmpty())
        m_path->setText(path);
}

ExportRequest ExportDialog::request() const {
    ExportRequest r;
    r.path = m_path->text().trimmed();
    r.format = static_cast<ExportFormat>(m_format->currentData().toInt());
    r.size = QSize(m_width->value(), m_height->value());
    r.dpi = m_dpi->value();
    r.withTitle = m_title->isChecked();
    return r;
}

} // namespace ui
