#pragma once

#include "plots/liveview.h"

#include <QWidget>

class QTableView;

namespace ui {

class Session;
class ExportRegistry;
class CounterModel;

/// The engine counters, per second and total, with kernel overhead by operation. Follows the
/// session and the time cursor by itself.
class CountersPanel : public QWidget, public LiveView {
    Q_OBJECT
public:
    explicit CountersPanel(Session& session, QWidget* parent = nullptr);
    void refresh() override;
    /// Registers the table for CSV export.
    void addExports(ExportRegistry& exports);

protected:
    /// Narrow (a dock on a laptop screen): the CPU share column gives way to the names; it stays
    /// in the CSV export.
    void resizeEvent(QResizeEvent* e) override;

private:
    CounterModel* m_model;
    QTableView* m_table;
};

} // namespace ui
