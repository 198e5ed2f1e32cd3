#pragma once

#include "base/trace.h"
#include "export/exportable.h"
#include "plots/liveview.h"

#include <QWidget>

#include <array>

class QCustomPlot;
class QCPBars;

namespace ui {

class Session;

/// Migrations per interval, stacked by reason (wakeup, fork, periodic, newidle, nohz, active,
/// affinity, move), on the shared time axis. Counts come from the counter samples, so they stay
/// right for history that was compacted. Follows the session and the view range by itself.
class MigrationRatePlot : public QWidget, public Exportable, public LiveView {
    Q_OBJECT
public:
    explicit MigrationRatePlot(Session& session, QWidget* parent = nullptr);
    ~MigrationRatePlot() override;

    QString exportName() const override { return QStringLiteral("migration-rate"); }
    QString exportTitle() const override;
    QWidget* exportWidget() override { return this; }
    void renderTo(QPainter& painter, const QRect& target) override;
    /// The bars: interval and count per reason.
    QByteArray csv() const override;
    void bringUpToDate() override { refresh(); }
    void refresh() override;
    /// The bar series in legend order (one per migration reason).
    QStringList seriesNames() const;
    /// Total of the bars drawn (tests).
    double drawnTotal() const { return m_drawnTotal; }

private:
    /// Wraps the time axis's label to the width of the axes (beside the legend) as last laid
    /// out; whether that changed it.
    bool fitText();

    QString m_axisText;
    Session& m_session;
    QCustomPlot* m_plot;
    std::array<QCPBars*, core::kMigrationReasonCount> m_bars{};
    double m_drawnTotal = 0;
};

} // namespace ui
