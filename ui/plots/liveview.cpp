#include "plots/liveview.h"

#include "controller/session.h"

#include <QEvent>
#include <QWidget>

namespace ui {

namespace {

/// The connections of one LiveView, owned by its widget: it sees the session's signals and the
/// widget's show events and knows whether the view missed a frame while hidden.
class LiveViewLink : public QObject {
public:
    LiveViewLink(QWidget* widget, Session& session, LiveView& view)
        : QObject(widget)
        , m_widget(widget)
        , m_view(view) {
        widget->installEventFilter(this);
        connect(&session, &Session::started, this, [this] {
            m_view.restart();
            refreshWhenVisible();
        });
        connect(&session, &Session::updated, this, &LiveViewLink::refreshWhenVisible);
    }

    void refreshWhenVisible() {
        if (m_widget->isVisible()) {
            m_stale = false;
            m_view.refresh();
        } else {
            m_stale = true;
        }
    }

protected:
    bool eventFilter(QObject* watched, QEvent* e) override {
        if (watched == m_widget && e->type() == QEvent::Show && m_stale) {
            m_stale = false;
            m_view.refresh();
        }
        return false;
    }

private:
    QWidget* m_widget;
    LiveView& m_view;
    bool m_stale = true;
};

} // namespace

LiveView::~LiveView() {
    delete m_link.data(); // before the widget's children go: no signal reaches a half-destroyed view
}

void LiveView::followSession(QWidget* self, Session& session) {
    m_link = new LiveViewLink(self, session, *this);
}

void LiveView::refreshWhenVisible() {
    if (auto* link = static_cast<LiveViewLink*>(m_link.data()))
        link->refreshWhenVisible();
}

} // namespace ui
