#pragma once

#include "plots/liveview.h"

#include <QStringList>
#include <QWidget>

class QLabel;
class QTableView;

namespace ui {

class Session;
class ExportRegistry;
class CounterModel;

/// The engine counters, per second and total, with kernel overhead by operation. Follows the
/// session and the time cursor by itself, and says which it shows: the run up to the present,
/// or up to the time cursor.
class CountersPanel : public QWidget, public LiveView {
    Q_OBJECT
public:
    explicit CountersPanel(Session& session, QWidget* parent = nullptr);
    void refresh() override;
    /// Registers the table for CSV export.
    void addExports(ExportRegistry& exports);

    /// The line above the table: what moment the figures are of (tests).
    QString scopeText() const;
    /// The pieces a counter's name wraps into at most: its words, split after hyphens too.
    static QStringList nameWords(QString name);

protected:
    /// Narrow (a dock on a laptop screen): the CPU share column, then the rate, give way to the
    /// names (each row's tooltip still has them, and the CSV export all); names wrap, never cut.
    void resizeEvent(QResizeEvent* e) override;

private:
    void fitColumns();

    Session& m_session;
    CounterModel* m_model;
    QTableView* m_table;
    QLabel* m_scope;
};

} // namespace ui
