#include "window/recentfiles.h"

#include <QDir>
#include <QFileInfo>
#include <QMenu>
#include <QSettings>

namespace ui {

namespace {
const QString kKey = QStringLiteral("recentFiles");
}

RecentFiles::RecentFiles(QMenu* menu, QObject* parent)
    : QObject(parent)
    , m_menu(menu) {
    rebuild();
}

QStringList RecentFiles::files() const {
    return QSettings().value(kKey).toStringList();
}

void RecentFiles::add(const QString& fileOrBuiltin) {
    const QString entry = fileOrBuiltin.startsWith(QStringLiteral("builtin:"))
                              ? fileOrBuiltin
                              : QFileInfo(fileOrBuiltin).absoluteFilePath();
    QStringList list = files();
    list.removeAll(entry);
    list.prepend(entry);
    while (list.size() > kMax)
        list.removeLast();
    QSettings().setValue(kKey, list);
    rebuild();
}

void RecentFiles::rebuild() {
    m_menu->clear();
    const QStringList list = files();
    int n = 0;
    for (const QString& f : list) {
        const QString label = QStringLiteral("&%1 %2").arg(++n % 10).arg(QDir::toNativeSeparators(f));
        m_menu->addAction(label, this, [this, f] { emit openRequested(f); });
    }
    if (list.isEmpty())
        m_menu->addAction(tr("(none)"))->setEnabled(false);
    else {
        m_menu->addSeparator();
        m_menu->addAction(tr("Clear list"), this, [this] {
            QSettings().remove(kKey);
            rebuild();
        });
    }
}

} // namespace ui
