#pragma once

#include "base/trace.h"
#include "export/exportable.h"

#include <qcustomplot.h>

#include <array>

namespace ui {

class Session;

/// Migrations per interval, stacked by reason (wakeup, fork, periodic, newidle, nohz, active,
/// affinity, move), on the shared time axis. Counts come from the counter samples, so they stay
/// right for history that was compacted.
class MigrationRatePlot : public QCustomPlot, public Exportable {
    Q_OBJECT
public:
    explicit MigrationRatePlot(Session& session, QWidget* parent = nullptr);

    QString exportName() const override { return QStringLiteral("migration-rate"); }
    QString exportTitle() const override;
    QWidget* exportWidget() override { return this; }
    void renderTo(QPainter& painter, const QRect& target) override;
    /// The bars: interval and count per reason.
    QByteArray csv() const override;
    void refresh();
    /// Total of the bars drawn (tests).
    double drawnTotal() const { return m_drawnTotal; }

private:
    Session& m_session;
    std::array<QCPBars*, core::kMigrationReasonCount> m_bars{};
    double m_drawnTotal = 0;
};

} // namespace ui
