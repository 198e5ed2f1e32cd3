#pragma once

#include "base/trace.h"
#include "controller/format.h"
#include "plots/liveview.h"

#include <QWidget>

class QTableView;
class QComboBox;
class QLineEdit;
class QLabel;

namespace ui {

class Session;
class ExportRegistry;
class MigrationRatePlot;
class MigrationMatrixPlot;
class MigrationTableModel;
class MigrationFilterModel;

/// The Migrations tab: migrations per interval by reason, the CPU-to-CPU matrix, and the table
/// of every migration with filters (CPU from the topology selection, reason, task). Double-click
/// a row to put the time cursor there. Follows the session by itself; its charts and table are
/// offered for export through addExports().
class MigrationsPage : public QWidget, public LiveView {
    Q_OBJECT
public:
    explicit MigrationsPage(Session& session, QWidget* parent = nullptr);
    void restart() override;
    void refresh() override;
    /// Registers the rate chart, the matrix and the table.
    void addExports(ExportRegistry& exports);
    /// The widest view a picked migration is shown in: a few scheduling periods.
    static constexpr SimNs kMigrationViewWidth = 10'000'000;

private:
    void showMigration(const core::MigrationRecord& m);

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
