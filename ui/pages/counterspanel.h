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

private:
    CounterModel* m_model;
    QTableView* m_table;
};

} // namespace ui
