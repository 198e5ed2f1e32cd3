#include "window/helpdialogs.h"

#include "base/optimizations.h"

#include <QApplication>
#include <QDialog>
#include <QDialogButtonBox>
#include <QFile>
#include <QMessageBox>
#include <QScreen>
#include <QTextBrowser>
#include <QVBoxLayout>

// The ui's resources (the format reference) live in a static library: nothing references them,
// so the linker drops them unless they are initialised by name, outside any namespace.
static void initUiResources() {
    Q_INIT_RESOURCE(resources);
}

namespace ui {

namespace {

/// A Markdown document of the resources in a searchable, non-modal window (one at a time: a
/// second request raises the first).
void showDocument(QWidget* parent, const QString& name, const QString& title, const QString& resource,
                  const QString& missing) {
    initUiResources();
    if (auto* open = parent->findChild<QDialog*>(name)) {
        open->raise();
        open->activateWindow();
        return;
    }
    auto* d = new QDialog(parent);
    d->setObjectName(name);
    d->setAttribute(Qt::WA_DeleteOnClose);
    d->setWindowTitle(title);
    auto* browser = new QTextBrowser;
    browser->setObjectName(name + QStringLiteral("Text"));
    browser->setOpenExternalLinks(true);
    QFile f(resource);
    if (f.open(QIODevice::ReadOnly))
        browser->setMarkdown(QString::fromUtf8(f.readAll()));
    else
        browser->setPlainText(missing);
    auto* buttons = new QDialogButtonBox(QDialogButtonBox::Close);
    QObject::connect(buttons, &QDialogButtonBox::rejected, d, &QDialog::close);
    auto* layout = new QVBoxLayout(d);
    layout->addWidget(browser);
    layout->addWidget(buttons);
    // Room to read, within the screen (a 1024x640 window's screen too).
    const QSize want(900, 760);
    d->resize(parent && parent->screen() ? want.boundedTo(parent->screen()->availableGeometry().size() * 0.9)
                                         : want);
    d->show();
}

} // namespace

void showGuide(QWidget* parent) {
    // The guide in the user's language where there is one: the translation names the file.
    showDocument(parent, QStringLiteral("guide"), QApplication::translate("ui::Help", "SchedScope Guide"),
                 QApplication::translate("ui::Help", ":/docs/guide.md"),
                 QApplication::translate("ui::Help", "The guide is missing."));
}

void showScenarioFormatHelp(QWidget* parent) {
    showDocument(parent, QStringLiteral("scenarioFormat"),
                 QApplication::translate("ui::Help", "Scenario format - SchedScope"),
                 QStringLiteral(":/docs/scenario-format.md"),
                 QApplication::translate("ui::Help", "The scenario format reference is missing."));
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
            "ui::Help",
            "<h3>SchedScope %1</h3><p>Simulates the Linux CPU scheduler on three kernel models: v4.11 "
            "(CFS) and v6.6 and v6.12 (EEVDF, v6.12 with delayed dequeue and the fair deadline server), "
            "each with cgroups and bandwidth control, the RT class, wakeup placement, SMT-aware load "
            "balancing, PSI and cpuacct, and a kernel overhead cost model. It opens real recordings "
            "(perf, ftrace, trace-cmd) and checks itself against this machine's kernel.</p><p>The five "
            "kernel changes it can switch live, from their mailing-list threads:</p><ul>%2</ul>"
            "<p>Built with Qt %3. F1 opens the guide.</p>")
            .arg(QApplication::applicationVersion(), changes, QString::fromLatin1(qVersion())));
}

} // namespace ui
