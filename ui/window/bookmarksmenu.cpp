#include "window/bookmarksmenu.h"

#include "controller/session.h"

#include <QInputDialog>

#include <algorithm>

namespace ui {

namespace {
/// Menu entries show this much of a note.
constexpr int kNoteShown = 48;
} // namespace

BookmarksMenu::BookmarksMenu(Session& session, QWidget* parent)
    : QMenu(tr("&Bookmarks"), parent)
    , m_session(session) {
    // Owned by the window, not the menu: rebuild() clears the menu, which deletes what it owns.
    m_add = new QAction(tr("&Add Bookmark..."), parent);
    m_add->setShortcut(QKeySequence(Qt::Key_M));
    connect(m_add, &QAction::triggered, this, &BookmarksMenu::addAtCursor);
    m_remove = new QAction(tr("&Remove Bookmark Nearest the Cursor"), parent);
    connect(m_remove, &QAction::triggered, this, &BookmarksMenu::removeNearCursor);
    connect(this, &QMenu::aboutToShow, this, &BookmarksMenu::rebuild);
    rebuild();
}

qint64 BookmarksMenu::here() const {
    const ViewState& v = m_session.view();
    // The cursor can be set past the run's end (the view may show beyond it): a bookmark stays
    // within the run, where the scenario's `bookmarks` must be.
    const auto spec = m_session.spec();
    const SimNs end = spec && !m_session.trace() ? spec->duration.count() : m_session.history().now();
    return std::clamp<SimNs>(v.cursor() ? *v.cursor() : m_session.history().now(), 0,
                             std::max<SimNs>(end, 0));
}

void BookmarksMenu::addAtCursor() {
    const SimNs at = here();
    bool ok = false;
    const QString note = QInputDialog::getText(parentWidget(), tr("Add Bookmark"),
                                               tr("Note for the bookmark at %1:").arg(formatNs(at)),
                                               QLineEdit::Normal, QString(), &ok);
    if (!ok)
        return;
    m_session.view().addBookmark(at, note);
}

void BookmarksMenu::removeNearCursor() {
    ViewState& v = m_session.view();
    if (const auto i = v.bookmarkNear(here()))
        v.removeBookmark(*i);
}

void BookmarksMenu::rebuild() {
    clear();
    addAction(m_add);
    addAction(m_remove);
    const auto& marks = m_session.view().bookmarks();
    m_remove->setEnabled(!marks.empty());
    if (marks.empty())
        return;
    addSeparator();
    for (size_t i = 0; i < marks.size(); ++i) {
        const Bookmark& b = marks[i];
        QString note =
            b.note.size() > kNoteShown ? b.note.left(kNoteShown) + QStringLiteral("\u2026") : b.note;
        note.replace(QLatin1Char('&'), QStringLiteral("&&")); // not a mnemonic
        const QString text = note.isEmpty()
                                 ? QStringLiteral("&%1  %2").arg(i + 1).arg(formatNs(b.at))
                                 : QStringLiteral("&%1  %2 \u2014 %3").arg(i + 1).arg(formatNs(b.at), note);
        QAction* a = addAction(text);
        a->setToolTip(b.note);
        const SimNs at = b.at;
        connect(a, &QAction::triggered, this, [this, at] { m_session.view().goTo(at); });
    }
}

} // namespace ui
