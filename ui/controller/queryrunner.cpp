#include "controller/queryrunner.h"

#include "controller/session.h"
#include "query/querydatabase.h"
#include "query/resultformat.h"
#include "query/runtables.h"
#include "query/statementrunner.h"

#include <QCoreApplication>
#include <QPointer>
#include <QtConcurrent>

#include <chrono>

namespace ui {

/// What one run takes to its thread and brings back.
struct QueryRunner::Job {
    QByteArray sql;
    std::vector<Side> sides;
    std::vector<SessionTablesSource> sources;
    bool rebuild = false;
    std::shared_ptr<core::QueryDatabase> db; ///< in: the current one; out: the one queried
    std::vector<std::vector<uint32_t>> taskIds;
    std::shared_ptr<std::atomic<bool>> stop;
    QPointer<QueryRunner> owner;
};

namespace {

/// The last statement's rows as QVariants, at most QueryRunner::kMaxRows of them.
struct Collect : core::QueryResultSink {
    QueryResult& out;
    explicit Collect(QueryResult& r)
        : out(r) {}
    void begin(size_t, const std::vector<std::string>& columns) override {
        out.columns.clear();
        for (const std::string& c : columns)
            out.columns << QString::fromStdString(c);
        out.rows.clear();
        out.truncated = false;
    }
    bool row(const std::vector<core::QueryValue>& values) override {
        if (out.rows.size() >= QueryRunner::kMaxRows) {
            out.truncated = true;
            return false;
        }
        std::vector<QVariant> r;
        r.reserve(values.size());
        for (const core::QueryValue& v : values) {
            switch (v.type) {
            case core::QueryValue::Type::Null:
                r.emplace_back();
                break;
            case core::QueryValue::Type::Integer:
                r.emplace_back(qlonglong(v.integer));
                break;
            case core::QueryValue::Type::Real:
                r.emplace_back(v.real);
                break;
            default:
                r.emplace_back(QString::fromStdString(core::queryValueText(v)));
            }
        }
        out.rows.push_back(std::move(r));
        return true;
    }
    void end() override {}
};

void say(const QPointer<QueryRunner>& owner, const QString& text) {
    if (owner)
        QMetaObject::invokeMethod(
            owner.data(),
            [owner, text] {
                if (owner)
                    emit owner->stage(text);
            },
            Qt::QueuedConnection);
}

} // namespace

QueryRunner::QueryRunner(std::vector<Side> sides, QObject* parent)
    : QObject(parent)
    , m_sides(std::move(sides)) {
    qRegisterMetaType<ui::QueryResult>();
    connect(&m_watcher, &QFutureWatcher<QueryResult>::finished, this, [this] {
        const QueryResult r = m_watcher.result();
        if (m_job && m_job->rebuild && m_job->db) {
            m_db = m_job->db;
            m_built = m_job->sources;
            m_taskIds = m_job->taskIds;
        }
        m_job.reset();
        m_busy = false;
        emit finished(r);
    });
}

QueryRunner::~QueryRunner() {
    cancel();
    m_watcher.waitForFinished();
}

void QueryRunner::cancel() {
    // Read by the build's progress and by SQLite's progress handler while a statement runs.
    if (m_stop)
        m_stop->store(true);
}

void QueryRunner::run(const QString& sql) {
    if (busy())
        return;
    auto job = std::make_shared<Job>();
    job->sql = sql.toUtf8();
    job->sides = m_sides;
    for (const Side& s : m_sides)
        job->sources.push_back(tablesSourceOf(*s.session));
    job->rebuild = !m_db || job->sources != m_built;
    job->db = job->rebuild ? nullptr : m_db;
    m_stop = std::make_shared<std::atomic<bool>>(false);
    job->stop = m_stop;
    job->owner = this;
    m_job = job;
    m_busy = true;
    m_watcher.setFuture(QtConcurrent::run([job] { return work(*job); }));
}

QueryResult QueryRunner::work(Job& job) {
    QueryResult out;
    if (job.rebuild) {
        auto db = std::make_shared<core::QueryDatabase>();
        for (size_t i = 0; i < job.sides.size(); ++i) {
            say(job.owner, job.sources[i].recording.empty()
                               ? QCoreApplication::translate(
                                     "ui::QueryRunner", "Building the tables: replaying the run to now...")
                               : QCoreApplication::translate(
                                     "ui::QueryRunner", "Building the tables: reading the recording..."));
            core::QueryTables t =
                buildSessionTables(job.sources[i], [&job](double) { return !job.stop->load(); });
            if (t.cancelled || job.stop->load()) {
                out.cancelled = true;
                return out;
            }
            if (!t.ok()) {
                out.error = QString::fromStdString(t.error);
                return out;
            }
            for (const std::string& w : t.warnings)
                out.warnings << QString::fromStdString(w);
            job.taskIds.push_back(std::move(t.taskIds));
            if (std::string e = db->add(std::move(t.tables), job.sides[i].schema.toStdString()); !e.empty()) {
                out.error = QString::fromStdString(e);
                return out;
            }
        }
        db->makeReadOnly();
        job.db = db;
    }
    say(job.owner, QCoreApplication::translate("ui::QueryRunner", "Running the query..."));
    Collect collect(out);
    const auto t0 = std::chrono::steady_clock::now();
    const core::QueryOutcome o =
        core::runStatements(job.db->handle(), job.sql.toStdString(), collect, job.stop.get());
    out.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
    out.statements = static_cast<int>(o.statements);
    out.cancelled = o.interrupted;
    if (!o.ok() && !o.interrupted) {
        out.error = QString::fromStdString(o.error);
        out.line = o.line;
        out.column = o.column;
        out.position =
            static_cast<int>(QString::fromUtf8(job.sql.left(static_cast<qsizetype>(o.offset))).size());
    }
    return out;
}

std::vector<std::pair<QString, std::vector<core::ColumnSpec>>> QueryRunner::schema() const {
    std::vector<std::pair<QString, std::vector<core::ColumnSpec>>> out;
    if (m_db) {
        for (const core::QueryDatabase::TableInfo& t : m_db->tables()) {
            const QString name = QString::fromStdString(t.table->name());
            out.emplace_back(t.schema == "main" ? name
                                                : QString::fromStdString(t.schema) + QLatin1Char('.') + name,
                             t.table->columns());
        }
        return out;
    }
    static const auto every = core::runTables(core::QueryRun{});
    for (const Side& s : m_sides)
        for (const auto& t : every) {
            const QString name = QString::fromStdString(t->name());
            out.emplace_back(s.schema == QLatin1String("main") ? name : s.schema + QLatin1Char('.') + name,
                             t->columns());
        }
    return out;
}

std::optional<uint32_t> QueryRunner::taskOf(const QString& schema, int64_t utid) const {
    for (size_t i = 0; i < m_sides.size() && i < m_taskIds.size(); ++i)
        if (m_sides[i].schema == schema && utid >= 1 && static_cast<size_t>(utid) <= m_taskIds[i].size())
            return m_taskIds[i][static_cast<size_t>(utid - 1)];
    return std::nullopt;
}

} // namespace ui
