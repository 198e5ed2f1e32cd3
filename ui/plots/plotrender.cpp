#include "plots/plotrender.h"

#include <QChart>
#include <QGraphicsLayout>
#include <QGraphicsScene>
#include <QPainter>
#include <QPicture>
#include <qcustomplot.h>

namespace ui {

void renderCustomPlot(QCustomPlot& plot, QPainter& painter, const QRect& target) {
    QPicture picture;
    {
        QCPPainter p(&picture);
        plot.toPainter(&p, target.width(), target.height());
    }
    // toPainter laid the plot out for the target; lay it out for the widget again.
    plot.replot(QCustomPlot::rpQueuedReplot);
    painter.drawPicture(target.topLeft(), picture);
}

void renderChart(QChart& chart, QPainter& painter, const QRect& target) {
    // Exports draw their own title above the chart: the chart's would say it twice.
    const QString title = chart.title();
    chart.setTitle(QString());
    const QRectF old = chart.geometry();
    chart.setGeometry(QRectF(old.topLeft(), QSizeF(target.size())));
    if (chart.layout())
        chart.layout()->activate();
    chart.scene()->render(&painter, QRectF(target), QRectF(old.topLeft(), QSizeF(target.size())));
    chart.setGeometry(old);
    chart.setTitle(title);
    if (chart.layout())
        chart.layout()->activate();
}

} // namespace ui
