#pragma once

#include "controller/sessiontables.h"
#include "query/columntable.h"

#include <QFutureWatcher>
#include <QObject>
#include <QString>
#include <QStringList>
#include <QVariant>

#include <atomic>
#include <memory>
#include <optional>
#include <vector>

namespace core {
class QueryDatabase;
}

namespace ui {

class Session;

/// One query's outcome as the Query page shows it: the last statement's rows (at most
/// QueryRunner::kMaxRows of them), or where and why it failed.
struct QueryResult {
    QStringList columns;
    std::vector<std::vector<QVariant>> rows; ///< NULL is an invalid QVariant
    bool truncated = false;                  ///< the statement had more rows than are here
    int statements = 0;                      ///< statements that ran to their end
    QString error;                           ///< "" when every statement ran
    int line = 0, column = 0;                ///< of the error, 1-based
    int position = -1;                       ///< of the error, as an index into the SQL's QString
    bool cancelled = false;
    QStringList warnings; ///< the tables' own (a recording's lost events)
    double seconds = 0;   ///< the query's wall time (the tables' building not counted)
};

/// The SQL database of one or more sessions (the main window's, or both sides of Compare A/B as
/// the schemas `a` and `b`) and the queries run on it, off the GUI thread (QtConcurrent). The
/// tables are built on the first query and built again when a session has moved on since (a
/// running simulation, another file); Cancel stops a build or a query.
class QueryRunner : public QObject {
    Q_OBJECT
public:
    struct Side {
        QString schema; ///< "main" for one session
        Session* session;
    };
    /// Rows a result keeps for the table (the rest is counted as more, not held).
    static constexpr size_t kMaxRows = 200000;

    explicit QueryRunner(std::vector<Side> sides, QObject* parent = nullptr);
    ~QueryRunner() override;

    /// Runs `sql` (every statement; the last one's rows are the result); finished() follows.
    /// Ignored while busy.
    void run(const QString& sql);
    void cancel();
    /// From run() until finished() has been emitted.
    bool busy() const { return m_busy; }

    /// The tables a query can name, with their columns (their names with the schema for a side
    /// that is not `main`): the tables built, or before any, the names every run has.
    std::vector<std::pair<QString, std::vector<core::ColumnSpec>>> schema() const;
    /// The task (its id in the records and the views) that `utid` names on side `schema`.
    std::optional<uint32_t> taskOf(const QString& schema, int64_t utid) const;
    const std::vector<Side>& sides() const { return m_sides; }

signals:
    /// What it is doing now, for a status line ("Building the tables...", "Running...").
    void stage(const QString& text);
    void finished(const ui::QueryResult& result);

private:
    struct Job;
    static QueryResult work(Job& job);

    std::vector<Side> m_sides;
    std::shared_ptr<core::QueryDatabase> m_db;
    std::vector<SessionTablesSource> m_built; ///< what m_db was built from, per side
    std::vector<std::vector<uint32_t>> m_taskIds;
    std::shared_ptr<Job> m_job;
    std::shared_ptr<std::atomic<bool>> m_stop;
    QFutureWatcher<QueryResult> m_watcher;
    bool m_busy = false;
};

} // namespace ui

Q_DECLARE_METATYPE(ui::QueryResult)
