#pragma once

#include "controller/queryrunner.h"

#include <QWidget>

class QComboBox;
class QLabel;
class QPushButton;
class QSortFilterProxyModel;
class QTableView;
class QTreeWidget;

namespace ui {

class ExportRegistry;
class QueryResultModel;
class SqlEditor;

/// The Query tab (docs/query.md, docs/guide.md): SQL over the session, with Perfetto's table
/// names. An editor with the tables and their columns beside it and completion, Ctrl+Enter
/// runs (off the GUI thread; Cancel stops it), the last statement's rows in a table that sorts
/// and exports CSV, an error shown at its place in the SQL, and the queries run kept across
/// sessions (QSettings "query/history"). A row with `ts` goes there on the timeline on a
/// double-click: with `dur` the stretch is shown whole, with `utid` its thread is selected and
/// picked at that time, with `cpu` alone the slice on that CPU is picked. On the sides of
/// Compare A/B the tables are `a.` and `b.`; a row goes to the side its `side` column names
/// (`a` or `b`), else to A.
class QueryPage : public QWidget {
    Q_OBJECT
public:
    QueryPage(std::vector<QueryRunner::Side> sides, ExportRegistry& exports, QWidget* parent = nullptr);

    SqlEditor* editor() const { return m_editor; }
    QueryRunner& runner() { return m_runner; }
    const QueryResultModel& results() const { return *m_model; }
    /// Runs what the editor holds (Ctrl+Enter).
    void run();
    void cancel();
    /// Goes to the result row `row` (in the table's sorted order) as a double-click does; false
    /// when the row has no `ts`.
    bool goToRow(int row);

    /// Queries kept in the history (most recent first).
    static constexpr int kHistory = 50;

private:
    void finished(const QueryResult& r);
    void fillTables();
    void remember(const QString& sql);
    void fillHistory();

    QueryRunner m_runner;
    SqlEditor* m_editor;
    QTreeWidget* m_tables;
    QPushButton* m_run;
    QPushButton* m_cancel;
    QComboBox* m_history;
    QLabel* m_status;
    QueryResultModel* m_model;
    QSortFilterProxyModel* m_sorted;
    QTableView* m_table;
};

} // namespace ui
