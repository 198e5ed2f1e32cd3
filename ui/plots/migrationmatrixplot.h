#pragma once

#include "export/exportable.h"
#include "plots/liveview.h"

#include <QWidget>

class QCustomPlot;
class QCPColorMap;
class QCPColorScale;

namespace ui {

class Session;

/// Migrations from CPU to CPU within the visible time range as a heat map (rows: from, columns:
/// to), for the CPU selected in the topology if any. Large machines are shown in blocks of CPUs
/// so the matrix stays at most 256 x 256. Follows the session, range and selection by itself.
class MigrationMatrixPlot : public QWidget, public Exportable, public LiveView {
    Q_OBJECT
public:
    explicit MigrationMatrixPlot(Session& session, QWidget* parent = nullptr);
    ~MigrationMatrixPlot() override;

    QString exportName() const override { return QStringLiteral("migration-matrix"); }
    QString exportTitle() const override;
    QWidget* exportWidget() override { return this; }
    void renderTo(QPainter& painter, const QRect& target) override;
    /// The matrix: a row per source CPU (block), a column per destination.
    QByteArray csv() const override;
    void bringUpToDate() override { refresh(); }
    void refresh() override;
    /// CPUs per cell side.
    uint32_t cpusPerCell() const { return m_block; }
    double total() const { return m_total; }

private:
    Session& m_session;
    QCustomPlot* m_plot;
    QCPColorMap* m_map;
    QCPColorScale* m_scale;
    uint32_t m_block = 1;
    double m_total = 0;
};

} // namespace ui
