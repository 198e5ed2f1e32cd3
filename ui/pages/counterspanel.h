#pragma once

#include <QWidget>

class QTableView;

namespace ui {

class Session;
class CounterModel;

/// The engine counters, per second and total, with kernel overhead by operation.
class CountersPanel : public QWidget {
    Q_OBJECT
public:
    explicit CountersPanel(Session& session, QWidget* parent = nullptr);
    void refresh();
    CounterModel* model() const { return m_model; }
    QTableView* table() const { return m_table; }

private:
    CounterModel* m_model;
    QTableView* m_table;
};

} // namespace ui
