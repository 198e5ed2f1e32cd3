#pragma once

#include <QMenu>

namespace ui {

class Session;

/// View > Bookmarks: add one at the cursor with a note (M), remove the one nearest the cursor,
/// and each bookmark to jump to. Bookmarks live in the session's ViewState and are saved with
/// the session (Save Session as Scenario writes them as the scenario's `bookmarks`).
class BookmarksMenu : public QMenu {
    Q_OBJECT
public:
    BookmarksMenu(Session& session, QWidget* parent);

    /// Asks for a note and adds a bookmark at the cursor (at the present when there is none).
    void addAtCursor();
    /// Removes the bookmark nearest the cursor (or the present).
    void removeNearCursor();

private:
    /// The menu's entries: the fixed actions, then one per bookmark.
    void rebuild();
    /// Where a new bookmark goes: the cursor, else the present.
    qint64 here() const;

    Session& m_session;
    QAction* m_add;
    QAction* m_remove;
};

} // namespace ui
