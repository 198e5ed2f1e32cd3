#include "window/helpdialogs.h"

#include "base/optimizations.h"

#include <QApplication>
#include <QDialog>
#include <QDialogButtonBox>
#include <QFile>
#include <QMessageBox>
#include <QTextBrowser>
#include <QVBoxLayout>

// The ui's resources (the format reference) live in a static library: nothing references them,
// so the linker drops them unless they are initialised by name, outside any namespace.
static void initUiResources() {
    Q_INIT_RESOURCE(resources);
}

namespace ui {

void showScenarioFormatHelp(QWidget* parent) {
    initUiResources();
    if (auto* open = parent->findChild<QDialog*>(QStringLiteral("scenarioFormatHelp"))) {
        open->raise();
        open->activateWindow();
        return;
    }
    auto* d = new QDialog(parent);
    d->setObjectName(QStringLiteral("scenarioFormatHelp"));
    d->setAttribute(Qt::WA_DeleteOnClose);
    d->setWindowTitle(QApplication::translate("ui::Help", "Scenario format - SchedScope"));
    auto* browser = new QTextBrowser;
    browser->setObjectName(QStringLiteral("scenarioFormatText"));
    browser->setOpenExternalLinks(true);
    QFile f(QStringLiteral(":/docs/scenario-format.md"));
    if (f.open(QIODevice::ReadOnly))
        browser->setMarkdown(QString::fromUtf8(f.readAll()));
    else
        browser->setPlainText(
            QApplication::translate("ui::Help", "The scenario format reference is missing."));
    auto* buttons = new QDialogButtonBox(QDialogButtonBox::Close);
    QObject::connect(buttons, &QDialogButtonBox::rejected, d, &QDialog::close);
    auto* layout = new QVBoxLayout(d);
    layout->addWidget(browser);
    layout->addWidget(buttons);
    d->resize(900, 760);
    d->show();
}

void showAbout(QWidget* parent) {
    QString changes;
    for (const core::OptimizationInfo& i : core::optimizationCatalog())
        changes +=
            QStringLiteral("<li><b>%1</b> (%2)<br><small>%3</small></li>")
                .arg(QString::fromUtf8(i.title.data(), qsizetype(i.title.size())).toHtmlEscaped(),
                     QString::fromUtf8(i.year.data(), qsizetype(i.year.size())),
                     QString::fromUtf8(i.seedFile.data(), qsizetype(i.seedFile.size())).toHtmlEscaped());
    QMessageBox::about(
        parent, QApplication::translate("ui::Help", "About SchedScope"),
        QApplication::translate(
            "ui::Help", "<h3>SchedScope %1</h3><p>Simulates the Linux CPU scheduler: CFS with cgroups, "
                        "wakeup placement, SMT-aware load balancing, PSI and cpuacct, and a kernel overhead "
                        "cost model.</p><p>The five kernel changes it can switch live, from their "
                        "mailing-list threads:</p><ul>%2</ul><p>Built with Qt %3.</p>")
            .arg(QApplication::applicationVersion(), changes, QString::fromLatin1(qVersion())));
}

} // namespace ui
