#pragma once

#include "experiments/seeds.h"
#include "export/exportable.h"

#include <QWidget>

#include <vector>

class QChartView;
class QLineSeries;
class QValueAxis;

namespace ui {

/// The PSI cost-versus-cgroup-depth sweep of the psi_direct_iteration seed: perfpipe throughput
/// at each depth with the cached parent walk (the change off), the direct cgroup walk (on), and
/// PSI off as the ceiling.
class DepthChart : public QWidget, public Exportable {
    Q_OBJECT
public:
    explicit DepthChart(QWidget* parent = nullptr);

    QString exportName() const override { return QStringLiteral("psi-depth"); }
    QString exportTitle() const override;
    QWidget* exportWidget() override { return this; }
    void renderTo(QPainter& painter, const QRect& target) override;
    QByteArray csv() const override;
    void setPoints(const std::vector<core::DepthPoint>& points);
    const std::vector<core::DepthPoint>& points() const { return m_points; }

private:
    QChartView* m_view;
    QLineSeries* m_parent;
    QLineSeries* m_direct;
    QLineSeries* m_noPsi;
    QValueAxis* m_x;
    QValueAxis* m_y;
    std::vector<core::DepthPoint> m_points;
};

} // namespace ui
