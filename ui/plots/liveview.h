#pragma once

#include <QPointer>

class QObject;
class QWidget;

namespace ui {

class Session;

/// A view that follows a Session by itself: restart() when a run begins, refresh() at each
/// frame of the session while it is visible, and one refresh when it is shown after missing
/// frames. A view in a hidden tab therefore costs nothing, and no window has to keep a list of
/// views to restart or refresh.
class LiveView {
public:
    virtual ~LiveView();
    /// A new run began (topology and cgroups may differ): drop what was built for the old one.
    /// A refresh follows at once if the view is visible, else when it is shown.
    virtual void restart() {}
    /// Brings what is shown up to date with the session.
    virtual void refresh() = 0;

protected:
    /// Connects the widget `self` (this view) to `session`; call once, from the constructor.
    void followSession(QWidget* self, Session& session);
    /// Refreshes now if the view is visible, else when it is next shown (for changes that do
    /// not come with a session frame: view range, selection, a setting).
    void refreshWhenVisible();

private:
    QPointer<QObject> m_link;
};

} // namespace ui
