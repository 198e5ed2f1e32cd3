#include "window/helpdialogs.h"

#include "base/optimizations.h"

#include <QAction>
#include <QApplication>
#include <QDialog>
#include <QDialogButtonBox>
#include <QFile>
#include <QHeaderView>
#include <QMenu>
#include <QMessageBox>
#include <QScreen>
#include <QTableWidget>
#include <QTextBrowser>
#include <QVBoxLayout>

// The ui's resources (the format reference) live in a static library: nothing references them,
// so the linker drops them unless they are initialised by name, outside any namespace.
static void initUiResources() {
    Q_INIT_RESOURCE(resources);
}

namespace ui {

namespace {

/// One window of each kind: raises the open one named `name`, if any.
bool raiseOpen(QWidget* parent, const QString& name) {
    auto* open = parent->findChild<QDialog*>(name);
    if (!open)
        return false;
    open->raise();
    open->activateWindow();
    return true;
}

/// Lays `content` out above a Close button and shows the non-modal `d` at `want`, within the
/// screen (a 1024x640 window's screen too).
void showWithClose(QDialog* d, QWidget* content, QSize want, QWidget* parent) {
    auto* buttons = new QDialogButtonBox(QDialogButtonBox::Close);
    QObject::connect(buttons, &QDialogButtonBox::rejected, d, &QDialog::close);
    auto* layout = new QVBoxLayout(d);
    layout->addWidget(content);
    layout->addWidget(buttons);
    d->resize(parent && parent->screen() ? want.boundedTo(parent->screen()->availableGeometry().size() * 0.9)
                                         : want);
    d->show();
}

/// A Markdown document of the resources in a searchable, non-modal window (one at a time: a
/// second request raises the first).
void showDocument(QWidget* parent, const QString& name, const QString& title, const QString& resource,
                  const QString& missing) {
    initUiResources();
    if (raiseOpen(parent, name))
        return;
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
    showWithClose(d, browser, QSize(900, 760), parent); // room to read
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

namespace {

/// The menu actions with a key under `actions`, as (menu path > action, keys) rows.
void collectShortcuts(const QList<QAction*>& actions, const QString& path, QList<QStringList>& rows) {
    for (QAction* a : actions) {
        QString text = a->text();
        text.remove(QLatin1Char('&'));
        if (text.endsWith(QStringLiteral("...")))
            text.chop(3);
        if (QMenu* m = a->menu()) {
            collectShortcuts(m->actions(), path.isEmpty() ? text : path + QStringLiteral(" > ") + text, rows);
            continue;
        }
        QStringList keys;
        for (const QKeySequence& k : a->shortcuts())
            keys << k.toString(QKeySequence::NativeText);
        if (!keys.isEmpty())
            rows << QStringList{keys.join(QStringLiteral(", ")), path + QStringLiteral(" > ") + text};
    }
}

} // namespace

void showShortcuts(QWidget* parent, const QList<QAction*>& menus) {
    if (raiseOpen(parent, QStringLiteral("shortcuts")))
        return;
    QList<QStringList> rows;
    collectShortcuts(menus, QString(), rows);
    // The timeline's own, with the focus on it (marked for lupdate, translated here).
    auto tl = [](const char* text) { return QApplication::translate("ui::Help", text); };
    const QString timeline = tl(QT_TRANSLATE_NOOP("ui::Help", "Timeline"));
    rows << QStringList{tl(QT_TRANSLATE_NOOP("ui::Help", "Left, Right")),
                        timeline + QStringLiteral(" > ") + tl(QT_TRANSLATE_NOOP("ui::Help", "Pan"))}
         << QStringList{tl(QT_TRANSLATE_NOOP("ui::Help", "Page Up, Page Down")),
                        timeline + QStringLiteral(" > ") +
                            tl(QT_TRANSLATE_NOOP("ui::Help", "Scroll the CPU lanes"))}
         << QStringList{tl(QT_TRANSLATE_NOOP("ui::Help", "Ctrl+Wheel")),
                        timeline + QStringLiteral(" > ") +
                            tl(QT_TRANSLATE_NOOP("ui::Help", "Zoom about the mouse"))}
         << QStringList{tl(QT_TRANSLATE_NOOP("ui::Help", "Shift+Wheel")),
                        timeline + QStringLiteral(" > ") + tl(QT_TRANSLATE_NOOP("ui::Help", "Pan"))}
         << QStringList{tl(QT_TRANSLATE_NOOP("ui::Help", "Wheel")),
                        timeline + QStringLiteral(" > ") +
                            tl(QT_TRANSLATE_NOOP("ui::Help",
                                                 "Scroll the CPU lanes, or zoom when they all fit"))}
         << QStringList{tl(QT_TRANSLATE_NOOP("ui::Help", "Click")),
                        timeline + QStringLiteral(" > ") +
                            tl(QT_TRANSLATE_NOOP("ui::Help", "Set the time cursor, pick the slice under it"))}
         << QStringList{tl(QT_TRANSLATE_NOOP("ui::Help", "Shift+Click")),
                        timeline + QStringLiteral(" > ") +
                            tl(QT_TRANSLATE_NOOP("ui::Help",
                                                 "Set marker B: the time from the cursor (A) to B is shown"))}
         << QStringList{tl(QT_TRANSLATE_NOOP("ui::Help", "Drag")),
                        timeline + QStringLiteral(" > ") + tl(QT_TRANSLATE_NOOP("ui::Help", "Pan"))}
         << QStringList{tl(QT_TRANSLATE_NOOP("ui::Help", "Click a core's label")),
                        timeline + QStringLiteral(" > ") +
                            tl(QT_TRANSLATE_NOOP("ui::Help", "Collapse or expand it"))};
    auto* d = new QDialog(parent);
    d->setObjectName(QStringLiteral("shortcuts"));
    d->setAttribute(Qt::WA_DeleteOnClose);
    d->setWindowTitle(tl(QT_TRANSLATE_NOOP("ui::Help", "Keyboard Shortcuts - SchedScope")));
    auto* table = new QTableWidget(int(rows.size()), 2, d);
    table->setObjectName(QStringLiteral("shortcutTable"));
    table->setHorizontalHeaderLabels(
        {tl(QT_TRANSLATE_NOOP("ui::Help", "Keys")), tl(QT_TRANSLATE_NOOP("ui::Help", "Action"))});
    table->verticalHeader()->hide();
    table->verticalHeader()->setDefaultSectionSize(table->fontMetrics().height() + 6);
    table->setAlternatingRowColors(true);
    table->setEditTriggers(QAbstractItemView::NoEditTriggers);
    table->setSelectionBehavior(QAbstractItemView::SelectRows);
    for (int r = 0; r < rows.size(); ++r)
        for (int c = 0; c < 2; ++c)
            table->setItem(r, c, new QTableWidgetItem(rows[r][c]));
    table->resizeColumnsToContents();
    table->horizontalHeader()->setStretchLastSection(true);
    showWithClose(d, table, QSize(720, 640), parent);
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
            "(CFS) and v6.6 and v6.12 (EEVDF, v6.12 with delayed dequeue and the fair deadline server; "
            "v6.12 is the default), "
            "each with cgroups and bandwidth control, the RT class, wakeup placement, SMT-aware load "
            "balancing, PSI and cpuacct, and a kernel overhead cost model. It opens real recordings "
            "(perf, ftrace, trace-cmd) and checks itself against this machine's kernel.</p><p>The five "
            "kernel changes it can switch live, from their mailing-list threads:</p><ul>%2</ul>"
            "<p>Built with Qt %3. F1 opens the guide.</p>")
            .arg(QApplication::applicationVersion(), changes, QString::fromLatin1(qVersion())));
}

} // namespace ui
