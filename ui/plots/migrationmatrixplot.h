#pragma once

#include <qcustomplot.h>

namespace ui {

class Session;

/// Migrations from CPU to CPU within the visible time range as a heat map (rows: from, columns:
/// to). Large machines are shown in blocks of CPUs so the matrix stays at most 256 x 256.
class MigrationMatrixPlot : public QCustomPlot {
    Q_OBJECT
public:
    explicit MigrationMatrixPlot(Session& session, QWidget* parent = nullptr);
    void refresh();
    /// CPUs per cell side.
    uint32_t cpusPerCell() const { return m_block; }
    double total() const { return m_total; }

private:
    Session& m_session;
    QCPColorMap* m_map;
    QCPColorScale* m_scale;
    uint32_t m_block = 1;
    double m_total = 0;
};

} // namespace ui
