#pragma once

#include <QWidget>

class QTableView;
class QComboBox;
class QLineEdit;
class QLabel;

namespace ui {

class Session;
class MigrationRatePlot;
class MigrationMatrixPlot;
class MigrationTableModel;
class MigrationFilterModel;

/// The Migrations tab: migrations per interval by reason, the CPU-to-CPU matrix, and the table
/// of every migration with filters (CPU from the topology selection, reason, task). Double-click
/// a row to put the time cursor there.
class MigrationsPage : public QWidget {
    Q_OBJECT
public:
    explicit MigrationsPage(Session& session, QWidget* parent = nullptr);
    void restart();
    void refresh();

    MigrationTableModel* model() const { return m_model; }
    QTableView* table() const { return m_table; }
    MigrationFilterModel* filter() const { return m_filter; }
    MigrationRatePlot* ratePlot() const { return m_rate; }
    MigrationMatrixPlot* matrixPlot() const { return m_matrix; }

private:
    Session& m_session;
    MigrationRatePlot* m_rate;
    MigrationMatrixPlot* m_matrix;
    MigrationTableModel* m_model;
    MigrationFilterModel* m_filter;
    QTableView* m_table;
    QComboBox* m_reason;
    QLineEdit* m_task;
    QLabel* m_count;
};

} // namespace ui
