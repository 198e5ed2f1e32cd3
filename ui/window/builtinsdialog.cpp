#include "window/builtinsdialog.h"

#include "scenario/builtins.h"
#include "scenario/loader.h"

#include <QDialogButtonBox>
#include <QHBoxLayout>
#include <QListWidget>
#include <QTextBrowser>
#include <QVBoxLayout>

namespace ui {

BuiltinsDialog::BuiltinsDialog(QWidget* parent)
    : QDialog(parent)
    , m_list(new QListWidget(this))
    , m_text(new QTextBrowser(this)) {
    setWindowTitle(tr("Open built-in scenario"));
    for (const core::BuiltinScenario& b : core::builtinScenarios()) {
        const QString name = QString::fromUtf8(b.name.data(), static_cast<qsizetype>(b.name.size()));
        const core::LoadResult r =
            core::loadScenarioText(std::string(b.text), "builtin:" + std::string(b.name));
        auto* item = new QListWidgetItem(name, m_list);
        if (r.ok()) {
            const auto& s = *r.spec;
            item->setToolTip(QString::fromStdString(s.name));
            item->setData(
                Qt::UserRole,
                tr("<h3>%1</h3><p>%2</p><p><i>%3 CPUs (%4 socket(s) x %5 cores x %6 threads), %7 simulated, "
                   "seed %8</i></p>")
                    .arg(QString::fromStdString(s.name).toHtmlEscaped(),
                         QString::fromStdString(s.description).toHtmlEscaped())
                    .arg(s.topology.nrCpus())
                    .arg(s.topology.sockets)
                    .arg(s.topology.coresPerSocket)
                    .arg(s.topology.threadsPerCore)
                    .arg(QString::fromStdString(core::formatTimeHuman(s.duration)))
                    .arg(s.seed));
        }
    }
    connect(m_list, &QListWidget::currentItemChanged, this, [this](QListWidgetItem* i) {
        m_text->setHtml(i ? i->data(Qt::UserRole).toString() : QString());
    });
    connect(m_list, &QListWidget::itemDoubleClicked, this, &QDialog::accept);
    auto* buttons = new QDialogButtonBox(QDialogButtonBox::Open | QDialogButtonBox::Cancel, this);
    connect(buttons, &QDialogButtonBox::accepted, this, &QDialog::accept);
    connect(buttons, &QDialogButtonBox::rejected, this, &QDialog::reject);
    auto* row = new QHBoxLayout;
    row->addWidget(m_list, 1);
    row->addWidget(m_text, 2);
    auto* layout = new QVBoxLayout(this);
    layout->addLayout(row);
    layout->addWidget(buttons);
    m_list->setCurrentRow(0);
    resize(820, 420);
}

QString BuiltinsDialog::chosen() const {
    const QListWidgetItem* i = m_list->currentItem();
    return i ? QStringLiteral("builtin:") + i->text() : QString();
}

} // namespace ui
