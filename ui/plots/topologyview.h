#pragma once

#include "controller/format.h"
#include "export/exportable.h"
#include "plots/liveview.h"

#include <QRectF>
#include <QWidget>

#include <vector>

namespace ui {

class Session;

/// The machine as nested boxes, socket > core > thread. Each thread shows its task and how busy
/// it was recently as a heat colour (with its cgroup's colour as a stripe); recent migrations
/// are arrows that fade with age. Shows the state at the time cursor, or now. Clicking a CPU
/// selects it (the other views filter to it); clicking it again clears the selection. Follows
/// the session by itself.
class TopologyView : public QWidget, public Exportable, public LiveView {
    Q_OBJECT
public:
    explicit TopologyView(Session& session, QWidget* parent = nullptr);

    QString exportName() const override { return QStringLiteral("topology"); }
    QString exportTitle() const override;
    QWidget* exportWidget() override { return this; }
    void renderTo(QPainter& painter, const QRect& target) override;
    /// Each CPU at the shown time: its task and how busy it was.
    QByteArray csv() const override;

    void restart() override;
    void refresh() override;
    /// Where CPU c is drawn (tests).
    QRectF cpuRect(uint32_t c) const { return c < m_cpuRects.size() ? m_cpuRects[c] : QRectF(); }
    /// The utilisation window in ns.
    static constexpr SimNs kWindow = 100000000;
    static constexpr SimNs kFade = 50000000;

protected:
    void paintEvent(QPaintEvent*) override;
    void resizeEvent(QResizeEvent*) override;
    void mousePressEvent(QMouseEvent* e) override;
    bool event(QEvent* e) override;
    QSize sizeHint() const override { return {600, 400}; }

private:
    void layoutBoxes(const QRectF& area);
    void paint(QPainter& p, const QRectF& area);
    double busyShare(uint32_t cpu, SimNs t) const;
    int cpuAt(const QPointF& p) const;
    SimNs shownTime() const;

    Session& m_session;
    std::vector<QRectF> m_socketRects;
    std::vector<QRectF> m_coreRects;
    std::vector<QRectF> m_cpuRects;
};

} // namespace ui
